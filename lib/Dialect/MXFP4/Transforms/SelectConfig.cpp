//===- SelectConfig.cpp - pick a kernel configuration -----------*- C++ -*-===//
//
// The first pass of the GEMM pipeline: every scaled_matmul gets a
// #mxfp4.config saying how it maps onto a work-group. The heuristic is
// deliberately simple and explainable; see docs/design.md.
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/Transforms/Transforms.h"
#include "fp4/Report/ModelConstants.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Debug.h"

#include <algorithm>

#define DEBUG_TYPE "mxfp4-select-config"

namespace mlir::fp4::mxfp4 {
#define GEN_PASS_DEF_SELECTCONFIG
#include "fp4/Dialect/MXFP4/Transforms/Passes.h.inc"
} // namespace mlir::fp4::mxfp4

using namespace mlir;
using namespace mlir::fp4::mxfp4;

llvm::Expected<ChipLimits> mlir::fp4::mxfp4::getChipLimits(StringRef chip) {
  // gfx950 (MI355X, CDNA4): 160 KiB LDS, 512 VGPRs per lane shared between
  // arch VGPRs and AGPRs, work-groups of up to 1024 work-items.
  if (chip == "gfx950")
    return ChipLimits{160 * 1024, 512, 1024};
  return llvm::createStringError("unsupported chip '" + chip +
                                 "'; fp4-mlir targets gfx950");
}

llvm::Error mlir::fp4::mxfp4::checkAQuantizerOption(StringRef aQuantizer) {
  if (aQuantizer == "exact" || aQuantizer == "hardware")
    return llvm::Error::success();
  return llvm::createStringError(
      "a-quantizer must be 'exact' or 'hardware', got '" + aQuantizer + "'");
}

llvm::Error mlir::fp4::mxfp4::checkMfmaOption(int64_t mfma) {
  if (mfma == 0 || mfma == 16 || mfma == 32)
    return llvm::Error::success();
  return llvm::createStringError("mfma must be 0, 16 or 32, got " +
                                 llvm::Twine(mfma));
}

/// Per-lane VGPRs of a configuration, fitted to the kernels the lowering
/// makes (fp4-report on the problem shapes): the accumulators, the
/// in-register quantization of each A tile (the exact quantizer keeps its
/// 32 f32 values, codes and thresholds live), the B operands.
static int64_t estimateVgprs(GemmConfigAttr c, bool exactQuantizer) {
  int64_t accPerTile = c.getMfma() * c.getMfma() / 64;
  int64_t acc = c.getTilesM() * c.getTilesN() * accPerTile;
  int64_t perATile = exactQuantizer ? 97 : 24;
  return 40 + acc + c.getTilesM() * perATile + c.getTilesN() * 7;
}

/// Cycles the busiest SIMD spends in the K loop, from issue rates (4 cycles
/// per VALU instruction of a wave64, 16 or 32 per scaled MFMA, the two
/// overlapping) and VALU counts per K step fitted to the generated code:
/// about 740 instructions per A tile with the exact quantizer and 95 with
/// the hardware one, 8 per B tile, 20 of loop overhead.
static double estimateCycles(GemmConfigAttr c, int64_t m, int64_t n, int64_t k,
                             bool exactQuantizer) {
  double valu = 20 + c.getTilesM() * (exactQuantizer ? 740.0 : 95.0) +
                c.getTilesN() * 8.0;
  double mfma = c.getTilesM() * c.getTilesN() * (c.getMfma() == 16 ? 16 : 32);
  double perStep = std::max(4.0 * valu, mfma);
  int64_t steps = llvm::divideCeil(k, c.getMfmaK());
  int64_t perWave = llvm::divideCeil(steps, c.getWavesK());
  int64_t groups =
      llvm::divideCeil(m, c.getTileM()) * llvm::divideCeil(n, c.getTileN());
  // 256 CUs of 4 SIMDs: waves beyond one per SIMD share its issue slots.
  double wavesPerSimd =
      std::ceil(double(groups) / 256) * std::ceil(double(c.getWaves()) / 4);
  return perWave * perStep * wavesPerSimd;
}

