//===- ScaledMatmulTiling.cpp - tiling and splitting K of scaled_matmul ---===//
//
// scaled_matmul tiles like linalg.matmul: (M, N) parallel, K a reduction.
//
// - TilingInterface: a tile computes C[tile] from whole rows of A and B
//   (and the accumulator's tile). A K tile that is not the whole of K is
//   refused: a tile op does not read the loop's running sum.
// - PartialReductionOpInterface: K is split into S slices computed in
//   parallel (ReductionTilingStrategy::PartialReductionOuterParallel, what
//   split-K is), each a GEMM on its slice of K accumulating into its own
//   [M, N] f32 slice of a zero [S, M, N] tensor; the merge is a
//   linalg.reduce over S into the accumulator (widened to f32, or zeros),
//   then one rounding to the result type. Slices are whole 32-element
//   blocks of a plain B: aiter's pre-shuffled scales interleave 8 blocks
//   of K, so a pre-shuffled B is not split. The outer-reduction strategy
//   (an [M, N, tile_k] partial per K position) has no use for an MFMA,
//   which reduces K itself: a K loop is written with `acc` instead.
//
// A batched GEMM is flattened or looped over by mxfp4-fuse-into-matmul
// before anything tiles it; it is not tiled as such.
//
//===----------------------------------------------------------------------===//

#include "TilingUtils.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::fp4::mxfp4;
using namespace mlir::fp4::mxfp4::tiling;

//===----------------------------------------------------------------------===//
// Tiles
//===----------------------------------------------------------------------===//

/// The GEMM of rows [offsets[0], +sizes[0]) of A, rows [offsets[1], ...) of B
/// and the K range [offsets[2], +sizes[2]), accumulating into `acc` (none
/// when null), with result type `resultType`.
static FailureOr<TilingResult> tileGemm(OpBuilder &b, ScaledMatmulOp op,
                                        ArrayRef<OpFoldResult> offsets,
                                        ArrayRef<OpFoldResult> sizes, Value acc,
                                        RankedTensorType resultType) {
  Location loc = op.getLoc();
  int64_t k = op.getK();
  bool wholeK = isConstantIntValue(offsets[2], 0) &&
                getConstantIntValue(sizes[2]) == std::optional(k);
  // A slice of K must keep whole 32-element blocks, provably: a tile of
  // 48 would cut them.
  if (op.isBatched() || (!wholeK && (op.getBLayout() != Layout::plain ||
                                     !isBlockCut(offsets[2], sizes[2]))))
    return failure();
  OpFoldResult kBlockOffset = divExact(b, loc, offsets[2], kBlockSize);
  OpFoldResult kBlocks = divExact(b, loc, sizes[2], kBlockSize);
  Value a =
      slice(b, loc, op.getA(), {offsets[0], offsets[2]}, {sizes[0], sizes[2]});
  Value aScales = slice(b, loc, op.getAScales(), {offsets[0], kBlockOffset},
                        {sizes[0], kBlocks});
  Value bValues =
      slice(b, loc, op.getB(), {offsets[1], offsets[2]}, {sizes[1], sizes[2]});
  Value bScales;
  if (op.getBLayout() == Layout::plain) {
    bScales = slice(b, loc, op.getBScales(), {offsets[1], kBlockOffset},
                    {sizes[1], kBlocks});
  } else {
    // Scales are shuffled in 32-row groups: the tile takes the groups that
    // hold its rows (the 256-row padding keeps the last one in bounds).
    AffineExpr s0 = b.getAffineSymbolExpr(0), s1 = b.getAffineSymbolExpr(1);
    OpFoldResult groupStart = affine::makeComposedFoldedAffineApply(
        b, loc, s0.floorDiv(32) * 32, {offsets[1]});
    OpFoldResult groupRows = affine::makeComposedFoldedAffineApply(
        b, loc, (s0 % 32 + s1).ceilDiv(32) * 32, {offsets[1], sizes[1]});
    int64_t cols = op.getBScales().getType().getDimSize(1);
    bScales = slice(b, loc, op.getBScales(), {groupStart, b.getIndexAttr(0)},
                    {groupRows, b.getIndexAttr(cols)});
  }
  // A slice of K is a different GEMM: the whole op's configuration (its
  // split_k above all) is not the slice's, which select-config picks.
  GemmConfigAttr config = wholeK ? op.getConfigAttr() : GemmConfigAttr();
  auto tiled = ScaledMatmulOp::create(b, loc, resultType, a, aScales, bValues,
                                      bScales, acc, op.getBLayoutAttr(), config,
                                      /*m_specializations=*/ArrayAttr());
  SmallVector<Operation *> slices = {a.getDefiningOp(), aScales.getDefiningOp(),
                                     bValues.getDefiningOp(),
                                     bScales.getDefiningOp()};
  if (acc && acc.getDefiningOp<tensor::ExtractSliceOp>())
    slices.push_back(acc.getDefiningOp());
  return TilingResult{{tiled}, {tiled.getResult()}, slices};
}

