//===- GemmTile.cpp - one work-group's tile of an MXFP4 GEMM ----*- C++ -*-===//
//
// One work-group computes its tile (at most tile_m x tile_n) of a
// fused_matmul; its waves are laid out waves_m x waves_n x waves_k and each
// computes tiles_m x tiles_n MFMA tiles per B. The waves_k waves of one tile
// take every waves_k-th K step, so that each block of A is loaded and
// quantized once per work-group, and add their accumulators through LDS at
// the end.
//
// The MFMA lane layouts (#mxfp4.scaled_mma) decide the data flow: a lane
// holds the 32 consecutive K elements of one row of A and of one column of
// B, and a 32-element K block is exactly an MXFP4 scaling block, so each
// lane loads one block of A, quantizes it in its own registers (no
// cross-lane work) and hands the 16 packed bytes and the scale byte
// straight to the MFMA: A's quantized values never leave the registers.
// GEMMs sharing A (several Bs) reuse the quantized block for each B.
//
// The K loop is software pipelined over the config's `stages` K steps: a
// wave holds the pipelined operands of that many steps in registers, one
// set per step, and the loop is unrolled by `stages` (modulo variable
// expansion) so that each step multiplies its set and then loads the step
// `stages` on into the same set: the loop-carried values need no copies,
// and a copy of a register a load still writes would wait for the load.
// The steps a last iteration would miss run after the loop, each behind a
// check. Which operands are pipelined depends on the registers they take
// (choosePipelinedOperands).
//
// Tails are masked, never padded by the caller: an operand block outside
// the tile's rows, columns or K is read from a clamped in-bounds address
// and replaced by zeros with scale 1.0, and results outside the tile are not
// stored.
//
// Split-K (split_k = S > 1): the S work-groups of one tile (block id z)
// take contiguous ranges of whole K steps (the last takes the rest). Each
// leaves its f32 partial tile in a workspace (a zero-initialized global of
// the kernel's gpu.module), releases it and increments the tile's arrival
// counter; the work-group that arrives last acquires, adds the S partials in
// the order z = 0..S-1 (the result does not depend on the order of
// arrival), resets the counter for the next launch and stores the tile
// through the epilogue, once.
//
//===----------------------------------------------------------------------===//

#include "GemmTile.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::fp4;
using mxfp4::kBlockSize;

/// Elements of a flat view buffer: no access reaches past the real memref
/// (every one is masked with the tile's bounds), but the type needs a size.
static constexpr int64_t kFlatElements = int64_t(1) << 40;

Value MemrefView::at(OpBuilder &b, Location loc, ArrayRef<Value> coords) const {
  Value index = offset;
  for (auto [c, stride] : llvm::zip(coords, strides)) {
    Value s = getValueOrCreateConstantIndexOp(b, loc, stride);
    if (isConstantIntValue(stride, 1))
      index = arith::AddIOp::create(b, loc, index, c);
    else
      index = arith::AddIOp::create(b, loc, index,
                                    arith::MulIOp::create(b, loc, c, s));
  }
  return index;
}

MemrefView mlir::fp4::makeMemrefView(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  MemrefView v;
  auto [strides, offset] = type.getStridesAndOffset();
  for (auto [i, s] : llvm::enumerate(strides))
    v.strides.push_back(ShapedType::isDynamic(s)
                            ? OpFoldResult(meta.getStrides()[i])
                            : OpFoldResult(b.getIndexAttr(s)));
  v.offset = ShapedType::isDynamic(offset)
                 ? Value(meta.getOffset())
                 : Value(arith::ConstantIndexOp::create(b, loc, offset));
  auto flatType =
      MemRefType::get({kFlatElements}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  v.buffer = memref::ReinterpretCastOp::create(
      b, loc, flatType, meta.getBaseBuffer(), /*offset=*/0,
      /*sizes=*/{kFlatElements}, /*strides=*/{1});
  return v;
}

namespace {
/// Terse index arithmetic; canonicalization folds the constants.
struct IndexMath {
  OpBuilder &b;
  Location loc;

  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value add(Value x, int64_t y) { return y == 0 ? x : add(x, c(y)); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mul(Value x, int64_t y) {
    return arith::MulIOp::create(b, loc, x, c(y));
  }
  Value div(Value x, int64_t y) {
    return arith::DivUIOp::create(b, loc, x, c(y));
  }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, loc, x, c(y));
  }
  Value lt(Value x, int64_t bound) { return lt(x, c(bound)); }
  Value lt(Value x, Value bound) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, bound);
  }
  Value eq(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
  Value both(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  /// `offset` where `valid`, else 0: loads stay in bounds, results masked.
  Value clamp(Value valid, Value offset) { return select(valid, offset, c(0)); }
};

/// An MFMA operand of one lane: 32 MX values and their scale byte.
struct Operand {
  Value values; // vector<32 x the operand's MX element type>
  Value scale;  // i8
};

/// An operand of one lane as loaded, before masking: A's source block
/// (quantizeA; `scale` is null), or one block's storage (16 fp4x2 bytes,
/// 24 bytes of fp6, or 32 fp8 elements) and the scale byte. The loads' users
/// come up to `stages - 1` K steps later (the software pipeline).
struct RawOperand {
  Value data;
  Value scale;
};

class GemmTileBuilder {
public:
  GemmTileBuilder(OpBuilder &b, Location loc, const GemmTileSpec &spec,
                  const GemmTileOperands &ops, const GemmTileHooks &hooks)
      : b(b), loc(loc), spec(spec), ops(ops), hooks(hooks), im{b, loc},
        mma(spec.config.getMmaKind()) {}

  void build();
  void setWorkgroupBuffers(Value accs, Value arrival, Value stage) {
    ldsAccs = accs;
    ldsArrival = arrival;
    ldsStage = stage;
  }
  void setSplitKWorkspace(Value partials, Value counters) {
    splitKPartials = partials;
    splitKCounters = counters;
  }
  void setStoreSink(Value sink) { storeSink = sink; }

private:
  RawOperand loadA(Value row, Value kBlock, Value kValid);
  Operand finishA(RawOperand raw, Value row, Value kBlock, Value kValid);
  RawOperand loadB(unsigned i, Value col, Value kBlock, Value kValid);
  Operand finishB(unsigned i, RawOperand raw, Value col, Value kValid);
  RawOperand loadQuantized(const MemrefView &values, Type format, Value offset,
                           const MemrefView &scales, Value scaleOffset,
                           Value valid);
  Operand maskQuantized(RawOperand raw, Type format, Value valid);
  /// The row of A that tile row `row` reads, and whether it reads one (a
  /// row of the tile, not padding); computed once per row, where first
  /// asked (before the K loop).
  std::pair<Value, Value> sourceRowOf(Value row);
  /// A scattered output's target of tile row `row`: the token's row, the
  /// pair's weight and whether the row adds anything; computed once per
  /// row.
  struct ScatterTarget {
    Value token, weight, valid;
  };
  ScatterTarget scatterTargetOf(Value row);
  /// Whether tile row `row` holds data (not a gathered or scattered
  /// padding row).
  Value rowHoldsData(Value row);
  /// Adds this lane's epilogue results (f32), weighted, into their tokens'
  /// rows: f32 atomics, or packed bf16 atomics of column pairs.
  void scatterAdd(ArrayRef<Value> rows, ArrayRef<Value> cols,
                  ArrayRef<Value> valids, ArrayRef<Value> values, Value lane);
  /// Stores this lane's elements of the MFMA tiles of every B (accs in
  /// [B][tile_m][tile_n] order) through the epilogue.
  void storeTiles(ValueRange accs, ArrayRef<Value> rowBases,
                  ArrayRef<Value> colBases, Value lane);
  void storeToSinkPastTheTile(ArrayRef<Value> rows, ArrayRef<Value> cols,
                              ArrayRef<Value> valids, ArrayRef<Value> values);
  void quantizeOutput(Value tid);
  SmallVector<Value> reduceAcrossWavesK(ValueRange accs, Value waveK,
                                        Value waveMN, Value lane);
  void combineSplitK(ValueRange sums, Value owner, Value tid, Value waveMN,
                     Value lane, Value z, Value tileId,
                     function_ref<void(ValueRange)> store);

  OpBuilder &b;
  Location loc;
  const GemmTileSpec &spec;
  const GemmTileOperands &ops;
  const GemmTileHooks &hooks;
  IndexMath im;
  mxfp4::ScaledMMAAttr mma;
  Value ldsAccs, ldsArrival, ldsStage, splitKPartials, splitKCounters;
  /// Where the stores of elements past the tile go (see buildGemmTile);
  /// null: they are branched around.
  Value storeSink;
  llvm::SmallDenseMap<Value, std::pair<Value, Value>> sourceRows;
  llvm::SmallDenseMap<Value, ScatterTarget> scatterTargets;
};
} // namespace

