//===- HipDevice.cpp - HIP device, buffers, modules, launches ---*- C++ -*-===//
//
// Target check before hipModuleLoadData: the device's gcnArchName lives only
// in hipDeviceProp_t, whose layout differs between HIP releases, so it is not
// read. Instead the code object's processor is compared with the gfx IP
// version the device reports as its compute capability (9.5 on gfx950, 9.4
// on gfx942), and HIP itself refuses a code object for another ISA when the
// module loads (hipErrorNoBinaryForGpu); that error is reported with the
// code object's target id.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/HIP.h"

#include "HipApi.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace fp4::runtime;
using namespace fp4::runtime::hip;

static Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

Expected<std::pair<int, int>> fp4::runtime::gfxIpVersion(StringRef processor) {
  // gfx<major><minor><stepping>: minor is one decimal digit, stepping one
  // hex digit, major the digits before them (gfx90a, gfx950, gfx1100).
  StringRef digits = processor;
  if (!digits.consume_front("gfx") || digits.size() < 3 ||
      !all_of(digits, isAlnum))
    return makeError("'" + processor +
                     "' is not a gfx<major><minor><stepping>"
                     " processor name");
  int major;
  if (digits.drop_back(2).getAsInteger(10, major) ||
      !isDigit(digits[digits.size() - 2]) || !isHexDigit(digits.back()))
    return makeError("'" + processor +
                     "' is not a gfx<major><minor><stepping>"
                     " processor name");
  return std::pair(major, digits[digits.size() - 2] - '0');
}

//===----------------------------------------------------------------------===//
// HipBuffer and HipModule
//===----------------------------------------------------------------------===//

HipBuffer::HipBuffer(HipBuffer &&other) noexcept
    : api(std::move(other.api)), ptr(std::exchange(other.ptr, nullptr)),
      bytes(std::exchange(other.bytes, 0)) {}

HipBuffer &HipBuffer::operator=(HipBuffer &&other) noexcept {
  if (this != &other) {
    this->~HipBuffer();
    new (this) HipBuffer(std::move(other));
  }
  return *this;
}

HipBuffer::~HipBuffer() {
  if (ptr && api)
    (void)api->hipFree(ptr); // Nothing useful to do with a failure here.
}

HipModule::HipModule(std::shared_ptr<const Api> api,
                     std::unique_ptr<CodeObject> co, void *module)
    : api(std::move(api)), co(std::move(co)), module(module) {}

HipModule::HipModule(HipModule &&other) noexcept
    : api(std::move(other.api)), co(std::move(other.co)),
      module(std::exchange(other.module, nullptr)) {}

HipModule &HipModule::operator=(HipModule &&other) noexcept {
  if (this != &other) {
    this->~HipModule();
    new (this) HipModule(std::move(other));
  }
  return *this;
}

HipModule::~HipModule() {
  if (module && api)
    (void)api->hipModuleUnload(module);
}

Expected<HipKernel> HipModule::getKernel(StringRef name) const {
  Expected<const KernelInfo &> info = co->getKernel(name);
  if (!info)
    return info.takeError();
  HipKernel kernel;
  kernel.info = &*info;
  if (Error e = api->check(api->hipModuleGetFunction(&kernel.function, module,
                                                     info->name.c_str()),
                           "hipModuleGetFunction('" + info->name + "')"))
    return std::move(e);
  return kernel;
}

//===----------------------------------------------------------------------===//
// HipDevice
//===----------------------------------------------------------------------===//

HipDevice::HipDevice(std::shared_ptr<const Api> api, HipDeviceInfo info)
    : api(std::move(api)), deviceInfo(std::move(info)) {}

HipDevice::~HipDevice() = default;

