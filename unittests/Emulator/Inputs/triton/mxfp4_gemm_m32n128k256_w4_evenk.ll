; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@global_smem = external addrspace(3) global [0 x i8], align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @mxfp4_gemm_kernel(ptr addrspace(1) inreg readonly captures(none) %0, ptr addrspace(1) inreg readonly captures(none) %1, ptr addrspace(1) inreg readonly captures(none) %2, ptr addrspace(1) inreg readonly captures(none) %3, ptr addrspace(1) inreg writeonly captures(none) %4, i32 inreg %5, i32 inreg %6, i32 inreg %7, ptr addrspace(1) inreg readnone captures(none) %8, ptr addrspace(1) inreg readnone captures(none) %9) local_unnamed_addr #0 {
  %11 = tail call i32 @llvm.amdgcn.workgroup.id.x()
  %12 = add i32 %6, 127
  %13 = sdiv i32 %12, 128
  %.frozen = freeze i32 %13
  %14 = sdiv i32 %11, %.frozen
  %15 = mul i32 %14, %.frozen
  %.decomposed = sub i32 %11, %15
  %16 = sdiv i32 %7, 2
  %17 = add i32 %7, 31
  %18 = sdiv i32 %17, 32
  %19 = shl i32 %14, 5
  %20 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %21 = and i32 %20, 255
  %22 = and i32 %20, 31
  %23 = lshr i32 %20, 4
  %24 = and i32 %23, 15
  %25 = or disjoint i32 %24, 16
  %26 = lshr i32 %20, 3
  %27 = and i32 %26, 31
  %28 = or disjoint i32 %19, %27
  %29 = or disjoint i32 %19, %24
  %30 = or disjoint i32 %19, %25
  %31 = shl nsw i32 %.decomposed, 7
  %32 = and i32 %20, 192
  %33 = and i32 %20, 32
  %34 = shl nuw nsw i32 %20, 3
  %35 = and i32 %34, 120
  %36 = or disjoint i32 %24, 32
  %37 = or i32 %23, 48
  %38 = or disjoint i32 %24, 64
  %39 = or disjoint i32 %24, 80
  %40 = or disjoint i32 %24, 96
  %41 = or i32 %23, 112
  %42 = or disjoint i32 %27, 32
  %43 = or disjoint i32 %27, 64
  %44 = or i32 %26, 96
  %45 = or disjoint i32 %31, %24
  %46 = or disjoint i32 %31, %25
  %47 = or disjoint i32 %31, %36
  %48 = or disjoint i32 %31, %37
  %49 = or disjoint i32 %31, %38
  %50 = or disjoint i32 %31, %39
  %51 = or disjoint i32 %31, %40
  %52 = or disjoint i32 %31, %41
  %53 = or disjoint i32 %31, %27
  %54 = or disjoint i32 %31, %42
  %55 = or disjoint i32 %31, %43
  %56 = or disjoint i32 %31, %44
  %57 = icmp slt i32 %28, %5
  %58 = icmp slt i32 %29, %5
  %59 = icmp slt i32 %30, %5
  %60 = icmp slt i32 %45, %6
  %61 = icmp slt i32 %46, %6
  %62 = icmp slt i32 %47, %6
  %63 = icmp slt i32 %48, %6
  %64 = icmp slt i32 %49, %6
  %65 = icmp slt i32 %50, %6
  %66 = icmp slt i32 %51, %6
  %67 = icmp slt i32 %52, %6
  %68 = icmp slt i32 %53, %6
  %69 = icmp slt i32 %54, %6
  %70 = icmp slt i32 %55, %6
  %71 = icmp slt i32 %56, %6
  %72 = and i32 %20, 7
  %73 = add i32 %7, 255
  %74 = mul i32 %19, %16
  %75 = mul i32 %19, %18
  %76 = mul i32 %31, %16
  %77 = mul i32 %31, %18
  %78 = icmp sgt i32 %73, 255
  %79 = mul i32 %16, %24
  %80 = mul i32 %16, %25
  %81 = add i32 %79, %35
  %82 = add i32 %80, %35
  %83 = add i32 %74, %81
  %84 = add i32 %74, %82
  %85 = and i1 %78, %58
  %86 = and i1 %78, %59
  %87 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %0, i16 0, i64 2147483646, i32 159744)
  %88 = select i1 %85, i32 %83, i32 -2147483648
  %89 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %87, i32 %88, i32 0, i32 0)
  %90 = select i1 %86, i32 %84, i32 -2147483648
  %91 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %87, i32 %90, i32 0, i32 0)
  %92 = mul nsw i32 %18, %27
  %93 = add nsw i32 %92, %72
  %94 = add i32 %75, %93
  %95 = and i1 %78, %57
  %96 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %1, i16 0, i64 2147483646, i32 159744)
  %97 = select i1 %95, i32 %94, i32 -2147483648
  %98 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %96, i32 %97, i32 0, i32 0)
  %99 = select i1 %95, i8 %98, i8 127
  %100 = mul i32 %16, %36
  %101 = mul i32 %16, %37
  %102 = mul i32 %16, %38
  %103 = mul i32 %16, %39
  %104 = mul i32 %16, %40
  %105 = mul i32 %16, %41
  %106 = add i32 %100, %35
  %107 = add i32 %101, %35
  %108 = add i32 %102, %35
  %109 = add i32 %103, %35
  %110 = add i32 %104, %35
  %111 = add i32 %105, %35
  %112 = add i32 %76, %81
  %113 = add i32 %76, %82
  %114 = add i32 %76, %106
  %115 = add i32 %76, %107
  %116 = add i32 %76, %108
  %117 = add i32 %76, %109
  %118 = add i32 %76, %110
  %119 = add i32 %76, %111
  %120 = and i1 %78, %60
  %121 = and i1 %78, %61
  %122 = and i1 %78, %62
  %123 = and i1 %78, %63
  %124 = and i1 %78, %64
  %125 = and i1 %78, %65
  %126 = and i1 %78, %66
  %127 = and i1 %78, %67
  %128 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %2, i16 0, i64 2147483646, i32 159744)
  %129 = select i1 %120, i32 %112, i32 -2147483648
  %130 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %129, i32 0, i32 0)
  %131 = select i1 %121, i32 %113, i32 -2147483648
  %132 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %131, i32 0, i32 0)
  %133 = select i1 %122, i32 %114, i32 -2147483648
  %134 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %133, i32 0, i32 0)
  %135 = select i1 %123, i32 %115, i32 -2147483648
  %136 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %135, i32 0, i32 0)
  %137 = select i1 %124, i32 %116, i32 -2147483648
  %138 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %137, i32 0, i32 0)
  %139 = select i1 %125, i32 %117, i32 -2147483648
  %140 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %139, i32 0, i32 0)
  %141 = select i1 %126, i32 %118, i32 -2147483648
  %142 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %141, i32 0, i32 0)
  %143 = select i1 %127, i32 %119, i32 -2147483648
  %144 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %143, i32 0, i32 0)
  %145 = mul i32 %18, %42
  %146 = mul i32 %18, %43
  %147 = mul i32 %18, %44
  %148 = add i32 %145, %72
  %149 = add i32 %146, %72
  %150 = add i32 %147, %72
  %151 = add i32 %77, %93
  %152 = add i32 %77, %148
  %153 = add i32 %77, %149
  %154 = add i32 %77, %150
  %155 = and i1 %78, %68
  %156 = and i1 %78, %69
  %157 = and i1 %78, %70
  %158 = and i1 %78, %71
  %159 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %3, i16 0, i64 2147483646, i32 159744)
  %160 = select i1 %155, i32 %151, i32 -2147483648
  %161 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %160, i32 0, i32 0)
  %162 = select i1 %155, i8 %161, i8 127
  %163 = select i1 %156, i32 %152, i32 -2147483648
  %164 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %163, i32 0, i32 0)
  %165 = select i1 %156, i8 %164, i8 127
  %166 = select i1 %157, i32 %153, i32 -2147483648
  %167 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %166, i32 0, i32 0)
  %168 = select i1 %157, i8 %167, i8 127
  %169 = select i1 %158, i32 %154, i32 -2147483648
  %170 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %169, i32 0, i32 0)
  %171 = select i1 %158, i8 %170, i8 127
  %172 = shl nuw nsw i32 %21, 3
  %173 = lshr i32 %20, 1
  %174 = and i32 %173, 112
  %175 = xor i32 %172, %174
  %176 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %175
  store <2 x i32> %89, ptr addrspace(3) %176, align 8
  %177 = or disjoint i32 %175, 2048
  %178 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %177
  store <2 x i32> %91, ptr addrspace(3) %178, align 8
  %179 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 21504), i32 %21
  %180 = insertelement <1 x i8> poison, i8 %99, i64 0
  store <1 x i8> %180, ptr addrspace(3) %179, align 1
  %181 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %175
  store <2 x i32> %130, ptr addrspace(3) %181, align 8
  %182 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %177
  store <2 x i32> %132, ptr addrspace(3) %182, align 8
  %183 = getelementptr inbounds nuw i8, ptr addrspace(3) %181, i32 4096
  store <2 x i32> %134, ptr addrspace(3) %183, align 8
  %184 = getelementptr inbounds nuw i8, ptr addrspace(3) %181, i32 6144
  store <2 x i32> %136, ptr addrspace(3) %184, align 8
  %185 = getelementptr inbounds nuw i8, ptr addrspace(3) %181, i32 8192
  store <2 x i32> %138, ptr addrspace(3) %185, align 8
  %186 = getelementptr inbounds nuw i8, ptr addrspace(3) %181, i32 10240
  store <2 x i32> %140, ptr addrspace(3) %186, align 8
  %187 = getelementptr inbounds nuw i8, ptr addrspace(3) %181, i32 12288
  store <2 x i32> %142, ptr addrspace(3) %187, align 8
  %188 = getelementptr inbounds nuw i8, ptr addrspace(3) %181, i32 14336
  store <2 x i32> %144, ptr addrspace(3) %188, align 8
  %189 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 20480), i32 %21
  %190 = insertelement <1 x i8> poison, i8 %162, i64 0
  store <1 x i8> %190, ptr addrspace(3) %189, align 1
  %191 = getelementptr inbounds nuw i8, ptr addrspace(3) %189, i32 256
  %192 = insertelement <1 x i8> poison, i8 %165, i64 0
  store <1 x i8> %192, ptr addrspace(3) %191, align 1
  %193 = getelementptr inbounds nuw i8, ptr addrspace(3) %189, i32 512
  %194 = insertelement <1 x i8> poison, i8 %168, i64 0
  store <1 x i8> %194, ptr addrspace(3) %193, align 1
  %195 = or i32 %20, 768
  %196 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 20480), i32 %195
  %197 = insertelement <1 x i8> poison, i8 %171, i64 0
  store <1 x i8> %197, ptr addrspace(3) %196, align 1
  %198 = icmp sgt i32 %73, 511
  br i1 %198, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %10
  %199 = lshr i32 %73, 8
  %200 = shl nuw nsw i32 %22, 7
  %201 = and i32 %34, 112
  %202 = lshr exact i32 %33, 1
  %203 = xor i32 %201, %202
  %204 = or disjoint i32 %203, %200
  %205 = xor i32 %204, 32
  %206 = xor i32 %204, 64
  %207 = xor i32 %204, 96
  %208 = shl nuw nsw i32 %22, 3
  %.lobit1 = lshr exact i32 %33, 5
  %209 = or disjoint i32 %208, %.lobit1
  %210 = shl nuw nsw i32 %32, 6
  %211 = or disjoint i32 %200, %210
  %212 = or disjoint i32 %211, %203
  %213 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %212
  %214 = xor i32 %212, 32
  %215 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %214
  %216 = xor i32 %212, 64
  %217 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %216
  %218 = xor i32 %212, 96
  %219 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %218
  %220 = shl nuw nsw i32 %32, 2
  %smax = add nsw i32 %199, -1
  %221 = add i32 %74, 128
  %222 = add i32 %221, %81
  %223 = add i32 %221, %82
  %224 = add i32 %94, 8
  %225 = select i1 %58, i32 %222, i32 -2147483648
  %226 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %87, i32 %225, i32 0, i32 0)
  %227 = select i1 %59, i32 %223, i32 -2147483648
  %228 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %87, i32 %227, i32 0, i32 0)
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %229 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %204
  %230 = load <4 x i32>, ptr addrspace(3) %229, align 16
  %231 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %205
  %232 = load <4 x i32>, ptr addrspace(3) %231, align 16
  %233 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %206
  %234 = load <4 x i32>, ptr addrspace(3) %233, align 16
  %235 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %207
  %236 = load <4 x i32>, ptr addrspace(3) %235, align 16
  %237 = select i1 %57, i32 %224, i32 -2147483648
  %238 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %96, i32 %237, i32 0, i32 0)
  %239 = select i1 %57, i8 %238, i8 127
  %240 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 21504), i32 %209
  %241 = load <1 x i8>, ptr addrspace(3) %240, align 1
  %242 = getelementptr inbounds nuw i8, ptr addrspace(3) %240, i32 2
  %243 = load <1 x i8>, ptr addrspace(3) %242, align 1
  %244 = getelementptr inbounds nuw i8, ptr addrspace(3) %240, i32 4
  %245 = load <1 x i8>, ptr addrspace(3) %244, align 1
  %246 = shufflevector <1 x i8> %245, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %247 = getelementptr inbounds nuw i8, ptr addrspace(3) %240, i32 6
  %248 = load <1 x i8>, ptr addrspace(3) %247, align 1
  %249 = shufflevector <1 x i8> %248, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %250 = add i32 %76, 128
  %251 = add i32 %250, %81
  %252 = add i32 %250, %82
  %253 = add i32 %250, %106
  %254 = add i32 %250, %107
  %255 = add i32 %250, %108
  %256 = add i32 %250, %109
  %257 = add i32 %250, %110
  %258 = add i32 %250, %111
  %259 = or disjoint i32 %77, 8
  %260 = add i32 %259, %93
  %261 = add i32 %259, %148
  %262 = add i32 %259, %149
  %263 = add i32 %259, %150
  %264 = select i1 %60, i32 %251, i32 -2147483648
  %265 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %264, i32 0, i32 0)
  %266 = select i1 %61, i32 %252, i32 -2147483648
  %267 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %266, i32 0, i32 0)
  %268 = select i1 %62, i32 %253, i32 -2147483648
  %269 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %268, i32 0, i32 0)
  %270 = select i1 %63, i32 %254, i32 -2147483648
  %271 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %270, i32 0, i32 0)
  %272 = select i1 %64, i32 %255, i32 -2147483648
  %273 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %272, i32 0, i32 0)
  %274 = select i1 %65, i32 %256, i32 -2147483648
  %275 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %274, i32 0, i32 0)
  %276 = select i1 %66, i32 %257, i32 -2147483648
  %277 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %276, i32 0, i32 0)
  %278 = select i1 %67, i32 %258, i32 -2147483648
  %279 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %278, i32 0, i32 0)
  %280 = load <4 x i32>, ptr addrspace(3) %213, align 16
  %281 = load <4 x i32>, ptr addrspace(3) %215, align 16
  %282 = load <4 x i32>, ptr addrspace(3) %217, align 16
  %283 = load <4 x i32>, ptr addrspace(3) %219, align 16
  %284 = select i1 %68, i32 %260, i32 -2147483648
  %285 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %284, i32 0, i32 0)
  %286 = select i1 %68, i8 %285, i8 127
  %287 = select i1 %69, i32 %261, i32 -2147483648
  %288 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %287, i32 0, i32 0)
  %289 = select i1 %69, i8 %288, i8 127
  %290 = select i1 %70, i32 %262, i32 -2147483648
  %291 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %290, i32 0, i32 0)
  %292 = select i1 %70, i8 %291, i8 127
  %293 = select i1 %71, i32 %263, i32 -2147483648
  %294 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %293, i32 0, i32 0)
  %295 = select i1 %71, i8 %294, i8 127
  %296 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 20480), i32 %209
  %297 = getelementptr inbounds nuw i8, ptr addrspace(3) %296, i32 %220
  %298 = load <1 x i8>, ptr addrspace(3) %297, align 1
  %299 = getelementptr inbounds nuw i8, ptr addrspace(3) %297, i32 2
  %300 = load <1 x i8>, ptr addrspace(3) %299, align 1
  %301 = getelementptr inbounds nuw i8, ptr addrspace(3) %297, i32 4
  %302 = load <1 x i8>, ptr addrspace(3) %301, align 1
  %303 = shufflevector <1 x i8> %302, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %304 = getelementptr inbounds nuw i8, ptr addrspace(3) %297, i32 6
  %305 = load <1 x i8>, ptr addrspace(3) %304, align 1
  %306 = shufflevector <1 x i8> %305, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %307 = shufflevector <1 x i8> %241, <1 x i8> %243, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %308 = shufflevector <4 x i8> %307, <4 x i8> %246, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %309 = shufflevector <4 x i8> %308, <4 x i8> %249, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %310 = bitcast <4 x i8> %309 to i32
  %311 = shufflevector <1 x i8> %298, <1 x i8> %300, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %312 = shufflevector <4 x i8> %311, <4 x i8> %303, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %313 = shufflevector <4 x i8> %312, <4 x i8> %306, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %314 = bitcast <4 x i8> %313 to i32
  %315 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %280, <4 x i32> %230, <16 x float> zeroinitializer, i32 4, i32 4, i32 0, i32 %314, i32 0, i32 %310)
  %316 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %281, <4 x i32> %232, <16 x float> %315, i32 4, i32 4, i32 1, i32 %314, i32 1, i32 %310)
  %317 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %282, <4 x i32> %234, <16 x float> %316, i32 4, i32 4, i32 2, i32 %314, i32 2, i32 %310)
  %318 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %283, <4 x i32> %236, <16 x float> %317, i32 4, i32 4, i32 3, i32 %314, i32 3, i32 %310)
  %319 = extractelement <16 x float> %318, i64 0
  %320 = extractelement <16 x float> %318, i64 1
  %321 = extractelement <16 x float> %318, i64 2
  %322 = extractelement <16 x float> %318, i64 3
  %323 = extractelement <16 x float> %318, i64 4
  %324 = extractelement <16 x float> %318, i64 5
  %325 = extractelement <16 x float> %318, i64 6
  %326 = extractelement <16 x float> %318, i64 7
  %327 = extractelement <16 x float> %318, i64 8
  %328 = extractelement <16 x float> %318, i64 9
  %329 = extractelement <16 x float> %318, i64 10
  %330 = extractelement <16 x float> %318, i64 11
  %331 = extractelement <16 x float> %318, i64 12
  %332 = extractelement <16 x float> %318, i64 13
  %333 = extractelement <16 x float> %318, i64 14
  %334 = extractelement <16 x float> %318, i64 15
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  store <2 x i32> %226, ptr addrspace(3) %176, align 8
  store <2 x i32> %228, ptr addrspace(3) %178, align 8
  %335 = insertelement <1 x i8> poison, i8 %239, i64 0
  store <1 x i8> %335, ptr addrspace(3) %179, align 1
  store <2 x i32> %265, ptr addrspace(3) %181, align 8
  store <2 x i32> %267, ptr addrspace(3) %182, align 8
  store <2 x i32> %269, ptr addrspace(3) %183, align 8
  store <2 x i32> %271, ptr addrspace(3) %184, align 8
  store <2 x i32> %273, ptr addrspace(3) %185, align 8
  store <2 x i32> %275, ptr addrspace(3) %186, align 8
  store <2 x i32> %277, ptr addrspace(3) %187, align 8
  store <2 x i32> %279, ptr addrspace(3) %188, align 8
  %336 = insertelement <1 x i8> poison, i8 %286, i64 0
  store <1 x i8> %336, ptr addrspace(3) %189, align 1
  %337 = insertelement <1 x i8> poison, i8 %289, i64 0
  store <1 x i8> %337, ptr addrspace(3) %191, align 1
  %338 = insertelement <1 x i8> poison, i8 %292, i64 0
  store <1 x i8> %338, ptr addrspace(3) %193, align 1
  %339 = insertelement <1 x i8> poison, i8 %295, i64 0
  store <1 x i8> %339, ptr addrspace(3) %196, align 1
  %exitcond.peel.not = icmp eq i32 %smax, 1
  br i1 %exitcond.peel.not, label %._crit_edge, label %.peel.next

