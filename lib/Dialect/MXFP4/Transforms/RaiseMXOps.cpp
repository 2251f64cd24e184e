//===- RaiseMXOps.cpp - upstream MX quantization and GEMMs to mxfp4
//--------===//
//
// A front end that does not know the mxfp4 dialect writes MXFP4 with
// upstream ops only. These patterns raise what it writes to the mxfp4 ops
// it is, so that it compiles to the kernels of the dialect's spelling.
//
// RaiseScaledContraction: both operands dequantized with
// `arith.scaling_extf` (MX values of any format times their E8M0 block
// scale, broadcast along K), then a contraction with B transposed and an
// f32 accumulator:
//
//   %a = dequant(%aq [M, K] MX, %as [M, K/32] E8M0)       (bf16 or f32)
//   %b = dequant(%bq [N, K] MX, %bs [N, K/32] E8M0)
//   %c = linalg.matmul indexing_maps = [A(m, k), B(n, k), C(m, n)]
//          ins(%a, %b) outs(%init : tensor<MxNxf32>)
//        (or linalg.matmul ins(%a, linalg.transpose(%b)), as x @ W^T of a
//        weight stored [N, K] is written)
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
// The dequantized element type is f32, where every MX value times a scale
// is exact up to overflow at the largest scales, or bf16 for fp4 and fp6,
// whose smallest subnormals times 2^-127 bf16 still holds (fp8's it does
// not: 2^-136 and 2^-143; f16's range is far smaller: both are left as
// written). The init
// is the accumulator unless it is a fill of +0.0. The sum's order becomes
// the kernel's, as it does for any GEMM a GPU compiler tiles.
//
// RaiseScalingTruncF: OCP MX quantization with the floor scale rule,
// written out (docs/dialect.md, "Programs in upstream ops only"):
//
//   %amax = linalg.reduce max(|x|) over each block of 32 (expand_shape)
//   %s    = arith.truncf(%amax * 2^-emax) to E8M0 (2^(floor(log2 amax) -
//           emax), emax the format's: 0.25 for fp4 and E2M3, 0.0625 E3M2)
//   %q    = arith.scaling_truncf %x, broadcast(%s) to f4E2M1FN or fp6
//   ==>
//   %q, %s = mxfp4.quantize %x mode = floor
//
// Only the formats without Inf or NaN (fp4, fp6): there `truncf` saturates
// as `quantize` does, while fp8's overflows to NaN (E4M3) or Inf (E5M2),
// which the floor rule reaches (scaled magnitudes up to 2^(emax+1)).
//
// What does not match stays as it is: raising is an optimization, never a
// precondition.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include <cmath>

