//===- SelectConfig.cpp - choose a kernel configuration per GEMM -*- C++ -*-===//
//
// The first pass of the GEMM pipeline: every scaled_matmul gets a
// #mxfp4.config saying how it maps onto a work-group. The heuristic is
// deliberately simple and explainable; see docs/design.md.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "mxfp4-select-config"

namespace mlir::fp4::mxfp4 {
#define GEN_PASS_DEF_SELECTCONFIG
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"
} // namespace mlir::fp4::mxfp4

using namespace mlir;
using namespace mlir::fp4::mxfp4;

FailureOr<ChipLimits> mlir::fp4::mxfp4::getChipLimits(StringRef chip) {
  // gfx950 (MI355X, CDNA4): 160 KiB LDS, 512 VGPRs per lane shared between
  // arch VGPRs and AGPRs, work-groups of up to 1024 work-items.
  if (chip == "gfx950")
    return ChipLimits{160 * 1024, 512, 1024};
  return failure();
}

/// A rough upper bound of the VGPRs one lane needs: the accumulators, the
/// packed operands of one K step and a fixed allowance for the in-register
/// quantization of one A block (32 f32 values and their codes).
static int64_t estimateVgprs(GemmConfigAttr c) {
  int64_t accPerTile = c.getMfma() * c.getMfma() / 64;
  int64_t acc = c.getTilesM() * c.getTilesN() * accPerTile;
  int64_t operands = (c.getTilesM() + c.getTilesN()) * 4 + 2;
  return acc + operands + 96;
}

GemmConfigAttr mlir::fp4::mxfp4::selectGemmConfig(MLIRContext *ctx, int64_t m,
                                                  int64_t n, int64_t k,
                                                  int64_t forcedMfma) {
  int64_t mfma = forcedMfma ? forcedMfma : 16;
  int64_t mfmaK = mfma == 16 ? 128 : 64;
  // Rows: cover M with as few work-group rows as possible, up to 4 MFMA
  // tiles per wave, so that each quantized block of A feeds as many MFMAs
  // as possible.
  int64_t tilesM = std::clamp<int64_t>(llvm::divideCeil(m, mfma), 1, 4);
  // Quantizing A dominates the kernel (about 20 VALU instructions per
  // element against one 16-cycle MFMA per 16x16x128 tile), so the four
  // waves of a work-group split K instead of sharing it: each block of A is
  // quantized once per work-group. fp4-report's model of the problem shapes
  // puts this at 3-4x faster than four waves side by side along N.
  int64_t wavesK = std::min<int64_t>(4, llvm::divideCeil(k, mfmaK));
  // Columns: one tile for small M (more work-groups for the 256 CUs), two
  // once the rows fill a wave's four tiles.
  int64_t tilesN = tilesM >= 4 && n >= 2 * mfma ? 2 : 1;
  return GemmConfigAttr::get(ctx, mfma, /*wavesM=*/1, /*wavesN=*/1, tilesM,
                             tilesN, /*splitK=*/1, wavesK);
}

LogicalResult mlir::fp4::mxfp4::verifyGemmConfig(Operation *op,
                                                 GemmConfigAttr config,
                                                 const ChipLimits &limits) {
  if (config.getWaves() * 64 > limits.maxWorkgroupSize)
    return op->emitOpError() << "config needs " << config.getWaves() * 64
                             << " work-items, the chip allows "
                             << limits.maxWorkgroupSize;
  if (estimateVgprs(config) > limits.vgprsPerLane)
    return op->emitOpError() << "config needs about " << estimateVgprs(config)
                             << " VGPRs per lane, the chip has "
                             << limits.vgprsPerLane;
  return success();
}

namespace {
struct SelectConfigPass
    : public fp4::mxfp4::impl::SelectConfigBase<SelectConfigPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<ChipLimits> limits = getChipLimits(chip);
    if (failed(limits)) {
      getOperation().emitError() << "unsupported chip '" << chip
                                 << "'; fp4-mlir targets gfx950";
      return signalPassFailure();
    }
    if (mfma != 0 && mfma != 16 && mfma != 32) {
      getOperation().emitError() << "mfma must be 0, 16 or 32, got "
                                 << static_cast<int64_t>(mfma);
      return signalPassFailure();
    }
    WalkResult result = getOperation().walk([&](ScaledMatmulOp op) {
      GemmConfigAttr config = op.getConfigAttr();
      if (!config) {
        config = selectGemmConfig(op.getContext(), op.getM(), op.getN(),
                                  op.getK(), mfma);
        LLVM_DEBUG(llvm::dbgs() << "selected " << config << " for " << op.getM()
                                << "x" << op.getN() << "x" << op.getK()
                                << "\n");
        op.setConfigAttr(config);
      }
      return failed(verifyGemmConfig(op, config, *limits))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