/// Calls `f` with each candidate configuration (split_k = 1): four waves
/// per work-group, split along N and K; up to 4 row tiles (no more than M
/// needs) and 8 column tiles per wave; under 256 VGPRs (two waves per SIMD
/// and no spills).
static void forEachCandidate(MLIRContext *ctx, int64_t m, int64_t k,
                             int64_t forcedMfma, bool exactQuantizer,
                             function_ref<void(GemmConfigAttr)> f) {
  int64_t mfma = forcedMfma ? forcedMfma : 16;
  int64_t steps = llvm::divideCeil(k, mfma == 16 ? 128 : 64);
  for (int64_t wavesN : {1, 2, 4})
    for (int64_t wavesK : {1, 2, 4}) {
      // A wave along K without a K step would only idle.
      if (wavesN * wavesK != 4 || wavesK > steps)
        continue;
      for (int64_t tilesM : {1, 2, 4}) {
        if (tilesM > 1 && (tilesM / 2) * mfma >= m)
          continue;
        for (int64_t tilesN : {1, 2, 4, 8}) {
          auto c = GemmConfigAttr::get(ctx, mfma, /*wavesM=*/1, wavesN, tilesM,
                                       tilesN, /*splitK=*/1, wavesK);
          if (estimateVgprs(c, exactQuantizer) <= 256)
            f(c);
        }
      }
    }
}

GemmConfigAttr mlir::fp4::mxfp4::selectGemmConfig(MLIRContext *ctx, int64_t m,
                                                  int64_t n, int64_t k,
                                                  int64_t forcedMfma,
                                                  bool exactQuantizer) {
  if (m < 1 || n < 1 || k < 1 ||
      (forcedMfma != 0 && forcedMfma != 16 && forcedMfma != 32))
    return {};
  GemmConfigAttr best;
  double bestCycles = 0;
  forEachCandidate(
      ctx, m, k, forcedMfma, exactQuantizer, [&](GemmConfigAttr c) {
        double cycles = estimateCycles(c, m, n, k, exactQuantizer);
        LLVM_DEBUG(llvm::dbgs() << c << ": " << cycles << " cycles\n");
        if (!best || cycles < bestCycles) {
          best = c;
          bestCycles = cycles;
        }
      });
  return best;
}

