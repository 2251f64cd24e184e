//===- Bench.cpp - Throughput benchmark of the emulator --------*- C++ -*-===//
//
// fp4-emu-bench [--groups N] [--iters N] [--threads N] [--mfma 0|1]
//
// Runs a synthetic kernel shaped like the project's GEMM main loop (global
// loads, bf16 -> f32 arithmetic, an LDS round trip with barriers and,
// optionally, a scaled 16x16x128 MFMA per iteration) and prints the
// executed lane-instructions per second.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/Emulator/Emulator.h"

#include "llvm/Support/raw_ostream.h"

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

int main(int argc, char **argv) {
  unsigned groups = 64, iters = 1000, threads = 0, mfma = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    unsigned v = unsigned(std::strtoul(argv[i + 1], nullptr, 10));
    if (a == "--groups")
      groups = v;
    else if (a == "--iters")
      iters = v;
    else if (a == "--threads")
      threads = v;
    else if (a == "--mfma")
      mfma = v;
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
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
  std::printf("work-groups %llu, waves %llu, wave-instructions %llu, "
              "lane-instructions %llu, MFMAs %llu\n",
              (unsigned long long)st.workGroups, (unsigned long long)st.waves,
              (unsigned long long)st.waveInstructions,
              (unsigned long long)st.laneInstructions,
              (unsigned long long)st.mfmaOps);
  std::printf("%.3f s, %.1f M lane-instructions/s, %.1f K MFMA/s\n",
              st.seconds, st.laneInstructions / st.seconds / 1e6,
              st.mfmaOps / st.seconds / 1e3);
  return 0;
}
