//===- Transforms.h - the mxfp4 transformations as functions ----*- C++ -*-===//
//
// What the mxfp4 passes do, as functions on a given op, the way upstream
// exports its transformations (scf::tileConsumerAndFuseProducersUsingSCF,
// linalg::fuseElementwiseOps): a compiler that embeds fp4-mlir calls them
// from its own passes, on the GEMMs it chooses, between its own rewrites.
// Each pass is a walk that calls these, so a function and its pass cannot
// drift apart. examples/standalone-compiler uses them all;
// unittests/Transforms tests each outside any pass.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_DIALECT_MXFP4_TRANSFORMS_TRANSFORMS_H
#define FP4_DIALECT_MXFP4_TRANSFORMS_TRANSFORMS_H

#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

namespace mlir::fp4::mxfp4 {

/// Inserts the dialects whose ops the functions below create (mxfp4,
/// affine, arith, gpu, linalg, scf, tensor): a pass that calls them adds
/// these in its getDependentDialects, as the mxfp4 passes do, so that they
/// are loaded before it runs.
void getTransformsDependentDialects(DialectRegistry &registry);

/// mxfp4-select-config on one GEMM: gives `op` the configuration the pass
/// would (when it has none; m_specializations too, for an M known only at
/// run time), then checks it, and any configuration set by hand, against
/// the chip's limits. `options` are the pass's own (chip, mfma,
/// a-quantizer, split-k, tuned-configs, specialize-dynamic-m). Errors are
/// emitted on `op`; a bad option is reported on `op` too.
LogicalResult selectConfig(ScaledMatmulOp op,
                           const SelectConfigOptions &options = {});

/// mxfp4-fuse-into-matmul around one GEMM: `root` becomes a fused_matmul
/// with what fuses well around it (A's quantize and its elementwise
/// producers, the elementwise consumers of C, the quantize of C, another
/// GEMM on the same A). Only `root`, the ops it reads from up to the next
/// GEMM, and the ops that read it up to the next GEMM are rewritten; the
/// other GEMMs of the function are left as they are. Returns the
/// fused_matmuls that now compute `root` (more than one where a batch or
/// output slices split it). Notifies `rewriter`'s listener of every change.
FailureOr<SmallVector<FusedMatmulOp>> fuseIntoMatmul(RewriterBase &rewriter,
                                                     ScaledMatmulOp root);

/// mxfp4-form-kernels on one op: a fused_matmul with a configuration (one
/// kernel per m_specialization, chosen on the host by M), a block_quantize
/// or a block_dequantize, on tensors and outside any kernel, becomes a
/// kernel loop (isKernelLoop): an scf.forall over work-groups, tiled with
/// upstream TilingInterface tiling. Returns the loops, in the order the
/// host chooses among them.
FailureOr<SmallVector<scf::ForallOp>> formKernel(RewriterBase &rewriter,
                                                 Operation *op);

/// mxfp4-form-kernels on `root` (a function or any op holding one): every
/// scaled_matmul becomes a fused_matmul, every quantize and dequantize no
/// GEMM took a block op, and each of them a kernel loop (formKernel).
LogicalResult formKernels(RewriterBase &rewriter, Operation *root);

/// One GEMM from tensors to its kernels, as the pipeline's first stage
/// makes it: selectConfig, fuseIntoMatmul, then formKernel on each
/// fused_matmul. Returns the kernel loops; the fused_matmul inside each is
/// what one work-group computes.
FailureOr<SmallVector<scf::ForallOp>>
tileAndFuseGemm(RewriterBase &rewriter, ScaledMatmulOp root,
                const SelectConfigOptions &options = {});

} // namespace mlir::fp4::mxfp4

#endif // FP4_DIALECT_MXFP4_TRANSFORMS_TRANSFORMS_H
