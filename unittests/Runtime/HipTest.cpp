//===- HipTest.cpp - the HIP backend against the FakeHIP double -*- C++ -*-===//
//
// No GPU here: the backend is pointed at libFakeHIP.so (FakeHIP.h), a test
// double that records what the backend passes to HIP. These tests check the
// dlopen/dlsym path, the marshalling of launches (exact kernarg bytes, grid,
// block, LDS) and that HIP failures surface as errors naming the call.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/HIP.h"

#include "FakeHIP.h"
#include "TestUtil.h"

#include "llvm/Support/Endian.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <dlfcn.h>

using namespace fp4::runtime;
using namespace fp4::runtime::test;
namespace endian = llvm::support::endian;

namespace {

/// Sets an environment variable for one scope.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      previous = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (previous)
      setenv(name, previous->c_str(), 1);
    else
      unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> previous;
};

bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST(HipLoad, LibraryFromEnvironmentNotLoadable) {
  ScopedEnv env("FP4_HIP_LIBRARY", "/nonexistent/libamdhip64.so");
  std::string e = errorOf(HipDevice::open());
  EXPECT_TRUE(contains(e, "no HIP runtime found ($FP4_HIP_LIBRARY="
                          "/nonexistent/libamdhip64.so not loadable: "))
      << e;
  EXPECT_TRUE(contains(e, "No such file")) << e; // dlerror's text
}

TEST(HipLoad, ExplicitLibraryNotLoadable) {
  HipOpenOptions options;
  options.libraryPath = "/nonexistent/libfoo.so";
  std::string e = errorOf(HipDevice::open(options));
  EXPECT_TRUE(
      contains(e, "no HIP runtime found (/nonexistent/libfoo.so not loadable"))
      << e;
}

TEST(HipLoad, DefaultSearchWithoutRocm) {
  if (void *real = dlopen("libamdhip64.so", RTLD_NOW | RTLD_LOCAL)) {
    dlclose(real);
    GTEST_SKIP() << "a real HIP runtime is installed";
  }
  ScopedEnv env("FP4_HIP_LIBRARY", nullptr);
  std::string e = errorOf(HipDevice::open());
  EXPECT_TRUE(
      contains(e, "no HIP runtime found (libamdhip64.so not loadable: "))
      << e;
  EXPECT_TRUE(contains(e, "libamdhip64.so.7 and libamdhip64.so.6")) << e;
}

TEST(HipLoad, LibraryWithoutHipSymbols) {
  HipOpenOptions options;
  options.libraryPath = "libm.so.6";
  std::string e = errorOf(HipDevice::open(options));
  EXPECT_TRUE(contains(e, "HIP library 'libm.so.6' lacks hipGetErrorString"))
      << e;
}

TEST(HipLoad, GfxIpVersion) {
  auto ip = [](llvm::StringRef p) -> std::pair<int, int> {
    llvm::Expected<std::pair<int, int>> v = gfxIpVersion(p);
    if (!v) {
      llvm::consumeError(v.takeError());
      return {-1, -1};
    }
    return *v;
  };
  EXPECT_EQ(ip("gfx950"), std::pair(9, 5));
  EXPECT_EQ(ip("gfx942"), std::pair(9, 4));
  EXPECT_EQ(ip("gfx90a"), std::pair(9, 0));
  EXPECT_EQ(ip("gfx1100"), std::pair(11, 0));
  EXPECT_EQ(ip("gfx1201"), std::pair(12, 0));
  EXPECT_EQ(ip("gfx9-4-generic"), std::pair(-1, -1));
  EXPECT_EQ(ip("gfx95"), std::pair(-1, -1));
  EXPECT_EQ(ip("sm_90"), std::pair(-1, -1));
}

