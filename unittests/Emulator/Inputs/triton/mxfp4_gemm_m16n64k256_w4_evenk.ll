; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@global_smem = external addrspace(3) global [0 x i8], align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @mxfp4_gemm_kernel(ptr addrspace(1) inreg readonly captures(none) %0, ptr addrspace(1) inreg readonly captures(none) %1, ptr addrspace(1) inreg readonly captures(none) %2, ptr addrspace(1) inreg readonly captures(none) %3, ptr addrspace(1) inreg writeonly captures(none) %4, i32 inreg %5, i32 inreg %6, i32 inreg %7, ptr addrspace(1) inreg readnone captures(none) %8, ptr addrspace(1) inreg readnone captures(none) %9) local_unnamed_addr #0 {
  %11 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %12 = add i32 %6, 63
  %13 = sdiv i32 %12, 64
  %.frozen = freeze i32 %13
  %14 = sdiv i32 %11, %.frozen
  %15 = mul i32 %14, %.frozen
  %.decomposed = sub i32 %11, %15
  %16 = sdiv i32 %7, 2
  %17 = add i32 %7, 31
  %18 = sdiv i32 %17, 32
  %19 = shl i32 %14, 4
  %20 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %21 = and i32 %20, 255
  %22 = and i32 %20, 240
  %23 = lshr exact i32 %22, 4
  %24 = and i32 %20, 15
  %25 = or disjoint i32 %19, %24
  %26 = or disjoint i32 %19, %23
  %27 = shl nsw i32 %.decomposed, 6
  %28 = or disjoint i32 %23, 16
  %29 = or disjoint i32 %23, 32
  %30 = or disjoint i32 %23, 48
  %31 = lshr i32 %20, 3
  %32 = and i32 %31, 31
  %33 = or disjoint i32 %32, 32
  %34 = or disjoint i32 %27, %23
  %35 = or disjoint i32 %27, %28
  %36 = or disjoint i32 %27, %29
  %37 = or disjoint i32 %27, %30
  %38 = or disjoint i32 %27, %32
  %39 = or disjoint i32 %27, %33
  %40 = icmp slt i32 %25, %5
  %41 = icmp slt i32 %26, %5
  %42 = icmp slt i32 %34, %6
  %43 = icmp slt i32 %35, %6
  %44 = icmp slt i32 %36, %6
  %45 = icmp slt i32 %37, %6
  %46 = icmp slt i32 %38, %6
  %47 = icmp slt i32 %39, %6
  %48 = shl nuw nsw i32 %24, 3
  %49 = and i32 %20, 48
  %50 = lshr exact i32 %49, 4
  %51 = or disjoint i32 %50, 4
  %52 = and i32 %20, 7
  %53 = add i32 %7, 255
  %54 = mul i32 %19, %16
  %55 = mul i32 %19, %18
  %56 = mul i32 %27, %16
  %57 = mul i32 %27, %18
  %58 = icmp sgt i32 %53, 255
  %59 = mul i32 %16, %23
  %60 = add i32 %59, %48
  %61 = add i32 %54, %60
  %62 = and i1 %58, %41
  %63 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %0, i16 0, i64 2147483646, i32 159744)
  %64 = select i1 %62, i32 %61, i32 -2147483648
  %65 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %63, i32 %64, i32 0, i32 0)
  %66 = mul nsw i32 %18, %24
  %67 = add nsw i32 %66, %50
  %68 = add nsw i32 %66, %51
  %69 = add i32 %55, %67
  %70 = add i32 %55, %68
  %71 = and i1 %58, %40
  %72 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %1, i16 0, i64 2147483646, i32 159744)
  %73 = select i1 %71, i32 %69, i32 -2147483648
  %74 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %72, i32 %73, i32 0, i32 0)
  %75 = select i1 %71, i8 %74, i8 127
  %76 = select i1 %71, i32 %70, i32 -2147483648
  %77 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %72, i32 %76, i32 0, i32 0)
  %78 = select i1 %71, i8 %77, i8 127
  %79 = mul i32 %16, %28
  %80 = mul i32 %16, %29
  %81 = mul i32 %16, %30
  %82 = add i32 %79, %48
  %83 = add i32 %80, %48
  %84 = add i32 %81, %48
  %85 = add i32 %56, %60
  %86 = add i32 %56, %82
  %87 = add i32 %56, %83
  %88 = add i32 %56, %84
  %89 = and i1 %58, %42
  %90 = and i1 %58, %43
  %91 = and i1 %58, %44
  %92 = and i1 %58, %45
  %93 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %2, i16 0, i64 2147483646, i32 159744)
  %94 = select i1 %89, i32 %85, i32 -2147483648
  %95 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %94, i32 0, i32 0)
  %96 = select i1 %90, i32 %86, i32 -2147483648
  %97 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %96, i32 0, i32 0)
  %98 = select i1 %91, i32 %87, i32 -2147483648
  %99 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %98, i32 0, i32 0)
  %100 = select i1 %92, i32 %88, i32 -2147483648
  %101 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %100, i32 0, i32 0)
  %102 = mul nsw i32 %18, %32
  %103 = mul i32 %18, %33
  %104 = add nsw i32 %102, %52
  %105 = add i32 %103, %52
  %106 = add i32 %57, %104
  %107 = add i32 %57, %105
  %108 = and i1 %58, %46
  %109 = and i1 %58, %47
  %110 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %3, i16 0, i64 2147483646, i32 159744)
  %111 = select i1 %108, i32 %106, i32 -2147483648
  %112 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %110, i32 %111, i32 0, i32 0)
  %113 = select i1 %108, i8 %112, i8 127
  %114 = select i1 %109, i32 %107, i32 -2147483648
  %115 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %110, i32 %114, i32 0, i32 0)
  %116 = select i1 %109, i8 %115, i8 127
  %117 = shl nuw nsw i32 %21, 3
  %118 = lshr i32 %20, 1
  %119 = and i32 %118, 112
  %120 = xor i32 %117, %119
  %121 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %120
  store <2 x i32> %65, ptr addrspace(3) %121, align 8
  %122 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %120
  store <2 x i32> %95, ptr addrspace(3) %122, align 8
  %123 = getelementptr inbounds nuw i8, ptr addrspace(3) %122, i32 2048
  store <2 x i32> %97, ptr addrspace(3) %123, align 8
  %124 = getelementptr inbounds nuw i8, ptr addrspace(3) %122, i32 4096
  store <2 x i32> %99, ptr addrspace(3) %124, align 8
  %125 = getelementptr inbounds nuw i8, ptr addrspace(3) %122, i32 6144
  store <2 x i32> %101, ptr addrspace(3) %125, align 8
  %126 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 10240), i32 %21
  %127 = insertelement <1 x i8> poison, i8 %113, i64 0
  store <1 x i8> %127, ptr addrspace(3) %126, align 1
  %128 = getelementptr inbounds nuw i8, ptr addrspace(3) %126, i32 256
  %129 = insertelement <1 x i8> poison, i8 %116, i64 0
  store <1 x i8> %129, ptr addrspace(3) %128, align 1
  %130 = icmp sgt i32 %53, 511
  br i1 %130, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %10
  %131 = lshr i32 %53, 8
  %132 = shl nuw nsw i32 %24, 7
  %133 = shl nuw nsw i32 %20, 3
  %134 = and i32 %133, 112
  %135 = xor i32 %134, %49
  %136 = or disjoint i32 %135, %132
  %137 = xor i32 %136, 64
  %138 = and i32 %20, 192
  %139 = shl nuw nsw i32 %138, 5
  %140 = or disjoint i32 %139, %134
  %141 = xor i32 %140, %49
  %142 = or disjoint i32 %141, %132
  %143 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %142
  %144 = xor i32 %142, 64
  %145 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %144
  %146 = shl nuw nsw i32 %138, 1
  %smax = add nsw i32 %131, -1
  %147 = add i32 %61, 128
  %148 = or disjoint i32 %55, 8
  %149 = add i32 %148, %67
  %150 = add i32 %148, %68
  %151 = select i1 %41, i32 %147, i32 -2147483648
  %152 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %63, i32 %151, i32 0, i32 0)
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %153 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %136
  %154 = load <4 x i32>, ptr addrspace(3) %153, align 16
  %155 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %137
  %156 = load <4 x i32>, ptr addrspace(3) %155, align 16
  %157 = select i1 %40, i32 %149, i32 -2147483648
  %158 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %72, i32 %157, i32 0, i32 0)
  %159 = select i1 %40, i8 %158, i8 127
  %160 = select i1 %40, i32 %150, i32 -2147483648
  %161 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %72, i32 %160, i32 0, i32 0)
  %162 = select i1 %40, i8 %161, i8 127
  %163 = add i32 %56, 128
  %164 = add i32 %163, %60
  %165 = add i32 %163, %82
  %166 = add i32 %163, %83
  %167 = add i32 %163, %84
  %168 = or disjoint i32 %57, 8
  %169 = add i32 %168, %104
  %170 = add i32 %168, %105
  %171 = select i1 %42, i32 %164, i32 -2147483648
  %172 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %171, i32 0, i32 0)
  %173 = select i1 %43, i32 %165, i32 -2147483648
  %174 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %173, i32 0, i32 0)
  %175 = select i1 %44, i32 %166, i32 -2147483648
  %176 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %175, i32 0, i32 0)
  %177 = select i1 %45, i32 %167, i32 -2147483648
  %178 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %177, i32 0, i32 0)
  %179 = load <4 x i32>, ptr addrspace(3) %143, align 16
  %180 = load <4 x i32>, ptr addrspace(3) %145, align 16
  %181 = select i1 %46, i32 %169, i32 -2147483648
  %182 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %110, i32 %181, i32 0, i32 0)
  %183 = select i1 %46, i8 %182, i8 127
  %184 = select i1 %47, i32 %170, i32 -2147483648
  %185 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %110, i32 %184, i32 0, i32 0)
  %186 = select i1 %47, i8 %185, i8 127
  %187 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 10240), i32 %48
  %188 = getelementptr inbounds nuw i8, ptr addrspace(3) %187, i32 %146
  %189 = getelementptr inbounds nuw i8, ptr addrspace(3) %188, i32 %50
  %190 = load <1 x i8>, ptr addrspace(3) %189, align 1
  %191 = getelementptr inbounds nuw i8, ptr addrspace(3) %189, i32 4
  %192 = load <1 x i8>, ptr addrspace(3) %191, align 1
  %193 = insertelement <2 x i8> poison, i8 %75, i64 0
  %194 = insertelement <2 x i8> %193, i8 %78, i64 1
  %195 = bitcast <2 x i8> %194 to i16
  %196 = zext i16 %195 to i32
  %197 = shufflevector <1 x i8> %190, <1 x i8> %192, <2 x i32> <i32 0, i32 1>
  %198 = bitcast <2 x i8> %197 to i16
  %199 = zext i16 %198 to i32
  %200 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %179, <4 x i32> %154, <4 x float> zeroinitializer, i32 4, i32 4, i32 0, i32 %199, i32 0, i32 %196)
  %201 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %180, <4 x i32> %156, <4 x float> %200, i32 4, i32 4, i32 1, i32 %199, i32 1, i32 %196)
  %202 = extractelement <4 x float> %201, i64 0
  %203 = extractelement <4 x float> %201, i64 1
  %204 = extractelement <4 x float> %201, i64 2
  %205 = extractelement <4 x float> %201, i64 3
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  store <2 x i32> %152, ptr addrspace(3) %121, align 8
  store <2 x i32> %172, ptr addrspace(3) %122, align 8
  store <2 x i32> %174, ptr addrspace(3) %123, align 8
  store <2 x i32> %176, ptr addrspace(3) %124, align 8
  store <2 x i32> %178, ptr addrspace(3) %125, align 8
  %206 = insertelement <1 x i8> poison, i8 %183, i64 0
  store <1 x i8> %206, ptr addrspace(3) %126, align 1
  %207 = insertelement <1 x i8> poison, i8 %186, i64 0
  store <1 x i8> %207, ptr addrspace(3) %128, align 1
  %exitcond.peel.not = icmp eq i32 %smax, 1
  br i1 %exitcond.peel.not, label %._crit_edge, label %.peel.next

