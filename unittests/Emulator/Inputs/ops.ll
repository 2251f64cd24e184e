; Hand-written: one lane-wise result per intrinsic/instruction, 24 words
; per lane at out[24 * lane + k] (see EmulatorTest.IntrinsicsAndIntegerOps).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@scratch = internal addrspace(3) global [64 x i32] undef, align 4

define amdgpu_kernel void @ops(ptr addrspace(1) %xs, ptr addrspace(1) %ns, ptr addrspace(1) %out) {
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %px = getelementptr float, ptr addrspace(1) %xs, i32 %lane
  %x = load float, ptr addrspace(1) %px
  %pn = getelementptr i32, ptr addrspace(1) %ns, i32 %lane
  %n = load i32, ptr addrspace(1) %pn
  %ob = mul i32 %lane, 24
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %ob

  %odd = trunc i32 %n to i1
  %bal = call i64 @llvm.amdgcn.ballot.i64(i1 %odd)
  %bl = trunc i64 %bal to i32
  %bh0 = lshr i64 %bal, 32
  %bh = trunc i64 %bh0 to i32
  store i32 %bl, ptr addrspace(1) %o
  %o1 = getelementptr i32, ptr addrspace(1) %o, i32 1
  store i32 %bh, ptr addrspace(1) %o1
  %rl = call i32 @llvm.amdgcn.readlane.i32(i32 %n, i32 5)
  %o2 = getelementptr i32, ptr addrspace(1) %o, i32 2
  store i32 %rl, ptr addrspace(1) %o2
  %red = call i32 @llvm.amdgcn.wave.reduce.umax.i32(i32 %n, i32 0)
  %o3 = getelementptr i32, ptr addrspace(1) %o, i32 3
  store i32 %red, ptr addrspace(1) %o3
  %n3 = mul i32 %n, 3
  %fs = call i32 @llvm.fshl.i32(i32 %n, i32 %n3, i32 5)
  %o4 = getelementptr i32, ptr addrspace(1) %o, i32 4
  store i32 %fs, ptr addrspace(1) %o4
  %lz = call i32 @llvm.ctlz.i32(i32 %n, i1 false)
  %o5 = getelementptr i32, ptr addrspace(1) %o, i32 5
  store i32 %lz, ptr addrspace(1) %o5
  %pc = call i32 @llvm.ctpop.i32(i32 %n)
  %o6 = getelementptr i32, ptr addrspace(1) %o, i32 6
  store i32 %pc, ptr addrspace(1) %o6
  %br = call i32 @llvm.bitreverse.i32(i32 %n)
  %o7 = getelementptr i32, ptr addrspace(1) %o, i32 7
  store i32 %br, ptr addrspace(1) %o7
  %sm = call i32 @llvm.smax.i32(i32 %n, i32 -100)
  %o8 = getelementptr i32, ptr addrspace(1) %o, i32 8
  store i32 %sm, ptr addrspace(1) %o8
  %us = call i32 @llvm.uadd.sat.i32(i32 %n, i32 2147483647)
  %o9 = getelementptr i32, ptr addrspace(1) %o, i32 9
  store i32 %us, ptr addrspace(1) %o9
  %sd = sdiv i32 %n, -7
  %o10 = getelementptr i32, ptr addrspace(1) %o, i32 10
  store i32 %sd, ptr addrspace(1) %o10
  %sr = srem i32 %n, -7
  %o11 = getelementptr i32, ptr addrspace(1) %o, i32 11
  store i32 %sr, ptr addrspace(1) %o11
  %as = ashr i32 %n, 3
  %o12 = getelementptr i32, ptr addrspace(1) %o, i32 12
  store i32 %as, ptr addrspace(1) %o12
  %t8 = trunc i32 %n to i8
  %se = sext i8 %t8 to i32
  %o13 = getelementptr i32, ptr addrspace(1) %o, i32 13
  store i32 %se, ptr addrspace(1) %o13
  %neg = icmp slt i32 %n, 0
  %negz = zext i1 %neg to i32
  %o14 = getelementptr i32, ptr addrspace(1) %o, i32 14
  store i32 %negz, ptr addrspace(1) %o14
  %ld = call float @llvm.ldexp.f32.i32(float %x, i32 3)
  %o15 = getelementptr i32, ptr addrspace(1) %o, i32 15
  store float %ld, ptr addrspace(1) %o15
  %fr = call { float, i32 } @llvm.frexp.f32.i32(float %x)
  %fre = extractvalue { float, i32 } %fr, 1
  %frm = extractvalue { float, i32 } %fr, 0
  %o16 = getelementptr i32, ptr addrspace(1) %o, i32 16
  store i32 %fre, ptr addrspace(1) %o16
  %o17 = getelementptr i32, ptr addrspace(1) %o, i32 17
  store float %frm, ptr addrspace(1) %o17
  %mn = call float @llvm.minnum.f32(float %x, float 0.5)
  %o18 = getelementptr i32, ptr addrspace(1) %o, i32 18
  store float %mn, ptr addrspace(1) %o18
  %mx = call float @llvm.maximum.f32(float %x, float -0.25)
  %o19 = getelementptr i32, ptr addrspace(1) %o, i32 19
  store float %mx, ptr addrspace(1) %o19
  %isnan = call i1 @llvm.is.fpclass.f32(float %x, i32 3)
  %isinf = call i1 @llvm.is.fpclass.f32(float %x, i32 516)
  %cn = zext i1 %isnan to i32
  %ci0 = zext i1 %isinf to i32
  %ci = shl i32 %ci0, 1
  %cls = or i32 %cn, %ci
  %o20 = getelementptr i32, ptr addrspace(1) %o, i32 20
  store i32 %cls, ptr addrspace(1) %o20
  %ax = call float @llvm.fabs.f32(float %x)
  %sq = call float @llvm.sqrt.f32(float %ax)
  %o21 = getelementptr i32, ptr addrspace(1) %o, i32 21
  store float %sq, ptr addrspace(1) %o21
  ; n -> private -> LDS (memcpy) after clearing the LDS word (memset).
  %slot = getelementptr i32, ptr addrspace(3) @scratch, i32 %lane
  call void @llvm.memset.p3.i32(ptr addrspace(3) %slot, i8 0, i32 4, i1 false)
  %tmp = alloca i32, align 4, addrspace(5)
  store i32 %n, ptr addrspace(5) %tmp
  call void @llvm.memcpy.p3.p5.i32(ptr addrspace(3) %slot, ptr addrspace(5) %tmp, i32 4, i1 false)
  %back = load i32, ptr addrspace(3) %slot
  %o22 = getelementptr i32, ptr addrspace(1) %o, i32 22
  store i32 %back, ptr addrspace(1) %o22
  %fm = call float @llvm.fma.f32(float %x, float %x, float -1.0)
  %o23 = getelementptr i32, ptr addrspace(1) %o, i32 23
  store float %fm, ptr addrspace(1) %o23
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i32 @llvm.amdgcn.wave.reduce.umax.i32(i32, i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.uadd.sat.i32(i32, i32)
declare float @llvm.ldexp.f32.i32(float, i32)
declare { float, i32 } @llvm.frexp.f32.i32(float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maximum.f32(float, float)
declare i1 @llvm.is.fpclass.f32(float, i32)
declare float @llvm.fabs.f32(float)
declare float @llvm.sqrt.f32(float)
declare void @llvm.memset.p3.i32(ptr addrspace(3), i8, i32, i1)
declare void @llvm.memcpy.p3.p5.i32(ptr addrspace(3), ptr addrspace(5), i32, i1)
declare float @llvm.fma.f32(float, float, float)
