//===- GemmKernel.cpp - the body of an MXFP4 GEMM kernel --------*- C++ -*-===//
//
// One work-group computes a tile_m x tile_n block of C; its waves are laid
// out waves_m x waves_n x waves_k and each computes tiles_m x tiles_n MFMA
// tiles. The waves_k waves of one tile take every waves_k-th K step, so that
// each block of A is loaded and quantized once per work-group, and add their
// accumulators through LDS at the end.
//
// The MFMA operand layout decides the data flow: in both 16x16x128 and
// 32x32x64, lane l holds the 32 consecutive K elements of one row of A
// (row l % R, K block l / R) and of one column of B. A 32-element K block is
// exactly an MXFP4 scaling block, so each lane loads one bf16 block of A,
// quantizes it in its own registers (no cross-lane work) and hands the 16
// packed bytes and the scale byte straight to the MFMA: A's quantized
// values never leave the registers. B arrives quantized; each lane loads its
// 16 bytes with one 16-byte load, from the plain or the pre-shuffled layout.
//
// The K loop is software pipelined with register double buffering: the
// loads of a wave's next K step are issued at the top of each iteration and
// carried to the next one as loop-carried values, so that they are in flight
// while this step's operands are masked, quantized and multiplied. The first
// step's loads are issued before the loop; those of the step after the
// wave's last are in bounds (clamped like a tail's) and dropped. Which
// operands are pipelined depends on the registers they take
// (choosePipelinedOperands).
//
// Tails are masked, never padded by the caller: an operand block outside
// [0, M) x [0, K) or [0, N) x [0, K) is read from a clamped in-bounds address
// and replaced by zeros with scale 1.0, and results outside [0, M) x [0, N)
// are not stored.
//
// Split-K (split_k = S > 1): work-group x = z * tilesN + n-tile takes the
// z-th contiguous range of whole K steps (the last range takes the rest),
// in one launch. Each work-group leaves its f32 partial tile in a workspace
// (a zero-initialized global of the kernel's gpu.module), releases it and
// increments the tile's arrival counter; the work-group that arrives last
// acquires, adds the S partials in the order z = 0..S-1 (so the result does
// not depend on the order of arrival), resets the counter for the next
// launch and stores the tile through the normal epilogue, once.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"
#include "QuantizeBlock.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::fp4;
using mxfp4::kBlockSize;

namespace {
/// Terse index arithmetic; canonicalization folds the constants.
struct IndexMath {
  OpBuilder &b;
  Location loc;

  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value add(Value x, int64_t y) { return y == 0 ? x : add(x, c(y)); }
  Value mul(Value x, int64_t y) {
    return arith::MulIOp::create(b, loc, x, c(y));
  }
  Value div(Value x, int64_t y) {
    return arith::DivUIOp::create(b, loc, x, c(y));
  }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, loc, x, c(y));
  }
  Value lt(Value x, int64_t bound) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x,
                                 c(bound));
  }
  Value lt(Value x, Value bound) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, bound);
  }
  Value both(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  /// `offset` where `valid`, else 0: loads stay in bounds, results masked.
  Value clamp(Value valid, Value offset) { return select(valid, offset, c(0)); }
};

/// An MFMA operand of one lane: 32 fp4 values and their scale byte.
struct Operand {
  Value values; // vector<32xf4E2M1FN>
  Value scale;  // i8
};

/// An operand of one lane as loaded, before masking: A's source block
/// (quantizeA; `scale` is null) or 16 fp4x2 bytes and the scale byte. The
/// loads' users come one K step later (the software pipeline).
struct RawOperand {
  Value data;
  Value scale;
};

