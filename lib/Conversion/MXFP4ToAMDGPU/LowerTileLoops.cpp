//===- LowerTileLoops.cpp - work-group loops to kernel launches -*- C++ -*-===//
//
// The tile-level lowering. mxfp4-tile-and-fuse leaves each GEMM as an
// scf.forall over tiles of C mapped to GPU blocks, whose body computes one
// tile: slices of the loop's inputs, elementwise producers of A, the
// quantize of A, the scaled_matmul tile, elementwise consumers, and a
// parallel_insert_slice of the result. This file turns one such loop into
// one kernel (GemmKernel.cpp builds the GEMM; the fused producers and
// consumers become its A-load and C-store hooks) and, on the host, into a
// gpu.launch_func between bufferization.to_buffer of the inputs and a
// to_tensor of the output, so that one-shot bufferization of the host
// program can follow.
//
//===----------------------------------------------------------------------===//

#include "LowerTileLoops.h"
#include "HostBoundary.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::fp4;

namespace {
/// What one work-group loop computes, traced back to the values it reads
/// from outside (the kernel's buffers).
struct TileLoop {
  scf::ForallOp loop;
  mxfp4::ScaledMatmulOp matmul;
  mxfp4::QuantizeOp quantize; // null: A arrives quantized
  /// Elementwise producers of A, outermost (applied last) first.
  SmallVector<linalg::GenericOp> aProducers;
  /// Elementwise consumers of C, in order.
  SmallVector<linalg::GenericOp> epilogue;
  Value a, aScales, b, bScales; // outside the loop (aScales: quantized A)
  Value output;                 // the loop's shared_out (values when quantized)
  /// A quantize of the epilogue's result: the loop's outputs are its fp4
  /// values and scales.
  mxfp4::QuantizeOp outputQuantize;
  /// Other tensors the epilogue reads, in kernel-argument order.
  llvm::MapVector<Value, unsigned> extras;
};
} // namespace

static bool isOutside(Value v, scf::ForallOp loop) {
  return !loop.getRegion().isAncestor(v.getParentRegion());
}

/// The value outside `loop` that `v` is a slice of; fails with a
/// diagnostic naming `what` otherwise.
static FailureOr<Value> sliceSource(Value v, scf::ForallOp loop,
                                    Operation *user, StringRef what) {
  auto slice = v.getDefiningOp<tensor::ExtractSliceOp>();
  if (!slice || !isOutside(slice.getSource(), loop) || !slice.hasUnitStride())
    return user->emitOpError()
           << "reads " << what
           << " through something other than a unit-stride slice of a value "
              "defined outside the work-group loop";
  return slice.getSource();
}

/// Checks that the slice of `v` starts at the loop's tile origin along the
/// dimensions `map` gives it (the form tiling produces), so that the kernel
/// can address the whole tensor with the element's row and column.
static LogicalResult checkTileOrigin(Value v, AffineMap map, scf::ForallOp loop,
                                     Operation *user) {
  auto slice = v.getDefiningOp<tensor::ExtractSliceOp>();
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
  for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
    unsigned loopDim = cast<AffineDimExpr>(expr).getPosition();
    auto offset = dyn_cast<Value>(offsets[dim]);
    if (offset != loop.getInductionVar(loopDim))
      return user->emitOpError("reads a slice that does not start at the "
                               "work-group tile's origin");
  }
  return success();
}

