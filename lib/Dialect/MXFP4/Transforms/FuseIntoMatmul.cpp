//===- FuseIntoMatmul.cpp - form each GEMM's fused_matmul -------*- C++ -*-===//
//
// Rewrite patterns, at full size (before any tiling), that build for each
// GEMM the mxfp4.fused_matmul its kernel will compute:
//
//   SplitOffAccumulator    acc + A x B^T -> the GEMM in f32, then an
//                          elementwise add of acc and one rounding
//   SplitGemmByOutputSlices  a GEMM read in column slices -> a GEMM per
//                          slice, on B's rows (concatenated gate/up)
//   ScaledMatmulToFused    scaled_matmul [of quantize(A)] -> fused_matmul
//   GroupedMatmulToFused   grouped_matmul [of quantize(A)] -> fused_matmul
//                          with gather and experts
//   FuseProducer           an elementwise producer of A   -> the prologue
//   FuseConsumer           an elementwise consumer of C   -> the epilogue
//   FuseOutputQuantize     quantize(C)                    -> quantized outs
//   MergeGemmsSharingA     a GEMM whose epilogue reads another GEMM on the
//                          same A (SwiGLU, once FuseConsumer took the
//                          product into either)           -> one op, two Bs
//
// Each pattern fuses only what the kernel can compute (the legality checks
// below are the only ones: the lowering accepts every op they build) and
// only where the fusion model says it pays (fusionPays). What is not fused
// stays as it is and becomes a kernel of its own later: fusion is an
// optimization, never a precondition.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/Transforms/Transforms.h"

#include "fp4/Report/ModelConstants.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "mxfp4-fuse-into-matmul"

namespace mlir::fp4::mxfp4 {
#define GEN_PASS_DEF_FUSEINTOMATMUL
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"
} // namespace mlir::fp4::mxfp4

using namespace mlir;
using namespace mlir::fp4::mxfp4;

//===----------------------------------------------------------------------===//
// What an elementwise linalg.generic brings into a fused region.
//===----------------------------------------------------------------------===//

namespace {
/// An elementwise generic on 2-D tensors that a fused_matmul region can
/// compute element by element: every loop parallel, one result written
/// whole, inputs read through projected permutations, and a body of scalar
/// ops that reads only its arguments, constants and scalars from outside.
struct ElementwiseBody {
  linalg::GenericOp op;
  /// Scalars the body reads from outside the generic (function arguments,
  /// say): they become operands of the fused op with a map to ().
  SmallVector<Value> capturedScalars;
};
} // namespace

