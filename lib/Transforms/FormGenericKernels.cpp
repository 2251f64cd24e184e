//===- FormGenericKernels.cpp - a kernel for every other op -----*- C++ -*-===//
//
// The generic path of kernel formation (docs/one-path.md): what no GEMM
// kernel took (a reduction, a transpose, an elementwise op the fusion model
// left alone, a fill) is tiled with upstream TilingInterface tiling into a
// block-mapped scf.forall, and each block's tile into a thread-mapped one:
// one work-item per element of the parallel dimensions, looping over the
// reduction dimensions itself. Simple, never fast; the GEMM kernels are
// where the time goes.
//
//===----------------------------------------------------------------------===//

#include "fp4/Transforms/Passes.h"
#include "fp4/Transforms/Transforms.h"

#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::fp4 {
#define GEN_PASS_DEF_FORMGENERICKERNELS
#include "fp4/Transforms/Passes.h.inc"
} // namespace mlir::fp4

using namespace mlir;
using namespace mlir::fp4;

namespace {

/// Work-items per work-group along x (the last parallel dimension) and y
/// (the one before): 256, a multiple of the 64-wide wave.
constexpr int64_t kTileX = 64, kTileY = 4;

static bool insideKernel(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (mxfp4::isKernelLoop(p) || isa<gpu::LaunchOp, gpu::GPUFuncOp>(p))
      return true;
  return false;
}

} // namespace

bool mlir::fp4::isGenericKernelCandidate(Operation *op) {
  auto dps = dyn_cast<DestinationStyleOpInterface>(op);
  if (!dps || !isa<TilingInterface>(op) || op->getNumResults() == 0)
    return false;
  if (!dps.hasPureTensorSemantics())
    return false;
  return !insideKernel(op);
}

/// Wraps `op` into a one-iteration scf.forall mapped to `mapping` whose
/// shared outputs are the op's inits.
static scf::ForallOp wrapInOneIteration(RewriterBase &rewriter, Operation *op,
                                        Attribute mapping) {
  auto dps = cast<DestinationStyleOpInterface>(op);
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> inits(dps.getDpsInits());
  auto forall = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)}, inits,
      rewriter.getArrayAttr({mapping}));
  Block *body = forall.getBody();
  rewriter.setInsertionPointToStart(body);
  IRMapping map;
  for (auto [init, arg] : llvm::zip(inits, forall.getRegionIterArgs()))
    map.map(init, arg);
  Operation *clone = rewriter.clone(*op, map);
  rewriter.setInsertionPointToStart(forall.getTerminator().getBody());
  for (auto [result, arg] :
       llvm::zip(clone->getResults(), forall.getRegionIterArgs())) {
    auto type = cast<RankedTensorType>(result.getType());
    SmallVector<OpFoldResult> zeros(type.getRank(), rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> ones(type.getRank(), rewriter.getIndexAttr(1));
    tensor::ParallelInsertSliceOp::create(
        rewriter, loc, result, arg, zeros,
        tensor::getMixedSizes(rewriter, loc, arg), ones);
  }
  rewriter.replaceOp(op, forall.getResults());
  return forall;
}

FailureOr<scf::ForallOp> mlir::fp4::formGenericKernel(RewriterBase &rewriter,
                                                      Operation *op) {
  if (!isGenericKernelCandidate(op))
    return op->emitOpError("is not an op the generic path makes a kernel of "
                           "(destination style, tileable, on tensors, "
                           "outside any kernel)");
  MLIRContext *ctx = rewriter.getContext();
  auto tileable = cast<TilingInterface>(op);
  SmallVector<utils::IteratorType> iterators = tileable.getLoopIteratorTypes();
  SmallVector<int64_t> parallel;
  for (auto [i, it] : llvm::enumerate(iterators))
    if (it == utils::IteratorType::parallel)
      parallel.push_back(i);
  // The innermost three parallel dimensions map to x, y, z; any further
  // outer ones stay loops of each work-item.
  SmallVector<int64_t> blockTile(iterators.size(), 0),
      threadTile(iterators.size(), 0);
  SmallVector<gpu::MappingId> dims(iterators.size(), gpu::MappingId::DimX);
  std::array<int64_t, 3> workgroup = {1, 1, 1};
  const std::array<gpu::MappingId, 3> ids = {
      gpu::MappingId::DimX, gpu::MappingId::DimY, gpu::MappingId::DimZ};
  const std::array<int64_t, 3> perBlock = {kTileX, kTileY, 1};
  for (int64_t j = 0; j < 3 && j < int64_t(parallel.size()); ++j) {
    int64_t loop = parallel[parallel.size() - 1 - j];
    blockTile[loop] = perBlock[j];
    threadTile[loop] = 1;
    dims[loop] = ids[j];
    workgroup[j] = perBlock[j];
  }
  SmallVector<Attribute> blockMapping, threadMapping;
  for (auto [i, size] : llvm::enumerate(blockTile))
    if (size != 0) {
      blockMapping.push_back(gpu::GPUBlockMappingAttr::get(ctx, dims[i]));
      threadMapping.push_back(gpu::GPUThreadMappingAttr::get(ctx, dims[i]));
    }

  scf::ForallOp kernel;
  if (parallel.empty()) {
    // A full reduction: one work-item does it all.
    kernel = wrapInOneIteration(
        rewriter, op, gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX));
    Operation *inner = &kernel.getBody()->front();
    wrapInOneIteration(
        rewriter, inner,
        gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::DimX));
  } else {
    auto blocks =
        mxfp4::tileToMappedForall(rewriter, tileable, blockTile, blockMapping);
    if (failed(blocks))
      return op->emitOpError("could not be tiled into a kernel of its own");
    kernel = blocks->first;
    auto threads = mxfp4::tileToMappedForall(
        rewriter, cast<TilingInterface>(blocks->second), threadTile,
        threadMapping);
    if (failed(threads))
      return blocks->second->emitOpError(
          "could not be tiled across the work-items of its kernel");
  }
  kernel->setAttr(mxfp4::kWorkgroupSizeAttr,
                  DenseI64ArrayAttr::get(ctx, workgroup));
  return kernel;
}

namespace {
struct FormGenericKernelsPass
    : public fp4::impl::FormGenericKernelsBase<FormGenericKernelsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *ctx = &getContext();
    // Aggregates (linalg.softmax) become the generics they stand for, and
    // a concatenation the inserts of its pieces (copies, on the host).
    IRRewriter rewriter(ctx);
    SmallVector<linalg::AggregatedOpInterface> aggregates;
    func.walk([&](linalg::AggregatedOpInterface op) {
      if (!insideKernel(op))
        aggregates.push_back(op);
    });
    for (linalg::AggregatedOpInterface op : aggregates) {
      rewriter.setInsertionPoint(op);
      FailureOr<SmallVector<Value>> parts = op.decomposeOperation(rewriter);
      if (failed(parts)) {
        op->emitOpError("could not be decomposed into ops a kernel computes");
        return signalPassFailure();
      }
      rewriter.replaceOp(op, *parts);
    }
    RewritePatternSet patterns(ctx);
    tensor::populateDecomposeTensorConcatPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();

    SmallVector<Operation *> candidates;
    func.walk([&](Operation *op) {
      if (isGenericKernelCandidate(op))
        candidates.push_back(op);
    });
    for (Operation *op : candidates)
      if (failed(formGenericKernel(rewriter, op)))
        return signalPassFailure();
  }
};

} // namespace
