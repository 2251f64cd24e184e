//===- ConvertMXFP4ToAMDGPU.cpp - kernel ops to gfx950 code -----*- C++ -*-===//
//
// The pass is a driver: it checks its options and the kernel ops it finds,
// and applies populateMXFP4ToAMDGPUConversionPatterns (KernelOpsToAMDGPU.cpp)
// to them. Kernels, launches and the host ABI are made upstream of it
// (docs/one-path.md).
//
//===----------------------------------------------------------------------===//

#include "KernelOpsToAMDGPU.h"

#include "fp4/Conversion/Passes.h"
#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::fp4 {
#define GEN_PASS_DEF_CONVERTMXFP4TOAMDGPU
#include "fp4/Conversion/Passes.h.inc"
} // namespace mlir::fp4

using namespace mlir;
using namespace mlir::fp4;

namespace {
/// The bounds of a GEMM kernel's work-group ids (x, y, z) where its grid
/// is known only at run time but bounded (max_grid: an M bounded by an
/// m_specialization); none otherwise.
std::optional<std::array<int64_t, 3>>
getWorkgroupIdBounds(mxfp4::FusedMatmulOp op) {
  std::optional<ArrayRef<int64_t>> grid = op.getMaxGrid();
  if (!grid || !op.getConfigAttr())
    return std::nullopt;
  return std::array<int64_t, 3>{(*grid)[0], (*grid)[1],
                                op.getConfigAttr().getSplitK()};
}

/// Sets `bounds` as the upper_bound of every work-group id in `func` (as
/// gpu-kernel-outlining does for a grid of known size): LLVM then knows
/// the ids are small and non-negative, and folds the index arithmetic and
/// tail checks as for a static grid (a bound of 1 makes an id 0).
void boundWorkgroupIds(gpu::GPUFuncOp func,
                       const std::array<int64_t, 3> &bounds) {
  func.walk([&](gpu::BlockIdOp id) {
    if (!id.getUpperBound())
      id.setUpperBoundAttr(
          IntegerAttr::get(IndexType::get(func.getContext()),
                           bounds[static_cast<int>(id.getDimension())]));
  });
}

struct ConvertMXFP4ToAMDGPUPass
    : public fp4::impl::ConvertMXFP4ToAMDGPUBase<ConvertMXFP4ToAMDGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The message every entry point gives for a chip it does not target.
    llvm::Expected<mxfp4::ChipLimits> limits = mxfp4::getChipLimits(chip);
    if (!limits) {
      module.emitError() << llvm::toString(limits.takeError());
      return signalPassFailure();
    }
    // The quantizer mxfp4-select-config recorded; the option where none is.
    if (llvm::Error e = mxfp4::checkAQuantizerOption(
            mxfp4::getAQuantizer(module, aQuantizer))) {
      module.emitError() << llvm::toString(std::move(e));
      return signalPassFailure();
    }
    // Kernel ops inside GPU kernels: the conversion patterns.
    SmallVector<Operation *> kernelOps;
    module.walk([&](Operation *op) {
      if (isa<mxfp4::FusedMatmulOp, mxfp4::BlockQuantizeOp,
              mxfp4::BlockDequantizeOp, mxfp4::WorkgroupMoeAlignOp>(op))
        kernelOps.push_back(op);
    });
    SmallVector<std::pair<gpu::GPUFuncOp, std::array<int64_t, 3>>> bounded;
    for (Operation *op : kernelOps) {
      if (auto matmul = dyn_cast<mxfp4::FusedMatmulOp>(op))
        if (auto bounds = getWorkgroupIdBounds(matmul))
          if (auto func = op->getParentOfType<gpu::GPUFuncOp>())
            bounded.push_back({func, *bounds});
      if (std::string why = whyKernelOpUnsupported(op); !why.empty()) {
        op->emitOpError(why);
        return signalPassFailure();
      }
      // The chip limits mxfp4-select-config checks, for configurations set
      // after it or without it.
      if (auto matmul = dyn_cast<mxfp4::FusedMatmulOp>(op);
          matmul && failed(mxfp4::verifyGemmConfig(
                        matmul, matmul.getConfigAttr(), *limits)))
        return signalPassFailure();
    }
    if (!kernelOps.empty()) {
      if (!module->hasAttr(kAQuantizerAttr))
        module->setAttr(kAQuantizerAttr,
                        StringAttr::get(&getContext(), aQuantizer));
      RewritePatternSet patterns(&getContext());
      populateMXFP4ToAMDGPUConversionPatterns(patterns, chip);
      GreedyRewriteConfig config;
      config.setStrictness(GreedyRewriteStrictness::ExistingOps);
      if (failed(
              applyOpPatternsGreedily(kernelOps, std::move(patterns), config)))
        return signalPassFailure();
    }
    // After the patterns: the tile's code reads work-group ids of its own.
    for (auto &[func, bounds] : bounded)
      boundWorkgroupIds(func, bounds);
    // Nothing else lowers an mxfp4 op: one left here would survive
    // unconverted and fail much later (or not at all).
    WalkResult left = module.walk([&](Operation *op) {
      if (!isa<mxfp4::MXFP4Dialect>(op->getDialect()) ||
          isa<mxfp4::YieldOp>(op))
        return WalkResult::advance();
      op->emitOpError("is not a kernel op inside a GPU kernel; the "
                      "fp4-lower-to-hsaco pipeline forms kernels (mxfp4-"
                      "fuse-into-matmul, mxfp4-form-kernels) and maps them "
                      "to the GPU before this pass");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