static std::optional<ElementwiseBody> matchElementwise(Operation *op) {
  auto g = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!g || !g.hasPureTensorSemantics() || g.getNumLoops() != 2 ||
      g.getNumParallelLoops() != 2 || g->getNumResults() != 1 ||
      g.getNumDpsInits() != 1)
    return std::nullopt;
  if (!g.getMatchingIndexingMap(g.getDpsInitOperand(0)).isIdentity())
    return std::nullopt;
  // The init is only a shape (its block argument is not read).
  if (!g.getRegionOutputArgs().front().use_empty())
    return std::nullopt;
  for (OpOperand *in : g.getDpsInputOperands())
    if (!g.getMatchingIndexingMap(in).isProjectedPermutation())
      return std::nullopt;
  ElementwiseBody body{g, {}};
  Region &region = g.getRegion();
  WalkResult walk = region.walk([&](Operation *inner) {
    // Scalar arithmetic only: no linalg.index (the fused regions do not
    // know (m, n)), no tensor reads (a gather), nothing with regions.
    if (inner->getNumRegions() != 0 ||
        (!isa<arith::ArithDialect, math::MathDialect>(inner->getDialect()) &&
         !isa<linalg::YieldOp>(inner)))
      return WalkResult::interrupt();
    for (Value v : inner->getOperands()) {
      if (region.isAncestor(v.getParentRegion()))
        continue;
      if (isa<ShapedType>(v.getType()))
        return WalkResult::interrupt();
      if (matchPattern(v, m_Constant()))
        continue;
      if (!llvm::is_contained(body.capturedScalars, v))
        body.capturedScalars.push_back(v);
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return body;
}

/// Clones the ops of `block` (a linalg.generic or fused_matmul body) at the
/// builder's insertion point with `args` for its arguments and returns the
/// value it yields. Values from outside the block are taken from `outside`
/// when mapped there, and constants are cloned.
static Value inlineBlock(OpBuilder &b, Block &block, ValueRange args,
                         const IRMapping &outside) {
  IRMapping map;
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    map.map(arg, v);
  for (Operation &op : block.without_terminator()) {
    for (Value v : op.getOperands()) {
      if (map.contains(v) || v.getParentBlock() == &block)
        continue;
      if (outside.contains(v))
        map.map(v, outside.lookup(v));
      else
        map.map(v, b.clone(*v.getDefiningOp())->getResult(0));
    }
    b.clone(op, map);
  }
  return map.lookupOrDefault(block.getTerminator()->getOperand(0));
}

static AffineMap scalarMap(MLIRContext *ctx) {
  return AffineMap::get(2, 0, {}, ctx);
}

//===----------------------------------------------------------------------===//
// The fusion model.
//===----------------------------------------------------------------------===//

// Model v2's machine (2.4 GHz, 256 CUs, 64 lanes x 4 SIMDs per CU per
// cycle) and its fitted constants (launch, per-CU bytes per cycle).
constexpr double kCus = 256;

/// A static size, or the config's dynamic-size hint.
static double sizeOrHint(int64_t d) {
  return double(ShapedType::isDynamic(d) ? kDynamicSizeHint : d);
}

/// Microseconds of `ops` VALU instructions (one per lane) over the chip.
static double valuMicroseconds(double ops) {
  constexpr double kClockGHz = 2.4, kLanesPerCuCycle = 256;
  return ops / (kLanesPerCuCycle * kCus) / (kClockGHz * 1e3);
}

/// Microseconds of a kernel of its own that moves `bytes` through the CUs:
/// its launch and the bytes.
static double ownKernelMicroseconds(double bytes) {
  constexpr double kClockGHz = 2.4, kCus = 256;
  return ::fp4::report::fitted::kLaunchMicroseconds +
         bytes / (::fp4::report::fitted::kCuBytesPerCycle * kCus) /
             (kClockGHz * 1e3);
}

/// A producer of A fused into the prologue is recomputed by each of the
/// GEMM's column tiles (one instruction per body op and element); given its
/// own kernel it costs a launch and a round trip of A through memory.
static bool producerFusionPays(FusedMatmulOp fused, linalg::GenericOp g) {
  auto aType = cast<ShapedType>(g->getResult(0).getType());
  double elements =
      sizeOrHint(aType.getDimSize(0)) * sizeOrHint(aType.getDimSize(1));
  double n =
      sizeOrHint(cast<ShapedType>(fused.getBValues(0).getType()).getDimSize(0));
  int64_t tileN = fused.getConfig() ? fused.getConfig()->getTileN() : 64;
  double columnTiles = std::ceil(n / double(tileN));
  double bodyOps = double(g.getBlock()->getOperations().size());
  double recomputeUs = valuMicroseconds((columnTiles - 1) * elements * bodyOps);
  double roundTripUs =
      ownKernelMicroseconds(elements * aType.getElementTypeBitWidth() / 8 * 2);
  LLVM_DEBUG(llvm::dbgs() << "producer " << g << ": recompute " << recomputeUs
                          << " us, own kernel " << roundTripUs << " us\n");
  return recomputeUs <= roundTripUs;
}

/// VALU instructions per element of the exact block quantizer (the
/// ties-away one, and the exact one any rule uses where the hardware's
/// conversion cannot serve): the block's max, the scale and the threshold
/// chain. An estimate from its code, not a fit.
constexpr double kQuantizeOpsPerElement = 16;

/// A gathered GEMM quantizing its A in the kernel quantizes each gathered
/// row (a token once per pair, and the padding rows of its row blocks) once
/// per column tile and wave along N; a quantize of its own quantizes each
/// token once but costs a launch and A's round trip.
/// The rows a gathered GEMM's routing is expected to give: one per (token,
/// expert) pair, and each expert with pairs pads its run by half a block on
/// average.
static double expectedGatheredRows(GroupedMatmulOp op) {
  double tokens = sizeOrHint(op.getA().getType().getDimSize(0));
  double pairs = tokens * double(op.getTopk().value_or(1));
  double experts = sizeOrHint(op.getB().getType().getDimSize(0));
  return pairs + std::min(experts, pairs) * double(op.getBlockM()) / 2;
}

static bool gatheredQuantizeFusionPays(GroupedMatmulOp op,
                                       GemmConfigAttr config) {
  auto aType = op.getA().getType();
  double tokens = sizeOrHint(aType.getDimSize(0));
  double k = sizeOrHint(aType.getDimSize(1));
  double rows = expectedGatheredRows(op);
  double n = sizeOrHint(op.getB().getType().getDimSize(1));
  double quantizations =
      std::ceil(n / double(config.getTileN())) * double(config.getWavesN());
  double fusedUs =
      valuMicroseconds(rows * k * quantizations * kQuantizeOpsPerElement);
  double ownKernelUs = valuMicroseconds(tokens * k * kQuantizeOpsPerElement) +
                       ownKernelMicroseconds(tokens * k * (2 + 0.5 + 1.0 / 32));
  LLVM_DEBUG(llvm::dbgs() << "gathered quantize of " << op << ": in the "
                          << "kernel " << fusedUs << " us, own kernel "
                          << ownKernelUs << " us\n");
  return fusedUs <= ownKernelUs;
}

//===----------------------------------------------------------------------===//
// Patterns.
//===----------------------------------------------------------------------===//

/// A fused_matmul like `op` with new operands and regions built by
/// `buildPrologue` / `buildEpilogue` (null: keep `op`'s region).
namespace {
struct FusedParts {
  SmallVector<Value> a, b, prologueIns, ins, outs;
  SmallVector<AffineMap> prologueMaps, insMaps;
  std::optional<ScaleMode> aScaleMode, outputScaleMode;
  /// Tie rounding of A's and the output's quantization (null: even).
  TiesAttr aTies, outputTies;
  Value bScalesRow;
  ArrayAttr mSpecializations;
  /// What A is quantized to (null: fp4) or A's / B's byte formats.
  TypeAttr aFormat, bFormat;
  /// A grouped GEMM's gather (rows, topk) and experts (null: none).
  Value aRows, bExperts;
  IntegerAttr topk;
  /// A scattered output's rows and weights (null: none).
  Value scatterRows, scatterWeights;
};
} // namespace

/// A quantize's tie rounding for a fused_matmul attribute: null when even
/// (the default), so that IR without ties prints as before.
static TiesAttr tiesAttrOf(QuantizeOp q) {
  return q.getTies() == Ties::even ? TiesAttr()
                                   : TiesAttr::get(q.getContext(), q.getTies());
}

static FusedParts partsOf(FusedMatmulOp op) {
  FusedParts p;
  p.a.assign(op.getA().begin(), op.getA().end());
  p.b.assign(op.getB().begin(), op.getB().end());
  p.prologueIns.assign(op.getPrologueIns().begin(), op.getPrologueIns().end());
  p.ins.assign(op.getIns().begin(), op.getIns().end());
  p.outs.assign(op.getOuts().begin(), op.getOuts().end());
  p.prologueMaps =
      llvm::to_vector(op.getPrologueMaps().getAsValueRange<AffineMapAttr>());
  p.insMaps = llvm::to_vector(op.getInsMaps().getAsValueRange<AffineMapAttr>());
  p.aScaleMode = op.getAScaleMode();
  p.outputScaleMode = op.getOutputScaleMode();
  p.aTies = op.getATiesAttr();
  p.outputTies = op.getOutputTiesAttr();
  p.bScalesRow = op.getBScalesRow();
  p.mSpecializations = op.getMSpecializationsAttr();
  p.aFormat = op.getAFormatAttr();
  p.bFormat = op.getBFormatAttr();
  p.aRows = op.getARows();
  p.bExperts = op.getBExperts();
  p.topk = op.getTopkAttr();
  p.scatterRows = op.getScatterRows();
  p.scatterWeights = op.getScatterWeights();
  return p;
}

static FusedMatmulOp
createFused(PatternRewriter &rewriter, Location loc, const FusedParts &p,
            Layout layout, GemmConfigAttr config,
            function_ref<void(OpBuilder &, Block &)> buildPrologue,
            function_ref<void(OpBuilder &, Block &)> buildEpilogue) {
  SmallVector<Type> results;
  if (isa<RankedTensorType>(p.outs.front().getType()))
    for (Value v : p.outs)
      results.push_back(v.getType());
  auto maps = [&](ArrayRef<AffineMap> m) {
    return rewriter.getAffineMapArrayAttr(m);
  };
  auto op = FusedMatmulOp::create(
      rewriter, loc, results, p.a, p.b, p.prologueIns, p.ins, p.outs,
      p.bScalesRow, maps(p.prologueMaps), maps(p.insMaps),
      LayoutAttr::get(rewriter.getContext(), layout),
      p.aScaleMode ? ScaleModeAttr::get(rewriter.getContext(), *p.aScaleMode)
                   : ScaleModeAttr(),
      p.outputScaleMode
          ? ScaleModeAttr::get(rewriter.getContext(), *p.outputScaleMode)
          : ScaleModeAttr(),
      config, p.mSpecializations, /*max_grid=*/DenseI64ArrayAttr(), p.aFormat,
      p.bFormat, p.aTies, p.outputTies, p.aRows, p.topk, p.bExperts,
      p.scatterRows, p.scatterWeights);
  OpBuilder::InsertionGuard guard(rewriter);
  auto argTypes = [](ValueRange vs) {
    SmallVector<Type> types;
    for (Value v : vs)
      types.push_back(getElementTypeOrSelf(v.getType()));
    return types;
  };
  if (buildPrologue) {
    SmallVector<Type> types = argTypes(p.a.front());
    llvm::append_range(types, argTypes(p.prologueIns));
    Block *block = rewriter.createBlock(
        &op.getPrologue(), {}, types, SmallVector<Location>(types.size(), loc));
    buildPrologue(rewriter, *block);
  }
  unsigned numB = p.b.size() / 2;
  SmallVector<Type> types(numB, rewriter.getF32Type());
  llvm::append_range(types, argTypes(p.ins));
  Block *block = rewriter.createBlock(&op.getEpilogue(), {}, types,
                                      SmallVector<Location>(types.size(), loc));
  buildEpilogue(rewriter, *block);
  return op;
}

namespace {
/// [batch, M, K] x B -> [batch * M, K] x B (B is shared): the collapse goes
/// above A's quantize, which works row by row.
/// Whether `op` reads a GEMM's result, directly or through elementwise
/// generics: such an op belongs to that GEMM's epilogue (FuseConsumer), not
/// to the prologue of the next one, and a quantize of it to the first GEMM's
/// quantized outputs (FuseOutputQuantize). This is how the SwiGLU block
/// keeps gate and up together (MergeGemmsSharingA).
static bool readsGemmResult(Operation *op) {
  if (!op)
    return false;
  for (Value v : op->getOperands()) {
    Operation *def = v.getDefiningOp();
    // Through slices of a result (SplitGemmByOutputSlices may not have run
    // yet) and casts.
    while (isa_and_nonnull<tensor::ExtractSliceOp, tensor::CastOp>(def))
      def = def->getOperand(0).getDefiningOp();
    if (isa_and_nonnull<FusedMatmulOp, ScaledMatmulOp, GroupedMatmulOp>(def))
      return true;
    if (auto g = dyn_cast_or_null<linalg::GenericOp>(def);
        g && matchElementwise(g) && readsGemmResult(g))
      return true;
  }
  return false;
}

/// A's quantize that stays out of this GEMM, for the GEMM that produces its
/// input to take as its output quantize (FuseOutputQuantize). Only fp4:
/// another format is quantized where it is read, in this GEMM's kernel.
static bool staysWithProducerGemm(QuantizeOp quantize) {
  return quantize && readsGemmResult(quantize) &&
         isa<Float4E2M1FNType>(quantize.getValues().getType().getElementType());
}

/// C = acc + A x B^T (destination-passing style) is the GEMM in f32, then
/// an elementwise add of the accumulator (widened to f32) and one rounding
/// to the result type: an elementwise consumer like any other, which
/// FuseConsumer takes into the epilogue. The patterns below see GEMMs
/// without an accumulator.
struct SplitOffAccumulator : public OpRewritePattern<ScaledMatmulOp> {
  SplitOffAccumulator(MLIRContext *ctx)
      : OpRewritePattern<ScaledMatmulOp>(ctx, /*benefit=*/3) {}
  LogicalResult matchAndRewrite(ScaledMatmulOp matmul,
                                PatternRewriter &rewriter) const override {
    Value acc = matmul.getAcc();
    if (!acc)
      return rewriter.notifyMatchFailure(matmul, "no accumulator");
    Location loc = matmul.getLoc();
    RankedTensorType type = matmul.getResult().getType();
    Type element = type.getElementType();
    auto gemm = ScaledMatmulOp::create(
        rewriter, loc, type.clone(rewriter.getF32Type()), matmul.getA(),
        matmul.getAScales(), matmul.getB(), matmul.getBScales(),
        matmul.getBLayoutAttr(), matmul.getConfigAttr(),
        matmul.getMSpecializationsAttr());
    Value out = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, acc), element);
    int64_t rank = type.getRank();
    rewriter.replaceOpWithNewOp<linalg::GenericOp>(
        matmul, type, ValueRange{gemm.getResult(), acc}, out,
        SmallVector<AffineMap>(3, rewriter.getMultiDimIdentityMap(rank)),
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          Value init = args[1];
          if (!element.isF32())
            init = arith::ExtFOp::create(b, nloc, b.getF32Type(), init);
          Value sum = arith::AddFOp::create(b, nloc, init, args[0]);
          if (!element.isF32())
            sum = arith::TruncFOp::create(b, nloc, element, sum);
          linalg::YieldOp::create(b, nloc, sum);
        });
    return success();
  }
};