/// Storage units (memref elements) of one 32-element block of `format`:
/// its bytes in byte storage (16 for fp4, 24 for fp6), else 32 typed
/// elements (fp8, a byte each).
static int64_t unitsPerBlock(const MemrefView &values, Type format) {
  auto type = cast<MemRefType>(values.buffer.getType());
  return mxfp4::isByteStorage(type.getElementType())
             ? kBlockSize * format.getIntOrFloatBitWidth() / 8
             : kBlockSize;
}

/// The element offset of K block `kBlock` of row `row` in `values`.
static Value blockOffset(IndexMath &im, const MemrefView &values, Type format,
                         Value row, Value kBlock) {
  return values.at(im.b, im.loc,
                   {row, im.mul(kBlock, unitsPerBlock(values, format))});
}

RawOperand GemmTileBuilder::loadQuantized(const MemrefView &values, Type format,
                                          Value offset,
                                          const MemrefView &scales,
                                          Value scaleOffset, Value valid) {
  auto storage = cast<MemRefType>(values.buffer.getType()).getElementType();
  auto blockType = VectorType::get({unitsPerBlock(values, format)}, storage);
  Value data = vector::LoadOp::create(b, loc, blockType, values.buffer,
                                      ValueRange{im.clamp(valid, offset)});
  Value scale = memref::LoadOp::create(
      b, loc, scales.buffer, ValueRange{im.clamp(valid, scaleOffset)});
  return {data, scale};
}

Operand GemmTileBuilder::maskQuantized(RawOperand raw, Type format,
                                       Value valid) {
  auto blockType = cast<VectorType>(raw.data.getType());
  Value zeros = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(blockType,
                             b.getZeroAttr(blockType.getElementType())));
  Value values = im.select(valid, raw.data, zeros);
  auto operandType = VectorType::get({kBlockSize}, format);
  if (blockType != operandType)
    values = vector::BitCastOp::create(b, loc, operandType, values);
  // Scale 1.0 for masked blocks: a NaN scale byte (0xFF) in padding must not
  // turn 0 * x into NaN.
  Value one = arith::ConstantIntOp::create(b, loc, b.getI8Type(), 127);
  return {values, im.select(valid, raw.scale, one)};
}

std::pair<Value, Value> GemmTileBuilder::sourceRowOf(Value row) {
  auto [it, inserted] = sourceRows.try_emplace(row);
  if (!inserted)
    return it->second;
  Value inTile = im.lt(row, ops.m);
  if (!ops.aRows) {
    it->second = {row, inTile};
    return it->second;
  }
  Value entry = memref::LoadOp::create(
      b, loc, ops.aRows->buffer,
      ValueRange{ops.aRows->at(b, loc, {im.clamp(inTile, row)})});
  Value source =
      im.div(arith::IndexCastUIOp::create(b, loc, b.getIndexType(), entry),
             ops.aRowsDivisor);
  it->second = {source, im.both(inTile, im.lt(source, ops.aSourceRows))};
  return it->second;
}

GemmTileBuilder::ScatterTarget GemmTileBuilder::scatterTargetOf(Value row) {
  auto [it, inserted] = scatterTargets.try_emplace(row);
  if (!inserted)
    return it->second;
  Value inTile = im.lt(row, ops.m);
  Value entry = memref::LoadOp::create(
      b, loc, ops.scatterRows->buffer,
      ValueRange{ops.scatterRows->at(b, loc, {im.clamp(inTile, row)})});
  Value id = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), entry);
  Value token = im.div(id, ops.scatterTopk);
  Value valid = im.both(inTile, im.lt(token, ops.scatterTokens));
  token = im.clamp(valid, token);
  Value slot = im.clamp(valid, im.rem(id, ops.scatterTopk));
  Value weight = memref::LoadOp::create(
      b, loc, ops.scatterWeights->buffer,
      ValueRange{ops.scatterWeights->at(b, loc, {token, slot})});
  it->second = {token, weight, valid};
  return it->second;
}

Value GemmTileBuilder::rowHoldsData(Value row) {
  Value holds = im.lt(row, ops.m);
  if (ops.aRows)
    holds = im.both(holds, sourceRowOf(row).second);
  if (ops.scatterRows)
    holds = im.both(holds, scatterTargetOf(row).valid);
  return holds;
}

