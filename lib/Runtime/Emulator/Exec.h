//===- Exec.h - Execution state of the emulator ----------------*- C++ -*-===//
//
// Runtime structures of a launch: the address map, work-groups, waves,
// call frames and the per-thread interpreter (WaveExec).
//
// Scheduling inside a wave: lanes that share a frame and a program counter
// form a group and execute together, one op at a time (lockstep, like the
// hardware under EXEC). A divergent branch splits the group; the scheduler
// then runs the group with the deepest frame and the smallest pc first,
// which reconverges structured control flow because blocks are laid out in
// reverse post-order. A cross-lane op or barrier runs only once every live
// lane of the wave has arrived at it; otherwise the lanes park there and the
// others run; if nothing can run any more, that is a divergence error.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_RUNTIME_EMULATOR_EXEC_H
#define FP4_LIB_RUNTIME_EMULATOR_EXEC_H

#include "Internal.h"

#include <atomic>
#include <mutex>

namespace fp4::emu {

struct MemRegion {
  uint64_t base = 0, size = 0;
  uint8_t *data = nullptr;
  bool writable = true;
  const char *what = "allocation";
};

/// State shared by all threads of one launch.
struct LaunchCtx {
  Program::Impl *prog = nullptr;
  const KernelCode *kernel = nullptr;
  Dim3 grid, block;
  LaunchOptions opts;
  uint32_t ldsBytes = 0;
  std::vector<MemRegion> regions; // sorted by base
  std::vector<uint8_t> kernargSeg, dispatchPacket;
  uint64_t implicitArgAddr = 0;
  /// Slot values of each kernel parameter (uniform across lanes).
  std::vector<std::vector<uint64_t>> argValues;

  std::atomic<bool> abort{false};
  std::mutex errMu;
  std::string error; // first error
  std::mutex atomicMu[64];

  std::atomic<uint64_t> waveInstrs{0}, laneInstrs{0}, mfmas{0}, bufOOB{0},
      waves{0};

  void setError(std::string msg) {
    std::lock_guard<std::mutex> g(errMu);
    if (error.empty())
      error = std::move(msg);
    abort = true;
  }
};

struct Frame {
  const FuncCode *fn = nullptr;
  std::vector<uint64_t> regs; // numSlots * kWave, slot-major
  Frame *caller = nullptr;
  uint32_t callPc = 0;
  uint32_t depth = 0;
  uint64_t lanes = 0; // lanes with this frame on their call stack
  uint32_t privSp[kWave];
  uint32_t privObjs[kWave];
};

struct PrivObj {
  uint32_t begin, end;
};

enum class WaveState : uint8_t { Ready, Blocked, Done };

struct Wave {
  unsigned id = 0;
  uint64_t active = 0;  // lanes that are work-items
  uint64_t exited = 0;  // lanes that returned from the kernel
  uint64_t running = 0; // lanes that can execute (not parked, not exited)
  Frame *laneFrame[kWave];
  uint32_t lanePc[kWave];
  uint32_t lid[3][kWave];
  // Current group.
  bool hasGroup = false;
  Frame *gf = nullptr;
  uint32_t gpc = 0;
  uint64_t gmask = 0;
  // Barriers: each arrival signals; a wait needs every wave's signals.
  WaveState state = WaveState::Ready;
  uint64_t signals = 0, waitTarget = 0;
  uint32_t blockedPc = 0; // for diagnostics
  const FuncCode *blockedFn = nullptr;
  // Private memory: one arena per lane.
  std::vector<uint8_t> priv[kWave];
  uint32_t privSp[kWave];
  std::vector<PrivObj> privObjs[kWave];
  // Frames owned by this wave (reused across work-groups).
  std::vector<std::unique_ptr<Frame>> frames;
  std::vector<Frame *> freeFrames;
};

struct WorkGroup {
  uint32_t id[3] = {0, 0, 0};
  std::vector<uint8_t> lds;
  std::vector<std::unique_ptr<Wave>> waves;
  unsigned numWaves = 0;
  uint64_t instrs = 0;
};

enum class Status : uint8_t { Continue, Blocked, Done, Error };

/// Interprets the waves of one work-group at a time; one per host thread.
class WaveExec {
public:
  explicit WaveExec(LaunchCtx &ctx) : ctx(ctx) {}
  /// Runs one work-group to completion; false on error (ctx.error set).
  bool runWorkGroup(WorkGroup &wg);

private:
  Status runWave(Wave &w);
  Status execGroup(Wave &w);
  void initWave(Wave &w, unsigned index, unsigned firstItem, unsigned items);
  Frame *newFrame(Wave &w, const FuncCode &fn, uint32_t funcIndex);
  void freeFrame(Wave &w, Frame *f);
  void dissolve(Wave &w, Frame *f, uint32_t pc, uint64_t m);
  Status divergenceError(Wave &w);
  Status deadlockError(WorkGroup &wg);
  /// Records an error that no single instruction caused.
  Status failNoInst(const std::string &msg);