struct FlattenBatchedMatmul : public OpRewritePattern<ScaledMatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScaledMatmulOp matmul,
                                PatternRewriter &rewriter) const override {
    if (!matmul.isBatched() || matmul.hasBatchedB() || matmul.getAcc())
      return rewriter.notifyMatchFailure(matmul, "not a batch sharing B "
                                                 "without an accumulator");
    Location loc = matmul.getLoc();
    SmallVector<ReassociationIndices> rows = {{0, 1}, {2}};
    auto collapse = [&](Value v) -> Value {
      return tensor::CollapseShapeOp::create(rewriter, loc, v, rows);
    };
    auto flat = [&](Value v) {
      return tensor::CollapseShapeOp::inferCollapsedType(
          cast<RankedTensorType>(v.getType()), rows);
    };
    Value a, aScales;
    auto quantize = matmul.getA().getDefiningOp<QuantizeOp>();
    // A quantized from another GEMM's result stays quantized there (the
    // first GEMM's output quantize); this GEMM reads the fp4 values.
    if (staysWithProducerGemm(quantize))
      quantize = nullptr;
    if (quantize && quantize.getScales() == matmul.getAScales()) {
      auto q = QuantizeOp::create(rewriter, loc, flat(quantize.getValues()),
                                  flat(quantize.getScales()),
                                  collapse(quantize.getInput()),
                                  quantize.getScaleMode(), quantize.getTies());
      a = q.getValues();
      aScales = q.getScales();
    } else {
      a = collapse(matmul.getA());
      aScales = collapse(matmul.getAScales());
    }
    auto resultType = matmul.getResult().getType();
    auto flatMatmul = ScaledMatmulOp::create(
        rewriter, loc, flat(matmul.getResult()), a, aScales, matmul.getB(),
        matmul.getBScales(), matmul.getBLayoutAttr(), matmul.getConfigAttr(),
        matmul.getMSpecializationsAttr());
    SmallVector<OpFoldResult> shape =
        tensor::getMixedSizes(rewriter, loc, matmul.getA());
    shape.back() = tensor::getMixedSize(rewriter, loc, matmul.getB(), 0);
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        matmul, resultType, flatMatmul.getResult(), rows, shape);
    return success();
  }
};

