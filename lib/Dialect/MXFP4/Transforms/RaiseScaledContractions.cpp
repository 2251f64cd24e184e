//===- RaiseScaledContractions.cpp - upstream MX GEMMs to scaled_matmul ---===//
//
// A front end that does not know the mxfp4 dialect writes an MXFP4 GEMM
// with upstream ops only: both operands dequantized with
// `arith.scaling_extf` (fp4 values times their E8M0 block scale,
// broadcast along K), then a contraction with B transposed and an f32
// accumulator. This pattern raises it to the `mxfp4.scaled_matmul` it is,
// so that it compiles to the same kernel as the dialect's spelling:
//
//   %a = dequant(%aq [M, K] fp4, %as [M, K/32] E8M0)      (bf16 or f32)
//   %b = dequant(%bq [N, K] fp4, %bs [N, K/32] E8M0)
//   %c = linalg.matmul indexing_maps = [A(m, k), B(n, k), C(m, n)]
//          ins(%a, %b) outs(%init : tensor<MxNxf32>)
//   ==>
//   %c = mxfp4.scaled_matmul %aq, %as, %bq, %bs [acc(%init)] -> f32
//
// A dequantize is either form a front end writes:
// - `arith.scaling_extf` on tensors, the scales broadcast to the values'
//   shape by `linalg.broadcast` [R, K/32] -> [R, K/32, 32] and a
//   `tensor.collapse_shape` to [R, K];
// - a `linalg.generic` over [R, K] whose body is one `arith.scaling_extf`
//   of the values (identity map) and the scales (`(r, k) -> (r, k / 32)`).
//
// The dequantized element type is bf16 or f32, where every fp4 value times
// a scale is exact (f16's range is not: it is left as written). The init
// is the accumulator unless it is a fill of +0.0. The sum's order becomes
// the kernel's, as it does for any GEMM a GPU compiler tiles. What does not
// match (B not transposed, another accumulator type, other dequantizes)
// stays as it is and compiles on the generic path: raising is an
// optimization, never a precondition.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::fp4::mxfp4 {
#define GEN_PASS_DEF_RAISESCALEDCONTRACTIONS
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"
} // namespace mlir::fp4::mxfp4

using namespace mlir;
using namespace mlir::fp4::mxfp4;

namespace {

/// MX data: fp4 values [R, K] and their E8M0 scales [R, K/32].
struct MXOperand {
  Value values, scales;
};

bool isBlockScalesOf(Value scales, Value values) {
  auto s = dyn_cast<RankedTensorType>(scales.getType());
  auto v = dyn_cast<RankedTensorType>(values.getType());
  if (!s || !v || s.getRank() != 2 || v.getRank() != 2 ||
      !isa<Float8E8M0FNUType>(s.getElementType()) ||
      !isa<Float4E2M1FNType>(v.getElementType()) || v.isDynamicDim(1) ||
      v.getDimSize(1) % kBlockSize != 0)
    return false;
  return s.getDimSize(1) == v.getDimSize(1) / kBlockSize &&
         (s.isDynamicDim(0) || v.isDynamicDim(0) ||
          s.getDimSize(0) == v.getDimSize(0));
}

/// [R, K/32] scales broadcast to [R, K]: linalg.broadcast to
/// [R, K/32, 32] (dimension 2 added), collapsed by [[0], [1, 2]].
std::optional<Value> matchBroadcastScales(Value v) {
  auto collapse = v.getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse || collapse.getSrcType().getRank() != 3 ||
      collapse.getSrcType().getDimSize(2) != kBlockSize)
    return std::nullopt;
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  if (groups.size() != 2 || groups[0] != ReassociationIndices{0} ||
      groups[1] != ReassociationIndices{1, 2})
    return std::nullopt;
  auto broadcast = collapse.getSrc().getDefiningOp<linalg::BroadcastOp>();
  if (!broadcast || broadcast.getDimensions() != ArrayRef<int64_t>{2})
    return std::nullopt;
  return broadcast.getInput();
}