/// Model v2's view of a kernel with `c` (docs/report.md, "Model v2";
/// lib/Report/Model.cpp rates the compiled code, this replicates its few
/// formulas on the configuration alone), in microseconds: launch, then per
/// round of work-groups on the busiest CU the first loads' latency, the K
/// loop (each K step waits for its loads: a few loaded latencies plus the
/// wave's issue, or the SIMD's issue, or the CU's bandwidth plus MFMA,
/// whichever is longest) and, with split-K, the combine: storing the
/// partial tile, the release and the arrival atomic, and the last
/// work-group loading S partials (three latencies plus the bytes).
static double modelMicroseconds(GemmConfigAttr c, int64_t m, int64_t n,
                                int64_t k, bool exactQuantizer) {
  namespace fitted = ::fp4::report::fitted;
  constexpr double kClockHz = 2.4e9, kHbmBytesPerSecond = 6.0e12;
  constexpr int64_t kCus = 256, kXcds = 8, kMaxGroupsPerCu = 16;
  int64_t splitK = c.getSplitK();
  int64_t tiles =
      llvm::divideCeil(m, c.getTileM()) * llvm::divideCeil(n, c.getTileN());
  int64_t groups = tiles * splitK;
  int64_t perCu =
      llvm::divideCeil(llvm::divideCeil(groups, kXcds), kCus / kXcds);
  // Residency by registers (at most 8 waves per SIMD, 512 VGPRs in
  // granules of 8), as the model reads it from the code object.
  int64_t vgprs = llvm::alignTo(estimateVgprs(c, exactQuantizer), 8);
  int64_t wavesPerSimdByRegs = std::clamp<int64_t>(512 / vgprs, 1, 8);
  int64_t waves = c.getWaves();
  int64_t byRegs = waves >= 4 ? wavesPerSimdByRegs / llvm::divideCeil(waves, 4)
                              : wavesPerSimdByRegs * 4 / waves;
  int64_t residentMax = std::clamp<int64_t>(byRegs, 1, kMaxGroupsPerCu);
  int64_t rounds = llvm::divideCeil(perCu, residentMax);
  int64_t resident = std::min(perCu, residentMax);
  double latency = fitted::kLatencyCycles + fitted::kLoadedLatencyCycles *
                                                double(std::min(groups, kCus)) /
                                                kCus;
  int64_t steps = llvm::divideCeil(k, c.getMfmaK());
  // The last slice takes the rest.
  int64_t sliceSteps = steps - (splitK - 1) * (steps / splitK);
  int64_t iterations = llvm::divideCeil(sliceSteps, c.getWavesK());
  double valu = 20 + c.getTilesM() * (exactQuantizer ? 740.0 : 95.0) +
                c.getTilesN() * 8.0;
  double mfma = c.getTilesM() * c.getTilesN() * (c.getMfma() == 16 ? 16 : 32);
  double wavesPerSimd = std::ceil(double(resident * waves) / 4);
  // Bytes per lane per K step: a bf16 block of A (64) per row tile, 16 B
  // bytes and a scale byte per column tile.
  double laneBytes = c.getTilesM() * 64.0 + c.getTilesN() * 17.0;
  double bandwidth =
      resident * waves * 64 * laneBytes / fitted::kCuBytesPerCycle;
  // Loaded latencies a wave waits per K step: the loop issues A's loads,
  // waits, quantizes, then B's in groups as registers allow, each group
  // waited for. Fitted to fp4-report on the generated loops: about 1.2 for
  // 16x16 tiles, 2.2 for 16x64, 4.2 for 16x128.
  double waitsPerStep = 1 + c.getTilesN() / 4.0;
  double iteration =
      std::max({waitsPerStep * latency + 4.0 * valu, wavesPerSimd * 4 * valu,
                wavesPerSimd * mfma, bandwidth + mfma});
  double tileBytes = 4.0 * c.getTileM() * c.getTileN();
  double combine = splitK == 1
                       ? 0
                       : 3 * latency + resident * (splitK + 1) * tileBytes /
                                           fitted::kCuBytesPerCycle;
  double cycles = rounds * (latency + iterations * iteration + combine);
  double hbmBytes = double(m) * k * 2 + double(n) * k * (0.5 + 1.0 / 32) +
                    double(m) * n * 2 +
                    (splitK == 1 ? 0 : 2.0 * groups * tileBytes);
  return fitted::kLaunchMicroseconds +
         1e6 * std::max(cycles / kClockHz, hbmBytes / kHbmBytesPerSecond);
}

/// The K-loop depth the pass gives a configuration it chooses: one stage
/// where K is split across work-groups (each wave then has a few K steps;
/// model v2 rated a deeper loop slower on every split-K shape tried, the
/// problem's 16x2112x7168 and 8x2112x7168 and 32, 64, 128 and 256 rows of
/// 2112x7168: 5.78 -> 5.70 us ... 16.08 -> 13.59, docs/report.md), else
/// the default.
static int64_t stagesFor(int64_t splitK) {
  return splitK > 1 ? 1 : GemmConfigAttr::kDefaultStages;
}