.peel.next:                                       ; preds = %.lr.ph
  %340 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %204
  %341 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %205
  %342 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %206
  %343 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %207
  %344 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 21504), i32 %209
  %345 = getelementptr inbounds nuw i8, ptr addrspace(3) %344, i32 2
  %346 = getelementptr inbounds nuw i8, ptr addrspace(3) %344, i32 4
  %347 = getelementptr inbounds nuw i8, ptr addrspace(3) %344, i32 6
  %348 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 20480), i32 %209
  %349 = getelementptr inbounds nuw i8, ptr addrspace(3) %348, i32 %220
  %350 = getelementptr inbounds nuw i8, ptr addrspace(3) %349, i32 2
  %351 = getelementptr inbounds nuw i8, ptr addrspace(3) %349, i32 4
  %352 = getelementptr inbounds nuw i8, ptr addrspace(3) %349, i32 6
  br label %353

353:                                              ; preds = %.peel.next, %353
  %354 = phi float [ %319, %.peel.next ], [ %475, %353 ]
  %355 = phi float [ %320, %.peel.next ], [ %476, %353 ]
  %356 = phi float [ %321, %.peel.next ], [ %477, %353 ]
  %357 = phi float [ %322, %.peel.next ], [ %478, %353 ]
  %358 = phi float [ %323, %.peel.next ], [ %479, %353 ]
  %359 = phi float [ %324, %.peel.next ], [ %480, %353 ]
  %360 = phi float [ %325, %.peel.next ], [ %481, %353 ]
  %361 = phi float [ %326, %.peel.next ], [ %482, %353 ]
  %362 = phi float [ %327, %.peel.next ], [ %483, %353 ]
  %363 = phi float [ %328, %.peel.next ], [ %484, %353 ]
  %364 = phi float [ %329, %.peel.next ], [ %485, %353 ]
  %365 = phi float [ %330, %.peel.next ], [ %486, %353 ]
  %366 = phi float [ %331, %.peel.next ], [ %487, %353 ]
  %367 = phi float [ %332, %.peel.next ], [ %488, %353 ]
  %368 = phi float [ %333, %.peel.next ], [ %489, %353 ]
  %369 = phi float [ %334, %.peel.next ], [ %490, %353 ]
  %370 = phi i32 [ 1, %.peel.next ], [ %371, %353 ]
  %371 = add nuw nsw i32 %370, 1
  %372 = shl i32 %371, 7
  %373 = shl i32 %371, 3
  %374 = add i32 %372, %74
  %375 = add i32 %374, %81
  %376 = add i32 %374, %82
  %377 = add i32 %94, %373
  %378 = select i1 %58, i32 %375, i32 -2147483648
  %379 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %87, i32 %378, i32 0, i32 0)
  %380 = select i1 %59, i32 %376, i32 -2147483648
  %381 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %87, i32 %380, i32 0, i32 0)
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %382 = load <4 x i32>, ptr addrspace(3) %340, align 16
  %383 = load <4 x i32>, ptr addrspace(3) %341, align 16
  %384 = load <4 x i32>, ptr addrspace(3) %342, align 16
  %385 = load <4 x i32>, ptr addrspace(3) %343, align 16
  %386 = select i1 %57, i32 %377, i32 -2147483648
  %387 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %96, i32 %386, i32 0, i32 0)
  %388 = select i1 %57, i8 %387, i8 127
  %389 = load <1 x i8>, ptr addrspace(3) %344, align 1
  %390 = load <1 x i8>, ptr addrspace(3) %345, align 1
  %391 = load <1 x i8>, ptr addrspace(3) %346, align 1
  %392 = shufflevector <1 x i8> %391, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %393 = load <1 x i8>, ptr addrspace(3) %347, align 1
  %394 = shufflevector <1 x i8> %393, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %395 = add i32 %372, %76
  %396 = add i32 %395, %81
  %397 = add i32 %395, %82
  %398 = add i32 %395, %106
  %399 = add i32 %395, %107
  %400 = add i32 %395, %108
  %401 = add i32 %395, %109
  %402 = add i32 %395, %110
  %403 = add i32 %395, %111
  %404 = add i32 %373, %77
  %405 = add i32 %404, %93
  %406 = add i32 %404, %148
  %407 = add i32 %404, %149
  %408 = add i32 %404, %150
  %409 = select i1 %60, i32 %396, i32 -2147483648
  %410 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %409, i32 0, i32 0)
  %411 = select i1 %61, i32 %397, i32 -2147483648
  %412 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %411, i32 0, i32 0)
  %413 = select i1 %62, i32 %398, i32 -2147483648
  %414 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %413, i32 0, i32 0)
  %415 = select i1 %63, i32 %399, i32 -2147483648
  %416 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %415, i32 0, i32 0)
  %417 = select i1 %64, i32 %400, i32 -2147483648
  %418 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %417, i32 0, i32 0)
  %419 = select i1 %65, i32 %401, i32 -2147483648
  %420 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %419, i32 0, i32 0)
  %421 = select i1 %66, i32 %402, i32 -2147483648
  %422 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %421, i32 0, i32 0)
  %423 = select i1 %67, i32 %403, i32 -2147483648
  %424 = tail call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %128, i32 %423, i32 0, i32 0)
  %425 = load <4 x i32>, ptr addrspace(3) %213, align 16
  %426 = load <4 x i32>, ptr addrspace(3) %215, align 16
  %427 = load <4 x i32>, ptr addrspace(3) %217, align 16
  %428 = load <4 x i32>, ptr addrspace(3) %219, align 16
  %429 = select i1 %68, i32 %405, i32 -2147483648
  %430 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %429, i32 0, i32 0)
  %431 = select i1 %68, i8 %430, i8 127
  %432 = select i1 %69, i32 %406, i32 -2147483648
  %433 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %432, i32 0, i32 0)
  %434 = select i1 %69, i8 %433, i8 127
  %435 = select i1 %70, i32 %407, i32 -2147483648
  %436 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %435, i32 0, i32 0)
  %437 = select i1 %70, i8 %436, i8 127
  %438 = select i1 %71, i32 %408, i32 -2147483648
  %439 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %159, i32 %438, i32 0, i32 0)
  %440 = select i1 %71, i8 %439, i8 127
  %441 = load <1 x i8>, ptr addrspace(3) %349, align 1
  %442 = load <1 x i8>, ptr addrspace(3) %350, align 1
  %443 = load <1 x i8>, ptr addrspace(3) %351, align 1
  %444 = shufflevector <1 x i8> %443, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %445 = load <1 x i8>, ptr addrspace(3) %352, align 1
  %446 = shufflevector <1 x i8> %445, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %447 = shufflevector <1 x i8> %389, <1 x i8> %390, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %448 = shufflevector <4 x i8> %447, <4 x i8> %392, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %449 = shufflevector <4 x i8> %448, <4 x i8> %394, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %450 = bitcast <4 x i8> %449 to i32
  %451 = shufflevector <1 x i8> %441, <1 x i8> %442, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %452 = shufflevector <4 x i8> %451, <4 x i8> %444, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %453 = shufflevector <4 x i8> %452, <4 x i8> %446, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %454 = bitcast <4 x i8> %453 to i32
  %455 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %354, i64 0
  %456 = insertelement <16 x float> %455, float %355, i64 1
  %457 = insertelement <16 x float> %456, float %356, i64 2
  %458 = insertelement <16 x float> %457, float %357, i64 3
  %459 = insertelement <16 x float> %458, float %358, i64 4
  %460 = insertelement <16 x float> %459, float %359, i64 5
  %461 = insertelement <16 x float> %460, float %360, i64 6
  %462 = insertelement <16 x float> %461, float %361, i64 7
  %463 = insertelement <16 x float> %462, float %362, i64 8
  %464 = insertelement <16 x float> %463, float %363, i64 9
  %465 = insertelement <16 x float> %464, float %364, i64 10
  %466 = insertelement <16 x float> %465, float %365, i64 11
  %467 = insertelement <16 x float> %466, float %366, i64 12
  %468 = insertelement <16 x float> %467, float %367, i64 13
  %469 = insertelement <16 x float> %468, float %368, i64 14
  %470 = insertelement <16 x float> %469, float %369, i64 15
  %471 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %425, <4 x i32> %382, <16 x float> %470, i32 4, i32 4, i32 0, i32 %454, i32 0, i32 %450)
  %472 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %426, <4 x i32> %383, <16 x float> %471, i32 4, i32 4, i32 1, i32 %454, i32 1, i32 %450)
  %473 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %427, <4 x i32> %384, <16 x float> %472, i32 4, i32 4, i32 2, i32 %454, i32 2, i32 %450)
  %474 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %428, <4 x i32> %385, <16 x float> %473, i32 4, i32 4, i32 3, i32 %454, i32 3, i32 %450)
  %475 = extractelement <16 x float> %474, i64 0
  %476 = extractelement <16 x float> %474, i64 1
  %477 = extractelement <16 x float> %474, i64 2
  %478 = extractelement <16 x float> %474, i64 3
  %479 = extractelement <16 x float> %474, i64 4
  %480 = extractelement <16 x float> %474, i64 5
  %481 = extractelement <16 x float> %474, i64 6
  %482 = extractelement <16 x float> %474, i64 7
  %483 = extractelement <16 x float> %474, i64 8
  %484 = extractelement <16 x float> %474, i64 9
  %485 = extractelement <16 x float> %474, i64 10
  %486 = extractelement <16 x float> %474, i64 11
  %487 = extractelement <16 x float> %474, i64 12
  %488 = extractelement <16 x float> %474, i64 13
  %489 = extractelement <16 x float> %474, i64 14
  %490 = extractelement <16 x float> %474, i64 15
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  store <2 x i32> %379, ptr addrspace(3) %176, align 8
  store <2 x i32> %381, ptr addrspace(3) %178, align 8
  %491 = insertelement <1 x i8> poison, i8 %388, i64 0
  store <1 x i8> %491, ptr addrspace(3) %179, align 1
  store <2 x i32> %410, ptr addrspace(3) %181, align 8
  store <2 x i32> %412, ptr addrspace(3) %182, align 8
  store <2 x i32> %414, ptr addrspace(3) %183, align 8
  store <2 x i32> %416, ptr addrspace(3) %184, align 8
  store <2 x i32> %418, ptr addrspace(3) %185, align 8
  store <2 x i32> %420, ptr addrspace(3) %186, align 8
  store <2 x i32> %422, ptr addrspace(3) %187, align 8
  store <2 x i32> %424, ptr addrspace(3) %188, align 8
  %492 = insertelement <1 x i8> poison, i8 %431, i64 0
  store <1 x i8> %492, ptr addrspace(3) %189, align 1
  %493 = insertelement <1 x i8> poison, i8 %434, i64 0
  store <1 x i8> %493, ptr addrspace(3) %191, align 1
  %494 = insertelement <1 x i8> poison, i8 %437, i64 0
  store <1 x i8> %494, ptr addrspace(3) %193, align 1
  %495 = insertelement <1 x i8> poison, i8 %440, i64 0
  store <1 x i8> %495, ptr addrspace(3) %196, align 1
  %exitcond.not = icmp eq i32 %371, %smax
  br i1 %exitcond.not, label %._crit_edge, label %353, !llvm.loop !2

