//===- Device.cpp - choosing a backend --------------------------*- C++ -*-===//

#include "fp4/Runtime/Device.h"

using namespace fp4::runtime;

LoadedModule::~LoadedModule() = default;
Device::~Device() = default;

llvm::Expected<std::unique_ptr<Device>>
fp4::runtime::openDevice(const DeviceOptions &options,
                         std::string *fallbackReason) {
  switch (options.kind) {
  case DeviceKind::Emulator:
    return createEmulatorDevice(options);
  case DeviceKind::Hip:
    return createHipDevice(options);
  case DeviceKind::Auto:
    break;
  }
  auto hip = createHipDevice(options);
  if (hip)
    return hip;
  std::string reason = llvm::toString(hip.takeError());
  if (fallbackReason)
    *fallbackReason = reason;
  return createEmulatorDevice(options);
}
