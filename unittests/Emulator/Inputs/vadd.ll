; Generated from vadd.mlir by lower.sh (see that script); do not edit.
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @vadd(ptr readonly captures(none) %0, ptr readonly captures(none) %1, ptr writeonly captures(none) %2, i32 %3) local_unnamed_addr #0 {
  %5 = addrspacecast ptr %2 to ptr addrspace(1)
  %6 = addrspacecast ptr %1 to ptr addrspace(1)
  %7 = addrspacecast ptr %0 to ptr addrspace(1)
  %8 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %9 = zext nneg i32 %8 to i64
  %10 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %11 = sext i32 %10 to i64
  %12 = tail call i64 @__ockl_get_local_size(i32 0)
  %13 = mul i64 %12, %11
  %14 = add i64 %13, %9
  %15 = sext i32 %3 to i64
  %16 = icmp ult i64 %14, %15
  br i1 %16, label %17, label %25

17:                                               ; preds = %4
  %18 = getelementptr inbounds float, ptr addrspace(1) %7, i64 %14
  %19 = load float, ptr addrspace(1) %18, align 4
  %20 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %14
  %21 = load float, ptr addrspace(1) %20, align 4
  %22 = fmul float %21, 2.000000e+00
  %23 = fadd float %19, %22
  %24 = getelementptr inbounds float, ptr addrspace(1) %5, i64 %14
  store float %23, ptr addrspace(1) %24, align 4
  br label %25

25:                                               ; preds = %17, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

declare i64 @__ockl_get_local_size(i32) local_unnamed_addr #2

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx950" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }
attributes #2 = { "target-cpu"="gfx950" "uniform-work-group-size"="false" }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
