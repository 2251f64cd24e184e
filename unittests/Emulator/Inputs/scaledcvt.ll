; Generated from scaledcvt.mlir by lower.sh (see that script); do not edit.
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define amdgpu_kernel void @scaledcvt(ptr readonly captures(none) %0, ptr readonly captures(none) %1, ptr writeonly captures(none) %2, ptr writeonly captures(none) %3, ptr writeonly captures(none) %4) local_unnamed_addr #0 !reqd_work_group_size !1 {
  %6 = addrspacecast ptr %4 to ptr addrspace(1)
  %7 = addrspacecast ptr %3 to ptr addrspace(1)
  %8 = addrspacecast ptr %2 to ptr addrspace(1)
  %9 = addrspacecast ptr %1 to ptr addrspace(1)
  %10 = addrspacecast ptr %0 to ptr addrspace(1)
  %11 = tail call range(i32 0, 64) i32 @llvm.amdgcn.workitem.id.x()
  %12 = zext nneg i32 %11 to i64
  %13 = shl nuw nsw i64 %12, 1
  %14 = getelementptr float, ptr addrspace(1) %10, i64 %13
  %15 = load <2 x float>, ptr addrspace(1) %14, align 4
  %16 = getelementptr inbounds nuw float, ptr addrspace(1) %9, i64 %12
  %17 = load float, ptr addrspace(1) %16, align 4, !amdgpu.noclobber !2
  %18 = extractelement <2 x float> %15, i64 0
  %19 = extractelement <2 x float> %15, i64 1
  %20 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 286331153, float %18, float %19, float %17, i32 1)
  %21 = getelementptr inbounds nuw i32, ptr addrspace(1) %8, i64 %12
  store i32 %20, ptr addrspace(1) %21, align 4
  %22 = tail call <2 x float> @llvm.amdgcn.cvt.scalef32.pk.f32.fp4(i32 %20, float %17, i32 1)
  %23 = getelementptr float, ptr addrspace(1) %7, i64 %13
  store <2 x float> %22, ptr addrspace(1) %23, align 4
  %24 = tail call <2 x i16> @llvm.amdgcn.cvt.scalef32.pk.fp8.f32(<2 x i16> zeroinitializer, float %18, float %19, float %17, i1 true)
  %25 = bitcast <2 x i16> %24 to <1 x i32>
  %26 = extractelement <1 x i32> %25, i64 0
  %27 = getelementptr inbounds nuw i32, ptr addrspace(1) %6, i64 %12
  store i32 %26, ptr addrspace(1) %27, align 4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32, float, float, float, i32 immarg range(i32 0, 4)) #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x float> @llvm.amdgcn.cvt.scalef32.pk.f32.fp4(i32, float, i32 immarg range(i32 0, 4)) #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x i16> @llvm.amdgcn.cvt.scalef32.pk.fp8.f32(<2 x i16>, float, float, float, i1 immarg) #2

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="64,64" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "target-cpu"="gfx950" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 64, i32 1, i32 1}
!2 = !{}