.peel.next:                                       ; preds = %.lr.ph
  %208 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %136
  %209 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %137
  %210 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 10240), i32 %48
  %211 = getelementptr inbounds nuw i8, ptr addrspace(3) %210, i32 %146
  %212 = getelementptr inbounds nuw i8, ptr addrspace(3) %211, i32 %50
  %213 = getelementptr inbounds nuw i8, ptr addrspace(3) %212, i32 4
  br label %214

214:                                              ; preds = %.peel.next, %214
  %.pn17 = phi i8 [ %162, %.peel.next ], [ %236, %214 ]
  %.pn36 = phi i8 [ %159, %.peel.next ], [ %233, %214 ]
  %215 = phi float [ %202, %.peel.next ], [ %276, %214 ]
  %216 = phi float [ %203, %.peel.next ], [ %277, %214 ]
  %217 = phi float [ %204, %.peel.next ], [ %278, %214 ]
  %218 = phi float [ %205, %.peel.next ], [ %279, %214 ]
  %219 = phi i32 [ 1, %.peel.next ], [ %220, %214 ]
  %220 = add nuw nsw i32 %219, 1
  %221 = shl i32 %220, 7
  %222 = shl i32 %220, 3
  %223 = add i32 %61, %221
  %224 = add i32 %222, %55
  %225 = add i32 %224, %67
  %226 = add i32 %224, %68
  %227 = select i1 %41, i32 %223, i32 -2147483648
  %228 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %63, i32 %227, i32 0, i32 0)
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %229 = load <4 x i32>, ptr addrspace(3) %208, align 16
  %230 = load <4 x i32>, ptr addrspace(3) %209, align 16
  %231 = select i1 %40, i32 %225, i32 -2147483648
  %232 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %72, i32 %231, i32 0, i32 0)
  %233 = select i1 %40, i8 %232, i8 127
  %234 = select i1 %40, i32 %226, i32 -2147483648
  %235 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %72, i32 %234, i32 0, i32 0)
  %236 = select i1 %40, i8 %235, i8 127
  %237 = add i32 %221, %56
  %238 = add i32 %237, %60
  %239 = add i32 %237, %82
  %240 = add i32 %237, %83
  %241 = add i32 %237, %84
  %242 = add i32 %222, %57
  %243 = add i32 %242, %104
  %244 = add i32 %242, %105
  %245 = select i1 %42, i32 %238, i32 -2147483648
  %246 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %245, i32 0, i32 0)
  %247 = select i1 %43, i32 %239, i32 -2147483648
  %248 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %247, i32 0, i32 0)
  %249 = select i1 %44, i32 %240, i32 -2147483648
  %250 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %249, i32 0, i32 0)
  %251 = select i1 %45, i32 %241, i32 -2147483648
  %252 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %93, i32 %251, i32 0, i32 0)
  %253 = load <4 x i32>, ptr addrspace(3) %143, align 16
  %254 = load <4 x i32>, ptr addrspace(3) %145, align 16
  %255 = select i1 %46, i32 %243, i32 -2147483648
  %256 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %110, i32 %255, i32 0, i32 0)
  %257 = select i1 %46, i8 %256, i8 127
  %258 = select i1 %47, i32 %244, i32 -2147483648
  %259 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %110, i32 %258, i32 0, i32 0)
  %260 = select i1 %47, i8 %259, i8 127
  %261 = load <1 x i8>, ptr addrspace(3) %212, align 1
  %262 = load <1 x i8>, ptr addrspace(3) %213, align 1
  %263 = insertelement <2 x i8> poison, i8 %.pn36, i64 0
  %264 = insertelement <2 x i8> %263, i8 %.pn17, i64 1
  %265 = bitcast <2 x i8> %264 to i16
  %266 = zext i16 %265 to i32
  %267 = shufflevector <1 x i8> %261, <1 x i8> %262, <2 x i32> <i32 0, i32 1>
  %268 = bitcast <2 x i8> %267 to i16
  %269 = zext i16 %268 to i32
  %270 = insertelement <4 x float> poison, float %215, i64 0
  %271 = insertelement <4 x float> %270, float %216, i64 1
  %272 = insertelement <4 x float> %271, float %217, i64 2
  %273 = insertelement <4 x float> %272, float %218, i64 3
  %274 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %253, <4 x i32> %229, <4 x float> %273, i32 4, i32 4, i32 0, i32 %269, i32 0, i32 %266)
  %275 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %254, <4 x i32> %230, <4 x float> %274, i32 4, i32 4, i32 1, i32 %269, i32 1, i32 %266)
  %276 = extractelement <4 x float> %275, i64 0
  %277 = extractelement <4 x float> %275, i64 1
  %278 = extractelement <4 x float> %275, i64 2
  %279 = extractelement <4 x float> %275, i64 3
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  store <2 x i32> %228, ptr addrspace(3) %121, align 8
  store <2 x i32> %246, ptr addrspace(3) %122, align 8
  store <2 x i32> %248, ptr addrspace(3) %123, align 8
  store <2 x i32> %250, ptr addrspace(3) %124, align 8
  store <2 x i32> %252, ptr addrspace(3) %125, align 8
  %280 = insertelement <1 x i8> poison, i8 %257, i64 0
  store <1 x i8> %280, ptr addrspace(3) %126, align 1
  %281 = insertelement <1 x i8> poison, i8 %260, i64 0
  store <1 x i8> %281, ptr addrspace(3) %128, align 1
  %exitcond.not = icmp eq i32 %220, %smax
  br i1 %exitcond.not, label %._crit_edge, label %214, !llvm.loop !2

