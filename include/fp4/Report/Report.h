//===- Report.h - static report of gfx950 code objects ----------*- C++ -*-===//
//
// What a code object says about its kernels without running them: resource
// use from the metadata, occupancy, the instruction mix (disassembled with
// LLVM's AMDGPU disassembler) and, for a given GEMM shape, the bytes it must
// move and a modeled MI355X time (model v2, calibrated on aiter's measured
// kernel times). docs/report.md explains the model and its constants.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REPORT_REPORT_H
#define FP4_REPORT_REPORT_H

#include "fp4/Report/ModelConstants.h"
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
/// "buffer_load_lds b32", "s_waitcnt", "s_barrier", "valu", "salu".
struct InstructionMix {
  std::map<std::string, uint64_t> counts;
  uint64_t total = 0;
  uint64_t count(llvm::StringRef cls) const;
  /// Sum over the classes starting with `prefix`.
  uint64_t countPrefix(llvm::StringRef prefix) const;
};

/// What the model needs to know about one wave's pass through the K loop
/// (or through a whole kernel).
struct LoopProfile {
  /// The instructions in order, as far as the latency simulation needs them:
  /// memory operations counted by vmcnt, vmcnt waits, MFMAs, the rest.
  struct Step {
    enum Kind : uint8_t { Other, Memory, Wait, Mfma } kind;
    uint32_t value; // Wait: its vmcnt; Mfma: its matrix-core cycles
  };
  std::vector<Step> steps;
  /// Global/buffer/flat loads (into VGPRs or straight into LDS), and the
  /// bytes they move per lane.
  uint64_t vmemLoads = 0;
  uint64_t vmemLoadBytesPerLane = 0;
  /// The s_waitcnt instructions that wait on vmcnt.
  uint64_t vmWaits = 0;
  /// Matrix-core cycles of the MFMAs, from LLVM's gfx950 scheduling model
  /// (SISchedule.td): 16x16x128 f8f6f4 is 4 passes, 8 when A or B is
  /// fp8/bf8; 32x32x64 is 8 or 16; a pass is 4 cycles. Other MFMAs: 8 passes.
  double mfmaCycles = 0;
  /// Sum of m*n*k over the MFMAs (the K a wave covers per iteration follows
  /// from it and the tile).
  double mfmaVolume = 0;
  uint64_t instructions = 0, mfmas = 0, valu = 0, salu = 0;

  /// Adds one instruction of class `cls` (InstructionMix's classes); `vmcnt`
  /// is the vmcnt an s_waitcnt waits for, or -1.
  void add(llvm::StringRef cls, int vmcnt);

  /// Cycles one wave running alone takes per pass, when each memory
  /// operation completes `latency` cycles after it issues and the wave
  /// issues one instruction per 4 cycles, each MFMA when the previous one
  /// has left the matrix core, and stops at each vmcnt wait until enough
  /// operations have completed. `repeat`: the steady state of the loop run
  /// over and over (loads left in flight carry into the next pass);
  /// otherwise one pass from an idle start.
  double simulate(double latency, bool repeat) const;
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
  LoopProfile profile;
  /// The same for the whole kernel (the model's stand-in for a kernel
  /// without a loop, e.g. one whose K loop was unrolled completely).
  LoopProfile kernelProfile;
};

/// Reads, validates and disassembles every kernel of `hsaco` (gfx950).
/// What the reader tolerates (docs/runtime.md, and a kernel symbol of size
/// 0) is appended to `warnings` when given.
llvm::Expected<std::vector<KernelReport>>
analyzeCodeObject(llvm::ArrayRef<uint8_t> hsaco,
                  std::vector<std::string> *warnings = nullptr);

/// MI355X (gfx950) figures. The physical ones come from AMD's published
/// specifications; the four marked "fitted" are fitted by
/// bench/fit_model.py on aiter's measured kernel times (ModelConstants.h).
struct MachineModel {
  double clockHz = 2.4e9;
  unsigned computeUnits = 256;
  unsigned xcds = 8; // work-groups go round-robin over the XCDs
  unsigned simdsPerCu = 4;
  unsigned maxWorkgroupsPerCu = 16;
  uint64_t ldsBytesPerCu = 160 * 1024;
  /// Fitted: launch and timing overhead of one kernel, end to end.
  double launchSeconds = fitted::kLaunchMicroseconds * 1e-6;
  /// Fitted: a global load's latency in cycles is latencyCycles +
  /// loadedLatencyCycles * (CUs with work / all CUs): it grows with the
  /// number of CUs that stream at once.
  double latencyCycles = fitted::kLatencyCycles;
  double loadedLatencyCycles = fitted::kLoadedLatencyCycles;
  /// Fitted: bytes per cycle one CU takes in from L2 and the fabric.
  double cuBytesPerCycle = fitted::kCuBytesPerCycle;
  /// Not fitted (the fit hardly depends on it): 6 TB/s of the 8 TB/s peak;
  /// the fastest of aiter's measured rows moves 5.5 TB/s.
  double hbmBytesPerSecond = 6.0e12;