class GemmKernelBuilder {
public:
  GemmKernelBuilder(OpBuilder &b, Location loc, const GemmKernelSpec &spec,
                    ValueRange args, ValueRange workgroupBuffers)
      : b(b), loc(loc), spec(spec), im{b, loc} {
    if (spec.config.getWavesK() > 1)
      ldsAccs = workgroupBuffers.front();
    // After the waves_k buffer (getGemmKernelWorkgroupBuffers); a caller
    // may append its own after both.
    if (spec.getSplitK() > 1)
      ldsArrival = workgroupBuffers[spec.config.getWavesK() > 1 ? 1 : 0];
    unsigned i = 0;
    aArg = args[i++];
    if (!spec.quantizeA)
      aScalesArg = args[i++];
    bArg = args[i++];
    bScalesArg = args[i++];
    cArg = args[i++];
    kernelArgs = args;
    mBound = spec.hasDynamicM() ? args.back() : im.c(spec.m);
    mfma = spec.config.getMfma();
    blocksPerStep = spec.config.getMfmaK() / kBlockSize;
  }

  void build();
  /// The split-K workspace: S partial tiles per C tile, and the counters.
  void setSplitKWorkspace(Value partials, Value counters) {
    splitKPartials = partials;
    splitKCounters = counters;
  }

private:
  /// Issues the loads of the block of A at (row, kBlock), from a clamped
  /// in-bounds address where it is outside A.
  RawOperand loadA(Value row, Value kBlock, Value kValid);
  /// Masks, transforms and quantizes what loadA loaded.
  Operand finishA(RawOperand raw, Value row, Value kValid);
  RawOperand loadB(Value col, Value kBlock, Value kValid);
  Operand finishB(RawOperand raw, Value col, Value kValid);
  /// The 16 fp4x2 bytes at `offset` of `buffer` and the scale byte at
  /// `scaleOffset` of `scales`, from offset 0 where `valid` is false.
  RawOperand loadQuantized(Value buffer, Value offset, Value scales,
                           Value scaleOffset, Value valid);
  /// Zeros and scale 1.0 where `valid` is false.
  Operand maskQuantized(RawOperand raw, Value valid);
  Value mfmaStep(const Operand &a, const Operand &bOp, Value acc);
  /// Stores this lane's elements of the MFMA tiles (acc, rowBase, colBase)
  /// of C, through the fused epilogue if there is one.
  void storeTiles(ArrayRef<std::tuple<Value, Value, Value>> tiles, Value lane);
  /// Adds the accumulators of the waves_k waves of a tile into those of the
  /// wave with waveK == 0 and returns them (valid in that wave only).
  SmallVector<Value> reduceAcrossWavesK(ValueRange accs, Value waveK,
                                        Value waveMN, Value lane);
  /// Split-K: publishes this work-group's partial `sums` (valid where
  /// `owner`), and in the work-group that arrives last at tile `tileId`,
  /// adds the S partials and calls `store` with them inside `owner`.
  void combineSplitK(ValueRange sums, Value owner, Value tid, Value waveMN,
                     Value lane, Value z, Value tileId,
                     function_ref<void(ValueRange)> store);

  OpBuilder &b;
  Location loc;
  const GemmKernelSpec &spec;
  IndexMath im;
  Value aArg, aScalesArg, bArg, bScalesArg, cArg;
  ValueRange kernelArgs;
  Value mBound;  // M, constant or the kernel's last argument
  Value ldsAccs; // with waves_k > 1
  Value ldsArrival, splitKPartials, splitKCounters; // with split_k > 1

  int64_t mfma, blocksPerStep;
};
} // namespace

SmallVector<Type> mlir::fp4::getGemmKernelArgTypes(MLIRContext *ctx,
                                                   const GemmKernelSpec &spec,
                                                   int64_t bScaleElements) {
  auto global = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Global);
  auto flat = [&](int64_t size, Type elem) -> Type {
    return MemRefType::get({size}, elem, MemRefLayoutAttrInterface(), global);
  };
  Builder b(ctx);
  Type i8 = b.getIntegerType(8);
  SmallVector<Type> types;
  // Rows of M elements each: a dynamic M gives a run-time sized buffer.
  auto rows = [&](int64_t perRow) {
    return spec.hasDynamicM() ? kRuntimeSizedBuffer : spec.m * perRow;
  };
  if (spec.quantizeA) {
    types.push_back(flat(rows(spec.k), spec.aElementType));
  } else {
    types.push_back(flat(rows(spec.k / 2), i8));
    types.push_back(flat(rows(spec.k / kBlockSize), i8));
  }
  types.push_back(flat(spec.n * spec.k / 2, i8));
  types.push_back(flat(bScaleElements, i8));
  types.push_back(flat(rows(spec.outRowElements ? spec.outRowElements : spec.n),
                       spec.outElementType));
  llvm::append_range(types, spec.fusion.extraArgTypes);
  if (spec.hasDynamicM())
    types.push_back(IndexType::get(ctx));
  return types;
}

