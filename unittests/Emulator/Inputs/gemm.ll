; Generated from gemm.mlir by lower.sh (see that script); do not edit.
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@__wg_gemm_0 = internal unnamed_addr addrspace(3) global [4096 x i8] undef
@__wg_gemm_1 = internal unnamed_addr addrspace(3) global [256 x i8] undef

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @gemm(ptr readonly captures(none) %0, ptr readonly captures(none) %1, ptr readonly captures(none) %2, ptr writeonly captures(none) %3, i32 %4, i32 %5) local_unnamed_addr #0 !reqd_work_group_size !1 {
  %7 = addrspacecast ptr %2 to ptr addrspace(1)
  %8 = addrspacecast ptr %1 to ptr addrspace(1)
  %9 = addrspacecast ptr %0 to ptr addrspace(1)
  %10 = addrspacecast ptr %3 to ptr addrspace(1)
  %11 = tail call range(i32 0, 256) i32 @llvm.amdgcn.workitem.id.x()
  %12 = zext nneg i32 %11 to i64
  %13 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %14 = sext i32 %13 to i64
  %15 = sext i32 %4 to i64
  %16 = lshr i64 %12, 6
  %17 = and i64 %12, 15
  %18 = lshr i64 %12, 4
  %19 = and i64 %18, 3
  %20 = icmp sgt i32 %4, 0
  br i1 %20, label %.lr.ph, label %.._crit_edge_crit_edge

.._crit_edge_crit_edge:                           ; preds = %6
  %.pre = shl nuw nsw i64 %16, 4
  %.pre19 = shl nsw i64 %14, 6
  %.pre21 = or disjoint i64 %.pre19, %17
  br label %._crit_edge

.lr.ph:                                           ; preds = %6
  %21 = lshr i64 %12, 2
  %22 = lshr i64 %15, 5
  %23 = lshr i64 %15, 1
  %24 = mul nuw nsw i64 %21, %15
  %25 = getelementptr bfloat, ptr addrspace(1) %9, i64 %24
  %26 = shl nuw nsw i64 %12, 6
  %.idx = and i64 %26, 192
  %invariant.gep = getelementptr i8, ptr addrspace(1) %25, i64 %.idx
  %27 = shl nuw nsw i32 %11, 4
  %28 = getelementptr i8, ptr addrspace(3) @__wg_gemm_0, i32 %27
  %29 = getelementptr inbounds nuw i8, ptr addrspace(3) @__wg_gemm_1, i32 %11
  %30 = shl nuw nsw i64 %16, 4
  %31 = or disjoint i64 %30, %17
  %32 = shl nuw nsw i64 %31, 6
  %33 = shl nuw nsw i64 %19, 4
  %34 = or disjoint i64 %32, %33
  %35 = trunc nuw nsw i64 %34 to i32
  %36 = getelementptr i8, ptr addrspace(3) @__wg_gemm_0, i32 %35
  %37 = shl nuw nsw i64 %31, 2
  %38 = or disjoint i64 %37, %19
  %39 = trunc nuw nsw i64 %38 to i32
  %40 = getelementptr inbounds nuw i8, ptr addrspace(3) @__wg_gemm_1, i32 %39
  %41 = shl nsw i64 %14, 6
  %42 = or disjoint i64 %41, %17
  %43 = mul i64 %23, %42
  %44 = getelementptr i8, ptr addrspace(1) %8, i64 %43
  %45 = mul nsw i64 %22, %42
  %46 = getelementptr i8, ptr addrspace(1) %7, i64 %45
  %47 = or disjoint i64 %42, 16
  %48 = mul i64 %23, %47
  %49 = getelementptr i8, ptr addrspace(1) %8, i64 %48
  %50 = mul nsw i64 %22, %47
  %51 = getelementptr i8, ptr addrspace(1) %7, i64 %50
  %52 = or disjoint i64 %42, 32
  %53 = mul i64 %23, %52
  %54 = getelementptr i8, ptr addrspace(1) %8, i64 %53
  %55 = mul nsw i64 %22, %52
  %56 = getelementptr i8, ptr addrspace(1) %7, i64 %55
  %57 = or disjoint i64 %42, 48
  %58 = mul i64 %23, %57
  %59 = getelementptr i8, ptr addrspace(1) %8, i64 %58
  %60 = mul nsw i64 %22, %57
  %61 = getelementptr i8, ptr addrspace(1) %7, i64 %60
  br label %62