Expected<std::unique_ptr<HipDevice>>
HipDevice::open(const HipOpenOptions &options) {
  Expected<std::shared_ptr<const Api>> loaded = loadApi(options.libraryPath);
  if (!loaded)
    return loaded.takeError();
  std::shared_ptr<const Api> api = std::move(*loaded);

  hipError_t status = api->hipInit(0);
  if (status == hipErrorNoDevice)
    return makeError("no AMD GPU visible (hipInit: " +
                     Twine(api->hipGetErrorString(status)) + ")");
  if (Error e = api->check(status, "hipInit"))
    return std::move(e);
  int count = 0;
  status = api->hipGetDeviceCount(&count);
  if (status == hipErrorNoDevice || (status == hipSuccess && count == 0))
    return makeError("no AMD GPU visible (HIP from " + api->libraryPath +
                     " reports no devices)");
  if (Error e = api->check(status, "hipGetDeviceCount"))
    return std::move(e);
  if (options.ordinal < 0 || options.ordinal >= count)
    return makeError("HIP device " + Twine(options.ordinal) +
                     " does not exist (" + Twine(count) + " visible)");
  if (Error e = api->check(api->hipSetDevice(options.ordinal), "hipSetDevice"))
    return std::move(e);

  HipDeviceInfo info;
  info.ordinal = options.ordinal;
  info.libraryPath = api->libraryPath;
  char name[256] = {};
  if (Error e = api->check(
          api->hipDeviceGetName(name, sizeof(name) - 1, options.ordinal),
          "hipDeviceGetName"))
    return std::move(e);
  info.name = name;
  struct {
    int attribute;
    int *value;
    const char *what;
  } attributes[] = {
      {hipDeviceAttributeComputeCapabilityMajor, &info.computeMajor,
       "compute capability major"},
      {hipDeviceAttributeComputeCapabilityMinor, &info.computeMinor,
       "compute capability minor"},
      {hipDeviceAttributeMaxThreadsPerBlock, &info.maxThreadsPerBlock,
       "max threads per block"},
      {hipDeviceAttributeMaxSharedMemoryPerBlock, &info.maxSharedMemoryPerBlock,
       "max shared memory per block"},
      {hipDeviceAttributeWarpSize, &info.warpSize, "warp size"},
      {hipDeviceAttributeMultiprocessorCount, &info.multiprocessorCount,
       "multiprocessor count"},
  };
  for (const auto &a : attributes)
    if (Error e = api->check(
            api->hipDeviceGetAttribute(a.value, a.attribute, options.ordinal),
            "hipDeviceGetAttribute(" + Twine(a.what) + ")"))
      return std::move(e);
  return std::unique_ptr<HipDevice>(new HipDevice(std::move(api), info));
}

Expected<HipBuffer> HipDevice::allocate(size_t bytes) {
  HipBuffer buffer;
  if (Error e = api->check(api->hipMalloc(&buffer.ptr, bytes),
                           "hipMalloc(" + Twine(bytes) + " bytes)"))
    return std::move(e);
  buffer.api = api;
  buffer.bytes = bytes;
  return std::move(buffer);
}

Error HipDevice::copyToDevice(const HipBuffer &dst, ArrayRef<uint8_t> src) {
  if (src.size() > dst.size())
    return makeError("copy of " + Twine(src.size()) + " bytes into a " +
                     Twine(dst.size()) + "-byte device buffer");
  if (src.empty())
    return Error::success();
  return api->check(api->hipMemcpyHtoD(dst.get(),
                                       const_cast<uint8_t *>(src.data()),
                                       src.size()),
                    "hipMemcpyHtoD");
}

Error HipDevice::copyFromDevice(MutableArrayRef<uint8_t> dst,
                                const HipBuffer &src) {
  if (dst.size() > src.size())
    return makeError("copy of " + Twine(dst.size()) + " bytes out of a " +
                     Twine(src.size()) + "-byte device buffer");
  if (dst.empty())
    return Error::success();
  return api->check(api->hipMemcpyDtoH(dst.data(), src.get(), dst.size()),
                    "hipMemcpyDtoH");
}

Error HipDevice::fill(const HipBuffer &buffer, uint8_t value) {
  if (!buffer.size())
    return Error::success();
  return api->check(api->hipMemset(buffer.get(), value, buffer.size()),
                    "hipMemset");
}

Expected<HipModule> HipDevice::loadModule(const CodeObject &co) {
  Expected<std::pair<int, int>> ip = gfxIpVersion(co.processor);
  if (!ip) {
    consumeError(ip.takeError()); // Generic target: HIP decides at load.
  } else if (deviceInfo.computeMajor != 0 &&
             (ip->first != deviceInfo.computeMajor ||
              ip->second != deviceInfo.computeMinor)) {
    return makeError(
        "code object is for " + co.processor + " (gfx IP " + Twine(ip->first) +
        "." + Twine(ip->second) + ") but HIP device " +
        Twine(deviceInfo.ordinal) + " ('" + deviceInfo.name + "') is gfx IP " +
        Twine(deviceInfo.computeMajor) + "." + Twine(deviceInfo.computeMinor));
  }
  void *module = nullptr;
  if (Error e = api->check(api->hipModuleLoadData(&module, co.image.data()),
                           "hipModuleLoadData"))
    return makeError(toString(std::move(e)) + " (code object target '" +
                     co.targetId + "', device '" + deviceInfo.name + "')");
  return HipModule(api, std::make_unique<CodeObject>(co), module);
}

