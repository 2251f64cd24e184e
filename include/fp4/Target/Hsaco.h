//===- Hsaco.h - gpu.module to HSACO, in process ----------------*- C++ -*-===//
//
// Compiles a gpu.module in the LLVM/ROCDL dialects to an AMDGPU HSA code
// object with LLVM's AMDGPU backend and an in-process lld, so that no ROCm
// installation is needed.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_TARGET_HSACO_H
#define FP4_TARGET_HSACO_H

#include "mlir/Pass/Pass.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace mlir {
namespace gpu {
class GPUModuleOp;
} // namespace gpu
namespace fp4 {

struct HsacoOptions {
  std::string chip = "gfx950";
  unsigned optLevel = 3;
};

struct HsacoResult {
  /// The linked code object (ELF).
  std::string hsaco;
  /// The optimized LLVM IR that the backend compiled, as text.
  std::string deviceIR;
};

/// Checks `options` without compiling anything: the opt level is 0 to 3
/// and the chip an AMDGPU processor LLVM knows.
llvm::Error checkHsacoOptions(const HsacoOptions &options);

/// Translates, optimizes, compiles and links `module`. An error the backend
/// reports, an LLVM fatal error (such as an instruction the chip lacks) or
/// a crash inside the optimizer or the backend is returned as an error of
/// this call. For the fatal errors, the first call installs an LLVM
/// fatal-error handler (llvm::install_fatal_error_handler, process-wide;
/// outside a compilation it prints LLVM's usual message) and enables LLVM's
/// crash recovery (llvm::CrashRecoveryContext::Enable, which installs signal
/// handlers).
llvm::Expected<HsacoResult> serializeToHsaco(gpu::GPUModuleOp module,
                                             const HsacoOptions &options);

/// Links AMDGPU object files into a shared HSA code object with lld, in
/// process.
llvm::Expected<std::string> linkHsaco(llvm::StringRef objectFile);

#define GEN_PASS_DECL
#include "fp4/Target/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fp4/Target/Passes.h.inc"

} // namespace fp4
} // namespace mlir

#endif // FP4_TARGET_HSACO_H
