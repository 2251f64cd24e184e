//===- EmulatorTest.cpp - Kernels run by the emulator ----------*- C++ -*-===//
//
// Lowered MLIR kernels (Inputs/*.mlir -> *.ll) and hand-written IR, run on
// the emulator and checked against values computed here on the host.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace fp4::emu;
using namespace fp4::emu::test;

namespace {

class EmulatorTest : public KernelTest {};

TEST_F(EmulatorTest, VectorAddOverWorkGroups) {
  auto p = loadInput("vadd.ll");
  ASSERT_TRUE(p);
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> dist(-100, 100);
  std::vector<float> a(1000), b(1000);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = dist(rng);
    b[i] = dist(rng);
  }
  arg(a);
  arg(b);
  uint64_t dc = arg(std::vector<float>(1000, -1.0f));
  args.add(int32_t(1000));
  LaunchStats st;
  run(*p, "vadd", {8, 1, 1}, {128, 1, 1}, args, mem, {}, &st);
  std::vector<float> c = download<float>(mem, dc, 1000);
  for (size_t i = 0; i < c.size(); ++i)
    ASSERT_EQ(bitsOf(c[i]), bitsOf(a[i] + b[i] * 2.0f)) << "element " << i;
  EXPECT_EQ(st.workGroups, 8u);
  EXPECT_EQ(st.waves, 16u);
  EXPECT_GT(st.laneInstructions, st.waveInstructions);
}

TEST_F(EmulatorTest, KernargSlotsFromMetadata) {
  // Arguments at metadata-given offsets (with gaps) instead of the ABI ones.
  auto p = loadInput("vadd.ll");
  ASSERT_TRUE(p);
  auto info = p->kernelInfo("vadd");
  ASSERT_TRUE(bool(info));
  ASSERT_EQ(info->abiArgSlots.size(), 4u);
  EXPECT_EQ(info->abiArgSlots[3].offset, 24u);
  EXPECT_EQ(info->abiArgSlots[3].size, 4u);
  std::vector<float> a(1000), b(1000);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = float(i);
    b[i] = float(3 * i);
  }
  uint64_t da = upload(mem, a), db = upload(mem, b);
  uint64_t dc = upload(mem, std::vector<float>(1000, 0));
  std::vector<uint8_t> seg(96, 0xEE);
  std::vector<KernelArgSlot> slots = {{64, 8}, {8, 8}, {32, 8}, {80, 4}};
  std::memcpy(&seg[64], &da, 8);
  std::memcpy(&seg[8], &db, 8);
  std::memcpy(&seg[32], &dc, 8);
  int32_t n = 500; // only the first 500 elements
  std::memcpy(&seg[80], &n, 4);
  llvm::Error e = launch(*p, "vadd", {8, 1, 1}, {128, 1, 1}, seg, slots, mem);
  ASSERT_FALSE(bool(e)) << llvm::toString(std::move(e));
  std::vector<float> c = download<float>(mem, dc, 1000);
  for (size_t i = 0; i < c.size(); ++i)
    ASSERT_EQ(c[i], i < 500 ? float(7 * i) : 0.0f) << "element " << i;

  // A slot whose size disagrees with the IR parameter is refused.
  slots[3].size = 8;
  e = launch(*p, "vadd", {8, 1, 1}, {128, 1, 1}, seg, slots, mem);
  ASSERT_TRUE(bool(e));
  EXPECT_NE(llvm::toString(std::move(e)).find("argument 3"), std::string::npos);
  // So is a slot past the end of the segment.
  slots[3] = {94, 4};
  e = launch(*p, "vadd", {8, 1, 1}, {128, 1, 1}, seg, slots, mem);
  ASSERT_TRUE(bool(e));
  EXPECT_NE(llvm::toString(std::move(e)).find("past the end"),
            std::string::npos);
}

