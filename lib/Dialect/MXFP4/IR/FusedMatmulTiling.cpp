//===- FusedMatmulTiling.cpp - TilingInterface of fused_matmul --*- C++ -*-===//
//
// fused_matmul tiles along (M, N), both parallel; K is never cut (split-K
// is the op's own business, by its config). A tile of the op computes its
// tile of the outputs from whole rows of A and of each B, the slices of the
// prologue's and epilogue's operands that their maps give, and, for
// pre-shuffled B, the whole 32-row scale groups that hold the tile's B rows
// (aiter's e8m0_shuffle keeps each 32 rows together), with b_scales_row
// saying where the first B row sits in the first group.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::fp4::mxfp4;

static OpFoldResult mixedSize(OpBuilder &b, Location loc, Value v,
                              int64_t dim) {
  if (isa<MemRefType>(v.getType()))
    return memref::getMixedSize(b, loc, v, dim);
  return tensor::getMixedSize(b, loc, v, dim);
}

static Value slice(OpBuilder &b, Location loc, Value v,
                   ArrayRef<OpFoldResult> offsets,
                   ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  if (isa<MemRefType>(v.getType()))
    return memref::SubViewOp::create(b, loc, v, offsets, sizes, strides);
  return tensor::ExtractSliceOp::create(b, loc, v, offsets, sizes, strides);
}

static OpFoldResult apply(OpBuilder &b, Location loc, AffineExpr e,
                          ArrayRef<OpFoldResult> operands) {
  return affine::makeComposedFoldedAffineApply(b, loc, e, operands);
}

/// Rows [offset, offset + size) of a 2-D operand whose last dimension is
/// kept whole.
static Value sliceRows(OpBuilder &b, Location loc, Value v, OpFoldResult offset,
                       OpFoldResult size) {
  return slice(b, loc, v, {offset, b.getIndexAttr(0)},
               {size, mixedSize(b, loc, v, 1)});
}

/// The slice of an operand read through `map` (a projected permutation of
/// (d0, d1)) for the tile (offsets, sizes) of (d0, d1); a scalar is itself.
static FailureOr<Value> sliceThroughMap(OpBuilder &b, Location loc, Value v,
                                        AffineMap map,
                                        ArrayRef<OpFoldResult> offsets,
                                        ArrayRef<OpFoldResult> sizes) {
  auto type = dyn_cast<ShapedType>(v.getType());
  if (!type)
    return v;
  if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
    return failure();
  SmallVector<OpFoldResult> off, sz;
  for (auto [d, expr] : llvm::enumerate(map.getResults())) {
    unsigned pos = cast<AffineDimExpr>(expr).getPosition();
    // The prologue's second dimension is K, never cut.
    if (pos >= offsets.size()) {
      off.push_back(b.getIndexAttr(0));
      sz.push_back(mixedSize(b, loc, v, d));
      continue;
    }
    off.push_back(offsets[pos]);
    sz.push_back(sizes[pos]);
  }
  return slice(b, loc, v, off, sz);
}

/// The slices of the outputs for the tile (offsets, sizes) of (M, N).
static void outputTile(OpBuilder &b, Location loc, FusedMatmulOp op,
                       unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
                       ArrayRef<OpFoldResult> sizes,
                       SmallVector<OpFoldResult> &resultOffsets,
                       SmallVector<OpFoldResult> &resultSizes) {
  resultOffsets = {offsets[0], offsets[1]};
  resultSizes = {sizes[0], sizes[1]};
  Value out = op.getOuts()[resultNumber];
  if (op.getScatterRows()) {
    // The tile's rows add into any token's row: its columns, every row.
    resultOffsets[0] = b.getIndexAttr(0);
    resultSizes[0] = mixedSize(b, loc, out, 0);
    return;
  }
  int64_t divisor = 1;
  if (op.quantizesOutput())
    divisor =
        resultNumber == 1
            ? kBlockSize
            : (isByteStorage(getElementTypeOrSelf(out.getType())) ? 2 : 1);
  if (divisor == 1)
    return;
  AffineExpr s0 = b.getAffineSymbolExpr(0);
  resultOffsets[1] = apply(b, loc, s0.floorDiv(divisor), {offsets[1]});
  resultSizes[1] = apply(b, loc, s0.ceilDiv(divisor), {sizes[1]});
}

