; Generated from loop.mlir by lower.sh (see that script); do not edit.
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: write)
define amdgpu_kernel void @collatz(ptr writeonly captures(none) %0, ptr writeonly captures(none) %1) local_unnamed_addr #0 !reqd_work_group_size !1 {
  %3 = addrspacecast ptr %1 to ptr addrspace(1)
  %4 = addrspacecast ptr %0 to ptr addrspace(1)
  %5 = tail call range(i32 0, 128) i32 @llvm.amdgcn.workitem.id.x()
  %.not5 = icmp eq i32 %5, 0
  br i1 %.not5, label %._crit_edge, label %.lr.ph.preheader

.lr.ph.preheader:                                 ; preds = %2
  %6 = add nuw nsw i32 %5, 1
  br label %.lr.ph

.lr.ph:                                           ; preds = %.lr.ph.preheader, %16
  %7 = phi i32 [ %19, %16 ], [ %6, %.lr.ph.preheader ]
  %8 = phi i32 [ %18, %16 ], [ 0, %.lr.ph.preheader ]
  %9 = phi i32 [ %17, %16 ], [ %6, %.lr.ph.preheader ]
  %10 = and i32 %9, 1
  %.not1 = icmp eq i32 %10, 0
  br i1 %.not1, label %14, label %11

11:                                               ; preds = %.lr.ph
  %12 = mul i32 %9, 3
  %13 = add i32 %12, 1
  br label %16

14:                                               ; preds = %.lr.ph
  %15 = lshr exact i32 %9, 1
  br label %16

16:                                               ; preds = %11, %14
  %17 = phi i32 [ %15, %14 ], [ %13, %11 ]
  %18 = add i32 %8, 1
  %19 = tail call i32 @llvm.umax.i32(i32 %7, i32 %17)
  %.not = icmp eq i32 %17, 1
  br i1 %.not, label %._crit_edge, label %.lr.ph

._crit_edge:                                      ; preds = %16, %2
  %.lcssa4 = phi i32 [ 0, %2 ], [ %18, %16 ]
  %.lcssa = phi i32 [ 1, %2 ], [ %19, %16 ]
  %20 = zext nneg i32 %5 to i64
  %21 = getelementptr inbounds nuw i32, ptr addrspace(1) %4, i64 %20
  store i32 %.lcssa4, ptr addrspace(1) %21, align 4
  %22 = getelementptr inbounds nuw i32, ptr addrspace(1) %3, i64 %20
  store i32 %.lcssa, ptr addrspace(1) %22, align 4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umax.i32(i32, i32) #2

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: write) "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="128,128" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "target-cpu"="gfx950" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 128, i32 1, i32 1}
