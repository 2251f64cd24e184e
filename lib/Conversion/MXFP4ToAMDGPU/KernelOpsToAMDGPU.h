//===- KernelOpsToAMDGPU.h - kernel op lowering internals -------*- C++ -*-===//

#ifndef FP4_LIB_CONVERSION_MXFP4TOAMDGPU_KERNELOPSTOAMDGPU_H
#define FP4_LIB_CONVERSION_MXFP4TOAMDGPU_KERNELOPSTOAMDGPU_H

#include "GemmTile.h"
#include "fp4/Conversion/MXFP4ToAMDGPU/MXFP4ToAMDGPU.h"

namespace mlir::fp4 {

/// The A quantizer recorded on `op`'s nearest ancestor (kAQuantizerAttr),
/// hardware when none records one.
QuantizeMethod getQuantizeMethod(Operation *op);

/// The lowering of workgroup_moe_align, the routing kernel (MoeAlign.cpp).
void populateMoeAlignLoweringPatterns(RewritePatternSet &patterns);

/// The tile description of `op` (on memrefs, inside a kernel).
GemmTileSpec getGemmTileSpec(mxfp4::FusedMatmulOp op, QuantizeMethod method);

} // namespace mlir::fp4

#endif // FP4_LIB_CONVERSION_MXFP4TOAMDGPU_KERNELOPSTOAMDGPU_H
