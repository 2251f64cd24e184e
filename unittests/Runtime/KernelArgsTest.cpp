//===- KernelArgsTest.cpp - kernarg segment packing -------------*- C++ -*-===//

#include "fp4/Runtime/KernelArgs.h"

#include "TestUtil.h"

#include "llvm/Support/Endian.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace fp4::runtime;
using namespace fp4::runtime::test;
namespace endian = llvm::support::endian;

namespace {

class KernelArgs : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::Expected<CodeObject> read =
        readCodeObject(codeObjectBytes("kernels-gfx950.hsaco"));
    FP4_ASSERT_OK(read);
    co = std::move(*read);
    addLds = co.findKernel("add_lds");
    scale = co.findKernel("scale");
    ASSERT_TRUE(addLds && scale);
  }

  /// The offset of the hidden argument of kind `kind` in `k`.
  static const KernelArgInfo &hidden(const KernelInfo &k,
                                     llvm::StringRef kind) {
    for (const KernelArgInfo &a : k.args)
      if (a.valueKind == kind)
        return a;
    ADD_FAILURE() << "no " << kind.str();
    static KernelArgInfo none;
    return none;
  }

  /// Packs add_lds(out, in, n, big, small, f) with distinctive values.
  static void addAll(KernelArgPacker &p) {
    FP4_ASSERT_NO_ERROR(p.addPointer(0x1122334455667788ull));
    FP4_ASSERT_NO_ERROR(p.addPointer(0x0000700000001000ull));
    FP4_ASSERT_NO_ERROR(p.addScalar<int32_t>(-5));
    FP4_ASSERT_NO_ERROR(p.addScalar<uint64_t>(0xa1b2c3d4e5f60718ull));
    FP4_ASSERT_NO_ERROR(p.addScalar<uint16_t>(0xbeef));
    FP4_ASSERT_NO_ERROR(p.addScalar<float>(1.5f));
  }

  CodeObject co;
  const KernelInfo *addLds = nullptr, *scale = nullptr;
};

TEST_F(KernelArgs, PacksExplicitArgumentsAtTheirOffsets) {
  KernelArgPacker p(*addLds);
  EXPECT_EQ(p.numExpected(), 6u);
  addAll(p);
  EXPECT_EQ(p.numAdded(), 6u);
  LaunchConfig config;
  config.grid = {7, 3, 2};
  config.block = {256, 2, 1};
  llvm::Expected<KernargSegment> seg = p.finish(config);
  FP4_ASSERT_OK(seg);
  EXPECT_EQ(seg->kernelName, "add_lds");
  ASSERT_EQ(seg->bytes.size(), addLds->kernargSegmentSize);
  const uint8_t *b = seg->bytes.data();
  EXPECT_EQ(endian::read64le(b + 0), 0x1122334455667788ull);
  EXPECT_EQ(endian::read64le(b + 8), 0x0000700000001000ull);
  EXPECT_EQ(int32_t(endian::read32le(b + 16)), -5);
  EXPECT_EQ(endian::read32le(b + 20), 0u); // padding before the i64
  EXPECT_EQ(endian::read64le(b + 24), 0xa1b2c3d4e5f60718ull);
  EXPECT_EQ(endian::read16le(b + 32), 0xbeef);
  float f;
  std::memcpy(&f, b + 36, 4);
  EXPECT_EQ(f, 1.5f);

  ASSERT_EQ(seg->explicitSlots.size(), 6u);
  const std::pair<uint32_t, uint32_t> slots[] = {{0, 8},  {8, 8},  {16, 4},
                                                 {24, 8}, {32, 2}, {36, 4}};
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(seg->explicitSlots[i].offset, slots[i].first) << i;
    EXPECT_EQ(seg->explicitSlots[i].size, slots[i].second) << i;
  }
}

TEST_F(KernelArgs, FillsHiddenArguments) {
  KernelArgPacker p(*addLds);
  addAll(p);
  LaunchConfig config;
  config.grid = {7, 3, 2};
  config.block = {128, 4, 2};
  config.dynamicLdsBytes = 512;
  llvm::Expected<KernargSegment> seg = p.finish(config);
  FP4_ASSERT_OK(seg);
  auto at = [&](llvm::StringRef kind) -> uint64_t {
    const KernelArgInfo &a = hidden(*addLds, kind);
    const uint8_t *q = seg->bytes.data() + a.offset;
    switch (a.size) {
    case 2:
      return endian::read16le(q);
    case 4:
      return endian::read32le(q);
    default:
      return endian::read64le(q);
    }
  };
  EXPECT_EQ(at("hidden_block_count_x"), 7u);
  EXPECT_EQ(at("hidden_block_count_y"), 3u);
  EXPECT_EQ(at("hidden_block_count_z"), 2u);
  EXPECT_EQ(at("hidden_group_size_x"), 128u);
  EXPECT_EQ(at("hidden_group_size_y"), 4u);
  EXPECT_EQ(at("hidden_group_size_z"), 2u);
  EXPECT_EQ(at("hidden_remainder_x"), 0u);
  EXPECT_EQ(at("hidden_remainder_y"), 0u);
  EXPECT_EQ(at("hidden_remainder_z"), 0u);
  EXPECT_EQ(at("hidden_grid_dims"), 3u);
  EXPECT_EQ(at("hidden_global_offset_x"), 0u);
  EXPECT_EQ(at("hidden_hostcall_buffer"), 0u);
  // Past the group sizes and remainders (which end at byte 64), only
  // hidden_grid_dims is non-zero.
  size_t nonZero = 0;
  for (uint8_t byte : llvm::ArrayRef<uint8_t>(seg->bytes).drop_front(64))
    nonZero += byte != 0;
  EXPECT_EQ(nonZero, 1u);
  EXPECT_GE(hidden(*addLds, "hidden_grid_dims").offset, 64u);
}