SmallVector<utils::IteratorType> ScaledMatmulOp::getLoopIteratorTypes() {
  SmallVector<utils::IteratorType> types(getA().getType().getRank(),
                                         utils::IteratorType::parallel);
  types.push_back(utils::IteratorType::reduction);
  return types;
}

SmallVector<Range> ScaledMatmulOp::getIterationDomain(OpBuilder &b) {
  Location loc = getLoc();
  OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
  SmallVector<Range> domain;
  for (int64_t d = 0; d + 1 < getA().getType().getRank(); ++d)
    domain.push_back({zero, tensor::getMixedSize(b, loc, getA(), d), one});
  domain.push_back({zero, tensor::getMixedSize(b, loc, getB(), 0), one});
  domain.push_back({zero, b.getIndexAttr(getK()), one});
  return domain;
}

FailureOr<TilingResult>
ScaledMatmulOp::getTiledImplementation(OpBuilder &b,
                                       ArrayRef<OpFoldResult> offsets,
                                       ArrayRef<OpFoldResult> sizes) {
  // A K tile would need the running sum of the tiles before it.
  if (isBatched() || !isConstantIntValue(offsets[2], 0) ||
      getConstantIntValue(sizes[2]) != std::optional(getK()))
    return failure();
  Location loc = getLoc();
  Value acc;
  if (getAcc())
    acc =
        slice(b, loc, getAcc(), {offsets[0], offsets[1]}, {sizes[0], sizes[1]});
  return tileGemm(
      b, *this, offsets, sizes, acc,
      tileType({sizes[0], sizes[1]}, getResult().getType().getElementType()));
}

LogicalResult ScaledMatmulOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  if (isBatched())
    return failure();
  resultOffsets = {offsets[0], offsets[1]};
  resultSizes = {sizes[0], sizes[1]};
  return success();
}

FailureOr<TilingResult>
ScaledMatmulOp::generateResultTileValue(OpBuilder &b, unsigned resultNumber,
                                        ArrayRef<OpFoldResult> offsets,
                                        ArrayRef<OpFoldResult> sizes) {
  if (isBatched())
    return failure();
  return getTiledImplementation(b, {offsets[0], offsets[1], b.getIndexAttr(0)},
                                {sizes[0], sizes[1], b.getIndexAttr(getK())});
}

LogicalResult
ScaledMatmulOp::reifyResultShapes(OpBuilder &b,
                                  ReifiedRankedShapedTypeDims &reifiedShapes) {
  Location loc = getLoc();
  SmallVector<OpFoldResult> shape = tensor::getMixedSizes(b, loc, getA());
  shape.back() = tensor::getMixedSize(b, loc, getB(), 0);
  reifiedShapes.push_back(shape);
  return success();
}

//===----------------------------------------------------------------------===//
// Split K (PartialReductionOpInterface)
//===----------------------------------------------------------------------===//

/// K is the only reduction dimension, and only a 2-D GEMM is split.
static LogicalResult checkSplittable(ScaledMatmulOp op,
                                     const SetVector<unsigned> &reductionDims) {
  if (op.isBatched())
    return op.emitOpError("is batched: flatten it (or loop over its "
                          "batches) before splitting K");
  if (reductionDims.size() != 1 || reductionDims.front() != 2)
    return op.emitOpError("has one reduction dimension to split: K (2)");
  if (op.getBLayout() != Layout::plain)
    return op.emitOpError("has a pre-shuffled B, whose scales interleave 8 "
                          "blocks of K: K is not split");
  return success();
}

FailureOr<SmallVector<Value>>
ScaledMatmulOp::generateInitialTensorForPartialReduction(
    OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
    const SetVector<unsigned> &reductionDims) {
  if (failed(checkSplittable(*this, reductionDims)))
    return failure();
  // [S, M, N]: each slice's partial sums contiguous, in f32.
  SmallVector<OpFoldResult> shape = {sizes[2], sizes[0], sizes[1]};
  Value empty = tensor::EmptyOp::create(b, loc, shape, b.getF32Type());
  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  return SmallVector<Value>{
      linalg::FillOp::create(b, loc, zero, empty).getResult(0)};
}