TEST_F(EmulatorTest, LdsBarrierReductionAcrossWaves) {
  auto p = loadInput("reduce.ll");
  ASSERT_TRUE(p);
  std::mt19937 rng(2);
  std::vector<int32_t> in(1024);
  for (int32_t &v : in)
    v = int32_t(rng() % 20001) - 10000;
  arg(in);
  uint64_t dout = arg(std::vector<int32_t>(4, 0));
  run(*p, "reduce", {4, 1, 1}, {256, 1, 1}, args, mem);
  std::vector<int32_t> out = download<int32_t>(mem, dout, 4);
  for (int g = 0; g < 4; ++g) {
    int32_t sum = 0;
    for (int i = 0; i < 256; ++i)
      sum += in[g * 256 + i];
    EXPECT_EQ(out[g], sum) << "work-group " << g;
  }
}

TEST_F(EmulatorTest, DivergentLoopWithPhis) {
  auto p = loadInput("loop.ll");
  ASSERT_TRUE(p);
  uint64_t ds = arg(std::vector<uint32_t>(128, 0));
  uint64_t dp = arg(std::vector<uint32_t>(128, 0));
  run(*p, "collatz", {1, 1, 1}, {128, 1, 1}, args, mem);
  std::vector<uint32_t> steps = download<uint32_t>(mem, ds, 128);
  std::vector<uint32_t> peak = download<uint32_t>(mem, dp, 128);
  for (uint32_t i = 0; i < 128; ++i) {
    uint32_t n = i + 1, k = 0, m = n;
    while (n != 1) {
      n = n % 2 ? 3 * n + 1 : n / 2;
      ++k;
      m = std::max(m, n);
    }
    EXPECT_EQ(steps[i], k) << "lane " << i;
    EXPECT_EQ(peak[i], m) << "lane " << i;
  }
}

TEST_F(EmulatorTest, CrossLaneShufflesAndReadFirstLane) {
  auto p = loadInput("crosslane.ll");
  ASSERT_TRUE(p);
  std::mt19937 rng(3);
  std::vector<int32_t> in(128), src(128);
  for (int i = 0; i < 128; ++i) {
    in[i] = int32_t(rng());
    src[i] = int32_t(rng() % 80); // some >= 64: the lane keeps its value
  }
  arg(in);
  arg(src);
  uint64_t dout = arg(std::vector<int32_t>(512, 0));
  run(*p, "crosslane", {1, 1, 1}, {128, 1, 1}, args, mem);
  std::vector<int32_t> out = download<int32_t>(mem, dout, 512);
  for (int t = 0; t < 128; ++t) {
    int base = t / 64 * 64, lane = t % 64;
    int idx = src[t] < 64 ? base + src[t] : t;
    EXPECT_EQ(out[t], in[idx]) << "shuffle idx, lane " << t;
    EXPECT_EQ(out[128 + t], in[base + (lane ^ 5)]) << "shuffle xor, lane " << t;
    EXPECT_EQ(out[256 + t], in[base]) << "readfirstlane, lane " << t;
    int down = lane + 1 < 64 ? t + 1 : t;
    EXPECT_EQ(out[384 + t], in[down]) << "shuffle down, lane " << t;
  }
}