RawOperand GemmTileBuilder::loadA(Value tileRow, Value kBlock, Value kValid) {
  // Outside the tile, the load is from element 0 of the underlying buffer
  // (in bounds) and its data is masked later.
  auto [row, rowValid] = sourceRowOf(tileRow);
  Value valid = im.both(rowValid, kValid);
  if (!spec.quantizeA)
    return loadQuantized(
        ops.a, spec.aFormat, blockOffset(im, ops.a, spec.aFormat, row, kBlock),
        ops.aScales, ops.aScales.at(b, loc, {row, kBlock}), valid);
  // Fused quantization: this lane's 32 elements are one scaling block.
  auto blockType = VectorType::get({kBlockSize}, spec.aElementType);
  Value offset = ops.a.at(b, loc, {row, im.mul(kBlock, kBlockSize)});
  Value block = vector::LoadOp::create(b, loc, blockType, ops.a.buffer,
                                       ValueRange{im.clamp(valid, offset)});
  return {block, Value()};
}

Operand GemmTileBuilder::finishA(RawOperand raw, Value row, Value kBlock,
                                 Value kValid) {
  // Only K is masked in A's data. A row past M was loaded from a clamped
  // (in-bounds) address and gives garbage, but only in its own row of C,
  // which is never stored: every later step (the MFMA, the waves_k and
  // split-K sums, the epilogue, the output quantize along N) keeps rows
  // apart. Masking it cost a select per element and step at a run-time M.
  // A gathered A's padding rows are rows of the tile: they read zeros.
  Value valid = kValid;
  if (ops.aRows)
    valid = im.both(sourceRowOf(row).second, kValid);
  if (!spec.quantizeA)
    return maskQuantized(raw, spec.aFormat, valid);
  auto blockType = cast<VectorType>(raw.data.getType());
  Value zeros = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(blockType, b.getZeroAttr(spec.aElementType)));
  Value block = im.select(valid, raw.data, zeros);
  if (hooks.prologue) {
    // The prologue's own operands are read at in-bounds coordinates.
    Value inside = im.both(im.lt(row, ops.m), kValid);
    block = hooks.prologue(b, loc, block, im.clamp(inside, row),
                           im.clamp(inside, kBlock));
  }
  QuantizedBlock q =
      emitQuantizeBlock(b, loc, block, spec.scaleMode, spec.aTies,
                        spec.quantizeMethod, spec.aFormat);
  return {q.values, q.scale};
}

Operand GemmTileBuilder::finishB(unsigned i, RawOperand raw, Value col,
                                 Value kValid) {
  return maskQuantized(raw, spec.bFormats[i],
                       im.both(im.lt(col, ops.n), kValid));
}

RawOperand GemmTileBuilder::loadB(unsigned i, Value col, Value kBlock,
                                  Value kValid) {
  Value valid = im.both(im.lt(col, ops.n), kValid);
  Value c = col, kBlk = kBlock;
  const MemrefView &values = ops.b[i], &scales = ops.bScales[i];
  if (spec.bLayout == mxfp4::Layout::plain)
    return loadQuantized(values, spec.bFormats[i],
                         blockOffset(im, values, spec.bFormats[i], c, kBlk),
                         scales, scales.at(b, loc, {c, kBlk}), valid);
  // aiter shuffle_weight(layout=(16,16)): byte (n, kb) lives at
  //   (n/16)*16*Kb + (kb/32)*512 + ((kb%32)/16)*256 + (n%16)*16 + kb%16
  // from the first row of its 16-row group (the view's origin is one: a
  // tile starts at a multiple of 16 rows). A lane's 16 bytes start at
  // kb = 16 * kBlock, so kb % 16 == 0 and they are contiguous.
  int64_t rowBytes = spec.k / 2;
  Value kb = im.mul(kBlk, 16);
  Value offset = im.add(values.offset,
                        im.add(im.add(im.mul(im.div(c, 16), 16 * rowBytes),
                                      im.mul(im.div(kb, 32), 512)),
                               im.add(im.mul(im.div(im.rem(kb, 32), 16), 256),
                                      im.mul(im.rem(c, 16), 16))));
  // aiter e8m0_shuffle of the [N, K/32] scales padded to sn columns:
  //   (n/32)*32*sn + (kb/8)*256 + (kb%4)*64 + (n%16)*4 + ((kb%8)/4)*2 +
  //   (n%32)/16
  // from the first row of the view's 32-row group, n counted from there.
  int64_t sn = spec.preshuffledScaleCols;
  Value n = ops.bScalesRow ? im.add(c, ops.bScalesRow) : c;
  Value scaleOffset =
      im.add(scales.offset, im.add(im.add(im.add(im.mul(im.div(n, 32), 32 * sn),
                                                 im.mul(im.div(kBlk, 8), 256)),
                                          im.add(im.mul(im.rem(kBlk, 4), 64),
                                                 im.mul(im.rem(n, 16), 4))),
                                   im.add(im.mul(im.div(im.rem(kBlk, 8), 4), 2),
                                          im.div(im.rem(n, 32), 16))));
  return loadQuantized(values, spec.bFormats[i], offset, scales, scaleOffset,
                       valid);
}