Error HipDevice::checkLaunch(const KernelInfo &kernel,
                             const LaunchConfig &config) const {
  if (Error e = checkLaunchConfig(kernel, config))
    return e;
  std::string what =
      "launch of '" + kernel.name + "' on '" + deviceInfo.name + "'";
  uint64_t threads = config.block.product();
  if (deviceInfo.maxThreadsPerBlock > 0 &&
      threads > uint64_t(deviceInfo.maxThreadsPerBlock))
    return makeError(what + ": " + Twine(threads) +
                     " work-items per block, the device allows " +
                     Twine(deviceInfo.maxThreadsPerBlock));
  uint64_t lds = kernel.groupSegmentFixedSize + config.dynamicLdsBytes;
  if (deviceInfo.maxSharedMemoryPerBlock > 0 &&
      lds > uint64_t(deviceInfo.maxSharedMemoryPerBlock))
    return makeError(what + ": needs " + Twine(lds) + " bytes of LDS (" +
                     Twine(kernel.groupSegmentFixedSize) + " fixed + " +
                     Twine(config.dynamicLdsBytes) +
                     " dynamic), the device has " +
                     Twine(deviceInfo.maxSharedMemoryPerBlock));
  if (deviceInfo.warpSize > 0 &&
      kernel.wavefrontSize != uint32_t(deviceInfo.warpSize))
    return makeError(what + ": kernel is compiled for wave" +
                     Twine(kernel.wavefrontSize) + ", the device runs wave" +
                     Twine(deviceInfo.warpSize));
  return Error::success();
}

Expected<float> HipDevice::launch(const HipKernel &kernel,
                                  const KernargSegment &args) {
  if (!kernel.info || !kernel.function)
    return makeError("launch of an empty HipKernel");
  const KernelInfo &info = *kernel.info;
  if (args.kernelName != info.name)
    return makeError("kernarg segment was packed for '" + args.kernelName +
                     "', not '" + info.name + "'");
  if (args.bytes.size() < info.kernargSegmentSize)
    return makeError("kernarg segment for '" + info.name + "' has " +
                     Twine(args.bytes.size()) + " bytes, the kernel needs " +
                     Twine(info.kernargSegmentSize));
  const LaunchConfig &c = args.config;
  if (Error e = checkLaunch(info, c))
    return std::move(e);

  void *start = nullptr, *stop = nullptr;
  scope_exit destroyEvents([&] {
    if (start)
      (void)api->hipEventDestroy(start);
    if (stop)
      (void)api->hipEventDestroy(stop);
  });
  if (Error e = api->check(api->hipEventCreate(&start), "hipEventCreate"))
    return std::move(e);
  if (Error e = api->check(api->hipEventCreate(&stop), "hipEventCreate"))
    return std::move(e);

  // HIP copies the kernarg buffer at launch; `args` only needs to outlive
  // the call.
  size_t size = args.bytes.size();
  void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER,
                   const_cast<uint8_t *>(args.bytes.data()),
                   HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
  if (Error e =
          api->check(api->hipEventRecord(start, nullptr), "hipEventRecord"))
    return std::move(e);
  if (Error e = api->check(api->hipModuleLaunchKernel(
                               kernel.function, c.grid.x, c.grid.y, c.grid.z,
                               c.block.x, c.block.y, c.block.z,
                               c.dynamicLdsBytes, nullptr, nullptr, extra),
                           "hipModuleLaunchKernel('" + info.name + "')"))
    return std::move(e);
  if (Error e =
          api->check(api->hipEventRecord(stop, nullptr), "hipEventRecord"))
    return std::move(e);
  if (Error e =
          api->check(api->hipEventSynchronize(stop), "hipEventSynchronize"))
    return std::move(e);
  float ms = 0;
  if (Error e = api->check(api->hipEventElapsedTime(&ms, start, stop),
                           "hipEventElapsedTime"))
    return std::move(e);
  return ms;
}

Error HipDevice::synchronize() {
  return api->check(api->hipDeviceSynchronize(), "hipDeviceSynchronize");
}
