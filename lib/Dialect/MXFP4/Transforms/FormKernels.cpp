//===- FormKernels.cpp - one work-group loop per mxfp4 kernel ---*- C++ -*-===//
//
// Kernel formation for the mxfp4 ops. Each fused_matmul (what
// mxfp4-fuse-into-matmul built around a GEMM) is tiled by its
// configuration's work-group tile with upstream TilingInterface tiling into
// an scf.forall mapped to GPU blocks: one iteration is one work-group, and
// the tiled fused_matmul inside is what that work-group computes. A
// quantize or dequantize that no GEMM took becomes a destination-style
// block op tiled twice: rows per work-group, one 32-element block (or a
// few) per work-item. Every kernel loop carries fp4.workgroup_size, the
// work-items of one iteration, which the GPU mapping gives the launch.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/Transforms/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "mxfp4-form-kernels"

namespace mlir::fp4::mxfp4 {
#define GEN_PASS_DEF_FORMKERNELS
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"
} // namespace mlir::fp4::mxfp4

using namespace mlir;
using namespace mlir::fp4::mxfp4;

bool mlir::fp4::mxfp4::isGemmFunction(Operation *op) {
  auto func = dyn_cast<func::FuncOp>(op);
  if (!func || !func.getBody().hasOneBlock())
    return false;
  Block &body = func.getBody().front();
  auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
  if (!ret || ret.getNumOperands() != 1)
    return false;
  auto matmul = ret.getOperand(0).getDefiningOp<ScaledMatmulOp>();
  // An accumulator is not in the problem's ABI (A, B, their scales, C).
  if (!matmul || matmul.isBatched() || matmul.getAcc())
    return false;
  auto quantize = matmul.getA().getDefiningOp<QuantizeOp>();
  for (Operation &o : body.without_terminator())
    if (&o != matmul && &o != quantize)
      return false;
  auto isStatic = [](Value v) {
    return cast<ShapedType>(v.getType()).hasStaticShape();
  };
  return llvm::all_of(matmul->getOperands(), isStatic) &&
         isStatic(matmul.getResult()) &&
         (!quantize || isStatic(quantize.getInput()));
}

bool mlir::fp4::mxfp4::isKernelLoop(Operation *op) {
  auto forall = dyn_cast<scf::ForallOp>(op);
  return forall && forall->hasAttr(kWorkgroupSizeAttr);
}

static bool insideKernel(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isKernelLoop(p))
      return true;
  return false;
}

static void markKernel(scf::ForallOp loop, ArrayRef<int64_t> workgroupSize) {
  SmallVector<int64_t, 3> size(workgroupSize);
  size.resize(3, 1);
  loop->setAttr(kWorkgroupSizeAttr,
                DenseI64ArrayAttr::get(loop.getContext(), size));
}

FailureOr<std::pair<scf::ForallOp, Operation *>>
mlir::fp4::mxfp4::tileToMappedForall(RewriterBase &rewriter, TilingInterface op,
                                     ArrayRef<int64_t> tileSizes,
                                     ArrayRef<Attribute> mapping) {
  SmallVector<OpFoldResult> sizes;
  for (int64_t s : tileSizes)
    sizes.push_back(rewriter.getIndexAttr(s));
  scf::SCFTilingOptions options;
  options.setTileSizes(sizes)
      .setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setMapping(mapping);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, op, options);
  if (failed(tiled) || tiled->loops.size() != 1 || tiled->tiledOps.size() != 1)
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  return std::make_pair(cast<scf::ForallOp>(tiled->loops.front()),
                        tiled->tiledOps.front());
}

/// The loop of tileToMappedForall.
static FailureOr<scf::ForallOp> tileToForall(RewriterBase &rewriter,
                                             TilingInterface op,
                                             ArrayRef<int64_t> tileSizes,
                                             ArrayRef<Attribute> mapping) {
  auto tiled = tileToMappedForall(rewriter, op, tileSizes, mapping);
  if (failed(tiled))
    return failure();
  return tiled->first;
}