._crit_edge:                                      ; preds = %353, %.lr.ph, %10
  %496 = phi float [ 0.000000e+00, %10 ], [ %319, %.lr.ph ], [ %475, %353 ]
  %497 = phi float [ 0.000000e+00, %10 ], [ %320, %.lr.ph ], [ %476, %353 ]
  %498 = phi float [ 0.000000e+00, %10 ], [ %321, %.lr.ph ], [ %477, %353 ]
  %499 = phi float [ 0.000000e+00, %10 ], [ %322, %.lr.ph ], [ %478, %353 ]
  %500 = phi float [ 0.000000e+00, %10 ], [ %323, %.lr.ph ], [ %479, %353 ]
  %501 = phi float [ 0.000000e+00, %10 ], [ %324, %.lr.ph ], [ %480, %353 ]
  %502 = phi float [ 0.000000e+00, %10 ], [ %325, %.lr.ph ], [ %481, %353 ]
  %503 = phi float [ 0.000000e+00, %10 ], [ %326, %.lr.ph ], [ %482, %353 ]
  %504 = phi float [ 0.000000e+00, %10 ], [ %327, %.lr.ph ], [ %483, %353 ]
  %505 = phi float [ 0.000000e+00, %10 ], [ %328, %.lr.ph ], [ %484, %353 ]
  %506 = phi float [ 0.000000e+00, %10 ], [ %329, %.lr.ph ], [ %485, %353 ]
  %507 = phi float [ 0.000000e+00, %10 ], [ %330, %.lr.ph ], [ %486, %353 ]
  %508 = phi float [ 0.000000e+00, %10 ], [ %331, %.lr.ph ], [ %487, %353 ]
  %509 = phi float [ 0.000000e+00, %10 ], [ %332, %.lr.ph ], [ %488, %353 ]
  %510 = phi float [ 0.000000e+00, %10 ], [ %333, %.lr.ph ], [ %489, %353 ]
  %511 = phi float [ 0.000000e+00, %10 ], [ %334, %.lr.ph ], [ %490, %353 ]
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  br i1 %78, label %512, label %._crit_edge._crit_edge