/// A B per batch: A [batch, M, K] x B [batch, N, K] -> C [batch, M, N] is a
/// GEMM per batch, in a host loop over the batches that slices A, B and
/// their scales by the loop variable and inserts each C (what a user
/// writes by hand: batched_b_loop). Each GEMM then fuses and forms its
/// kernel like any other; A's quantize moves into the loop with it, on
/// the batch's rows, so that it fuses into that GEMM. The GEMMs keep the
/// batched op's configuration: select-config chose it for one batch's M,
/// N and K.
struct LoopOverBatchedB : public OpRewritePattern<ScaledMatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScaledMatmulOp matmul,
                                PatternRewriter &rewriter) const override {
    if (!matmul.hasBatchedB() || matmul.getAcc())
      return rewriter.notifyMatchFailure(matmul, "no B per batch, or an "
                                                 "accumulator to split off");
    Location loc = matmul.getLoc();
    auto quantize = matmul.getA().getDefiningOp<QuantizeOp>();
    if (quantize && (staysWithProducerGemm(quantize) ||
                     quantize.getScales() != matmul.getAScales()))
      quantize = nullptr;
    RankedTensorType resultType = matmul.getResult().getType();
    // The result's sizes: A's batch and M, B's N (static when known).
    SmallVector<OpFoldResult> cSizes =
        tensor::getMixedSizes(rewriter, loc, matmul.getA());
    cSizes.back() = tensor::getMixedSize(rewriter, loc, matmul.getB(), 1);
    Value init = tensor::EmptyOp::create(rewriter, loc, cSizes,
                                         resultType.getElementType());
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value batches = getValueOrCreateConstantIndexOp(rewriter, loc, cSizes[0]);
    auto loop = scf::ForOp::create(
        rewriter, loc, zero, batches, one, ValueRange{init},
        [&](OpBuilder &b, Location loc, Value batch, ValueRange iterArgs) {
          // One batch of a 3-D tensor, rank-reduced to 2-D.
          auto slice = [&](Value v) -> Value {
            auto type = cast<RankedTensorType>(v.getType());
            SmallVector<OpFoldResult> offsets(3, b.getIndexAttr(0)),
                sizes = tensor::getMixedSizes(b, loc, v),
                strides(3, b.getIndexAttr(1));
            offsets[0] = batch;
            sizes[0] = b.getIndexAttr(1);
            auto sliceType = RankedTensorType::get(type.getShape().drop_front(),
                                                   type.getElementType());
            return tensor::ExtractSliceOp::create(b, loc, sliceType, v, offsets,
                                                  sizes, strides);
          };
          Value a, aScales;
          if (quantize) {
            auto sliceTypeOf = [](Value v) {
              auto type = cast<RankedTensorType>(v.getType());
              return RankedTensorType::get(type.getShape().drop_front(),
                                           type.getElementType());
            };
            auto q = QuantizeOp::create(
                b, loc, sliceTypeOf(quantize.getValues()),
                sliceTypeOf(quantize.getScales()), slice(quantize.getInput()),
                quantize.getScaleMode(), quantize.getTies());
            a = q.getValues();
            aScales = q.getScales();
          } else {
            a = slice(matmul.getA());
            aScales = slice(matmul.getAScales());
          }
          Value c = iterArgs[0];
          auto cType = RankedTensorType::get(resultType.getShape().drop_front(),
                                             resultType.getElementType());
          auto gemm = ScaledMatmulOp::create(
              b, loc, cType, a, aScales, slice(matmul.getB()),
              slice(matmul.getBScales()), matmul.getBLayoutAttr(),
              matmul.getConfigAttr(), matmul.getMSpecializationsAttr());
          SmallVector<OpFoldResult> offsets(3, b.getIndexAttr(0)),
              sizes = tensor::getMixedSizes(b, loc, c),
              strides(3, b.getIndexAttr(1));
          offsets[0] = batch;
          sizes[0] = b.getIndexAttr(1);
          Value inserted = tensor::InsertSliceOp::create(
              b, loc, gemm.getResult(), c, offsets, sizes, strides);
          scf::YieldOp::create(b, loc, inserted);
        });
    Value result = loop.getResult(0);
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(matmul, result);
    return success();
  }
};

/// A GEMM whose result is only read in column slices (a concatenated
/// gate/up weight split with extract_slice) is one GEMM per slice, on the
/// rows of B (and its scales) that slice reads: the slices of the SwiGLU
/// block become two GEMMs on the same A, which MergeGemmsSharingA makes one
/// kernel again, without the concatenated result in memory. Plain B only
/// (pre-shuffled scales interleave rows).
struct SplitGemmByOutputSlices : public OpRewritePattern<ScaledMatmulOp> {
  SplitGemmByOutputSlices(MLIRContext *ctx)
      : OpRewritePattern<ScaledMatmulOp>(ctx, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(ScaledMatmulOp matmul,
                                PatternRewriter &rewriter) const override {
    if (matmul.isBatched() || matmul.getBLayout() != Layout::plain ||
        matmul.getAcc() || matmul.getResult().use_empty())
      return rewriter.notifyMatchFailure(matmul, "not a plain 2-D GEMM");
    RankedTensorType type = matmul.getResult().getType();
    SmallVector<tensor::ExtractSliceOp> slices;
    for (Operation *user : matmul.getResult().getUsers()) {
      auto slice = dyn_cast<tensor::ExtractSliceOp>(user);
      if (!slice || !slice.hasUnitStride() ||
          slice.getResultType().getRank() != 2)
        return rewriter.notifyMatchFailure(matmul, "read other than in "
                                                   "2-D column slices");
      std::optional<int64_t> row =
          getConstantIntValue(slice.getMixedOffsets()[0]);
      std::optional<int64_t> col =
          getConstantIntValue(slice.getMixedOffsets()[1]);
      std::optional<int64_t> cols =
          getConstantIntValue(slice.getMixedSizes()[1]);
      OpFoldResult rows = slice.getMixedSizes()[0];
      bool allRows =
          row == 0 && (isConstantIntValue(rows, type.getDimSize(0)) ||
                       (type.isDynamicDim(0) && !getConstantIntValue(rows)));
      if (!col || !cols || !allRows)
        return rewriter.notifyMatchFailure(matmul, "a slice that is not whole "
                                                   "columns at static offsets");
      slices.push_back(slice);
    }
    Location loc = matmul.getLoc();
    for (tensor::ExtractSliceOp slice : slices) {
      rewriter.setInsertionPoint(slice);
      int64_t col = *getConstantIntValue(slice.getMixedOffsets()[1]);
      int64_t cols = *getConstantIntValue(slice.getMixedSizes()[1]);
      auto rowsOf = [&](Value v) -> Value {
        auto t = cast<RankedTensorType>(v.getType());
        SmallVector<OpFoldResult> offsets = {rewriter.getIndexAttr(col),
                                             rewriter.getIndexAttr(0)};
        SmallVector<OpFoldResult> sizes = {
            rewriter.getIndexAttr(cols),
            tensor::getMixedSize(rewriter, loc, v, 1)};
        SmallVector<OpFoldResult> strides(2, rewriter.getIndexAttr(1));
        auto resultType =
            RankedTensorType::get({cols, t.getDimSize(1)}, t.getElementType());
        return tensor::ExtractSliceOp::create(rewriter, loc, resultType, v,
                                              offsets, sizes, strides);
      };
      Value part = ScaledMatmulOp::create(
          rewriter, loc, slice.getResultType(), matmul.getA(),
          matmul.getAScales(), rowsOf(matmul.getB()),
          rowsOf(matmul.getBScales()), matmul.getBLayoutAttr(),
          matmul.getConfigAttr(), matmul.getMSpecializationsAttr());
      rewriter.replaceOp(slice, part);
    }
    rewriter.eraseOp(matmul);
    return success();
  }
};

/// A GEMM's A in `p`: the input of its quantize when the quantize makes
/// both A and its scales (the op then quantizes A in the kernel), else the
/// values and scales as they are. A quantized from another GEMM's result
/// stays quantized there (the first GEMM's output quantize).
static void takeA(PatternRewriter &rewriter, Location loc, FusedParts &p,
                  Value a, Value aScales, bool quantizeInKernel = true) {
  auto quantize = a.getDefiningOp<QuantizeOp>();
  if (!quantizeInKernel || staysWithProducerGemm(quantize) || !quantize ||
      quantize.getScales() != aScales) {
    p.a = {a, aScales};
    return;
  }
  // The quantize's input may be less static than its values (a dynamic K
  // the verifier matched to a static one): the kernel needs K.
  Value input = quantize.getInput();
  auto inputType = cast<RankedTensorType>(input.getType());
  auto valuesType = cast<RankedTensorType>(quantize.getValues().getType());
  auto staticType =
      RankedTensorType::get(valuesType.getShape(), inputType.getElementType());
  if (inputType != staticType)
    input = tensor::CastOp::create(rewriter, loc, staticType, input);
  p.a = {input};
  p.aScaleMode = quantize.getScaleMode();
  p.aTies = tiesAttrOf(quantize);
  // Quantized in the kernel to what the quantize made (fp4 unsaid).
  Type format = valuesType.getElementType();
  if (!isa<Float4E2M1FNType>(format))
    p.aFormat = TypeAttr::get(format);
}

/// The epilogue of a GEMM alone: the f32 sum rounded to `element`.
static std::function<void(OpBuilder &, Block &)>
roundingEpilogue(Location loc, Type element) {
  return [loc, element](OpBuilder &b, Block &block) {
    Value v = block.getArgument(0);
    if (!element.isF32())
      v = arith::TruncFOp::create(b, loc, element, v);
    YieldOp::create(b, loc, v);
  };
}

/// scaled_matmul -> fused_matmul: A's quantize (when its values and scales
/// are both A's) moves into the op; the epilogue rounds the f32 sum to the
/// result type.
struct ScaledMatmulToFused : public OpRewritePattern<ScaledMatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScaledMatmulOp matmul,
                                PatternRewriter &rewriter) const override {
    if (matmul.isBatched() || matmul.getAcc())
      return rewriter.notifyMatchFailure(matmul, "flattened, or its "
                                                 "accumulator split off, "
                                                 "first");
    Location loc = matmul.getLoc();
    FusedParts p;
    takeA(rewriter, loc, p, matmul.getA(), matmul.getAScales());
    p.b = {matmul.getB(), matmul.getBScales()};
    p.mSpecializations = matmul.getMSpecializationsAttr();
    RankedTensorType type = matmul.getResult().getType();
    // M from what the op reads (the quantize's input when it took the
    // quantize in), so that nothing reads a taken quantize any more.
    SmallVector<OpFoldResult> shape = {
        tensor::getMixedSize(rewriter, loc, p.a.front(), 0),
        tensor::getMixedSize(rewriter, loc, matmul.getB(), 0)};
    p.outs = {
        tensor::EmptyOp::create(rewriter, loc, shape, type.getElementType())};
    auto fused = createFused(rewriter, loc, p, matmul.getBLayout(),
                             matmul.getConfigAttr(), nullptr,
                             roundingEpilogue(loc, type.getElementType()));
    rewriter.replaceOp(matmul, fused.getResults());
    return success();
  }
};

