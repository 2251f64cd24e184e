//===- Bench.cpp - Throughput benchmark of the emulator --------*- C++ -*-===//
//
// fp4-emu-bench [--groups N] [--iters N] [--threads N] [--mfma 0|1]
// fp4-emu-bench --gemm FILE.ll [--n N] [--k K] [--threads N]
//
// The first form runs a synthetic kernel shaped like a GEMM main loop
// (global loads, bf16 -> f32 arithmetic, an LDS round trip with barriers
// and, optionally, a scaled 16x16x128 MFMA per iteration). The second runs
// unittests/Emulator/Inputs/gemm.ll (M = 64, A quantized in the kernel) on
// random data, by default at the largest problem shape N = 7168, K = 2048.
// Both print the executed lane-instructions per second.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/Emulator/Emulator.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace fp4::emu;

static const char *kKernel = R"IR(
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [256 x i32] undef, align 16

define amdgpu_kernel void @bench(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %iters, i32 %mfma) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 256
  %idx = add i32 %base, %tid
  %p = getelementptr <4 x i32>, ptr addrspace(1) %in, i32 %tid
  %lp = getelementptr i32, ptr addrspace(3) @lds, i32 %tid
  %wantMfma = icmp ne i32 %mfma, 0
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %inext, %cont ]
  %acc = phi <4 x float> [ zeroinitializer, %entry ], [ %acc2, %cont ]
  %s = phi float [ 0.0, %entry ], [ %s4, %cont ]
  %v = load <4 x i32>, ptr addrspace(1) %p, align 16
  %bf = bitcast <4 x i32> %v to <8 x bfloat>
  %f = fpext <8 x bfloat> %bf to <8 x float>
  %e0 = extractelement <8 x float> %f, i32 0
  %e1 = extractelement <8 x float> %f, i32 5
  %m = fmul float %e0, %e1
  %s1 = fadd float %s, %m
  %a = call float @llvm.fabs.f32(float %s1)
  %s2 = call float @llvm.maxnum.f32(float %a, float 1.0)
  %bits = bitcast float %s2 to i32
  %ex = lshr i32 %bits, 23
  %ex2 = and i32 %ex, 255
  %x = xor i32 %ex2, %i
  store i32 %x, ptr addrspace(3) %lp, align 4
  call void @llvm.amdgcn.s.barrier()
  %nb = xor i32 %tid, 1
  %lq = getelementptr i32, ptr addrspace(3) @lds, i32 %nb
  %y = load i32, ptr addrspace(3) %lq, align 4
  call void @llvm.amdgcn.s.barrier()
  %yf = sitofp i32 %y to float
  %s3 = fadd float %s2, %yf
  %s4 = fmul float %s3, 0.5
  br i1 %wantMfma, label %domfma, label %cont

domfma:
  %acc1 = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %v, <4 x i32> %v, <4 x float> %acc, i32 4, i32 4, i32 0, i32 127, i32 0, i32 127)
  br label %cont

cont:
  %acc2 = phi <4 x float> [ %acc, %loop ], [ %acc1, %domfma ]
  %inext = add i32 %i, 1
  %done = icmp eq i32 %inext, %iters
  br i1 %done, label %exit, label %loop

exit:
  %r0 = extractelement <4 x float> %acc2, i32 0
  %r = fadd float %r0, %s4
  %q = getelementptr float, ptr addrspace(1) %out, i32 %idx
  store float %r, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()
declare float @llvm.fabs.f32(float)
declare float @llvm.maxnum.f32(float, float)
declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32>, <4 x i32>, <4 x float>, i32, i32, i32, i32, i32, i32)
)IR";

static int fail(llvm::Error e) {
  llvm::errs() << llvm::toString(std::move(e)) << "\n";
  return 1;
}

static void report(const LaunchStats &st) {
  std::printf("work-groups %llu, waves %llu, wave-instructions %llu, "
              "lane-instructions %llu, MFMAs %llu\n",
              (unsigned long long)st.workGroups, (unsigned long long)st.waves,
              (unsigned long long)st.waveInstructions,
              (unsigned long long)st.laneInstructions,
              (unsigned long long)st.mfmaOps);
  std::printf("%.3f s, %.1f M lane-instructions/s, %.1f K MFMA/s\n", st.seconds,
              st.laneInstructions / st.seconds / 1e6,
              st.mfmaOps / st.seconds / 1e3);
}

