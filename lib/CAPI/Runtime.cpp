//===- Runtime.cpp - C API: code objects, devices, launches -----*- C++ -*-===//

#include "fp4-c/Runtime.h"

#include "Utils.h"

#include "fp4/Runtime/CodeObject.h"
#include "fp4/Runtime/Device.h"
#include "fp4/Runtime/KernelArgs.h"

#include <cstring>
#include <memory>

using namespace mlir::fp4;
namespace rt = ::fp4::runtime;

namespace {
struct DeviceData {
  std::unique_ptr<rt::Device> device;
  std::string description, fallbackReason;
};
struct KernelArgsData {
  explicit KernelArgsData(const rt::KernelInfo &kernel)
      : kernel(kernel), packer(kernel) {}
  const rt::KernelInfo &kernel;
  rt::KernelArgPacker packer;
};
} // namespace

static const rt::CodeObject &unwrap(Fp4CodeObject c) {
  return *static_cast<const rt::CodeObject *>(c.ptr);
}
static DeviceData &unwrap(Fp4Device d) {
  return *static_cast<DeviceData *>(d.ptr);
}
static rt::LoadedModule &unwrap(Fp4LoadedModule m) {
  return *static_cast<rt::LoadedModule *>(m.ptr);
}
static KernelArgsData &unwrap(Fp4KernelArgs a) {
  return *static_cast<KernelArgsData *>(a.ptr);
}

//===----------------------------------------------------------------------===//
// Code objects
//===----------------------------------------------------------------------===//

Fp4Status fp4CodeObjectRead(const void *bytes, size_t size,
                            Fp4CodeObject *codeObject) {
  *codeObject = Fp4CodeObject{nullptr};
  if (!bytes && size)
    return capi::makeError("no code object bytes (null pointer)");
  auto co = rt::readCodeObject(
      llvm::ArrayRef<uint8_t>(static_cast<const uint8_t *>(bytes), size));
  if (!co)
    return capi::makeStatus(co.takeError());
  *codeObject = Fp4CodeObject{new rt::CodeObject(std::move(*co))};
  return Fp4Status{nullptr};
}

void fp4CodeObjectDestroy(Fp4CodeObject codeObject) {
  delete static_cast<rt::CodeObject *>(codeObject.ptr);
}

MlirStringRef fp4CodeObjectGetProcessor(Fp4CodeObject codeObject) {
  return capi::toMlirStringRef(unwrap(codeObject).processor);
}

MlirStringRef fp4CodeObjectGetTargetId(Fp4CodeObject codeObject) {
  return capi::toMlirStringRef(unwrap(codeObject).targetId);
}

unsigned fp4CodeObjectGetVersion(Fp4CodeObject codeObject) {
  return unwrap(codeObject).version;
}

Fp4Status fp4CodeObjectRequireTarget(Fp4CodeObject codeObject,
                                     MlirStringRef chip) {
  return capi::makeStatus(
      rt::requireTarget(unwrap(codeObject), capi::toStringRef(chip)));
}

intptr_t fp4CodeObjectGetNumKernels(Fp4CodeObject codeObject) {
  return unwrap(codeObject).kernels.size();
}

Fp4KernelInfo fp4CodeObjectGetKernel(Fp4CodeObject codeObject, intptr_t pos) {
  const rt::KernelInfo &k = unwrap(codeObject).kernels.at(pos);
  Fp4KernelInfo info;
  info.name = capi::toMlirStringRef(k.name);
  info.symbol = capi::toMlirStringRef(k.symbol);
  info.kernargSegmentSize = k.kernargSegmentSize;
  info.kernargSegmentAlign = k.kernargSegmentAlign;
  info.ldsBytes = k.groupSegmentFixedSize;
  info.scratchBytes = k.privateSegmentFixedSize;
  info.wavefrontSize = k.wavefrontSize;
  info.maxFlatWorkgroupSize = k.maxFlatWorkgroupSize;
  info.sgprCount = k.sgprCount;
  info.vgprCount = k.vgprCount;
  info.agprCount = k.agprCount;
  info.sgprSpillCount = k.sgprSpillCount;
  info.vgprSpillCount = k.vgprSpillCount;
  info.numArgs = k.args.size();
  info.numExplicitArgs = k.explicitArgs().size();
  return info;
}

