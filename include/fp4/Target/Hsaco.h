//===- Hsaco.h - gpu.module to HSACO, in process ------------------*- C++
//-*-===//
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

/// Translates, optimizes, compiles and links `module`.
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