/// Rows [offset, offset + size) of expert `expert`'s matrix in a 3-D [E,
/// rows, K] operand, as a 2-D slice.
static Value sliceExpert(OpBuilder &b, Location loc, Value v, Value expert,
                         OpFoldResult offset, OpFoldResult size) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<OpFoldResult> offsets = {expert, offset, b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1), size,
                                     mixedSize(b, loc, v, 2)};
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  auto sliceType = tensor::ExtractSliceOp::inferCanonicalRankReducedResultType(
      2, type, sizes);
  return tensor::ExtractSliceOp::create(b, loc, sliceType, v, offsets, sizes,
                                        strides);
}

/// The expert of the tile at row `offset` of a grouped op (experts holds
/// one per tile_m rows), clamped into [0, E): a block past the routing's
/// runs (-1) holds padding rows only, which read zeros from any expert.
/// Null when the op has no experts.
FailureOr<Value> FusedMatmulOp::tileExpert(OpBuilder &b, OpFoldResult offset) {
  if (!getBExperts())
    return Value();
  Location loc = getLoc();
  if (!getConfigAttr() || !hasPureTensorSemantics())
    return emitOpError("with experts is tiled on tensors, by its config's "
                       "tile");
  AffineExpr s0 = b.getAffineSymbolExpr(0);
  Value block = getValueOrCreateConstantIndexOp(
      b, loc, apply(b, loc, s0.floorDiv(getConfigAttr().getTileM()), {offset}));
  Value id = tensor::ExtractOp::create(b, loc, getBExperts(), block);
  Value index = arith::IndexCastOp::create(b, loc, b.getIndexType(), id);
  Value last =
      arith::SubIOp::create(b, loc,
                            getValueOrCreateConstantIndexOp(
                                b, loc, mixedSize(b, loc, getBValues(0), 0)),
                            arith::ConstantIndexOp::create(b, loc, 1));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  return arith::MinSIOp::create(
             b, loc, arith::MaxSIOp::create(b, loc, index, zero), last)
      .getResult();
}

SmallVector<utils::IteratorType> FusedMatmulOp::getLoopIteratorTypes() {
  return {utils::IteratorType::parallel, utils::IteratorType::parallel};
}

SmallVector<Range> FusedMatmulOp::getIterationDomain(OpBuilder &b) {
  Location loc = getLoc();
  OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
  // M: the gathered rows of a grouped GEMM, else A's; N: each B's rows
  // (its second dimension when B is [E, N, K]).
  auto bType = cast<ShapedType>(getBValues(0).getType());
  return {{zero, mixedSize(b, loc, getRowsSource(), 0), one},
          {zero, mixedSize(b, loc, getBValues(0), bType.getRank() - 2), one}};
}