  // Memory.cpp
  uint8_t *resolve(unsigned as, uint64_t addr, uint64_t size, bool write,
                   unsigned lane, const Op &op);
  uint8_t *resolveGlobal(uint64_t addr, uint64_t size, bool write,
                         unsigned lane, const Op &op, const char *space);
  /// Runs one of FP4_EMU_MEMORY_OPCODES through its do<Name> below.
  bool doMemory(const Op &op, uint64_t *R, uint64_t M);
  bool doLoad(const Op &op, uint64_t *R, uint64_t M);
  bool doStore(const Op &op, uint64_t *R, uint64_t M);
  bool loadOrStore(const Op &op, uint64_t *R, uint64_t M, bool write);
  bool doAlloca(const Op &op, uint64_t *R, uint64_t M);
  bool doAtomicRMW(const Op &op, uint64_t *R, uint64_t M);
  bool doCmpXchg(const Op &op, uint64_t *R, uint64_t M);
  bool doMemCpy(const Op &op, uint64_t *R, uint64_t M);
  bool doMemSet(const Op &op, uint64_t *R, uint64_t M);
  bool doBufLoad(const Op &op, uint64_t *R, uint64_t M);
  bool doBufStore(const Op &op, uint64_t *R, uint64_t M);
  bool doBufAtomic(const Op &op, uint64_t *R, uint64_t M);
  bool doLoadToLds(const Op &op, uint64_t *R, uint64_t M);
  bool bufferAccess(const Op &op, unsigned lane, uint64_t rsrc0, uint64_t rsrc1,
                    uint64_t voffset, uint64_t soffset, uint32_t size,
                    bool write, uint8_t *bytes);
  /// Loads (or stores) `lay` for the lanes of M between the slots from
  /// `value` on and a buffer: the V# in slots rsrc and rsrc + 1, offsets
  /// voffset and soffset (none: 0).
  bool bufferLanes(const Op &op, uint64_t *R, uint64_t M, const TypeLayout &lay,
                   bool write, uint32_t value, const uint64_t *rsrc,
                   const uint64_t *voffset, const uint64_t *soffset);
  /// The lock an atomic at host pointer p (device address addr) holds.
  std::unique_lock<std::mutex> atomicLock(const uint8_t *p, uint64_t addr);
  void popPrivate(Wave &w, const Frame &f, uint64_t m);

  // CrossLane.cpp
  bool doCrossLane(const Op &op, uint64_t *R, uint64_t M);
  bool doMfma(const Op &op, uint64_t *R, uint64_t M);
  bool doCvtTrunc(const Op &op, uint64_t *R, uint64_t M, bool full);
  bool doCvtExt(const Op &op, uint64_t *R, uint64_t M, bool full);

  /// Records an error for `lane` at `op` and returns false.
  bool fail(const Op &op, int lane, const std::string &msg);
  std::string where(int lane) const;

  LaunchCtx &ctx;
  WorkGroup *wg = nullptr;
  Wave *wave = nullptr;
  const FuncCode *curFn = nullptr;
  size_t lastRegion = 0;
};

} // namespace fp4::emu

#endif // FP4_LIB_RUNTIME_EMULATOR_EXEC_H