TEST_F(EmulatorTest, IntegerFloatConversions) {
  auto p = loadInput("convert.ll");
  ASSERT_TRUE(p);
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> dist(-3000, 3000);
  std::vector<float> xs(64), ys(64);
  std::vector<int32_t> ns(64);
  for (int i = 0; i < 64; ++i) {
    xs[i] = dist(rng);
    ys[i] = dist(rng) / 7;
    ns[i] = int32_t(rng()) >> (i % 24);
  }
  xs[0] = 0.5f; // ties and edge values
  xs[1] = -2.5f;
  xs[2] = 65504.0f;          // largest half
  xs[3] = 1.0f + 1.0f / 256; // a bf16 tie
  ns[0] = -1;
  ns[1] = 16777217; // not representable in f32
  arg(xs);
  arg(ys);
  arg(ns);
  uint64_t di = arg(std::vector<int32_t>(128, 0));
  uint64_t df = arg(std::vector<float>(448, 0));
  run(*p, "convert", {1, 1, 1}, {64, 1, 1}, args, mem);
  std::vector<int32_t> ints = download<int32_t>(mem, di, 128);
  std::vector<float> fl = download<float>(mem, df, 448);
  for (int t = 0; t < 64; ++t) {
    float x = xs[t], y = ys[t];
    EXPECT_EQ(ints[t], int32_t(x)) << t;
    EXPECT_EQ(uint32_t(ints[64 + t]), uint32_t(std::fabs(x))) << t;
    EXPECT_EQ(bitsOf(fl[t]), bitsOf(float(ns[t]))) << t;
    EXPECT_EQ(bitsOf(fl[64 + t]), bitsOf(float(uint32_t(ns[t])))) << t;
    EXPECT_EQ(bitsOf(fl[128 + t]), bitsOf(bf16Value(toBF16(x)))) << t;
    _Float16 xh = _Float16(x);
    EXPECT_EQ(bitsOf(fl[192 + t]), bitsOf(float(xh))) << t;
    _Float16 hm = _Float16(float(xh) * 3.0f);
    _Float16 ha = _Float16(float(hm) + 1.0f);
    EXPECT_EQ(bitsOf(fl[256 + t]), bitsOf(float(ha))) << t;
    float bm = bf16Value(toBF16(bf16Value(toBF16(x)) * bf16Value(toBF16(y))));
    EXPECT_EQ(bitsOf(fl[320 + t]), bitsOf(bm)) << t;
    EXPECT_EQ(bitsOf(fl[384 + t]), bitsOf(float(double(x) / 3.0))) << t;
  }
}

TEST_F(EmulatorTest, BufferLoadsOutOfRangeReadZero) {
  auto p = loadInput("buffer.ll");
  ASSERT_TRUE(p);
  std::vector<float> in(64);
  for (int i = 0; i < 64; ++i)
    in[i] = float(i) + 0.25f;
  // The allocation is larger than num_records: the zeros come from the
  // buffer range check, not from the end of the allocation.
  std::vector<float> big(in);
  big.resize(256, 99.0f);
  arg(big);
  uint64_t dout = arg(std::vector<float>(128, -1));
  LaunchStats st;
  run(*p, "buf", {1, 1, 1}, {64, 1, 1}, args, mem, {}, &st);
  std::vector<float> out = download<float>(mem, dout, 128);
  for (int t = 0; t < 64; ++t) {
    EXPECT_EQ(out[t], t < 32 ? in[2 * t] : 0.0f) << "raw buffer, lane " << t;
    EXPECT_EQ(out[64 + t], t < 32 ? in[2 * t + 1] : 0.0f)
        << "fat pointer, lane " << t;
  }
  EXPECT_EQ(st.bufferOutOfRangeDwords, 64u);
}

TEST_F(EmulatorTest, CallsSwitchAtomicsDppShuffles) {
  auto p = loadInput("misc.ll");
  ASSERT_TRUE(p);
  uint64_t dout = arg(std::vector<int32_t>(128, 0));
  uint64_t dcnt = arg(std::vector<int32_t>(1, 5));
  uint64_t dout2 = arg(std::vector<int32_t>(128, 0));
  uint64_t dout3 = arg(std::vector<int32_t>(128, 0));
  run(*p, "misc", {1, 1, 1}, {128, 1, 1}, args, mem);
  std::vector<int32_t> out = download<int32_t>(mem, dout, 128);
  std::vector<int32_t> out2 = download<int32_t>(mem, dout2, 128);
  std::vector<int32_t> out3 = download<int32_t>(mem, dout3, 128);
  const int32_t table[4] = {10, 20, 30, 40};
  for (int t = 0; t < 128; ++t) {
    int m = t & 3;
    int x = (m == 1 || m == 3) ? t : t + 100;
    int32_t r = x * x + table[x & 3];
    EXPECT_EQ(out[t], r) << "lane " << t;
    EXPECT_EQ(out2[t], t % 16 == 0 ? 0 : t - 1) << "dpp, lane " << t;
    int32_t v[4] = {t, m, 5, r}, c[4] = {1000, 2000, 3000, 4000};
    int32_t s[4] = {v[3], c[2], v[0], v[1]};
    int32_t sum = s[0] + s[1] + s[2] + s[3];
    EXPECT_EQ(out3[t], sum ^ s[m]) << "shuffle, lane " << t;
  }
  EXPECT_EQ(download<int32_t>(mem, dcnt, 1)[0], 5 + 128);
}