/// f32 elements of the LDS buffer: the accumulators of every wave but those
/// with waveK == 0.
static int64_t ldsAccElements(const GemmKernelSpec &spec) {
  mxfp4::GemmConfigAttr c = spec.config;
  int64_t perLane =
      c.getTilesM() * c.getTilesN() * c.getMfma() * c.getMfma() / 64;
  return (c.getWavesK() - 1) * c.getWavesM() * c.getWavesN() * 64 * perLane;
}

SmallVector<Type>
mlir::fp4::getGemmKernelWorkgroupBuffers(MLIRContext *ctx,
                                         const GemmKernelSpec &spec) {
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  SmallVector<Type> buffers;
  if (spec.config.getWavesK() > 1)
    buffers.push_back(MemRefType::get({ldsAccElements(spec)},
                                      Float32Type::get(ctx),
                                      MemRefLayoutAttrInterface(), workgroup));
  if (spec.getSplitK() > 1)
    buffers.push_back(MemRefType::get({1}, IntegerType::get(ctx, 32),
                                      MemRefLayoutAttrInterface(), workgroup));
  return buffers;
}

RawOperand GemmKernelBuilder::loadQuantized(Value buffer, Value offset,
                                            Value scales, Value scaleOffset,
                                            Value valid) {
  auto bytesType = VectorType::get({16}, b.getI8Type());
  Value bytes = vector::LoadOp::create(b, loc, bytesType, buffer,
                                       ValueRange{im.clamp(valid, offset)});
  Value scale = memref::LoadOp::create(
      b, loc, scales, ValueRange{im.clamp(valid, scaleOffset)});
  return {bytes, scale};
}

Operand GemmKernelBuilder::maskQuantized(RawOperand raw, Value valid) {
  auto bytesType = cast<VectorType>(raw.data.getType());
  Value zeros = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(bytesType, b.getI8IntegerAttr(0)));
  Value bytes = im.select(valid, raw.data, zeros);
  Value values = vector::BitCastOp::create(
      b, loc, VectorType::get({32}, b.getType<Float4E2M1FNType>()), bytes);
  // Scale 1.0 for masked blocks: a NaN scale byte (0xFF) in padding must not
  // turn 0 * x into NaN.
  Value one = arith::ConstantIntOp::create(b, loc, b.getI8Type(), 127);
  return {values, im.select(valid, raw.scale, one)};
}

RawOperand GemmKernelBuilder::loadA(Value row, Value kBlock, Value kValid) {
  Value valid = im.both(im.lt(row, mBound), kValid);
  if (!spec.quantizeA) {
    Value offset = im.add(im.mul(row, spec.k / 2), im.mul(kBlock, 16));
    Value scaleOffset = im.add(im.mul(row, spec.k / kBlockSize), kBlock);
    return loadQuantized(aArg, offset, aScalesArg, scaleOffset, valid);
  }
  // Fused quantization: this lane's 32 elements are one scaling block.
  auto blockType = VectorType::get({kBlockSize}, spec.aElementType);
  Value offset = im.add(im.mul(row, spec.k), im.mul(kBlock, kBlockSize));
  Value block = vector::LoadOp::create(b, loc, blockType, aArg,
                                       ValueRange{im.clamp(valid, offset)});
  return {block, Value()};
}