void GemmTileBuilder::storeTiles(ValueRange accs, ArrayRef<Value> rowBases,
                                 ArrayRef<Value> colBases, Value lane) {
  mxfp4::SingleSubgroupLayout layout = mma.getAccLayout();
  int64_t perB = rowBases.size() * colBases.size();
  SmallVector<Value> rows, cols, valids;
  SmallVector<SmallVector<Value>> values;
  for (size_t tm = 0; tm < rowBases.size(); ++tm)
    for (size_t tn = 0; tn < colBases.size(); ++tn)
      for (int64_t o = 0; o < layout.outer[0]; ++o)
        for (int64_t e = 0; e < layout.element[0]; ++e) {
          SmallVector<Value> rc =
              mxfp4::getLaneCoordinates(b, loc, layout, lane, {o, 0}, {e, 0});
          Value row = im.add(rowBases[tm], rc[0]);
          Value col = im.add(colBases[tn], rc[1]);
          Value valid = im.both(im.lt(row, ops.m), im.lt(col, ops.n));
          // Clamped, so that the epilogue may read its operands at every
          // element before storing any.
          rows.push_back(im.clamp(valid, row));
          cols.push_back(im.clamp(valid, col));
          valids.push_back(valid);
          SmallVector<Value> perElement;
          int64_t v = o * layout.element[0] + e;
          for (unsigned i = 0; i < spec.numB; ++i)
            perElement.push_back(vector::ExtractOp::create(
                b, loc, accs[i * perB + tm * colBases.size() + tn],
                ArrayRef<int64_t>{v}));
          values.push_back(perElement);
        }
  SmallVector<Value> results = hooks.epilogue(b, loc, rows, cols, values);
  if (ops.scatterRows)
    return scatterAdd(rows, cols, valids, results, lane);
  // (No sink with a quantized output: its elements go to LDS first.)
  if (storeSink)
    return storeToSinkPastTheTile(rows, cols, valids, results);
  int64_t tileN = spec.config.getTileN();
  for (auto [row, col, valid, value] : llvm::zip(rows, cols, valids, results)) {
    auto ifValid = scf::IfOp::create(b, loc, valid, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifValid.getThenRegion().front());
    if (spec.quantizeOutput) {
      // Staged in LDS (f32, exact for bf16 and f16 too) for the block
      // quantizer that runs once the whole tile is there.
      Value v = value;
      if (!v.getType().isF32())
        v = arith::ExtFOp::create(b, loc, b.getF32Type(), v);
      memref::StoreOp::create(b, loc, v, ldsStage,
                              ValueRange{im.add(im.mul(row, tileN), col)});
      continue;
    }
    memref::StoreOp::create(b, loc, value, ops.out.buffer,
                            ValueRange{ops.out.at(b, loc, {row, col})});
  }
}

void GemmTileBuilder::scatterAdd(ArrayRef<Value> rows, ArrayRef<Value> cols,
                                 ArrayRef<Value> valids, ArrayRef<Value> values,
                                 Value lane) {
  // The adds are LLVM atomicrmw fadd at agent scope, monotonic: gfx950 has
  // them as one global_atomic_add_f32 (global_atomic_pk_add_bf16 for two
  // bf16), where memref.atomic_rmw's (system scope, acq_rel) become a
  // compare-and-swap loop. The sums need no ordering among themselves; the
  // launch's end publishes them.
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, ops.out.buffer);
  auto space = cast<MemRefType>(ops.out.buffer.getType()).getMemorySpace();
  unsigned addressSpace = 1; // global
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space);
      gpuSpace && gpuSpace.getValue() != gpu::AddressSpace::Global)
    addressSpace = 0;
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), addressSpace);
  // Every element's pair id and weight before any add: LLVM may not move a
  // load above an atomic that may alias it, and one wait for all the loads
  // costs a memory latency where a wait per element cost one each.
  for (Value row : rows)
    (void)scatterTargetOf(row);
  SmallVector<Value> weighted;
  for (auto [row, value] : llvm::zip(rows, values))
    weighted.push_back(
        arith::MulFOp::create(b, loc, value, scatterTargetOf(row).weight));
  Type element = cast<MemRefType>(ops.out.buffer.getType()).getElementType();
  int64_t elementBytes = element.getIntOrFloatBitWidth() / 8;
  auto atomicAdd = [&](Value cond, Value token, Value col, Value addend) {
    auto ifAdds = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifAdds.getThenRegion().front());
    Value address =
        im.add(base, im.mul(ops.out.at(b, loc, {token, col}), elementBytes));
    Value ptr = LLVM::IntToPtrOp::create(
        b, loc, ptrType,
        arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address)
            .getResult());
    LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::fadd, ptr, addend,
                              LLVM::AtomicOrdering::monotonic, "agent");
  };
  if (element.isF32()) {
    for (auto [row, col, valid, value] :
         llvm::zip(rows, cols, valids, weighted)) {
      ScatterTarget target = scatterTargetOf(row);
      atomicAdd(im.both(valid, target.valid), target.token, col, value);
    }
    return;
  }
  // bf16: one packed add per pair of columns. In an MFMA accumulator the
  // lanes of a row hold consecutive columns and tiles start at even ones,
  // so lane l ^ 1 holds the same elements (same rows) of the neighbouring
  // column. Each lane takes its neighbour's values; an element's pair is
  // added by the even lane for even elements, the odd lane for odd ones:
  // half the atomics of f32, half the bytes. N is even (the verifier), so
  // a pair is wholly inside N or wholly past it.
  Value parity = im.rem(lane, 2);
  auto pairType = VectorType::get({2}, element);
  for (auto [i, row, col, valid, value] :
       llvm::enumerate(rows, cols, valids, weighted)) {
    // Every lane of the wave shuffles, whatever it adds.
    Value neighbour =
        gpu::ShuffleOp::create(b, loc, value, 1, 64, gpu::ShuffleMode::XOR)
            .getShuffleResult();
    Value mine = arith::TruncFOp::create(b, loc, element, value);
    Value theirs = arith::TruncFOp::create(b, loc, element, neighbour);
    bool evenElement = i % 2 == 0;
    Value pair = vector::FromElementsOp::create(
        b, loc, pairType,
        evenElement ? ValueRange{mine, theirs} : ValueRange{theirs, mine});
    ScatterTarget target = scatterTargetOf(row);
    Value adds =
        im.both(im.eq(parity, im.c(i % 2)), im.both(valid, target.valid));
    atomicAdd(adds, target.token, im.sub(col, parity), pair);
  }
}

void GemmTileBuilder::storeToSinkPastTheTile(ArrayRef<Value> rows,
                                             ArrayRef<Value> cols,
                                             ArrayRef<Value> valids,
                                             ArrayRef<Value> values) {
  for (auto [row, col, valid, value] : llvm::zip(rows, cols, valids, values)) {
    Value target =
        arith::SelectOp::create(b, loc, valid, ops.out.buffer, storeSink);
    Value index = im.select(valid, ops.out.at(b, loc, {row, col}), im.c(0));
    memref::StoreOp::create(b, loc, value, target, ValueRange{index});
  }
}