/// A GEMM's kernel: tile_m x tile_n tiles of the outputs, y along M and x
/// along N; waves x 64 work-items. `maxM`: a bound of a run-time M (0:
/// none), which sizes a split-K workspace.
static FailureOr<scf::ForallOp> formGemmKernel(RewriterBase &rewriter,
                                               FusedMatmulOp op, int64_t maxM) {
  GemmConfigAttr config = op.getConfigAttr();
  if (!config)
    return op.emitOpError("has no #mxfp4.config; run mxfp4-select-config "
                          "first");
  // The grid's size, or its bound for a run-time M bounded by an
  // m_specialization: it sizes the split-K workspace and bounds the
  // work-group ids. Read before tiling, which erases `op`.
  auto out = cast<ShapedType>(op.getOuts().front().getType());
  auto rows = cast<ShapedType>(op.getRowsSource().getType());
  int64_t m = rows.isDynamicDim(0) ? maxM : rows.getDimSize(0);
  int64_t n = out.isDynamicDim(1) ? 0 : getLogicalLastDim(out);
  int64_t tileM = config.getTileM(), tileN = config.getTileN();
  MLIRContext *ctx = rewriter.getContext();
  FailureOr<scf::ForallOp> loop = tileToForall(
      rewriter, cast<TilingInterface>(op.getOperation()), {tileM, tileN},
      {gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimY),
       gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX)});
  if (failed(loop))
    return op.emitOpError("could not be tiled by its ")
           << tileM << "x" << tileN << " tile";
  markKernel(*loop, {config.getWaves() * 64});
  // Split-K: each iteration is computed by split_k work-groups (along z),
  // which combine through a workspace of one partial tile per work-group.
  if (config.getSplitK() > 1)
    (*loop)->setAttr(kWorkgroupsPerIterationAttr,
                     rewriter.getI64IntegerAttr(config.getSplitK()));
  FusedMatmulOp tile;
  loop->getBody()->walk([&](FusedMatmulOp t) { tile = t; });
  if (m > 0 && n > 0 && tile)
    tile.setMaxGridAttr(rewriter.getDenseI64ArrayAttr(
        {llvm::divideCeil(n, tileN), llvm::divideCeil(m, tileM)}));
  return *loop;
}

/// `op` with m_specializations as one op per configuration, chosen by M
/// on the host: scf.if (M <= max_m of the first) { op with its config }
/// else if ... else { op with its own config }. Every clone writes the
/// same destination, so the branches bufferize in place. Returns each
/// clone with its bound of M (0 for the last).
static SmallVector<std::pair<FusedMatmulOp, int64_t>>
specializeByM(RewriterBase &rewriter, FusedMatmulOp op) {
  ArrayAttr specializations = op.getMSpecializationsAttr();
  if (!specializations)
    return {{op, 0}};
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value m = tensor::DimOp::create(rewriter, loc, op.getOuts().front(), 0);
  SmallVector<std::pair<FusedMatmulOp, int64_t>> clones;
  auto cloneWith = [&](GemmConfigAttr config, int64_t maxM) {
    auto clone = cast<FusedMatmulOp>(rewriter.clone(*op));
    clone.setConfigAttr(config);
    clone.removeMSpecializationsAttr();
    clones.push_back({clone, maxM});
    return clone;
  };
  // Builds the chain from the specialization `i` on, at the insertion
  // point; returns its results.
  std::function<ValueRange(size_t)> chain = [&](size_t i) -> ValueRange {
    if (i == specializations.size())
      return cloneWith(op.getConfigAttr(), 0)->getResults();
    auto s = cast<MSpecializationAttr>(specializations[i]);
    Value bound = arith::ConstantIndexOp::create(rewriter, loc, s.getMaxM());
    Value fits = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ule,
                                       m, bound);
    auto ifOp = scf::IfOp::create(rewriter, loc, op->getResultTypes(), fits,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(rewriter, loc,
                         cloneWith(s.getConfig(), s.getMaxM())->getResults());
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(rewriter, loc, chain(i + 1));
    return ifOp.getResults();
  };
  rewriter.replaceOp(op, chain(0));
  return clones;
}

namespace {
/// How a block kernel tiles its op's domain: work-groups over the leading
/// dimensions, a work-item per row and `perThread` 32-element blocks.
struct BlockTiling {
  SmallVector<int64_t> domain;
  SmallVector<int64_t> groupTile, threadTile;
  SmallVector<Attribute> groupMapping, threadMapping;
  SmallVector<int64_t> workgroupSize;
};
} // namespace

