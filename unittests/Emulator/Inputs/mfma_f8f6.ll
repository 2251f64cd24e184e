; Hand-written: the scaled 16x16x128 MFMA with fp8 A and fp6 B operands.
; @f8f6: A fp8 E4M3 (cbsz 0, <8 x i32>), B fp6 E2M3 (blgp 2, <6 x i32>).
; @bf8bf6: A bf8 E5M2 (cbsz 1), B bf6 E3M2 (blgp 3).
; Each lane loads 32 A bytes, 24 B bytes, one scale word per operand and its
; 4 accumulator floats; scale bytes 2 (A) and 1 (B) are selected.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @f8f6(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %sa, ptr addrspace(1) %sb, ptr addrspace(1) %c, ptr addrspace(1) %d) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <8 x i32>, ptr addrspace(1) %a, i32 %tid
  %va = load <8 x i32>, ptr addrspace(1) %pa, align 4
  %ob = mul i32 %tid, 24 ; <6 x i32> is 32-byte aligned: pack by hand
  %pb = getelementptr i8, ptr addrspace(1) %b, i32 %ob
  %vb = load <6 x i32>, ptr addrspace(1) %pb, align 4
  %psa = getelementptr i32, ptr addrspace(1) %sa, i32 %tid
  %xsa = load i32, ptr addrspace(1) %psa
  %psb = getelementptr i32, ptr addrspace(1) %sb, i32 %tid
  %xsb = load i32, ptr addrspace(1) %psb
  %pc = getelementptr <4 x float>, ptr addrspace(1) %c, i32 %tid
  %vc = load <4 x float>, ptr addrspace(1) %pc, align 4
  %r = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v6i32(<8 x i32> %va, <6 x i32> %vb, <4 x float> %vc, i32 0, i32 2, i32 2, i32 %xsa, i32 1, i32 %xsb)
  %pd = getelementptr <4 x float>, ptr addrspace(1) %d, i32 %tid
  store <4 x float> %r, ptr addrspace(1) %pd, align 4
  ret void
}

define amdgpu_kernel void @bf8bf6(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %sa, ptr addrspace(1) %sb, ptr addrspace(1) %c, ptr addrspace(1) %d) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <8 x i32>, ptr addrspace(1) %a, i32 %tid
  %va = load <8 x i32>, ptr addrspace(1) %pa, align 4
  %ob = mul i32 %tid, 24 ; <6 x i32> is 32-byte aligned: pack by hand
  %pb = getelementptr i8, ptr addrspace(1) %b, i32 %ob
  %vb = load <6 x i32>, ptr addrspace(1) %pb, align 4
  %psa = getelementptr i32, ptr addrspace(1) %sa, i32 %tid
  %xsa = load i32, ptr addrspace(1) %psa
  %psb = getelementptr i32, ptr addrspace(1) %sb, i32 %tid
  %xsb = load i32, ptr addrspace(1) %psb
  %pc = getelementptr <4 x float>, ptr addrspace(1) %c, i32 %tid
  %vc = load <4 x float>, ptr addrspace(1) %pc, align 4
  %r = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v6i32(<8 x i32> %va, <6 x i32> %vb, <4 x float> %vc, i32 1, i32 3, i32 2, i32 %xsa, i32 1, i32 %xsb)
  %pd = getelementptr <4 x float>, ptr addrspace(1) %d, i32 %tid
  store <4 x float> %r, ptr addrspace(1) %pd, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v6i32(<8 x i32>, <6 x i32>, <4 x float>, i32, i32, i32, i32, i32, i32)
