//===- LowerTileLoops.h - work-group loops to kernel launches ---*- C++ -*-===//

#ifndef FP4_LIB_CONVERSION_MXFP4TOAMDGPU_LOWERTILELOOPS_H
#define FP4_LIB_CONVERSION_MXFP4TOAMDGPU_LOWERTILELOOPS_H

#include "GemmKernel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::fp4 {

/// Replaces a work-group loop made by mxfp4-tile-and-fuse (an scf.forall
/// mapped to GPU blocks around one scaled_matmul tile) by a kernel in its
/// own gpu.module and its launch. Emits a diagnostic and fails on a loop
/// body it cannot fuse into one kernel.
LogicalResult lowerTileLoop(scf::ForallOp loop, StringRef chip,
                            QuantizeMethod method, unsigned kernelIndex);

/// Replaces a loop of mxfp4-tile-and-fuse around a lone quantize or
/// dequantize (rows of a 2-D tensor per work-group) by a kernel and its
/// launch (QuantizeKernels.cpp).
LogicalResult lowerBlockLoop(scf::ForallOp loop, StringRef chip,
                             QuantizeMethod method, unsigned kernelIndex);

} // namespace mlir::fp4

#endif // FP4_LIB_CONVERSION_MXFP4TOAMDGPU_LOWERTILELOOPS_H