/// The tiling of a block quantize/dequantize on [rows, K]: about 256
/// work-items per work-group, each on `perThread` 32-element blocks of one
/// row.
static FailureOr<BlockTiling> blockTilingFor(RewriterBase &rewriter,
                                             TilingInterface op) {
  // The domain's sizes may be new tensor.dim ops: they go before the op
  // (a builder with no insertion point would leave them unowned).
  rewriter.setInsertionPoint(op);
  SmallVector<Range> domain = op.getIterationDomain(rewriter);
  std::optional<int64_t> k = getConstantIntValue(domain.back().size);
  if (!k)
    return op->emitOpError("needs a static last dimension to be tiled in "
                           "32-element blocks");
  int64_t rank = static_cast<int64_t>(domain.size());
  if (rank > 4)
    return op->emitOpError("has rank ")
           << rank << "; at most 4 is supported (3 grid dimensions)";
  BlockTiling t;
  for (const Range &r : domain)
    t.domain.push_back(
        getConstantIntValue(r.size).value_or(ShapedType::kDynamic));
  int64_t blocks = *k / kBlockSize;
  int64_t threadsX = std::min<int64_t>(blocks, 256);
  int64_t perThread = llvm::divideCeil(blocks, threadsX);
  int64_t rows = std::max<int64_t>(1, 256 / threadsX);
  // No more rows per work-group than there are.
  if (rank >= 2 && !ShapedType::isDynamic(t.domain[rank - 2]))
    rows = std::min(rows, std::max<int64_t>(t.domain[rank - 2], 1));
  MLIRContext *ctx = rewriter.getContext();
  // Work-groups over the leading dimensions (rows of the last but one, the
  // others one by one), the last dimension whole.
  t.groupTile.assign(rank, 1);
  t.threadTile.assign(rank, 1);
  t.groupTile.back() = 0;
  if (rank >= 2)
    t.groupTile[rank - 2] = rows;
  for (int64_t d = 0; d + 1 < rank; ++d)
    t.groupMapping.push_back(gpu::GPUBlockMappingAttr::get(
        ctx, static_cast<gpu::MappingId>(
                 static_cast<int64_t>(gpu::MappingId::DimX) + rank - 2 - d)));
  if (rank == 1) {
    // One row: a single work-group along the last dimension.
    t.groupTile = {*k};
    t.groupMapping = {gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX)};
  }
  // Inside: a work-item per (row, perThread blocks); tile sizes are per
  // dimension, and dimensions with tile 0 are not looped.
  t.threadTile.back() = perThread * kBlockSize;
  t.threadMapping.push_back(
      gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::DimX));
  if (rank >= 2) {
    t.threadTile[rank - 2] = 1;
    t.threadMapping.insert(
        t.threadMapping.begin(),
        gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::DimY));
    for (int64_t d = 0; d + 2 < rank; ++d)
      t.threadTile[d] = 0;
  }
  t.workgroupSize = {threadsX, rank >= 2 ? rows : 1};
  return t;
}

/// Tiles `op` as `tiling` says: a work-group loop with a work-item loop
/// inside.
static FailureOr<scf::ForallOp> tileAsBlockKernel(RewriterBase &rewriter,
                                                  TilingInterface op,
                                                  const BlockTiling &tiling) {
  // Tiling erases `op`: from here on its diagnostics use what was kept.
  Location loc = op->getLoc();
  std::string opName = op->getName().getStringRef().str();
  FailureOr<scf::ForallOp> groups =
      tileToForall(rewriter, op, tiling.groupTile, tiling.groupMapping);
  if (failed(groups))
    return op->emitOpError("could not be tiled by rows");
  TilingInterface inner;
  (*groups).getBody()->walk([&](TilingInterface t) { inner = t; });
  if (failed(tileToForall(rewriter, inner, tiling.threadTile,
                          tiling.threadMapping)))
    return emitError(loc) << "'" << opName
                          << "' op could not be tiled by work-items";
  return *groups;
}

