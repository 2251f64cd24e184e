//===- Transforms.h - the generic kernel formation as functions -*- C++ -*-===//
//
// fp4-form-generic-kernels on one op, for a compiler that forms its own
// kernels around ours (see fp4/Dialect/MXFP4/Transforms/Transforms.h for
// the GEMM kernels). unittests/Transforms tests it outside the pass.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_TRANSFORMS_TRANSFORMS_H
#define FP4_TRANSFORMS_TRANSFORMS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::fp4 {

/// Whether the generic path makes `op` a kernel: destination style,
/// tileable (TilingInterface), on ranked tensors, producing something, and
/// not already inside a kernel.
bool isGenericKernelCandidate(Operation *op);

/// `op` (isGenericKernelCandidate) as a kernel loop: a block-mapped
/// scf.forall of 64 x 4 work-item tiles of its innermost parallel
/// dimensions, each tiled again into one work-item per element, which
/// loops over the reduction dimensions itself (a full reduction: one
/// work-item). Returns the loop, which carries fp4.workgroup_size.
FailureOr<scf::ForallOp> formGenericKernel(RewriterBase &rewriter,
                                           Operation *op);

} // namespace mlir::fp4

#endif // FP4_TRANSFORMS_TRANSFORMS_H
