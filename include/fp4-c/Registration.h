/*===- fp4-c/Registration.h - register fp4-mlir with a context ----*- C -*-===*\
|*                                                                            *|
|* The C face of fp4/Registration/Registration.h.                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_REGISTRATION_H
#define FP4_C_REGISTRATION_H

#include "fp4-c/Support.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Inserts the mxfp4 dialect and every upstream dialect that fp4-mlir
/// pipelines produce or consume (with their interfaces and LLVM IR
/// translations) into `registry`.
FP4_CAPI_EXPORTED void fp4RegisterDialects(MlirDialectRegistry registry);

/// Registers the fp4-mlir passes, the `fp4-lower-to-hsaco` pipeline and the
/// upstream passes it is built from in the global registry, so that
/// mlirParsePassPipeline understands them. Safe to call more than once.
FP4_CAPI_EXPORTED void fp4RegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_REGISTRATION_H */