TEST_F(KernelArgs, FinishIsRepeatable) {
  KernelArgPacker p(*scale);
  FP4_ASSERT_NO_ERROR(p.addPointer(0x1000));
  FP4_ASSERT_NO_ERROR(p.addScalar<uint32_t>(3));
  LaunchConfig a, b;
  a.grid = {1, 1, 1};
  b.grid = {9, 1, 1};
  llvm::Expected<KernargSegment> sa = p.finish(a), sb = p.finish(b);
  FP4_ASSERT_OK(sa);
  FP4_ASSERT_OK(sb);
  const KernelArgInfo &countX = hidden(*scale, "hidden_block_count_x");
  EXPECT_EQ(endian::read32le(sa->bytes.data() + countX.offset), 1u);
  EXPECT_EQ(endian::read32le(sb->bytes.data() + countX.offset), 9u);
  EXPECT_EQ(endian::read64le(sb->bytes.data()), 0x1000u);
}

TEST_F(KernelArgs, WrongSizeNamesIndexAndExpectedSize) {
  KernelArgPacker p(*addLds);
  FP4_ASSERT_NO_ERROR(p.addPointer(1));
  FP4_ASSERT_NO_ERROR(p.addPointer(2));
  EXPECT_EQ(errorOf(p.addScalar<uint64_t>(5)),
            "kernel 'add_lds' argument 2 ('n'): expected 4 bytes, got 8");
  // The failed argument was not consumed.
  EXPECT_EQ(p.numAdded(), 2u);
  FP4_ASSERT_NO_ERROR(p.addScalar<uint32_t>(5));
  EXPECT_EQ(errorOf(p.addScalar<uint32_t>(1)),
            "kernel 'add_lds' argument 3 ('big'): expected 8 bytes, got 4");
}

TEST_F(KernelArgs, WrongKind) {
  KernelArgPacker p(*addLds);
  EXPECT_EQ(errorOf(p.addScalar<uint64_t>(5)),
            "kernel 'add_lds' argument 0 ('out') is global_buffer, not a "
            "scalar");
  FP4_ASSERT_NO_ERROR(p.addPointer(1));
  FP4_ASSERT_NO_ERROR(p.addPointer(2));
  EXPECT_EQ(errorOf(p.addPointer(3)),
            "kernel 'add_lds' argument 2 ('n') is by_value, not a pointer");
}

TEST_F(KernelArgs, WrongCount) {
  KernelArgPacker p(*scale);
  FP4_ASSERT_NO_ERROR(p.addPointer(1));
  EXPECT_EQ(errorOf(p.finish(LaunchConfig())),
            "kernel 'scale' takes 2 explicit arguments, but 1 were given");
  FP4_ASSERT_NO_ERROR(p.addScalar<int32_t>(2));
  EXPECT_EQ(errorOf(p.addScalar<int32_t>(3)),
            "kernel 'scale' argument 2: the kernel takes only 2 explicit "
            "arguments");
}

TEST_F(KernelArgs, LaunchConfigChecks) {
  KernelArgPacker p(*scale);
  FP4_ASSERT_NO_ERROR(p.addPointer(1));
  FP4_ASSERT_NO_ERROR(p.addScalar<int32_t>(2));
  LaunchConfig c;
  c.block = {512, 1, 1}; // scale allows 256
  EXPECT_EQ(errorOf(p.finish(c)),
            "launch of 'scale': block 512x1x1 has 512 work-items, more than "
            "the kernel's max_flat_workgroup_size 256");
  c.block = {16, 16, 1};
  EXPECT_EQ(errorOf(p.finish(c)), "");
  c.block = {16, 0, 1};
  EXPECT_EQ(errorOf(p.finish(c)),
            "launch of 'scale': block 16x0x1 has a zero dimension");
  c.block = {64, 1, 1};
  c.grid = {0, 1, 1};
  EXPECT_EQ(errorOf(p.finish(c)),
            "launch of 'scale': grid 0x1x1 has a zero dimension");
  c.grid = {UINT32_MAX, 1, 1};
  EXPECT_NE(errorOf(p.finish(c)).find("exceeds 2^32-1 work-items"),
            std::string::npos);
}

TEST_F(KernelArgs, HandBuiltKernelInfoOutOfBounds) {
  KernelInfo k;
  k.name = "bad";
  k.kernargSegmentSize = 8;
  k.kernargSegmentAlign = 8;
  k.maxFlatWorkgroupSize = 64;
  k.args.push_back({"p", 4, 8, "global_buffer", "global"});
  KernelArgPacker p(k);
  EXPECT_EQ(errorOf(p.addPointer(1)),
            "kernel 'bad' argument 0 ('p') lies outside the 8-byte kernarg "
            "segment");
}

} // namespace
