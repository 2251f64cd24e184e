//===- Report.h - static report of gfx950 code objects ----------*- C++ -*-===//
//
// What a code object says about its kernels without running them: resource
// use from the metadata, occupancy, the instruction mix (disassembled with
// LLVM's AMDGPU disassembler) and, for a given GEMM shape, the bytes it must
// move and a modeled MI355X time. docs/report.md explains the model.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REPORT_REPORT_H
#define FP4_REPORT_REPORT_H

#include "fp4/Runtime/CodeObject.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fp4::report {

/// Instruction counts by class. The classes are stable strings, e.g.
/// "mfma_scale 16x16x128 fp4*fp4", "global_load b128", "ds_read b64",
/// "buffer_load b32", "s_waitcnt", "s_barrier", "valu", "salu".
struct InstructionMix {
  std::map<std::string, uint64_t> counts;
  uint64_t total = 0;
  uint64_t count(llvm::StringRef cls) const;
  /// Sum over the classes starting with `prefix`.
  uint64_t countPrefix(llvm::StringRef prefix) const;
};

struct KernelReport {
  runtime::KernelInfo info;
  /// Waves per SIMD the registers allow (gfx950: 512 VGPRs+AGPRs per lane,
  /// granule 8; at most 8 waves).
  unsigned wavesPerSimdByRegisters = 0;
  /// Work-groups per CU the LDS allows (160 KiB per CU), 0 if no LDS.
  unsigned workgroupsPerCuByLds = 0;
  uint64_t codeBytes = 0;
  InstructionMix mix;
  /// The instructions of the largest loop (the span of the backward branch
  /// that covers the most code): for a GEMM, its K loop.
  InstructionMix loop;
};

/// Reads, validates and disassembles every kernel of `hsaco` (gfx950).
llvm::Expected<std::vector<KernelReport>>
analyzeCodeObject(llvm::ArrayRef<uint8_t> hsaco);

/// The MI355X figures the model uses (docs/report.md gives their sources).
struct MachineModel {
  double hbmBytesPerSecond = 7.1e12; // measured by others; 8 TB/s peak
  double clockHz = 2.4e9;
  unsigned computeUnits = 256;
  unsigned simdsPerCu = 4;
  /// Cycles of one 16x16x128 fp4 scaled MFMA (4 passes); 32x32x64: 8 passes.
  double cyclesMfma16 = 16, cyclesMfma32 = 32;
  /// A kernel launch plus the first wave's memory latency, end to end.
  double launchSeconds = 4.0e-6;
};

struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
};

/// Cycles one wave spends per iteration of `loop`, from issue rates: VALU
/// and SALU 4 cycles per wave64 instruction (16 lanes per cycle), scaled
/// MFMAs 16 (16x16x128) or 32 (32x32x64) cycles of the matrix core, memory
/// instructions 4 to issue; the MFMA work overlaps the rest. A lower bound.
double loopCyclesPerWave(const InstructionMix &loop);

struct Estimate {
  double hbmBytes = 0; // bf16 A + fp4 B + B scales + bf16 C, once each
  double memorySeconds = 0;
  double mfmaSeconds =
      0; // the MFMA work of the padded tile grid over all SIMDs
  double floorSeconds = 0; // max(memory, mfma): the roofline floor
  double modelSeconds = 0; // launch + max(floor, issue)
  double issueSeconds = 0; // per-wave issue time of the K loop, if known
};

/// Models one GEMM kernel of `shape` computed with MFMAs of `mfmaSize` (16
/// or 32) on tiles of tileM x tileN.
Estimate estimateGemm(const GemmShape &shape, int mfmaSize, int64_t tileM,
                      int64_t tileN, const MachineModel &machine = {});

/// Adds the issue time of `iterationsPerWave` iterations of the K loop,
/// `waves` waves of `workgroups` work-groups spread over the CUs (each CU
/// runs its work-groups' waves on 4 SIMDs), to `e`.
void addIssueTime(Estimate &e, const InstructionMix &loop,
                  int64_t iterationsPerWave, int64_t workgroups,
                  int64_t wavesPerWorkgroup, const MachineModel &machine = {});

/// Prints a kernel's report as text.
void printKernelReport(const KernelReport &report, llvm::raw_ostream &os);

/// Prints a kernel's report as one JSON object.
void printKernelReportJson(const KernelReport &report, llvm::raw_ostream &os);

} // namespace fp4::report

#endif // FP4_REPORT_REPORT_H
