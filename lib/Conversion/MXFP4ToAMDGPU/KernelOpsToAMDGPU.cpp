//===- KernelOpsToAMDGPU.cpp - kernel ops to gfx950 code --------*- C++ -*-===//
//
// The conversion patterns of convert-mxfp4-to-amdgpu: each mxfp4 kernel op
// on memrefs, inside a GPU kernel (after bufferization, the GPU mapping and
// outlining), becomes the code of the work-group (fused_matmul: GemmTile.cpp)
// or work-item (block_quantize, block_dequantize) that runs it. fp4 data is
// in byte storage by then (mxfp4-pack-narrow-types).
//
//===----------------------------------------------------------------------===//

#include "KernelOpsToAMDGPU.h"

#include "GemmTile.h"
#include "QuantizeBlock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::fp4;
using mxfp4::kBlockSize;

//===----------------------------------------------------------------------===//
// Regions: the prologue on a block of 32 elements, the epilogue per element.
//===----------------------------------------------------------------------===//

/// Clones the ops of `block` (ending in mxfp4.yield) with `args` for its
/// arguments and returns the yielded value. With `width`, every op works on
/// vector<width x T> instead of T, scalar operands broadcast.
static Value inlineRegion(OpBuilder &b, Block &block, ValueRange args,
                          int64_t width = 0) {
  IRMapping map;
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    map.map(arg, v);
  for (Operation &op : block.without_terminator()) {
    if (width == 0) {
      b.clone(op, map);
      continue;
    }
    SmallVector<Value> operands;
    for (Value o : op.getOperands()) {
      Value v = map.lookupOrDefault(o);
      if (!isa<VectorType>(v.getType()))
        v = vector::BroadcastOp::create(
            b, op.getLoc(), VectorType::get({width}, v.getType()), v);
      operands.push_back(v);
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      // A constant becomes its splat.
      auto type = VectorType::get({width}, constant.getType());
      auto splat = arith::ConstantOp::create(
          b, op.getLoc(), DenseElementsAttr::get(type, constant.getValue()));
      map.map(constant.getResult(), splat.getResult());
      continue;
    }
    if (isa<math::MathDialect>(op.getDialect()) && op.getNumResults() == 1) {
      // Math functions lane by lane: the ROCDL lowering has f32 exp/log
      // only as scalars (llvm.exp on a vector is illegal there), and the
      // backend would scalarize them anyway.
      SmallVector<Value> lanes;
      for (int64_t i = 0; i < width; ++i) {
        SmallVector<Value> scalars;
        for (Value v : operands)
          scalars.push_back(vector::ExtractOp::create(b, op.getLoc(), v, i));
        OperationState lane(op.getLoc(), op.getName(), scalars,
                            op.getResultTypes(), op.getAttrs());
        lanes.push_back(b.create(lane)->getResult(0));
      }
      map.map(op.getResult(0),
              vector::FromElementsOp::create(
                  b, op.getLoc(),
                  VectorType::get({width}, op.getResult(0).getType()), lanes));
      continue;
    }
    SmallVector<Type> types;
    for (Type t : op.getResultTypes())
      types.push_back(VectorType::get({width}, t));
    OperationState state(op.getLoc(), op.getName(), operands, types,
                         op.getAttrs());
    Operation *clone = b.create(state);
    map.map(op.getResults(), clone->getResults());
  }
  return map.lookupOrDefault(block.getTerminator()->getOperand(0));
}

/// The operand `v` (a memref read through `map` from (d0, d1), or a
/// scalar) at coordinates `coords` of (d0, d1).
static Value loadThroughMap(OpBuilder &b, Location loc, Value v,
                            const MemrefView *view, AffineMap map,
                            ArrayRef<Value> coords) {
  if (!view)
    return v;
  SmallVector<Value> at;
  for (AffineExpr e : map.getResults())
    at.push_back(coords[cast<AffineDimExpr>(e).getPosition()]);
  return memref::LoadOp::create(b, loc, view->buffer,
                                ValueRange{view->at(b, loc, at)});
}