static int runGemm(const std::string &file, unsigned n, unsigned k,
                   unsigned threads) {
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf) {
    std::fprintf(stderr, "cannot read %s\n", file.c_str());
    return 1;
  }
  auto prog = Program::load((*buf)->getBuffer());
  if (!prog)
    return fail(prog.takeError());
  const unsigned m = 64;
  std::vector<uint16_t> a(size_t(m) * k);
  std::vector<uint8_t> bq(size_t(n) * k / 2), bs(size_t(n) * k / 32);
  uint32_t x = 12345;
  auto next = [&]() { return x = x * 1664525u + 1013904223u; };
  for (uint16_t &v : a) // bf16 with a random exponent near 1
    v = uint16_t(((next() >> 16) & 0x807F) | ((120 + next() % 10) << 7));
  for (uint8_t &v : bq)
    v = uint8_t(next() >> 24);
  for (uint8_t &v : bs)
    v = uint8_t(120 + next() % 10);
  DeviceMemory mem;
  auto da = mem.allocate(a.size() * 2), dbq = mem.allocate(bq.size()),
       dbs = mem.allocate(bs.size()), dc = mem.allocate(size_t(m) * n * 4);
  for (auto *r : {&da, &dbq, &dbs, &dc})
    if (!*r)
      return fail(r->takeError());
  if (auto e = mem.write(*da, a.data(), a.size() * 2))
    return fail(std::move(e));
  if (auto e = mem.write(*dbq, bq.data(), bq.size()))
    return fail(std::move(e));
  if (auto e = mem.write(*dbs, bs.data(), bs.size()))
    return fail(std::move(e));
  uint8_t args[40] = {};
  uint64_t ptrs[4] = {*da, *dbq, *dbs, *dc};
  std::memcpy(args, ptrs, 32);
  std::memcpy(args + 32, &k, 4);
  std::memcpy(args + 36, &n, 4);
  LaunchOptions opts;
  opts.threads = threads;
  LaunchStats st;
  if (auto e = launch(**prog, "gemm", {n / 64, 1, 1}, {256, 1, 1}, args, {},
                      mem, opts, &st))
    return fail(std::move(e));
  std::printf("gemm M=%u N=%u K=%u\n", m, n, k);
  report(st);
  return 0;
}

int main(int argc, char **argv) {
  unsigned groups = 64, iters = 1000, threads = 0, mfma = 1, n = 7168, k = 2048;
  std::string gemm;
  const std::pair<const char *, unsigned *> numeric[] = {
      {"--n", &n},
      {"--k", &k},
      {"--groups", &groups},
      {"--iters", &iters},
      {"--threads", &threads},
      {"--mfma", &mfma}};
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    auto opt = std::find_if(std::begin(numeric), std::end(numeric),
                            [&](const auto &o) { return a == o.first; });
    if (a == "--gemm") {
      gemm = argv[i + 1];
    } else if (opt != std::end(numeric)) {
      *opt->second = unsigned(std::strtoul(argv[i + 1], nullptr, 10));
    } else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (!gemm.empty()) {
    if (n % 64 || k % 128 || !n || !k) {
      std::fprintf(stderr, "--n must be a multiple of 64, --k of 128\n");
      return 2;
    }
    return runGemm(gemm, n, k, threads);
  }
  auto prog = Program::load(kKernel);
  if (!prog)
    return fail(prog.takeError());
  DeviceMemory mem;
  auto in = mem.allocate(256 * 16);
  auto out = mem.allocate(size_t(groups) * 256 * 4);
  if (!in)
    return fail(in.takeError());
  if (!out)
    return fail(out.takeError());
  std::vector<uint8_t> data(256 * 16);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = uint8_t(i * 37 + 11);
  if (auto e = mem.write(*in, data.data(), data.size()))
    return fail(std::move(e));
  uint8_t args[24] = {};
  std::memcpy(args, &*in, 8);
  std::memcpy(args + 8, &*out, 8);
  std::memcpy(args + 16, &iters, 4);
  std::memcpy(args + 20, &mfma, 4);
  LaunchOptions opts;
  opts.threads = threads;
  LaunchStats st;
  if (auto e = launch(**prog, "bench", {groups, 1, 1}, {256, 1, 1}, args, {},
                      mem, opts, &st))
    return fail(std::move(e));
  report(st);
  return 0;
}
