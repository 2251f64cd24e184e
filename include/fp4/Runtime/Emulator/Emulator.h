//===- Emulator.h - CPU emulator of amdgcn LLVM IR kernels ------*- C++ -*-===//
//
// Runs the optimized amdgcn LLVM IR of a kernel (the IR that LLVM's AMDGPU
// backend turns into the HSACO) on the host with GPU execution semantics:
// wave64, one register file and program counter per lane, lanes meeting at
// cross-lane operations, work-group barriers, LDS, bounds-checked memory and
// the gfx950 scaled MFMA / scaled conversion semantics. docs/emulator.md
// describes the model and its limits.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUNTIME_EMULATOR_EMULATOR_H
#define FP4_RUNTIME_EMULATOR_EMULATOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fp4::emu {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
};

/// Where one IR parameter of a kernel lives in the kernarg segment (as the
/// code object's metadata says: `.offset` and `.size` of the argument).
struct KernelArgSlot {
  uint32_t offset = 0;
  uint32_t size = 0;
};

/// Global memory of the emulated device. Allocations live at fake device
/// addresses (from 0x100000000000, 1 MiB-aligned, separated by unmapped
/// gaps); every access a kernel makes is checked against them. Not
/// thread-safe; do not change allocations while a launch runs.
class DeviceMemory {
public:
  DeviceMemory();
  ~DeviceMemory();
  DeviceMemory(const DeviceMemory &) = delete;
  DeviceMemory &operator=(const DeviceMemory &) = delete;

  /// Allocates `bytes` (> 0) filled with 0xCD, so that reads of memory no one
  /// wrote stand out. Returns the device address.
  llvm::Expected<uint64_t> allocate(size_t bytes);
  /// Frees the allocation that starts at `addr`.
  llvm::Error release(uint64_t addr);
  /// Host <-> device copies; the range must lie inside one allocation.
  llvm::Error write(uint64_t addr, const void *src, size_t bytes);
  llvm::Error read(uint64_t addr, void *dst, size_t bytes) const;
  llvm::Error fill(uint64_t addr, uint8_t byte, size_t bytes);

  struct Region {
    uint64_t base = 0;
    uint64_t size = 0;
    uint8_t *data = nullptr;
  };
  /// The live allocations, sorted by address (used by the interpreter).
  const std::vector<Region> &regions() const { return regions_; }

private:
  llvm::Expected<uint8_t *> locate(uint64_t addr, size_t bytes) const;
  std::vector<Region> regions_;
  uint64_t next_;
};

/// What a caller needs to know about a kernel of a Program.
struct KernelInfo {
  std::string name;
  /// Argument slots by the AMDGPU kernarg ABI (each IR parameter at its
  /// natural alignment, in order): what launch() uses when the caller gives
  /// no slots.
  std::vector<KernelArgSlot> abiArgSlots;
  uint32_t explicitKernargBytes = 0;
  /// Bytes of the kernel's static LDS variables (with their alignment).
  uint32_t staticLdsBytes = 0;
};

/// A parsed and pre-decoded LLVM IR module (text or bitcode). Immutable
/// except for the contents of the module's own global variables, which
/// persist across launches like on a GPU. One launch at a time per Program.
class Program {
public:
  struct Impl;
  static llvm::Expected<std::unique_ptr<Program>>
  load(llvm::StringRef irOrBitcode);
  ~Program();

  std::vector<std::string> kernelNames() const;
  llvm::Expected<KernelInfo> kernelInfo(llvm::StringRef name) const;
  Impl &impl() { return *impl_; }

private:
  explicit Program(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

struct LaunchOptions {
  /// Host threads running work-groups in parallel; 0 = hardware concurrency.
  unsigned threads = 0;
  /// Bytes of dynamic LDS, placed after the static LDS variables.
  uint32_t dynamicLdsBytes = 0;
  /// Offset of the implicit (hidden) argument area in the kernarg segment;
  /// default: the explicit arguments' end rounded up to 8.
  std::optional<uint32_t> implicitArgOffset;
  /// Stop with an error when one work-group executes more wave instructions
  /// than this (a runaway loop, or a spin-wait on another wave: waves of a
  /// work-group only interleave at barriers); 0 = no limit. The default is
  /// about 4000 times what a work-group of the largest problem executes.
  uint64_t maxWaveInstructionsPerGroup = uint64_t(1) << 30;
};

struct LaunchStats {
  uint64_t workGroups = 0;
  uint64_t waves = 0;
  /// Instructions executed once per wave (a group of lanes at one op).
  uint64_t waveInstructions = 0;
  /// Sum over wave instructions of the number of lanes that executed it.
  uint64_t laneInstructions = 0;
  uint64_t mfmaOps = 0;
  /// Buffer (addrspace 7/8) dwords that fell outside num_records: loads
  /// returned 0, stores were dropped (not an error; hardware semantics).
  uint64_t bufferOutOfRangeDwords = 0;
  double seconds = 0;
};

/// Runs kernel `kernelName` on a grid of `grid` work-groups of `block`
/// work-items. Each IR parameter is read from `kernarg` at its slot in
/// `argSlots` (one per IR parameter, sizes must match); an empty `argSlots`
/// uses KernelInfo::abiArgSlots. Pointer parameters are device addresses.
/// Any fault (out-of-bounds access, divergence at a cross-lane operation,
/// barrier deadlock, unsupported operation...) stops the launch and comes
/// back as an error naming the kernel, work-group, wave, lane and
/// instruction.
llvm::Error launch(Program &program, llvm::StringRef kernelName, Dim3 grid,
                   Dim3 block, llvm::ArrayRef<uint8_t> kernarg,
                   llvm::ArrayRef<KernelArgSlot> argSlots, DeviceMemory &memory,
                   const LaunchOptions &options = {},
                   LaunchStats *stats = nullptr);

} // namespace fp4::emu

#endif // FP4_RUNTIME_EMULATOR_EMULATOR_H
