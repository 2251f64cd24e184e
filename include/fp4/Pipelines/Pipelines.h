//===- Pipelines.h - fp4-mlir compilation pipelines -------------*- C++ -*-===//
//
// The pipelines as functions on any OpPassManager, so that fp4-opt, the C
// API and other compilers build exactly the same pass sequence.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_PIPELINES_PIPELINES_H
#define FP4_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
class OpPassManager;
namespace fp4 {

struct LowerToHsacoOptions : public PassPipelineOptions<LowerToHsacoOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("AMDGPU processor (gfx950)"),
      llvm::cl::init("gfx950")};
  PassOptions::Option<int64_t> mfma{
      *this, "mfma",
      llvm::cl::desc("force the MFMA shape: 16 (16x16x128) or 32 (32x32x64); "
                     "0 lets mxfp4-select-config choose"),
      llvm::cl::init(0)};
  PassOptions::Option<std::string> aQuantizer{
      *this, "a-quantizer",
      llvm::cl::desc("'hardware' (default: gfx950 scaled conversions) or "
                     "'exact' (integer sequence): how A's E2M1 codes are "
                     "computed in the kernel"),
      llvm::cl::init("hardware")};
  PassOptions::Option<bool> tunedConfigs{
      *this, "tuned-configs",
      llvm::cl::desc("let mxfp4-select-config use the tuned configurations "
                     "of the problem shapes (bench/tune_configs.py)"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level", llvm::cl::desc("LLVM optimization level (0-3)"),
      llvm::cl::init(3)};
  PassOptions::Option<std::string> dumpDir{
      *this, "dump-dir",
      llvm::cl::desc("also write each kernel's .hsaco and .ll here"),
      llvm::cl::init("")};
  PassOptions::Option<bool> embedDeviceIR{
      *this, "embed-device-ir",
      llvm::cl::desc("also store the device LLVM IR in each HSACO's "
                     ".fp4.device_ir section (what the emulator behind the "
                     "mgpu* wrappers runs)"),
      llvm::cl::init(true)};
};

/// mxfp4 GEMM functions -> host functions launching kernels whose gpu.binary
/// holds the gfx950 HSACO and the device LLVM IR. The passes check their
/// options when they run; checkLowerToHsacoOptions checks them up front.
void buildLowerToHsacoPipeline(OpPassManager &pm,
                               const LowerToHsacoOptions &options);

/// The stages of buildLowerToHsacoPipeline, for a compiler that runs its own
/// passes between them (examples/standalone-compiler does): the pipeline is
/// exactly
///   buildFormKernelsPipeline, buildMapKernelsToGpuPipeline,
///   convert-mxfp4-to-amdgpu, buildDeviceToHsacoPipeline.
/// Form kernels: select-config and the GEMM functions' description, then
/// kernel formation (docs/one-path.md); on tensors, each kernel an
/// scf.forall (mxfp4::isKernelLoop). What `--stop-after=tile-and-fuse` of
/// the example prints.
void buildFormKernelsPipeline(OpPassManager &pm,
                              const LowerToHsacoOptions &options);
/// Byte storage of fp4/E8M0, bufferization, and each kernel loop a
/// gpu.launch outlined into a gpu.module with the chip's ROCDL target; the
/// mxfp4 kernel ops are still there, on memrefs.
void buildMapKernelsToGpuPipeline(OpPassManager &pm,
                                  const LowerToHsacoOptions &options);
/// After the kernel ops are lowered (convert-mxfp4-to-amdgpu, or a
/// conversion of the caller's own with
/// populateMXFP4ToAMDGPUConversionPatterns): the device code to ROCDL and
/// each gpu.module to a gpu.binary of HSACO.
void buildDeviceToHsacoPipeline(OpPassManager &pm,
                                const LowerToHsacoOptions &options);

/// Checks the option values (chip gfx950, mfma 0/16/32, a-quantizer exact or
/// hardware, opt-level 0-3); the error says which is wrong. dump-dir is
/// checked when the pipeline runs, by fp4-serialize-to-hsaco.
llvm::Error checkLowerToHsacoOptions(const LowerToHsacoOptions &options);

/// Parses `text`, the options as written between the braces of
/// `fp4-lower-to-hsaco{...}` ("mfma=16 a-quantizer=exact"), into `options`,
/// then checks them (checkLowerToHsacoOptions). fp4-opt's registered
/// pipeline, the C API and Python all parse here, so an option added to
/// LowerToHsacoOptions is accepted on every surface, and a wrong one gets the
/// same message on each: an unknown option (the message lists the known
/// ones), a value of the wrong type, text that does not split into options,
/// a value the pipeline refuses. The message starts "fp4-lower-to-hsaco: ".
llvm::Error parseLowerToHsacoOptions(llvm::StringRef text,
                                     LowerToHsacoOptions &options);

/// Every option of `options` with its value, sorted by name, in the syntax
/// parseLowerToHsacoOptions reads ("a-quantizer=hardware chip=gfx950 ...").
std::string printLowerToHsacoOptions(const LowerToHsacoOptions &options);

/// One `name[=value]` of pipeline option text; `value` as written (quotes
/// and braces kept).
struct PipelineOption {
  std::string name, value;
  bool hasValue = false;
};

/// Splits option text at the spaces outside quotes and braces, as MLIR's
/// option parser does; the error names a missing closing quote or brace.
llvm::Expected<llvm::SmallVector<PipelineOption>>
splitPipelineOptions(llvm::StringRef text);

/// `value` as option text: unchanged when it needs no quoting, otherwise
/// in quotes (which the option parser removes).
std::string quotePipelineOptionValue(llvm::StringRef value);

/// Registers `fp4-lower-to-hsaco` for the command line; bad option values
/// make the pipeline fail to build, with checkLowerToHsacoOptions' message.
void registerFp4Pipelines();

} // namespace fp4
} // namespace mlir

#endif // FP4_PIPELINES_PIPELINES_H