/// The split_k for `c` under modelMicroseconds: the smallest time over
/// S = 1..8 with at least one K step per slice, and S > 1 only where it
/// saves at least 5% (the combine is the part of the model least checked
/// against measurements).
static GemmConfigAttr chooseSplitK(GemmConfigAttr c, int64_t m, int64_t n,
                                   int64_t k, bool exactQuantizer) {
  auto withSplit = [&](int64_t s) {
    return GemmConfigAttr::get(c.getContext(), c.getMfma(), c.getWavesM(),
                               c.getWavesN(), c.getTilesM(), c.getTilesN(), s,
                               c.getWavesK(), stagesFor(s));
  };
  int64_t steps = llvm::divideCeil(k, c.getMfmaK());
  double base = modelMicroseconds(c, m, n, k, exactQuantizer);
  GemmConfigAttr best = c;
  double bestTime = 0.95 * base;
  for (int64_t s = 2; s <= 8 && s * c.getWavesK() <= steps; ++s) {
    GemmConfigAttr candidate = withSplit(s);
    double t = modelMicroseconds(candidate, m, n, k, exactQuantizer);
    LLVM_DEBUG(llvm::dbgs() << candidate << ": " << t
                            << " us (split_k = 1: " << base << " us)\n");
    if (t < bestTime) {
      best = candidate;
      bestTime = t;
    }
  }
  return best;
}

/// Whether C reaches an mxfp4.quantize through elementwise ops: the
/// conversion fuses that quantize into the GEMM's kernel, which it does not
/// combine with split-K.
static bool feedsQuantize(ScaledMatmulOp op) {
  SmallVector<Operation *> work = {op};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!work.empty()) {
    Operation *cur = work.pop_back_val();
    if (!seen.insert(cur).second)
      continue;
    for (Operation *user : cur->getUsers()) {
      if (isa<QuantizeOp>(user))
        return true;
      // Ops that keep C's shape: the elementwise consumers (linalg.generic,
      // arith on tensors) the tiling fuses between the GEMM and a quantize.
      if (user->getNumResults() != 1)
        continue;
      auto type = dyn_cast<ShapedType>(user->getResult(0).getType());
      if (type && type.getShape() == op.getResult().getType().getShape())
        work.push_back(user);
    }
  }
  return false;
}

/// Split-K for a static GEMM whose split_k = 1 choice is `base`: the best
/// split of `base`, or of another candidate tile if that is at least 5%
/// faster still (a narrower tile gives split-K more work-groups to spread).
static GemmConfigAttr selectSplitK(GemmConfigAttr base, int64_t m, int64_t n,
                                   int64_t k, int64_t forcedMfma,
                                   bool exactQuantizer) {
  GemmConfigAttr best = chooseSplitK(base, m, n, k, exactQuantizer);
  double bestTime = modelMicroseconds(best, m, n, k, exactQuantizer);
  forEachCandidate(
      base.getContext(), m, k, forcedMfma, exactQuantizer,
      [&](GemmConfigAttr c) {
        GemmConfigAttr split = chooseSplitK(c, m, n, k, exactQuantizer);
        if (split.getSplitK() == 1 || c.getTilesM() != base.getTilesM())
          return;
        double t = modelMicroseconds(split, m, n, k, exactQuantizer);
        if (t < 0.95 * bestTime) {
          best = split;
          bestTime = t;
        }
      });
  return best;
}

namespace {
/// A configuration bench/tune_configs.py found fastest under model v2; m = 0
/// for an M known only at run time.
struct TunedConfig {
  const char *aQuantizer; // "hardware" or "exact"
  int64_t m, n, k;
  int64_t mfma, wavesM, wavesN, tilesM, tilesN, splitK, wavesK, stages;
};
} // namespace

static constexpr TunedConfig kTunedConfigs[] = {
#define FP4_TUNED_CONFIG(quantizer, ...) {#quantizer, __VA_ARGS__},
#include "TunedConfigs.inc"
};

