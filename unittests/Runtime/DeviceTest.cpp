//===- DeviceTest.cpp - the emulator Device checks launches -----*- C++ -*-===//
//
// The emulator backend must refuse what a gfx950 behind HIP would refuse,
// from the code object, before the device IR runs: another chip's code
// object, a kernel the code object lacks, a segment packed for another
// kernel, more LDS than the chip has (fixed in the metadata or dynamic on
// the launch). A fault inside the kernel is the emulator's error.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/Device.h"

#include "TestUtil.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Endian.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace fp4::runtime;
using namespace fp4::runtime::test;
namespace endian = llvm::support::endian;

namespace {

std::string inputText(const std::string &name) {
  std::vector<uint8_t> bytes =
      readBytes(std::string(FP4_RT_INPUTS_DIR) + "/" + name);
  return std::string(bytes.begin(), bytes.end());
}

class EmulatorDevice : public ::testing::Test {
protected:
  void SetUp() override {
    DeviceOptions options;
    options.threads = 1;
    auto created = createEmulatorDevice(options);
    ASSERT_TRUE(bool(created)) << llvm::toString(created.takeError());
    device = std::move(*created);
    kernelsIR = inputText("kernels.ll");
    bigLdsIR = inputText("big-lds.ll");
  }

  llvm::Expected<std::unique_ptr<LoadedModule>>
  load(const std::vector<uint8_t> &hsaco, llvm::StringRef ir) {
    return device->load(KernelImage{hsaco, ir});
  }

  /// big_lds(out) on one wave, `dynamicLds` bytes of dynamic LDS.
  llvm::Expected<LaunchTiming> launchBigLds(LoadedModule &module,
                                            uint32_t dynamicLds) {
    auto out = device->allocate(64 * 4);
    if (!out)
      return out.takeError();
    KernelArgPacker packer(*module.codeObject().findKernel("big_lds"));
    if (llvm::Error e = packer.addPointer(*out))
      return std::move(e);
    LaunchConfig config;
    config.block = {64, 1, 1};
    config.dynamicLdsBytes = dynamicLds;
    auto seg = packer.finish(config);
    if (!seg)
      return seg.takeError();
    return device->launch(module, "big_lds", *seg);
  }

