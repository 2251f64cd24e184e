//===- EmulatorDevice.cpp - the CPU emulator as a Device --------*- C++ -*-===//
//
// The code object is read and checked exactly as for a GPU (its metadata
// gives the kernarg layout); the kernel then runs from the device IR.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/Device.h"
#include "fp4/Runtime/Emulator/Emulator.h"

#include "llvm/Support/FormatVariadic.h"

#include <thread>

using namespace fp4::runtime;
using llvm::Error;
using llvm::Expected;

namespace {
class EmulatorModule : public LoadedModule {
public:
  EmulatorModule(CodeObject co, std::unique_ptr<fp4::emu::Program> program)
      : LoadedModule(std::move(co)), program(std::move(program)) {}
  std::unique_ptr<fp4::emu::Program> program;
};

class EmulatorDevice : public Device {
public:
  explicit EmulatorDevice(const DeviceOptions &options) : options(options) {
    threads = options.threads
                  ? options.threads
                  : std::max(1u, std::thread::hardware_concurrency());
  }

  std::string describe() const override {
    return llvm::formatv("emulator (CPU, {0} thread{1})", threads,
                         threads == 1 ? "" : "s");
  }
  bool isEmulator() const override { return true; }

  Expected<uint64_t> allocate(size_t bytes) override {
    return memory.allocate(bytes);
  }
  Error write(uint64_t address, llvm::ArrayRef<uint8_t> bytes) override {
    return memory.write(address, bytes.data(), bytes.size());
  }
  Error read(uint64_t address, llvm::MutableArrayRef<uint8_t> bytes) override {
    return memory.read(address, bytes.data(), bytes.size());
  }

  Expected<std::unique_ptr<LoadedModule>>
  load(const KernelImage &image) override {
    auto co = readCodeObject(image.hsaco);
    if (!co)
      return co.takeError();
    if (Error e = requireTarget(*co, options.chip))
      return std::move(e);
    if (image.deviceIR.empty())
      return llvm::createStringError(
          "the emulator runs the device LLVM IR kept beside the HSACO, and "
          "this kernel image has none");
    auto program = fp4::emu::Program::load(image.deviceIR);
    if (!program)
      return program.takeError();
    // The code object and the IR must describe the same kernels.
    for (const KernelInfo &k : co->kernels)
      if (!(*program)->kernelInfo(k.name))
        return llvm::createStringError(
            "kernel '" + k.name +
            "' of the code object is not in the device IR");
    return std::make_unique<EmulatorModule>(std::move(*co),
                                            std::move(*program));
  }

  Expected<LaunchTiming> launch(LoadedModule &module, llvm::StringRef kernel,
                                const KernargSegment &args) override {
    auto &emuModule = static_cast<EmulatorModule &>(module);
    auto info = module.codeObject().getKernel(kernel);
    if (!info)
      return info.takeError();
    if (Error e = checkLaunch(*info, args))
      return std::move(e);
    fp4::emu::LaunchOptions launchOptions;
    launchOptions.threads = threads;
    launchOptions.dynamicLdsBytes = args.config.dynamicLdsBytes;
    std::vector<fp4::emu::KernelArgSlot> slots;
    for (const KernargSlot &s : args.explicitSlots)
      slots.push_back({s.offset, s.size});
    const LaunchConfig &c = args.config;
    fp4::emu::LaunchStats stats;
    if (Error e = fp4::emu::launch(
            *emuModule.program, kernel, {c.grid.x, c.grid.y, c.grid.z},
            {c.block.x, c.block.y, c.block.z}, args.bytes, slots, memory,
            launchOptions, &stats))
      return std::move(e);
    LaunchTiming t;
    t.milliseconds = stats.seconds * 1e3;
    t.waveInstructions = stats.waveInstructions;
    t.laneInstructions = stats.laneInstructions;
    t.mfmaOps = stats.mfmaOps;
    return t;
  }

private:
  /// What HIP and the GPU would refuse, checked from the code object as the
  /// HIP backend does (HipDevice::checkLaunch) with gfx950's limits: the
  /// emulator runs the device IR, whose own LDS use it checks again, but a
  /// launch that cannot run on the chip must not pass here.
  static Error checkLaunch(const KernelInfo &info, const KernargSegment &args) {
    if (args.kernelName != info.name)
      return llvm::createStringError("kernarg segment was packed for '" +
                                     args.kernelName + "', not '" + info.name +
                                     "'");
    if (args.bytes.size() < info.kernargSegmentSize)
      return llvm::createStringError(llvm::formatv(
          "kernarg segment for '{0}' has {1} bytes, the kernel needs {2}",
          info.name, args.bytes.size(), info.kernargSegmentSize));
    if (Error e = checkLaunchConfig(info, args.config))
      return e;
    std::string what = "launch of '" + info.name + "' on the emulator (gfx950)";
    uint64_t lds = info.groupSegmentFixedSize + args.config.dynamicLdsBytes;
    if (lds > kLdsBytes)
      return llvm::createStringError(llvm::formatv(
          "{0}: needs {1} bytes of LDS ({2} fixed + {3} dynamic), the chip "
          "has {4}",
          what, lds, info.groupSegmentFixedSize, args.config.dynamicLdsBytes,
          kLdsBytes));
    if (info.wavefrontSize != 64)
      return llvm::createStringError(
          llvm::formatv("{0}: kernel is compiled for wave{1}, the chip runs "
                        "wave64",
                        what, info.wavefrontSize));
    return Error::success();
  }

  /// LDS per work-group of gfx950 (what the emulator also enforces).
  static constexpr uint64_t kLdsBytes = 160 * 1024;

  DeviceOptions options;
  unsigned threads;
  fp4::emu::DeviceMemory memory;
};
} // namespace

Expected<std::unique_ptr<Device>>
fp4::runtime::createEmulatorDevice(const DeviceOptions &options) {
  if (options.chip != "gfx950")
    return llvm::createStringError("the emulator models gfx950 only, not '" +
                                   options.chip + "'");
  return std::make_unique<EmulatorDevice>(options);
}