/// The tuned configuration of `op`, or null. The table was tuned for the
/// default pipeline's K loop: a static N x K (and M, or an M known only at
/// run time: a separate entry), bf16 A quantized in the kernel with
/// `aQuantizer`, pre-shuffled B (C's type and the epilogue change only the
/// stores after the loop). The other operand forms of the same N x K x M
/// take the entry too (A given quantized, in any MX format, or quantized
/// from bf16 to another format; plain B): their K loop has the same
/// structure with other loads and MFMAs (with the table of 2026-12-02, over
/// the ten problem shapes and five such forms the entry modeled faster
/// than the formulas in 49 of 50 cases; docs/formats.md). A batch, an A
/// quantized from f16 or f32 (more VALU work in the loop), an MFMA shape forced
/// to another than the entry's, or split-K where it is not allowed keeps the
/// formulas.
static GemmConfigAttr lookupTunedConfig(ScaledMatmulOp op, int64_t m,
                                        int64_t forcedMfma,
                                        StringRef aQuantizer,
                                        bool splitKAllowed) {
  auto quantize = op.getA().getDefiningOp<QuantizeOp>();
  if (op.isBatched() ||
      (quantize && !quantize.getInput().getType().getElementType().isBF16()))
    return {};
  if (ShapedType::isDynamic(m))
    m = 0;
  auto configOf = [&](const TunedConfig &t) -> GemmConfigAttr {
    if ((forcedMfma && forcedMfma != t.mfma) ||
        (t.splitK > 1 && !splitKAllowed))
      return {};
    return GemmConfigAttr::get(op.getContext(), t.mfma, t.wavesM, t.wavesN,
                               t.tilesM, t.tilesN, t.splitK, t.wavesK,
                               t.stages);
  };
  auto sameProblem = [&](const TunedConfig &t) {
    return t.aQuantizer == aQuantizer && t.n == op.getN() && t.k == op.getK();
  };
  for (const TunedConfig &t : kTunedConfigs)
    if (sameProblem(t) && t.m == m)
      return configOf(t);
  // A static M the table lacks: the entry of the next larger M of this
  // N x K whose kernel has the same grid (as many row tiles: the tile
  // masks the rows past M) is the same kernel, tuned (decode's M = 1 of
  // 2112x7168 gets the 8-row entry; bench/dynamic_m.py compares it with
  // the formulas').
  const TunedConfig *above = nullptr;
  for (const TunedConfig &t : kTunedConfigs) {
    if (m == 0 || !sameProblem(t) || t.m <= m || (above && above->m <= t.m))
      continue;
    int64_t tileM = t.mfma * t.wavesM * t.tilesM;
    if (llvm::divideCeil(m, tileM) == llvm::divideCeil(t.m, tileM))
      above = &t;
  }
  return above ? configOf(*above) : GemmConfigAttr();
}

int64_t mlir::fp4::mxfp4::getGemmLdsBytes(GemmConfigAttr config, unsigned numB,
                                          bool quantizesOutput) {
  // waves_k > 1: the other waves' accumulators wait in LDS for the first.
  int64_t accBytes = numB * config.getTilesM() * config.getTilesN() *
                     config.getMfma() * config.getMfma() * 4;
  int64_t bytes = (config.getWavesK() - 1) * config.getWavesM() *
                  config.getWavesN() * accBytes;
  if (quantizesOutput)
    bytes += config.getTileM() * config.getTileN() * 4;
  if (config.getSplitK() > 1)
    bytes += 4;
  return bytes;
}

