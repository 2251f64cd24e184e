; Generated from mfma32.mlir by lower.sh (see that script); do not edit.
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define amdgpu_kernel void @mfma32(ptr readonly captures(none) %0, ptr readonly captures(none) %1, ptr readonly captures(none) %2, ptr readonly captures(none) %3, ptr readonly captures(none) %4, ptr writeonly captures(none) %5) local_unnamed_addr #0 !reqd_work_group_size !1 {
  %7 = addrspacecast ptr %5 to ptr addrspace(1)
  %8 = addrspacecast ptr %4 to ptr addrspace(1)
  %9 = addrspacecast ptr %3 to ptr addrspace(1)
  %10 = addrspacecast ptr %2 to ptr addrspace(1)
  %11 = addrspacecast ptr %1 to ptr addrspace(1)
  %12 = addrspacecast ptr %0 to ptr addrspace(1)
  %13 = tail call range(i32 0, 64) i32 @llvm.amdgcn.workitem.id.x()
  %14 = zext nneg i32 %13 to i64
  %15 = shl nuw nsw i64 %14, 4
  %16 = getelementptr i8, ptr addrspace(1) %12, i64 %15
  %17 = load <4 x i32>, ptr addrspace(1) %16, align 1
  %18 = getelementptr i8, ptr addrspace(1) %11, i64 %15
  %19 = load <4 x i32>, ptr addrspace(1) %18, align 1
  %20 = shl nuw nsw i64 %14, 2
  %21 = getelementptr i8, ptr addrspace(1) %10, i64 %20
  %22 = load i32, ptr addrspace(1) %21, align 1
  %23 = getelementptr i8, ptr addrspace(1) %9, i64 %20
  %24 = load i32, ptr addrspace(1) %23, align 1
  %25 = getelementptr float, ptr addrspace(1) %8, i64 %15
  %26 = load <16 x float>, ptr addrspace(1) %25, align 4
  %27 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %17, <4 x i32> %19, <16 x float> %26, i32 4, i32 4, i32 0, i32 %22, i32 1, i32 %24)
  %28 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %17, <4 x i32> %19, <16 x float> %26, i32 4, i32 4, i32 1, i32 %22, i32 2, i32 %24)
  %29 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %17, <4 x i32> %19, <16 x float> %26, i32 4, i32 4, i32 2, i32 %22, i32 3, i32 %24)
  %30 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %17, <4 x i32> %19, <16 x float> %26, i32 4, i32 4, i32 3, i32 %22, i32 0, i32 %24)
  %31 = getelementptr float, ptr addrspace(1) %7, i64 %15
  store <16 x float> %27, ptr addrspace(1) %31, align 4
  %32 = getelementptr i8, ptr addrspace(1) %31, i64 4096
  store <16 x float> %28, ptr addrspace(1) %32, align 4
  %33 = getelementptr i8, ptr addrspace(1) %31, i64 8192
  store <16 x float> %29, ptr addrspace(1) %33, align 4
  %34 = getelementptr i8, ptr addrspace(1) %31, i64 12288
  store <16 x float> %30, ptr addrspace(1) %34, align 4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32>, <4 x i32>, <16 x float>, i32 immarg, i32 immarg, i32 immarg, i32, i32 immarg, i32) #2

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="64,64" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "target-cpu"="gfx950" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) "target-cpu"="gfx950" }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 64, i32 1, i32 1}