/// A grouped GEMM's configuration when it names none: a tile of block_m
/// rows (one expert per work-group; mfma 32 for a block_m that is a
/// multiple of 32, else 16, tiles_m making up block_m), 64 or 128 columns.
/// - Gathered (stage 1; K = d_hidden, long) and quantizing its A in the
///   kernel: 64 columns in one wave along N (the quantization,
///   VALU-heavy, is redone per column tile and wave along N), 4 waves
///   along K and no K steps in flight (stages = 1: each wave has few).
/// - Gathered, of quantized A: where the routing is expected to give at
///   least 2 work-groups of 64 columns per CU, 64 columns in one wave
///   and no waves along K (the work-groups fill the chip; K in one wave
///   loads each A fragment once per column tile), else 128 columns, 2
///   waves along N and 2 along K. Both with 2 K steps in flight.
/// - Not gathered (stage 2; K = d_expert, short), one MFMA tile of rows:
///   4 column tiles in one wave, which loads each A fragment once for the
///   four (a wave per column tile loads it four times). Taller tiles keep
///   4 waves along N of one column tile each (one wave of 4 x 4 MFMA tiles
///   would hold 256 accumulators per lane). One K step in flight.
/// Modeled on the task's benchmarks at their default block_m (bench/moe.py),
/// each is the best or within 2 % of the best of those tried for its case
/// (waves along N and K, column tiles, stages 1 to 3); at block_m 32 on
/// d_expert 256 the one-wave stage 2 is slower (51.5 to 63.0 us at 64
/// tokens of 257 experts, with the old K loop), a case the default block_m
/// (16) avoids. At 1024 tokens of 33 experts (d_expert 2048): stage 1 in
/// one wave 181 us against 209 for 2 x 2 waves; stage 2 with stages 1, 2,
/// 3: 208, 178, 208 us; the quantizing stage 1 at 4 tokens of 257 experts
/// with stages 1, 2, 3: 14.1, 15.3, 17.8 us.
static GemmConfigAttr groupedConfig(GroupedMatmulOp op, bool quantizesA) {
  if (GemmConfigAttr config = op.getConfigAttr())
    return config;
  int64_t blockM = op.getBlockM();
  int64_t mfma = blockM % 32 == 0 ? 32 : 16;
  int64_t tilesM = blockM / mfma;
  MLIRContext *ctx = op.getContext();
  if (op.getRows() && quantizesA)
    return GemmConfigAttr::get(ctx, mfma, /*wavesM=*/1, /*wavesN=*/1, tilesM,
                               /*tilesN=*/64 / mfma, /*splitK=*/1,
                               /*wavesK=*/4, /*stages=*/1);
  if (op.getRows()) {
    constexpr double kWorkgroupsPerCu = 2;
    double n = sizeOrHint(op.getB().getType().getDimSize(1));
    double workgroups = std::ceil(expectedGatheredRows(op) / double(blockM)) *
                        std::ceil(n / 64);
    bool fillsChip = workgroups >= kWorkgroupsPerCu * kCus;
    return GemmConfigAttr::get(ctx, mfma, /*wavesM=*/1,
                               /*wavesN=*/fillsChip ? 1 : 2, tilesM,
                               /*tilesN=*/64 / mfma, /*splitK=*/1,
                               /*wavesK=*/fillsChip ? 1 : 2, /*stages=*/3);
  }
  bool oneWave = tilesM == 1;
  return GemmConfigAttr::get(ctx, mfma, /*wavesM=*/1,
                             /*wavesN=*/oneWave ? 1 : 4, tilesM,
                             /*tilesN=*/oneWave ? 4 : 1, /*splitK=*/1,
                             /*wavesK=*/1, /*stages=*/2);
}

