//===- Report.cpp - printing a kernel's report ------------------*- C++ -*-===//

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
    const LoopProfile &p = r.profile;
    os << llvm::formatv("  main loop: {0} instructions; per wave: {1} loads "
                        "of {2} bytes per lane, {3} vmcnt waits, {4:f0} MFMA "
                        "cycles, {5} VALU, {6} SALU\n",
                        r.loop.total, p.vmemLoads, p.vmemLoadBytesPerLane,
                        p.vmWaits, p.mfmaCycles, p.valu, p.salu);
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
  // The loop's steps for the latency simulation: o(ther), m(emory),
  // w<vmcnt>, x<MFMA cycles> (bench/fit_model.py replays them).
  std::string steps;
  for (const LoopProfile::Step &s : r.profile.steps) {
    if (!steps.empty())
      steps += ' ';
    switch (s.kind) {
    case LoopProfile::Step::Other:
      steps += 'o';
      break;
    case LoopProfile::Step::Memory:
      steps += 'm';
      break;
    case LoopProfile::Step::Wait:
      steps += "w" + std::to_string(s.value);
      break;
    case LoopProfile::Step::Mfma:
      steps += "x" + std::to_string(s.value);
      break;
    }
  }
  llvm::json::Object o{
      {"name", k.name},
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
      {"loop_vmem_loads", int64_t(r.profile.vmemLoads)},
      {"loop_load_bytes_per_lane", int64_t(r.profile.vmemLoadBytesPerLane)},
      {"loop_vm_waits", int64_t(r.profile.vmWaits)},
      {"loop_mfma_cycles", r.profile.mfmaCycles},
      {"loop_mfma_volume", r.profile.mfmaVolume},
      {"loop_mfmas", int64_t(r.profile.mfmas)},
      {"loop_steps", steps},
      {"loop_valu", int64_t(r.profile.valu)},
      {"loop_salu", int64_t(r.profile.salu)}};
  os << llvm::json::Value(std::move(o));
}