/// After the GEMM, when C is quantized: every wave waits for the whole
/// tile in LDS, then each work-item quantizes 32-column blocks of it with
/// the A quantizer's code (bit-exact with the reference) and writes their
/// fp4x2 bytes and scale bytes.
void GemmTileBuilder::quantizeOutput(Value tid) {
  int64_t tileM = spec.config.getTileM(), tileN = spec.config.getTileN();
  int64_t blocksPerRow = tileN / kBlockSize;
  gpu::BarrierOp::create(b, loc);
  auto loop = scf::ForOp::create(b, loc, tid, im.c(tileM * blocksPerRow),
                                 im.c(spec.getWorkgroupSize()));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value blk = loop.getInductionVar();
  Value row = im.div(blk, blocksPerRow);
  Value col = im.mul(im.rem(blk, blocksPerRow), kBlockSize);
  // N is a multiple of 32 (the quantize's verifier): a block is wholly in
  // the tile or wholly past its edge.
  Value inside = im.both(im.lt(row, ops.m), im.lt(col, ops.n));
  auto ifInside = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&ifInside.getThenRegion().front());
  auto f32Block = VectorType::get({kBlockSize}, b.getF32Type());
  Value block = vector::LoadOp::create(
      b, loc, f32Block, ldsStage, ValueRange{im.add(im.mul(row, tileN), col)});
  if (!spec.resultType.isF32())
    block = arith::TruncFOp::create(
        b, loc, VectorType::get({kBlockSize}, spec.resultType), block);
  QuantizedBlock q = emitQuantizeBlock(b, loc, block, spec.outputScaleMode,
                                       spec.outputTies, spec.quantizeMethod);
  Value bytes = vector::BitCastOp::create(
      b, loc, VectorType::get({kBlockSize / 2}, b.getI8Type()), q.values);
  vector::StoreOp::create(
      b, loc, bytes, ops.out.buffer,
      ValueRange{ops.out.at(b, loc, {row, im.div(col, 2)})});
  memref::StoreOp::create(
      b, loc, q.scale, ops.outScales.buffer,
      ValueRange{ops.outScales.at(b, loc, {row, im.div(col, kBlockSize)})});
}

/// VGPRs of one lane's block and scale as loaded: the block's dwords (4
/// for fp4, 6 for fp6, 8 for fp8) and one for the scale.
static int64_t rawOperandVgprs(Type format) {
  return kBlockSize * format.getIntOrFloatBitWidth() / 32 + 1;
}

/// Which operands the K loop loads steps ahead: {A, B}; the others are
/// loaded in the step that uses them. Each holds its raw operands' VGPRs
/// once per stage (a bf16 block of A is 16 per MFMA tile row, fp4 bytes and
/// a scale byte 5, per B), and the occupancy that costs can outweigh the
/// hidden latency. Both while one set of them is at most 24 VGPRs;
/// otherwise A alone if it fits (the quantization waits on A, B is needed
/// only by the MFMAs), else B alone, else neither. The budget was fitted to
/// model v2 on the benchmark shapes with a loop of one step in flight
/// (docs/report.md), and gives the best times of the budgets tried (24, 40,
/// 100) with 3 stages too.
static std::pair<bool, bool> choosePipelinedOperands(const GemmTileSpec &spec) {
  mxfp4::GemmConfigAttr cfg = spec.config;
  constexpr int64_t kBudget = 24;
  int64_t aPerTile =
      spec.quantizeA
          ? kBlockSize * spec.aElementType.getIntOrFloatBitWidth() / 32
          : rawOperandVgprs(spec.aFormat);
  int64_t extraA = cfg.getTilesM() * aPerTile;
  int64_t extraB = 0;
  for (Type format : spec.bFormats)
    extraB += cfg.getTilesN() * rawOperandVgprs(format);
  if (extraA + extraB <= kBudget)
    return {true, true};
  if (extraA <= kBudget)
    return {true, false};
  return {false, extraB <= kBudget};
}