FailureOr<TilingResult> ScaledMatmulOp::tileToPartialReduction(
    OpBuilder &b, Location loc, ReductionTilingStrategy strategy,
    ValueRange init, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, const SetVector<unsigned> &reductionDims,
    ArrayRef<OpFoldResult> splitReductionIvs) {
  if (failed(checkSplittable(*this, reductionDims)))
    return failure();
  if (strategy != ReductionTilingStrategy::PartialReductionOuterParallel)
    return emitOpError("splits K into parallel slices only (the MFMA "
                       "reduces K itself: a K loop carries `acc`)");
  if (!isBlockCut(offsets[2], sizes[2]))
    return emitOpError("splits K at 32-element blocks only (a slice's "
                       "offset and size must be multiples of 32)");
  SmallVector<OpFoldResult> position, positionSizes;
  if (failed(getPartialResultTilePosition(b, 0, strategy, offsets, sizes,
                                          reductionDims, splitReductionIvs,
                                          position, positionSizes)))
    return failure();
  RankedTensorType partialType = tileType({sizes[0], sizes[1]}, b.getF32Type());
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  Value acc = tensor::ExtractSliceOp::create(b, loc, partialType, init.front(),
                                             position, positionSizes, strides);
  return tileGemm(b, *this, offsets, sizes, acc, partialType);
}

FailureOr<MergeResult>
ScaledMatmulOp::mergeReductions(OpBuilder &b, Location loc,
                                ValueRange partialReduce,
                                const SetVector<unsigned> &reductionDims) {
  if (failed(checkSplittable(*this, reductionDims)))
    return failure();
  RankedTensorType resultType = getResult().getType();
  SmallVector<OpFoldResult> shape = tensor::getMixedSizes(b, loc, getResult());
  // The sum starts from the accumulator, widened to f32, or from zeros.
  Value start = tensor::EmptyOp::create(b, loc, shape, b.getF32Type());
  SmallVector<Operation *> ops;
  if (Value acc = getAcc(); acc && !resultType.getElementType().isF32()) {
    auto widen = linalg::GenericOp::create(
        b, loc, start.getType(), acc, start,
        SmallVector<AffineMap>(2, b.getMultiDimIdentityMap(2)),
        SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
        [](OpBuilder &nb, Location nloc, ValueRange args) {
          Value w = arith::ExtFOp::create(nb, nloc, nb.getF32Type(), args[0]);
          linalg::YieldOp::create(nb, nloc, w);
        });
    ops.push_back(widen);
    start = widen.getResult(0);
  } else if (acc) {
    start = acc;
  } else {
    Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
    auto fill = linalg::FillOp::create(b, loc, zero, start);
    ops.push_back(fill);
    start = fill.getResult(0);
  }
  auto sum = linalg::ReduceOp::create(
      b, loc, partialReduce.front(), start, /*dimensions=*/{0},
      [](OpBuilder &nb, Location nloc, ValueRange args) {
        Value s = arith::AddFOp::create(nb, nloc, args[0], args[1]);
        linalg::YieldOp::create(nb, nloc, s);
      });
  ops.push_back(sum);
  Value result = sum.getResult(0);
  if (!resultType.getElementType().isF32()) {
    Value out =
        tensor::EmptyOp::create(b, loc, shape, resultType.getElementType());
    auto round = linalg::GenericOp::create(
        b, loc, out.getType(), result, out,
        SmallVector<AffineMap>(2, b.getMultiDimIdentityMap(2)),
        SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          Value r = arith::TruncFOp::create(
              nb, nloc, resultType.getElementType(), args[0]);
          linalg::YieldOp::create(nb, nloc, r);
        });
    ops.push_back(round);
    result = round.getResult(0);
  }
  return MergeResult{ops, {result}};
}

LogicalResult ScaledMatmulOp::getPartialResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ReductionTilingStrategy strategy,
    ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes,
    const SetVector<unsigned> &reductionDims,
    ArrayRef<OpFoldResult> splitReductionIvs,
    SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  if (strategy != ReductionTilingStrategy::PartialReductionOuterParallel ||
      splitReductionIvs.size() != 1)
    return failure();
  // Slice s of [S, M, N], rank-reduced to the tile's [M, N].
  resultOffsets = {splitReductionIvs.front(), offsets[0], offsets[1]};
  resultSizes = {b.getIndexAttr(1), sizes[0], sizes[1]};
  return success();
}