FailureOr<TilingResult>
FusedMatmulOp::getTiledImplementation(OpBuilder &b,
                                      ArrayRef<OpFoldResult> offsets,
                                      ArrayRef<OpFoldResult> sizes) {
  Location loc = getLoc();
  SmallVector<Value> a, bOps, prologueIns, ins, outs;
  // A gathered A is read whole (its rows are data); the tile's rows of
  // the gather are sliced instead.
  for (Value v : getA())
    a.push_back(getARows() ? v : sliceRows(b, loc, v, offsets[0], sizes[0]));
  Value aRows, scatterRows;
  if (getARows())
    aRows = slice(b, loc, getARows(), {offsets[0]}, {sizes[0]});
  if (getScatterRows())
    scatterRows = slice(b, loc, getScatterRows(), {offsets[0]}, {sizes[0]});
  FailureOr<Value> expert = tileExpert(b, offsets[0]);
  if (failed(expert))
    return failure();
  Value scalesRow;
  for (unsigned i = 0; i < getNumB(); ++i) {
    if (*expert) {
      bOps.push_back(
          sliceExpert(b, loc, getBValues(i), *expert, offsets[1], sizes[1]));
      bOps.push_back(
          sliceExpert(b, loc, getBScales(i), *expert, offsets[1], sizes[1]));
      continue;
    }
    bOps.push_back(sliceRows(b, loc, getBValues(i), offsets[1], sizes[1]));
    Value scales = getBScales(i);
    if (getBLayout() == Layout::plain) {
      bOps.push_back(sliceRows(b, loc, scales, offsets[1], sizes[1]));
      continue;
    }
    // The 32-row groups that hold rows [row, row + size) of the scales,
    // row = b_scales_row + offset.
    AffineExpr s0 = b.getAffineSymbolExpr(0), s1 = b.getAffineSymbolExpr(1);
    OpFoldResult row = offsets[1];
    if (Value r = getBScalesRow())
      row = apply(b, loc, s0 + s1, {row, r});
    OpFoldResult groupStart = apply(b, loc, s0.floorDiv(32) * 32, {row});
    OpFoldResult groupRows =
        apply(b, loc, (s0 % 32 + s1).ceilDiv(32) * 32, {row, sizes[1]});
    bOps.push_back(sliceRows(b, loc, scales, groupStart, groupRows));
    scalesRow =
        getValueOrCreateConstantIndexOp(b, loc, apply(b, loc, s0 % 32, {row}));
  }
  // Operands of the prologue: (m, k), with k whole.
  for (auto [v, map] : llvm::zip(getPrologueIns(), getPrologueMaps())) {
    FailureOr<Value> s =
        sliceThroughMap(b, loc, v, cast<AffineMapAttr>(map).getValue(),
                        {offsets[0]}, {sizes[0]});
    if (failed(s))
      return emitOpError("a prologue operand map is not a projected "
                         "permutation; the op cannot be tiled");
    prologueIns.push_back(*s);
  }
  for (auto [v, map] : llvm::zip(getIns(), getInsMaps())) {
    FailureOr<Value> s = sliceThroughMap(
        b, loc, v, cast<AffineMapAttr>(map).getValue(), offsets, sizes);
    if (failed(s))
      return emitOpError("an epilogue operand map is not a projected "
                         "permutation; the op cannot be tiled");
    ins.push_back(*s);
  }
  for (unsigned r = 0; r < getOuts().size(); ++r) {
    SmallVector<OpFoldResult> off, sz;
    outputTile(b, loc, *this, r, offsets, sizes, off, sz);
    outs.push_back(slice(b, loc, getOuts()[r], off, sz));
  }
  SmallVector<Type> resultTypes;
  if (hasPureTensorSemantics())
    for (Value o : outs)
      resultTypes.push_back(o.getType());
  IRMapping map;
  auto tiled = cast<FusedMatmulOp>(b.clone(*getOperation(), map));
  // Rebuild the operand list: same segments, sliced operands.
  SmallVector<Value> operands;
  llvm::append_range(operands, a);
  llvm::append_range(operands, bOps);
  llvm::append_range(operands, prologueIns);
  llvm::append_range(operands, ins);
  llvm::append_range(operands, outs);
  if (scalesRow)
    operands.push_back(scalesRow);
  if (aRows)
    operands.push_back(aRows);
  // The tile's Bs are its expert's: it has no experts operand. The
  // scatter's weights are read whole (by token).
  if (scatterRows)
    llvm::append_range(operands,
                       SmallVector<Value>{scatterRows, getScatterWeights()});
  tiled->setOperands(operands);
  tiled.getProperties().operandSegmentSizes = {
      static_cast<int32_t>(a.size()),
      static_cast<int32_t>(bOps.size()),
      static_cast<int32_t>(prologueIns.size()),
      static_cast<int32_t>(ins.size()),
      static_cast<int32_t>(outs.size()),
      scalesRow ? 1 : 0,
      aRows ? 1 : 0,
      0,
      scatterRows ? 1 : 0,
      scatterRows ? 1 : 0};
  for (auto [result, type] : llvm::zip(tiled->getResults(), resultTypes))
    result.setType(type);
  SmallVector<Operation *> slices;
  for (Value v : operands)
    if (Operation *def = v.getDefiningOp();
        def && isa<tensor::ExtractSliceOp, memref::SubViewOp>(def))
      slices.push_back(def);
  return TilingResult{{tiled}, SmallVector<Value>(tiled->getResults()), slices};
}

LogicalResult FusedMatmulOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  outputTile(b, getLoc(), *this, resultNumber, offsets, sizes, resultOffsets,
             resultSizes);
  return success();
}

FailureOr<TilingResult>
FusedMatmulOp::generateResultTileValue(OpBuilder &b, unsigned resultNumber,
                                       ArrayRef<OpFoldResult> offsets,
                                       ArrayRef<OpFoldResult> sizes) {
  // Only the plain output's tile is the op's tile as given; the quantized
  // outputs' positions are scaled along N, and a scattered output's rows
  // are data.
  if (quantizesOutput() || getScatterRows())
    return failure();
  return getTiledImplementation(b, offsets, sizes);
}