62:                                               ; preds = %.lr.ph, %62
  %63 = phi <4 x float> [ zeroinitializer, %.lr.ph ], [ %174, %62 ]
  %64 = phi <4 x float> [ zeroinitializer, %.lr.ph ], [ %166, %62 ]
  %65 = phi <4 x float> [ zeroinitializer, %.lr.ph ], [ %158, %62 ]
  %66 = phi <4 x float> [ zeroinitializer, %.lr.ph ], [ %150, %62 ]
  %67 = phi i64 [ 0, %.lr.ph ], [ %175, %62 ]
  %gep = getelementptr bfloat, ptr addrspace(1) %invariant.gep, i64 %67
  %68 = load <32 x bfloat>, ptr addrspace(1) %gep, align 2
  %69 = fpext <32 x bfloat> %68 to <32 x float>
  %70 = tail call <32 x float> @llvm.fabs.v32f32(<32 x float> %69)
  %71 = tail call float @llvm.vector.reduce.fmaximum.v32f32(<32 x float> %70)
  %72 = bitcast float %71 to i32
  %73 = add i32 %72, 2097152
  %74 = lshr i32 %73, 23
  %75 = and i32 %74, 255
  %76 = tail call i32 @llvm.usub.sat.i32(i32 %75, i32 2)
  %77 = shl nuw nsw i32 %76, 23
  %78 = icmp samesign ult i32 %75, 3
  %79 = select i1 %78, i32 4194304, i32 %77
  %80 = bitcast i32 %79 to float
  %81 = extractelement <32 x float> %69, i64 0
  %82 = extractelement <32 x float> %69, i64 1
  %83 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 0, float %81, float %82, float %80, i32 0)
  %84 = extractelement <32 x float> %69, i64 2
  %85 = extractelement <32 x float> %69, i64 3
  %86 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %83, float %84, float %85, float %80, i32 1)
  %87 = extractelement <32 x float> %69, i64 4
  %88 = extractelement <32 x float> %69, i64 5
  %89 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %86, float %87, float %88, float %80, i32 2)
  %90 = extractelement <32 x float> %69, i64 6
  %91 = extractelement <32 x float> %69, i64 7
  %92 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %89, float %90, float %91, float %80, i32 3)
  %93 = extractelement <32 x float> %69, i64 8
  %94 = extractelement <32 x float> %69, i64 9
  %95 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 0, float %93, float %94, float %80, i32 0)
  %96 = extractelement <32 x float> %69, i64 10
  %97 = extractelement <32 x float> %69, i64 11
  %98 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %95, float %96, float %97, float %80, i32 1)
  %99 = extractelement <32 x float> %69, i64 12
  %100 = extractelement <32 x float> %69, i64 13
  %101 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %98, float %99, float %100, float %80, i32 2)
  %102 = extractelement <32 x float> %69, i64 14
  %103 = extractelement <32 x float> %69, i64 15
  %104 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %101, float %102, float %103, float %80, i32 3)
  %105 = extractelement <32 x float> %69, i64 16
  %106 = extractelement <32 x float> %69, i64 17
  %107 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 0, float %105, float %106, float %80, i32 0)
  %108 = extractelement <32 x float> %69, i64 18
  %109 = extractelement <32 x float> %69, i64 19
  %110 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %107, float %108, float %109, float %80, i32 1)
  %111 = extractelement <32 x float> %69, i64 20
  %112 = extractelement <32 x float> %69, i64 21
  %113 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %110, float %111, float %112, float %80, i32 2)
  %114 = extractelement <32 x float> %69, i64 22
  %115 = extractelement <32 x float> %69, i64 23
  %116 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %113, float %114, float %115, float %80, i32 3)
  %117 = extractelement <32 x float> %69, i64 24
  %118 = extractelement <32 x float> %69, i64 25
  %119 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 0, float %117, float %118, float %80, i32 0)
  %120 = extractelement <32 x float> %69, i64 26
  %121 = extractelement <32 x float> %69, i64 27
  %122 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %119, float %120, float %121, float %80, i32 1)
  %123 = extractelement <32 x float> %69, i64 28
  %124 = extractelement <32 x float> %69, i64 29
  %125 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %122, float %123, float %124, float %80, i32 2)
  %126 = extractelement <32 x float> %69, i64 30
  %127 = extractelement <32 x float> %69, i64 31
  %128 = tail call i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32 %125, float %126, float %127, float %80, i32 3)
  %129 = insertelement <4 x i32> poison, i32 %92, i64 0
  %130 = insertelement <4 x i32> %129, i32 %104, i64 1
  %131 = insertelement <4 x i32> %130, i32 %116, i64 2
  %132 = insertelement <4 x i32> %131, i32 %128, i64 3
  store <4 x i32> %132, ptr addrspace(3) %28, align 16
  %133 = trunc nuw i32 %76 to i8
  store i8 %133, ptr addrspace(3) %29, align 1
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %134 = load <4 x i32>, ptr addrspace(3) %36, align 16
  %135 = load i8, ptr addrspace(3) %40, align 1
  %136 = insertelement <4 x i8> poison, i8 %135, i64 0
  %137 = shufflevector <4 x i8> %136, <4 x i8> poison, <4 x i32> zeroinitializer
  %138 = lshr exact i64 %67, 1
  %139 = lshr exact i64 %67, 5
  %140 = or disjoint i64 %138, %33
  %141 = or disjoint i64 %139, %19
  %142 = getelementptr i8, ptr addrspace(1) %44, i64 %140
  %143 = load <4 x i32>, ptr addrspace(1) %142, align 1
  %144 = getelementptr i8, ptr addrspace(1) %46, i64 %141
  %145 = load i8, ptr addrspace(1) %144, align 1
  %146 = insertelement <4 x i8> poison, i8 %145, i64 0
  %147 = shufflevector <4 x i8> %146, <4 x i8> poison, <4 x i32> zeroinitializer
  %148 = bitcast <4 x i8> %137 to i32
  %149 = bitcast <4 x i8> %147 to i32
  %150 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %134, <4 x i32> %143, <4 x float> %66, i32 4, i32 4, i32 0, i32 %148, i32 0, i32 %149)
  %151 = getelementptr i8, ptr addrspace(1) %49, i64 %140
  %152 = load <4 x i32>, ptr addrspace(1) %151, align 1
  %153 = getelementptr i8, ptr addrspace(1) %51, i64 %141
  %154 = load i8, ptr addrspace(1) %153, align 1
  %155 = insertelement <4 x i8> poison, i8 %154, i64 0
  %156 = shufflevector <4 x i8> %155, <4 x i8> poison, <4 x i32> zeroinitializer
  %157 = bitcast <4 x i8> %156 to i32
  %158 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %134, <4 x i32> %152, <4 x float> %65, i32 4, i32 4, i32 0, i32 %148, i32 0, i32 %157)
  %159 = getelementptr i8, ptr addrspace(1) %54, i64 %140
  %160 = load <4 x i32>, ptr addrspace(1) %159, align 1
  %161 = getelementptr i8, ptr addrspace(1) %56, i64 %141
  %162 = load i8, ptr addrspace(1) %161, align 1
  %163 = insertelement <4 x i8> poison, i8 %162, i64 0
  %164 = shufflevector <4 x i8> %163, <4 x i8> poison, <4 x i32> zeroinitializer
  %165 = bitcast <4 x i8> %164 to i32
  %166 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %134, <4 x i32> %160, <4 x float> %64, i32 4, i32 4, i32 0, i32 %148, i32 0, i32 %165)
  %167 = getelementptr i8, ptr addrspace(1) %59, i64 %140
  %168 = load <4 x i32>, ptr addrspace(1) %167, align 1
  %169 = getelementptr i8, ptr addrspace(1) %61, i64 %141
  %170 = load i8, ptr addrspace(1) %169, align 1
  %171 = insertelement <4 x i8> poison, i8 %170, i64 0
  %172 = shufflevector <4 x i8> %171, <4 x i8> poison, <4 x i32> zeroinitializer
  %173 = bitcast <4 x i8> %172 to i32
  %174 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %134, <4 x i32> %168, <4 x float> %63, i32 4, i32 4, i32 0, i32 %148, i32 0, i32 %173)
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %175 = add nuw nsw i64 %67, 128
  %176 = icmp slt i64 %175, %15
  br i1 %176, label %62, label %._crit_edge