intptr_t fp4CodeObjectLookupKernel(Fp4CodeObject codeObject,
                                   MlirStringRef name) {
  const auto &kernels = unwrap(codeObject).kernels;
  for (size_t i = 0; i < kernels.size(); ++i)
    if (kernels[i].name == capi::toStringRef(name))
      return i;
  return -1;
}

Fp4KernelArgInfo fp4CodeObjectGetKernelArg(Fp4CodeObject codeObject,
                                           intptr_t kernel, intptr_t arg) {
  const rt::KernelArgInfo &a =
      unwrap(codeObject).kernels.at(kernel).args.at(arg);
  Fp4KernelArgInfo info;
  info.name = capi::toMlirStringRef(a.name);
  info.valueKind = capi::toMlirStringRef(a.valueKind);
  info.addressSpace = capi::toMlirStringRef(a.addressSpace);
  info.offset = a.offset;
  info.size = a.size;
  info.isHidden = a.isHidden();
  return info;
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

Fp4DeviceOptions fp4DeviceOptionsGetDefault() {
  return Fp4DeviceOptions{FP4_DEVICE_AUTO, 0, MlirStringRef{"gfx950", 6}};
}

Fp4Status fp4DeviceOpen(Fp4DeviceOptions options, Fp4Device *device) {
  *device = Fp4Device{nullptr};
  rt::DeviceOptions o;
  switch (capi::enumValue(options.kind)) {
  case FP4_DEVICE_AUTO:
    o.kind = rt::DeviceKind::Auto;
    break;
  case FP4_DEVICE_HIP:
    o.kind = rt::DeviceKind::Hip;
    break;
  case FP4_DEVICE_EMULATOR:
    o.kind = rt::DeviceKind::Emulator;
    break;
  default:
    return capi::makeError("unknown device kind " +
                           llvm::Twine(capi::enumValue(options.kind)) +
                           "; use FP4_DEVICE_AUTO, FP4_DEVICE_HIP or "
                           "FP4_DEVICE_EMULATOR");
  }
  o.threads = options.threads;
  if (!capi::toStringRef(options.chip).empty())
    o.chip = capi::toStringRef(options.chip).str();
  auto data = std::make_unique<DeviceData>();
  auto opened = rt::openDevice(o, &data->fallbackReason);
  if (!opened)
    return capi::makeStatus(opened.takeError());
  data->device = std::move(*opened);
  data->description = data->device->describe();
  *device = Fp4Device{data.release()};
  return Fp4Status{nullptr};
}

void fp4DeviceDestroy(Fp4Device device) {
  delete static_cast<DeviceData *>(device.ptr);
}

MlirStringRef fp4DeviceGetDescription(Fp4Device device) {
  return capi::toMlirStringRef(unwrap(device).description);
}

bool fp4DeviceIsEmulator(Fp4Device device) {
  return unwrap(device).device->isEmulator();
}

MlirStringRef fp4DeviceGetFallbackReason(Fp4Device device) {
  return capi::toMlirStringRef(unwrap(device).fallbackReason);
}

Fp4Status fp4DeviceAllocate(Fp4Device device, size_t bytes, uint64_t *address) {
  auto a = unwrap(device).device->allocate(bytes);
  if (!a)
    return capi::makeStatus(a.takeError());
  *address = *a;
  return Fp4Status{nullptr};
}

Fp4Status fp4DeviceWrite(Fp4Device device, uint64_t address, const void *data,
                         size_t bytes) {
  if (!data && bytes)
    return capi::makeError("no data to write (null pointer)");
  return capi::makeStatus(unwrap(device).device->write(
      address,
      llvm::ArrayRef<uint8_t>(static_cast<const uint8_t *>(data), bytes)));
}

Fp4Status fp4DeviceRead(Fp4Device device, uint64_t address, void *data,
                        size_t bytes) {
  if (!data && bytes)
    return capi::makeError("nowhere to read into (null pointer)");
  return capi::makeStatus(unwrap(device).device->read(
      address,
      llvm::MutableArrayRef<uint8_t>(static_cast<uint8_t *>(data), bytes)));
}

Fp4Status fp4DeviceLoad(Fp4Device device, const void *hsaco, size_t hsacoSize,
                        MlirStringRef deviceIR, Fp4LoadedModule *module) {
  *module = Fp4LoadedModule{nullptr};
  if (!hsaco && hsacoSize)
    return capi::makeError("no code object bytes (null pointer)");
  // MlirStringRefs need not be null-terminated, but LLVM's IR lexer reads
  // the byte past the end of its buffer: hand it a terminated copy.
  std::string ir = capi::toStringRef(deviceIR).str();
  rt::KernelImage image{
      llvm::ArrayRef<uint8_t>(static_cast<const uint8_t *>(hsaco), hsacoSize),
      ir};
  auto loaded = unwrap(device).device->load(image);
  if (!loaded)
    return capi::makeStatus(loaded.takeError());
  *module = Fp4LoadedModule{loaded->release()};
  return Fp4Status{nullptr};
}

void fp4LoadedModuleDestroy(Fp4LoadedModule module) {
  delete static_cast<rt::LoadedModule *>(module.ptr);
}

Fp4CodeObject fp4LoadedModuleGetCodeObject(Fp4LoadedModule module) {
  return Fp4CodeObject{
      const_cast<rt::CodeObject *>(&unwrap(module).codeObject())};
}

//===----------------------------------------------------------------------===//
// Kernel arguments and launches
//===----------------------------------------------------------------------===//

Fp4Status fp4KernelArgsCreate(Fp4CodeObject codeObject, MlirStringRef kernel,
                              Fp4KernelArgs *args) {
  *args = Fp4KernelArgs{nullptr};
  auto info = unwrap(codeObject).getKernel(capi::toStringRef(kernel));
  if (!info)
    return capi::makeStatus(info.takeError());
  *args = Fp4KernelArgs{new KernelArgsData(*info)};
  return Fp4Status{nullptr};
}

void fp4KernelArgsDestroy(Fp4KernelArgs args) {
  delete static_cast<KernelArgsData *>(args.ptr);
}

Fp4Status fp4KernelArgsAddPointer(Fp4KernelArgs args, uint64_t address) {
  return capi::makeStatus(unwrap(args).packer.addPointer(address));
}

Fp4Status fp4KernelArgsAddScalar(Fp4KernelArgs args, const void *data,
                                 size_t size) {
  if (!data && size)
    return capi::makeError("no scalar bytes (null pointer)");
  return capi::makeStatus(unwrap(args).packer.addScalarBytes(
      llvm::ArrayRef<uint8_t>(static_cast<const uint8_t *>(data), size)));
}

static rt::LaunchConfig toLaunchConfig(const Fp4LaunchConfig &c) {
  rt::LaunchConfig config;
  config.grid = {c.grid[0], c.grid[1], c.grid[2]};
  config.block = {c.block[0], c.block[1], c.block[2]};
  config.dynamicLdsBytes = c.dynamicLdsBytes;
  return config;
}

Fp4Status fp4KernelArgsPack(Fp4KernelArgs args, Fp4LaunchConfig config,
                            void *out, size_t capacity, size_t *size) {
  auto segment = unwrap(args).packer.finish(toLaunchConfig(config));
  if (!segment)
    return capi::makeStatus(segment.takeError());
  if (size)
    *size = segment->bytes.size();
  if (segment->bytes.size() > capacity)
    return capi::makeError("the kernarg segment of " + segment->kernelName +
                           " takes " + llvm::Twine(segment->bytes.size()) +
                           " bytes; the buffer holds " + llvm::Twine(capacity));
  if (!out && !segment->bytes.empty())
    return capi::makeError("nowhere to write the segment (null pointer)");
  if (!segment->bytes.empty())
    std::memcpy(out, segment->bytes.data(), segment->bytes.size());
  return Fp4Status{nullptr};
}

Fp4Status fp4DeviceLaunch(Fp4Device device, Fp4LoadedModule module,
                          Fp4KernelArgs args, Fp4LaunchConfig config,
                          Fp4LaunchTiming *timing) {
  KernelArgsData &a = unwrap(args);
  auto segment = a.packer.finish(toLaunchConfig(config));
  if (!segment)
    return capi::makeStatus(segment.takeError());
  auto t =
      unwrap(device).device->launch(unwrap(module), a.kernel.name, *segment);
  if (!t)
    return capi::makeStatus(t.takeError());
  if (timing)
    *timing = Fp4LaunchTiming{t->milliseconds, t->waveInstructions,
                              t->laneInstructions, t->mfmaOps};
  return Fp4Status{nullptr};
}