/// The elementwise ops a block kernel of `op` takes along: linalg ops on
/// tensors in the same block after `op`, all of whose loops are parallel
/// over exactly `op`'s domain, and that read nothing `op` computes. The
/// zero fill of a MoE layer's output beside the quantize of its input is
/// one: a launch of its own costs about as much as its bytes. Each is moved
/// to just after `op`, with the empty tensors and constants it reads (what
/// else it reads must already be defined before `op`), so that the two
/// loops are adjacent siblings. A sibling that reads another op of the
/// block is left to a kernel of its own.
static SmallVector<linalg::LinalgOp>
takeIndependentSiblings(RewriterBase &rewriter, Operation *op,
                        ArrayRef<int64_t> domain) {
  SmallVector<linalg::LinalgOp> siblings;
  if (llvm::any_of(domain, ShapedType::isDynamic))
    return siblings;
  DominanceInfo dominance(op->getParentOp());
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(next);
    if (!linalgOp || !linalgOp.hasPureTensorSemantics() ||
        !linalg::isElementwise(linalgOp) ||
        linalgOp.getStaticLoopRanges() != domain)
      continue;
    // What it reads: operands and the values its body captures.
    SetVector<Value> reads(next->getOperands().begin(),
                           next->getOperands().end());
    getUsedValuesDefinedAbove(next->getRegions(), reads);
    SmallVector<Operation *> toHoist;
    bool movable = llvm::all_of(reads, [&](Value v) {
      if (dominance.properlyDominates(v, op))
        return true;
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != op->getBlock() || !isPure(def) ||
          def->getNumRegions() != 0 ||
          !llvm::all_of(def->getOperands(), [&](Value o) {
            return dominance.properlyDominates(o, op);
          }))
        return false;
      toHoist.push_back(def);
      return true;
    });
    if (!movable)
      continue;
    siblings.push_back(linalgOp);
    for (Operation *def : toHoist)
      if (!dominance.properlyDominates(def, op))
        rewriter.moveOpBefore(def, op);
  }
  for (linalg::LinalgOp sibling : siblings)
    rewriter.moveOpAfter(sibling, op);
  return siblings;
}

/// Whether two loops run the same iterations under the same mapping. A
/// bound may be computed in each loop's own way from its enclosing loop's
/// induction variables (a partial tile's size from the work-group id):
/// `outerA`/`outerB` are those variables, which count as the same value.
static bool sameIterations(scf::ForallOp a, scf::ForallOp b,
                           ValueRange outerA = {}, ValueRange outerB = {}) {
  auto sameOperand = [&](Value x, Value y) {
    if (x == y)
      return success();
    for (auto [ivA, ivB] : llvm::zip(outerA, outerB))
      if (x == ivA && y == ivB)
        return success();
    return failure();
  };
  auto sameValue = [&](OpFoldResult x, OpFoldResult y) {
    if (isEqualConstantIntOrValue(x, y))
      return true;
    auto vx = dyn_cast<Value>(x), vy = dyn_cast<Value>(y);
    Operation *dx = vx ? vx.getDefiningOp() : nullptr;
    Operation *dy = vy ? vy.getDefiningOp() : nullptr;
    return dx && dy && dx->getNumRegions() == 0 && isPure(dx) &&
           OperationEquivalence::isEquivalentTo(
               dx, dy, sameOperand, /*markEquivalent=*/nullptr,
               OperationEquivalence::IgnoreLocations);
  };
  auto same = [&](ArrayRef<OpFoldResult> x, ArrayRef<OpFoldResult> y) {
    return x.size() == y.size() &&
           llvm::all_of(llvm::zip(x, y), [&](auto pair) {
             return sameValue(std::get<0>(pair), std::get<1>(pair));
           });
  };
  return a.getMapping() == b.getMapping() &&
         same(a.getMixedLowerBound(), b.getMixedLowerBound()) &&
         same(a.getMixedUpperBound(), b.getMixedUpperBound()) &&
         same(a.getMixedStep(), b.getMixedStep());
}

/// The work-item loops in a work-group loop's body.
static SmallVector<scf::ForallOp> workItemLoops(scf::ForallOp groups) {
  SmallVector<scf::ForallOp> loops;
  for (Operation &o : groups.getBody()->without_terminator())
    if (auto loop = dyn_cast<scf::ForallOp>(o))
      loops.push_back(loop);
  return loops;
}

