; Generated from reduce.mlir by lower.sh (see that script); do not edit.
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__wg_reduce_0 = internal unnamed_addr addrspace(3) global [256 x i32] undef

; Function Attrs: mustprogress nofree norecurse nounwind willreturn
define amdgpu_kernel void @reduce(ptr readonly captures(none) %0, ptr writeonly captures(none) %1) local_unnamed_addr #0 !reqd_work_group_size !1 {
  %3 = addrspacecast ptr %0 to ptr addrspace(1)
  %4 = addrspacecast ptr %1 to ptr addrspace(1)
  %5 = tail call range(i32 0, 256) i32 @llvm.amdgcn.workitem.id.x()
  %6 = zext nneg i32 %5 to i64
  %7 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %8 = sext i32 %7 to i64
  %.idx = shl nsw i64 %8, 10
  %9 = getelementptr inbounds i8, ptr addrspace(1) %3, i64 %.idx
  %10 = getelementptr inbounds nuw i32, ptr addrspace(1) %9, i64 %6
  %11 = load i32, ptr addrspace(1) %10, align 4, !amdgpu.noclobber !2
  %12 = getelementptr inbounds nuw i32, ptr addrspace(3) @__wg_reduce_0, i32 %5
  store i32 %11, ptr addrspace(3) %12, align 4
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %13 = icmp samesign ult i32 %5, 128
  br i1 %13, label %14, label %19

14:                                               ; preds = %2
  %15 = getelementptr inbounds nuw i8, ptr addrspace(3) %12, i32 512
  %16 = load i32, ptr addrspace(3) %12, align 4
  %17 = load i32, ptr addrspace(3) %15, align 4
  %18 = add i32 %17, %16
  store i32 %18, ptr addrspace(3) %12, align 4
  br label %19

19:                                               ; preds = %14, %2
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %20 = icmp samesign ult i32 %5, 64
  br i1 %20, label %21, label %26

21:                                               ; preds = %19
  %22 = getelementptr inbounds nuw i8, ptr addrspace(3) %12, i32 256
  %23 = load i32, ptr addrspace(3) %12, align 4
  %24 = load i32, ptr addrspace(3) %22, align 4
  %25 = add i32 %24, %23
  store i32 %25, ptr addrspace(3) %12, align 4
  br label %26

26:                                               ; preds = %21, %19
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %27 = icmp samesign ult i32 %5, 32
  br i1 %27, label %28, label %33

28:                                               ; preds = %26
  %29 = getelementptr inbounds nuw i8, ptr addrspace(3) %12, i32 128
  %30 = load i32, ptr addrspace(3) %12, align 4
  %31 = load i32, ptr addrspace(3) %29, align 4
  %32 = add i32 %31, %30
  store i32 %32, ptr addrspace(3) %12, align 4
  br label %33

33:                                               ; preds = %28, %26
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %34 = icmp samesign ult i32 %5, 16
  br i1 %34, label %35, label %40

35:                                               ; preds = %33
  %36 = getelementptr inbounds nuw i8, ptr addrspace(3) %12, i32 64
  %37 = load i32, ptr addrspace(3) %12, align 4
  %38 = load i32, ptr addrspace(3) %36, align 4
  %39 = add i32 %38, %37
  store i32 %39, ptr addrspace(3) %12, align 4
  br label %40

40:                                               ; preds = %35, %33
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %41 = icmp samesign ult i32 %5, 8
  br i1 %41, label %42, label %47

42:                                               ; preds = %40
  %43 = getelementptr inbounds nuw i8, ptr addrspace(3) %12, i32 32
  %44 = load i32, ptr addrspace(3) %12, align 4
  %45 = load i32, ptr addrspace(3) %43, align 4
  %46 = add i32 %45, %44
  store i32 %46, ptr addrspace(3) %12, align 4
  br label %47

47:                                               ; preds = %42, %40
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %48 = icmp samesign ult i32 %5, 4
  br i1 %48, label %49, label %54

49:                                               ; preds = %47
  %50 = getelementptr inbounds nuw i8, ptr addrspace(3) %12, i32 16
  %51 = load i32, ptr addrspace(3) %12, align 4
  %52 = load i32, ptr addrspace(3) %50, align 4
  %53 = add i32 %52, %51
  store i32 %53, ptr addrspace(3) %12, align 4
  br label %54

54:                                               ; preds = %49, %47
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %55 = icmp samesign ult i32 %5, 2
  br i1 %55, label %56, label %61

56:                                               ; preds = %54
  %57 = getelementptr inbounds nuw i8, ptr addrspace(3) %12, i32 8
  %58 = load i32, ptr addrspace(3) %12, align 4
  %59 = load i32, ptr addrspace(3) %57, align 4
  %60 = add i32 %59, %58
  store i32 %60, ptr addrspace(3) %12, align 4
  br label %61

61:                                               ; preds = %56, %54
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %62 = icmp eq i32 %5, 0
  br i1 %62, label %63, label %68

63:                                               ; preds = %61
  %64 = load <2 x i32>, ptr addrspace(3) %12, align 4
  %65 = extractelement <2 x i32> %64, i64 0
  %66 = extractelement <2 x i32> %64, i64 1
  %67 = add i32 %66, %65
  store i32 %67, ptr addrspace(3) %12, align 4
  br label %68

68:                                               ; preds = %63, %61
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %69 = icmp eq i32 %5, 0
  br i1 %69, label %70, label %73

70:                                               ; preds = %68
  %71 = getelementptr inbounds i32, ptr addrspace(1) %4, i64 %8
  %72 = load i32, ptr addrspace(3) @__wg_reduce_0, align 16
  store i32 %72, ptr addrspace(1) %71, align 4
  br label %73

73:                                               ; preds = %70, %68
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #2

attributes #0 = { mustprogress nofree norecurse nounwind willreturn "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="256,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "target-cpu"="gfx950" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }
attributes #2 = { convergent mustprogress nocallback nofree nounwind willreturn "target-cpu"="gfx950" }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 256, i32 1, i32 1}
!2 = !{}