512:                                              ; preds = %._crit_edge
  %513 = shl nuw nsw i32 %22, 3
  %.lobit = lshr exact i32 %33, 5
  %514 = or disjoint i32 %513, %.lobit
  %515 = shl nuw nsw i32 %32, 2
  %516 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 20480), i32 %514
  %517 = getelementptr inbounds nuw i8, ptr addrspace(3) %516, i32 %515
  %518 = getelementptr inbounds nuw i8, ptr addrspace(3) %517, i32 6
  %519 = load <1 x i8>, ptr addrspace(3) %518, align 1
  %520 = shufflevector <1 x i8> %519, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %521 = getelementptr inbounds nuw i8, ptr addrspace(3) %517, i32 4
  %522 = load <1 x i8>, ptr addrspace(3) %521, align 1
  %523 = shufflevector <1 x i8> %522, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %524 = getelementptr inbounds nuw i8, ptr addrspace(3) %517, i32 2
  %525 = load <1 x i8>, ptr addrspace(3) %524, align 1
  %526 = load <1 x i8>, ptr addrspace(3) %517, align 1
  %527 = shl nuw nsw i32 %22, 7
  %528 = shl nuw nsw i32 %32, 6
  %529 = or disjoint i32 %527, %528
  %530 = and i32 %34, 112
  %531 = lshr exact i32 %33, 1
  %532 = xor i32 %530, %531
  %533 = or disjoint i32 %529, %532
  %534 = xor i32 %533, 96
  %535 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %534
  %536 = load <4 x i32>, ptr addrspace(3) %535, align 16
  %537 = xor i32 %533, 64
  %538 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %537
  %539 = load <4 x i32>, ptr addrspace(3) %538, align 16
  %540 = xor i32 %533, 32
  %541 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %540
  %542 = load <4 x i32>, ptr addrspace(3) %541, align 16
  %543 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %533
  %544 = load <4 x i32>, ptr addrspace(3) %543, align 16
  %545 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 21504), i32 %514
  %546 = getelementptr inbounds nuw i8, ptr addrspace(3) %545, i32 6
  %547 = load <1 x i8>, ptr addrspace(3) %546, align 1
  %548 = shufflevector <1 x i8> %547, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %549 = getelementptr inbounds nuw i8, ptr addrspace(3) %545, i32 4
  %550 = load <1 x i8>, ptr addrspace(3) %549, align 1
  %551 = shufflevector <1 x i8> %550, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %552 = getelementptr inbounds nuw i8, ptr addrspace(3) %545, i32 2
  %553 = load <1 x i8>, ptr addrspace(3) %552, align 1
  %554 = load <1 x i8>, ptr addrspace(3) %545, align 1
  %555 = or disjoint i32 %532, %527
  %556 = xor i32 %555, 96
  %557 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %556
  %558 = load <4 x i32>, ptr addrspace(3) %557, align 16
  %559 = xor i32 %555, 64
  %560 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %559
  %561 = load <4 x i32>, ptr addrspace(3) %560, align 16
  %562 = xor i32 %555, 32
  %563 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %562
  %564 = load <4 x i32>, ptr addrspace(3) %563, align 16
  %565 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %555
  %566 = load <4 x i32>, ptr addrspace(3) %565, align 16
  %567 = shufflevector <1 x i8> %554, <1 x i8> %553, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %568 = shufflevector <4 x i8> %567, <4 x i8> %551, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %569 = shufflevector <4 x i8> %568, <4 x i8> %548, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %570 = bitcast <4 x i8> %569 to i32
  %571 = shufflevector <1 x i8> %526, <1 x i8> %525, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %572 = shufflevector <4 x i8> %571, <4 x i8> %523, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %573 = shufflevector <4 x i8> %572, <4 x i8> %520, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %574 = bitcast <4 x i8> %573 to i32
  %575 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %496, i64 0
  %576 = insertelement <16 x float> %575, float %497, i64 1
  %577 = insertelement <16 x float> %576, float %498, i64 2
  %578 = insertelement <16 x float> %577, float %499, i64 3
  %579 = insertelement <16 x float> %578, float %500, i64 4
  %580 = insertelement <16 x float> %579, float %501, i64 5
  %581 = insertelement <16 x float> %580, float %502, i64 6
  %582 = insertelement <16 x float> %581, float %503, i64 7
  %583 = insertelement <16 x float> %582, float %504, i64 8
  %584 = insertelement <16 x float> %583, float %505, i64 9
  %585 = insertelement <16 x float> %584, float %506, i64 10
  %586 = insertelement <16 x float> %585, float %507, i64 11
  %587 = insertelement <16 x float> %586, float %508, i64 12
  %588 = insertelement <16 x float> %587, float %509, i64 13
  %589 = insertelement <16 x float> %588, float %510, i64 14
  %590 = insertelement <16 x float> %589, float %511, i64 15
  %591 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %544, <4 x i32> %566, <16 x float> %590, i32 4, i32 4, i32 0, i32 %574, i32 0, i32 %570)
  %592 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %542, <4 x i32> %564, <16 x float> %591, i32 4, i32 4, i32 1, i32 %574, i32 1, i32 %570)
  %593 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %539, <4 x i32> %561, <16 x float> %592, i32 4, i32 4, i32 2, i32 %574, i32 2, i32 %570)
  %594 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %536, <4 x i32> %558, <16 x float> %593, i32 4, i32 4, i32 3, i32 %574, i32 3, i32 %570)
  %595 = extractelement <16 x float> %594, i64 0
  %596 = extractelement <16 x float> %594, i64 1
  %597 = extractelement <16 x float> %594, i64 2
  %598 = extractelement <16 x float> %594, i64 3
  %599 = extractelement <16 x float> %594, i64 4
  %600 = extractelement <16 x float> %594, i64 5
  %601 = extractelement <16 x float> %594, i64 6
  %602 = extractelement <16 x float> %594, i64 7
  %603 = extractelement <16 x float> %594, i64 8
  %604 = extractelement <16 x float> %594, i64 9
  %605 = extractelement <16 x float> %594, i64 10
  %606 = extractelement <16 x float> %594, i64 11
  %607 = extractelement <16 x float> %594, i64 12
  %608 = extractelement <16 x float> %594, i64 13
  %609 = extractelement <16 x float> %594, i64 14
  %610 = extractelement <16 x float> %594, i64 15
  br label %._crit_edge._crit_edge

