//===- MXFP4Tiling.cpp - TilingInterface of the mxfp4 ops -------*- C++ -*-===//
//
// The ops tile like their linalg counterparts, with one constraint from the
// format: K is cut only at 32-element block boundaries, so that a tile of
// values keeps the scales that belong to it.
//
// - scaled_matmul: (M, N) parallel, K a reduction. A tile computes C[tile]
//   from whole rows of A and B; a K tile that is not the whole of K is
//   refused (it would need an accumulator: split-K is a separate tiling).
// - quantize, dequantize: every dimension parallel; the last one in whole
//   blocks. A tile of the values result and the matching tile of the scales
//   are computed together.
//
// Pre-shuffled B is sliced by rows: aiter's layouts keep each 16 B rows and
// each 32 scale rows together, so a tile takes B's rows and the whole
// 32-row scale groups that hold them. The lowering addresses both through
// the untiled operands.
//
//===----------------------------------------------------------------------===//

#include "TilingUtils.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::fp4::mxfp4;
using namespace mlir::fp4::mxfp4::tiling;

static SmallVector<Range> domainOf(OpBuilder &b, Location loc, Value v) {
  SmallVector<Range> domain;
  for (OpFoldResult size : tensor::getMixedSizes(b, loc, v))
    domain.push_back({b.getIndexAttr(0), size, b.getIndexAttr(1)});
  return domain;
}

/// The sizes of `v` as reified result shapes.
static void reifyLike(OpBuilder &b, Location loc, Value v,
                      ReifiedRankedShapedTypeDims &out) {
  out.push_back(tensor::getMixedSizes(b, loc, v));
}

/// The scales tile of a values tile: the last dimension in blocks.
static void scalesTile(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> off,
                       ArrayRef<OpFoldResult> sz,
                       SmallVector<OpFoldResult> &scaleOff,
                       SmallVector<OpFoldResult> &scaleSz) {
  scaleOff.assign(off.begin(), off.end());
  scaleSz.assign(sz.begin(), sz.end());
  scaleOff.back() = divExact(b, loc, off.back(), kBlockSize);
  scaleSz.back() = divExact(b, loc, sz.back(), kBlockSize);
}

/// The values tile of a scales tile: the last dimension times the block.
static void valuesTileOfScales(OpBuilder &b, Location loc,
                               ArrayRef<OpFoldResult> off,
                               ArrayRef<OpFoldResult> sz,
                               SmallVector<OpFoldResult> &valueOff,
                               SmallVector<OpFoldResult> &valueSz) {
  AffineExpr s0 = b.getAffineSymbolExpr(0);
  valueOff.assign(off.begin(), off.end());
  valueSz.assign(sz.begin(), sz.end());
  valueOff.back() = affine::makeComposedFoldedAffineApply(
      b, loc, s0 * kBlockSize, {off.back()});
  valueSz.back() = affine::makeComposedFoldedAffineApply(
      b, loc, s0 * kBlockSize, {sz.back()});
}

//===----------------------------------------------------------------------===//
// quantize
//===----------------------------------------------------------------------===//

SmallVector<utils::IteratorType> QuantizeOp::getLoopIteratorTypes() {
  return SmallVector<utils::IteratorType>(getInput().getType().getRank(),
                                          utils::IteratorType::parallel);
}

SmallVector<Range> QuantizeOp::getIterationDomain(OpBuilder &b) {
  return domainOf(b, getLoc(), getInput());
}

FailureOr<TilingResult>
QuantizeOp::getTiledImplementation(OpBuilder &b, ArrayRef<OpFoldResult> offsets,
                                   ArrayRef<OpFoldResult> sizes) {
  Location loc = getLoc();
  if (!isBlockCut(offsets.back(), sizes.back()))
    return failure();
  auto input = cast<tensor::ExtractSliceOp>(
      slice(b, loc, getInput(), offsets, sizes).getDefiningOp());
  SmallVector<OpFoldResult> scaleOff, scaleSz;
  scalesTile(b, loc, offsets, sizes, scaleOff, scaleSz);
  auto tiled = QuantizeOp::create(
      b, loc, tileType(sizes, getValues().getType().getElementType()),
      tileType(scaleSz, getScales().getType().getElementType()),
      input.getResult(), getScaleMode(), getTies());
  return TilingResult{
      {tiled}, SmallVector<Value>(tiled->getResults()), {input}};
}

