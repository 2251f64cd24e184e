//===- GpuWrappersTest.cpp - the mgpu* wrappers on HIP and the emulator ---===//
//
// Calls the C functions of libfp4_gpu_runtime_wrappers.so the way code
// lowered by gpu-to-llvm does. The HIP side runs against the FakeHIP double
// (FakeHIP.h), which records the launch; the emulator side executes the
// test kernels. Also the device IR section of an HSACO (DeviceIRSection.h).
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/GpuWrappers.h"
#include "fp4/Runtime/DeviceIRSection.h"

#include "FakeHIP.h"
#include "TestUtil.h"

#include "llvm/Support/Endian.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

using namespace fp4::runtime;
using namespace fp4::runtime::test;
namespace endian = llvm::support::endian;

extern "C" {
void *mgpuModuleLoad(void *data, size_t bytes);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gx, intptr_t gy, intptr_t gz,
                      intptr_t bx, intptr_t by, intptr_t bz, int32_t smem,
                      void *stream, void **params, void **extra,
                      size_t paramsCount);
void *mgpuStreamCreate();
void mgpuStreamSynchronize(void *);
void mgpuStreamDestroy(void *);
void *mgpuMemAlloc(uint64_t bytes, void *stream, bool hostShared);
void mgpuMemFree(void *pointer, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream);
void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream);
void mgpuMemHostRegister(void *pointer, uint64_t bytes);
void mgpuMemHostUnregister(void *pointer);
}

namespace {

std::string inputText(const std::string &name) {
  std::vector<uint8_t> bytes =
      readBytes(std::string(FP4_RT_INPUTS_DIR) + "/" + name);
  return std::string(bytes.begin(), bytes.end());
}

bool contains(const std::string &haystack, const std::string &needle) {
  return haystack.find(needle) != std::string::npos;
}

std::string takeErrorText() { return gpu::takeError().value_or(""); }

/// add_lds(out, in, i32 n, i64 big, i16 small, float f) parameters, as the
/// lowered host code passes them: an array of pointers to the values.
struct AddLdsParams {
  void *out, *in;
  int32_t n = 1000;
  int64_t big = -77;
  int16_t small = 12;
  float f = 0.25f;
  void *params[6] = {&out, &in, &n, &big, &small, &f};
};

class WrappersOnFakeHip : public ::testing::Test {
protected:
  void SetUp() override {
    setenv("FP4_HIP_LIBRARY", FP4_FAKEHIP_PATH, 1);
    handle = dlopen(FP4_FAKEHIP_PATH, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(handle, nullptr) << dlerror();
    reset = reinterpret_cast<void (*)()>(dlsym(handle, "fakehip_reset"));
    launchCount =
        reinterpret_cast<int (*)()>(dlsym(handle, "fakehip_launch_count"));
    lastLaunch = reinterpret_cast<const FakeHipLaunch *(*)()>(
        dlsym(handle, "fakehip_last_launch"));
    calls = reinterpret_cast<const char *(*)()>(dlsym(handle, "fakehip_calls"));
    ASSERT_TRUE(reset && launchCount && lastLaunch && calls);
    reset();
    gpu::RuntimeOptions options;
    options.device.kind = DeviceKind::Hip;
    options.errorMode = gpu::ErrorMode::Record;
    gpu::configure(options);
    hsaco = codeObjectBytes("kernels-gfx950.hsaco");
  }
  void TearDown() override {
    gpu::configure(gpu::RuntimeOptions()); // drops the device and modules
    unsetenv("FP4_HIP_LIBRARY");
    if (handle)
      dlclose(handle);
  }

  void *handle = nullptr;
  void (*reset)() = nullptr;
  int (*launchCount)() = nullptr;
  const FakeHipLaunch *(*lastLaunch)() = nullptr;
  const char *(*calls)() = nullptr;
  std::vector<uint8_t> hsaco;
};

TEST_F(WrappersOnFakeHip, LaunchPacksDeviceAndHostPointersAndScalars) {
  void *module = mgpuModuleLoad(hsaco.data(), hsaco.size());
  ASSERT_NE(module, nullptr) << takeErrorText();
  EXPECT_TRUE(contains(gpu::deviceDescription(), "HIP: Fake MI355X"))
      << gpu::deviceDescription();
  void *function = mgpuModuleGetFunction(module, "add_lds");
  ASSERT_NE(function, nullptr) << takeErrorText();

  // `out` is device memory; `in` is registered host memory, which the
  // runtime copies to a device buffer around the launch.
  void *stream = mgpuStreamCreate();
  void *out = mgpuMemAlloc(4096, stream, false);
  ASSERT_NE(out, nullptr) << takeErrorText();
  std::vector<float> host(1024);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = float(i) * 0.5f;
  mgpuMemHostRegister(host.data(), host.size() * sizeof(float));
  AddLdsParams p;
  p.out = out;
  p.in = host.data() + 16; // a view 64 bytes into the buffer
  mgpuLaunchKernel(function, 5, 2, 3, 64, 2, 1, 256, stream, p.params, nullptr,
                   6);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  ASSERT_EQ(takeErrorText(), "");

  ASSERT_EQ(launchCount(), 1);
  const FakeHipLaunch &l = *lastLaunch();
  EXPECT_STREQ(l.functionName, "add_lds");
  EXPECT_EQ(l.grid[0], 5u);
  EXPECT_EQ(l.grid[1], 2u);
  EXPECT_EQ(l.grid[2], 3u);
  EXPECT_EQ(l.block[0], 64u);
  EXPECT_EQ(l.block[1], 2u);
  EXPECT_EQ(l.sharedMemBytes, 256u);
  EXPECT_EQ(endian::read64le(l.kernargs + 0), reinterpret_cast<uint64_t>(out));
  EXPECT_EQ(l.pointeeSize[0], 4096u);
  // The host pointer became the device copy of its whole buffer, same
  // offset.
  EXPECT_NE(endian::read64le(l.kernargs + 8), reinterpret_cast<uint64_t>(p.in));
  EXPECT_EQ(l.pointeeSize[1], host.size() * sizeof(float));
  EXPECT_EQ(l.pointeeOffset[1], 64u);
  EXPECT_EQ(endian::read32le(l.kernargs + 16), 1000u);
  EXPECT_EQ(int64_t(endian::read64le(l.kernargs + 24)), -77);
  EXPECT_EQ(endian::read16le(l.kernargs + 32), 12u);
  float f;
  std::memcpy(&f, l.kernargs + 36, 4);
  EXPECT_EQ(f, 0.25f);
  // The host buffer goes in before the launch and comes back after it.
  std::string sequence = calls();
  size_t in = sequence.find("hipMemcpyHtoD"),
         launch = sequence.find("hipModuleLaunchKernel"),
         back = sequence.rfind("hipMemcpyDtoH");
  ASSERT_NE(launch, std::string::npos) << sequence;
  EXPECT_LT(in, launch) << sequence;
  EXPECT_TRUE(back != std::string::npos && back > launch) << sequence;

  std::vector<gpu::LaunchRecord> launches = gpu::takeLaunches();
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0].kernel, "add_lds");
  EXPECT_EQ(launches[0].grid.x, 5u);
  EXPECT_EQ(launches[0].dynamicLdsBytes, 256u);
  EXPECT_EQ(launches[0].timing.milliseconds, 1.0); // the fake's clock

