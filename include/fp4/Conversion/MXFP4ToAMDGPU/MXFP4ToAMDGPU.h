//===- MXFP4ToAMDGPU.h - mxfp4 kernel ops to gfx950 code --------*- C++ -*-===//
//
// The conversion of the mxfp4 kernel ops (fused_matmul, block_quantize,
// block_dequantize) on memrefs inside GPU kernels to amdgpu/gpu/vector/
// scf/arith code for gfx950, as patterns an embedder can add to its own
// conversion (convert-mxfp4-to-amdgpu is a thin driver over them).
//
//===----------------------------------------------------------------------===//

#ifndef FP4_CONVERSION_MXFP4TOAMDGPU_MXFP4TOAMDGPU_H
#define FP4_CONVERSION_MXFP4TOAMDGPU_MXFP4TOAMDGPU_H

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Error.h"

namespace mlir::fp4 {

/// The A quantizer's module attribute (mxfp4::kAQuantizerAttr, recorded
/// by mxfp4-select-config); the patterns read it from the nearest enclosing
/// op that has it, "hardware" where none has.
using mxfp4::kAQuantizerAttr;

/// Adds the patterns that lower each mxfp4 kernel op on memrefs inside a
/// gpu.func kernel for `chipset` (only "gfx950" is supported: checked by
/// checkChipset). An op the patterns cannot lower is left in place; the
/// reason is whyKernelOpUnsupported's.
void populateMXFP4ToAMDGPUConversionPatterns(RewritePatternSet &patterns,
                                             StringRef chipset);

/// Fails unless the patterns support `chipset`.
llvm::Error checkChipset(StringRef chipset);

/// Why `op` (a kernel op) cannot be lowered where it is, or "".
std::string whyKernelOpUnsupported(Operation *op);

} // namespace mlir::fp4

#endif // FP4_CONVERSION_MXFP4TOAMDGPU_MXFP4TOAMDGPU_H