/// Whether two block kernels run the same work-groups of the same
/// work-items.
static bool tiledAlike(scf::ForallOp first, scf::ForallOp second) {
  SmallVector<scf::ForallOp> itemsA = workItemLoops(first),
                             itemsB = workItemLoops(second);
  return sameIterations(first, second) && itemsA.size() == 1 &&
         itemsB.size() == 1 &&
         sameIterations(itemsA.front(), itemsB.front(),
                        first.getInductionVars(), second.getInductionVars());
}

/// Fuses two block kernels tiled alike into one (upstream sibling loop
/// fusion, on the work-group loops, then on the work-item loops inside).
static scf::ForallOp fuseBlockKernels(RewriterBase &rewriter,
                                      scf::ForallOp first,
                                      scf::ForallOp second) {
  // The launch keeps the kernel's location, not its sibling's.
  Location loc = first.getLoc();
  scf::ForallOp groups =
      fuseIndependentSiblingForallLoops(first, second, rewriter);
  groups->setLoc(loc);
  SmallVector<scf::ForallOp> items = workItemLoops(groups);
  fuseIndependentSiblingForallLoops(items.front(), items.back(), rewriter);
  return groups;
}

/// A block quantize/dequantize becomes a kernel, with the independent
/// elementwise ops on its domain (takeIndependentSiblings) in the same
/// launch. Fusion is an optimization: a sibling whose loops came out
/// otherwise stays a block kernel of its own.
static FailureOr<scf::ForallOp> formBlockKernel(RewriterBase &rewriter,
                                                TilingInterface op) {
  FailureOr<BlockTiling> tiling = blockTilingFor(rewriter, op);
  if (failed(tiling))
    return failure();
  SmallVector<linalg::LinalgOp> siblings =
      takeIndependentSiblings(rewriter, op, tiling->domain);
  FailureOr<scf::ForallOp> kernel = tileAsBlockKernel(rewriter, op, *tiling);
  if (failed(kernel))
    return failure();
  for (linalg::LinalgOp sibling : siblings) {
    FailureOr<scf::ForallOp> loop = tileAsBlockKernel(
        rewriter, cast<TilingInterface>(sibling.getOperation()), *tiling);
    if (failed(loop))
      return failure();
    if (tiledAlike(*kernel, *loop))
      kernel = fuseBlockKernels(rewriter, *kernel, *loop);
    else
      markKernel(*loop, tiling->workgroupSize);
  }
  markKernel(*kernel, tiling->workgroupSize);
  return *kernel;
}

namespace {
/// quantize -> block_quantize into fresh destinations.
struct QuantizeToBlock : public OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(QuantizeOp q,
                                PatternRewriter &rewriter) const override {
    if (insideKernel(q) || q.getInput().getType().isDynamicDim(
                               q.getInput().getType().getRank() - 1))
      return failure();
    Location loc = q.getLoc();
    auto empty = [&](Value like, Value shapeOf) -> Value {
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(rewriter, loc, shapeOf);
      auto t = cast<RankedTensorType>(like.getType());
      if (like == q.getScales())
        sizes.back() = rewriter.getIndexAttr(t.getShape().back());
      return tensor::EmptyOp::create(rewriter, loc, sizes, t.getElementType());
    };
    Value values = empty(q.getValues(), q.getInput());
    Value scales = empty(q.getScales(), q.getInput());
    rewriter.replaceOpWithNewOp<BlockQuantizeOp>(
        q, TypeRange{q.getValues().getType(), q.getScales().getType()},
        q.getInput(), values, scales, q.getScaleMode(), q.getTies(),
        /*format=*/TypeAttr()); // typed values say their format
    return success();
  }
};

/// dequantize -> block_dequantize into a fresh destination.
struct DequantizeToBlock : public OpRewritePattern<DequantizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DequantizeOp d,
                                PatternRewriter &rewriter) const override {
    if (insideKernel(d) || d.getValues().getType().isDynamicDim(
                               d.getValues().getType().getRank() - 1))
      return failure();
    Location loc = d.getLoc();
    Value init = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, d.getValues()),
        d.getResult().getType().getElementType());
    rewriter.replaceOpWithNewOp<BlockDequantizeOp>(
        d, TypeRange{d.getResult().getType()}, d.getValues(), d.getScales(),
        init, /*format=*/TypeAttr());
    return success();
  }
};

} // namespace