  mgpuMemHostUnregister(host.data());
  mgpuMemFree(out, nullptr);
  mgpuModuleUnload(module);
  EXPECT_EQ(takeErrorText(), "");
}

TEST_F(WrappersOnFakeHip, CopiesWholeAndPartial) {
  auto *dev = static_cast<uint8_t *>(mgpuMemAlloc(256, nullptr, false));
  ASSERT_NE(dev, nullptr) << takeErrorText();
  std::vector<uint8_t> a(256), b(256, 0);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = uint8_t(i * 7 + 1);
  mgpuMemcpy(dev, a.data(), 256, nullptr);
  // A part of the buffer: HIP copies whole buffers, the runtime patches.
  std::vector<uint8_t> patch(32, 0xEE);
  mgpuMemcpy(dev + 100, patch.data(), 32, nullptr);
  mgpuMemset32(dev + 200, 0x01020304, 4, nullptr);
  mgpuMemcpy(b.data(), dev, 256, nullptr);
  ASSERT_EQ(takeErrorText(), "");
  for (size_t i = 0; i < 256; ++i) {
    uint8_t want = a[i];
    if (i >= 100 && i < 132)
      want = 0xEE;
    if (i >= 200 && i < 216)
      want = uint8_t(0x04 >> (8 * ((i - 200) % 4)) |
                     (0x01020304u >> (8 * ((i - 200) % 4))));
    ASSERT_EQ(b[i], want) << "byte " << i;
  }
  // Past the end of the allocation: an error, not a host write.
  mgpuMemcpy(dev + 250, patch.data(), 32, nullptr);
  EXPECT_TRUE(contains(takeErrorText(), "overruns its device allocation"));
}

TEST_F(WrappersOnFakeHip, RefusalsAreRecordedAndLaterWorkIsSkipped) {
  void *module = mgpuModuleLoad(hsaco.data(), hsaco.size());
  void *scale = mgpuModuleGetFunction(module, "scale");
  ASSERT_NE(scale, nullptr) << takeErrorText();
  int32_t factor = 3;
  std::vector<int32_t> unknown(64);
  void *data = unknown.data();
  void *params[2] = {&data, &factor};
  mgpuLaunchKernel(scale, 1, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr, 2);
  std::string e = takeErrorText();
  EXPECT_TRUE(contains(e, "launch of kernel 'scale': argument #0 points to"))
      << e;
  EXPECT_TRUE(contains(e, "neither device memory")) << e;
  EXPECT_EQ(launchCount(), 0);

  void *dev = mgpuMemAlloc(256, nullptr, false);
  void *devParams[2] = {&dev, &factor};
  mgpuLaunchKernel(scale, 1, 1, 1, 64, 1, 1, 0, nullptr, devParams, nullptr, 1);
  EXPECT_TRUE(contains(takeErrorText(), "the kernel takes 2 explicit "
                                        "arguments, the launch passes 1"));
  // Once an error is recorded, later launches do not run.
  mgpuLaunchKernel(scale, 0, 1, 1, 64, 1, 1, 0, nullptr, devParams, nullptr, 2);
  mgpuLaunchKernel(scale, 1, 1, 1, 64, 1, 1, 0, nullptr, devParams, nullptr, 2);
  EXPECT_TRUE(contains(takeErrorText(), "grid x = 0 is out of range"));
  EXPECT_EQ(launchCount(), 0);
  EXPECT_EQ(mgpuModuleGetFunction(module, "nope"), nullptr);
  EXPECT_TRUE(contains(takeErrorText(), "no kernel 'nope'"));
}

