//===- MoeLayerBuilder.h - the MXFP4 MoE layer as a function ----*- C++ -*-===//
//
// Builds the GPU MODE moe-mxfp4 layer as a function of ordinary tensors,
// the program docs/design.md carries through the pipeline: moe_align of
// topk_ids, stage 1 (x quantized, gate and up as grouped GEMMs over the
// sorted rows, SwiGLU, h quantized), stage 2 with the weighted combine
// (a scattered grouped GEMM adding into the bf16 output).
// `fp4-gen moe` prints it and `fp4-export gpumode --problem moe-mxfp4`
// compiles it: one implementation for both.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_DIALECT_MXFP4_UTILS_MOELAYERBUILDER_H
#define FP4_DIALECT_MXFP4_UTILS_MOELAYERBUILDER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir::fp4::mxfp4 {

/// One layer: `tokens` tokens, each routed to `topk` of `experts` experts
/// (shared ones included, as the task counts them), d_hidden and d_expert
/// as the weights hold them (padded), moe_align's row blocks of `blockM`
/// (none: defaultMoeBlockM's).
struct MoeLayerSpec {
  int64_t tokens = 0, experts = 0, topk = 0, dHidden = 0, dExpert = 0;
  std::optional<int64_t> blockM;
  /// Function name; empty: moe_layer.
  std::string name;
};

/// The row block for a layer that names none: 16 where an expert with rows
/// expects fewer than 32 of them (the routed pairs over the experts they
/// reach), so that a block is not mostly padding, else 32. Modeled on the
/// task's benchmarks (bench/moe.py): block_m 16 is 6-31 % faster at 4-256
/// tokens on 257 experts and level at 64 on 33; block_m 32 is 20-33 %
/// faster at 256-1024 tokens on 33 experts.
int64_t defaultMoeBlockM(int64_t tokens, int64_t experts, int64_t topk);

/// Checks a spec: positive sizes, top-k at most the experts, d_hidden and
/// d_expert multiples of 32 (one E8M0 scale per 32 values), block_m (given
/// or chosen) a multiple of 16 from 16 to 256, and moe_align's sizes within
/// an i32 row index.
llvm::Error checkMoeLayerProblem(const MoeLayerSpec &spec);

/// Builds the layer function at `b`'s insertion point (a module body).
func::FuncOp buildMoeLayerProblem(OpBuilder &b, Location loc,
                                  const MoeLayerSpec &spec);

} // namespace mlir::fp4::mxfp4

#endif // FP4_DIALECT_MXFP4_UTILS_MOELAYERBUILDER_H