._crit_edge:                                      ; preds = %62, %.._crit_edge_crit_edge
  %invariant.op.pre-phi = phi i64 [ %.pre21, %.._crit_edge_crit_edge ], [ %42, %62 ]
  %.pre-phi = phi i64 [ %.pre, %.._crit_edge_crit_edge ], [ %30, %62 ]
  %.lcssa11 = phi <4 x float> [ zeroinitializer, %.._crit_edge_crit_edge ], [ %150, %62 ]
  %.lcssa10 = phi <4 x float> [ zeroinitializer, %.._crit_edge_crit_edge ], [ %158, %62 ]
  %.lcssa9 = phi <4 x float> [ zeroinitializer, %.._crit_edge_crit_edge ], [ %166, %62 ]
  %.lcssa = phi <4 x float> [ zeroinitializer, %.._crit_edge_crit_edge ], [ %174, %62 ]
  %177 = sext i32 %5 to i64
  %178 = shl nuw nsw i64 %19, 2
  %179 = or disjoint i64 %178, %.pre-phi
  %180 = mul nsw i64 %179, %177
  %181 = or disjoint i64 %179, 1
  %182 = mul nsw i64 %181, %177
  %183 = or disjoint i64 %179, 2
  %184 = mul nsw i64 %183, %177
  %185 = or disjoint i64 %179, 3
  %186 = mul nsw i64 %185, %177
  %187 = getelementptr float, ptr addrspace(1) %10, i64 %180
  %188 = getelementptr float, ptr addrspace(1) %10, i64 %182
  %189 = getelementptr float, ptr addrspace(1) %10, i64 %184
  %190 = getelementptr float, ptr addrspace(1) %10, i64 %186
  %191 = extractelement <4 x float> %.lcssa11, i64 0
  %192 = extractelement <4 x float> %.lcssa11, i64 1
  %193 = extractelement <4 x float> %.lcssa11, i64 2
  %194 = extractelement <4 x float> %.lcssa11, i64 3
  %195 = getelementptr float, ptr addrspace(1) %187, i64 %invariant.op.pre-phi
  store float %191, ptr addrspace(1) %195, align 4
  %196 = getelementptr float, ptr addrspace(1) %188, i64 %invariant.op.pre-phi
  store float %192, ptr addrspace(1) %196, align 4
  %197 = getelementptr float, ptr addrspace(1) %189, i64 %invariant.op.pre-phi
  store float %193, ptr addrspace(1) %197, align 4
  %198 = getelementptr float, ptr addrspace(1) %190, i64 %invariant.op.pre-phi
  store float %194, ptr addrspace(1) %198, align 4
  %.reass.1 = add nuw nsw i64 %invariant.op.pre-phi, 16
  %199 = extractelement <4 x float> %.lcssa10, i64 0
  %200 = extractelement <4 x float> %.lcssa10, i64 1
  %201 = extractelement <4 x float> %.lcssa10, i64 2
  %202 = extractelement <4 x float> %.lcssa10, i64 3
  %203 = getelementptr float, ptr addrspace(1) %187, i64 %.reass.1
  store float %199, ptr addrspace(1) %203, align 4
  %204 = getelementptr float, ptr addrspace(1) %188, i64 %.reass.1
  store float %200, ptr addrspace(1) %204, align 4
  %205 = getelementptr float, ptr addrspace(1) %189, i64 %.reass.1
  store float %201, ptr addrspace(1) %205, align 4
  %206 = getelementptr float, ptr addrspace(1) %190, i64 %.reass.1
  store float %202, ptr addrspace(1) %206, align 4
  %.reass.2 = add nuw nsw i64 %invariant.op.pre-phi, 32
  %207 = extractelement <4 x float> %.lcssa9, i64 0
  %208 = extractelement <4 x float> %.lcssa9, i64 1
  %209 = extractelement <4 x float> %.lcssa9, i64 2
  %210 = extractelement <4 x float> %.lcssa9, i64 3
  %211 = getelementptr float, ptr addrspace(1) %187, i64 %.reass.2
  store float %207, ptr addrspace(1) %211, align 4
  %212 = getelementptr float, ptr addrspace(1) %188, i64 %.reass.2
  store float %208, ptr addrspace(1) %212, align 4
  %213 = getelementptr float, ptr addrspace(1) %189, i64 %.reass.2
  store float %209, ptr addrspace(1) %213, align 4
  %214 = getelementptr float, ptr addrspace(1) %190, i64 %.reass.2
  store float %210, ptr addrspace(1) %214, align 4
  %.reass.3 = add nuw nsw i64 %invariant.op.pre-phi, 48
  %215 = extractelement <4 x float> %.lcssa, i64 0
  %216 = extractelement <4 x float> %.lcssa, i64 1
  %217 = extractelement <4 x float> %.lcssa, i64 2
  %218 = extractelement <4 x float> %.lcssa, i64 3
  %219 = getelementptr float, ptr addrspace(1) %187, i64 %.reass.3
  store float %215, ptr addrspace(1) %219, align 4
  %220 = getelementptr float, ptr addrspace(1) %188, i64 %.reass.3
  store float %216, ptr addrspace(1) %220, align 4
  %221 = getelementptr float, ptr addrspace(1) %189, i64 %.reass.3
  store float %217, ptr addrspace(1) %221, align 4
  %222 = getelementptr float, ptr addrspace(1) %190, i64 %.reass.3
  store float %218, ptr addrspace(1) %222, align 4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <32 x float> @llvm.fabs.v32f32(<32 x float>) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.vector.reduce.fmaximum.v32f32(<32 x float>) #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.amdgcn.cvt.scalef32.pk.fp4.f32(i32, float, float, float, i32 immarg range(i32 0, 4)) #2

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #3

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32>, <4 x i32>, <4 x float>, i32 immarg, i32 immarg, i32 immarg, i32, i32 immarg, i32) #4

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.usub.sat.i32(i32, i32) #5

attributes #0 = { nofree norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="256,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "target-cpu"="gfx950" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) "target-cpu"="gfx950" }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn "target-cpu"="gfx950" }
attributes #4 = { convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) "target-cpu"="gfx950" }
attributes #5 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 256, i32 1, i32 1}