Operand GemmKernelBuilder::finishA(RawOperand raw, Value row, Value kValid) {
  Value valid = im.both(im.lt(row, mBound), kValid);
  if (!spec.quantizeA)
    return maskQuantized(raw, valid);
  auto blockType = cast<VectorType>(raw.data.getType());
  Value zeros = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(blockType, b.getZeroAttr(spec.aElementType)));
  Value block = im.select(valid, raw.data, zeros);
  if (spec.fusion.transformABlock)
    block = spec.fusion.transformABlock(b, loc, block, kernelArgs);
  QuantizedBlock q =
      emitQuantizeBlock(b, loc, block, spec.scaleMode, spec.quantizeMethod);
  return {q.values, q.scale};
}

Operand GemmKernelBuilder::finishB(RawOperand raw, Value col, Value kValid) {
  return maskQuantized(raw, im.both(im.lt(col, spec.n), kValid));
}

RawOperand GemmKernelBuilder::loadB(Value col, Value kBlock, Value kValid) {
  Value valid = im.both(im.lt(col, spec.n), kValid);
  int64_t rowBytes = spec.k / 2;
  Value offset, scaleOffset;
  if (spec.bLayout == mxfp4::Layout::plain) {
    offset = im.add(im.mul(col, rowBytes), im.mul(kBlock, 16));
    scaleOffset = im.add(im.mul(col, spec.k / kBlockSize), kBlock);
  } else {
    // aiter shuffle_weight(layout=(16,16)): byte (n, kb) lives at
    //   (n/16)*16*Kb + (kb/32)*512 + ((kb%32)/16)*256 + (n%16)*16 + kb%16.
    // A lane's 16 bytes start at kb = 16 * kBlock, so kb % 16 == 0 and they
    // are contiguous.
    Value kb = im.mul(kBlock, 16);
    offset = im.add(im.add(im.mul(im.div(col, 16), 16 * rowBytes),
                           im.mul(im.div(kb, 32), 512)),
                    im.add(im.mul(im.div(im.rem(kb, 32), 16), 256),
                           im.mul(im.rem(col, 16), 16)));
    // aiter e8m0_shuffle of the [N, K/32] scales padded to sn columns:
    //   (n/32)*32*sn + (kb/8)*256 + (kb%4)*64 + (n%16)*4 + ((kb%8)/4)*2 +
    //   (n%32)/16
    int64_t sn = mxfp4::getPreshuffledScalesShape(spec.n, spec.k)[1];
    scaleOffset = im.add(im.add(im.add(im.mul(im.div(col, 32), 32 * sn),
                                       im.mul(im.div(kBlock, 8), 256)),
                                im.add(im.mul(im.rem(kBlock, 4), 64),
                                       im.mul(im.rem(col, 16), 4))),
                         im.add(im.mul(im.div(im.rem(kBlock, 8), 4), 2),
                                im.div(im.rem(col, 32), 16)));
  }
  return loadQuantized(bArg, offset, bScalesArg, scaleOffset, valid);
}

Value GemmKernelBuilder::mfmaStep(const Operand &a, const Operand &bOp,
                                  Value acc) {
  Type e8m0 = b.getType<Float8E8M0FNUType>();
  Value scaleA = arith::BitcastOp::create(b, loc, e8m0, a.scale);
  Value scaleB = arith::BitcastOp::create(b, loc, e8m0, bOp.scale);
  int64_t mfmaK = spec.config.getMfmaK();
  return amdgpu::ScaledMFMAOp::create(
      b, loc, acc.getType(), b.getI32IntegerAttr(mfma),
      b.getI32IntegerAttr(mfma), b.getI32IntegerAttr(mfmaK), a.values,
      bOp.values, acc, scaleA, scaleB, b.getI32IntegerAttr(0),
      b.getI32IntegerAttr(0));
}