void GemmTileBuilder::build() {
  mxfp4::GemmConfigAttr cfg = spec.config;
  int64_t mfmaM = mma.getM(), mfmaN = mma.getN();
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  int64_t splitK = spec.getSplitK();
  Value z = splitK > 1
                ? Value(gpu::BlockIdOp::create(b, loc, gpu::Dimension::z))
                : Value();
  Value lane = im.rem(tid, 64);
  Value wave = im.div(tid, 64);
  int64_t wavesMN = cfg.getWavesM() * cfg.getWavesN();
  Value waveK = im.div(wave, wavesMN);
  Value waveMN = im.rem(wave, wavesMN);
  Value waveM = im.div(waveMN, cfg.getWavesN());
  Value waveN = im.rem(waveMN, cfg.getWavesN());
  // A lane's operand row (of A, or column of B) and K block in a step.
  mxfp4::SingleSubgroupLayout aLayout = mma.getALayout();
  SmallVector<Value> laneOperand =
      mxfp4::getLaneCoordinates(b, loc, aLayout, lane, {0, 0}, {0, 0});
  Value rowInTile = laneOperand[0];
  Value blockInStep = im.div(laneOperand[1], kBlockSize);

  SmallVector<Value> rowBases, colBases;
  for (int64_t tm = 0; tm < cfg.getTilesM(); ++tm)
    rowBases.push_back(
        im.add(im.mul(waveM, mfmaM * cfg.getTilesM()), tm * mfmaM));
  for (int64_t tn = 0; tn < cfg.getTilesN(); ++tn)
    colBases.push_back(
        im.add(im.mul(waveN, mfmaN * cfg.getTilesN()), tn * mfmaN));

  auto accType = VectorType::get({mma.getAccElements()}, b.getF32Type());
  Value zero = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(accType, b.getF32FloatAttr(0.0f)));
  SmallVector<Value> inits(spec.numB * cfg.getTilesM() * cfg.getTilesN(), zero);
  int64_t kBlocks = spec.k / kBlockSize;
  int64_t steps = llvm::divideCeil(spec.k, mma.getK());

  // This work-group's K steps: all, or with split-K the z-th range of
  // steps / S (the last range takes the rest).
  Value firstStep = waveK, endStep = im.c(steps);
  if (splitK > 1) {
    int64_t perSlice = steps / splitK;
    Value sliceStart = im.mul(z, perSlice);
    Value isLast = im.eq(z, im.c(splitK - 1));
    endStep = im.select(isLast, endStep, im.add(sliceStart, perSlice));
    firstStep = im.add(sliceStart, waveK);
  }
  // A gathered or scattered tile whose first row is padding holds padding
  // only (moe_align pads each run at its end, and the blocks past the runs
  // are all padding): its K loop runs no step and the epilogue sees zero
  // sums, as when every step reads zeros, at the cost of the stores alone
  // (a scattered tile's padding rows store nothing).
  if (ops.aRows || ops.scatterRows)
    endStep = im.select(rowHoldsData(im.c(0)), endStep, firstStep);
  SmallVector<Value> rows, cols;
  for (Value rowBase : rowBases)
    rows.push_back(im.add(rowBase, rowInTile));
  // A gathered A's source rows are read once, before the K loop.
  for (Value row : rows)
    (void)sourceRowOf(row);
  for (Value colBase : colBases)
    cols.push_back(im.add(colBase, rowInTile));
  auto kBlockOf = [&](Value step) {
    return im.add(im.mul(step, mma.getBlocksPerStep()), blockInStep);
  };
  // A step past the wave's last is dropped: it is in another split-K slice
  // (in bounds), or past K, where kValid clamps its loads.
  auto [pipeA, pipeB] = choosePipelinedOperands(spec);
  // Loads A's rows (pipelined ones or the others), then each B's columns.
  auto loadStep = [&](Value step, SmallVectorImpl<Value> &raws,
                      bool pipelined) {
    Value kBlock = kBlockOf(step);
    Value kValid = im.lt(kBlock, kBlocks);
    auto append = [&](RawOperand raw) {
      raws.push_back(raw.data);
      if (raw.scale)
        raws.push_back(raw.scale);
    };
    if (pipeA == pipelined)
      for (Value row : rows)
        append(loadA(row, kBlock, kValid));
    if (pipeB == pipelined)
      for (unsigned i = 0; i < spec.numB; ++i)
        for (Value col : cols)
          append(loadB(i, col, kBlock, kValid));
  };
  // One K step: its loads that are not pipelined, its pipelined operands
  // taken from the front of `pipelinedRaws`, and the MFMAs into `accs`.
  auto computeStep = [&](Value step, ValueRange accs,
                         ValueRange &pipelinedRaws) {
    SmallVector<Value> nowRaws;
    loadStep(step, nowRaws, /*pipelined=*/false);
    Value kBlock = kBlockOf(step);
    Value kValid = im.lt(kBlock, kBlocks);
    ValueRange nows = nowRaws;
    auto takeRaw = [&](bool pipelined, bool hasScale) {
      ValueRange &from = pipelined ? pipelinedRaws : nows;
      RawOperand raw{from.front(), hasScale ? from[1] : Value()};
      from = from.drop_front(hasScale ? 2 : 1);
      return raw;
    };
    SmallVector<Operand> as;
    SmallVector<SmallVector<Operand>> bs(spec.numB);
    for (Value row : rows)
      as.push_back(
          finishA(takeRaw(pipeA, !spec.quantizeA), row, kBlock, kValid));
    for (unsigned i = 0; i < spec.numB; ++i)
      for (Value col : cols)
        bs[i].push_back(finishB(i, takeRaw(pipeB, true), col, kValid));
    SmallVector<Value> sums;
    for (unsigned i = 0; i < spec.numB; ++i) {
      auto mfma =
          mxfp4::ScaledMMAAttr::get(b.getContext(), mma.getM(), mma.getN(),
                                    mma.getK(), spec.aFormat, spec.bFormats[i]);
      for (size_t tm = 0; tm < as.size(); ++tm)
        for (size_t tn = 0; tn < cols.size(); ++tn) {
          size_t at = (i * as.size() + tm) * cols.size() + tn;
          sums.push_back(mfma.buildMfma(b, loc, as[tm].values, as[tm].scale,
                                        bs[i][tn].values, bs[i][tn].scale,
                                        accs[at]));
        }
    }
    return sums;
  };
  // The pipeline: `depth` register sets of pipelined operands, loaded for
  // the wave's first `depth` steps before the loop. An iteration takes
  // `depth` steps; step d multiplies set d, then loads the step `depth` on
  // into set d (after its MFMAs, so the new values take the registers the
  // old ones leave). The loop runs while all of an iteration's steps are
  // the wave's; at most depth - 1 remain, run after it.
  //
  // A wave with fewer steps than the stages never enters the loop; a set
  // for a step past its last one only loads memory nobody reads, so at most
  // one such set (fewer would give the loop a single iteration, whose
  // loads for the next one are all past the end).
  int64_t wavesK = cfg.getWavesK();
  int64_t mostStepsPerSlice =
      splitK > 1 ? steps - (splitK - 1) * (steps / splitK) : steps;
  int64_t depth = std::min<int64_t>(
      cfg.getStages(), llvm::divideCeil(mostStepsPerSlice, wavesK) + 1);
  SmallVector<Value> iterInits(inits);
  for (int64_t d = 0; d < depth; ++d)
    loadStep(im.add(firstStep, d * wavesK), iterInits, /*pipelined=*/true);
  int64_t numAccs = static_cast<int64_t>(inits.size());
  int64_t setSize = (static_cast<int64_t>(iterInits.size()) - numAccs) / depth;
  Value mainEnd = im.sub(endStep, im.c((depth - 1) * wavesK));
  auto loop = scf::ForOp::create(b, loc, firstStep, mainEnd,
                                 im.c(depth * wavesK), iterInits);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value step = loop.getInductionVar();
    SmallVector<Value> accs(loop.getRegionIterArgs().take_front(numAccs));
    ValueRange raws = loop.getRegionIterArgs().drop_front(numAccs);
    SmallVector<Value> nextRaws;
    for (int64_t d = 0; d < depth; ++d) {
      Value subStep = im.add(step, d * wavesK);
      ValueRange set = raws.slice(d * setSize, setSize);
      accs = computeStep(subStep, accs, set);
      loadStep(im.add(subStep, depth * wavesK), nextRaws, /*pipelined=*/true);
    }
    // A single-thread fence after the loads: LLVM's instcombine would
    // otherwise sink a loop-carried load whose every incoming value is a
    // load into the loop's head (a load of a phi of the addresses), undoing
    // the pipeline. The fence may write memory as far as instcombine knows;
    // at this scope it emits no instruction and no wait.
    if (!nextRaws.empty())
      LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acq_rel,
                            "singlethread");
    llvm::append_range(accs, nextRaws);
    scf::YieldOp::create(b, loc, accs);
  }
  SmallVector<Value> accs(loop.getResults().take_front(numAccs));
  {
    // The remaining steps, from the first step the loop did not take, each
    // behind a check (uniform across the wave) and with its loaded set.
    Value stride = im.c(depth * wavesK);
    Value trips = arith::MaxSIOp::create(
        b, loc, im.c(0),
        arith::CeilDivSIOp::create(b, loc, im.sub(mainEnd, firstStep), stride));
    Value tailStart =
        im.add(firstStep, arith::MulIOp::create(b, loc, trips, stride));
    ValueRange raws = loop.getResults().drop_front(numAccs);
    for (int64_t d = 0; d + 1 < depth; ++d) {
      Value subStep = im.add(tailStart, d * wavesK);
      auto ifStep = scf::IfOp::create(b, loc, TypeRange(ValueRange(accs)),
                                      im.lt(subStep, endStep), true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(&ifStep.getThenRegion().front());
        ValueRange set = raws.slice(d * setSize, setSize);
        scf::YieldOp::create(b, loc, computeStep(subStep, accs, set));
        b.setInsertionPointToStart(&ifStep.getElseRegion().front());
        scf::YieldOp::create(b, loc, accs);
      }
      accs.assign(ifStep.getResults().begin(), ifStep.getResults().end());
    }
  }
  auto storeAll = [&](ValueRange results) {
    storeTiles(results, rowBases, colBases, lane);
  };
  if (splitK > 1) {
    SmallVector<Value> sums =
        cfg.getWavesK() == 1 ? accs
                             : reduceAcrossWavesK(accs, waveK, waveMN, lane);
    Value owner = im.eq(waveK, im.c(0));
    Value tileId =
        im.add(arith::MulIOp::create(
                   b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::y),
                   im.c(spec.gridX)),
               gpu::BlockIdOp::create(b, loc, gpu::Dimension::x));
    combineSplitK(sums, owner, tid, waveMN, lane, z, tileId, storeAll);
  } else if (cfg.getWavesK() == 1) {
    storeAll(accs);
  } else {
    SmallVector<Value> sums = reduceAcrossWavesK(accs, waveK, waveMN, lane);
    Value first = im.eq(waveK, im.c(0));
    auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifFirst.getThenRegion().front());
    storeAll(sums);
  }
  if (spec.quantizeOutput)
    quantizeOutput(tid);
}