._crit_edge:                                      ; preds = %214, %.lr.ph, %10
  %282 = phi float [ 0.000000e+00, %10 ], [ %202, %.lr.ph ], [ %276, %214 ]
  %283 = phi float [ 0.000000e+00, %10 ], [ %203, %.lr.ph ], [ %277, %214 ]
  %284 = phi float [ 0.000000e+00, %10 ], [ %204, %.lr.ph ], [ %278, %214 ]
  %285 = phi float [ 0.000000e+00, %10 ], [ %205, %.lr.ph ], [ %279, %214 ]
  %.pn3.lcssa = phi i8 [ %75, %10 ], [ %159, %.lr.ph ], [ %233, %214 ]
  %.pn1.lcssa = phi i8 [ %78, %10 ], [ %162, %.lr.ph ], [ %236, %214 ]
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  br i1 %58, label %286, label %._crit_edge._crit_edge

286:                                              ; preds = %._crit_edge
  %287 = and i32 %20, 192
  %288 = shl nuw nsw i32 %287, 1
  %289 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 10240), i32 %48
  %290 = getelementptr inbounds nuw i8, ptr addrspace(3) %289, i32 %288
  %291 = getelementptr inbounds nuw i8, ptr addrspace(3) %290, i32 %50
  %292 = getelementptr inbounds nuw i8, ptr addrspace(3) %291, i32 4
  %293 = load <1 x i8>, ptr addrspace(3) %292, align 1
  %294 = load <1 x i8>, ptr addrspace(3) %291, align 1
  %295 = shl nuw nsw i32 %24, 7
  %296 = shl nuw nsw i32 %287, 5
  %297 = shl nuw nsw i32 %20, 3
  %298 = and i32 %297, 112
  %299 = or disjoint i32 %296, %298
  %300 = xor i32 %299, %49
  %301 = or disjoint i32 %300, %295
  %302 = xor i32 %301, 64
  %303 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %302
  %304 = load <4 x i32>, ptr addrspace(3) %303, align 16
  %305 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %301
  %306 = load <4 x i32>, ptr addrspace(3) %305, align 16
  %307 = xor i32 %298, %49
  %308 = or disjoint i32 %307, %295
  %309 = xor i32 %308, 64
  %310 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %309
  %311 = load <4 x i32>, ptr addrspace(3) %310, align 16
  %312 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %308
  %313 = load <4 x i32>, ptr addrspace(3) %312, align 16
  %314 = insertelement <2 x i8> poison, i8 %.pn3.lcssa, i64 0
  %315 = insertelement <2 x i8> %314, i8 %.pn1.lcssa, i64 1
  %316 = bitcast <2 x i8> %315 to i16
  %317 = zext i16 %316 to i32
  %318 = shufflevector <1 x i8> %294, <1 x i8> %293, <2 x i32> <i32 0, i32 1>
  %319 = bitcast <2 x i8> %318 to i16
  %320 = zext i16 %319 to i32
  %321 = insertelement <4 x float> poison, float %282, i64 0
  %322 = insertelement <4 x float> %321, float %283, i64 1
  %323 = insertelement <4 x float> %322, float %284, i64 2
  %324 = insertelement <4 x float> %323, float %285, i64 3
  %325 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %306, <4 x i32> %313, <4 x float> %324, i32 4, i32 4, i32 0, i32 %320, i32 0, i32 %317)
  %326 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %304, <4 x i32> %311, <4 x float> %325, i32 4, i32 4, i32 1, i32 %320, i32 1, i32 %317)
  %327 = extractelement <4 x float> %326, i64 0
  %328 = extractelement <4 x float> %326, i64 1
  %329 = extractelement <4 x float> %326, i64 2
  %330 = extractelement <4 x float> %326, i64 3
  br label %._crit_edge._crit_edge

