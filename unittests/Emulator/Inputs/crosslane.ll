; Generated from crosslane.mlir by lower.sh (see that script); do not edit.
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite)
define amdgpu_kernel void @crosslane(ptr readonly captures(none) %0, ptr readonly captures(none) %1, ptr writeonly captures(none) %2) local_unnamed_addr #0 !reqd_work_group_size !1 {
  %4 = addrspacecast ptr %2 to ptr addrspace(1)
  %5 = addrspacecast ptr %1 to ptr addrspace(1)
  %6 = addrspacecast ptr %0 to ptr addrspace(1)
  %7 = tail call range(i32 0, 128) i32 @llvm.amdgcn.workitem.id.x()
  %8 = zext nneg i32 %7 to i64
  %9 = getelementptr inbounds nuw i32, ptr addrspace(1) %6, i64 %8
  %10 = load i32, ptr addrspace(1) %9, align 4, !amdgpu.noclobber !2
  %11 = getelementptr inbounds nuw i32, ptr addrspace(1) %5, i64 %8
  %12 = load i32, ptr addrspace(1) %11, align 4, !amdgpu.noclobber !2
  %13 = tail call noundef range(i32 0, 32) i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %14 = tail call noundef range(i32 0, 64) i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %13)
  %15 = icmp slt i32 %12, 64
  %16 = select i1 %15, i32 %12, i32 %14
  %17 = shl i32 %16, 2
  %18 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %17, i32 %10)
  %19 = tail call i32 @llvm.amdgcn.ds.swizzle(i32 %10, i32 5151)
  %20 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %10)
  %.not = icmp eq i32 %14, 63
  %21 = shl nuw nsw i32 %14, 2
  %22 = add nuw nsw i32 %21, 4
  %23 = select i1 %.not, i32 252, i32 %22
  %24 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %23, i32 %10)
  %25 = getelementptr inbounds nuw i32, ptr addrspace(1) %4, i64 %8
  store i32 %18, ptr addrspace(1) %25, align 4
  %26 = getelementptr inbounds nuw i8, ptr addrspace(1) %25, i64 512
  store i32 %19, ptr addrspace(1) %26, align 4
  %27 = getelementptr inbounds nuw i8, ptr addrspace(1) %25, i64 1024
  store i32 %20, ptr addrspace(1) %27, align 4
  %28 = getelementptr inbounds nuw i8, ptr addrspace(1) %25, i64 1536
  store i32 %24, ptr addrspace(1) %28, align 4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32) #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32) #2

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32) #3

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32 immarg) #3

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #4

attributes #0 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="128,128" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "target-cpu"="gfx950" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) "target-cpu"="gfx950" }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn memory(none) "target-cpu"="gfx950" }
attributes #4 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) "target-cpu"="gfx950" }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 128, i32 1, i32 1}
!2 = !{}