void GemmKernelBuilder::storeTiles(
    ArrayRef<std::tuple<Value, Value, Value>> tiles, Value lane) {
  int64_t accElements = mfma * mfma / 64;
  Value laneGroup = im.div(lane, mfma);
  SmallVector<Value> rows, cols, values, valids;
  for (auto [acc, rowBase, colBase] : tiles) {
    Value col = im.add(colBase, im.rem(lane, mfma));
    Value colValid = im.lt(col, spec.n);
    for (int64_t v = 0; v < accElements; ++v) {
      // 16x16: D[i][j] in lane j + 16*(i/4), element i%4.
      // 32x32: D[i][j] in lane j + 32*((i/4)%2), element 4*(i/8) + i%4.
      Value rowInTile = mfma == 16
                            ? im.add(im.mul(laneGroup, 4), v)
                            : im.add(im.mul(laneGroup, 4), 8 * (v / 4) + v % 4);
      Value row = im.add(rowBase, rowInTile);
      Value valid = im.both(im.lt(row, mBound), colValid);
      rows.push_back(row);
      cols.push_back(col);
      values.push_back(
          vector::ExtractOp::create(b, loc, acc, ArrayRef<int64_t>{v}));
      valids.push_back(valid);
    }
  }
  if (spec.fusion.storeElements) {
    // A fused epilogue reads its operands at clamped in-bounds coordinates
    // and stores only where valid (GemmKernelFusion::storeElements).
    for (auto [row, col, valid] : llvm::zip(rows, cols, valids)) {
      row = im.clamp(valid, row);
      col = im.clamp(valid, col);
    }
    spec.fusion.storeElements(b, loc, rows, cols, values, valids, kernelArgs);
    return;
  }
  for (auto [row, col, value, valid] : llvm::zip(rows, cols, values, valids)) {
    auto ifOp = scf::IfOp::create(b, loc, valid, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    if (!spec.outElementType.isF32())
      value = arith::TruncFOp::create(b, loc, spec.outElementType, value);
    Value offset = im.add(im.mul(row, spec.n), col);
    memref::StoreOp::create(b, loc, value, cArg, ValueRange{offset});
  }
}

/// Which operands the K loop loads one step ahead: {A, B}. Each holds its
/// raw operands' VGPRs once more while the next step's are in flight (a bf16
/// block of A is 16 per MFMA tile row, fp4 bytes and a scale byte 5), and
/// the occupancy that costs can outweigh the hidden latency. Both while they
/// add at most 24 VGPRs; otherwise A alone if it fits (the quantization
/// waits on A, B is needed only by the MFMAs), else B alone, else neither.
/// The budget is fitted to model v2 on the benchmark shapes
/// (docs/report.md): wider ones lose occupancy, or fall below 2 waves/SIMD.
static std::pair<bool, bool>
choosePipelinedOperands(const GemmKernelSpec &spec) {
  mxfp4::GemmConfigAttr cfg = spec.config;
  constexpr int64_t kBudget = 24;
  int64_t aPerTile =
      spec.quantizeA
          ? kBlockSize * spec.aElementType.getIntOrFloatBitWidth() / 32
          : 5;
  int64_t extraA = cfg.getTilesM() * aPerTile;
  int64_t extraB = cfg.getTilesN() * 5;
  if (extraA + extraB <= kBudget)
    return {true, true};
  if (extraA <= kBudget)
    return {true, false};
  return {false, extraB <= kBudget};
}

void GemmKernelBuilder::build() {
  mxfp4::GemmConfigAttr cfg = spec.config;
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value blockX = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  int64_t splitK = spec.getSplitK();
  // Split-K: x = z * tilesN + n-tile.
  Value blockN = splitK > 1 ? im.rem(blockX, spec.getTilesN()) : blockX;
  Value z = splitK > 1 ? im.div(blockX, spec.getTilesN()) : Value();
  Value blockM = gpu::BlockIdOp::create(b, loc, gpu::Dimension::y);
  Value lane = im.rem(tid, 64);
  Value wave = im.div(tid, 64);
  int64_t wavesMN = cfg.getWavesM() * cfg.getWavesN();
  Value waveK = im.div(wave, wavesMN);
  Value waveMN = im.rem(wave, wavesMN);
  Value waveM = im.div(waveMN, cfg.getWavesN());
  Value waveN = im.rem(waveMN, cfg.getWavesN());
  Value rowInTile = im.rem(lane, mfma);
  Value blockInStep = im.div(lane, mfma);

  SmallVector<Value> rowBases, colBases;
  for (int64_t tm = 0; tm < cfg.getTilesM(); ++tm)
    rowBases.push_back(im.add(im.add(im.mul(blockM, cfg.getTileM()),
                                     im.mul(waveM, mfma * cfg.getTilesM())),
                              tm * mfma));
  for (int64_t tn = 0; tn < cfg.getTilesN(); ++tn)
    colBases.push_back(im.add(im.add(im.mul(blockN, cfg.getTileN()),
                                     im.mul(waveN, mfma * cfg.getTilesN())),
                              tn * mfma));

  auto accType = VectorType::get({mfma * mfma / 64}, b.getF32Type());
  Value zero = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(accType, b.getF32FloatAttr(0.0f)));
  SmallVector<Value> inits(cfg.getTilesM() * cfg.getTilesN(), zero);
  int64_t kBlocks = spec.k / kBlockSize;
  int64_t steps = llvm::divideCeil(spec.k, cfg.getMfmaK());

  // This work-group's K steps: all, or with split-K the z-th range of
  // steps / S (the last range takes the rest).
  Value firstStep = waveK, endStep = im.c(steps);
  if (splitK > 1) {
    int64_t perSlice = steps / splitK;
    Value sliceStart = im.mul(z, perSlice);
    Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, z,
                                         im.c(splitK - 1));
    endStep = im.select(isLast, endStep, im.add(sliceStart, perSlice));
    firstStep = im.add(sliceStart, waveK);
  }
  // This wave's K steps: the first + waveK, then every waves_k-th. The loop
  // carries the accumulators, then the raw operands of its step (loaded one
  // iteration earlier): A's rows, then B's columns, each as its data and,
  // when it has one, its scale byte.
  SmallVector<Value> rows, cols;
  for (Value rowBase : rowBases)
    rows.push_back(im.add(rowBase, rowInTile));
  for (Value colBase : colBases)
    cols.push_back(im.add(colBase, rowInTile));
  auto kBlockOf = [&](Value step) {
    return im.add(im.mul(step, blocksPerStep), blockInStep);
  };
  // A step past the wave's last is dropped: it is in another split-K slice
  // (in bounds), or past K, where kValid clamps its loads to offset 0.
  auto [pipeA, pipeB] = choosePipelinedOperands(spec);
  // Loads A's rows (pipelined ones or the others), then B's columns.
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
      for (Value col : cols)
        append(loadB(col, kBlock, kValid));
  };
  SmallVector<Value> iterInits(inits);
  loadStep(firstStep, iterInits, /*pipelined=*/true);
  int64_t numAccs = static_cast<int64_t>(inits.size());
  auto loop = scf::ForOp::create(b, loc, firstStep, endStep,
                                 im.c(cfg.getWavesK()), iterInits);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value step = loop.getInductionVar();
    ValueRange accs = loop.getRegionIterArgs().take_front(numAccs);
    ValueRange raws = loop.getRegionIterArgs().drop_front(numAccs);
    // This step's loads that are not pipelined, then the next step's (in
    // this order: vmcnt counts in order, so waiting for the first leaves the
    // others in flight during this step's quantization and MFMAs).
    SmallVector<Value> next;
    SmallVector<Value> nextRaws;
    SmallVector<Value> nowRaws;
    loadStep(step, nowRaws, /*pipelined=*/false);
    loadStep(im.add(step, cfg.getWavesK()), nextRaws, /*pipelined=*/true);
    // A single-thread fence after them: LLVM's instcombine would otherwise
    // sink a loop-carried load whose every incoming value is a load into the
    // loop's head (a load of a phi of the addresses), undoing the pipeline.
    // The fence may write memory as far as instcombine knows; at this scope
    // it emits no instruction and no wait.
    if (!nextRaws.empty())
      LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acq_rel,
                            "singlethread");
    Value kValid = im.lt(kBlockOf(step), kBlocks);
    ValueRange nows = nowRaws;
    auto takeRaw = [&](bool pipelined, bool hasScale) {
      ValueRange &from = pipelined ? raws : nows;
      RawOperand raw{from.front(), hasScale ? from[1] : Value()};
      from = from.drop_front(hasScale ? 2 : 1);
      return raw;
    };
    SmallVector<Operand> as, bs;
    for (Value row : rows)
      as.push_back(finishA(takeRaw(pipeA, !spec.quantizeA), row, kValid));
    for (Value col : cols)
      bs.push_back(finishB(takeRaw(pipeB, true), col, kValid));
    for (size_t tm = 0; tm < as.size(); ++tm)
      for (size_t tn = 0; tn < bs.size(); ++tn)
        next.push_back(mfmaStep(as[tm], bs[tn], accs[tm * bs.size() + tn]));
    llvm::append_range(next, nextRaws);
    scf::YieldOp::create(b, loc, next);
  }

  SmallVector<Value> accs(loop.getResults().take_front(numAccs));
  auto storeAll = [&](ValueRange results) {
    SmallVector<std::tuple<Value, Value, Value>> tiles;
    for (size_t tm = 0; tm < rowBases.size(); ++tm)
      for (size_t tn = 0; tn < colBases.size(); ++tn)
        tiles.push_back(
            {results[tm * colBases.size() + tn], rowBases[tm], colBases[tn]});
    storeTiles(tiles, lane);
  };
  if (splitK > 1) {
    SmallVector<Value> sums =
        cfg.getWavesK() == 1 ? accs
                             : reduceAcrossWavesK(accs, waveK, waveMN, lane);
    Value owner =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, waveK, im.c(0));
    Value tileId = im.add(im.mul(blockM, spec.getTilesN()), blockN);
    combineSplitK(sums, owner, tid, waveMN, lane, z, tileId, storeAll);
  } else if (cfg.getWavesK() == 1) {
    storeAll(accs);
  } else {
    SmallVector<Value> sums = reduceAcrossWavesK(accs, waveK, waveMN, lane);
    Value first =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, waveK, im.c(0));
    auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifFirst.getThenRegion().front());
    storeAll(sums);
  }
  gpu::ReturnOp::create(b, loc);
}