namespace {
struct FusedMatmulLowering : public OpRewritePattern<mxfp4::FusedMatmulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(mxfp4::FusedMatmulOp op,
                                PatternRewriter &rewriter) const override {
    if (!whyKernelOpUnsupported(op).empty())
      return rewriter.notifyMatchFailure(op, whyKernelOpUnsupported(op));
    Location loc = op.getLoc();
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    GemmTileSpec spec = getGemmTileSpec(op, getQuantizeMethod(op));
    GemmTileOperands ops;
    auto view = [&](Value v) { return makeMemrefView(rewriter, loc, v); };
    ops.a = view(op.getA().front());
    if (!op.quantizesA())
      ops.aScales = view(op.getA()[1]);
    for (unsigned i = 0; i < op.getNumB(); ++i) {
      ops.b.push_back(view(op.getBValues(i)));
      ops.bScales.push_back(view(op.getBScales(i)));
    }
    ops.out = view(op.getOuts().front());
    if (op.quantizesOutput())
      ops.outScales = view(op.getOuts()[1]);
    ops.m = memref::DimOp::create(rewriter, loc, op.getA().front(), 0);
    ops.n = memref::DimOp::create(rewriter, loc, op.getBValues(0), 0);
    if (Value rows = op.getARows()) {
      // A grouped GEMM's tile: its rows are the gather's.
      ops.aRows = view(rows);
      ops.aRowsDivisor = *op.getTopk();
      ops.aSourceRows = ops.m;
      ops.m = memref::DimOp::create(rewriter, loc, rows, 0);
    }
    if (Value ids = op.getScatterRows()) {
      // A scattered tile adds its rows into the tokens' rows of out.
      Value weights = op.getScatterWeights();
      ops.scatterRows = view(ids);
      ops.scatterWeights = view(weights);
      ops.scatterTopk = cast<ShapedType>(weights.getType()).getDimSize(1);
      ops.scatterTokens = memref::DimOp::create(rewriter, loc, weights, 0);
    }
    ops.bScalesRow = op.getBScalesRow();

    // Views of the regions' memref operands (scalars stay values).
    auto viewsOf = [&](ValueRange vs) {
      SmallVector<std::optional<MemrefView>> views;
      for (Value v : vs)
        views.push_back(isa<MemRefType>(v.getType())
                            ? std::optional<MemrefView>(view(v))
                            : std::nullopt);
      return views;
    };
    SmallVector<std::optional<MemrefView>> prologueViews =
        viewsOf(op.getPrologueIns());
    SmallVector<std::optional<MemrefView>> insViews = viewsOf(op.getIns());
    SmallVector<AffineMap> prologueMaps =
        llvm::to_vector(op.getPrologueMaps().getAsValueRange<AffineMapAttr>());
    SmallVector<AffineMap> insMaps =
        llvm::to_vector(op.getInsMaps().getAsValueRange<AffineMapAttr>());
    SmallVector<Value> prologueIns(op.getPrologueIns()), ins(op.getIns());

    GemmTileHooks hooks;
    Block *prologue = op.hasPrologue() ? &op.getPrologue().front() : nullptr;
    if (prologue)
      hooks.prologue = [&](OpBuilder &b, Location l, Value block, Value row,
                           Value kBlock) {
        SmallVector<Value> args = {block};
        Value k0 = arith::MulIOp::create(
            b, l, kBlock, arith::ConstantIndexOp::create(b, l, kBlockSize));
        for (auto [v, vw, map] :
             llvm::zip(prologueIns, prologueViews, prologueMaps))
          args.push_back(
              loadBlockOperand(b, l, v, vw ? &*vw : nullptr, map, row, k0));
        return inlineRegion(b, *prologue, args, kBlockSize);
      };
    Block &epilogue = op.getEpilogue().front();
    hooks.epilogue = [&](OpBuilder &b, Location l, ArrayRef<Value> rows,
                         ArrayRef<Value> cols,
                         ArrayRef<SmallVector<Value>> accs) {
      // Every element's operands before any computation or store: the
      // output may share a buffer with an operand (an in-place residual),
      // and LLVM may not move a load above a store that may alias it.
      SmallVector<SmallVector<Value>> loaded;
      for (auto [row, col] : llvm::zip(rows, cols)) {
        SmallVector<Value> element;
        for (auto [v, vw, map] : llvm::zip(ins, insViews, insMaps))
          element.push_back(
              loadThroughMap(b, l, v, vw ? &*vw : nullptr, map, {row, col}));
        loaded.push_back(element);
      }
      SmallVector<Value> results;
      for (auto [acc, element] : llvm::zip(accs, loaded)) {
        SmallVector<Value> args(acc);
        llvm::append_range(args, element);
        results.push_back(inlineRegion(b, epilogue, args));
      }
      return results;
    };
    buildGemmTile(rewriter, loc, func, spec, ops, hooks);
    rewriter.eraseOp(op);
    return success();
  }

private:
  /// A prologue operand as a vector of the 32 elements of a block of A's
  /// row `row` from column `k0`: one load broadcast when it does not vary
  /// along K, a vector load when it is contiguous along K, else one load
  /// per element.
  static Value loadBlockOperand(OpBuilder &b, Location loc, Value v,
                                const MemrefView *view, AffineMap map,
                                Value row, Value k0) {
    if (!view)
      return v;
    Type elem = cast<MemRefType>(v.getType()).getElementType();
    auto vecType = VectorType::get({kBlockSize}, elem);
    std::optional<unsigned> kResult =
        map.getResultPosition(getAffineDimExpr(1, b.getContext()));
    if (!kResult)
      return vector::BroadcastOp::create(
          b, loc, vecType, loadThroughMap(b, loc, v, view, map, {row, k0}));
    if (*kResult + 1 == map.getNumResults() &&
        isConstantIntValue(view->strides.back(), 1)) {
      SmallVector<Value> at;
      for (AffineExpr e : map.getResults())
        at.push_back(cast<AffineDimExpr>(e).getPosition() == 0 ? row : k0);
      return vector::LoadOp::create(b, loc, vecType, view->buffer,
                                    ValueRange{view->at(b, loc, at)});
    }
    SmallVector<Value> elements;
    for (int64_t i = 0; i < kBlockSize; ++i) {
      Value k = arith::AddIOp::create(
          b, loc, k0, arith::ConstantIndexOp::create(b, loc, i));
      elements.push_back(loadThroughMap(b, loc, v, view, map, {row, k}));
    }
    return vector::FromElementsOp::create(b, loc, vecType, elements);
  }
};