/// A dequantize to bf16 or f32 of MX data, in either form.
std::optional<MXOperand> matchDequantized(Value v) {
  Type element = getElementTypeOrSelf(v.getType());
  if (!element.isBF16() && !element.isF32())
    return std::nullopt;
  if (auto extf = v.getDefiningOp<arith::ScalingExtFOp>()) {
    std::optional<Value> scales = matchBroadcastScales(extf.getScale());
    if (scales && isBlockScalesOf(*scales, extf.getIn()))
      return MXOperand{extf.getIn(), *scales};
    return std::nullopt;
  }
  auto generic = v.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || generic.getNumLoops() != 2 ||
      generic.getNumParallelLoops() != 2)
    return std::nullopt;
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto extf = yield.getOperand(0).getDefiningOp<arith::ScalingExtFOp>();
  if (!extf || &body.front() != extf.getOperation())
    return std::nullopt;
  auto inArg = dyn_cast<BlockArgument>(extf.getIn());
  auto scaleArg = dyn_cast<BlockArgument>(extf.getScale());
  if (!inArg || !scaleArg || inArg.getOwner() != &body ||
      scaleArg.getOwner() != &body || inArg.getArgNumber() > 1 ||
      scaleArg.getArgNumber() > 1 || inArg == scaleArg)
    return std::nullopt;
  OpOperand *values = generic.getDpsInputOperand(inArg.getArgNumber());
  OpOperand *scales = generic.getDpsInputOperand(scaleArg.getArgNumber());
  MLIRContext *ctx = generic.getContext();
  AffineExpr r = getAffineDimExpr(0, ctx), k = getAffineDimExpr(1, ctx);
  AffineMap blocked = AffineMap::get(2, 0, {r, k.floorDiv(kBlockSize)}, ctx);
  if (!generic.getMatchingIndexingMap(values).isIdentity() ||
      generic.getMatchingIndexingMap(scales) != blocked ||
      !generic.getIndexingMapsArray().back().isIdentity() ||
      !isBlockScalesOf(scales->get(), values->get()))
    return std::nullopt;
  return MXOperand{values->get(), scales->get()};
}

/// The indexing maps of C[m, n] += A[m, k] * B[n, k] with B transposed.
bool hasTransposedBMaps(linalg::LinalgOp op) {
  MLIRContext *ctx = op.getContext();
  AffineExpr m = getAffineDimExpr(0, ctx), n = getAffineDimExpr(1, ctx),
             k = getAffineDimExpr(2, ctx);
  auto map = [&](ArrayRef<AffineExpr> results) {
    return AffineMap::get(3, 0, results, ctx);
  };
  return op.getIndexingMapsArray() ==
         SmallVector<AffineMap>{map({m, k}), map({n, k}), map({m, n})};
}

/// A linalg.fill of +0.0: a GEMM without an accumulator.
bool isZeroFill(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill)
    return false;
  APFloat zero(0.0);
  return matchPattern(fill.getInputs().front(), m_ConstantFloat(&zero)) &&
         zero.isPosZero();
}

struct RaiseScaledContraction
    : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op->getNumResults() != 1 ||
        op.getNumDpsInputs() != 2 || op.getNumLoops() != 3 ||
        !linalg::isaContractionOpInterface(op) || !hasTransposedBMaps(op))
      return rewriter.notifyMatchFailure(op, "not C[m, n] += A[m, k] * "
                                             "B[n, k]");
    Value init = op.getDpsInitOperand(0)->get();
    auto cType = cast<RankedTensorType>(init.getType());
    if (!cType.getElementType().isF32())
      return rewriter.notifyMatchFailure(op, "not accumulated in f32");
    std::optional<MXOperand> a =
        matchDequantized(op.getDpsInputOperand(0)->get());
    std::optional<MXOperand> b =
        matchDequantized(op.getDpsInputOperand(1)->get());
    if (!a || !b)
      return rewriter.notifyMatchFailure(op, "an operand is not dequantized "
                                             "MX data");
    Value acc = isZeroFill(init) ? Value() : init;
    auto gemm = ScaledMatmulOp::create(
        rewriter, op.getLoc(), cType, a->values, a->scales, b->values,
        b->scales, acc, LayoutAttr::get(getContext(), Layout::plain),
        GemmConfigAttr(), ArrayAttr());
    rewriter.replaceOp(op, gemm.getResult());
    return success();
  }
};

struct RaiseScaledContractionsPass
    : public mlir::fp4::mxfp4::impl::RaiseScaledContractionsBase<
          RaiseScaledContractionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRaiseScaledContractionsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::fp4::mxfp4::populateRaiseScaledContractionsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<RaiseScaledContraction>(patterns.getContext());
}
