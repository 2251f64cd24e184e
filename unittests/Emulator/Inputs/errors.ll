; Hand-written kernels that must fail with a precise error.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x i32] undef, align 4

; Lanes 0-31 run the MFMA, lanes 32-63 skip it: divergence at a cross-lane op.
define amdgpu_kernel void @diverge_mfma(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lo = icmp ult i32 %tid, 32
  br i1 %lo, label %mma, label %done
mma:
  %v = insertelement <4 x i32> zeroinitializer, i32 %tid, i32 0
  %d = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %v, <4 x i32> %v, <4 x float> zeroinitializer, i32 4, i32 4, i32 0, i32 127, i32 0, i32 127)
  %e = extractelement <4 x float> %d, i32 0
  %p = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %e, ptr addrspace(1) %p
  br label %done
done:
  ret void
}

; Two waves; wave 1 returns without reaching the barrier wave 0 waits at.
define amdgpu_kernel void @deadlock(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %w0 = icmp ult i32 %tid, 64
  br i1 %w0, label %wait, label %done
wait:
  call void @llvm.amdgcn.s.barrier()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 1, ptr addrspace(1) %p
  br label %done
done:
  ret void
}

; Every lane stores LDS word 2*tid: lanes 32-63 write past the 256 bytes.
define amdgpu_kernel void @lds_oob(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %i = shl i32 %tid, 1
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 %i
  store i32 %tid, ptr addrspace(3) %p
  ret void
}

; A full-wave MFMA in a work-group whose second wave is partial.
define amdgpu_kernel void @partial_mfma(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %v = insertelement <4 x i32> zeroinitializer, i32 %tid, i32 0
  %d = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %v, <4 x i32> %v, <4 x float> zeroinitializer, i32 4, i32 4, i32 0, i32 127, i32 0, i32 127)
  %e = extractelement <4 x float> %d, i32 0
  %p = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %e, ptr addrspace(1) %p
  ret void
}

; An endless loop, stopped by LaunchOptions::maxWaveInstructionsPerGroup.
define amdgpu_kernel void @spin(ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  br label %loop
}

; Integer division by a lane-dependent divisor that is 0 in lane 0.
define amdgpu_kernel void @div0(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %q = udiv i32 100, %tid
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %q, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32>, <4 x i32>, <4 x float>, i32, i32, i32, i32, i32, i32)
