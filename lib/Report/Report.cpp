//===- Report.cpp - printing and the time model -----------------*- C++ -*-===//

#include "fp4/Report/Report.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <cmath>

using namespace fp4::report;

uint64_t InstructionMix::count(llvm::StringRef cls) const {
  auto it = counts.find(cls.str());
  return it == counts.end() ? 0 : it->second;
}

uint64_t InstructionMix::countPrefix(llvm::StringRef prefix) const {
  uint64_t sum = 0;
  for (const auto &[cls, n] : counts)
    if (llvm::StringRef(cls).starts_with(prefix))
      sum += n;
  return sum;
}

Estimate fp4::report::estimateGemm(const GemmShape &s, int mfmaSize,
                                   int64_t tileM, int64_t tileN,
                                   const MachineModel &machine) {
  Estimate e;
  // bf16 A, fp4x2 B, one E8M0 byte per 32 of B, bf16 C: each once.
  e.hbmBytes = double(s.m) * s.k * 2 + double(s.n) * s.k / 2 +
               double(s.n) * s.k / 32 + double(s.m) * s.n * 2;
  e.memorySeconds = e.hbmBytes / machine.hbmBytesPerSecond;
  int64_t mfmaK = mfmaSize == 16 ? 128 : 64;
  auto pad = [](int64_t x, int64_t to) { return (x + to - 1) / to * to; };
  double mfmas = double(pad(s.m, tileM) / mfmaSize) *
                 double(pad(s.n, tileN) / mfmaSize) *
                 double(pad(s.k, mfmaK) / mfmaK);
  double cycles =
      mfmas * (mfmaSize == 16 ? machine.cyclesMfma16 : machine.cyclesMfma32);
  e.mfmaSeconds = cycles / (double(machine.computeUnits) * machine.simdsPerCu *
                            machine.clockHz);
  e.floorSeconds = std::max(e.memorySeconds, e.mfmaSeconds);
  e.modelSeconds = machine.launchSeconds + e.floorSeconds;
  return e;
}

double fp4::report::loopCyclesPerWave(const InstructionMix &loop) {
  double mfma = 16.0 * loop.countPrefix("mfma_scale 16x16x128") +
                32.0 * loop.countPrefix("mfma_scale 32x32x64") +
                32.0 * loop.count("mfma other");
  double others = 4.0 * (loop.total - loop.countPrefix("mfma"));
  return std::max(mfma, others);
}

void fp4::report::addIssueTime(Estimate &e, const InstructionMix &loop,
                               int64_t iterationsPerWave, int64_t workgroups,
                               int64_t wavesPerWorkgroup,
                               const MachineModel &machine) {
  // Waves of a CU share its 4 SIMDs; work-groups beyond one per CU queue.
  double wavesPerSimd =
      std::ceil(double(workgroups) / machine.computeUnits) *
      std::ceil(double(wavesPerWorkgroup) / machine.simdsPerCu);
  double cycles = loopCyclesPerWave(loop) * iterationsPerWave * wavesPerSimd;
  e.issueSeconds = cycles / machine.clockHz;
  e.modelSeconds =
      machine.launchSeconds + std::max(e.floorSeconds, e.issueSeconds);
}

void fp4::report::printKernelReport(const KernelReport &r,
                                    llvm::raw_ostream &os) {
  const auto &k = r.info;
  os << llvm::formatv("kernel {0}\n", k.name);
  os << llvm::formatv("  registers: {0} VGPRs ({1} AGPRs), {2} SGPRs; "
                      "spills: {3} VGPR, {4} SGPR\n",
                      k.vgprCount, k.agprCount, k.sgprCount, k.vgprSpillCount,
                      k.sgprSpillCount);
  os << llvm::formatv("  memory: LDS {0} B, scratch {1} B, kernarg {2} B\n",
                      k.groupSegmentFixedSize, k.privateSegmentFixedSize,
                      k.kernargSegmentSize);
  os << llvm::formatv("  occupancy: {0} waves/SIMD by registers",
                      r.wavesPerSimdByRegisters);
  if (r.workgroupsPerCuByLds)
    os << llvm::formatv(", {0} work-groups/CU by LDS", r.workgroupsPerCuByLds);
  os << llvm::formatv("; max work-group {0}, wave{1}\n", k.maxFlatWorkgroupSize,
                      k.wavefrontSize);
  os << llvm::formatv("  code: {0} bytes, {1} instructions\n", r.codeBytes,
                      r.mix.total);
  for (const auto &[cls, n] : r.mix.counts)
    os << llvm::formatv("    {0,-36} {1,6}\n", cls, n);
  if (r.loop.total) {
    os << llvm::formatv("  main loop: {0} instructions, {1:f0} cycles per "
                        "wave and iteration (issue bound)\n",
                        r.loop.total, loopCyclesPerWave(r.loop));
    for (const auto &[cls, n] : r.loop.counts)
      os << llvm::formatv("    {0,-36} {1,6}\n", cls, n);
  }
}

void fp4::report::printKernelReportJson(const KernelReport &r,
                                        llvm::raw_ostream &os) {
  const auto &k = r.info;
  llvm::json::Object mix;
  for (const auto &[cls, n] : r.mix.counts)
    mix[cls] = int64_t(n);
  llvm::json::Object o{{"name", k.name},
                       {"vgpr_count", int64_t(k.vgprCount)},
                       {"agpr_count", int64_t(k.agprCount)},
                       {"sgpr_count", int64_t(k.sgprCount)},
                       {"vgpr_spill_count", int64_t(k.vgprSpillCount)},
                       {"sgpr_spill_count", int64_t(k.sgprSpillCount)},
                       {"lds_bytes", int64_t(k.groupSegmentFixedSize)},
                       {"scratch_bytes", int64_t(k.privateSegmentFixedSize)},
                       {"waves_per_simd", int64_t(r.wavesPerSimdByRegisters)},
                       {"code_bytes", int64_t(r.codeBytes)},
                       {"instructions", int64_t(r.mix.total)},
                       {"mix", std::move(mix)},
                       {"loop_instructions", int64_t(r.loop.total)},
                       {"loop_cycles_per_wave", loopCyclesPerWave(r.loop)}};
  os << llvm::json::Value(std::move(o));
}
