//===- ErrorTest.cpp - Faults the emulator must report ---------*- C++ -*-===//
//
// Each kernel here is wrong in one way; the launch must fail with a message
// that says what happened and where (work-group, wave, lane, address,
// instruction), never crash.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

using namespace fp4::emu;
using namespace fp4::emu::test;

namespace {

#define EXPECT_HAS(msg, text)                                                  \
  EXPECT_NE((msg).find(text), std::string::npos)                               \
      << "expected '" << (text) << "' in:\n"                                   \
      << (msg)

struct VaddBuffers {
  uint64_t a, b, c;
};

std::string vaddFault(size_t aFloats, size_t cFloats) {
  auto p = loadInput("vadd.ll");
  if (!p)
    return "";
  DeviceMemory mem;
  uint64_t a = upload(mem, std::vector<float>(aFloats, 1));
  uint64_t b = upload(mem, std::vector<float>(1000, 2));
  uint64_t c = upload(mem, std::vector<float>(cFloats, 0));
  Kernarg args;
  args.add(a).add(b).add(c).add(int32_t(1000));
  LaunchOptions one;
  one.threads = 1; // the first faulting work-group is then known
  std::string msg =
      runFails(*p, "vadd", {8, 1, 1}, {128, 1, 1}, args, mem, one);
  // Name the expected address for the checks.
  char buf[64];
  std::snprintf(
      buf, sizeof(buf), "0x%llx",
      (unsigned long long)(aFloats < 1000 ? a + 4 * aFloats : c + 4 * cFloats));
  return msg + "\n[expected address " + buf + "]";
}

TEST(ErrorTest, OutOfBoundsGlobalLoadNamesLaneAndAddress) {
  // a holds 500 floats: element 500 is work-group 3, lane 116 = wave 1
  // lane 52.
  std::string msg = vaddFault(500, 1000);
  EXPECT_HAS(msg, "kernel 'vadd'");
  EXPECT_HAS(msg, "work-group (3, 0, 0), wave 1, lane 52");
  EXPECT_HAS(msg, "out-of-bounds load of 4 byte(s) at global address");
  size_t at = msg.find("[expected address ");
  ASSERT_NE(at, std::string::npos);
  std::string addr = msg.substr(at + 18, msg.size() - at - 19);
  EXPECT_HAS(msg, "address " + addr);
  EXPECT_HAS(msg, "load float");
}

TEST(ErrorTest, OutOfBoundsGlobalStore) {
  // c holds 999 floats: element 999 is work-group 7, lane 103 = wave 1
  // lane 39.
  std::string msg = vaddFault(1000, 999);
  EXPECT_HAS(msg, "work-group (7, 0, 0), wave 1, lane 39");
  EXPECT_HAS(msg, "out-of-bounds store of 4 byte(s)");
  EXPECT_HAS(msg, "starts 0 byte(s) after the end of allocation");
}

// The kernels of Inputs/errors.ll take one output buffer, of one element per
// work-item.

TEST(ErrorTest, OutOfBoundsLds) {
  std::string msg = OneBufferKernel("errors.ll", 64).runFails("lds_oob");
  EXPECT_HAS(msg, "wave 0, lane 32");
  EXPECT_HAS(msg, "out-of-bounds store of 4 byte(s) at LDS address 0x100");
  EXPECT_HAS(msg, "256 byte(s) of LDS");
}

TEST(ErrorTest, DivergenceAtMfma) {
  std::string msg = OneBufferKernel("errors.ll", 64).runFails("diverge_mfma");
  EXPECT_HAS(msg, "diverged at a cross-lane operation");
  EXPECT_HAS(msg, "lanes 0-31 wait at:");
  EXPECT_HAS(msg, "llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4");
  EXPECT_HAS(msg, "lanes 32-63 already returned");
}

TEST(ErrorTest, BarrierDeadlock) {
  std::string msg = OneBufferKernel("errors.ll", 128).runFails("deadlock");
  EXPECT_HAS(msg, "barrier deadlock");
  EXPECT_HAS(msg, "wave 0: waits at");
  EXPECT_HAS(msg, "llvm.amdgcn.s.barrier");
  EXPECT_HAS(msg, "wave 1: returned after 0 barrier arrival(s)");
}

TEST(ErrorTest, MfmaInPartialWave) {
  std::string msg = OneBufferKernel("errors.ll", 96).runFails("partial_mfma");
  EXPECT_HAS(msg, "wave 1");
  EXPECT_HAS(msg, "lanes 32-63 of this wave are not work-items");
}

TEST(ErrorTest, RunawayLoopStopsAtInstructionLimit) {
  LaunchOptions opts;
  opts.maxWaveInstructionsPerGroup = 100000;
  std::string msg = OneBufferKernel("errors.ll", 64).runFails("spin", opts);
  EXPECT_HAS(msg, "more than 100000 wave instructions");
}

TEST(ErrorTest, DivisionByZero) {
  std::string msg = OneBufferKernel("errors.ll", 64).runFails("div0");
  EXPECT_HAS(msg, "lane 0 ");
  EXPECT_HAS(msg, "integer division by zero");
  EXPECT_HAS(msg, "udiv i32 100");
}

TEST(ErrorTest, WrongWorkGroupSizeForReqdWorkGroupSize) {
  auto p = loadInput("mfma16.ll");
  ASSERT_TRUE(p);
  DeviceMemory mem;
  Kernarg args;
  for (int i = 0; i < 6; ++i)
    args.add(uint64_t(0));
  std::string msg = runFails(*p, "mfma16", {1, 1, 1}, {128, 1, 1}, args, mem);
  EXPECT_HAS(msg, "requires work-groups of 64x1x1");
}

TEST(ErrorTest, HostAccessOutsideAllocations) {
  DeviceMemory mem;
  auto a = mem.allocate(64);
  ASSERT_TRUE(bool(a));
  uint8_t buf[128] = {};
  llvm::Error e = mem.write(*a + 32, buf, 64);
  ASSERT_TRUE(bool(e));
  EXPECT_HAS(llvm::toString(std::move(e)), "outside every allocation");
  e = mem.release(*a + 8);
  ASSERT_TRUE(bool(e));
  llvm::consumeError(std::move(e));
  EXPECT_FALSE(bool(mem.release(*a)));
  e = mem.read(*a, buf, 4);
  ASSERT_TRUE(bool(e));
  llvm::consumeError(std::move(e));
}

} // namespace