void mlir::fp4::mxfp4::getTransformsDependentDialects(
    DialectRegistry &registry) {
  registry.insert<MXFP4Dialect, affine::AffineDialect, arith::ArithDialect,
                  gpu::GPUDialect, linalg::LinalgDialect, scf::SCFDialect,
                  tensor::TensorDialect>();
}

/// moe_align -> workgroup_moe_align into fresh destinations, sized from
/// the number of pairs when the tokens are known at run time only.
struct MoeAlignToWorkgroup : public OpRewritePattern<MoeAlignOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MoeAlignOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType ids = op.getTopkIds().getType();
    Value rows, blocks;
    if (ids.isDynamicDim(0)) {
      Value tokens = tensor::DimOp::create(rewriter, loc, op.getTopkIds(), 0);
      Value pairs = arith::MulIOp::create(
          rewriter, loc, tokens,
          arith::ConstantIndexOp::create(rewriter, loc, ids.getDimSize(1)));
      std::tie(rows, blocks) = buildMoeAlignSizes(
          rewriter, loc, pairs, op.getExperts(), op.getBlockM());
    }
    auto empty = [&](Value like, Value size) -> Value {
      auto t = cast<RankedTensorType>(like.getType());
      OpFoldResult dim =
          t.isDynamicDim(0)
              ? OpFoldResult(size)
              : OpFoldResult(rewriter.getIndexAttr(t.getDimSize(0)));
      return tensor::EmptyOp::create(rewriter, loc, ArrayRef<OpFoldResult>{dim},
                                     t.getElementType());
    };
    // positions: the shape of topk_ids.
    Value positions = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, op.getTopkIds()),
        rewriter.getI32Type());
    rewriter.replaceOpWithNewOp<WorkgroupMoeAlignOp>(
        op, op->getResultTypes(), op.getTopkIds(), empty(op.getSorted(), rows),
        empty(op.getBlockExpert(), blocks), empty(op.getValid(), Value()),
        positions, op.getExpertsAttr(), op.getBlockMAttr());
    return success();
  }
};

/// The routing kernel: one work-group of 256 work-items computes the whole
/// op (its counts and scan need the whole routing), a loop of one
/// iteration whose outputs are the op's destinations.
static FailureOr<scf::ForallOp> formWorkgroupKernel(RewriterBase &rewriter,
                                                    WorkgroupMoeAlignOp op) {
  Location loc = op.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> outs(op.getDpsInits());
  auto loop = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)}, outs,
      rewriter.getArrayAttr(
          {gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX)}));
  rewriter.setInsertionPoint(loop.getTerminator());
  // The op writes the whole of each destination: the slice it takes and
  // the one it inserts are the same (as tiling makes them), so that
  // bufferization writes in place, whatever the sizes.
  ValueRange dests = loop.getRegionIterArgs();
  SmallVector<Value> slices;
  SmallVector<SmallVector<OpFoldResult>> sizes;
  auto zeros = [&](size_t n) {
    return SmallVector<OpFoldResult>(n, rewriter.getIndexAttr(0));
  };
  auto ones = [&](size_t n) {
    return SmallVector<OpFoldResult>(n, rewriter.getIndexAttr(1));
  };
  for (Value dest : dests) {
    sizes.push_back(tensor::getMixedSizes(rewriter, loc, dest));
    slices.push_back(tensor::ExtractSliceOp::create(
        rewriter, loc, dest, zeros(sizes.back().size()), sizes.back(),
        ones(sizes.back().size())));
  }
  auto inner = WorkgroupMoeAlignOp::create(
      rewriter, loc, op->getResultTypes(), op.getTopkIds(), slices[0],
      slices[1], slices[2], slices[3], op.getExpertsAttr(), op.getBlockMAttr());
  rewriter.setInsertionPointToStart(loop.getTerminator().getBody());
  for (auto [r, dest, size] : llvm::zip(inner->getResults(), dests, sizes))
    tensor::ParallelInsertSliceOp::create(
        rewriter, loc, r, dest, zeros(size.size()), size, ones(size.size()));
  rewriter.replaceOp(op, loop->getResults());
  markKernel(loop, {256});
  return loop;
}

