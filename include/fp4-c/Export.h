/*===- fp4-c/Export.h - GPU MODE submission export ----------------*- C -*-===*\
|*                                                                            *|
|* The C face of fp4/Export/GpuMode.h: the text of a GPU MODE amd-mxfp4-mm    *|
|* submission.py, and the version of fp4-mlir.                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_EXPORT_H
#define FP4_C_EXPORT_H

#include "fp4-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// fp4-mlir's version, "MAJOR.MINOR.PATCH" (static storage).
FP4_CAPI_EXPORTED MlirStringRef fp4GetVersion(void);

/// Compiles the problem's shapes (when `problemShapes`) and the `numShapes`
/// shapes at `shapes` (M, N, K triples) with the default pipeline and passes
/// the text of submission.py to `callback` (possibly in pieces). Fails, with
/// the reason and without calling `callback`, on a shape the pipeline
/// refuses, on a compile failure, or when the text would exceed `sizeLimit`
/// bytes (0: GPU MODE's 1000000).
FP4_CAPI_EXPORTED Fp4Status fp4ExportGpuMode(
    const int64_t *shapes, intptr_t numShapes, bool problemShapes,
    uint64_t sizeLimit, MlirStringCallback callback, void *userData);

/// The same for the moe-mxfp4 problem: its nine configurations (when
/// `problemConfigs`) and the `numConfigs` at `configs`, each five numbers
/// (tokens, experts, d_hidden, d_expert, top-k; experts and top-k count
/// the shared expert), each the layer fp4-gen moe prints.
FP4_CAPI_EXPORTED Fp4Status fp4ExportGpuModeMoe(
    const int64_t *configs, intptr_t numConfigs, bool problemConfigs,
    uint64_t sizeLimit, MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_EXPORT_H */
