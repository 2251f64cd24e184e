//===- TilingUtils.h - slices of blocked operands ---------------*- C++ -*-===//
//
// What the TilingInterface implementations of the mxfp4 ops share: slices,
// tile types, and the rule that K (the blocked last dimension) is cut only
// at 32-element block boundaries. Internal to lib/Dialect/MXFP4/IR.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_DIALECT_MXFP4_IR_TILINGUTILS_H
#define FP4_LIB_DIALECT_MXFP4_IR_TILINGUTILS_H

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::fp4::mxfp4::tiling {

/// `x / d` for a size or offset known to be a multiple of d.
inline OpFoldResult divExact(OpBuilder &b, Location loc, OpFoldResult x,
                             int64_t d) {
  AffineExpr s0 = b.getAffineSymbolExpr(0);
  return affine::makeComposedFoldedAffineApply(b, loc, s0.floorDiv(d), {x});
}

/// False for a constant cut inside a block. A dynamic cut is trusted: it is
/// the edge tile of a loop whose tile and extent are multiples of the block
/// (mxfp4-form-kernels tiles by a config's tile; the verifier checks the
/// extent).
inline bool isBlockAligned(OpFoldResult x, int64_t d) {
  std::optional<int64_t> c = getConstantIntValue(x);
  return !c || *c % d == 0;
}

/// A cut of the last dimension at block boundaries: a cut inside a block
/// would split the elements that share a scale. (The whole dimension is a
/// block cut too: K is a multiple of 32 by the verifiers.)
inline bool isBlockCut(OpFoldResult offset, OpFoldResult size) {
  return isBlockAligned(offset, kBlockSize) && isBlockAligned(size, kBlockSize);
}

inline Value slice(OpBuilder &b, Location loc, Value source,
                   ArrayRef<OpFoldResult> offsets,
                   ArrayRef<OpFoldResult> sizes) {
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, source, offsets, sizes,
                                        strides);
}

inline RankedTensorType tileType(ArrayRef<OpFoldResult> sizes, Type element) {
  SmallVector<int64_t> shape;
  for (OpFoldResult s : sizes)
    shape.push_back(getConstantIntValue(s).value_or(ShapedType::kDynamic));
  return RankedTensorType::get(shape, element);
}

} // namespace mlir::fp4::mxfp4::tiling

#endif // FP4_LIB_DIALECT_MXFP4_IR_TILINGUTILS_H