/// What formKernel makes a kernel of: a kernel op on tensors, outside any
/// kernel.
static bool isKernelRoot(Operation *op) {
  return isa<FusedMatmulOp, BlockQuantizeOp, BlockDequantizeOp,
             WorkgroupMoeAlignOp>(op) &&
         cast<DestinationStyleOpInterface>(op).hasPureTensorSemantics() &&
         !insideKernel(op);
}

FailureOr<SmallVector<scf::ForallOp>>
mlir::fp4::mxfp4::formKernel(RewriterBase &rewriter, Operation *op) {
  if (!isKernelRoot(op))
    return op->emitOpError("is not a fused_matmul, block_quantize, "
                           "block_dequantize or workgroup_moe_align on "
                           "tensors outside a kernel");
  SmallVector<scf::ForallOp> loops;
  if (auto align = dyn_cast<WorkgroupMoeAlignOp>(op)) {
    FailureOr<scf::ForallOp> loop = formWorkgroupKernel(rewriter, align);
    if (failed(loop))
      return failure();
    loops.push_back(*loop);
    return loops;
  }
  if (auto gemm = dyn_cast<FusedMatmulOp>(op)) {
    for (auto [clone, maxM] : specializeByM(rewriter, gemm)) {
      FailureOr<scf::ForallOp> loop = formGemmKernel(rewriter, clone, maxM);
      if (failed(loop))
        return failure();
      loops.push_back(*loop);
    }
    return loops;
  }
  FailureOr<scf::ForallOp> loop =
      formBlockKernel(rewriter, cast<TilingInterface>(op));
  if (failed(loop))
    return failure();
  loops.push_back(*loop);
  return loops;
}

LogicalResult mlir::fp4::mxfp4::formKernels(RewriterBase &rewriter,
                                            Operation *root) {
  // Whatever mxfp4-fuse-into-matmul left (or everything, when it did not
  // run): GEMMs as fused_matmuls, lone quantize/dequantize as block ops.
  MLIRContext *ctx = rewriter.getContext();
  RewritePatternSet patterns(ctx);
  populateScaledMatmulToFusedPatterns(patterns);
  patterns.add<QuantizeToBlock, DequantizeToBlock, MoeAlignToWorkgroup>(ctx);
  GreedyRewriteConfig config;
  RewriterBase::ForwardingListener listener(rewriter.getListener());
  config.setListener(&listener);
  if (failed(applyPatternsGreedily(root, std::move(patterns), config)))
    return root->emitError("mxfp4-form-kernels' rewrites did not converge");

  // A block op works on whole 32-element blocks of a static last
  // dimension.
  WalkResult dynamicK = root->walk([&](Operation *op) {
    if (!isa<QuantizeOp, DequantizeOp>(op) || insideKernel(op))
      return WalkResult::advance();
    op->emitOpError("needs a static last dimension to be computed in "
                    "32-element blocks");
    return WalkResult::interrupt();
  });
  if (dynamicK.wasInterrupted())
    return failure();

  SmallVector<Operation *> roots;
  root->walk([&](Operation *op) {
    if (isKernelRoot(op))
      roots.push_back(op);
  });
  for (Operation *op : roots)
    if (failed(formKernel(rewriter, op)))
      return failure();
  return success();
}

FailureOr<SmallVector<scf::ForallOp>>
mlir::fp4::mxfp4::tileAndFuseGemm(RewriterBase &rewriter, ScaledMatmulOp root,
                                  const SelectConfigOptions &options) {
  if (failed(selectConfig(root, options)))
    return failure();
  FailureOr<SmallVector<FusedMatmulOp>> fused = fuseIntoMatmul(rewriter, root);
  if (failed(fused))
    return failure();
  SmallVector<scf::ForallOp> loops;
  for (FusedMatmulOp op : *fused) {
    FailureOr<SmallVector<scf::ForallOp>> formed = formKernel(rewriter, op);
    if (failed(formed))
      return failure();
    llvm::append_range(loops, *formed);
  }
  return loops;
}

namespace {
struct FormKernelsPass
    : public mlir::fp4::mxfp4::impl::FormKernelsBase<FormKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    if (failed(formKernels(rewriter, getOperation())))
      signalPassFailure();
  }
};
} // namespace