/// The blocks of a block op's tile: every index of its leading dimensions,
/// and every 32-element block of the last one.
static void
forEachBlock(OpBuilder &b, Location loc, Value shaped,
             function_ref<void(OpBuilder &, ArrayRef<Value>)> body) {
  auto type = cast<MemRefType>(shaped.getType());
  SmallVector<Value> ivs;
  std::function<void(OpBuilder &, int64_t)> nest = [&](OpBuilder &nb,
                                                       int64_t d) {
    Value zero = arith::ConstantIndexOp::create(nb, loc, 0);
    Value ub = memref::DimOp::create(nb, loc, shaped, d);
    Value step = arith::ConstantIndexOp::create(
        nb, loc, d + 1 == type.getRank() ? kBlockSize : 1);
    scf::ForOp::create(nb, loc, zero, ub, step, ValueRange{},
                       [&](OpBuilder &ib, Location, Value iv, ValueRange) {
                         ivs.push_back(iv);
                         if (d + 1 == type.getRank())
                           body(ib, ivs);
                         else
                           nest(ib, d + 1);
                         ivs.pop_back();
                         scf::YieldOp::create(ib, loc);
                       });
  };
  nest(b, 0);
}

/// The coordinates of a block's bytes (fp4x2) or scale from its element
/// coordinates (the last one divided by 2 or 32).
static SmallVector<Value> scaledLast(OpBuilder &b, Location loc,
                                     ArrayRef<Value> ivs, int64_t divisor) {
  SmallVector<Value> at(ivs);
  at.back() = arith::DivUIOp::create(
      b, loc, at.back(), arith::ConstantIndexOp::create(b, loc, divisor));
  return at;
}

/// A 32-element block of MX values of `format` as `values` stores it: 16
/// fp4x2 bytes, 24 bytes of fp6, or 32 typed fp8 elements.
static VectorType getBlockStorageType(Value values, Type format) {
  Type storage = cast<MemRefType>(values.getType()).getElementType();
  if (!mxfp4::isByteStorage(storage))
    return VectorType::get({kBlockSize}, storage);
  return VectorType::get({kBlockSize * format.getIntOrFloatBitWidth() / 8},
                         storage);
}

/// The coordinates of a block's storage (`units` per 32 elements) from its
/// element coordinates.
static SmallVector<Value> storageOf(OpBuilder &b, Location loc,
                                    ArrayRef<Value> ivs, int64_t units) {
  SmallVector<Value> at(ivs);
  at.back() = arith::MulIOp::create(
      b, loc,
      arith::DivUIOp::create(
          b, loc, at.back(),
          arith::ConstantIndexOp::create(b, loc, kBlockSize)),
      arith::ConstantIndexOp::create(b, loc, units));
  return at;
}