TEST(WrappersWithoutHip, OpeningTheDeviceFailsCleanly) {
  setenv("FP4_HIP_LIBRARY", "/nonexistent/libamdhip64.so", 1);
  gpu::RuntimeOptions options;
  options.device.kind = DeviceKind::Hip;
  gpu::configure(options);
  std::vector<uint8_t> hsaco = codeObjectBytes("kernels-gfx950.hsaco");
  EXPECT_EQ(mgpuModuleLoad(hsaco.data(), hsaco.size()), nullptr);
  EXPECT_TRUE(contains(takeErrorText(),
                       "cannot open the device: no HIP runtime found"));
  unsetenv("FP4_HIP_LIBRARY");
  gpu::configure(gpu::RuntimeOptions());
}

TEST(WrappersOnEmulator, RunsAKernelOnRegisteredHostMemory) {
  gpu::RuntimeOptions options;
  options.device.kind = DeviceKind::Emulator;
  options.device.threads = 1;
  gpu::configure(options);
  std::vector<uint8_t> bare = codeObjectBytes("kernels-gfx950.hsaco");
  // Without the device IR the emulator has nothing to run.
  EXPECT_EQ(mgpuModuleLoad(bare.data(), bare.size()), nullptr);
  EXPECT_TRUE(contains(takeErrorText(), "carries no device IR"));

  gpu::configure(options);
  auto withIR = addDeviceIR(
      llvm::StringRef(reinterpret_cast<const char *>(bare.data()), bare.size()),
      inputText("kernels.ll"));
  FP4_ASSERT_OK(withIR);
  void *module = mgpuModuleLoad(withIR->data(), withIR->size());
  ASSERT_NE(module, nullptr) << takeErrorText();
  void *scale = mgpuModuleGetFunction(module, "scale");
  std::vector<int32_t> data(64);
  for (int i = 0; i < 64; ++i)
    data[i] = i - 20;
  mgpuMemHostRegister(data.data(), data.size() * sizeof(int32_t));
  int32_t factor = -3;
  void *pointer = data.data();
  void *params[2] = {&pointer, &factor};
  mgpuLaunchKernel(scale, 1, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr, 2);
  ASSERT_EQ(takeErrorText(), "");
  for (int i = 0; i < 64; ++i)
    EXPECT_EQ(data[i], (i - 20) * -3) << i;
  std::vector<gpu::LaunchRecord> launches = gpu::takeLaunches();
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_GT(launches[0].timing.waveInstructions, 0u);
  mgpuMemHostUnregister(data.data());
  gpu::configure(gpu::RuntimeOptions());
}

TEST(DeviceIRSection, RoundTripStripAndDamage) {
  std::vector<uint8_t> bare = codeObjectBytes("kernels-gfx950.hsaco");
  llvm::StringRef bareText(reinterpret_cast<const char *>(bare.data()),
                           bare.size());
  std::string ir = inputText("kernels.ll");
  auto none = extractDeviceIR(bare);
  FP4_ASSERT_OK(none);
  EXPECT_FALSE(none->has_value());

  auto withIR = addDeviceIR(bareText, ir);
  FP4_ASSERT_OK(withIR);
  llvm::ArrayRef<uint8_t> withBytes(
      reinterpret_cast<const uint8_t *>(withIR->data()), withIR->size());
  auto back = extractDeviceIR(withBytes);
  FP4_ASSERT_OK(back);
  ASSERT_TRUE(back->has_value());
  EXPECT_EQ(**back, ir);
  // Still a valid code object with the same kernels.
  auto co = readCodeObject(withBytes);
  FP4_ASSERT_OK(co);
  EXPECT_NE(co->findKernel("add_lds"), nullptr);

  auto stripped = stripDeviceIR(*withIR);
  FP4_ASSERT_OK(stripped);
  auto gone = extractDeviceIR(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(stripped->data()), stripped->size()));
  FP4_ASSERT_OK(gone);
  EXPECT_FALSE(gone->has_value());

  // A damaged header is an error, not a guess.
  std::string damaged = *withIR;
  size_t at = damaged.find("FP4DVIR1");
  ASSERT_NE(at, std::string::npos);
  damaged[at + 7] = '9';
  EXPECT_TRUE(contains(
      errorOf(extractDeviceIR(llvm::ArrayRef<uint8_t>(
          reinterpret_cast<const uint8_t *>(damaged.data()), damaged.size()))),
      "section is damaged: no FP4DVIR1 header"));
}

} // namespace