LogicalResult QuantizeOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  if (resultNumber == 0) {
    resultOffsets.assign(offsets.begin(), offsets.end());
    resultSizes.assign(sizes.begin(), sizes.end());
    return success();
  }
  scalesTile(b, getLoc(), offsets, sizes, resultOffsets, resultSizes);
  return success();
}

FailureOr<TilingResult>
QuantizeOp::generateResultTileValue(OpBuilder &b, unsigned resultNumber,
                                    ArrayRef<OpFoldResult> offsets,
                                    ArrayRef<OpFoldResult> sizes) {
  // Fusion uses the first tiled value as the tile of `resultNumber`.
  SmallVector<OpFoldResult> valueOff(offsets), valueSz(sizes);
  if (resultNumber == 1)
    valuesTileOfScales(b, getLoc(), offsets, sizes, valueOff, valueSz);
  FailureOr<TilingResult> tiled = getTiledImplementation(b, valueOff, valueSz);
  if (succeeded(tiled))
    tiled->tiledValues = {tiled->tiledValues[resultNumber]};
  return tiled;
}

LogicalResult
QuantizeOp::reifyResultShapes(OpBuilder &b,
                              ReifiedRankedShapedTypeDims &reifiedShapes) {
  Location loc = getLoc();
  reifyLike(b, loc, getInput(), reifiedShapes);
  SmallVector<OpFoldResult> scales = tensor::getMixedSizes(b, loc, getInput());
  scales.back() = divExact(b, loc, scales.back(), kBlockSize);
  reifiedShapes.push_back(scales);
  return success();
}

//===----------------------------------------------------------------------===//
// dequantize
//===----------------------------------------------------------------------===//

SmallVector<utils::IteratorType> DequantizeOp::getLoopIteratorTypes() {
  return SmallVector<utils::IteratorType>(getValues().getType().getRank(),
                                          utils::IteratorType::parallel);
}

SmallVector<Range> DequantizeOp::getIterationDomain(OpBuilder &b) {
  return domainOf(b, getLoc(), getValues());
}

FailureOr<TilingResult>
DequantizeOp::getTiledImplementation(OpBuilder &b,
                                     ArrayRef<OpFoldResult> offsets,
                                     ArrayRef<OpFoldResult> sizes) {
  Location loc = getLoc();
  if (!isBlockCut(offsets.back(), sizes.back()))
    return failure();
  SmallVector<OpFoldResult> scaleOff, scaleSz;
  scalesTile(b, loc, offsets, sizes, scaleOff, scaleSz);
  Value values = slice(b, loc, getValues(), offsets, sizes);
  Value scales = slice(b, loc, getScales(), scaleOff, scaleSz);
  auto tiled = DequantizeOp::create(
      b, loc, tileType(sizes, getResult().getType().getElementType()), values,
      scales);
  return TilingResult{{tiled},
                      {tiled.getResult()},
                      {values.getDefiningOp(), scales.getDefiningOp()}};
}

LogicalResult DequantizeOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  resultOffsets.assign(offsets.begin(), offsets.end());
  resultSizes.assign(sizes.begin(), sizes.end());
  return success();
}

FailureOr<TilingResult>
DequantizeOp::generateResultTileValue(OpBuilder &b, unsigned resultNumber,
                                      ArrayRef<OpFoldResult> offsets,
                                      ArrayRef<OpFoldResult> sizes) {
  return getTiledImplementation(b, offsets, sizes);
}

LogicalResult
DequantizeOp::reifyResultShapes(OpBuilder &b,
                                ReifiedRankedShapedTypeDims &reifiedShapes) {
  reifyLike(b, getLoc(), getValues(), reifiedShapes);
  return success();
}