._crit_edge._crit_edge:                           ; preds = %._crit_edge, %512
  %611 = phi float [ %610, %512 ], [ %511, %._crit_edge ]
  %612 = phi float [ %609, %512 ], [ %510, %._crit_edge ]
  %613 = phi float [ %608, %512 ], [ %509, %._crit_edge ]
  %614 = phi float [ %607, %512 ], [ %508, %._crit_edge ]
  %615 = phi float [ %606, %512 ], [ %507, %._crit_edge ]
  %616 = phi float [ %605, %512 ], [ %506, %._crit_edge ]
  %617 = phi float [ %604, %512 ], [ %505, %._crit_edge ]
  %618 = phi float [ %603, %512 ], [ %504, %._crit_edge ]
  %619 = phi float [ %602, %512 ], [ %503, %._crit_edge ]
  %620 = phi float [ %601, %512 ], [ %502, %._crit_edge ]
  %621 = phi float [ %600, %512 ], [ %501, %._crit_edge ]
  %622 = phi float [ %599, %512 ], [ %500, %._crit_edge ]
  %623 = phi float [ %598, %512 ], [ %499, %._crit_edge ]
  %624 = phi float [ %597, %512 ], [ %498, %._crit_edge ]
  %625 = phi float [ %596, %512 ], [ %497, %._crit_edge ]
  %626 = phi float [ %595, %512 ], [ %496, %._crit_edge ]
  %627 = lshr exact i32 %33, 2
  %628 = lshr exact i32 %32, 1
  %629 = or disjoint i32 %627, %628
  %630 = or disjoint i32 %629, 16
  %631 = or disjoint i32 %31, %630
  %632 = icmp slt i32 %631, %6
  %633 = or disjoint i32 %31, %629
  %634 = icmp slt i32 %633, %6
  %635 = or disjoint i32 %19, %22
  %636 = icmp slt i32 %635, %5
  %637 = mul i32 %19, %6
  %638 = mul i32 %6, %22
  %639 = add i32 %637, %31
  %640 = add i32 %639, %638
  %641 = add i32 %640, %629
  %642 = add i32 %640, %630
  %643 = and i1 %636, %634
  %644 = and i1 %636, %632
  %645 = insertelement <2 x float> poison, float %626, i64 0
  %646 = insertelement <2 x float> %645, float %625, i64 1
  %647 = fptrunc <2 x float> %646 to <2 x bfloat>
  %648 = insertelement <2 x float> poison, float %624, i64 0
  %649 = insertelement <2 x float> %648, float %623, i64 1
  %650 = fptrunc <2 x float> %649 to <2 x bfloat>
  %651 = insertelement <2 x float> poison, float %622, i64 0
  %652 = insertelement <2 x float> %651, float %621, i64 1
  %653 = fptrunc <2 x float> %652 to <2 x bfloat>
  %654 = insertelement <2 x float> poison, float %620, i64 0
  %655 = insertelement <2 x float> %654, float %619, i64 1
  %656 = fptrunc <2 x float> %655 to <2 x bfloat>
  %657 = insertelement <2 x float> poison, float %618, i64 0
  %658 = insertelement <2 x float> %657, float %617, i64 1
  %659 = fptrunc <2 x float> %658 to <2 x bfloat>
  %660 = insertelement <2 x float> poison, float %616, i64 0
  %661 = insertelement <2 x float> %660, float %615, i64 1
  %662 = fptrunc <2 x float> %661 to <2 x bfloat>
  %663 = insertelement <2 x float> poison, float %614, i64 0
  %664 = insertelement <2 x float> %663, float %613, i64 1
  %665 = fptrunc <2 x float> %664 to <2 x bfloat>
  %666 = insertelement <2 x float> poison, float %612, i64 0
  %667 = insertelement <2 x float> %666, float %611, i64 1
  %668 = fptrunc <2 x float> %667 to <2 x bfloat>
  %669 = bitcast <2 x bfloat> %647 to i32
  %670 = bitcast <2 x bfloat> %650 to i32
  %671 = bitcast <2 x bfloat> %653 to i32
  %672 = bitcast <2 x bfloat> %656 to i32
  %673 = bitcast <2 x bfloat> %659 to i32
  %674 = bitcast <2 x bfloat> %662 to i32
  %675 = bitcast <2 x bfloat> %665 to i32
  %676 = bitcast <2 x bfloat> %668 to i32
  %677 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %669, i32 %671, i1 false, i1 false)
  %678 = extractvalue { i32, i32 } %677, 0
  %679 = extractvalue { i32, i32 } %677, 1
  %680 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %670, i32 %672, i1 false, i1 false)
  %681 = extractvalue { i32, i32 } %680, 0
  %682 = extractvalue { i32, i32 } %680, 1
  %683 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %673, i32 %675, i1 false, i1 false)
  %684 = extractvalue { i32, i32 } %683, 0
  %685 = extractvalue { i32, i32 } %683, 1
  %686 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %674, i32 %676, i1 false, i1 false)
  %687 = extractvalue { i32, i32 } %686, 0
  %688 = extractvalue { i32, i32 } %686, 1
  %689 = bitcast i32 %678 to <2 x bfloat>
  %690 = bitcast i32 %681 to <2 x bfloat>
  %691 = bitcast i32 %679 to <2 x bfloat>
  %692 = shufflevector <2 x bfloat> %691, <2 x bfloat> poison, <8 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %693 = bitcast i32 %682 to <2 x bfloat>
  %694 = shufflevector <2 x bfloat> %693, <2 x bfloat> poison, <8 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %695 = bitcast i32 %684 to <2 x bfloat>
  %696 = bitcast i32 %687 to <2 x bfloat>
  %697 = bitcast i32 %685 to <2 x bfloat>
  %698 = shufflevector <2 x bfloat> %697, <2 x bfloat> poison, <8 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %699 = bitcast i32 %688 to <2 x bfloat>
  %700 = shufflevector <2 x bfloat> %699, <2 x bfloat> poison, <8 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %701 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %4, i16 0, i64 2147483646, i32 159744)
  %702 = shufflevector <2 x bfloat> %689, <2 x bfloat> %690, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 poison, i32 poison, i32 poison, i32 poison>
  %703 = shufflevector <8 x bfloat> %702, <8 x bfloat> %692, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 poison, i32 poison>
  %704 = shufflevector <8 x bfloat> %703, <8 x bfloat> %694, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 8, i32 9>
  %705 = bitcast <8 x bfloat> %704 to <4 x i32>
  %706 = shl i32 %641, 1
  %707 = select i1 %643, i32 %706, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.v4i32(<4 x i32> %705, ptr addrspace(8) %701, i32 %707, i32 0, i32 0)
  %708 = shufflevector <2 x bfloat> %695, <2 x bfloat> %696, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 poison, i32 poison, i32 poison, i32 poison>
  %709 = shufflevector <8 x bfloat> %708, <8 x bfloat> %698, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 8, i32 9, i32 poison, i32 poison>
  %710 = shufflevector <8 x bfloat> %709, <8 x bfloat> %700, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 8, i32 9>
  %711 = bitcast <8 x bfloat> %710 to <4 x i32>
  %712 = shl i32 %642, 1
  %713 = select i1 %644, i32 %712, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.v4i32(<4 x i32> %711, ptr addrspace(8) %701, i32 %713, i32 0, i32 0)
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
declare <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32>, <4 x i32>, <16 x float>, i32 immarg, i32 immarg, i32 immarg, i32, i32 immarg, i32) #5

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare { i32, i32 } @llvm.amdgcn.permlane32.swap(i32, i32, i1 immarg, i1 immarg) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.v4i32(<4 x i32>, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #7

attributes #0 = { nofree norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #3 = { mustprogress nocallback nofree nounwind willreturn }
attributes #4 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #5 = { convergent mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #6 = { convergent mustprogress nocallback nofree nounwind willreturn memory(none) }
attributes #7 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write) }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.peeled.count", i32 1}
