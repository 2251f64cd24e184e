/*===- fp4-c/Dialect/MXFP4.h - mxfp4 dialect C API ----------------*- C -*-===*\
|*                                                                            *|
|* The dialect handle of `mxfp4`, for mlirDialectHandleRegisterDialect and    *|
|* mlirDialectHandleInsertDialect.                                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_DIALECT_MXFP4_H
#define FP4_C_DIALECT_MXFP4_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// mlirGetDialectHandle__mxfp4__()
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(MXFP4, mxfp4);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_DIALECT_MXFP4_H */
