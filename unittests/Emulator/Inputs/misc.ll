; Hand-written: calls (with a divergent call site), switch, atomics,
; private memory, DPP, vector shuffles.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@table = internal addrspace(4) constant [4 x i32] [i32 10, i32 20, i32 30, i32 40]

; square(x) + table[x & 3], through a private array.
define internal i32 @helper(i32 %x) noinline {
  %arr = alloca [4 x i32], align 4, addrspace(5)
  %sq = mul i32 %x, %x
  %k = and i32 %x, 3
  %p = getelementptr [4 x i32], ptr addrspace(5) %arr, i32 0, i32 %k
  store i32 %sq, ptr addrspace(5) %p
  %q = load i32, ptr addrspace(5) %p
  %t = getelementptr [4 x i32], ptr addrspace(4) @table, i32 0, i32 %k
  %tv = load i32, ptr addrspace(4) %t
  %r = add i32 %q, %tv
  ret i32 %r
}

; out[tid] = odd lanes: helper(tid), even lanes: helper(tid + 100) via a
; switch on tid % 4; counter += 1 per lane (atomic); out2[tid] = DPP
; row_shr:1 of tid (bound_ctrl: lane 0 of each row gets 0); out3 = lane
; sums of a shuffled vector.
define amdgpu_kernel void @misc(ptr addrspace(1) %out, ptr addrspace(1) %counter, ptr addrspace(1) %out2, ptr addrspace(1) %out3) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %m = and i32 %tid, 3
  switch i32 %m, label %even [ i32 1, label %odd
                               i32 3, label %odd ]
odd:
  %a = call i32 @helper(i32 %tid)
  br label %join
even:
  %t100 = add i32 %tid, 100
  %b = call i32 @helper(i32 %t100)
  br label %join
join:
  %r = phi i32 [ %a, %odd ], [ %b, %even ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %p
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
  %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 7, i32 %tid, i32 273, i32 15, i32 15, i1 true)
  %p2 = getelementptr i32, ptr addrspace(1) %out2, i32 %tid
  store i32 %dpp, ptr addrspace(1) %p2
  %v0 = insertelement <4 x i32> poison, i32 %tid, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %m, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 5, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %r, i32 3
  %s = shufflevector <4 x i32> %v3, <4 x i32> <i32 1000, i32 2000, i32 3000, i32 4000>, <4 x i32> <i32 3, i32 6, i32 0, i32 1>
  %e = extractelement <4 x i32> %s, i32 %m
  %sum = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %s)
  %x = xor i32 %sum, %e
  %p3 = getelementptr i32, ptr addrspace(1) %out3, i32 %tid
  store i32 %x, ptr addrspace(1) %p3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
