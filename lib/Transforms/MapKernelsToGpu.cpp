//===- MapKernelsToGpu.cpp - kernel loops become gpu.launch -----*- C++ -*-===//
//
// After bufferization, a kernel loop (a block-mapped scf.forall carrying
// fp4.workgroup_size) is one gpu.launch: the grid is its trip count along
// each mapped dimension, computed on the host so that a run-time M gives a
// run-time grid; the block is fp4.workgroup_size. Nested thread-mapped
// foralls become thread ids under a tail guard. The launch is then
// outlined by the upstream gpu-kernel-outlining. A forall left on the host
// (one the program wrote, or reduction tiling's loop over slices of K)
// becomes an scf.for: its iterations are independent, and the launches in
// it run one after another on the stream anyway.
//
//===----------------------------------------------------------------------===//

#include "fp4/Transforms/Passes.h"

#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::fp4 {
#define GEN_PASS_DEF_MAPKERNELSTOGPU
#include "fp4/Transforms/Passes.h.inc"
} // namespace mlir::fp4

using namespace mlir;
using namespace mlir::fp4;

namespace {

/// The GPU dimension (0 = x, 1 = y, 2 = z) of each of `loop`'s induction
/// variables, which must all be mapped to `T` (blocks or threads).
template <typename T>
FailureOr<SmallVector<int64_t>> mappedDims(scf::ForallOp loop) {
  std::optional<ArrayAttr> mapping = loop.getMapping();
  if (!mapping || int64_t(mapping->size()) != loop.getRank())
    return loop.emitOpError("needs one GPU mapping per induction variable");
  SmallVector<int64_t> dims;
  for (Attribute a : *mapping) {
    auto m = dyn_cast<T>(a);
    if (!m || m.getMappingId() > 2)
      return loop.emitOpError("has a mapping ")
             << a << " where a "
             << (std::is_same_v<T, gpu::GPUBlockMappingAttr>
                     ? "#gpu.block<x|y|z>"
                     : "#gpu.thread<x|y|z>")
             << " is expected";
    if (llvm::is_contained(dims, m.getMappingId()))
      return loop.emitOpError("maps two induction variables to one GPU "
                              "dimension");
    dims.push_back(m.getMappingId());
  }
  return dims;
}

/// lb + id * step for each induction variable of `loop`, ids[dim].
SmallVector<Value> inductionValues(OpBuilder &b, scf::ForallOp loop,
                                   ArrayRef<int64_t> dims,
                                   const std::array<Value, 3> &ids) {
  Location loc = loop.getLoc();
  SmallVector<Value> ivs;
  for (auto [lb, step, dim] :
       llvm::zip(loop.getMixedLowerBound(), loop.getMixedStep(), dims)) {
    Value v = arith::MulIOp::create(
        b, loc, ids[dim], getValueOrCreateConstantIndexOp(b, loc, step));
    ivs.push_back(arith::AddIOp::create(
        b, loc, v, getValueOrCreateConstantIndexOp(b, loc, lb)));
  }
  return ivs;
}

/// Replaces `loop`'s body by the thread ids of `launch`'s work-items, under
/// a guard for the iterations a tail does not have.
LogicalResult mapThreadLoop(RewriterBase &rewriter, scf::ForallOp loop,
                            gpu::LaunchOp launch,
                            const std::array<int64_t, 3> &workgroup) {
  FailureOr<SmallVector<int64_t>> dims =
      mappedDims<gpu::GPUThreadMappingAttr>(loop);
  if (failed(dims))
    return failure();
  if (loop.getNumResults() != 0)
    return loop.emitOpError("is still on tensors: bufferize first");
  for (auto [lb, ub, step, dim] :
       llvm::zip(loop.getMixedLowerBound(), loop.getMixedUpperBound(),
                 loop.getMixedStep(), *dims)) {
    std::optional<int64_t> l = getConstantIntValue(lb),
                           u = getConstantIntValue(ub),
                           s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      continue; // a tail's bound: at most the block's tile
    int64_t count = llvm::divideCeil(*u - *l, *s);
    if (count > workgroup[dim])
      return loop.emitOpError("has ")
             << count << " iterations along a dimension of " << workgroup[dim]
             << " work-items";
  }
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  gpu::KernelDim3 tid = launch.getThreadIds();
  std::array<Value, 3> ids = {tid.x, tid.y, tid.z};
  SmallVector<Value> ivs = inductionValues(rewriter, loop, *dims, ids);
  Value inside;
  for (auto [iv, ub] : llvm::zip(ivs, loop.getMixedUpperBound())) {
    Value lt = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, iv,
        getValueOrCreateConstantIndexOp(rewriter, loc, ub));
    inside = inside ? arith::AndIOp::create(rewriter, loc, inside, lt) : lt;
  }
  auto guard = scf::IfOp::create(rewriter, loc, inside, /*else=*/false);
  Block *then = guard.thenBlock();
  rewriter.eraseOp(loop.getTerminator());
  rewriter.inlineBlockBefore(loop.getBody(), then->getTerminator(), ivs);
  rewriter.eraseOp(loop);
  return success();
}