SmallVector<Value> GemmKernelBuilder::reduceAcrossWavesK(ValueRange accs,
                                                         Value waveK,
                                                         Value waveMN,
                                                         Value lane) {
  // Layout: [waveK - 1][waveMN][tile][lane][element], so that each lane
  // writes and reads its accumulator vectors whole (16-byte LDS accesses).
  mxfp4::GemmConfigAttr cfg = spec.config;
  int64_t accElements = mfma * mfma / 64;
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

void GemmKernelBuilder::combineSplitK(ValueRange sums, Value owner, Value tid,
                                      Value waveMN, Value lane, Value z,
                                      Value tileId,
                                      function_ref<void(ValueRange)> store) {
  // Workspace layout: [tile][z][waveMN][mfma tile][lane][element], each
  // lane's accumulator vectors whole, as in reduceAcrossWavesK: the
  // partials never need C's row and column mapping or masking.
  mxfp4::GemmConfigAttr cfg = spec.config;
  int64_t splitK = spec.getSplitK();
  int64_t accElements = mfma * mfma / 64;
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
  auto eq = [&](Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
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
  inIf(eq(tid, im.c(0)), [&] {
    Value before =
        memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi, i32c(1),
                                    splitKCounters, ValueRange{tileId});
    // The last arrival leaves the counter at 0 for the next launch: every
    // other work-group of this tile has already incremented it.
    inIf(eq(before, i32c(splitK - 1)), [&] {
      memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::assign, i32c(0),
                                  splitKCounters, ValueRange{tileId});
    });
    memref::StoreOp::create(b, loc, before, ldsArrival, ValueRange{im.c(0)});
  });
  gpu::BarrierOp::create(b, loc);
  Value arrival =
      memref::LoadOp::create(b, loc, ldsArrival, ValueRange{im.c(0)});
  Value last = eq(arrival, i32c(splitK - 1));
  inIf(im.both(last, owner), [&] {
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, "agent");
    auto accType = cast<VectorType>(sums.front().getType());
    SmallVector<Value> total;
    for (int64_t t = 0; t < tiles; ++t) {
      // z = 0, 1, ..., S - 1 whichever work-group arrived last: the same
      // additions in the same order on every run.
      Value sum = vector::LoadOp::create(b, loc, accType, splitKPartials,
                                         ValueRange{slot(im.c(0), t)});
      for (int64_t k = 1; k < splitK; ++k) {
        Value other = vector::LoadOp::create(b, loc, accType, splitKPartials,
                                             ValueRange{slot(im.c(k), t)});
        sum = arith::AddFOp::create(b, loc, sum, other);
      }
      total.push_back(sum);
    }
    store(total);
  });
}