._crit_edge._crit_edge:                           ; preds = %._crit_edge, %286
  %331 = phi float [ %330, %286 ], [ %285, %._crit_edge ]
  %332 = phi float [ %329, %286 ], [ %284, %._crit_edge ]
  %333 = phi float [ %328, %286 ], [ %283, %._crit_edge ]
  %334 = phi float [ %327, %286 ], [ %282, %._crit_edge ]
  %335 = lshr exact i32 %22, 2
  %336 = or disjoint i32 %27, %335
  %337 = icmp slt i32 %336, %6
  %reass.mul = mul i32 %25, %6
  %338 = add i32 %336, %reass.mul
  %339 = and i1 %40, %337
  %340 = insertelement <2 x float> poison, float %334, i64 0
  %341 = insertelement <2 x float> %340, float %333, i64 1
  %342 = insertelement <2 x float> poison, float %332, i64 0
  %343 = insertelement <2 x float> %342, float %331, i64 1
  %344 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %4, i16 0, i64 2147483646, i32 159744)
  %345 = shufflevector <2 x float> %341, <2 x float> %343, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %346 = fptrunc <4 x float> %345 to <4 x bfloat>
  %347 = bitcast <4 x bfloat> %346 to <2 x i32>
  %348 = shl i32 %338, 1
  %349 = select i1 %339, i32 %348, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.v2i32(<2 x i32> %347, ptr addrspace(8) %344, i32 %349, i32 0, i32 0)
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) readnone, i16, i64, i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) readonly captures(none), i32, i32, i32 immarg) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) readonly captures(none), i32, i32, i32 immarg) #2

; Function Attrs: mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.waitcnt(i32 immarg) #3

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #4

; Function Attrs: convergent mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32>, <4 x i32>, <4 x float>, i32 immarg, i32 immarg, i32 immarg, i32, i32 immarg, i32) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.v2i32(<2 x i32>, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #6

attributes #0 = { nofree norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #3 = { mustprogress nocallback nofree nounwind willreturn }
attributes #4 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #5 = { convergent mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #6 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write) }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.peeled.count", i32 1}
