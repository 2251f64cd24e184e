//===- Passes.h - mxfp4 transformation passes -------------------*- C++ -*-===//

#ifndef FP4_DIALECT_MXFP4_TRANSFORMS_PASSES_H
#define FP4_DIALECT_MXFP4_TRANSFORMS_PASSES_H

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/Error.h"

namespace mlir::fp4::mxfp4 {

/// The chip limits a configuration must respect.
struct ChipLimits {
  int64_t ldsBytes;         // LDS per work-group
  int64_t vgprsPerLane;     // arch VGPRs + AGPRs
  int64_t maxWorkgroupSize; // work-items
};

/// Limits of `chip`, or the error every entry point reports for a chip the
/// compiler does not target.
llvm::Expected<ChipLimits> getChipLimits(StringRef chip);

/// The option checks mxfp4-select-config, convert-mxfp4-to-amdgpu and the
/// fp4-lower-to-hsaco pipeline share: `a-quantizer` is exact or hardware,
/// `mfma` 0 (choose), 16 or 32.
llvm::Error checkAQuantizerOption(StringRef aQuantizer);
llvm::Error checkMfmaOption(int64_t mfma);

/// The configuration `mxfp4-select-config` picks for an M x N x K GEMM: the
/// candidate with the fewest modeled cycles (docs/design.md). The exact
/// quantizer costs far more VALU per A tile than the hardware one, which
/// moves the best choice. Null when M, N or K is not positive or
/// `forcedMfma` is not 0, 16 or 32.
GemmConfigAttr selectGemmConfig(MLIRContext *ctx, int64_t m, int64_t n,
                                int64_t k, int64_t forcedMfma = 0,
                                bool exactQuantizer = true);

/// LDS a GEMM kernel with `config` takes (GemmTile.cpp's buffers): the
/// accumulators of the waves with waves_k != 0 for each of `numB` Bs, the
/// f32 tile staged for a fused output quantize, split-K's arrival word.
int64_t getGemmLdsBytes(GemmConfigAttr config, unsigned numB,
                        bool quantizesOutput);

/// Checks `config` for an M x N x K GEMM on a chip; emits on `op`.
/// `boundedM`: the config is an m_specialization's, for an M known only at
/// run time but at most its max_m (split-K may size its workspace by it).
LogicalResult verifyGemmConfig(Operation *op, GemmConfigAttr config,
                               const ChipLimits &limits, bool boundedM = false);

/// True for a GEMM function in the problem form: one block whose body is
/// [mxfp4.quantize of A] + mxfp4.scaled_matmul + func.return of its result,
/// on static shapes: what fp4-gen prints and fp4-describe-gemms describes
/// (the problem ABI fp4-run checks against the reference).
bool isGemmFunction(Operation *func);

/// The patterns of mxfp4-fuse-into-matmul: scaled_matmul (and A's
/// quantize) -> fused_matmul, then its elementwise producers of A, consumers
/// of C, the quantize of C and a second GEMM on the same A fused into it.
void populateFuseIntoMatmulPatterns(RewritePatternSet &patterns);

/// The pattern of mxfp4-raise-mx-ops: an f32 contraction
/// with B transposed of two arith.scaling_extf-dequantized fp4 operands ->
/// scaled_matmul.
void populateRaiseMXOpsPatterns(RewritePatternSet &patterns);

/// Only the rewrite of scaled_matmul (and A's quantize, a batch sharing B
/// flattened first, an accumulator split off as an elementwise add) into
/// fused_matmul, without fusing anything else.
void populateScaledMatmulToFusedPatterns(RewritePatternSet &patterns);

/// The attribute that makes an scf.forall a kernel: the work-items of one
/// iteration (x, y, z), one iteration per work-group.
inline constexpr StringLiteral kWorkgroupSizeAttr = "fp4.workgroup_size";
/// On a kernel loop: each iteration is computed by this many work-groups
/// (along the grid's z), which the op inside tells apart by their z id
/// (split-K).
inline constexpr StringLiteral kWorkgroupsPerIterationAttr =
    "fp4.workgroups_per_iteration";

/// An scf.forall that mxfp4-form-kernels (or the generic kernel formation)
/// made a kernel: it carries kWorkgroupSizeAttr.
bool isKernelLoop(Operation *op);

/// Tiles `op` by `tileSizes` (0: not tiled) into one scf.forall mapped to
/// `mapping` (one attribute per tiled loop, in loop order) with upstream
/// TilingInterface tiling, and replaces its results; returns the loop and
/// the tiled op. Kernel formation, GEMM and generic, is built on it.
FailureOr<std::pair<scf::ForallOp, Operation *>>
tileToMappedForall(RewriterBase &rewriter, TilingInterface op,
                   ArrayRef<int64_t> tileSizes, ArrayRef<Attribute> mapping);

/// The M (or N) a configuration is chosen for when the size is dynamic.
constexpr int64_t kDynamicSizeHint = 64;

#define GEN_PASS_DECL
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"

} // namespace mlir::fp4::mxfp4

#endif // FP4_DIALECT_MXFP4_TRANSFORMS_PASSES_H
