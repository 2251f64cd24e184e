/*===- fp4-c/Support.h - fp4-mlir C API status and handles --------*- C -*-===*\
|*                                                                            *|
|* What every fp4-mlir C API header shares: the export macro and Fp4Status,   *|
|* the error value of functions whose failures carry a message.               *|
|*                                                                            *|
|* Conventions, as in MLIR's C API: handles are structs holding one pointer,  *|
|* strings are MlirStringRef (not null-terminated), objects returned through  *|
|* an out-parameter of a `...Create`/`...Open`/`...Read` function are owned   *|
|* by the caller and released with the matching `...Destroy`; anything        *|
|* returned by a getter is borrowed from the object it came from and lives as *|
|* long as that object.                                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_SUPPORT_H
#define FP4_C_SUPPORT_H

#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Marks the functions libFP4CAPI.so exports (everything else is hidden).
#define FP4_CAPI_EXPORTED MLIR_CAPI_EXPORTED

#ifdef __cplusplus
extern "C" {
#endif

/// Declares an opaque handle type, like MLIR's DEFINE_C_API_STRUCT.
#define FP4_DEFINE_C_API_STRUCT(name, storage)                                 \
  struct name {                                                                \
    storage *ptr;                                                              \
  };                                                                           \
  typedef struct name name

/// The outcome of a call that can fail with a message: a null `ptr` is
/// success; anything else is a failure that owns its message and must be
/// released with fp4StatusDestroy.
FP4_DEFINE_C_API_STRUCT(Fp4Status, void);

/// True when `status` is a success.
static inline bool fp4StatusIsOk(Fp4Status status) { return !status.ptr; }

/// The failure message (lower case, no trailing period); empty on success.
/// Valid until fp4StatusDestroy.
FP4_CAPI_EXPORTED MlirStringRef fp4StatusGetMessage(Fp4Status status);

/// Releases a failure; does nothing for a success.
FP4_CAPI_EXPORTED void fp4StatusDestroy(Fp4Status status);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_SUPPORT_H */