/// grouped_matmul -> fused_matmul with gather (rows, topk) and experts:
/// A's quantize (of the tokens' activations) moves into the op, where it
/// quantizes the gathered rows; the epilogue rounds to the result type.
struct GroupedMatmulToFused : public OpRewritePattern<GroupedMatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GroupedMatmulOp matmul,
                                PatternRewriter &rewriter) const override {
    Location loc = matmul.getLoc();
    FusedParts p;
    // Whether the quantize of A moves in is weighed with the tile it would
    // have there.
    bool quantizeInKernel =
        !matmul.getRows() ||
        gatheredQuantizeFusionPays(matmul, groupedConfig(matmul, true));
    takeA(rewriter, loc, p, matmul.getA(), matmul.getAScales(),
          quantizeInKernel);
    GemmConfigAttr config = groupedConfig(matmul, p.a.size() == 1);
    p.b = {matmul.getB(), matmul.getBScales()};
    p.aRows = matmul.getRows();
    p.bExperts = matmul.getExperts();
    p.topk = matmul.getTopkAttr();
    RankedTensorType type = matmul.getResult().getType();
    // M: the gather's rows, or A's (already in the sorted order); a
    // scattered result has the weights' tokens and starts at zero (the
    // kernel adds into it).
    Value rowsOf = matmul.getRows() ? matmul.getRows() : p.a.front();
    if (matmul.getScatter()) {
      p.scatterRows = matmul.getScatter();
      p.scatterWeights = matmul.getWeights();
      rowsOf = matmul.getWeights();
    }
    SmallVector<OpFoldResult> shape = {
        tensor::getMixedSize(rewriter, loc, rowsOf, 0),
        tensor::getMixedSize(rewriter, loc, matmul.getB(), 1)};
    Value out =
        tensor::EmptyOp::create(rewriter, loc, shape, type.getElementType());
    if (matmul.getScatter())
      out = linalg::FillOp::create(
                rewriter, loc,
                ValueRange{arith::ConstantOp::create(
                    rewriter, loc,
                    rewriter.getFloatAttr(type.getElementType(), 0.0))},
                ValueRange{out})
                .getResult(0);
    p.outs = {out};
    // A scattered sum's epilogue yields the f32 value; the kernel weighs
    // it and rounds it as it adds it.
    Type epilogueType =
        matmul.getScatter() ? rewriter.getF32Type() : type.getElementType();
    auto fused = createFused(rewriter, loc, p, Layout::plain, config, nullptr,
                             roundingEpilogue(loc, epilogueType));
    rewriter.replaceOp(matmul, fused.getResults());
    return success();
  }
};

/// A = G(src, others...) elementwise, quantized by the op: G's body goes
/// before the prologue, src becomes A and the others prologue operands.
struct FuseProducer : public OpRewritePattern<FusedMatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FusedMatmulOp fused,
                                PatternRewriter &rewriter) const override {
    if (!fused.quantizesA() || !fused.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(fused, "A is not quantized here");
    if (fused.getARows())
      return rewriter.notifyMatchFailure(fused, "a gathered A takes no "
                                                "prologue");
    std::optional<ElementwiseBody> body =
        matchElementwise(fused.getA().front().getDefiningOp());
    if (!body)
      return rewriter.notifyMatchFailure(fused, "A's producer is not an "
                                                "elementwise 2-D generic");
    linalg::GenericOp g = body->op;
    if (readsGemmResult(g))
      return rewriter.notifyMatchFailure(
          fused, "A's producer reads a GEMM's result: it is that GEMM's "
                 "epilogue");
    // The input the kernel loads in 32-element blocks: read whole, high
    // precision.
    OpOperand *src = nullptr;
    for (OpOperand *in : g.getDpsInputOperands()) {
      Type t = getElementTypeOrSelf(in->get().getType());
      if (g.getMatchingIndexingMap(in).isIdentity() &&
          (t.isBF16() || t.isF16() || t.isF32())) {
        src = in;
        break;
      }
    }
    if (!src)
      return rewriter.notifyMatchFailure(g, "no input read whole in bf16, "
                                            "f16 or f32");
    if (!producerFusionPays(fused, g))
      return rewriter.notifyMatchFailure(g, "cheaper as its own kernel");
    Location loc = fused.getLoc();
    FusedParts p = partsOf(fused);
    p.a = {src->get()};
    SmallVector<Value> oldIns = p.prologueIns;
    SmallVector<AffineMap> oldMaps = p.prologueMaps;
    p.prologueIns.clear();
    p.prologueMaps.clear();
    for (OpOperand *in : g.getDpsInputOperands()) {
      if (in == src)
        continue;
      p.prologueIns.push_back(in->get());
      p.prologueMaps.push_back(g.getMatchingIndexingMap(in));
    }
    for (Value s : body->capturedScalars) {
      p.prologueIns.push_back(s);
      p.prologueMaps.push_back(scalarMap(getContext()));
    }
    unsigned numG = p.prologueIns.size();
    llvm::append_range(p.prologueIns, oldIns);
    llvm::append_range(p.prologueMaps, oldMaps);
    auto newOp = createFused(
        rewriter, loc, p, fused.getBLayout(), fused.getConfigAttr(),
        [&](OpBuilder &b, Block &block) {
          // G's arguments: src, then its other inputs in order.
          SmallVector<Value> gArgs;
          unsigned next = 1;
          for (OpOperand *in : g.getDpsInputOperands())
            gArgs.push_back(in == src ? block.getArgument(0)
                                      : block.getArgument(next++));
          gArgs.push_back(Value()); // the unread init
          IRMapping outside;
          for (auto [i, s] : llvm::enumerate(body->capturedScalars))
            outside.map(s, block.getArgument(next + i));
          Value v = inlineBlock(b, *g.getBlock(), gArgs, outside);
          if (!fused.hasPrologue()) {
            YieldOp::create(b, loc, v);
            return;
          }
          SmallVector<Value> oldArgs = {v};
          llvm::append_range(oldArgs,
                             block.getArguments().drop_front(1 + numG));
          Value w = inlineBlock(b, fused.getPrologue().front(), oldArgs, {});
          YieldOp::create(b, loc, w);
        },
        [&](OpBuilder &b, Block &block) {
          Value v = inlineBlock(b, fused.getEpilogue().front(),
                                block.getArguments(), {});
          YieldOp::create(b, loc, v);
        });
    rewriter.replaceOp(fused, newOp.getResults());
    return success();
  }
};