/// Tests that open the FakeHIP library.
class FakeHip : public ::testing::Test {
protected:
  void SetUp() override {
    handle = dlopen(FP4_FAKEHIP_PATH, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(handle, nullptr) << dlerror();
    resolve(reset, "fakehip_reset");
    resolve(setDevice, "fakehip_set_device");
    resolve(failNext, "fakehip_fail_next");
    resolve(launchCount, "fakehip_launch_count");
    resolve(lastLaunch, "fakehip_last_launch");
    resolve(calls, "fakehip_calls");
    resolve(liveAllocations, "fakehip_live_allocations");
    resolve(liveModules, "fakehip_live_modules");
    resolve(liveFunctions, "fakehip_live_functions");
    resolve(liveEvents, "fakehip_live_events");
    reset();

    llvm::Expected<CodeObject> read =
        readCodeObject(codeObjectBytes("kernels-gfx950.hsaco"));
    FP4_ASSERT_OK(read);
    gfx950 = std::move(*read);
  }
  void TearDown() override {
    if (handle)
      dlclose(handle);
  }

  template <typename Fn> void resolve(Fn &fn, const char *name) {
    fn = reinterpret_cast<Fn>(dlsym(handle, name));
    ASSERT_NE(fn, nullptr) << name;
  }

  llvm::Expected<std::unique_ptr<HipDevice>> open() {
    HipOpenOptions options;
    options.libraryPath = FP4_FAKEHIP_PATH;
    return HipDevice::open(options);
  }

  void *handle = nullptr;
  void (*reset)() = nullptr;
  void (*setDevice)(int, const char *, int, int, int, int, int) = nullptr;
  void (*failNext)(const char *, int) = nullptr;
  int (*launchCount)() = nullptr;
  const FakeHipLaunch *(*lastLaunch)() = nullptr;
  const char *(*calls)() = nullptr;
  int (*liveAllocations)() = nullptr;
  int (*liveModules)() = nullptr;
  int (*liveFunctions)() = nullptr;
  int (*liveEvents)() = nullptr;
  CodeObject gfx950;
};

TEST_F(FakeHip, OpenReportsTheDevice) {
  auto dev = open();
  FP4_ASSERT_OK(dev);
  const HipDeviceInfo &info = (*dev)->info();
  EXPECT_EQ(info.name, "Fake MI355X");
  EXPECT_EQ(info.libraryPath, FP4_FAKEHIP_PATH);
  EXPECT_EQ(info.computeMajor, 9);
  EXPECT_EQ(info.computeMinor, 5);
  EXPECT_EQ(info.maxThreadsPerBlock, 1024);
  EXPECT_EQ(info.maxSharedMemoryPerBlock, 160 * 1024);
  EXPECT_EQ(info.warpSize, 64);
  EXPECT_EQ(info.multiprocessorCount, 256);
  EXPECT_TRUE(contains(calls(), "hipInit hipGetDeviceCount hipSetDevice "
                                "hipDeviceGetName hipDeviceGetAttribute"))
      << calls();
}

TEST_F(FakeHip, NoDeviceVisible) {
  setDevice(0, "none", 0, 0, 0, 0, 0);
  EXPECT_EQ(errorOf(open()),
            "no AMD GPU visible (hipInit: no ROCm-capable device is detected)");
  reset();
  failNext("hipGetDeviceCount", 100);
  std::string e = errorOf(open());
  EXPECT_TRUE(contains(e, "no AMD GPU visible (HIP from ")) << e;
  reset();
  HipOpenOptions options;
  options.libraryPath = FP4_FAKEHIP_PATH;
  options.ordinal = 3;
  EXPECT_EQ(errorOf(HipDevice::open(options)),
            "HIP device 3 does not exist (1 visible)");
}

TEST_F(FakeHip, OpenErrorsNameTheCall) {
  failNext("hipInit", 999);
  EXPECT_EQ(errorOf(open()), "hipInit failed: unknown error (hipError_t 999)");
  failNext("hipSetDevice", 101);
  EXPECT_EQ(errorOf(open()),
            "hipSetDevice failed: invalid device ordinal (hipError_t 101)");
  failNext("hipDeviceGetAttribute", 1);
  EXPECT_EQ(errorOf(open()), "hipDeviceGetAttribute(compute capability major) "
                             "failed: invalid argument (hipError_t 1)");
}

TEST_F(FakeHip, MemoryRoundTrip) {
  auto dev = open();
  FP4_ASSERT_OK(dev);
  HipDevice &d = **dev;
  {
    llvm::Expected<HipBuffer> buf = d.allocate(64);
    FP4_ASSERT_OK(buf);
    EXPECT_EQ(liveAllocations(), 1);
    FP4_ASSERT_NO_ERROR(d.fill(*buf, 0xab));
    std::vector<uint8_t> src(40);
    for (size_t i = 0; i < src.size(); ++i)
      src[i] = uint8_t(i * 7 + 1);
    FP4_ASSERT_NO_ERROR(d.copyToDevice(*buf, src));
    std::vector<uint8_t> back(64);
    FP4_ASSERT_NO_ERROR(d.copyFromDevice(back, *buf));
    EXPECT_TRUE(std::equal(src.begin(), src.end(), back.begin()));
    EXPECT_EQ(back[40], 0xab);
    EXPECT_EQ(back[63], 0xab);

    std::vector<uint8_t> tooBig(65);
    EXPECT_EQ(errorOf(d.copyToDevice(*buf, tooBig)),
              "copy of 65 bytes into a 64-byte device buffer");
    EXPECT_EQ(errorOf(d.copyFromDevice(tooBig, *buf)),
              "copy of 65 bytes out of a 64-byte device buffer");

    HipBuffer moved = std::move(*buf);
    EXPECT_EQ(moved.size(), 64u);
    EXPECT_EQ(liveAllocations(), 1);
  }
  EXPECT_EQ(liveAllocations(), 0); // freed exactly once
  EXPECT_FALSE(contains(calls(), "hipFree hipFree")) << calls();
}

TEST_F(FakeHip, LaunchPassesThePackedSegment) {
  auto dev = open();
  FP4_ASSERT_OK(dev);
  HipDevice &d = **dev;
  llvm::Expected<HipModule> module = d.loadModule(gfx950);
  FP4_ASSERT_OK(module);
  llvm::Expected<HipKernel> kernel = module->getKernel("add_lds");
  FP4_ASSERT_OK(kernel);
  EXPECT_EQ(kernel->info->name, "add_lds");

  llvm::Expected<HipBuffer> out = d.allocate(4096), in = d.allocate(4096);
  FP4_ASSERT_OK(out);
  FP4_ASSERT_OK(in);
  KernelArgPacker packer(*kernel->info);
  FP4_ASSERT_NO_ERROR(packer.addPointer(out->address()));
  FP4_ASSERT_NO_ERROR(packer.addPointer(in->address()));
  FP4_ASSERT_NO_ERROR(packer.addScalar<int32_t>(1000));
  FP4_ASSERT_NO_ERROR(packer.addScalar<int64_t>(-77));
  FP4_ASSERT_NO_ERROR(packer.addScalar<int16_t>(12));
  FP4_ASSERT_NO_ERROR(packer.addScalar<float>(0.25f));
  LaunchConfig config;
  config.grid = {5, 2, 3};
  config.block = {64, 2, 1};
  config.dynamicLdsBytes = 256;
  llvm::Expected<KernargSegment> seg = packer.finish(config);
  FP4_ASSERT_OK(seg);

  llvm::Expected<float> ms = d.launch(*kernel, *seg);
  FP4_ASSERT_OK(ms);
  EXPECT_EQ(*ms, 1.0f); // the fake's clock: one "ms" per launch

  ASSERT_EQ(launchCount(), 1);
  const FakeHipLaunch &l = *lastLaunch();
  EXPECT_EQ(l.extraWellFormed, 1);
  EXPECT_STREQ(l.functionName, "add_lds");
  EXPECT_EQ(l.grid[0], 5u);
  EXPECT_EQ(l.grid[1], 2u);
  EXPECT_EQ(l.grid[2], 3u);
  EXPECT_EQ(l.block[0], 64u);
  EXPECT_EQ(l.block[1], 2u);
  EXPECT_EQ(l.block[2], 1u);
  EXPECT_EQ(l.sharedMemBytes, 256u);
  ASSERT_EQ(l.kernargSize, seg->bytes.size());
  EXPECT_TRUE(std::equal(seg->bytes.begin(), seg->bytes.end(), l.kernargs));
  EXPECT_EQ(endian::read64le(l.kernargs + 0), out->address());
  EXPECT_EQ(endian::read64le(l.kernargs + 8), in->address());
  EXPECT_EQ(endian::read32le(l.kernargs + 16), 1000u);

  EXPECT_TRUE(contains(calls(), "hipEventCreate hipEventCreate hipEventRecord "
                                "hipModuleLaunchKernel hipEventRecord "
                                "hipEventSynchronize hipEventElapsedTime "
                                "hipEventDestroy hipEventDestroy"))
      << calls();
  EXPECT_EQ(liveEvents(), 0);
  FP4_ASSERT_NO_ERROR(d.synchronize());
}

TEST_F(FakeHip, InjectedErrorsNameTheCall) {
  auto dev = open();
  FP4_ASSERT_OK(dev);
  HipDevice &d = **dev;

  failNext("hipMalloc", 2);
  EXPECT_EQ(errorOf(d.allocate(1 << 20)),
            "hipMalloc(1048576 bytes) failed: out of memory (hipError_t 2)");
  llvm::Expected<HipBuffer> buf = d.allocate(16);
  FP4_ASSERT_OK(buf);
  std::vector<uint8_t> host(16);
  failNext("hipMemcpyHtoD", 1);
  EXPECT_EQ(errorOf(d.copyToDevice(*buf, host)),
            "hipMemcpyHtoD failed: invalid argument (hipError_t 1)");
  failNext("hipMemcpyDtoH", 719);
  EXPECT_EQ(
      errorOf(d.copyFromDevice(host, *buf)),
      "hipMemcpyDtoH failed: unspecified launch failure (hipError_t 719)");
  failNext("hipMemset", 1);
  EXPECT_EQ(errorOf(d.fill(*buf, 0)),
            "hipMemset failed: invalid argument (hipError_t 1)");
  failNext("hipDeviceSynchronize", 719);
  EXPECT_EQ(errorOf(d.synchronize()), "hipDeviceSynchronize failed: "
                                      "unspecified launch failure (hipError_t "
                                      "719)");

  failNext("hipModuleLoadData", 209);
  EXPECT_EQ(errorOf(d.loadModule(gfx950)),
            "hipModuleLoadData failed: no kernel image is available for "
            "execution on the device (hipError_t 209) (code object target "
            "'amdgcn-amd-amdhsa--gfx950', device 'Fake MI355X')");
  llvm::Expected<HipModule> module = d.loadModule(gfx950);
  FP4_ASSERT_OK(module);
  failNext("hipModuleGetFunction", 500);
  EXPECT_EQ(errorOf(module->getKernel("scale")),
            "hipModuleGetFunction('scale') failed: named symbol not found "
            "(hipError_t 500)");
  EXPECT_EQ(errorOf(module->getKernel("missing")),
            "code object has no kernel 'missing' (it has 'add_lds', 'scale')");

  llvm::Expected<HipKernel> kernel = module->getKernel("scale");
  FP4_ASSERT_OK(kernel);
  KernelArgPacker packer(*kernel->info);
  FP4_ASSERT_NO_ERROR(packer.addPointer(buf->address()));
  FP4_ASSERT_NO_ERROR(packer.addScalar<int32_t>(3));
  llvm::Expected<KernargSegment> seg = packer.finish(LaunchConfig());
  FP4_ASSERT_OK(seg);
  for (const char *call :
       {"hipEventCreate", "hipEventRecord", "hipModuleLaunchKernel",
        "hipEventSynchronize", "hipEventElapsedTime"}) {
    SCOPED_TRACE(call);
    failNext(call, 719);
    std::string e = errorOf(d.launch(*kernel, *seg));
    EXPECT_TRUE(contains(e, call)) << e;
    EXPECT_TRUE(contains(e, "failed: unspecified launch failure (hipError_t "
                            "719)"))
        << e;
    EXPECT_EQ(liveEvents(), 0); // events destroyed on the error path too
  }
  failNext("hipModuleLaunchKernel", 719);
  EXPECT_EQ(errorOf(d.launch(*kernel, *seg)),
            "hipModuleLaunchKernel('scale') failed: unspecified launch failure "
            "(hipError_t 719)");
}

TEST_F(FakeHip, TargetMismatchIsRefusedBeforeLoading) {
  setDevice(1, "Fake MI300X", 9, 4, 1024, 64 * 1024, 64);
  auto dev = open();
  FP4_ASSERT_OK(dev);
  EXPECT_EQ(errorOf((*dev)->loadModule(gfx950)),
            "code object is for gfx950 (gfx IP 9.5) but HIP device 0 ('Fake "
            "MI300X') is gfx IP 9.4");
  EXPECT_FALSE(contains(calls(), "hipModuleLoadData")) << calls();

  llvm::Expected<CodeObject> gfx942 =
      readCodeObject(codeObjectBytes("kernels-gfx942.hsaco"));
  FP4_ASSERT_OK(gfx942);
  llvm::Expected<HipModule> ok = (*dev)->loadModule(*gfx942);
  FP4_ASSERT_OK(ok);
  EXPECT_EQ(liveModules(), 1);
}

TEST_F(FakeHip, LdsAndBlockLimits) {
  setDevice(1, "Fake 64K", 9, 5, 256, 64 * 1024, 64);
  auto dev = open();
  FP4_ASSERT_OK(dev);
  HipDevice &d = **dev;
  llvm::Expected<CodeObject> big =
      readCodeObject(codeObjectBytes("big-lds-gfx950.hsaco"));
  FP4_ASSERT_OK(big);
  llvm::Expected<HipModule> module = d.loadModule(*big);
  FP4_ASSERT_OK(module);
  llvm::Expected<HipKernel> kernel = module->getKernel("big_lds");
  FP4_ASSERT_OK(kernel);
  KernelArgPacker packer(*kernel->info);
  FP4_ASSERT_NO_ERROR(packer.addPointer(0x1000));
  llvm::Expected<KernargSegment> seg = packer.finish(LaunchConfig());
  FP4_ASSERT_OK(seg);
  EXPECT_EQ(errorOf(d.launch(*kernel, *seg)),
            "launch of 'big_lds' on 'Fake 64K': needs 98304 bytes of LDS "
            "(98304 fixed + 0 dynamic), the device has 65536");
  EXPECT_EQ(launchCount(), 0);

  // Block size: within the kernel's 1024 but over this device's 256.
  llvm::Expected<HipModule> small = d.loadModule(gfx950);
  FP4_ASSERT_OK(small);
  llvm::Expected<HipKernel> addLds = small->getKernel("add_lds");
  FP4_ASSERT_OK(addLds);
  LaunchConfig c;
  c.block = {512, 1, 1};
  EXPECT_EQ(errorOf(d.checkLaunch(*addLds->info, c)),
            "launch of 'add_lds' on 'Fake 64K': 512 work-items per block, the "
            "device allows 256");
  c.block = {64, 1, 1};
  c.dynamicLdsBytes = 64 * 1024;
  EXPECT_EQ(errorOf(d.checkLaunch(*addLds->info, c)),
            "launch of 'add_lds' on 'Fake 64K': needs 66560 bytes of LDS "
            "(1024 fixed + 65536 dynamic), the device has 65536");
  c.dynamicLdsBytes = 0;
  EXPECT_EQ(errorOf(d.checkLaunch(*addLds->info, c)), "");

  setDevice(1, "Fake wave32", 9, 5, 1024, 64 * 1024, 32);
  auto wave32 = open();
  FP4_ASSERT_OK(wave32);
  EXPECT_EQ(errorOf((*wave32)->checkLaunch(*addLds->info, c)),
            "launch of 'add_lds' on 'Fake wave32': kernel is compiled for "
            "wave64, the device runs wave32");
}

TEST_F(FakeHip, SegmentForAnotherKernelIsRefused) {
  auto dev = open();
  FP4_ASSERT_OK(dev);
  llvm::Expected<HipModule> module = (*dev)->loadModule(gfx950);
  FP4_ASSERT_OK(module);
  llvm::Expected<HipKernel> addLds = module->getKernel("add_lds");
  FP4_ASSERT_OK(addLds);
  KernelArgPacker packer(*gfx950.findKernel("scale"));
  FP4_ASSERT_NO_ERROR(packer.addPointer(0x1000));
  FP4_ASSERT_NO_ERROR(packer.addScalar<int32_t>(1));
  llvm::Expected<KernargSegment> seg = packer.finish(LaunchConfig());
  FP4_ASSERT_OK(seg);
  EXPECT_EQ(errorOf((*dev)->launch(*addLds, *seg)),
            "kernarg segment was packed for 'scale', not 'add_lds'");
  EXPECT_EQ(launchCount(), 0);
}

TEST_F(FakeHip, ModulesAreUnloaded) {
  auto dev = open();
  FP4_ASSERT_OK(dev);
  {
    llvm::Expected<HipModule> a = (*dev)->loadModule(gfx950);
    FP4_ASSERT_OK(a);
    HipModule b = std::move(*a);
    EXPECT_EQ(liveModules(), 1);
    EXPECT_EQ(b.codeObject().processor, "gfx950");
    llvm::Expected<HipKernel> k1 = b.getKernel("add_lds");
    llvm::Expected<HipKernel> k2 = b.getKernel("scale");
    FP4_ASSERT_OK(k1);
    FP4_ASSERT_OK(k2);
    EXPECT_EQ(liveFunctions(), 2);
  }
  // hipModuleUnload released the module and, as HIP does, its functions.
  EXPECT_EQ(liveModules(), 0);
  EXPECT_EQ(liveFunctions(), 0);
}

} // namespace
