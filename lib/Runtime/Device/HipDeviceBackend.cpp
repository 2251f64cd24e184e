//===- HipDeviceBackend.cpp - HIP as a Device -------------------*- C++ -*-===//

#include "fp4/Runtime/Device.h"
#include "fp4/Runtime/HIP.h"

#include "llvm/ADT/DenseMap.h"

using namespace fp4::runtime;
using llvm::Error;
using llvm::Expected;

namespace {
class HipLoadedModule : public LoadedModule {
public:
  HipLoadedModule(HipModule module)
      : LoadedModule(module.codeObject()), module(std::move(module)) {}
  HipModule module;
};

class HipBackend : public Device {
public:
  HipBackend(std::unique_ptr<HipDevice> device, const DeviceOptions &options)
      : device(std::move(device)), options(options) {}

  std::string describe() const override {
    return "HIP: " + device->info().name + " (" + device->info().libraryPath +
           ")";
  }
  bool isEmulator() const override { return false; }

  Expected<uint64_t> allocate(size_t bytes) override {
    auto buffer = device->allocate(bytes);
    if (!buffer)
      return buffer.takeError();
    uint64_t address = buffer->address();
    buffers.try_emplace(address, std::move(*buffer));
    return address;
  }
  Error write(uint64_t address, llvm::ArrayRef<uint8_t> bytes) override {
    auto it = buffers.find(address);
    if (it == buffers.end())
      return llvm::createStringError("no HIP buffer at this address");
    return device->copyToDevice(it->second, bytes);
  }
  Error read(uint64_t address, llvm::MutableArrayRef<uint8_t> bytes) override {
    auto it = buffers.find(address);
    if (it == buffers.end())
      return llvm::createStringError("no HIP buffer at this address");
    return device->copyFromDevice(bytes, it->second);
  }

  Expected<std::unique_ptr<LoadedModule>>
  load(const KernelImage &image) override {
    auto co = readCodeObject(image.hsaco);
    if (!co)
      return co.takeError();
    if (Error e = requireTarget(*co, options.chip))
      return std::move(e);
    auto module = device->loadModule(*co);
    if (!module)
      return module.takeError();
    return std::make_unique<HipLoadedModule>(std::move(*module));
  }

  Expected<LaunchTiming> launch(LoadedModule &module, llvm::StringRef kernel,
                                const KernargSegment &args) override {
    auto &hipModule = static_cast<HipLoadedModule &>(module);
    auto k = hipModule.module.getKernel(kernel);
    if (!k)
      return k.takeError();
    auto ms = device->launch(*k, args);
    if (!ms)
      return ms.takeError();
    LaunchTiming t;
    t.milliseconds = *ms;
    return t;
  }

private:
  std::unique_ptr<HipDevice> device;
  DeviceOptions options;
  llvm::DenseMap<uint64_t, HipBuffer> buffers;
};
} // namespace

Expected<std::unique_ptr<Device>>
fp4::runtime::createHipDevice(const DeviceOptions &options) {
  auto device = HipDevice::open();
  if (!device)
    return device.takeError();
  return std::make_unique<HipBackend>(std::move(*device), options);
}
