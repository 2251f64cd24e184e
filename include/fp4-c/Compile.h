/*===- fp4-c/Compile.h - compile mxfp4 modules to HSACO -----------*- C -*-===*\
|*                                                                            *|
|* Runs the `fp4-lower-to-hsaco` pipeline (the same sequence fp4-opt runs,    *|
|* built by mlir::fp4::buildLowerToHsacoPipeline) on module text, and hands   *|
|* back everything it produced: the compiled module, each gpu.binary's HSACO  *|
|* and device LLVM IR, the kernel launches of the host functions, and the     *|
|* diagnostics. Errors are reported as text and a failure result, never by    *|
|* aborting the process.                                                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_COMPILE_H
#define FP4_C_COMPILE_H

#include "fp4-c/Support.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Options of `fp4-lower-to-hsaco` (see include/fp4/Pipelines/Pipelines.h).
struct Fp4CompileOptions {
  /// AMDGPU processor; the only supported one is "gfx950".
  MlirStringRef chip;
  /// Forces the MFMA shape: 16 (16x16x128) or 32 (32x32x64); 0 lets
  /// mxfp4-select-config choose.
  int64_t mfma;
  /// LLVM optimization level, 0 to 3.
  unsigned optLevel;
  /// When not empty, each kernel's .hsaco and .ll are also written there.
  MlirStringRef dumpDir;
};
typedef struct Fp4CompileOptions Fp4CompileOptions;

/// chip "gfx950", mfma 0, optLevel 3, no dump directory.
FP4_CAPI_EXPORTED Fp4CompileOptions fp4CompileOptionsGetDefault(void);

/// Appends the `fp4-lower-to-hsaco` pipeline to `pm`, which must be anchored
/// on builtin.module or on any op (as mlirPassManagerCreate's is). The options
/// are checked here: a bad chip, MFMA shape or optimization level is an
/// error status and nothing is added.
FP4_CAPI_EXPORTED Fp4Status
fp4AddLowerToHsacoPipeline(MlirOpPassManager pm, Fp4CompileOptions options);

/// What fp4CompileToHsaco produced; owns every string and byte it hands out.
FP4_DEFINE_C_API_STRUCT(Fp4CompileResult, void);

/// One gpu.binary of the compiled module.
struct Fp4Binary {
  /// The symbol name of the gpu.binary (the gpu.module it came from).
  MlirStringRef name;
  /// The linked HSA code object (ELF); see fp4-c/Runtime.h to read it.
  const uint8_t *hsacoData;
  size_t hsacoSize;
  /// The optimized LLVM IR the AMDGPU backend compiled into the HSACO (what
  /// the CPU emulator runs).
  MlirStringRef deviceIR;
};
typedef struct Fp4Binary Fp4Binary;

/// One gpu.launch_func of a host function, with its constant launch sizes.
struct Fp4LaunchInfo {
  /// The host function holding the launch.
  MlirStringRef function;
  /// The gpu.binary and the kernel inside it.
  MlirStringRef binary;
  MlirStringRef kernel;
  uint32_t grid[3];
  uint32_t block[3];
  /// Kernel operands, in kernel argument order.
  intptr_t numOperands;
};
typedef struct Fp4LaunchInfo Fp4LaunchInfo;

/// Parses `moduleText`, runs `fp4-lower-to-hsaco` with `options` on it and
/// fills `*result` (always, even on failure: the diagnostics are there).
/// Succeeds when the module parsed, verified and compiled.
FP4_CAPI_EXPORTED MlirLogicalResult fp4CompileToHsaco(MlirStringRef moduleText,
                                                      Fp4CompileOptions options,
                                                      Fp4CompileResult *result);

FP4_CAPI_EXPORTED void fp4CompileResultDestroy(Fp4CompileResult result);

/// Whether the compilation succeeded.
FP4_CAPI_EXPORTED bool fp4CompileResultSucceeded(Fp4CompileResult result);

/// The compiled module as text (host functions + gpu.binary ops), ready for
/// fp4RunModule or fp4-run; empty when compilation failed.
FP4_CAPI_EXPORTED MlirStringRef
fp4CompileResultGetModule(Fp4CompileResult result);

/// Every diagnostic emitted while parsing and compiling, one per line
/// ("<location>: error: <message>", notes indented), empty when none.
FP4_CAPI_EXPORTED MlirStringRef
fp4CompileResultGetDiagnostics(Fp4CompileResult result);

FP4_CAPI_EXPORTED intptr_t
fp4CompileResultGetNumBinaries(Fp4CompileResult result);

/// Binary `pos` (0 <= pos < fp4CompileResultGetNumBinaries), in module order.
FP4_CAPI_EXPORTED Fp4Binary fp4CompileResultGetBinary(Fp4CompileResult result,
                                                      intptr_t pos);

FP4_CAPI_EXPORTED intptr_t
fp4CompileResultGetNumLaunches(Fp4CompileResult result);

/// Launch `pos`, in the order the host functions run them.
FP4_CAPI_EXPORTED Fp4LaunchInfo
fp4CompileResultGetLaunch(Fp4CompileResult result, intptr_t pos);

/// The host function argument that operand `operand` of launch `launch`
/// refers to (directly or through views such as memref.collapse_shape), or
/// -1 when it is computed otherwise.
FP4_CAPI_EXPORTED intptr_t fp4CompileResultGetLaunchOperandArgument(
    Fp4CompileResult result, intptr_t launch, intptr_t operand);

/// One argument of a host function.
struct Fp4ArgumentInfo {
  /// Its role in the problem, from the `fp4.arg` attribute the lowering puts
  /// there ("a", "a_scales", "b", "b_scales", "c"); empty when absent.
  MlirStringRef role;
  /// Its size in bytes (a static memref), -1 otherwise.
  int64_t bytes;
};
typedef struct Fp4ArgumentInfo Fp4ArgumentInfo;

/// The number of arguments of host function `function`, -1 when the
/// compiled module has no function of that name.
FP4_CAPI_EXPORTED intptr_t fp4CompileResultGetNumArguments(
    Fp4CompileResult result, MlirStringRef function);

/// Argument `pos` of host function `function` (0 <= pos < the count above).
FP4_CAPI_EXPORTED Fp4ArgumentInfo fp4CompileResultGetArgument(
    Fp4CompileResult result, MlirStringRef function, intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_COMPILE_H */
