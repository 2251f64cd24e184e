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
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::fp4::mxfp4::tiling {

/// `x / d` for a size or offset known to be a multiple of d.
inline OpFoldResult divExact(OpBuilder &b, Location loc, OpFoldResult x,
                             int64_t d) {
  AffineExpr s0 = b.getAffineSymbolExpr(0);
  return affine::makeComposedFoldedAffineApply(b, loc, s0.floorDiv(d), {x});
}

/// Whether `x` is provably a multiple of `d`: a constant; the induction
/// variable of an scf.for or scf.forall whose lower bound and step are; or
/// an affine apply, min or max each of whose results is one once its
/// operands that are multiples are written `d * v` (what tiling by a
/// constant makes: `iv`, `iv * 128`, `min(128, 512 - iv)`). Anything else
/// is not known to be one.
inline bool isProvablyMultiple(OpFoldResult x, int64_t d) {
  if (std::optional<int64_t> c = getConstantIntValue(x))
    return *c % d == 0;
  Value v = cast<Value>(x);
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto isMultiple = [&](OpFoldResult f) {
      std::optional<int64_t> c = getConstantIntValue(f);
      return c && *c % d == 0;
    };
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast_or_null<scf::ForOp>(owner))
      return arg == loop.getInductionVar() &&
             isMultiple(loop.getLowerBound()) && isMultiple(loop.getStep());
    if (auto loop = dyn_cast_or_null<scf::ForallOp>(owner)) {
      for (auto [iv, lb, step] :
           llvm::zip(loop.getInductionVars(), loop.getMixedLowerBound(),
                     loop.getMixedStep()))
        if (iv == arg)
          return isMultiple(lb) && isMultiple(step);
    }
    return false;
  }
  Operation *def = v.getDefiningOp();
  AffineMap map;
  if (auto apply = dyn_cast_or_null<affine::AffineApplyOp>(def))
    map = apply.getAffineMap();
  else if (auto min = dyn_cast_or_null<affine::AffineMinOp>(def))
    map = min.getAffineMap();
  else if (auto max = dyn_cast_or_null<affine::AffineMaxOp>(def))
    map = max.getAffineMap();
  else
    return false;
  MLIRContext *ctx = def->getContext();
  SmallVector<AffineExpr> dims, symbols;
  for (auto [i, operand] : llvm::enumerate(def->getOperands())) {
    bool dim = i < map.getNumDims();
    AffineExpr e = dim ? getAffineDimExpr(i, ctx)
                       : getAffineSymbolExpr(i - map.getNumDims(), ctx);
    if (isProvablyMultiple(operand, d))
      e = e * d;
    (dim ? dims : symbols).push_back(e);
  }
  return llvm::all_of(map.getResults(), [&](AffineExpr e) {
    return e.replaceDimsAndSymbols(dims, symbols).isMultipleOf(d);
  });
}

/// A cut of the last dimension at block boundaries, provably: a cut inside
/// a block would split the elements that share a scale. (The whole
/// dimension is a block cut too: K is a multiple of 32 by the verifiers.)
inline bool isBlockCut(OpFoldResult offset, OpFoldResult size) {
  return isProvablyMultiple(offset, kBlockSize) &&
         isProvablyMultiple(size, kBlockSize);
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