LogicalResult mlir::fp4::mxfp4::verifyGemmConfig(Operation *op,
                                                 GemmConfigAttr config,
                                                 const ChipLimits &limits,
                                                 bool boundedM) {
  // The #mxfp4.config verifier already bounds the waves to 16 (1024
  // work-items, gfx950's limit); this stays for chips with smaller limits.
  if (config.getWaves() * 64 > limits.maxWorkgroupSize)
    return op->emitOpError()
           << "config needs " << config.getWaves() * 64
           << " work-items, the chip allows " << limits.maxWorkgroupSize;
  // A fused_matmul knows its Bs and whether it quantizes C; a
  // scaled_matmul has one B, and mxfp4-fuse-into-matmul fuses an output
  // quantize only where its staging fits.
  auto fused = dyn_cast<FusedMatmulOp>(op);
  int64_t ldsBytes =
      fused ? getGemmLdsBytes(config, fused.getNumB(), fused.quantizesOutput())
            : getGemmLdsBytes(config, 1, /*quantizesOutput=*/false);
  if (ldsBytes > limits.ldsBytes)
    return op->emitOpError()
           << "config needs " << ldsBytes << " bytes of LDS for its "
           << (fused && fused.quantizesOutput()
                   ? "waves_k reduction and output quantize"
                   : "waves_k reduction")
           << ", the chip has " << limits.ldsBytes;
  // The hardware quantizer's estimate is the smaller: a config is refused
  // only when it cannot fit whichever quantizer is used.
  if (config.getSplitK() > 1) {
    auto matmul = dyn_cast<ScaledMatmulOp>(op);
    if (matmul && ShapedType::isDynamic(matmul.getM()) && !boundedM)
      return op->emitOpError("split_k > 1 needs a static M, or an M bounded "
                             "by an m_specialization: its workspace is "
                             "sized at compile time");
    int64_t steps = matmul ? llvm::divideCeil(matmul.getK(), config.getMfmaK())
                           : config.getSplitK();
    if (config.getSplitK() > steps)
      return op->emitOpError()
             << "split_k = " << config.getSplitK() << " exceeds the " << steps
             << " K steps of " << config.getMfmaK() << "; each slice needs one";
  }
  int64_t vgprs = estimateVgprs(config, /*exactQuantizer=*/false);
  if (vgprs > limits.vgprsPerLane)
    return op->emitOpError()
           << "config needs about " << vgprs << " VGPRs per lane, the chip has "
           << limits.vgprsPerLane;
  return success();
}

/// The bounds of M that a GEMM with M known only at run time gets kernels
/// for: decode and small-batch token counts, where a static M would choose
/// split-K or a narrower tile.
static constexpr int64_t kMSpecializationBounds[] = {16, 32, 64, 128, 256};

/// The configuration for `op` as if its M were `m` (dynamic: a size known
/// only at run time, planned for a typical one; the kernel masks its tiles
/// with the run-time bounds).
static GemmConfigAttr chooseConfig(ScaledMatmulOp op, int64_t m,
                                   bool splitKAllowed,
                                   const SelectConfigOptions &options) {
  auto planned = [](int64_t size) {
    return ShapedType::isDynamic(size) ? kDynamicSizeHint : size;
  };
  bool exact = options.aQuantizer != "hardware";
  GemmConfigAttr config;
  if (options.tunedConfigs)
    config = lookupTunedConfig(op, m, options.mfma, options.aQuantizer,
                               splitKAllowed);
  if (!config) {
    config = selectGemmConfig(op.getContext(), planned(m), planned(op.getN()),
                              op.getK(), options.mfma, exact);
    if (config && splitKAllowed)
      config =
          selectSplitK(config, m, op.getN(), op.getK(), options.mfma, exact);
  }
  return config;
}

/// For an M known only at run time (N static): the configuration of a
/// static M at each bound, kept where it differs from the next bound's
/// (or, for the last, from `config`, the one for a larger M).
static ArrayAttr specializeForM(ScaledMatmulOp op, GemmConfigAttr config,
                                const SelectConfigOptions &options) {
  bool splitKAllowed = options.splitK && !feedsQuantize(op);
  SmallVector<std::pair<int64_t, GemmConfigAttr>> chosen;
  for (int64_t bound : kMSpecializationBounds) {
    GemmConfigAttr c = chooseConfig(op, bound, splitKAllowed, options);
    if (!c)
      return {};
    chosen.push_back({bound, c});
  }
  SmallVector<Attribute> kept;
  for (size_t i = 0; i < chosen.size(); ++i) {
    GemmConfigAttr next = i + 1 < chosen.size() ? chosen[i + 1].second : config;
    if (chosen[i].second != next)
      kept.push_back(MSpecializationAttr::get(op.getContext(), chosen[i].first,
                                              chosen[i].second));
  }
  if (kept.empty())
    return {};
  return ArrayAttr::get(op.getContext(), kept);
}

/// The chip's limits, once the options are checked; or the first option's
/// error.
static llvm::Expected<ChipLimits>
checkSelectConfigOptions(const SelectConfigOptions &options) {
  llvm::Expected<ChipLimits> limits = getChipLimits(options.chip);
  if (!limits)
    return limits.takeError();
  if (llvm::Error e = checkAQuantizerOption(options.aQuantizer))
    return std::move(e);
  if (llvm::Error e = checkMfmaOption(options.mfma))
    return std::move(e);
  return limits;
}