/// The body of `g` reads only its block arguments, its own values and
/// constants: nothing else of the host can reach the kernel.
static LogicalResult checkSelfContainedBody(linalg::GenericOp g) {
  Block &body = g.getRegion().front();
  WalkResult r = g.getRegion().walk([&](Operation *op) {
    for (Value o : op->getOperands()) {
      if (o.getParentBlock() == &body ||
          g.getRegion().isAncestor(o.getParentRegion()))
        continue;
      if (!matchPattern(o, m_Constant())) {
        op->emitOpError("reads a value from outside its linalg.generic that "
                        "is not a constant; it cannot be fused into a kernel");
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

/// One input of an elementwise generic whose other inputs are `chained`.
static bool isChainedInput(linalg::GenericOp g, OpOperand *in, Value chained) {
  return in->get() == chained && g.getMatchingIndexingMap(in).isIdentity();
}

static FailureOr<TileLoop> analyzeTileLoop(scf::ForallOp loop) {
  TileLoop t;
  t.loop = loop;
  auto gemms = llvm::to_vector(loop.getBody()->getOps<mxfp4::ScaledMatmulOp>());
  if (gemms.size() != 1)
    return loop.emitOpError("a work-group loop must hold exactly one "
                            "mxfp4.scaled_matmul, found ")
           << gemms.size();
  t.matmul = gemms.front();
  mxfp4::GemmConfigAttr config = t.matmul.getConfigAttr();
  if (!config)
    return t.matmul.emitOpError("has no #mxfp4.config; run "
                                "mxfp4-select-config first");
  // The loop must be the one tiling made: tiles of C from the origin, one
  // per block, x along N and y along M.
  auto tile = [](int64_t v) { return std::optional<int64_t>(v); };
  if (loop.getRank() != 2 || loop.getOutputs().empty() ||
      loop.getOutputs().size() > 2 ||
      !llvm::all_of(loop.getMixedLowerBound(),
                    [](OpFoldResult o) { return isConstantIntValue(o, 0); }) ||
      getConstantIntValue(loop.getMixedStep()[0]) != tile(config.getTileM()) ||
      getConstantIntValue(loop.getMixedStep()[1]) != tile(config.getTileN()))
    return loop.emitOpError("expected a 2-D loop over the GEMM's ")
           << config.getTileM() << "x" << config.getTileN()
           << " tiles of C with one result, or two for a quantized C (made "
              "by mxfp4-tile-and-fuse)";
  t.output = loop.getOutputs().front();

  // A: quantized in the loop from a slice, through elementwise producers.
  Operation *mm = t.matmul;
  if ((t.quantize = t.matmul.getA().getDefiningOp<mxfp4::QuantizeOp>())) {
    if (t.matmul.getAScales() != t.quantize.getScales())
      return t.matmul.emitOpError("A's values and scales must come from the "
                                  "same mxfp4.quantize");
    Value v = t.quantize.getInput();
    while (auto g = v.getDefiningOp<linalg::GenericOp>()) {
      if (g.getNumDpsInputs() != 1 || g->getNumResults() != 1 ||
          !g.getMatchingIndexingMap(g.getDpsInputOperand(0)).isIdentity() ||
          g.getNumParallelLoops() != g.getNumLoops())
        return g.emitOpError("is not an elementwise producer of A that the "
                             "kernel can fuse");
      if (failed(checkSelfContainedBody(g)))
        return failure();
      t.aProducers.push_back(g);
      v = g.getDpsInputOperand(0)->get();
    }
    FailureOr<Value> a = sliceSource(v, loop, mm, "A");
    if (failed(a))
      return failure();
    t.a = *a;
  } else {
    FailureOr<Value> a = sliceSource(t.matmul.getA(), loop, mm, "A");
    FailureOr<Value> as =
        sliceSource(t.matmul.getAScales(), loop, mm, "A's scales");
    if (failed(a) || failed(as))
      return failure();
    t.a = *a;
    t.aScales = *as;
  }
  FailureOr<Value> b = sliceSource(t.matmul.getB(), loop, mm, "B");
  FailureOr<Value> bs =
      sliceSource(t.matmul.getBScales(), loop, mm, "B's scales");
  if (failed(b) || failed(bs))
    return failure();
  t.b = *b;
  t.bScales = *bs;

  // C: elementwise consumers up to the insert into the loop's output.
  Value c = t.matmul.getResult();
  while (true) {
    if (!c.hasOneUse())
      return t.matmul.emitOpError("the tile of C (or a value computed from "
                                  "it) has several uses in the loop");
    Operation *user = *c.getUsers().begin();
    if (auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(user)) {
      if (insert.getDest() != loop.getRegionIterArgs().front() ||
          loop.getOutputs().size() != 1)
        return insert.emitOpError("does not insert into the loop's output");
      break;
    }
    if (auto q = dyn_cast<mxfp4::QuantizeOp>(user)) {
      // C quantized for the next layer: values and scales are the loop's
      // two outputs.
      for (auto [i, r] : llvm::enumerate(q->getResults())) {
        auto insert =
            r.hasOneUse()
                ? dyn_cast<tensor::ParallelInsertSliceOp>(*r.getUsers().begin())
                : nullptr;
        if (!insert || loop.getOutputs().size() != 2 ||
            insert.getDest() != loop.getRegionIterArgs()[i])
          return q.emitOpError("quantizes the tile of C but its results are "
                               "not the work-group loop's two outputs");
      }
      if (config.getTileN() % mxfp4::kBlockSize != 0)
        return q.emitOpError("quantizes C in blocks of 32 columns, but the "
                             "GEMM's tile is ")
               << config.getTileN() << " columns wide; choose a config whose "
               << "tile_n is a multiple of 32";
      t.outputQuantize = q;
      break;
    }
    auto g = dyn_cast<linalg::GenericOp>(user);
    if (!g || g->getNumResults() != 1 || g.getNumLoops() != 2 ||
        g.getNumParallelLoops() != 2 ||
        g.getRegionOutputArgs().front().use_empty() == false)
      return user->emitOpError("cannot be fused after the GEMM: expected an "
                               "elementwise linalg.generic on the tile of C "
                               "that does not read its init");
    if (failed(checkSelfContainedBody(g)))
      return failure();
    for (OpOperand *in : g.getDpsInputOperands()) {
      if (isChainedInput(g, in, c))
        continue;
      FailureOr<Value> src = sliceSource(in->get(), loop, g, "an operand");
      if (failed(src) || failed(checkTileOrigin(
                             in->get(), g.getMatchingIndexingMap(in), loop, g)))
        return failure();
      auto type = cast<RankedTensorType>(src->getType());
      for (int64_t d = 1; d < type.getRank(); ++d)
        if (type.isDynamicDim(d))
          return g.emitOpError("an operand read in the epilogue may be "
                               "dynamic only in its first dimension");
      t.extras.insert({*src, t.extras.size()});
    }
    t.epilogue.push_back(g);
    c = g->getResult(0);
  }
  return t;
}

//===----------------------------------------------------------------------===//
// Kernel side: the fusion hooks.
//===----------------------------------------------------------------------===//

/// Clones the body of an elementwise `g` with `inputs` for its input block
/// arguments; returns the yielded value. With `width` the scalar ops become
/// vector ops of that many lanes (scalar operands are broadcast).
static Value inlineBody(OpBuilder &b, linalg::GenericOp g, ValueRange inputs,
                        int64_t width = 0) {
  IRMapping map;
  for (auto [arg, v] : llvm::zip(g.getRegionInputArgs(), inputs))
    map.map(arg, v);
  Block &body = g.getRegion().front();
  for (Operation &op : body.without_terminator()) {
    // Constants may live outside the body (folding hoists them): each is
    // copied into the kernel (the analysis refused other outside values).
    for (Value o : op.getOperands())
      if (!map.contains(o) && o.getParentBlock() != &body)
        map.map(o, b.clone(*o.getDefiningOp())->getResult(0));
    if (width == 0) {
      b.clone(op, map);
      continue;
    }
    // Vectorize: every operand and result becomes vector<width x T>.
    SmallVector<Value> operands;
    for (Value o : op.getOperands()) {
      Value v = map.lookupOrDefault(o);
      if (!isa<VectorType>(v.getType()))
        v = vector::BroadcastOp::create(
            b, op.getLoc(), VectorType::get({width}, v.getType()), v);
      operands.push_back(v);
    }
    SmallVector<Type> types;
    for (Type t : op.getResultTypes())
      types.push_back(VectorType::get({width}, t));
    OperationState state(op.getLoc(), op.getName(), operands, types,
                         op.getAttrs());
    Operation *clone = b.create(state);
    map.map(op.getResults(), clone->getResults());
  }
  return map.lookupOrDefault(body.getTerminator()->getOperand(0));
}

/// Row-major strides of a tensor whose dimensions after the first are
/// static (checked by the analysis).
static SmallVector<int64_t> rowMajorStrides(RankedTensorType t) {
  SmallVector<int64_t> strides(t.getRank(), 1);
  for (int64_t d = t.getRank() - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * t.getDimSize(d + 1);
  return strides;
}

/// The kernel builder's hooks for what the loop fused: A's producers
/// applied to each loaded block, and the epilogue on a lane's elements of
/// C: all their operands loaded at each element's row and column first,
/// then each element computed and stored in C, or staged in LDS for a fused
/// quantize. The extra buffers
/// start at kernel argument `firstExtraArg`; C is the one before. The hooks
/// run while the loop still exists (they read its body).
static GemmKernelFusion makeFusion(TileLoop &t, unsigned firstExtraArg,
                                   int64_t n) {
  GemmKernelFusion f;
  auto global = gpu::AddressSpaceAttr::get(t.loop.getContext(),
                                           gpu::AddressSpace::Global);
  for (auto [v, idx] : t.extras) {
    auto type = cast<RankedTensorType>(v.getType());
    int64_t size =
        type.hasStaticShape() ? type.getNumElements() : kRuntimeSizedBuffer;
    f.extraArgTypes.push_back(MemRefType::get(
        {size}, type.getElementType(), MemRefLayoutAttrInterface(), global));
  }
  if (!t.aProducers.empty()) {
    SmallVector<linalg::GenericOp> producers(t.aProducers);
    f.transformABlock = [producers](OpBuilder &b, Location loc, Value block,
                                    ValueRange) {
      // Innermost producer first.
      for (linalg::GenericOp g : llvm::reverse(producers))
        block = inlineBody(b, g, {block}, mxfp4::kBlockSize);
      return block;
    };
  }
  SmallVector<linalg::GenericOp> epilogue(t.epilogue);
  llvm::MapVector<Value, unsigned> extras = t.extras;
  Type matmulType = t.matmul.getResult().getType().getElementType();
  Value matmulResult = t.matmul.getResult();
  bool quantizeOutput = static_cast<bool>(t.outputQuantize);
  int64_t tileM = t.matmul.getConfigAttr().getTileM();
  int64_t tileN = t.matmul.getConfigAttr().getTileN();
  // The epilogue's operands other than C at (row, col), in the order the
  // generics read them.
  auto loadInputs = [=](OpBuilder &b, Location loc, Value row, Value col,
                        ValueRange args) {
    SmallVector<Value> loaded;
    Value chained = matmulResult;
    Value coords[2] = {row, col};
    for (linalg::GenericOp g : epilogue) {
      for (OpOperand *in : g.getDpsInputOperands()) {
        if (isChainedInput(g, in, chained))
          continue;
        // The whole tensor's element at this row/column, through the map.
        auto slice = in->get().getDefiningOp<tensor::ExtractSliceOp>();
        auto type = cast<RankedTensorType>(slice.getSource().getType());
        SmallVector<int64_t> strides = rowMajorStrides(type);
        AffineMap map = g.getMatchingIndexingMap(in);
        Value offset = arith::ConstantIndexOp::create(b, loc, 0);
        for (auto [d, expr] : llvm::enumerate(map.getResults())) {
          Value coord = coords[cast<AffineDimExpr>(expr).getPosition()];
          Value scaled = arith::MulIOp::create(
              b, loc, coord,
              arith::ConstantIndexOp::create(b, loc, strides[d]));
          offset = arith::AddIOp::create(b, loc, offset, scaled);
        }
        Value buffer = args[firstExtraArg + extras.lookup(slice.getSource())];
        loaded.push_back(
            memref::LoadOp::create(b, loc, buffer, ValueRange{offset}));
      }
      chained = g->getResult(0);
    }
    return loaded;
  };
  // The epilogue on C's f32 sum and the loaded operands.
  auto compute = [=](OpBuilder &b, Location loc, Value acc,
                     ArrayRef<Value> loaded) {
    Value cur = acc;
    if (!matmulType.isF32())
      cur = arith::TruncFOp::create(b, loc, matmulType, cur);
    Value chained = matmulResult;
    for (linalg::GenericOp g : epilogue) {
      SmallVector<Value> inputs;
      for (OpOperand *in : g.getDpsInputOperands()) {
        if (isChainedInput(g, in, chained)) {
          inputs.push_back(cur);
          continue;
        }
        inputs.push_back(loaded.front());
        loaded = loaded.drop_front();
      }
      cur = inlineBody(b, g, inputs);
      chained = g->getResult(0);
    }
    return cur;
  };
  f.storeElements = [=](OpBuilder &b, Location loc, ArrayRef<Value> rows,
                        ArrayRef<Value> cols, ArrayRef<Value> accs,
                        ArrayRef<Value> valids, ValueRange args) {
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    // Every element's loads before any store: C may share a buffer with an
    // operand (an in-place residual), so LLVM may not move a load above an
    // earlier element's store, and each would wait its own load latency.
    // Reading first is safe: each element reads only its own coordinates
    // of anything C can alias.
    SmallVector<SmallVector<Value>> loaded;
    for (auto [row, col] : llvm::zip(rows, cols))
      loaded.push_back(loadInputs(b, loc, row, col, args));
    for (auto [row, col, acc, valid, in] :
         llvm::zip(rows, cols, accs, valids, loaded)) {
      Value cur = compute(b, loc, acc, in);
      auto ifValid = scf::IfOp::create(b, loc, valid, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&ifValid.getThenRegion().front());
      if (quantizeOutput) {
        // Staged in LDS (f32, exact for bf16 too) for the block quantizer
        // that runs once the whole tile is there (emitQuantizeOutput).
        auto kernel = b.getInsertionBlock()
                          ->getParentOp()
                          ->getParentOfType<gpu::GPUFuncOp>();
        Value stage = kernel.getWorkgroupAttributions().back();
        Value m0 = arith::MulIOp::create(
            b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::y),
            index(tileM));
        Value n0 = arith::MulIOp::create(
            b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::x),
            index(tileN));
        Value local = arith::AddIOp::create(
            b, loc,
            arith::MulIOp::create(
                b, loc, arith::SubIOp::create(b, loc, row, m0), index(tileN)),
            arith::SubIOp::create(b, loc, col, n0));
        if (!cur.getType().isF32())
          cur = arith::ExtFOp::create(b, loc, b.getF32Type(), cur);
        memref::StoreOp::create(b, loc, cur, stage, ValueRange{local});
        continue;
      }
      Value offset = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, row, index(n)), col);
      // C is the kernel's fifth argument counted from B: its index is fixed
      // by getGemmKernelArgTypes (A [, A scales], B, B scales, C).
      Value out = args[firstExtraArg - 1];
      memref::StoreOp::create(b, loc, cur, out, ValueRange{offset});
    }
  };
  return f;
}

/// After the GEMM, when C is quantized: every wave waits for the whole
/// tile in LDS, then each work-item quantizes 32-column blocks of it with
/// the A quantizer's code (bit-exact with the reference) and writes their
/// fp4x2 bytes to C and their scale bytes to `scales`.
static void emitQuantizeOutput(OpBuilder &b, Location loc,
                               gpu::GPUFuncOp kernel,
                               const GemmKernelSpec &spec, Value mBound,
                               Type elementType, mxfp4::ScaleMode mode,
                               Value values, Value scales) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  int64_t tileM = spec.config.getTileM(), tileN = spec.config.getTileN();
  int64_t blocksPerRow = tileN / mxfp4::kBlockSize;
  Value stage = kernel.getWorkgroupAttributions().back();
  gpu::BarrierOp::create(b, loc);
  Value m0 = arith::MulIOp::create(
      b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::y), index(tileM));
  Value n0 = arith::MulIOp::create(
      b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::x), index(tileN));
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  auto loop = scf::ForOp::create(b, loc, tid, index(tileM * blocksPerRow),
                                 index(spec.getWorkgroupSize()));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value blk = loop.getInductionVar();
  Value r = arith::DivUIOp::create(b, loc, blk, index(blocksPerRow));
  Value cb = arith::RemUIOp::create(b, loc, blk, index(blocksPerRow));
  Value row = arith::AddIOp::create(b, loc, m0, r);
  Value col = arith::AddIOp::create(
      b, loc, n0, arith::MulIOp::create(b, loc, cb, index(mxfp4::kBlockSize)));
  // N is a multiple of 32 (quantize's verifier): a block is wholly in C or
  // wholly past its edge.
  Value inside = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, mBound),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, col,
                            index(spec.n)));
  auto ifInside = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&ifInside.getThenRegion().front());
  Value local = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, r, index(tileN)),
      arith::MulIOp::create(b, loc, cb, index(mxfp4::kBlockSize)));
  auto f32Block = VectorType::get({mxfp4::kBlockSize}, b.getF32Type());
  Value block =
      vector::LoadOp::create(b, loc, f32Block, stage, ValueRange{local});
  if (!elementType.isF32())
    block = arith::TruncFOp::create(
        b, loc, VectorType::get({mxfp4::kBlockSize}, elementType), block);
  QuantizedBlock q =
      emitQuantizeBlock(b, loc, block, mode, spec.quantizeMethod);
  Value bytes = vector::BitCastOp::create(
      b, loc, VectorType::get({mxfp4::kBlockSize / 2}, b.getI8Type()),
      q.values);
  Value byteOffset = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, row, index(spec.n / 2)),
      arith::DivUIOp::create(b, loc, col, index(2)));
  vector::StoreOp::create(b, loc, bytes, values, ValueRange{byteOffset});
  Value scaleOffset = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, row, index(spec.n / mxfp4::kBlockSize)),
      arith::DivUIOp::create(b, loc, col, index(mxfp4::kBlockSize)));
  memref::StoreOp::create(b, loc, q.scale, scales, ValueRange{scaleOffset});
}