TEST_F(EmulatorTest, PackedBf16AtomicAddsEachHalf) {
  // gfx950's global_atomic_pk_add_bf16: every lane adds (tid, -tid / 2) to
  // one word of two bf16, each half rounded on its own, and gets the old
  // pair back.
  const char *ir = R"(
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %sum, ptr addrspace(1) %old) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %f = uitofp i32 %tid to bfloat
  %h = fmul bfloat %f, 0xR3F00
  %n = fneg bfloat %h
  %v0 = insertelement <2 x bfloat> poison, bfloat %f, i32 0
  %v = insertelement <2 x bfloat> %v0, bfloat %n, i32 1
  %r = atomicrmw fadd ptr addrspace(1) %sum, <2 x bfloat> %v syncscope("agent") monotonic, align 4
  %p = getelementptr <2 x bfloat>, ptr addrspace(1) %old, i32 %tid
  store <2 x bfloat> %r, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
)";
  auto p = Program::load(ir);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  uint64_t dsum = arg(std::vector<uint16_t>(2, 0));
  uint64_t dold = arg(std::vector<uint16_t>(2 * 8, 0xFFFF));
  run(**p, "k", {1, 1, 1}, {8, 1, 1}, args, mem);
  std::vector<uint16_t> sum = download<uint16_t>(mem, dsum, 2);
  // 0 + 1 + ... + 7 = 28 and -14, both exact in bf16.
  EXPECT_EQ(sum[0], 0x41E0); // 28.0
  EXPECT_EQ(sum[1], 0xC160); // -14.0
  std::vector<uint16_t> old = download<uint16_t>(mem, dold, 16);
  EXPECT_EQ(old[0], 0); // lane 0 runs first in a wave
  EXPECT_EQ(old[1], 0);
}

TEST_F(EmulatorTest, UnsupportedIRIsRefusedAtLoad) {
  const char *ir = R"(
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %v = call i64 @llvm.amdgcn.s.memtime()
  store i64 %v, ptr addrspace(1) %p
  ret void
}
declare i64 @llvm.amdgcn.s.memtime()
)";
  auto p = Program::load(ir);
  ASSERT_FALSE(bool(p));
  std::string msg = llvm::toString(p.takeError());
  EXPECT_NE(msg.find("llvm.amdgcn.s.memtime"), std::string::npos) << msg;
  EXPECT_NE(msg.find("not supported"), std::string::npos) << msg;

  auto q = Program::load("this is not IR");
  ASSERT_FALSE(bool(q));
  EXPECT_NE(llvm::toString(q.takeError()).find("cannot parse"),
            std::string::npos);
}

} // namespace

