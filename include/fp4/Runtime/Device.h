//===- Device.h - one interface over HIP and the emulator -------*- C++ -*-===//
//
// What a launcher needs from a backend: memory, code objects, launches. The
// HIP backend runs the HSACO on an MI3xx GPU; the emulator backend runs the
// device LLVM IR the HSACO was compiled from on the CPU. Both take the same
// kernarg segment, packed from the code object's metadata.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_RUNTIME_DEVICE_H
#define FP4_RUNTIME_DEVICE_H

#include "fp4/Runtime/CodeObject.h"
#include "fp4/Runtime/KernelArgs.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace fp4::runtime {

/// A compiled kernel module: the HSACO and the optimized device LLVM IR that
/// the AMDGPU backend compiled into it (the emulator runs the IR).
struct KernelImage {
  llvm::ArrayRef<uint8_t> hsaco;
  llvm::StringRef deviceIR;
};

/// A kernel image loaded on a device.
class LoadedModule {
public:
  virtual ~LoadedModule();
  const CodeObject &codeObject() const { return co; }

protected:
  explicit LoadedModule(CodeObject co) : co(std::move(co)) {}
  CodeObject co;
};

struct LaunchTiming {
  /// Wall time of the launch: GPU time from HIP events, or host time of the
  /// emulation (which says nothing about GPU speed).
  double milliseconds = 0;
  /// Emulator statistics; zero on HIP.
  uint64_t waveInstructions = 0;
  uint64_t laneInstructions = 0;
  uint64_t mfmaOps = 0;
};

enum class DeviceKind { Auto, Hip, Emulator };

struct DeviceOptions {
  DeviceKind kind = DeviceKind::Auto;
  /// Emulator: host threads (0 = all cores).
  unsigned threads = 0;
  /// The chip code objects must be built for.
  std::string chip = "gfx950";
};

class Device {
public:
  virtual ~Device();
  /// One line saying what this is ("emulator (CPU, 2 threads)", "HIP: AMD
  /// Instinct MI355X").
  virtual std::string describe() const = 0;
  virtual bool isEmulator() const = 0;

  virtual llvm::Expected<uint64_t> allocate(size_t bytes) = 0;
  virtual llvm::Error write(uint64_t address,
                            llvm::ArrayRef<uint8_t> bytes) = 0;
  virtual llvm::Error read(uint64_t address,
                           llvm::MutableArrayRef<uint8_t> bytes) = 0;

  /// Validates the code object (ELF, metadata, target) and loads it.
  virtual llvm::Expected<std::unique_ptr<LoadedModule>>
  load(const KernelImage &image) = 0;

  /// Runs `kernel` of `module` with a segment packed by KernelArgPacker.
  virtual llvm::Expected<LaunchTiming> launch(LoadedModule &module,
                                              llvm::StringRef kernel,
                                              const KernargSegment &args) = 0;
};

/// The CPU emulator backend. It models gfx950 (its ISA, wave64, 160 KiB of
/// LDS) and nothing else: asking it for another chip is an error rather than
/// a run under gfx950's rules.
llvm::Expected<std::unique_ptr<Device>>
createEmulatorDevice(const DeviceOptions &options);

/// The HIP backend; fails (with the reason) where no HIP runtime or no AMD
/// GPU is present.
llvm::Expected<std::unique_ptr<Device>>
createHipDevice(const DeviceOptions &options);

/// `options.kind`: Hip or Emulator as asked; Auto takes a GPU when HIP
/// opens one and the emulator otherwise. `fallbackReason`, when given, gets
/// why Auto did not pick HIP.
llvm::Expected<std::unique_ptr<Device>>
openDevice(const DeviceOptions &options, std::string *fallbackReason = nullptr);

} // namespace fp4::runtime

#endif // FP4_RUNTIME_DEVICE_H