namespace {

TEST(ErrorTest, UnsupportedTypesAndCallsAreLoadErrors) {
  const char *header = "target triple = \"amdgcn-amd-amdhsa\"\n";
  struct Case {
    const char *body, *expect;
  };
  const Case cases[] = {
      {"define amdgpu_kernel void @k(ptr addrspace(1) %p, i128 %x) {\n"
       "  store i128 %x, ptr addrspace(1) %p\n  ret void\n}\n",
       "wider than 64 bits"},
      {"define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
       "  %v = load <vscale x 4 x i32>, ptr addrspace(1) %p\n"
       "  store <vscale x 4 x i32> %v, ptr addrspace(1) %p\n  ret void\n}\n",
       "unsupported type"},
      {"declare void @ext(i32)\n"
       "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
       "  call void @ext(i32 1)\n  ret void\n}\n",
       "external function"},
      {"define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
       "  call void asm sideeffect \"s_nop 0\", \"\"()\n  ret void\n}\n",
       "inline assembly"},
      {"define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr %f) {\n"
       "  call void %f()\n  ret void\n}\n",
       "indirect calls"},
      {"define void @notakernel() {\n  ret void\n}\n", "defines no kernel"},
  };
  for (const Case &c : cases) {
    auto p = Program::load(std::string(header) + c.body);
    ASSERT_FALSE(bool(p)) << c.body;
    std::string msg = llvm::toString(p.takeError());
    EXPECT_HAS(msg, c.expect);
  }
}

} // namespace
