//===- ModelTest.cpp - model v2 on hand-made loops --------------*- C++ -*-===//
//
// Model v2's pieces on loop profiles built instruction by instruction, where
// the right answer can be worked out by hand: the latency replay (Little's
// law with the loads in flight that the vmcnt waits allow), the MFMA pass
// counts, the K step, residency and rounds over the XCDs, the constants.
//
//===----------------------------------------------------------------------===//

#include "fp4/Report/Report.h"

#include "gtest/gtest.h"

using namespace fp4::report;

namespace {

constexpr const char *kFp4Mfma = "mfma_scale 16x16x128 fp4*fp4";

/// A loop that issues `loads` 16-byte loads, then `vmcnt(wait)`, then one
/// fp4 MFMA.
LoopProfile loop(int loads, int wait) {
  LoopProfile p;
  for (int i = 0; i < loads; ++i)
    p.add("global_load b128", -1);
  p.add("s_waitcnt", wait);
  p.add(kFp4Mfma, -1);
  return p;
}

TEST(LoopProfile, CountsAndPassCounts) {
  LoopProfile p = loop(4, 0);
  EXPECT_EQ(p.instructions, 6u);
  EXPECT_EQ(p.vmemLoads, 4u);
  EXPECT_EQ(p.vmemLoadBytesPerLane, 64u);
  EXPECT_EQ(p.vmWaits, 1u);
  EXPECT_EQ(p.mfmas, 1u);
  // LLVM's gfx950 model: fp4 x fp4 16x16x128 is 4 passes (16 cycles); with
  // an fp8 side 8 passes; 32x32x64 twice that.
  EXPECT_EQ(p.mfmaCycles, 16);
  p.add("mfma_scale 16x16x128 fp8*fp4", -1);
  EXPECT_EQ(p.mfmaCycles, 16 + 32);
  p.add("mfma_scale 32x32x64 fp4*fp4", -1);
  EXPECT_EQ(p.mfmaCycles, 16 + 32 + 32);
  p.add("mfma_scale 32x32x64 fp4*bf8", -1);
  EXPECT_EQ(p.mfmaCycles, 16 + 32 + 32 + 64);
  // A wait on lgkmcnt only is not a vmcnt wait.
  p.add("s_waitcnt", -1);
  EXPECT_EQ(p.vmWaits, 1u);
}

TEST(LoopProfile, WaitingForEveryLoadExposesTheLatency) {
  // Loads issue at 0, 4, 8, 12; vmcnt(0) waits for the last one (12 + L);
  // the wait and the MFMA issue in 4 cycles each: L + 20 per pass.
  EXPECT_DOUBLE_EQ(loop(4, 0).simulate(1000, /*repeat=*/true), 1020);
  EXPECT_DOUBLE_EQ(loop(4, 0).simulate(2000, true), 2020);
  // Once from an idle start: the same here.
  EXPECT_DOUBLE_EQ(loop(4, 0).simulate(1000, /*repeat=*/false), 1020);
}

TEST(LoopProfile, LoadsInFlightHideTheLatency) {
  // One load per pass and vmcnt(3): the wait of pass i waits for the load
  // of pass i - 3, and the next load issues 8 cycles later (the wait's and
  // the MFMA's issue), so four passes take L + 8 (Little's law with four
  // loads in flight).
  EXPECT_DOUBLE_EQ(loop(1, 3).simulate(1000, true), (1000 + 8) / 4.0);
  EXPECT_DOUBLE_EQ(loop(1, 7).simulate(1000, true), (1000 + 8) / 8.0);
  // With a short latency the matrix core bounds it: one 16-cycle MFMA per
  // pass, more than the pass's 12 cycles of issue.
  EXPECT_DOUBLE_EQ(loop(1, 3).simulate(20, true), 16);
}

TEST(LoopProfile, MfmasWaitForTheMatrixCore) {
  LoopProfile p;
  for (int i = 0; i < 4; ++i)
    p.add("mfma_scale 32x32x64 fp4*fp8", -1); // 64 cycles each
  EXPECT_DOUBLE_EQ(p.simulate(1000, true), 4 * 64);
}

TEST(Model, KPerIteration) {
  // aiter's 32x128 loop: 32 MFMAs per wave and 4 waves cover K = 1024 of a
  // 32x128 tile (4 stages of 256).
  LoopProfile p;
  for (int i = 0; i < 32; ++i)
    p.add(kFp4Mfma, -1);
  EXPECT_DOUBLE_EQ(kPerIteration(p, 4, 32, 128), 1024);
  EXPECT_DOUBLE_EQ(kPerIteration(LoopProfile(), 4, 32, 128), 0);
}

/// A kernel whose only code is `loopBody` inside a loop, one work-group per
/// CU (512 VGPRs, 160 KiB LDS), like aiter's.
KernelReport kernel(const LoopProfile &loopBody) {
  KernelReport r;
  r.info.vgprCount = 512;
  r.info.groupSegmentFixedSize = 160 * 1024;
  r.wavesPerSimdByRegisters = 1;
  r.profile = loopBody;
  r.kernelProfile = loopBody;
  r.loop.total = r.mix.total = loopBody.instructions;
  return r;
}

TEST(Model, RoundsOverXcdsAndCus) {
  KernelReport r = kernel(loop(4, 0));
  GemmLaunch l;
  l.shape = {32, 128 * 256, 256};
  l.tileM = 32, l.tileN = 128;
  l.wavesPerWorkgroup = 4;
  l.iterationsPerWave = 1;
  MachineModel mm;
  for (auto [groups, rounds] : {std::pair<int64_t, int64_t>{1, 1},
                                {17, 1},
                                {256, 1},
                                {257, 2},
                                {512, 2},
                                {513, 3}}) {
    l.workgroups = groups;
    Estimate e = estimateGemm(r, l, mm);
    EXPECT_EQ(e.rounds, rounds) << groups << " work-groups";
    EXPECT_EQ(e.residentWorkgroups, 1);
    EXPECT_EQ(e.wavesPerSimd, 1);
  }
}

TEST(Model, LatencyBoundTimeByHand) {
  KernelReport r = kernel(loop(4, 0));
  GemmLaunch l;
  l.shape = {32, 128, 1024};
  l.tileM = 32, l.tileN = 128;
  l.workgroups = 1;
  l.wavesPerWorkgroup = 4;
  l.iterationsPerWave = 10;
  l.aBytesPerElement = 2;
  MachineModel mm;
  mm.launchSeconds = 2e-6;
  mm.latencyCycles = 1000;
  mm.loadedLatencyCycles = 256; // one busy CU of 256 adds 1 cycle
  mm.cuBytesPerCycle = 64;
  Estimate e = estimateGemm(r, l, mm);
  EXPECT_EQ(e.loadLatencyCycles, 1001);
  EXPECT_EQ(e.bound, "latency");
  EXPECT_DOUBLE_EQ(e.latencyCycles, 1021);
  // 4 waves x 64 lanes x 64 bytes / 64 bytes per cycle.
  EXPECT_DOUBLE_EQ(e.bandwidthCycles, 256);
  // First loads + 10 iterations + the C tile's stores (32x128 bf16 / 64).
  double cycles = 1001 + 10 * 1021 + 32 * 128 * 2 / 64.0;
  EXPECT_DOUBLE_EQ(e.computeSeconds, cycles / 2.4e9);
  EXPECT_DOUBLE_EQ(e.modelSeconds, 2e-6 + cycles / 2.4e9);
  EXPECT_DOUBLE_EQ(e.hbmBytes, 32.0 * 1024 * 2 +
                                   128.0 * 1024 * (0.5 + 1.0 / 32) +
                                   32.0 * 128 * 2);
}

TEST(Model, Constants) {
  MachineModel mm;
  EXPECT_TRUE(mm.set("launch_us", 3));
  EXPECT_DOUBLE_EQ(mm.launchSeconds, 3e-6);
  EXPECT_TRUE(mm.set("hbm_tbps", 5));
  EXPECT_DOUBLE_EQ(mm.hbmBytesPerSecond, 5e12);
  EXPECT_TRUE(mm.set("loaded_latency_cycles", 0));
  EXPECT_FALSE(mm.set("latency_cycles", 0));
  EXPECT_FALSE(mm.set("cu_bytes_per_cycle", -1));
  EXPECT_FALSE(mm.set("clock_hz", 1e9));
  // The compiled-in fit.
  MachineModel fitted;
  EXPECT_DOUBLE_EQ(fitted.launchSeconds, fitted::kLaunchMicroseconds * 1e-6);
  EXPECT_DOUBLE_EQ(fitted.latencyCycles, fitted::kLatencyCycles);
}

} // namespace