  std::unique_ptr<Device> device;
  std::string kernelsIR, bigLdsIR;
};

TEST(EmulatorDeviceCreation, OnlyGfx950IsModelled) {
  DeviceOptions options;
  options.chip = "gfx942";
  EXPECT_EQ(errorOf(createEmulatorDevice(options)),
            "the emulator models gfx950 only, not 'gfx942'");
  options.kind = DeviceKind::Emulator;
  EXPECT_EQ(errorOf(openDevice(options)),
            "the emulator models gfx950 only, not 'gfx942'");
}

TEST_F(EmulatorDevice, LoadChecksTargetAndIR) {
  EXPECT_EQ(errorOf(load(codeObjectBytes("kernels-gfx942.hsaco"), kernelsIR)),
            "code object is for gfx942, not gfx950");
  std::vector<uint8_t> gfx950 = codeObjectBytes("kernels-gfx950.hsaco");
  EXPECT_EQ(errorOf(load(gfx950, "")),
            "the emulator runs the device LLVM IR kept beside the HSACO, and "
            "this kernel image has none");
  EXPECT_EQ(errorOf(load(gfx950, bigLdsIR)),
            "kernel 'add_lds' of the code object is not in the device IR");
  std::vector<uint8_t> truncated(gfx950.begin(), gfx950.begin() + 100);
  EXPECT_NE(errorOf(load(truncated, kernelsIR)), "");
  FP4_ASSERT_OK(load(gfx950, kernelsIR));
}

TEST_F(EmulatorDevice, LaunchChecksKernelAndSegment) {
  auto module = load(codeObjectBytes("kernels-gfx950.hsaco"), kernelsIR);
  FP4_ASSERT_OK(module);
  LoadedModule &m = **module;
  auto data = device->allocate(256 * 4);
  FP4_ASSERT_OK(data);
  KernelArgPacker packer(*m.codeObject().findKernel("scale"));
  FP4_ASSERT_NO_ERROR(packer.addPointer(*data));
  FP4_ASSERT_NO_ERROR(packer.addScalar<int32_t>(3));
  LaunchConfig config;
  config.block = {256, 1, 1};
  auto seg = packer.finish(config);
  FP4_ASSERT_OK(seg);

  EXPECT_EQ(errorOf(device->launch(m, "missing", *seg)),
            "code object has no kernel 'missing' (it has 'add_lds', 'scale')");
  EXPECT_EQ(errorOf(device->launch(m, "add_lds", *seg)),
            "kernarg segment was packed for 'scale', not 'add_lds'");
  KernargSegment shortSeg = *seg;
  shortSeg.bytes.resize(8);
  EXPECT_EQ(errorOf(device->launch(m, "scale", shortSeg)),
            "kernarg segment for 'scale' has 8 bytes, the kernel needs " +
                std::to_string(
                    m.codeObject().findKernel("scale")->kernargSegmentSize));
  KernargSegment tooWide = *seg;
  tooWide.config.block = {512, 1, 1};
  EXPECT_EQ(errorOf(device->launch(m, "scale", tooWide)),
            "launch of 'scale': block 512x1x1 has 512 work-items, more than "
            "the kernel's max_flat_workgroup_size 256");

  // It runs, and a kernel that reads past its buffer is the emulator's
  // error, naming the lane and the allocation.
  FP4_ASSERT_OK(device->launch(m, "scale", *seg));
  auto small = device->allocate(64 * 4);
  FP4_ASSERT_OK(small);
  KernelArgPacker past(*m.codeObject().findKernel("scale"));
  FP4_ASSERT_NO_ERROR(past.addPointer(*small));
  FP4_ASSERT_NO_ERROR(past.addScalar<int32_t>(3));
  auto pastSeg = past.finish(config);
  FP4_ASSERT_OK(pastSeg);
  std::string e = errorOf(device->launch(m, "scale", *pastSeg));
  EXPECT_NE(e.find("emulator: kernel 'scale', work-group (0, 0, 0), wave 1, "
                   "lane 0 (work-item (64, 0, 0), flat 64): out-of-bounds "
                   "load of 4 byte(s)"),
            std::string::npos)
      << e;
}

TEST_F(EmulatorDevice, DynamicLdsOverTheChipIsRefused) {
  auto module = load(codeObjectBytes("big-lds-gfx950.hsaco"), bigLdsIR);
  FP4_ASSERT_OK(module);
  // 96 KiB fixed + 64 KiB dynamic is exactly gfx950's 160 KiB.
  FP4_ASSERT_OK(launchBigLds(**module, 64 * 1024));
  EXPECT_EQ(errorOf(launchBigLds(**module, 64 * 1024 + 1)),
            "launch of 'big_lds' on the emulator (gfx950): needs 163841 bytes "
            "of LDS (98304 fixed + 65537 dynamic), the chip has 163840");
}

TEST_F(EmulatorDevice, FixedLdsOverTheChipIsRefused) {
  // The 96 KiB kernel's code object, edited to ask for 192 KiB (more than
  // llc would write for gfx950) in both places the reader compares: the
  // metadata's .group_segment_fixed_size (msgpack uint32 0x18000) and the
  // kernel descriptor's first word.
  std::vector<uint8_t> bytes = codeObjectBytes("big-lds-gfx950.hsaco");
  auto original = readCodeObject(bytes);
  FP4_ASSERT_OK(original);
  const KernelInfo &k = original->kernels[0];
  ASSERT_EQ(k.groupSegmentFixedSize, 98304u);
  auto desc = std::search(bytes.begin(), bytes.end(), k.descriptor.begin(),
                          k.descriptor.end());
  ASSERT_NE(desc, bytes.end());
  endian::write32le(&*desc, 192 * 1024);
  llvm::StringRef key = ".group_segment_fixed_size";
  auto meta = std::search(bytes.begin(), bytes.end(), key.begin(), key.end());
  ASSERT_NE(meta, bytes.end());
  uint8_t *value = &*meta + key.size();
  ASSERT_EQ(value[0], 0xCE); // msgpack uint32
  endian::write32be(value + 1, 192 * 1024);

  auto module = load(bytes, bigLdsIR);
  FP4_ASSERT_OK(module);
  EXPECT_EQ((*module)->codeObject().kernels[0].groupSegmentFixedSize,
            192u * 1024);
  EXPECT_EQ(errorOf(launchBigLds(**module, 0)),
            "launch of 'big_lds' on the emulator (gfx950): needs 196608 bytes "
            "of LDS (196608 fixed + 0 dynamic), the chip has 163840");
}

} // namespace