std::string mlir::fp4::whySplitKUnsupported(const GemmKernelSpec &spec) {
  int64_t splitK = spec.getSplitK();
  if (splitK == 1)
    return "";
  if (spec.hasDynamicM())
    return "split_k > 1 needs a static M: its workspace is sized at "
           "compile time";
  int64_t steps = llvm::divideCeil(spec.k, spec.config.getMfmaK());
  if (splitK > steps)
    return ("split_k = " + Twine(splitK) + " exceeds the " + Twine(steps) +
            " K steps of " + Twine(spec.config.getMfmaK()) +
            "; each slice "
            "needs one")
        .str();
  return "";
}

/// The split-K workspace, in `func`'s gpu.module: S f32 partial tiles per
/// tile of C, and one i32 arrival counter per tile. Both zero-initialized
/// (.bss in the code object); the counters return to zero at the end of
/// every launch.
static std::pair<Value, Value>
createSplitKWorkspace(OpBuilder &b, gpu::GPUFuncOp func,
                      const GemmKernelSpec &spec) {
  MLIRContext *ctx = b.getContext();
  Location loc = func.getLoc();
  auto global = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Global);
  mxfp4::GemmConfigAttr cfg = spec.config;
  int64_t tiles = spec.getTilesN() * spec.getGridY();
  auto partialsType = MemRefType::get(
      {tiles * spec.getSplitK() * cfg.getTileM() * cfg.getTileN()},
      b.getF32Type(), MemRefLayoutAttrInterface(), global);
  auto countersType = MemRefType::get({tiles}, b.getI32Type(),
                                      MemRefLayoutAttrInterface(), global);
  auto makeGlobal = [&](StringRef suffix, MemRefType type, Attribute zero) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(func);
    auto tensorType =
        RankedTensorType::get(type.getShape(), type.getElementType());
    auto op = memref::GlobalOp::create(
        b, loc, (func.getName() + suffix).str(), b.getStringAttr("private"),
        type, DenseElementsAttr::get(tensorType, zero), /*constant=*/false,
        /*alignment=*/b.getI64IntegerAttr(16));
    return op;
  };
  auto partials =
      makeGlobal("_splitk_partials", partialsType, b.getF32FloatAttr(0.0f));
  auto counters =
      makeGlobal("_splitk_counters", countersType, b.getI32IntegerAttr(0));
  Value p =
      memref::GetGlobalOp::create(b, loc, partialsType, partials.getSymName());
  Value c =
      memref::GetGlobalOp::create(b, loc, countersType, counters.getSymName());
  return {p, c};
}

void mlir::fp4::buildGemmKernelBody(OpBuilder &b, gpu::GPUFuncOp func,
                                    const GemmKernelSpec &spec) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&func.getBody().front());
  // The entry block also holds the workgroup attributions after the
  // function's own arguments.
  ValueRange args =
      func.getArguments().take_front(func.getFunctionType().getNumInputs());
  GemmKernelBuilder builder(b, func.getLoc(), spec, args,
                            func.getWorkgroupAttributions());
  if (spec.getSplitK() > 1) {
    assert(whySplitKUnsupported(spec).empty() && "checked by the caller");
    auto [partials, counters] = createSplitKWorkspace(b, func, spec);
    builder.setSplitKWorkspace(partials, counters);
  }
  builder.build();
}