struct BlockQuantizeLowering : public OpRewritePattern<mxfp4::BlockQuantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(mxfp4::BlockQuantizeOp op,
                                PatternRewriter &rewriter) const override {
    if (!whyKernelOpUnsupported(op).empty())
      return rewriter.notifyMatchFailure(op, whyKernelOpUnsupported(op));
    Location loc = op.getLoc();
    MemrefView in = makeMemrefView(rewriter, loc, op.getInput());
    MemrefView values = makeMemrefView(rewriter, loc, op.getValues());
    MemrefView scales = makeMemrefView(rewriter, loc, op.getScales());
    Type elem = cast<MemRefType>(op.getInput().getType()).getElementType();
    Type format = op.getValuesFormat();
    VectorType storageType = getBlockStorageType(op.getValues(), format);
    forEachBlock(
        rewriter, loc, op.getInput(), [&](OpBuilder &b, ArrayRef<Value> ivs) {
          Value block = vector::LoadOp::create(
              b, loc, VectorType::get({kBlockSize}, elem), in.buffer,
              ValueRange{in.at(b, loc, ivs)});
          QuantizedBlock q =
              emitQuantizeBlock(b, loc, block, op.getScaleMode(), op.getTies(),
                                getQuantizeMethod(op), format);
          Value stored = q.values;
          if (stored.getType() != storageType)
            stored = vector::BitCastOp::create(b, loc, storageType, stored);
          vector::StoreOp::create(
              b, loc, stored, values.buffer,
              ValueRange{values.at(
                  b, loc,
                  storageOf(b, loc, ivs, storageType.getNumElements()))});
          memref::StoreOp::create(
              b, loc, q.scale, scales.buffer,
              ValueRange{
                  scales.at(b, loc, scaledLast(b, loc, ivs, kBlockSize))});
        });
    rewriter.eraseOp(op);
    return success();
  }
};