LogicalResult mapKernelLoop(RewriterBase &rewriter, scf::ForallOp loop) {
  FailureOr<SmallVector<int64_t>> dims =
      mappedDims<gpu::GPUBlockMappingAttr>(loop);
  if (failed(dims))
    return failure();
  if (loop.getNumResults() != 0)
    return loop.emitOpError("is still on tensors: bufferize first "
                            "(one-shot-bufferize)");
  auto size = loop->getAttrOfType<DenseI64ArrayAttr>(mxfp4::kWorkgroupSizeAttr);
  if (!size || size.size() != 3 ||
      llvm::any_of(size.asArrayRef(), [](int64_t s) { return s < 1; }))
    return loop.emitOpError("needs ")
           << mxfp4::kWorkgroupSizeAttr << " = array<i64: x, y, z>";
  std::array<int64_t, 3> workgroup = {size[0], size[1], size[2]};
  int64_t perIteration = 1;
  if (auto attr = loop->getAttrOfType<IntegerAttr>(
          mxfp4::kWorkgroupsPerIterationAttr)) {
    perIteration = attr.getInt();
    if (llvm::is_contained(*dims, 2))
      return loop.emitOpError("maps a loop to z and has ")
             << mxfp4::kWorkgroupsPerIterationAttr;
  }

  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  std::array<Value, 3> grid = {one, one, one};
  if (perIteration > 1)
    grid[2] = arith::ConstantIndexOp::create(rewriter, loc, perIteration);
  for (auto [lb, ub, step, dim] :
       llvm::zip(loop.getMixedLowerBound(), loop.getMixedUpperBound(),
                 loop.getMixedStep(), *dims)) {
    Value extent = arith::SubIOp::create(
        rewriter, loc, getValueOrCreateConstantIndexOp(rewriter, loc, ub),
        getValueOrCreateConstantIndexOp(rewriter, loc, lb));
    grid[dim] = arith::CeilDivUIOp::create(
        rewriter, loc, extent,
        getValueOrCreateConstantIndexOp(rewriter, loc, step));
  }
  std::array<Value, 3> block;
  for (int d = 0; d < 3; ++d)
    block[d] = arith::ConstantIndexOp::create(rewriter, loc, workgroup[d]);
  auto launch = gpu::LaunchOp::create(rewriter, loc, grid[0], grid[1], grid[2],
                                      block[0], block[1], block[2]);
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToEnd(&body);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPoint(terminator);
  gpu::KernelDim3 bid = launch.getBlockIds();
  SmallVector<Value> ivs =
      inductionValues(rewriter, loop, *dims, {bid.x, bid.y, bid.z});
  rewriter.eraseOp(loop.getTerminator());
  rewriter.inlineBlockBefore(loop.getBody(), terminator, ivs);
  rewriter.eraseOp(loop);

  SmallVector<scf::ForallOp> threadLoops;
  launch.walk([&](scf::ForallOp inner) { threadLoops.push_back(inner); });
  for (scf::ForallOp inner : threadLoops)
    if (failed(mapThreadLoop(rewriter, inner, launch, workgroup)))
      return failure();
  return success();
}

struct MapKernelsToGpuPass
    : public fp4::impl::MapKernelsToGpuBase<MapKernelsToGpuPass> {
  void runOnOperation() override {
    SmallVector<scf::ForallOp> kernels;
    getOperation().walk([&](scf::ForallOp loop) {
      if (mxfp4::isKernelLoop(loop))
        kernels.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp loop : kernels)
      if (failed(mapKernelLoop(rewriter, loop)))
        return signalPassFailure();
    SmallVector<scf::ForallOp> hostLoops;
    getOperation().walk([&](scf::ForallOp loop) { hostLoops.push_back(loop); });
    for (scf::ForallOp loop : hostLoops) {
      if (loop.getNumResults() != 0) {
        loop.emitOpError("is still on tensors: bufferize first "
                         "(one-shot-bufferize)");
        return signalPassFailure();
      }
      rewriter.setInsertionPoint(loop);
      if (failed(scf::forallToForLoop(rewriter, loop)))
        return signalPassFailure();
    }
  }
};

} // namespace