/// G(C, others...) elementwise on the op's only result, its only use: G's
/// body goes after the epilogue and G's init becomes the destination.
struct FuseConsumer : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp g,
                                PatternRewriter &rewriter) const override {
    std::optional<ElementwiseBody> body = matchElementwise(g);
    if (!body)
      return rewriter.notifyMatchFailure(g, "not an elementwise 2-D generic");
    FusedMatmulOp fused;
    for (OpOperand *in : g.getDpsInputOperands())
      if (auto f = in->get().getDefiningOp<FusedMatmulOp>();
          f && !f.quantizesOutput() && !f.getScatterRows() &&
          f->getResult(0).hasOneUse() &&
          g.getMatchingIndexingMap(in).isIdentity())
        fused = f;
    if (!fused)
      return rewriter.notifyMatchFailure(g, "reads no fused_matmul result "
                                            "whole as its only use");
    Type yielded = g.getBlock()->getTerminator()->getOperand(0).getType();
    if (!(yielded.isBF16() || yielded.isF16() || yielded.isF32()))
      return rewriter.notifyMatchFailure(g, "yields no bf16, f16 or f32");
    // The op is rebuilt where G is: every operand must be available there
    // (they are: G's operands dominate G, the op's dominate the op).
    Location loc = g.getLoc();
    Value c = fused->getResult(0);
    FusedParts p = partsOf(fused);
    unsigned oldIns = p.ins.size();
    for (OpOperand *in : g.getDpsInputOperands()) {
      if (in->get() == c)
        continue;
      p.ins.push_back(in->get());
      p.insMaps.push_back(g.getMatchingIndexingMap(in));
    }
    for (Value s : body->capturedScalars) {
      p.ins.push_back(s);
      p.insMaps.push_back(scalarMap(getContext()));
    }
    p.outs = {g.getDpsInitOperand(0)->get()};
    unsigned numB = fused.getNumB();
    auto newOp = createFused(
        rewriter, loc, p, fused.getBLayout(), fused.getConfigAttr(),
        fused.hasPrologue()
            ? function_ref<void(OpBuilder &, Block &)>(
                  [&](OpBuilder &b, Block &block) {
                    Value v = inlineBlock(b, fused.getPrologue().front(),
                                          block.getArguments(), {});
                    YieldOp::create(b, loc, v);
                  })
            : nullptr,
        [&](OpBuilder &b, Block &block) {
          ValueRange args = block.getArguments();
          SmallVector<Value> oldArgs(args.take_front(numB + oldIns));
          Value v = inlineBlock(b, fused.getEpilogue().front(), oldArgs, {});
          SmallVector<Value> gArgs;
          unsigned next = numB + oldIns;
          for (OpOperand *in : g.getDpsInputOperands())
            gArgs.push_back(in->get() == c ? v : args[next++]);
          gArgs.push_back(Value());
          IRMapping outside;
          for (auto [i, s] : llvm::enumerate(body->capturedScalars))
            outside.map(s, args[next + i]);
          Value w = inlineBlock(b, *g.getBlock(), gArgs, outside);
          YieldOp::create(b, loc, w);
        });
    rewriter.replaceOp(g, newOp.getResults());
    rewriter.eraseOp(fused);
    return success();
  }
};

/// quantize(C), C the op's only result used only there: the op writes the
/// fp4 values and scales. Needs a tile of whole 32-column blocks and no
/// split-K (only one work-group has a split-K tile's sum).
struct FuseOutputQuantize : public OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(QuantizeOp q,
                                PatternRewriter &rewriter) const override {
    auto fused = q.getInput().getDefiningOp<FusedMatmulOp>();
    if (!fused || fused.quantizesOutput() || fused.getScatterRows() ||
        !fused->getResult(0).hasOneUse())
      return rewriter.notifyMatchFailure(q, "not the only use of a "
                                            "fused_matmul result (not "
                                            "scattered)");
    if (!isa<Float4E2M1FNType>(q.getValues().getType().getElementType()))
      return rewriter.notifyMatchFailure(q, "a fused output quantize writes "
                                            "fp4 only");
    SmallVector<GemmConfigAttr> configs;
    if (GemmConfigAttr config = fused.getConfigAttr())
      configs.push_back(config);
    if (ArrayAttr specializations = fused.getMSpecializationsAttr())
      for (auto s : specializations.getAsRange<MSpecializationAttr>())
        configs.push_back(s.getConfig());
    // The quantize stages the tile in LDS: where that does not fit gfx950's
    // (the only chip), the quantize stays a kernel of its own.
    int64_t ldsBytes = llvm::cantFail(getChipLimits("gfx950")).ldsBytes;
    if (llvm::any_of(configs, [&](GemmConfigAttr config) {
          return config.getTileN() % kBlockSize != 0 ||
                 config.getSplitK() != 1 ||
                 getGemmLdsBytes(config, fused.getNumB(),
                                 /*quantizesOutput=*/true) > ldsBytes;
        }))
      return rewriter.notifyMatchFailure(
          q, "the GEMM's tile is not whole 32-column blocks, is split, or "
             "its staging would not fit LDS");
    Location loc = q.getLoc();
    FusedParts p = partsOf(fused);
    auto empty = [&](Value like) -> Value {
      auto t = cast<RankedTensorType>(like.getType());
      return tensor::EmptyOp::create(rewriter, loc,
                                     tensor::getMixedSizes(rewriter, loc, like),
                                     t.getElementType());
    };
    p.outs = {empty(q.getValues()), empty(q.getScales())};
    p.outputScaleMode = q.getScaleMode();
    p.outputTies = tiesAttrOf(q);
    auto newOp =
        createFused(rewriter, loc, p, fused.getBLayout(), fused.getConfigAttr(),
                    fused.hasPrologue()
                        ? function_ref<void(OpBuilder &, Block &)>(
                              [&](OpBuilder &b, Block &block) {
                                Value v =
                                    inlineBlock(b, fused.getPrologue().front(),
                                                block.getArguments(), {});
                                YieldOp::create(b, loc, v);
                              })
                        : nullptr,
                    [&](OpBuilder &b, Block &block) {
                      Value v = inlineBlock(b, fused.getEpilogue().front(),
                                            block.getArguments(), {});
                      YieldOp::create(b, loc, v);
                    });
    rewriter.replaceOp(q, newOp.getResults());
    rewriter.eraseOp(fused);
    return success();
  }
};