namespace {

TEST_F(EmulatorTest, DispatchQueriesAndFlatAddressing) {
  auto p = loadInput("dispatch.ll");
  ASSERT_TRUE(p);
  const unsigned groups = 3 * 2 * 2, items = 32;
  uint64_t dout = arg(std::vector<int32_t>(groups * items * 8, -1));
  args.add(int32_t(4242));
  run(*p, "dispatch", {3, 2, 2}, {16, 2, 1}, args, mem);
  std::vector<int32_t> out = download<int32_t>(mem, dout, groups * items * 8);
  for (unsigned gz = 0; gz < 2; ++gz)
    for (unsigned gy = 0; gy < 2; ++gy)
      for (unsigned gx = 0; gx < 3; ++gx)
        for (unsigned ty = 0; ty < 2; ++ty)
          for (unsigned tx = 0; tx < 16; ++tx) {
            unsigned l = ty * 16 + tx;
            unsigned id = ((gz * 2 + gy) * 3 + gx) * 32 + l;
            const int32_t *o = &out[id * 8];
            EXPECT_EQ(o[0], int32_t(ty)) << id;
            EXPECT_EQ(o[1], int32_t(gz)) << id;
            EXPECT_EQ(o[2], 2) << "hidden_block_count_y, " << id;
            EXPECT_EQ(o[3], 16) << "hidden_group_size_x, " << id;
            EXPECT_EQ(o[4], 48) << "dispatch grid_size_x, " << id;
            EXPECT_EQ(o[5], 4242) << "kernarg.segment.ptr, " << id;
            EXPECT_EQ(o[6], int32_t(3 * (id ^ 1))) << "flat LDS, " << id;
            EXPECT_EQ(o[7], int32_t(id + 7)) << "flat private, " << id;
          }
}

TEST_F(EmulatorTest, SplitBarrier) {
  std::vector<int32_t> out =
      OneBufferKernel("dispatch.ll", 128, -1).run("split_barrier");
  ASSERT_EQ(out.size(), 128u);
  for (int t = 0; t < 128; ++t)
    EXPECT_EQ(out[t], (t ^ 64) * 5) << t;
}

TEST_F(EmulatorTest, GlobalAtomicsAcrossThreads) {
  auto p = loadInput("dispatch.ll");
  ASSERT_TRUE(p);
  uint64_t dc = arg(std::vector<int32_t>(1, 0));
  uint64_t df = arg(std::vector<float>(1, 0));
  LaunchOptions opts;
  opts.threads = 4; // more host threads than cores: contended atomics
  run(*p, "count", {200, 1, 1}, {64, 1, 1}, args, mem, opts);
  EXPECT_EQ(download<int32_t>(mem, dc, 1)[0], 200 * 64);
  // Small integers: the float sum is exact in any order.
  EXPECT_EQ(download<float>(mem, df, 1)[0], 200.0f * (63 * 64 / 2));
}

} // namespace