struct BlockDequantizeLowering
    : public OpRewritePattern<mxfp4::BlockDequantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(mxfp4::BlockDequantizeOp op,
                                PatternRewriter &rewriter) const override {
    if (!whyKernelOpUnsupported(op).empty())
      return rewriter.notifyMatchFailure(op, whyKernelOpUnsupported(op));
    Location loc = op.getLoc();
    MemrefView out = makeMemrefView(rewriter, loc, op.getInit());
    MemrefView values = makeMemrefView(rewriter, loc, op.getValues());
    MemrefView scales = makeMemrefView(rewriter, loc, op.getScales());
    Type elem = cast<MemRefType>(op.getInit().getType()).getElementType();
    Type format = op.getValuesFormat();
    VectorType storageType = getBlockStorageType(op.getValues(), format);
    forEachBlock(
        rewriter, loc, op.getInit(), [&](OpBuilder &b, ArrayRef<Value> ivs) {
          Value bytes = vector::LoadOp::create(
              b, loc, storageType, values.buffer,
              ValueRange{values.at(
                  b, loc,
                  storageOf(b, loc, ivs, storageType.getNumElements()))});
          Value scale = memref::LoadOp::create(
              b, loc, scales.buffer,
              ValueRange{
                  scales.at(b, loc, scaledLast(b, loc, ivs, kBlockSize))});
          Value block = emitDequantizeBlock(b, loc, bytes, scale, format);
          if (!elem.isF32())
            block = arith::TruncFOp::create(
                b, loc, VectorType::get({kBlockSize}, elem), block);
          vector::StoreOp::create(b, loc, block, out.buffer,
                                  ValueRange{out.at(b, loc, ivs)});
        });
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

GemmTileSpec mlir::fp4::getGemmTileSpec(mxfp4::FusedMatmulOp op,
                                        QuantizeMethod method) {
  GemmTileSpec spec;
  spec.k = op.getK();
  spec.config = op.getConfigAttr();
  spec.bLayout = op.getBLayout();
  spec.quantizeA = op.quantizesA();
  if (spec.quantizeA) {
    spec.scaleMode = *op.getAScaleMode();
    spec.aTies = op.getATies().value_or(mxfp4::Ties::even);
    spec.aElementType = getElementTypeOrSelf(op.getA().front().getType());
  }
  spec.quantizeMethod = method;
  spec.numB = op.getNumB();
  spec.aFormat = op.getAValuesFormat();
  for (unsigned i = 0; i < spec.numB; ++i)
    spec.bFormats.push_back(op.getBValuesFormat(i));
  spec.preshuffledScaleCols =
      cast<ShapedType>(op.getBScales(0).getType()).getDimSize(1);
  spec.resultType = op.getEpilogueResultType();
  spec.quantizeOutput = op.quantizesOutput();
  if (spec.quantizeOutput)
    spec.outputScaleMode = *op.getOutputScaleMode();
  spec.outputTies = op.getOutputTies().value_or(mxfp4::Ties::even);
  if (auto func = op->getParentOfType<gpu::GPUFuncOp>())
    if (std::optional<ArrayRef<int32_t>> grid = func.getKnownGridSize()) {
      spec.gridX = (*grid)[0];
      spec.gridTiles = int64_t((*grid)[0]) * (*grid)[1];
    }
  // A grid known only at run time (an M bounded by an m_specialization):
  // the bound mxfp4-form-kernels computed.
  if (spec.gridTiles <= 0)
    if (std::optional<ArrayRef<int64_t>> grid = op.getMaxGrid()) {
      spec.gridX = (*grid)[0];
      spec.gridTiles = (*grid)[0] * (*grid)[1];
    }
  return spec;
}

std::string mlir::fp4::whyKernelOpUnsupported(Operation *op) {
  auto dps = cast<DestinationStyleOpInterface>(op);
  if (!dps.hasPureBufferSemantics())
    return "is on tensors: bufferize first (one-shot-bufferize)";
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func || !func.isKernel())
    return "is not inside a GPU kernel: map its loop to the GPU and outline "
           "it first (fp4-map-kernels-to-gpu, gpu-kernel-outlining)";
  for (Value v : op->getOperands()) {
    Type elem = getElementTypeOrSelf(v.getType());
    if (isa<Float4E2M1FNType, Float8E8M0FNUType>(elem))
      return "reads fp4 or E8M0 data that is not in byte storage: run "
             "mxfp4-pack-narrow-types before bufferizing";
    if (isa<Float6E2M3FNType, Float6E3M2FNType>(elem))
      return "reads fp6 data that is not in byte storage (four values in "
             "three bytes): run mxfp4-pack-narrow-types before bufferizing";
    if (auto t = dyn_cast<MemRefType>(v.getType())) {
      auto [strides, offset] = t.getStridesAndOffset();
      if (!strides.empty() && strides.back() != 1)
        return "needs operands whose last dimension is contiguous";
    }
  }
  auto matmul = dyn_cast<mxfp4::FusedMatmulOp>(op);
  if (!matmul)
    return "";
  if (matmul.getBExperts())
    return "reads a B per expert: tile it first (mxfp4-form-kernels), each "
           "tile taking its rows' expert";
  if (!matmul.getConfigAttr())
    return "has no #mxfp4.config; run mxfp4-select-config first";
  if (matmul.getBLayout() == mxfp4::Layout::preshuffled &&
      ShapedType::isDynamic(
          cast<ShapedType>(matmul.getBScales(0).getType()).getDimSize(1)))
    return "needs pre-shuffled scales with a static number of columns";
  return whyGemmTileUnsupported(getGemmTileSpec(matmul, QuantizeMethod::Exact));
}

QuantizeMethod mlir::fp4::getQuantizeMethod(Operation *op) {
  return mxfp4::getAQuantizer(op, "hardware") == "exact"
             ? QuantizeMethod::Exact
             : QuantizeMethod::Hardware;
}

llvm::Error mlir::fp4::checkChipset(StringRef chipset) {
  if (chipset == "gfx950")
    return llvm::Error::success();
  return llvm::createStringError(
      "chip '" + chipset.str() +
      "' is not supported: the mxfp4 kernels need gfx950's scaled MFMAs");
}

void mlir::fp4::populateMXFP4ToAMDGPUConversionPatterns(
    RewritePatternSet &patterns, StringRef chipset) {
  (void)chipset; // gfx950 only (checkChipset): one set of patterns.
  patterns
      .add<FusedMatmulLowering, BlockQuantizeLowering, BlockDequantizeLowering>(
          patterns.getContext());
  populateMoeAlignLoweringPatterns(patterns);
}