namespace mlir::fp4::mxfp4 {
#define GEN_PASS_DEF_RAISEMXOPS
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
      !isMXElementType(v.getElementType()) || v.isDynamicDim(1) ||
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

std::optional<MXOperand> matchDequantizedOperand(Value v);

/// A dequantize to bf16 or f32 of MX data, in either form.
std::optional<MXOperand> matchDequantized(Value v) {
  Type element = getElementTypeOrSelf(v.getType());
  if (!element.isBF16() && !element.isF32())
    return std::nullopt;
  std::optional<MXOperand> mx = matchDequantizedOperand(v);
  // bf16 holds every fp4 and fp6 value times a scale, not fp8's smallest.
  if (mx && element.isBF16() &&
      isa<Float8E4M3FNType, Float8E5M2Type>(
          getElementTypeOrSelf(mx->values.getType())))
    return std::nullopt;
  return mx;
}

/// matchDequantized's operands, whatever the dequantized type.
std::optional<MXOperand> matchDequantizedOperand(Value v) {
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

/// The maps of C[m, n] += A[m, k] * B[n, k] (B transposed) or, with
/// `plainB`, of C[m, n] += A[m, k] * B[k, n].
bool hasContractionMaps(linalg::LinalgOp op, bool plainB) {
  MLIRContext *ctx = op.getContext();
  AffineExpr m = getAffineDimExpr(0, ctx), n = getAffineDimExpr(1, ctx),
             k = getAffineDimExpr(2, ctx);
  auto map = [&](ArrayRef<AffineExpr> results) {
    return AffineMap::get(3, 0, results, ctx);
  };
  return op.getIndexingMapsArray() ==
         SmallVector<AffineMap>{map({m, k}), plainB ? map({k, n}) : map({n, k}),
                                map({m, n})};
}

/// B as the contraction reads it: [N, K] directly (B transposed by the
/// maps), or [K, N] as a linalg.transpose of an [N, K] tensor (how
/// `x @ W^T` of a weight stored [N, K] is written, torch's nn.Linear):
/// either way the [N, K] tensor.
std::optional<Value> matchTransposedB(linalg::LinalgOp op) {
  Value b = op.getDpsInputOperand(1)->get();
  if (hasContractionMaps(op, /*plainB=*/false))
    return b;
  auto transpose = b.getDefiningOp<linalg::TransposeOp>();
  if (hasContractionMaps(op, /*plainB=*/true) && transpose &&
      transpose.getPermutation() == ArrayRef<int64_t>{1, 0})
    return transpose.getInput();
  return std::nullopt;
}

/// `v` is a float constant (a scalar, or a splat) of exactly the value `c`
/// (bit for bit: -0.0 is not 0.0).
bool isFloatConstant(Value v, double c) {
  APFloat value(0.0);
  return matchPattern(v, m_ConstantFloat(&value)) && value.isExactlyValue(c);
}

/// A linalg.fill of +0.0: a GEMM without an accumulator.
bool isZeroFill(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  return fill && isFloatConstant(fill.getInputs().front(), 0.0);
}

struct RaiseScaledContraction
    : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<Value> bNK;
    if (op.hasPureTensorSemantics() && op->getNumResults() == 1 &&
        op.getNumDpsInputs() == 2 && op.getNumLoops() == 3 &&
        linalg::isaContractionOpInterface(op))
      bNK = matchTransposedB(op);
    if (!bNK)
      return rewriter.notifyMatchFailure(op, "not C[m, n] += A[m, k] * "
                                             "B[n, k]");
    Value init = op.getDpsInitOperand(0)->get();
    auto cType = cast<RankedTensorType>(init.getType());
    if (!cType.getElementType().isF32())
      return rewriter.notifyMatchFailure(op, "not accumulated in f32");
    std::optional<MXOperand> a =
        matchDequantized(op.getDpsInputOperand(0)->get());
    std::optional<MXOperand> b = matchDequantized(*bNK);
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

/// amax[r, b] = max_k |x[r, 32 b + k]|: a linalg.reduce over dimension 2 of
/// x expanded to [R, K/32, 32], from a zero fill, whose body is
/// maximumf(absf([extf] in), acc) (maximumf: a NaN propagates, as the
/// quantizer's rule wants). Returns x.
std::optional<Value> matchBlockAbsMax(Value amax) {
  auto reduce = amax.getDefiningOp<linalg::ReduceOp>();
  if (!reduce || reduce.getNumDpsInputs() != 1 ||
      reduce.getDimensions() != ArrayRef<int64_t>{2} ||
      !isZeroFill(reduce.getInits().front()))
    return std::nullopt;
  auto expand =
      reduce.getInputs().front().getDefiningOp<tensor::ExpandShapeOp>();
  if (!expand || expand.getResultType().getRank() != 3 ||
      expand.getResultType().getDimSize(2) != kBlockSize ||
      expand.getReassociationIndices() !=
          SmallVector<ReassociationIndices>{{0}, {1, 2}})
    return std::nullopt;
  Block &body = reduce.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto max = yield.getOperand(0).getDefiningOp<arith::MaximumFOp>();
  if (!max)
    return std::nullopt;
  BlockArgument in = body.getArgument(0), acc = body.getArgument(1);
  Value absOperand = max.getLhs() == acc
                         ? max.getRhs()
                         : (max.getRhs() == acc ? max.getLhs() : Value());
  auto abs = absOperand ? absOperand.getDefiningOp<math::AbsFOp>() : nullptr;
  if (!abs)
    return std::nullopt;
  Value x = abs.getOperand();
  if (auto ext = x.getDefiningOp<arith::ExtFOp>())
    x = ext.getIn();
  if (x != in || body.getOperations().size() > 4)
    return std::nullopt;
  return expand.getSrc();
}

/// s[r, b] = truncf(amax[r, b] * 2^-emax) to E8M0, in a 2-D elementwise
/// generic: 2^(floor(log2 amax) - emax), emax the largest exponent of the
/// format (the floor scale rule; E8M0's truncf keeps the exponent).
/// Returns amax.
std::optional<Value> matchFloorScale(Value scales, int64_t emax) {
  auto generic = scales.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return std::nullopt;
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto trunc = yield.getOperand(0).getDefiningOp<arith::TruncFOp>();
  if (!trunc || !isa<Float8E8M0FNUType>(trunc.getType()) ||
      trunc.getRoundingmodeAttr())
    return std::nullopt;
  auto mul = trunc.getIn().getDefiningOp<arith::MulFOp>();
  if (!mul)
    return std::nullopt;
  BlockArgument in = body.getArgument(0);
  double factor = std::ldexp(1.0, -emax);
  bool scaled = (mul.getLhs() == in && isFloatConstant(mul.getRhs(), factor)) ||
                (mul.getRhs() == in && isFloatConstant(mul.getLhs(), factor));
  if (!scaled || !in.getType().isF32())
    return std::nullopt;
  return generic.getDpsInputOperand(0)->get();
}

struct RaiseScalingTruncF : public OpRewritePattern<arith::ScalingTruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ScalingTruncFOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || type.getRank() != 2 ||
        !isa<Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType>(
            type.getElementType()) ||
        op.getRoundingmodeAttr())
      return rewriter.notifyMatchFailure(op, "not a 2-D fp4 or fp6 "
                                             "truncation rounding to "
                                             "nearest even");
    std::optional<Value> scales = matchBroadcastScales(op.getScale());
    if (!scales || !isBlockScalesOf(*scales, op.getResult()))
      return rewriter.notifyMatchFailure(op, "scales not broadcast blocks");
    int64_t emax = getMXFormatInfo(type.getElementType()).emax;
    std::optional<Value> amax = matchFloorScale(*scales, emax);
    std::optional<Value> x = amax ? matchBlockAbsMax(*amax) : std::nullopt;
    if (!x || *x != op.getIn())
      return rewriter.notifyMatchFailure(op, "scales not the floor rule of "
                                             "this input's blocks");
    // Where the scales are computed: x is defined before, every reader of
    // the scales after.
    rewriter.setInsertionPoint(scales->getDefiningOp());
    auto quantize = QuantizeOp::create(
        rewriter, op.getLoc(), type, cast<RankedTensorType>(scales->getType()),
        op.getIn(), ScaleMode::floor);
    // Whatever else reads the scales (the dequantize) reads the
    // quantize's, which are the same bytes.
    rewriter.replaceAllUsesWith(*scales, quantize.getScales());
    rewriter.replaceOp(op, quantize.getValues());
    return success();
  }
};

struct RaiseMXOpsPass
    : public mlir::fp4::mxfp4::impl::RaiseMXOpsBase<RaiseMXOpsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRaiseMXOpsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::fp4::mxfp4::populateRaiseMXOpsPatterns(RewritePatternSet &patterns) {
  patterns.add<RaiseScaledContraction, RaiseScalingTruncF>(
      patterns.getContext());
}