/// The op reads, as an epilogue operand taken whole, the only result of
/// another fused_matmul on the same A (same quantization, no prologue), B
/// layout and configuration: one op computes both accumulators in one K
/// loop (A loaded and quantized once), the other's epilogue feeding its
/// own. That is SwiGLU's silu(A Bg^T) * (A Bu^T) once FuseConsumer has
/// taken the product into one of the two GEMMs, whichever it was.
struct MergeGemmsSharingA : public OpRewritePattern<FusedMatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FusedMatmulOp f,
                                PatternRewriter &rewriter) const override {
    if (!f.hasPureTensorSemantics() || f.hasPrologue() || f.getBScalesRow() ||
        f.getScatterRows())
      return rewriter.notifyMatchFailure(f, "not a plain tensor GEMM");
    FusedMatmulOp other;
    unsigned operandIndex = 0;
    for (auto [i, v] : llvm::enumerate(f.getIns())) {
      auto o = v.getDefiningOp<FusedMatmulOp>();
      AffineMap map = cast<AffineMapAttr>(f.getInsMaps()[i]).getValue();
      if (!o || o == f || o.quantizesOutput() || o.getScatterRows() ||
          o.hasPrologue() || o.getBScalesRow() ||
          !o->getResult(0).hasOneUse() || !map.isIdentity() ||
          o.getA() != f.getA() || o.getAScaleMode() != f.getAScaleMode() ||
          o.getATies() != f.getATies() || o.getARows() != f.getARows() ||
          o.getTopkAttr() != f.getTopkAttr() ||
          o.getBExperts() != f.getBExperts() ||
          o.getBLayout() != f.getBLayout() ||
          o.getConfigAttr() != f.getConfigAttr() ||
          o.getMSpecializationsAttr() != f.getMSpecializationsAttr() ||
          cast<ShapedType>(o.getBValues(0).getType()).getDimSize(0) !=
              cast<ShapedType>(f.getBValues(0).getType()).getDimSize(0))
        continue;
      other = o;
      operandIndex = i;
      break;
    }
    if (!other)
      return rewriter.notifyMatchFailure(f, "reads no other GEMM on its A");
    Location loc = f.getLoc();
    FusedParts p = partsOf(other);
    llvm::append_range(p.b, f.getB());
    unsigned otherIns = p.ins.size();
    for (auto [i, v] : llvm::enumerate(f.getIns())) {
      if (i == operandIndex)
        continue;
      p.ins.push_back(v);
      p.insMaps.push_back(cast<AffineMapAttr>(f.getInsMaps()[i]).getValue());
    }
    p.outs.assign(f.getOuts().begin(), f.getOuts().end());
    p.outputScaleMode = f.getOutputScaleMode();
    p.outputTies = f.getOutputTiesAttr();
    unsigned nbOther = other.getNumB(), nb = f.getNumB();
    auto newOp = createFused(
        rewriter, loc, p, f.getBLayout(), f.getConfigAttr(), nullptr,
        [&](OpBuilder &b, Block &block) {
          ValueRange args = block.getArguments();
          ValueRange insArgs = args.drop_front(nbOther + nb);
          SmallVector<Value> oArgs(args.take_front(nbOther));
          llvm::append_range(oArgs, insArgs.take_front(otherIns));
          Value v = inlineBlock(b, other.getEpilogue().front(), oArgs, {});
          SmallVector<Value> fArgs(args.slice(nbOther, nb));
          ValueRange rest = insArgs.drop_front(otherIns);
          for (unsigned i = 0, e = f.getIns().size(); i < e; ++i) {
            if (i == operandIndex) {
              fArgs.push_back(v);
              continue;
            }
            fArgs.push_back(rest.front());
            rest = rest.drop_front();
          }
          Value w = inlineBlock(b, f.getEpilogue().front(), fArgs, {});
          YieldOp::create(b, loc, w);
        });
    rewriter.replaceOp(f, newOp.getResults());
    rewriter.eraseOp(other);
    return success();
  }
};

/// convert-elementwise-to-linalg writes into its first operand (say the
/// GEMM's result) although the body never reads it: such an init is only a
/// shape, and a tensor.empty leaves the GEMM's result a single use.
struct DetachUnreadInit : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp g,
                                PatternRewriter &rewriter) const override {
    if (!g.hasPureTensorSemantics())
      return failure();
    bool changed = false;
    for (OpOperand &init : g.getDpsInitsMutable()) {
      if (init.get().getDefiningOp<tensor::EmptyOp>() ||
          !g.getMatchingBlockArgument(&init).use_empty())
        continue;
      Value empty = tensor::EmptyOp::create(
          rewriter, g.getLoc(),
          tensor::getMixedSizes(rewriter, g.getLoc(), init.get()),
          getElementTypeOrSelf(init.get().getType()));
      rewriter.modifyOpInPlace(g, [&] { init.set(empty); });
      changed = true;
    }
    return success(changed);
  }
};

/// Named elementwise linalg ops (linalg.add, linalg.exp, ...) as generics,
/// so that the patterns above see one form.
struct GeneralizeElementwise
    : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (isa<linalg::GenericOp>(op) || !linalg::isElementwise(op) ||
        !op.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(op, "not a named elementwise op");
    return linalg::generalizeNamedOp(rewriter, op);
  }
};
} // namespace

void mlir::fp4::mxfp4::populateFuseIntoMatmulPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns
      .add<SplitOffAccumulator, FlattenBatchedMatmul, LoopOverBatchedB,
           SplitGemmByOutputSlices, ScaledMatmulToFused, GroupedMatmulToFused,
           FuseProducer, FuseConsumer, FuseOutputQuantize, MergeGemmsSharingA,
           GeneralizeElementwise, DetachUnreadInit>(ctx);
}

void mlir::fp4::mxfp4::populateScaledMatmulToFusedPatterns(
    RewritePatternSet &patterns) {
  patterns.add<SplitOffAccumulator, FlattenBatchedMatmul, LoopOverBatchedB,
               ScaledMatmulToFused, GroupedMatmulToFused>(
      patterns.getContext());
}

namespace {
/// Follows the fused_matmuls a rewrite creates and erases, and passes every
/// notification on to the caller's listener.
struct FusedMatmulTracker : public RewriterBase::ForwardingListener {
  using ForwardingListener::ForwardingListener;
  llvm::SetVector<Operation *> live;
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    if (isa<FusedMatmulOp>(op))
      live.insert(op);
    ForwardingListener::notifyOperationInserted(op, previous);
  }
  void notifyOperationErased(Operation *op) override {
    live.remove(op);
    ForwardingListener::notifyOperationErased(op);
  }
};
} // namespace

FailureOr<SmallVector<FusedMatmulOp>>
mlir::fp4::mxfp4::fuseIntoMatmul(RewriterBase &rewriter, ScaledMatmulOp root) {
  // The neighbourhood of `root`: what it reads and what reads it, up to the
  // next GEMM either way, plus the GEMMs that read it in their epilogue (a
  // SwiGLU's other half, which MergeGemmsSharingA merges with it).
  // (The slices ask the filter about their start too.)
  auto notGemm = [&](Operation *op) {
    return op == root ||
           !isa<ScaledMatmulOp, FusedMatmulOp, GroupedMatmulOp>(op);
  };
  llvm::SetVector<Operation *> ops;
  BackwardSliceOptions backward;
  backward.omitBlockArguments = true;
  backward.filter = notGemm;
  (void)getBackwardSlice(root.getOperation(), &ops, backward);
  ops.insert(root);
  ForwardSliceOptions forward;
  forward.filter = notGemm;
  llvm::SetVector<Operation *> readers;
  getForwardSlice(root.getOperation(), &readers, forward);
  readers.insert(root);
  for (Operation *reader : readers)
    for (Operation *user : reader->getUsers())
      if (isa<FusedMatmulOp>(user))
        ops.insert(user);
  ops.insert(readers.begin(), readers.end());

  RewritePatternSet patterns(root.getContext());
  populateFuseIntoMatmulPatterns(patterns);
  FusedMatmulTracker tracker(rewriter.getListener());
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  config.setListener(&tracker);
  if (failed(applyOpPatternsGreedily(ops.getArrayRef(), std::move(patterns),
                                     config)))
    return root.emitOpError("fusion did not converge");
  SmallVector<FusedMatmulOp> fused;
  for (Operation *op : tracker.live)
    fused.push_back(cast<FusedMatmulOp>(op));
  if (fused.empty())
    return root.emitOpError("did not become a fused_matmul");
  return fused;
}

namespace {
struct FuseIntoMatmulPass
    : public mlir::fp4::mxfp4::impl::FuseIntoMatmulBase<FuseIntoMatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFuseIntoMatmulPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