SmallVector<Value> GemmTileBuilder::reduceAcrossWavesK(ValueRange accs,
                                                       Value waveK,
                                                       Value waveMN,
                                                       Value lane) {
  // Layout: [waveK - 1][waveMN][tile][lane][element], so that each lane
  // writes and reads its accumulator vectors whole (16-byte LDS accesses).
  mxfp4::GemmConfigAttr cfg = spec.config;
  int64_t accElements = mma.getAccElements();
  int64_t tiles = static_cast<int64_t>(accs.size());
  int64_t wavesMN = cfg.getWavesM() * cfg.getWavesN();
  auto slot = [&](Value k, int64_t tile) {
    Value base = im.add(im.mul(k, wavesMN), waveMN);
    return im.mul(im.add(im.mul(im.add(im.mul(base, tiles), tile), 64), lane),
                  accElements);
  };
  Value notFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, waveK, im.c(0));
  {
    auto ifOther =
        scf::IfOp::create(b, loc, notFirst, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOther.getThenRegion().front());
    Value k = arith::SubIOp::create(b, loc, waveK, im.c(1));
    for (int64_t t = 0; t < tiles; ++t)
      vector::StoreOp::create(b, loc, accs[t], ldsAccs, ValueRange{slot(k, t)});
  }
  // Every wave reaches the barrier, whatever its role.
  gpu::BarrierOp::create(b, loc);
  SmallVector<Value> sums(accs);
  auto accType = cast<VectorType>(accs.front().getType());
  for (int64_t k = 0; k + 1 < cfg.getWavesK(); ++k)
    for (int64_t t = 0; t < tiles; ++t) {
      // Waves with waveK != 0 read too (harmless, in bounds): no branch
      // around the loads, and the first wave's result is all that is used.
      Value other = vector::LoadOp::create(b, loc, accType, ldsAccs,
                                           ValueRange{slot(im.c(k), t)});
      sums[t] = arith::AddFOp::create(b, loc, sums[t], other);
    }
  return sums;
}

void GemmTileBuilder::combineSplitK(ValueRange sums, Value owner, Value tid,
                                    Value waveMN, Value lane, Value z,
                                    Value tileId,
                                    function_ref<void(ValueRange)> store) {
  // Workspace layout: [tile][z][waveMN][mfma tile][lane][element], each
  // lane's accumulator vectors whole, as in reduceAcrossWavesK: the
  // partials never need C's row and column mapping or masking.
  mxfp4::GemmConfigAttr cfg = spec.config;
  int64_t splitK = spec.getSplitK();
  int64_t accElements = mma.getAccElements();
  int64_t tiles = static_cast<int64_t>(sums.size());
  int64_t wavesMN = cfg.getWavesM() * cfg.getWavesN();
  auto slot = [&](Value slice, int64_t t) {
    Value group = im.add(im.mul(tileId, splitK), slice);
    Value wave = im.add(im.mul(group, wavesMN), waveMN);
    return im.mul(im.add(im.mul(im.add(im.mul(wave, tiles), t), 64), lane),
                  accElements);
  };
  auto inIf = [&](Value cond, function_ref<void()> body) {
    auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    body();
  };
  inIf(owner, [&] {
    for (int64_t t = 0; t < tiles; ++t)
      vector::StoreOp::create(b, loc, sums[t], splitKPartials,
                              ValueRange{slot(z, t)});
  });
  // Every work-item releases its stores to the whole device before the
  // work-group's one arrival (the __threadfence(); __syncthreads() idiom).
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release, "agent");
  gpu::BarrierOp::create(b, loc);
  Type i32 = b.getI32Type();
  auto i32c = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i32, v);
  };
  inIf(im.eq(tid, im.c(0)), [&] {
    Value before =
        memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, i32c(1),
                                    splitKCounters, ValueRange{tileId});
    // The last arrival leaves the counter at 0 for the next launch: every
    // other work-group of this tile has already incremented it.
    inIf(im.eq(before, i32c(splitK - 1)), [&] {
      memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::assign, i32c(0),
                                  splitKCounters, ValueRange{tileId});
    });
    memref::StoreOp::create(b, loc, before, ldsArrival, ValueRange{im.c(0)});
  });
  gpu::BarrierOp::create(b, loc);
  Value arrival =
      memref::LoadOp::create(b, loc, ldsArrival, ValueRange{im.c(0)});
  Value last = im.eq(arrival, i32c(splitK - 1));
  inIf(im.both(last, owner), [&] {
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, "agent");
    auto accType = cast<VectorType>(sums.front().getType());
    // Every partial is loaded before any is added, so that all the loads
    // are in flight at once: interleaved with the adds, LLVM waited for
    // each before the next where an epilogue followed (a load latency per
    // partial).
    SmallVector<SmallVector<Value>> partials(tiles);
    for (int64_t t = 0; t < tiles; ++t)
      for (int64_t k = 0; k < splitK; ++k)
        partials[t].push_back(vector::LoadOp::create(
            b, loc, accType, splitKPartials, ValueRange{slot(im.c(k), t)}));
    SmallVector<Value> total;
    for (int64_t t = 0; t < tiles; ++t) {
      // z = 0, 1, ..., S - 1 whichever work-group arrived last: the same
      // additions in the same order on every run.
      Value sum = partials[t][0];
      for (int64_t k = 1; k < splitK; ++k)
        sum = arith::AddFOp::create(b, loc, sum, partials[t][k]);
      total.push_back(sum);
    }
    store(total);
  });
}