namespace {

TEST_F(EmulatorTest, IntrinsicsAndIntegerOps) {
  auto p = loadInput("ops.ll");
  ASSERT_TRUE(p);
  std::mt19937 rng(50);
  std::vector<float> xs(64);
  std::vector<int32_t> ns(64);
  std::uniform_real_distribution<float> dist(-50, 50);
  for (int i = 0; i < 64; ++i) {
    xs[i] = dist(rng);
    ns[i] = int32_t(rng()) >> (i % 31);
  }
  xs[0] = std::nanf("");
  xs[1] = -INFINITY;
  xs[2] = -0.0f;
  xs[3] = 1e-40f; // subnormal
  xs[4] = 0.5f;
  ns[0] = 0;
  ns[1] = -1;
  ns[2] = INT32_MIN;
  ns[3] = 0x7FFFFFFF;
  arg(xs);
  arg(ns);
  uint64_t dout = arg(std::vector<int32_t>(64 * 24, 0));
  run(*p, "ops", {1, 1, 1}, {64, 1, 1}, args, mem);
  std::vector<int32_t> out = download<int32_t>(mem, dout, 64 * 24);
  uint64_t ballot = 0;
  uint32_t umax = 0;
  for (int i = 0; i < 64; ++i) {
    ballot |= uint64_t(ns[i] & 1) << i;
    umax = std::max(umax, uint32_t(ns[i]));
  }
  auto fbits = [](float f) { return int32_t(bitsOf(f)); };
  for (int l = 0; l < 64; ++l) {
    const int32_t *o = &out[24 * l];
    int32_t n = ns[l];
    uint32_t u = uint32_t(n);
    float x = xs[l];
    EXPECT_EQ(uint32_t(o[0]), uint32_t(ballot)) << l;
    EXPECT_EQ(uint32_t(o[1]), uint32_t(ballot >> 32)) << l;
    EXPECT_EQ(o[2], ns[5]) << l;
    EXPECT_EQ(uint32_t(o[3]), umax) << l;
    uint32_t n3 = u * 3;
    EXPECT_EQ(uint32_t(o[4]), (u << 5) | (n3 >> 27)) << l;
    EXPECT_EQ(o[5], u ? __builtin_clz(u) : 32) << l;
    EXPECT_EQ(o[6], __builtin_popcount(u)) << l;
    uint32_t rev = 0;
    for (int b = 0; b < 32; ++b)
      rev |= ((u >> b) & 1) << (31 - b);
    EXPECT_EQ(uint32_t(o[7]), rev) << l;
    EXPECT_EQ(o[8], std::max(n, -100)) << l;
    EXPECT_EQ(uint32_t(o[9]), uint32_t(std::min<uint64_t>(
                                  uint64_t(u) + 0x7FFFFFFFu, 0xFFFFFFFFu)))
        << l;
    EXPECT_EQ(o[10], n == INT32_MIN ? int32_t(306783378) : n / -7) << l;
    EXPECT_EQ(o[11], n % -7) << l;
    EXPECT_EQ(o[12], n >> 3) << l;
    EXPECT_EQ(o[13], int32_t(int8_t(n))) << l;
    EXPECT_EQ(o[14], n < 0 ? 1 : 0) << l;
    EXPECT_EQ(o[15], fbits(std::ldexp(x, 3))) << l;
    int e = 0;
    float m = std::isfinite(x) ? std::frexp(x, &e) : x;
    EXPECT_EQ(o[16], std::isfinite(x) ? e : 0) << l;
    EXPECT_EQ(o[17], fbits(m)) << l;
    EXPECT_EQ(o[18], fbits(std::isnan(x) ? 0.5f : std::fmin(x, 0.5f))) << l;
    if (std::isnan(x))
      EXPECT_TRUE(std::isnan(floatOf(uint32_t(o[19])))) << l;
    else
      EXPECT_EQ(o[19], fbits(std::fmax(x, -0.25f))) << l;
    EXPECT_EQ(o[20], (std::isnan(x) ? 1 : 0) | (std::isinf(x) ? 2 : 0)) << l;
    EXPECT_EQ(o[21], fbits(std::sqrt(std::fabs(x)))) << l;
    EXPECT_EQ(o[22], n) << l;
    if (std::isnan(x))
      EXPECT_TRUE(std::isnan(floatOf(uint32_t(o[23])))) << l;
    else
      EXPECT_EQ(o[23], fbits(std::fma(x, x, -1.0f))) << l;
  }
}

TEST_F(EmulatorTest, LoadsBitcode) {
  // The same vector add, handed over as bitcode instead of text.
  std::string text = readInput("vadd.ll");
  llvm::LLVMContext ctx;
  llvm::SMDiagnostic diag;
  auto mod = llvm::parseAssemblyString(text, diag, ctx);
  ASSERT_TRUE(mod);
  std::string bc;
  llvm::raw_string_ostream os(bc);
  llvm::WriteBitcodeToFile(*mod, os);
  os.flush();
  auto p = Program::load(bc);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  arg(std::vector<float>(1000, 1.5f));
  arg(std::vector<float>(1000, 2.0f));
  uint64_t dc = arg(std::vector<float>(1000, 0));
  args.add(int32_t(1000));
  run(**p, "vadd", {8, 1, 1}, {128, 1, 1}, args, mem);
  EXPECT_EQ(download<float>(mem, dc, 1000)[999], 5.5f);
}

} // namespace

namespace {

TEST_F(EmulatorTest, LanesReconvergeAfterDivergence) {
  std::vector<int32_t> out =
      OneBufferKernel("dispatch.ll", 64, -1).run("reconverge");
  ASSERT_EQ(out.size(), 64u);
  for (int t = 0; t < 64; ++t) {
    int n = t ^ 1;
    EXPECT_EQ(out[t], n % 2 ? 2 * n : 3 * n) << "lane " << t;
  }
}

} // namespace
