; Generated from convert.mlir by lower.sh (see that script); do not edit.
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define amdgpu_kernel void @convert(ptr readonly captures(none) %0, ptr readonly captures(none) %1, ptr readonly captures(none) %2, ptr writeonly captures(none) %3, ptr writeonly captures(none) %4) local_unnamed_addr #0 !reqd_work_group_size !1 {
  %6 = addrspacecast ptr %4 to ptr addrspace(1)
  %7 = addrspacecast ptr %3 to ptr addrspace(1)
  %8 = addrspacecast ptr %2 to ptr addrspace(1)
  %9 = addrspacecast ptr %1 to ptr addrspace(1)
  %10 = addrspacecast ptr %0 to ptr addrspace(1)
  %11 = tail call range(i32 0, 64) i32 @llvm.amdgcn.workitem.id.x()
  %12 = zext nneg i32 %11 to i64
  %13 = getelementptr inbounds nuw float, ptr addrspace(1) %10, i64 %12
  %14 = load float, ptr addrspace(1) %13, align 4, !amdgpu.noclobber !2
  %15 = getelementptr inbounds nuw float, ptr addrspace(1) %9, i64 %12
  %16 = load float, ptr addrspace(1) %15, align 4, !amdgpu.noclobber !2
  %17 = getelementptr inbounds nuw i32, ptr addrspace(1) %8, i64 %12
  %18 = load i32, ptr addrspace(1) %17, align 4, !amdgpu.noclobber !2
  %19 = fptosi float %14 to i32
  %20 = tail call float @llvm.fabs.f32(float %14)
  %21 = fptoui float %20 to i32
  %22 = getelementptr inbounds nuw i32, ptr addrspace(1) %7, i64 %12
  store i32 %19, ptr addrspace(1) %22, align 4
  %23 = or disjoint i64 %12, 64
  %24 = getelementptr inbounds nuw i32, ptr addrspace(1) %7, i64 %23
  store i32 %21, ptr addrspace(1) %24, align 4
  %25 = sitofp i32 %18 to float
  %26 = uitofp i32 %18 to float
  %27 = fptrunc float %14 to bfloat
  %28 = fpext bfloat %27 to float
  %29 = fptrunc float %14 to half
  %30 = fpext half %29 to float
  %31 = fmul half %29, 0xH4200
  %32 = fadd half %31, 0xH3C00
  %33 = fpext half %32 to float
  %34 = fptrunc float %16 to bfloat
  %35 = fmul bfloat %27, %34
  %36 = fpext bfloat %35 to float
  %37 = fdiv float %14, 3.000000e+00
  %38 = getelementptr inbounds nuw float, ptr addrspace(1) %6, i64 %12
  store float %25, ptr addrspace(1) %38, align 4
  %39 = getelementptr inbounds nuw float, ptr addrspace(1) %6, i64 %23
  store float %26, ptr addrspace(1) %39, align 4
  %40 = getelementptr inbounds nuw i8, ptr addrspace(1) %38, i64 512
  store float %28, ptr addrspace(1) %40, align 4
  %41 = getelementptr inbounds nuw i8, ptr addrspace(1) %38, i64 768
  store float %30, ptr addrspace(1) %41, align 4
  %42 = getelementptr inbounds nuw i8, ptr addrspace(1) %38, i64 1024
  store float %33, ptr addrspace(1) %42, align 4
  %43 = getelementptr inbounds nuw i8, ptr addrspace(1) %38, i64 1280
  store float %36, ptr addrspace(1) %43, align 4
  %44 = getelementptr inbounds nuw i8, ptr addrspace(1) %38, i64 1536
  store float %37, ptr addrspace(1) %44, align 4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #2

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="64,64" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "target-cpu"="gfx950" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 64, i32 1, i32 1}
!2 = !{}
