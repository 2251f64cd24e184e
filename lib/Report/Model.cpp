//===- Model.cpp - model v2 of a GEMM kernel's MI355X time ------*- C++ -*-===//
//
// A GEMM kernel's time from first principles (docs/report.md, "Model v2"):
// launch, HBM bytes, and for the K loop of the busiest CU the largest of its
// matrix-core cycles, VALU and SALU issue, one wave's issue chain, the loads'
// latency over the loads in flight (Little's law) and the CU's L2 bandwidth,
// over the rounds of work-groups that CU runs.
//
//===----------------------------------------------------------------------===//

#include "fp4/Report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cmath>
#include <deque>

using namespace fp4::report;
using llvm::StringRef;

/// Bytes of one lane of a memory class's width ("b128" -> 16).
static unsigned widthBytes(StringRef cls) {
  StringRef width = cls.rsplit(' ').second;
  unsigned bits = 0;
  if (!width.consume_front("b") || width.getAsInteger(10, bits))
    return 0;
  return bits / 8;
}

/// Matrix-core cycles of an MFMA class (LLVM's gfx950 pass counts).
static double mfmaCyclesOf(StringRef cls, double &volume) {
  volume = 0;
  if (cls == "mfma other")
    return 8 * 4;
  // "mfma_scale 16x16x128 fp4*fp4"
  if (!cls.consume_front("mfma_scale "))
    return 8 * 4;
  auto [shape, formats] = cls.split(' ');
  bool f8 = formats.contains("fp8") || formats.contains("bf8");
  if (shape == "16x16x128") {
    volume = 16.0 * 16 * 128;
    return (f8 ? 8 : 4) * 4;
  }
  if (shape == "32x32x64") {
    volume = 32.0 * 32 * 64;
    return (f8 ? 16 : 8) * 4;
  }
  return 8 * 4;
}

void LoopProfile::add(StringRef cls, int vmcnt) {
  ++instructions;
  Step step{Step::Other, 0};
  bool load = cls.starts_with("global_load") ||
              cls.starts_with("buffer_load") || cls.starts_with("flat_load");
  if (load || cls.starts_with("global_store") ||
      cls.starts_with("buffer_store") || cls.starts_with("flat_store") ||
      cls.starts_with("scratch_")) {
    step.kind = Step::Memory;
    if (load) {
      ++vmemLoads;
      vmemLoadBytesPerLane += widthBytes(cls);
    }
  } else if (cls.starts_with("mfma")) {
    double volume;
    double cycles = mfmaCyclesOf(cls, volume);
    step = {Step::Mfma, uint32_t(cycles)};
    ++mfmas;
    mfmaCycles += cycles;
    mfmaVolume += volume;
  } else if (vmcnt >= 0) {
    step = {Step::Wait, uint32_t(vmcnt)};
    ++vmWaits;
  } else if (cls.starts_with("valu")) {
    ++valu;
  } else if (cls == "salu") {
    ++salu;
  }
  steps.push_back(step);
}

double LoopProfile::simulate(double latency, bool repeat) const {
  std::deque<double> inFlight; // completion times, oldest first
  double t = 0, matrixFree = 0;
  auto pass = [&] {
    for (const Step &s : steps) {
      switch (s.kind) {
      case Step::Memory:
        inFlight.push_back(t + latency);
        break;
      case Step::Wait:
        while (inFlight.size() > s.value) {
          t = std::max(t, inFlight.front());
          inFlight.pop_front();
        }
        break;
      case Step::Mfma:
        t = std::max(t, matrixFree);
        matrixFree = t + s.value;
        break;
      case Step::Other:
        break;
      }
      t += 4;
    }
  };
  if (!repeat) {
    pass();
    return t;
  }
  // Long enough for a loop that keeps several passes of loads in flight to
  // reach its steady state.
  constexpr int kWarm = 8, kMeasured = 8;
  for (int i = 0; i < kWarm; ++i)
    pass();
  double start = t;
  for (int i = 0; i < kMeasured; ++i)
    pass();
  return (t - start) / kMeasured;
}

double fp4::report::kPerIteration(const LoopProfile &p, int64_t waves,
                                  int64_t tileM, int64_t tileN) {
  if (p.mfmaVolume <= 0 || tileM <= 0 || tileN <= 0)
    return 0;
  return double(waves) * p.mfmaVolume / (double(tileM) * double(tileN));
}

bool MachineModel::set(StringRef name, double value) {
  // Only the loaded latency may be 0; nothing may be negative or NaN.
  if (!(value > 0) && !(name == "loaded_latency_cycles" && value == 0))
    return false;
  if (name == "launch_us")
    launchSeconds = value * 1e-6;
  else if (name == "latency_cycles")
    latencyCycles = value;
  else if (name == "loaded_latency_cycles")
    loadedLatencyCycles = value;
  else if (name == "hbm_tbps")
    hbmBytesPerSecond = value * 1e12;
  else if (name == "cu_bytes_per_cycle")
    cuBytesPerCycle = value;
  else
    return false;
  return true;
}

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