/// selectConfig once the options are known to be good.
static LogicalResult selectCheckedConfig(ScaledMatmulOp op,
                                         const SelectConfigOptions &options,
                                         const ChipLimits &limits) {
  GemmConfigAttr config = op.getConfigAttr();
  if (!config) {
    bool isStatic =
        !ShapedType::isDynamic(op.getM()) && !ShapedType::isDynamic(op.getN());
    // Split-K's workspace is sized at compile time: for a static problem
    // here, and for a bounded M in the specializations.
    bool splitKAllowed = isStatic && options.splitK && !feedsQuantize(op);
    config = chooseConfig(op, op.getM(), splitKAllowed, options);
    // The verifier keeps M, N and K positive, and one wave with one tile
    // always fits: this only fires if the candidates change.
    if (!config)
      return op.emitOpError("no kernel configuration fits this GEMM");
    LLVM_DEBUG(llvm::dbgs() << "selected " << config << " for " << op.getM()
                            << "x" << op.getN() << "x" << op.getK() << "\n");
    op.setConfigAttr(config);
    if (options.specializeDynamicM && ShapedType::isDynamic(op.getM()) &&
        !ShapedType::isDynamic(op.getN()) && !op.getMSpecializationsAttr())
      if (ArrayAttr specializations = specializeForM(op, config, options))
        op.setMSpecializationsAttr(specializations);
  }
  if (failed(verifyGemmConfig(op, config, limits)))
    return failure();
  if (ArrayAttr specializations = op.getMSpecializationsAttr())
    for (auto s : specializations.getAsRange<MSpecializationAttr>())
      if (failed(verifyGemmConfig(op, s.getConfig(), limits,
                                  /*boundedM=*/true)))
        return failure();
  return success();
}

LogicalResult
mlir::fp4::mxfp4::selectConfig(ScaledMatmulOp op,
                               const SelectConfigOptions &options) {
  llvm::Expected<ChipLimits> limits = checkSelectConfigOptions(options);
  if (!limits)
    return op.emitOpError() << llvm::toString(limits.takeError());
  return selectCheckedConfig(op, options, *limits);
}

namespace {
struct SelectConfigPass
    : public mlir::fp4::mxfp4::impl::SelectConfigBase<SelectConfigPass> {
  using Base::Base;

  void runOnOperation() override {
    SelectConfigOptions options;
    options.chip = chip;
    options.mfma = mfma;
    // The quantizer is recorded once, here: a module that has one keeps it
    // (and the configurations are chosen for it), one without gets the
    // option's.
    ModuleOp module = getOperation();
    if (Attribute recorded = module->getAttr(kAQuantizerAttr)) {
      auto name = dyn_cast<StringAttr>(recorded);
      if (!name ||
          (name.getValue() != "exact" && name.getValue() != "hardware")) {
        module.emitError() << kAQuantizerAttr
                           << " must be \"exact\" or \"hardware\", got "
                           << recorded;
        return signalPassFailure();
      }
    }
    options.aQuantizer = getAQuantizer(module, aQuantizer).str();
    options.splitK = splitK;
    options.tunedConfigs = tunedConfigs;
    options.specializeDynamicM = specializeDynamicM;
    // A bad option is the pipeline's error, not any one GEMM's.
    llvm::Expected<ChipLimits> limits = checkSelectConfigOptions(options);
    if (!limits) {
      getOperation().emitError() << llvm::toString(limits.takeError());
      return signalPassFailure();
    }
    if (!module->hasAttr(kAQuantizerAttr))
      module->setAttr(kAQuantizerAttr,
                      StringAttr::get(&getContext(), options.aQuantizer));
    WalkResult result = getOperation().walk([&](ScaledMatmulOp op) {
      return failed(selectCheckedConfig(op, options, *limits))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
