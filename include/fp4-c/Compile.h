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

/// The options of `fp4-lower-to-hsaco`, held as option text and parsed by
/// the pipeline's own option parser (mlir::fp4::parseLowerToHsacoOptions,
/// the one fp4-opt uses): every option of the pipeline (chip, mfma,
/// a-quantizer, tuned-configs, opt-level, dump-dir, embed-device-ir, and any
/// added later) is set by its name, with the same values and the same error
/// messages as `fp4-opt --fp4-lower-to-hsaco="..."`. Also holds per-GEMM
/// configuration overrides. A handle with a null pointer stands for the
/// defaults wherever options are taken.
FP4_DEFINE_C_API_STRUCT(Fp4CompileOptions, void);

/// The pipeline's defaults (chip=gfx950 mfma=0 a-quantizer=hardware ...), no
/// overrides. Release with fp4CompileOptionsDestroy.
FP4_CAPI_EXPORTED Fp4CompileOptions fp4CompileOptionsCreate(void);

FP4_CAPI_EXPORTED void fp4CompileOptionsDestroy(Fp4CompileOptions options);

/// Sets the options in `text`, written as between the braces of
/// `fp4-lower-to-hsaco{...}` ("mfma=16 a-quantizer=exact"), over those set
/// before. An unknown option, a value of the wrong type or one the pipeline
/// refuses is an error status ("fp4-lower-to-hsaco: ...") and changes
/// nothing.
FP4_CAPI_EXPORTED Fp4Status fp4CompileOptionsParse(Fp4CompileOptions options,
                                                   MlirStringRef text);

/// Sets option `name` ("a-quantizer") to `value` ("exact"), the value as
/// plain text (quoted here when it needs it). Errors as fp4CompileOptionsParse.
FP4_CAPI_EXPORTED Fp4Status fp4CompileOptionsSet(Fp4CompileOptions options,
                                                 MlirStringRef name,
                                                 MlirStringRef value);

/// Every option with its current value, sorted by name, in the syntax
/// fp4CompileOptionsParse takes ("a-quantizer=hardware chip=gfx950 ..."),
/// passed to `callback` in one or more pieces.
FP4_CAPI_EXPORTED void fp4CompileOptionsPrint(Fp4CompileOptions options,
                                              MlirStringCallback callback,
                                              void *userData);

/// Gives the GEMMs that `gemm` names the kernel configuration `config`
/// (`#mxfp4.config<mfma = 16, waves_m = 1, ...>`; the `#mxfp4.config` may be
/// left out). The GEMMs are the mxfp4 ops with a `config` attribute
/// (scaled_matmul), in the order a walk of the module meets them; `gemm` is
/// an index into that order ("0", "1", ...) or a location: the name of a
/// `loc("name")`, or `line:col` / `file:line:col` of the op (the file of
/// text given to fp4CompileToHsaco is "module"). Before the pipeline runs,
/// each named GEMM's `config` attribute is set to `config`, replacing any it
/// had; mxfp4-select-config keeps it and checks it (LDS, registers, the
/// work-group size), so a configuration the chip cannot run is an error
/// located at the GEMM. Here only the text is checked: a `config` that does
/// not parse as a #mxfp4.config is an error status. A second override for
/// the same `gemm` replaces the first.
FP4_CAPI_EXPORTED Fp4Status fp4CompileOptionsSetGemmConfig(
    Fp4CompileOptions options, MlirStringRef gemm, MlirStringRef config);

/// Appends the `fp4-lower-to-hsaco` pipeline with `options` to `pm`, which
/// must be anchored on builtin.module or on any op (as mlirPassManagerCreate's
/// is); with GEMM configuration overrides, a first pass sets them (and fails,
/// with a diagnostic, when a `gemm` names no GEMM of the module). An error
/// status when the anchor is wrong; nothing is added then. After
/// mlirPassManagerRunOnOp, fp4CompileResultCreateFromModule gives the same
/// introspection as fp4CompileToHsaco.
FP4_CAPI_EXPORTED Fp4Status
fp4AddLowerToHsacoPipeline(MlirOpPassManager pm, Fp4CompileOptions options);

/// What fp4CompileToHsaco produced (or fp4CompileResultCreateFrom...
/// found); owns every string and byte it hands out.
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

/// Parses `moduleText`, runs `fp4-lower-to-hsaco` with `options` (a null
/// handle: the defaults) on it and fills `*result` (always, even on failure:
/// the diagnostics are there). Succeeds when the module parsed, verified and
/// compiled.
FP4_CAPI_EXPORTED MlirLogicalResult fp4CompileToHsaco(MlirStringRef moduleText,
                                                      Fp4CompileOptions options,
                                                      Fp4CompileResult *result);

/// The introspection of a module compiled elsewhere (the caller's own pass
/// manager, fp4-opt): fills `*result` from `module`, a builtin.module, which
/// is only read. Fails, with the reason in the diagnostics, when `module` is
/// not a builtin.module or is not compiled (it still holds mxfp4 ops or
/// gpu.module ops).
FP4_CAPI_EXPORTED MlirLogicalResult fp4CompileResultCreateFromModule(
    MlirOperation module, Fp4CompileResult *result);

/// The same from the text of a compiled module, parsed in a fresh context.
FP4_CAPI_EXPORTED MlirLogicalResult fp4CompileResultCreateFromText(
    MlirStringRef compiledText, Fp4CompileResult *result);

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

/// The options the module was compiled with, as fp4CompileOptionsPrint
/// writes them; empty for a result made from a module compiled elsewhere.
FP4_CAPI_EXPORTED MlirStringRef
fp4CompileResultGetOptions(Fp4CompileResult result);

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