Estimate fp4::report::estimateGemm(const KernelReport &r, const GemmLaunch &l,
                                   const MachineModel &mm) {
  Estimate e;
  const GemmShape &s = l.shape;
  // A kernel without a loop runs its whole code once.
  bool looped = r.loop.total != 0;
  const LoopProfile &p = looped ? r.profile : r.kernelProfile;
  double iterations = looped ? l.iterationsPerWave : 1;
  // HBM: A, B (each of a grouped launch's) with one E8M0 byte per 32, C;
  // each once.
  double aRows = double(l.aRowsRead ? l.aRowsRead : s.m);
  double cRows = double(l.cRowsWritten ? l.cRowsWritten : s.m);
  e.hbmBytes = aRows * s.k * l.aBytesPerElement +
               double(s.n) * s.k * l.bBytesPerElement * l.bMatrices +
               cRows * s.n * l.cBytesPerElement;
  e.hbmSeconds = e.hbmBytes / mm.hbmBytesPerSecond;
  double simds = double(mm.computeUnits) * mm.simdsPerCu;
  e.mfmaSeconds = p.mfmaCycles * iterations * l.wavesPerWorkgroup *
                  l.workgroups / (simds * mm.clockHz);

  // Residency: registers, LDS and the work-group slots of a CU.
  int64_t waves = std::max<int64_t>(l.wavesPerWorkgroup, 1);
  int64_t simdsPerCu = mm.simdsPerCu;
  int64_t perSimd = std::max<int64_t>(r.wavesPerSimdByRegisters, 1);
  int64_t byRegs = waves >= simdsPerCu ? perSimd / ceilDiv(waves, simdsPerCu)
                                       : perSimd * simdsPerCu / waves;
  int64_t resident = std::min<int64_t>(byRegs, mm.maxWorkgroupsPerCu);
  if (r.info.groupSegmentFixedSize)
    resident = std::min<int64_t>(resident, mm.ldsBytesPerCu /
                                               r.info.groupSegmentFixedSize);
  resident = std::max<int64_t>(resident, 1);

  // Work-groups go round-robin over the XCDs, then over each XCD's CUs.
  int64_t cusPerXcd = mm.computeUnits / mm.xcds;
  int64_t perXcd = ceilDiv(std::max<int64_t>(l.workgroups, 1), mm.xcds);
  int64_t perCu = ceilDiv(perXcd, cusPerXcd);
  e.rounds = ceilDiv(perCu, resident);
  e.residentWorkgroups = std::min(perCu, resident);

  // The loads' latency grows with the CUs that stream at once (queueing in
  // L2, the fabric and HBM); whole cycles.
  double busy =
      std::min<double>(std::max<int64_t>(l.workgroups, 1), mm.computeUnits) /
      mm.computeUnits;
  e.loadLatencyCycles =
      std::round(mm.latencyCycles + mm.loadedLatencyCycles * busy);
  // One wave alone, with that latency: Little's law, with the loads in
  // flight that the loop's vmcnt waits allow.
  double alone = p.simulate(e.loadLatencyCycles, looped);
  double outside = looped ? 4.0 * (r.mix.total - r.loop.total) : 0;
  double cycles = 0;
  for (int64_t round = 0; round < e.rounds; ++round) {
    int64_t groups = std::min(resident, perCu - round * resident);
    int64_t wavesPerSimd = ceilDiv(groups * waves, simdsPerCu);
    // One SIMD's cycles per iteration, by each limit.
    double mfma = wavesPerSimd * p.mfmaCycles;
    double valu = wavesPerSimd * 4.0 * (p.valu + p.mfmas);
    double issue = std::max(4.0 * p.instructions, wavesPerSimd * 4.0 * p.salu);
    double latency = alone;
    double bandwidth = double(groups) * waves * 64 * p.vmemLoadBytesPerLane /
                       mm.cuBytesPerCycle;
    // On aiter's loops the matrix-core time adds to the streaming time
    // rather than hiding under it (each stage waits for its data at a
    // barrier, then multiplies): the sum fits their measured times better
    // than the max (docs/report.md).
    double iteration = std::max({mfma, valu, issue, latency, bandwidth + mfma});
    if (round == 0) {
      e.wavesPerSimd = wavesPerSimd;
      e.mfmaCycles = mfma, e.valuCycles = valu, e.issueCycles = issue;
      e.latencyCycles = latency, e.bandwidthCycles = bandwidth;
      e.iterationCycles = iteration;
    }
    // The first loads' latency, the loop, and the code around it or the C
    // tiles' stores through the CU, whichever is longer.
    double stores = double(groups) * l.tileM * l.tileN * l.cBytesPerElement /
                    mm.cuBytesPerCycle;
    cycles += (looped ? e.loadLatencyCycles : 0) + iterations * iteration +
              std::max(outside, stores);
  }
  e.computeSeconds = cycles / mm.clockHz;
  e.floorSeconds = std::max(e.hbmSeconds, e.mfmaSeconds);
  e.modelSeconds = mm.launchSeconds + std::max(e.computeSeconds, e.hbmSeconds);

  std::pair<double, const char *> parts[] = {
      {e.mfmaCycles, "mfma"},
      {e.valuCycles, "valu"},
      {e.issueCycles, "issue"},
      {e.latencyCycles, "latency"},
      {e.bandwidthCycles + e.mfmaCycles, "bandwidth+mfma"}};
  e.bound = std::max_element(std::begin(parts), std::end(parts))->second;
  if (e.hbmSeconds > e.computeSeconds)
    e.bound = "hbm";
  return e;
}