  /// Sets the constant named `name` ("launch_us", "latency_cycles",
  /// "loaded_latency_cycles", "cu_bytes_per_cycle", "hbm_tbps"); false if
  /// there is no such constant.
  bool set(llvm::StringRef name, double value);
};

struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
};

/// How a GEMM kernel is launched on a shape.
struct GemmLaunch {
  GemmShape shape;
  int64_t tileM = 0, tileN = 0;
  int64_t workgroups = 0;
  int64_t wavesPerWorkgroup = 0;
  /// Trips of the K loop each wave makes (fractional when the loop is
  /// unrolled with exits between its stages, as aiter's are).
  double iterationsPerWave = 0;
  /// HBM bytes per element of A: 2 for bf16 (ours, the Triton peer), 0.5 +
  /// 1/32 for fp4 with its E8M0 scales (aiter's a4w4), 1 + 1/32 for fp8,
  /// 0.75 + 1/32 for fp6.
  double aBytesPerElement = 2;
  /// HBM bytes per element of B: fp4 (the problem's), fp6 or fp8, with its
  /// E8M0 scales.
  double bBytesPerElement = 0.5 + 1.0 / 32;
  /// Distinct [N, K] B matrices the launch reads from HBM: 1 for a GEMM; a
  /// grouped launch (an MoE stage) reads each B of each expert that has
  /// rows, once (the row blocks of one expert share it through L2).
  double bMatrices = 1;
  /// Rows of A the launch reads from HBM (0: M). A gathered launch (MoE
  /// stage 1) reads each token's row from HBM once; its other reads of the
  /// row (one per routed pair, per column tile) hit the caches.
  int64_t aRowsRead = 0;
  /// Rows of C the launch writes (0: M). A scattered launch (MoE stage 2)
  /// adds one row per routed pair; its row blocks' padding rows write
  /// nothing.
  int64_t cRowsWritten = 0;
  /// HBM bytes per element of C: 2 for bf16, 4 for f32 (also an f32 sum
  /// added into with atomics), 0.5 + 1/32 for a quantized fp4 output.
  double cBytesPerElement = 2;
};

struct Estimate {
  double hbmBytes = 0; // A, fp4 B with its scales, bf16 C: each once
  double hbmSeconds = 0;
  double mfmaSeconds = 0;       // all the kernel's MFMAs over all SIMDs
  double loadLatencyCycles = 0; // the latency at this launch's load
  double floorSeconds = 0;      // max(hbm, mfma): the roofline floor
  /// Work-groups resident per CU at once, waves per SIMD, and rounds of
  /// work-groups the busiest CU runs one after another.
  int64_t residentWorkgroups = 0, wavesPerSimd = 0, rounds = 0;
  /// Cycles per K-loop iteration of one SIMD, by what bounds them.
  double mfmaCycles = 0, valuCycles = 0, issueCycles = 0, latencyCycles = 0,
         bandwidthCycles = 0, iterationCycles = 0;
  std::string bound;         // the largest of the five, or "hbm"
  double computeSeconds = 0; // all rounds on the busiest CU
  double modelSeconds = 0;   // launch + max(compute, hbm)
};

/// Model v2 (docs/report.md) of one GEMM launch of the kernel `r`.
Estimate estimateGemm(const KernelReport &r, const GemmLaunch &launch,
                      const MachineModel &machine = {});

/// The K one iteration of the kernel's loop covers for a work-group of
/// `waves` waves computing a tileM x tileN tile: waves * mfmaVolume / tile.
/// 0 if the loop has no MFMAs.
double kPerIteration(const LoopProfile &profile, int64_t waves, int64_t tileM,
                     int64_t tileN);

/// Prints a kernel's report as text.
void printKernelReport(const KernelReport &report, llvm::raw_ostream &os);

/// Prints a kernel's report as one JSON object.
void printKernelReportJson(const KernelReport &report, llvm::raw_ostream &os);

} // namespace fp4::report

#endif // FP4_REPORT_REPORT_H