//===----------------------------------------------------------------------===//
// Host side.
//===----------------------------------------------------------------------===//

LogicalResult mlir::fp4::lowerTileLoop(scf::ForallOp loop, StringRef chip,
                                       QuantizeMethod method,
                                       unsigned kernelIndex) {
  FailureOr<TileLoop> analyzed = analyzeTileLoop(loop);
  if (failed(analyzed))
    return failure();
  TileLoop &t = *analyzed;
  auto aType = cast<RankedTensorType>(t.a.getType());
  auto bType = cast<RankedTensorType>(t.b.getType());
  auto outType = cast<RankedTensorType>(t.output.getType());
  if (bType.isDynamicDim(0))
    return t.matmul.emitOpError("B must have a static N to be lowered");
  if (outType.getShape() !=
      ArrayRef<int64_t>{aType.getDimSize(0), bType.getDimSize(0)})
    return loop.emitOpError("the loop's output must be M x N, got ") << outType;
  // The host values behind the kernel's inputs (bytes for fp4 data).
  SmallVector<Value> inputs;
  for (Value v : {t.a, t.aScales, t.b, t.bScales}) {
    if (!v)
      continue;
    FailureOr<Value> host = hostOperand(v, t.matmul);
    if (failed(host))
      return failure();
    inputs.push_back(*host);
  }
  SmallVector<Value> extraInputs;
  for (auto [v, idx] : t.extras) {
    FailureOr<Value> host = hostOperand(v, t.epilogue.front());
    if (failed(host))
      return failure();
    extraInputs.push_back(*host);
  }

  GemmKernelSpec spec{};
  spec.m = aType.getDimSize(0);
  spec.n = bType.getDimSize(0);
  spec.k = t.matmul.getK();
  spec.config = t.matmul.getConfigAttr();
  spec.bLayout = t.matmul.getBLayout();
  spec.quantizeA = static_cast<bool>(t.quantize);
  spec.scaleMode =
      t.quantize ? t.quantize.getScaleMode() : mxfp4::ScaleMode::even;
  spec.quantizeMethod = method;
  spec.aElementType = t.quantize ? aType.getElementType() : Type();
  spec.outElementType = outType.getElementType();
  unsigned firstExtra = spec.quantizeA ? 4 : 5;
  spec.fusion = makeFusion(t, firstExtra, spec.n);
  auto global =
      gpu::AddressSpaceAttr::get(loop.getContext(), gpu::AddressSpace::Global);
  bool quantizeOutput = static_cast<bool>(t.outputQuantize);
  if (quantizeOutput) {
    // C is written as fp4x2 bytes, its scales as the last extra buffer.
    spec.outElementType = IntegerType::get(loop.getContext(), 8);
    spec.outRowElements = spec.n / 2;
    int64_t scales = spec.hasDynamicM() ? kRuntimeSizedBuffer
                                        : spec.m * (spec.n / mxfp4::kBlockSize);
    spec.fusion.extraArgTypes.push_back(MemRefType::get(
        {scales}, spec.outElementType, MemRefLayoutAttrInterface(), global));
  }

  MLIRContext *ctx = loop.getContext();
  Location loc = loop.getLoc();
  auto func = loop->getParentOfType<func::FuncOp>();
  auto module = func->getParentOfType<ModuleOp>();
  OpBuilder b(ctx);

  // The kernel.
  int64_t bScaleElements =
      cast<RankedTensorType>(t.bScales.getType()).getNumElements();
  SmallVector<Type> argTypes = getGemmKernelArgTypes(ctx, spec, bScaleElements);
  SmallVector<Type> workgroupBuffers = getGemmKernelWorkgroupBuffers(ctx, spec);
  if (quantizeOutput) // the tile of C, staged for the block quantizer
    workgroupBuffers.push_back(MemRefType::get(
        {spec.config.getTileM() * spec.config.getTileN()}, b.getF32Type(),
        MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup)));
  int32_t wgSize = static_cast<int32_t>(spec.getWorkgroupSize());
  auto kernel = createKernel(
      module, (func.getName() + "_tile_kernel_" + Twine(kernelIndex)).str(),
      chip, argTypes, workgroupBuffers, wgSize, loc);
  // A static grid tells LLVM the block ids' ranges, as for GEMM functions
  // (the index arithmetic of the K loop folds with them).
  if (!spec.hasDynamicM())
    kernel.setKnownGridSizeAttr(
        b.getDenseI32ArrayAttr({static_cast<int32_t>(spec.getGridX()),
                                static_cast<int32_t>(spec.getGridY()), 1}));
  buildGemmKernelBody(b, kernel, spec);
  if (quantizeOutput) {
    ValueRange args = kernel.getArguments().take_front(argTypes.size());
    b.setInsertionPoint(kernel.getBody().back().getTerminator());
    Value mBound = spec.hasDynamicM()
                       ? args.back()
                       : Value(arith::ConstantIndexOp::create(b, loc, spec.m));
    emitQuantizeOutput(b, loc, kernel, spec, mBound,
                       t.outputQuantize.getInput().getType().getElementType(),
                       t.outputQuantize.getScaleMode(), args[firstExtra - 1],
                       args[firstExtra + t.extras.size()]);
  }

  // The launch, in place of the loop.
  b.setInsertionPoint(loop);
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value m = spec.hasDynamicM() ? Value(tensor::DimOp::create(b, loc, t.a, 0))
                               : Value(c(spec.m));
  SmallVector<Value> dynSizes;
  if (spec.hasDynamicM())
    dynSizes.push_back(m);
  // The output buffers: C (fp4x2 bytes when quantized) and its scales.
  auto bytesOf = [&](RankedTensorType t) {
    return quantizeOutput ? byteTensorType(t) : t;
  };
  auto memrefOf = [](RankedTensorType t) {
    return MemRefType::get(t.getShape(), t.getElementType());
  };
  RankedTensorType outBytes = bytesOf(outType);
  Value out = memref::AllocOp::create(b, loc, memrefOf(outBytes), dynSizes);
  RankedTensorType scalesType, scalesBytes;
  Value outScales;
  if (quantizeOutput) {
    scalesType = cast<RankedTensorType>(loop.getResult(1).getType());
    scalesBytes = byteTensorType(scalesType);
    outScales =
        memref::AllocOp::create(b, loc, memrefOf(scalesBytes), dynSizes);
  }
  SmallVector<Value> operands;
  unsigned argIndex = 0;
  for (Value v : inputs)
    operands.push_back(asKernelBuffer(b, loc, v, argTypes[argIndex++]));
  operands.push_back(asKernelBuffer(b, loc, out, argTypes[argIndex++]));
  for (Value v : extraInputs)
    operands.push_back(asKernelBuffer(b, loc, v, argTypes[argIndex++]));
  if (quantizeOutput)
    operands.push_back(asKernelBuffer(b, loc, outScales, argTypes[argIndex++]));
  if (spec.hasDynamicM())
    operands.push_back(m);
  // ceil(M / tile_m) work-groups along y.
  Value tileM = c(spec.config.getTileM());
  Value gridY = arith::CeilDivUIOp::create(b, loc, m, tileM);
  Value one = c(1);
  gpu::LaunchFuncOp::create(b, loc, kernel,
                            gpu::KernelDim3{c(spec.getGridX()), gridY, one},
                            gpu::KernelDim3{c(wgSize), one, one},
                            /*dynamicSharedMemorySize=*/Value(), operands);
  loop.getResult(0).replaceAllUsesWith(asHostResult(b, loc, out, outType));
  if (quantizeOutput)
    loop.getResult(1).replaceAllUsesWith(
        asHostResult(b, loc, outScales, scalesType));
  loop.erase();
  return success();
}
