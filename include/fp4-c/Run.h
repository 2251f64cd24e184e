/*===- fp4-c/Run.h - run a compiled module, one call --------------*- C -*-===*\
|*                                                                            *|
|* fp4-run as a function: runs an entry function of a module compiled by      *|
|* fp4CompileToHsaco, on HIP or the emulator: a GEMM with generated or given  *|
|* inputs, checked against the reference library, or any function through    *|
|* the JIT with .npy inputs and outputs.                                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_RUN_H
#define FP4_C_RUN_H

#include "fp4-c/Runtime.h"
#include "fp4-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How generated inputs look (fp4-run --data).
enum Fp4InputData {
  /// bf16 N(0,1), like the reference problem.
  FP4_DATA_RANDN = 0,
  /// N(0,1) scaled differently per row and K block.
  FP4_DATA_BLOCKED = 1,
  /// Rows of rounding and scale-range edge cases (fp4-run --data edge).
  FP4_DATA_EDGE = 2,
  /// Edge plus NaN, +Inf and -Inf blocks in some rows of A and columns of B
  /// (fp4-run --data nonfinite).
  FP4_DATA_NONFINITE = 3,
};
typedef enum Fp4InputData Fp4InputData;

struct Fp4RunOptions {
  Fp4DeviceOptions device;
  /// The function to run; empty: the only one that launches kernels.
  MlirStringRef entry;
  uint64_t seed;
  Fp4InputData data;
  /// Compare C with the reference (|out-ref| <= 0.01 + 0.01|ref|).
  bool check;
  unsigned repeat;
  /// When not empty: write C there as .npy.
  MlirStringRef outputFile;
  /// When not empty: write the inputs there, one ROLE.npy each.
  MlirStringRef inputsDir;
  /// Inputs taken from .npy files: inputRoles[i] ("a", "a_scales", "b",
  /// "b_scales") is read from inputFiles[i].
  intptr_t numInputFiles;
  const MlirStringRef *inputRoles;
  const MlirStringRef *inputFiles;
};
typedef struct Fp4RunOptions Fp4RunOptions;

/// fp4-run's defaults: auto device, seed 1, randn data, no check, 1 repeat.
FP4_CAPI_EXPORTED Fp4RunOptions fp4RunOptionsGetDefault(void);

FP4_DEFINE_C_API_STRUCT(Fp4RunResult, void);

/// Parses `moduleText` and runs it with `options`, filling `*result` (always).
/// Fails when the module cannot be parsed or run (the reason is in
/// fp4RunResultGetError); a run whose check finds mismatches succeeds, with
/// fp4RunResultPassed false.
FP4_CAPI_EXPORTED MlirLogicalResult fp4RunModule(MlirStringRef moduleText,
                                                 Fp4RunOptions options,
                                                 Fp4RunResult *result);

/// fp4RunModule, and: with `jit`, a GEMM function runs through the JIT and
/// the mgpu* runtime wrappers instead of the host interpreter (functions
/// without `fp4.gemm` always do); for those other functions, output
/// `outputNames[i]` ("N": argument N after the run, "rN": result N) is
/// written to the .npy file `outputFiles[i]`, and `inputRoles` are argument
/// numbers ("0", "1", ...) or `fp4.arg` roles.
FP4_CAPI_EXPORTED MlirLogicalResult fp4RunModuleWithOutputs(
    MlirStringRef moduleText, Fp4RunOptions options, bool jit,
    intptr_t numOutputFiles, const MlirStringRef *outputNames,
    const MlirStringRef *outputFiles, Fp4RunResult *result);

FP4_CAPI_EXPORTED void fp4RunResultDestroy(Fp4RunResult result);

/// The kernel launches of the run's last call of the entry function, in
/// order: kernel name, grid and block, and time (HIP event time on a GPU;
/// host time and instruction counts on the emulator).
FP4_CAPI_EXPORTED intptr_t fp4RunResultGetNumLaunches(Fp4RunResult result);
FP4_CAPI_EXPORTED MlirStringRef fp4RunResultGetLaunchKernel(Fp4RunResult result,
                                                            intptr_t index);
FP4_CAPI_EXPORTED Fp4LaunchConfig
fp4RunResultGetLaunchConfig(Fp4RunResult result, intptr_t index);
FP4_CAPI_EXPORTED Fp4LaunchTiming
fp4RunResultGetLaunchTiming(Fp4RunResult result, intptr_t index);

/// Whether C was checked, and whether every element passed.
FP4_CAPI_EXPORTED bool fp4RunResultChecked(Fp4RunResult result);
FP4_CAPI_EXPORTED bool fp4RunResultPassed(Fp4RunResult result);
FP4_CAPI_EXPORTED int64_t fp4RunResultGetMismatches(Fp4RunResult result);
FP4_CAPI_EXPORTED double fp4RunResultGetWorstAbsError(Fp4RunResult result);

/// What fp4-run prints: the device, each launch, the check.
FP4_CAPI_EXPORTED MlirStringRef fp4RunResultGetLog(Fp4RunResult result);

/// Why the run failed; empty when it ran.
FP4_CAPI_EXPORTED MlirStringRef fp4RunResultGetError(Fp4RunResult result);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_RUN_H */