std::string mlir::fp4::whyGemmTileUnsupported(const GemmTileSpec &spec) {
  int64_t splitK = spec.getSplitK();
  if (splitK == 1)
    return "";
  if (spec.gridTiles <= 0)
    return "split_k > 1 needs a grid of known size (a static M) or a "
           "bound of it (max_grid, from an m_specialization): its "
           "workspace is sized at compile time";
  if (spec.quantizeOutput)
    return "split_k > 1 with a fused output quantize is not supported";
  int64_t steps = llvm::divideCeil(spec.k, spec.config.getMfmaK());
  if (splitK > steps)
    return ("split_k = " + Twine(splitK) + " exceeds the " + Twine(steps) +
            " K steps of " + Twine(spec.config.getMfmaK()) +
            "; each slice needs one")
        .str();
  return "";
}

/// A zero-initialized global of `func`'s gpu.module: .bss of the code
/// object.
static Value createGlobal(OpBuilder &b, Location loc, gpu::GPUFuncOp func,
                          StringRef suffix, MemRefType type, Attribute zero) {
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(func);
    auto tensorType =
        RankedTensorType::get(type.getShape(), type.getElementType());
    memref::GlobalOp::create(b, loc, (func.getName() + suffix).str(),
                             b.getStringAttr("private"), type,
                             DenseElementsAttr::get(tensorType, zero),
                             /*constant=*/false,
                             /*alignment=*/b.getI64IntegerAttr(16));
  }
  return memref::GetGlobalOp::create(b, loc, type,
                                     (func.getName() + suffix).str());
}

void mlir::fp4::buildGemmTile(OpBuilder &b, Location loc, gpu::GPUFuncOp func,
                              const GemmTileSpec &spec,
                              const GemmTileOperands &operands,
                              const GemmTileHooks &hooks) {
  MLIRContext *ctx = b.getContext();
  GemmTileBuilder builder(b, loc, spec, operands, hooks);
  mxfp4::GemmConfigAttr cfg = spec.config;
  mxfp4::ScaledMMAAttr mma = cfg.getMmaKind();
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  auto lds = [&](int64_t size, Type elem) -> Value {
    return func.addWorkgroupAttribution(
        MemRefType::get({size}, elem, MemRefLayoutAttrInterface(), workgroup),
        loc);
  };
  int64_t accElements =
      spec.numB * cfg.getTilesM() * cfg.getTilesN() * mma.getAccElements();
  Value accs, arrival, stage;
  // The accumulators of every wave but those with waveK == 0.
  if (cfg.getWavesK() > 1)
    accs = lds((cfg.getWavesK() - 1) * cfg.getWavesM() * cfg.getWavesN() * 64 *
                   accElements,
               b.getF32Type());
  if (spec.getSplitK() > 1)
    arrival = lds(1, b.getI32Type());
  if (spec.quantizeOutput)
    stage = lds(cfg.getTileM() * cfg.getTileN(), b.getF32Type());
  builder.setWorkgroupBuffers(accs, arrival, stage);
  // In a grid known only at run time (an M or N known only at run time),
  // an element past the tile's edge is stored into a sink, one element of
  // .bss, instead of being branched around: there a branch per element
  // made LLVM's structurizer wrap each store in exec-mask code and wait
  // for the stores issued before (vmcnt(0)), 6.89 -> 5.80 us at M = 16 of
  // 2112 x 7168 (bench/dynamic_m.py). With a grid of known size LLVM
  // handles the branches better than the sink's selects (8x2112x7168:
  // 5.69 us with branches, 5.77 with the sink), so they stay.
  auto isStatic = [](Value v) { return getConstantIntValue(v).has_value(); };
  memref::ReinterpretCastOp sinkView;
  if (!func.getKnownGridSize() && !spec.quantizeOutput &&
      !operands.scatterRows &&
      (!isStatic(operands.m) || !isStatic(operands.n))) {
    auto bufferType = cast<MemRefType>(operands.out.buffer.getType());
    auto sinkType = MemRefType::get({1}, bufferType.getElementType(),
                                    MemRefLayoutAttrInterface(),
                                    bufferType.getMemorySpace());
    Value sink = createGlobal(b, loc, func, "_store_sink", sinkType,
                              b.getZeroAttr(bufferType.getElementType()));
    // Typed as the output's flat view (its size is only a type); only its
    // element 0 is ever written.
    sinkView = memref::ReinterpretCastOp::create(
        b, loc, bufferType, sink, /*offset=*/0, bufferType.getShape(),
        /*strides=*/ArrayRef<int64_t>{1});
    builder.setStoreSink(sinkView);
  }
  if (spec.getSplitK() > 1) {
    auto global = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Global);
    // S partial tiles per tile of C, and one i32 arrival counter per tile;
    // the counters return to zero at the end of every launch.
    auto partials =
        MemRefType::get({spec.gridTiles * spec.getSplitK() * cfg.getWavesM() *
                         cfg.getWavesN() * 64 * accElements},
                        b.getF32Type(), MemRefLayoutAttrInterface(), global);
    auto counters = MemRefType::get({spec.gridTiles}, b.getI32Type(),
                                    MemRefLayoutAttrInterface(), global);
    builder.setSplitKWorkspace(createGlobal(b, loc, func, "_splitk_partials",
                                            partials, b.getF32FloatAttr(0.0f)),
                               createGlobal(b, loc, func, "_splitk_counters",
                                            counters, b.getI32IntegerAttr(0)));
  }
  builder.build();
  // Every store was known to be in bounds (the conditions folded): no sink.
  if (sinkView && sinkView->use_empty()) {
    auto get = sinkView.getSource().getDefiningOp<memref::GetGlobalOp>();
    sinkView->erase();
    auto module = func->getParentOfType<gpu::GPUModuleOp>();
    if (auto global = module.lookupSymbol<memref::GlobalOp>(get.getName()))
      global->erase();
    get->erase();
  }
}
