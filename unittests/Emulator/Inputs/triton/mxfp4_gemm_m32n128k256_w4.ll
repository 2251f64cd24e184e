; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@global_smem = external addrspace(3) global [0 x i8], align 16

; Function Attrs: nofree norecurse nounwind
define amdgpu_kernel void @mxfp4_gemm_kernel(ptr addrspace(1) inreg readonly captures(none) %0, ptr addrspace(1) inreg readonly captures(none) %1, ptr addrspace(1) inreg readonly %2, ptr addrspace(1) inreg readonly captures(none) %3, ptr addrspace(1) inreg writeonly captures(none) %4, i32 inreg %5, i32 inreg %6, i32 inreg %7, ptr addrspace(1) inreg readnone captures(none) %8, ptr addrspace(1) inreg readnone captures(none) %9) local_unnamed_addr #0 {
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
  %23 = lshr i32 %20, 7
  %.lobit = and i32 %23, 1
  %24 = or disjoint i32 %.lobit, 2
  %25 = or disjoint i32 %.lobit, 4
  %26 = or i32 %23, 6
  %27 = or disjoint i32 %.lobit, 8
  %28 = or disjoint i32 %.lobit, 10
  %29 = or disjoint i32 %.lobit, 12
  %30 = or i32 %23, 14
  %31 = or disjoint i32 %.lobit, 16
  %32 = or disjoint i32 %.lobit, 18
  %33 = or disjoint i32 %.lobit, 20
  %34 = or i32 %23, 22
  %35 = or disjoint i32 %.lobit, 24
  %36 = or disjoint i32 %.lobit, 26
  %37 = or disjoint i32 %.lobit, 28
  %38 = or i32 %23, 30
  %39 = lshr i32 %20, 3
  %40 = and i32 %39, 31
  %41 = or disjoint i32 %19, %.lobit
  %42 = or disjoint i32 %19, %24
  %43 = or disjoint i32 %19, %25
  %44 = or disjoint i32 %19, %26
  %45 = or disjoint i32 %19, %27
  %46 = or disjoint i32 %19, %28
  %47 = or disjoint i32 %19, %29
  %48 = or disjoint i32 %19, %30
  %49 = or disjoint i32 %19, %31
  %50 = or disjoint i32 %19, %32
  %51 = or disjoint i32 %19, %33
  %52 = or disjoint i32 %19, %34
  %53 = or disjoint i32 %19, %35
  %54 = or disjoint i32 %19, %36
  %55 = or disjoint i32 %19, %37
  %56 = or disjoint i32 %19, %38
  %57 = or disjoint i32 %19, %40
  %58 = shl nsw i32 %.decomposed, 7
  %59 = or disjoint i32 %.lobit, 32
  %60 = or disjoint i32 %.lobit, 34
  %61 = or disjoint i32 %.lobit, 36
  %62 = or i32 %23, 38
  %63 = or disjoint i32 %.lobit, 40
  %64 = or disjoint i32 %.lobit, 42
  %65 = or disjoint i32 %.lobit, 44
  %66 = or i32 %23, 46
  %67 = or disjoint i32 %.lobit, 48
  %68 = or disjoint i32 %.lobit, 50
  %69 = or disjoint i32 %.lobit, 52
  %70 = or i32 %23, 54
  %71 = or disjoint i32 %.lobit, 56
  %72 = or disjoint i32 %.lobit, 58
  %73 = or disjoint i32 %.lobit, 60
  %74 = or i32 %23, 62
  %75 = or disjoint i32 %.lobit, 64
  %76 = or disjoint i32 %.lobit, 66
  %77 = or disjoint i32 %.lobit, 68
  %78 = or i32 %23, 70
  %79 = or disjoint i32 %.lobit, 72
  %80 = or disjoint i32 %.lobit, 74
  %81 = or disjoint i32 %.lobit, 76
  %82 = or i32 %23, 78
  %83 = or disjoint i32 %.lobit, 80
  %84 = or disjoint i32 %.lobit, 82
  %85 = or disjoint i32 %.lobit, 84
  %86 = or i32 %23, 86
  %87 = or disjoint i32 %.lobit, 88
  %88 = or disjoint i32 %.lobit, 90
  %89 = or disjoint i32 %.lobit, 92
  %90 = or i32 %23, 94
  %91 = or disjoint i32 %.lobit, 96
  %92 = or disjoint i32 %.lobit, 98
  %93 = or disjoint i32 %.lobit, 100
  %94 = or i32 %23, 102
  %95 = or disjoint i32 %.lobit, 104
  %96 = or disjoint i32 %.lobit, 106
  %97 = or disjoint i32 %.lobit, 108
  %98 = or i32 %23, 110
  %99 = or disjoint i32 %.lobit, 112
  %100 = or disjoint i32 %.lobit, 114
  %101 = or disjoint i32 %.lobit, 116
  %102 = or i32 %23, 118
  %103 = or disjoint i32 %.lobit, 120
  %104 = or disjoint i32 %.lobit, 122
  %105 = or disjoint i32 %.lobit, 124
  %106 = or i32 %23, 126
  %107 = and i32 %20, 192
  %108 = and i32 %20, 32
  %109 = and i32 %20, 127
  %110 = or disjoint i32 %40, 32
  %111 = or disjoint i32 %40, 64
  %112 = or i32 %39, 96
  %113 = or disjoint i32 %58, %.lobit
  %114 = or disjoint i32 %58, %24
  %115 = or disjoint i32 %58, %25
  %116 = or disjoint i32 %58, %26
  %117 = or disjoint i32 %58, %27
  %118 = or disjoint i32 %58, %28
  %119 = or disjoint i32 %58, %29
  %120 = or disjoint i32 %58, %30
  %121 = or disjoint i32 %58, %31
  %122 = or disjoint i32 %58, %32
  %123 = or disjoint i32 %58, %33
  %124 = or disjoint i32 %58, %34
  %125 = or disjoint i32 %58, %35
  %126 = or disjoint i32 %58, %36
  %127 = or disjoint i32 %58, %37
  %128 = or disjoint i32 %58, %38
  %129 = or disjoint i32 %58, %59
  %130 = or disjoint i32 %58, %60
  %131 = or disjoint i32 %58, %61
  %132 = or disjoint i32 %58, %62
  %133 = or disjoint i32 %58, %63
  %134 = or disjoint i32 %58, %64
  %135 = or disjoint i32 %58, %65
  %136 = or disjoint i32 %58, %66
  %137 = or disjoint i32 %58, %67
  %138 = or disjoint i32 %58, %68
  %139 = or disjoint i32 %58, %69
  %140 = or disjoint i32 %58, %70
  %141 = or disjoint i32 %58, %71
  %142 = or disjoint i32 %58, %72
  %143 = or disjoint i32 %58, %73
  %144 = or disjoint i32 %58, %74
  %145 = or disjoint i32 %58, %75
  %146 = or disjoint i32 %58, %76
  %147 = or disjoint i32 %58, %77
  %148 = or disjoint i32 %58, %78
  %149 = or disjoint i32 %58, %79
  %150 = or disjoint i32 %58, %80
  %151 = or disjoint i32 %58, %81
  %152 = or disjoint i32 %58, %82
  %153 = or disjoint i32 %58, %83
  %154 = or disjoint i32 %58, %84
  %155 = or disjoint i32 %58, %85
  %156 = or disjoint i32 %58, %86
  %157 = or disjoint i32 %58, %87
  %158 = or disjoint i32 %58, %88
  %159 = or disjoint i32 %58, %89
  %160 = or disjoint i32 %58, %90
  %161 = or disjoint i32 %58, %91
  %162 = or disjoint i32 %58, %92
  %163 = or disjoint i32 %58, %93
  %164 = or disjoint i32 %58, %94
  %165 = or disjoint i32 %58, %95
  %166 = or disjoint i32 %58, %96
  %167 = or disjoint i32 %58, %97
  %168 = or disjoint i32 %58, %98
  %169 = or disjoint i32 %58, %99
  %170 = or disjoint i32 %58, %100
  %171 = or disjoint i32 %58, %101
  %172 = or disjoint i32 %58, %102
  %173 = or disjoint i32 %58, %103
  %174 = or disjoint i32 %58, %104
  %175 = or disjoint i32 %58, %105
  %176 = or disjoint i32 %58, %106
  %177 = or disjoint i32 %58, %40
  %178 = or disjoint i32 %58, %110
  %179 = or disjoint i32 %58, %111
  %180 = or disjoint i32 %58, %112
  %181 = icmp slt i32 %41, %5
  %182 = icmp slt i32 %42, %5
  %183 = icmp slt i32 %43, %5
  %184 = icmp slt i32 %44, %5
  %185 = icmp slt i32 %45, %5
  %186 = icmp slt i32 %46, %5
  %187 = icmp slt i32 %47, %5
  %188 = icmp slt i32 %48, %5
  %189 = icmp slt i32 %49, %5
  %190 = icmp slt i32 %50, %5
  %191 = icmp slt i32 %51, %5
  %192 = icmp slt i32 %52, %5
  %193 = icmp slt i32 %53, %5
  %194 = icmp slt i32 %54, %5
  %195 = icmp slt i32 %55, %5
  %196 = icmp slt i32 %56, %5
  %197 = icmp slt i32 %57, %5
  %198 = icmp slt i32 %113, %6
  %199 = icmp slt i32 %114, %6
  %200 = icmp slt i32 %115, %6
  %201 = icmp slt i32 %116, %6
  %202 = icmp slt i32 %117, %6
  %203 = icmp slt i32 %118, %6
  %204 = icmp slt i32 %119, %6
  %205 = icmp slt i32 %120, %6
  %206 = icmp slt i32 %121, %6
  %207 = icmp slt i32 %122, %6
  %208 = icmp slt i32 %123, %6
  %209 = icmp slt i32 %124, %6
  %210 = icmp slt i32 %125, %6
  %211 = icmp slt i32 %126, %6
  %212 = icmp slt i32 %127, %6
  %213 = icmp slt i32 %128, %6
  %214 = icmp slt i32 %129, %6
  %215 = icmp slt i32 %130, %6
  %216 = icmp slt i32 %131, %6
  %217 = icmp slt i32 %132, %6
  %218 = icmp slt i32 %133, %6
  %219 = icmp slt i32 %134, %6
  %220 = icmp slt i32 %135, %6
  %221 = icmp slt i32 %136, %6
  %222 = icmp slt i32 %137, %6
  %223 = icmp slt i32 %138, %6
  %224 = icmp slt i32 %139, %6
  %225 = icmp slt i32 %140, %6
  %226 = icmp slt i32 %141, %6
  %227 = icmp slt i32 %142, %6
  %228 = icmp slt i32 %143, %6
  %229 = icmp slt i32 %144, %6
  %230 = icmp slt i32 %145, %6
  %231 = icmp slt i32 %146, %6
  %232 = icmp slt i32 %147, %6
  %233 = icmp slt i32 %148, %6
  %234 = icmp slt i32 %149, %6
  %235 = icmp slt i32 %150, %6
  %236 = icmp slt i32 %151, %6
  %237 = icmp slt i32 %152, %6
  %238 = icmp slt i32 %153, %6
  %239 = icmp slt i32 %154, %6
  %240 = icmp slt i32 %155, %6
  %241 = icmp slt i32 %156, %6
  %242 = icmp slt i32 %157, %6
  %243 = icmp slt i32 %158, %6
  %244 = icmp slt i32 %159, %6
  %245 = icmp slt i32 %160, %6
  %246 = icmp slt i32 %161, %6
  %247 = icmp slt i32 %162, %6
  %248 = icmp slt i32 %163, %6
  %249 = icmp slt i32 %164, %6
  %250 = icmp slt i32 %165, %6
  %251 = icmp slt i32 %166, %6
  %252 = icmp slt i32 %167, %6
  %253 = icmp slt i32 %168, %6
  %254 = icmp slt i32 %169, %6
  %255 = icmp slt i32 %170, %6
  %256 = icmp slt i32 %171, %6
  %257 = icmp slt i32 %172, %6
  %258 = icmp slt i32 %173, %6
  %259 = icmp slt i32 %174, %6
  %260 = icmp slt i32 %175, %6
  %261 = icmp slt i32 %176, %6
  %262 = icmp slt i32 %177, %6
  %263 = icmp slt i32 %178, %6
  %264 = icmp slt i32 %179, %6
  %265 = icmp slt i32 %180, %6
  %266 = and i32 %20, 7
  %267 = add i32 %7, 255
  %268 = mul i32 %19, %16
  %269 = mul i32 %19, %18
  %270 = mul i32 %58, %16
  %271 = mul i32 %58, %18
  %272 = icmp sgt i32 %267, 255
  %273 = mul nuw nsw i32 %16, %.lobit
  %274 = mul i32 %16, %24
  %275 = mul i32 %16, %25
  %276 = mul i32 %16, %26
  %277 = mul i32 %16, %27
  %278 = mul i32 %16, %28
  %279 = mul i32 %16, %29
  %280 = mul i32 %16, %30
  %281 = mul i32 %16, %31
  %282 = mul i32 %16, %32
  %283 = mul i32 %16, %33
  %284 = mul i32 %16, %34
  %285 = mul i32 %16, %35
  %286 = mul i32 %16, %36
  %287 = mul i32 %16, %37
  %288 = mul i32 %16, %38
  %289 = add nsw i32 %273, %109
  %290 = add i32 %274, %109
  %291 = add i32 %275, %109
  %292 = add i32 %276, %109
  %293 = add i32 %277, %109
  %294 = add i32 %278, %109
  %295 = add i32 %279, %109
  %296 = add i32 %280, %109
  %297 = add i32 %281, %109
  %298 = add i32 %282, %109
  %299 = add i32 %283, %109
  %300 = add i32 %284, %109
  %301 = add i32 %285, %109
  %302 = add i32 %286, %109
  %303 = add i32 %287, %109
  %304 = add i32 %288, %109
  %305 = add i32 %268, %289
  %306 = add i32 %268, %290
  %307 = add i32 %268, %291
  %308 = add i32 %268, %292
  %309 = add i32 %268, %293
  %310 = add i32 %268, %294
  %311 = add i32 %268, %295
  %312 = add i32 %268, %296
  %313 = add i32 %268, %297
  %314 = add i32 %268, %298
  %315 = add i32 %268, %299
  %316 = add i32 %268, %300
  %317 = add i32 %268, %301
  %318 = add i32 %268, %302
  %319 = add i32 %268, %303
  %320 = add i32 %268, %304
  %321 = icmp slt i32 %109, %16
  %322 = and i1 %321, %181
  %323 = and i1 %321, %182
  %324 = and i1 %321, %183
  %325 = and i1 %321, %184
  %326 = and i1 %321, %185
  %327 = and i1 %321, %186
  %328 = and i1 %321, %187
  %329 = and i1 %321, %188
  %330 = and i1 %321, %189
  %331 = and i1 %321, %190
  %332 = and i1 %321, %191
  %333 = and i1 %321, %192
  %334 = and i1 %321, %193
  %335 = and i1 %321, %194
  %336 = and i1 %321, %195
  %337 = and i1 %321, %196
  %338 = and i1 %272, %322
  %339 = and i1 %272, %323
  %340 = and i1 %272, %324
  %341 = and i1 %272, %325
  %342 = and i1 %272, %326
  %343 = and i1 %272, %327
  %344 = and i1 %272, %328
  %345 = and i1 %272, %329
  %346 = and i1 %272, %330
  %347 = and i1 %272, %331
  %348 = and i1 %272, %332
  %349 = and i1 %272, %333
  %350 = and i1 %272, %334
  %351 = and i1 %272, %335
  %352 = and i1 %272, %336
  %353 = and i1 %272, %337
  %354 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %0, i16 0, i64 2147483646, i32 159744)
  %355 = select i1 %338, i32 %305, i32 -2147483648
  %356 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %355, i32 0, i32 0)
  %357 = select i1 %339, i32 %306, i32 -2147483648
  %358 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %357, i32 0, i32 0)
  %359 = select i1 %340, i32 %307, i32 -2147483648
  %360 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %359, i32 0, i32 0)
  %361 = select i1 %341, i32 %308, i32 -2147483648
  %362 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %361, i32 0, i32 0)
  %363 = select i1 %342, i32 %309, i32 -2147483648
  %364 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %363, i32 0, i32 0)
  %365 = select i1 %343, i32 %310, i32 -2147483648
  %366 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %365, i32 0, i32 0)
  %367 = select i1 %344, i32 %311, i32 -2147483648
  %368 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %367, i32 0, i32 0)
  %369 = select i1 %345, i32 %312, i32 -2147483648
  %370 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %369, i32 0, i32 0)
  %371 = select i1 %346, i32 %313, i32 -2147483648
  %372 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %371, i32 0, i32 0)
  %373 = select i1 %347, i32 %314, i32 -2147483648
  %374 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %373, i32 0, i32 0)
  %375 = select i1 %348, i32 %315, i32 -2147483648
  %376 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %375, i32 0, i32 0)
  %377 = select i1 %349, i32 %316, i32 -2147483648
  %378 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %377, i32 0, i32 0)
  %379 = select i1 %350, i32 %317, i32 -2147483648
  %380 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %379, i32 0, i32 0)
  %381 = select i1 %351, i32 %318, i32 -2147483648
  %382 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %381, i32 0, i32 0)
  %383 = select i1 %352, i32 %319, i32 -2147483648
  %384 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %383, i32 0, i32 0)
  %385 = select i1 %353, i32 %320, i32 -2147483648
  %386 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %385, i32 0, i32 0)
  %387 = mul nsw i32 %18, %40
  %388 = add nsw i32 %387, %266
  %389 = add i32 %269, %388
  %390 = icmp slt i32 %266, %18
  %391 = and i1 %390, %197
  %392 = and i1 %272, %391
  %393 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %1, i16 0, i64 2147483646, i32 159744)
  %394 = select i1 %392, i32 %389, i32 -2147483648
  %395 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %393, i32 %394, i32 0, i32 0)
  %396 = select i1 %392, i8 %395, i8 127
  %397 = mul i32 %16, %59
  %398 = mul i32 %16, %60
  %399 = mul i32 %16, %61
  %400 = mul i32 %16, %62
  %401 = mul i32 %16, %63
  %402 = mul i32 %16, %64
  %403 = mul i32 %16, %65
  %404 = mul i32 %16, %66
  %405 = mul i32 %16, %67
  %406 = mul i32 %16, %68
  %407 = mul i32 %16, %69
  %408 = mul i32 %16, %70
  %409 = mul i32 %16, %71
  %410 = mul i32 %16, %72
  %411 = mul i32 %16, %73
  %412 = mul i32 %16, %74
  %413 = mul i32 %16, %75
  %414 = mul i32 %16, %76
  %415 = mul i32 %16, %77
  %416 = mul i32 %16, %78
  %417 = mul i32 %16, %79
  %418 = mul i32 %16, %80
  %419 = mul i32 %16, %81
  %420 = mul i32 %16, %82
  %421 = mul i32 %16, %83
  %422 = mul i32 %16, %84
  %423 = mul i32 %16, %85
  %424 = mul i32 %16, %86
  %425 = mul i32 %16, %87
  %426 = mul i32 %16, %88
  %427 = mul i32 %16, %89
  %428 = mul i32 %16, %90
  %429 = mul i32 %16, %91
  %430 = mul i32 %16, %92
  %431 = mul i32 %16, %93
  %432 = mul i32 %16, %94
  %433 = mul i32 %16, %95
  %434 = mul i32 %16, %96
  %435 = mul i32 %16, %97
  %436 = mul i32 %16, %98
  %437 = mul i32 %16, %99
  %438 = mul i32 %16, %100
  %439 = mul i32 %16, %101
  %440 = mul i32 %16, %102
  %441 = mul i32 %16, %103
  %442 = mul i32 %16, %104
  %443 = mul i32 %16, %105
  %444 = mul i32 %16, %106
  %445 = add i32 %397, %109
  %446 = add i32 %398, %109
  %447 = add i32 %399, %109
  %448 = add i32 %400, %109
  %449 = add i32 %401, %109
  %450 = add i32 %402, %109
  %451 = add i32 %403, %109
  %452 = add i32 %404, %109
  %453 = add i32 %405, %109
  %454 = add i32 %406, %109
  %455 = add i32 %407, %109
  %456 = add i32 %408, %109
  %457 = add i32 %409, %109
  %458 = add i32 %410, %109
  %459 = add i32 %411, %109
  %460 = add i32 %412, %109
  %461 = add i32 %413, %109
  %462 = add i32 %414, %109
  %463 = add i32 %415, %109
  %464 = add i32 %416, %109
  %465 = add i32 %417, %109
  %466 = add i32 %418, %109
  %467 = add i32 %419, %109
  %468 = add i32 %420, %109
  %469 = add i32 %421, %109
  %470 = add i32 %422, %109
  %471 = add i32 %423, %109
  %472 = add i32 %424, %109
  %473 = add i32 %425, %109
  %474 = add i32 %426, %109
  %475 = add i32 %427, %109
  %476 = add i32 %428, %109
  %477 = add i32 %429, %109
  %478 = add i32 %430, %109
  %479 = add i32 %431, %109
  %480 = add i32 %432, %109
  %481 = add i32 %433, %109
  %482 = add i32 %434, %109
  %483 = add i32 %435, %109
  %484 = add i32 %436, %109
  %485 = add i32 %437, %109
  %486 = add i32 %438, %109
  %487 = add i32 %439, %109
  %488 = add i32 %440, %109
  %489 = add i32 %441, %109
  %490 = add i32 %442, %109
  %491 = add i32 %443, %109
  %492 = add i32 %444, %109
  %493 = add i32 %270, %289
  %494 = add i32 %270, %290
  %495 = add i32 %270, %291
  %496 = add i32 %270, %292
  %497 = add i32 %270, %293
  %498 = add i32 %270, %294
  %499 = add i32 %270, %295
  %500 = add i32 %270, %296
  %501 = add i32 %270, %297
  %502 = add i32 %270, %298
  %503 = add i32 %270, %299
  %504 = add i32 %270, %300
  %505 = add i32 %270, %301
  %506 = add i32 %270, %302
  %507 = add i32 %270, %303
  %508 = add i32 %270, %304
  %509 = add i32 %270, %445
  %510 = add i32 %270, %446
  %511 = add i32 %270, %447
  %512 = add i32 %270, %448
  %513 = add i32 %270, %449
  %514 = add i32 %270, %450
  %515 = add i32 %270, %451
  %516 = add i32 %270, %452
  %517 = add i32 %270, %453
  %518 = add i32 %270, %454
  %519 = add i32 %270, %455
  %520 = add i32 %270, %456
  %521 = add i32 %270, %457
  %522 = add i32 %270, %458
  %523 = add i32 %270, %459
  %524 = add i32 %270, %460
  %525 = add i32 %270, %461
  %526 = add i32 %270, %462
  %527 = add i32 %270, %463
  %528 = add i32 %270, %464
  %529 = add i32 %270, %465
  %530 = add i32 %270, %466
  %531 = add i32 %270, %467
  %532 = add i32 %270, %468
  %533 = add i32 %270, %469
  %534 = add i32 %270, %470
  %535 = add i32 %270, %471
  %536 = add i32 %270, %472
  %537 = add i32 %270, %473
  %538 = add i32 %270, %474
  %539 = add i32 %270, %475
  %540 = add i32 %270, %476
  %541 = add i32 %270, %477
  %542 = add i32 %270, %478
  %543 = add i32 %270, %479
  %544 = add i32 %270, %480
  %545 = add i32 %270, %481
  %546 = add i32 %270, %482
  %547 = add i32 %270, %483
  %548 = add i32 %270, %484
  %549 = add i32 %270, %485
  %550 = add i32 %270, %486
  %551 = add i32 %270, %487
  %552 = add i32 %270, %488
  %553 = add i32 %270, %489
  %554 = add i32 %270, %490
  %555 = add i32 %270, %491
  %556 = add i32 %270, %492
  %557 = and i1 %321, %198
  %558 = and i1 %321, %199
  %559 = and i1 %321, %200
  %560 = and i1 %321, %201
  %561 = and i1 %321, %202
  %562 = and i1 %321, %203
  %563 = and i1 %321, %204
  %564 = and i1 %321, %205
  %565 = and i1 %321, %206
  %566 = and i1 %321, %207
  %567 = and i1 %321, %208
  %568 = and i1 %321, %209
  %569 = and i1 %321, %210
  %570 = and i1 %321, %211
  %571 = and i1 %321, %212
  %572 = and i1 %321, %213
  %573 = and i1 %321, %214
  %574 = and i1 %321, %215
  %575 = and i1 %321, %216
  %576 = and i1 %321, %217
  %577 = and i1 %321, %218
  %578 = and i1 %321, %219
  %579 = and i1 %321, %220
  %580 = and i1 %321, %221
  %581 = and i1 %321, %222
  %582 = and i1 %321, %223
  %583 = and i1 %321, %224
  %584 = and i1 %321, %225
  %585 = and i1 %321, %226
  %586 = and i1 %321, %227
  %587 = and i1 %321, %228
  %588 = and i1 %321, %229
  %589 = and i1 %321, %230
  %590 = and i1 %321, %231
  %591 = and i1 %321, %232
  %592 = and i1 %321, %233
  %593 = and i1 %321, %234
  %594 = and i1 %321, %235
  %595 = and i1 %321, %236
  %596 = and i1 %321, %237
  %597 = and i1 %321, %238
  %598 = and i1 %321, %239
  %599 = and i1 %321, %240
  %600 = and i1 %321, %241
  %601 = and i1 %321, %242
  %602 = and i1 %321, %243
  %603 = and i1 %321, %244
  %604 = and i1 %321, %245
  %605 = and i1 %321, %246
  %606 = and i1 %321, %247
  %607 = and i1 %321, %248
  %608 = and i1 %321, %249
  %609 = and i1 %321, %250
  %610 = and i1 %321, %251
  %611 = and i1 %321, %252
  %612 = and i1 %321, %253
  %613 = and i1 %321, %254
  %614 = and i1 %321, %255
  %615 = and i1 %321, %256
  %616 = and i1 %321, %257
  %617 = and i1 %321, %258
  %618 = and i1 %321, %259
  %619 = and i1 %321, %260
  %620 = and i1 %321, %261
  %621 = and i1 %272, %557
  %622 = and i1 %272, %558
  %623 = and i1 %272, %559
  %624 = and i1 %272, %560
  %625 = and i1 %272, %561
  %626 = and i1 %272, %562
  %627 = and i1 %272, %563
  %628 = and i1 %272, %564
  %629 = and i1 %272, %565
  %630 = and i1 %272, %566
  %631 = and i1 %272, %567
  %632 = and i1 %272, %568
  %633 = and i1 %272, %569
  %634 = and i1 %272, %570
  %635 = and i1 %272, %571
  %636 = and i1 %272, %572
  %637 = and i1 %272, %573
  %638 = and i1 %272, %574
  %639 = and i1 %272, %575
  %640 = and i1 %272, %576
  %641 = and i1 %272, %577
  %642 = and i1 %272, %578
  %643 = and i1 %272, %579
  %644 = and i1 %272, %580
  %645 = and i1 %272, %581
  %646 = and i1 %272, %582
  %647 = and i1 %272, %583
  %648 = and i1 %272, %584
  %649 = and i1 %272, %585
  %650 = and i1 %272, %586
  %651 = and i1 %272, %587
  %652 = and i1 %272, %588
  %653 = and i1 %272, %589
  %654 = and i1 %272, %590
  %655 = and i1 %272, %591
  %656 = and i1 %272, %592
  %657 = and i1 %272, %593
  %658 = and i1 %272, %594
  %659 = and i1 %272, %595
  %660 = and i1 %272, %596
  %661 = and i1 %272, %597
  %662 = and i1 %272, %598
  %663 = and i1 %272, %599
  %664 = and i1 %272, %600
  %665 = and i1 %272, %601
  %666 = and i1 %272, %602
  %667 = and i1 %272, %603
  %668 = and i1 %272, %604
  %669 = and i1 %272, %605
  %670 = and i1 %272, %606
  %671 = and i1 %272, %607
  %672 = and i1 %272, %608
  %673 = and i1 %272, %609
  %674 = and i1 %272, %610
  %675 = and i1 %272, %611
  %676 = and i1 %272, %612
  %677 = and i1 %272, %613
  %678 = and i1 %272, %614
  %679 = and i1 %272, %615
  %680 = and i1 %272, %616
  %681 = and i1 %272, %617
  %682 = and i1 %272, %618
  %683 = and i1 %272, %619
  %684 = and i1 %272, %620
  %685 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %2, i16 0, i64 2147483646, i32 159744)
  %686 = select i1 %621, i32 %493, i32 -2147483648
  %687 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %686, i32 0, i32 0)
  %688 = select i1 %622, i32 %494, i32 -2147483648
  %689 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %688, i32 0, i32 0)
  %690 = select i1 %623, i32 %495, i32 -2147483648
  %691 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %690, i32 0, i32 0)
  %692 = select i1 %624, i32 %496, i32 -2147483648
  %693 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %692, i32 0, i32 0)
  %694 = select i1 %625, i32 %497, i32 -2147483648
  %695 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %694, i32 0, i32 0)
  %696 = select i1 %626, i32 %498, i32 -2147483648
  %697 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %696, i32 0, i32 0)
  %698 = select i1 %627, i32 %499, i32 -2147483648
  %699 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %698, i32 0, i32 0)
  %700 = select i1 %628, i32 %500, i32 -2147483648
  %701 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %700, i32 0, i32 0)
  %702 = select i1 %629, i32 %501, i32 -2147483648
  %703 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %702, i32 0, i32 0)
  %704 = select i1 %630, i32 %502, i32 -2147483648
  %705 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %704, i32 0, i32 0)
  %706 = select i1 %631, i32 %503, i32 -2147483648
  %707 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %706, i32 0, i32 0)
  %708 = select i1 %632, i32 %504, i32 -2147483648
  %709 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %708, i32 0, i32 0)
  %710 = select i1 %633, i32 %505, i32 -2147483648
  %711 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %710, i32 0, i32 0)
  %712 = select i1 %634, i32 %506, i32 -2147483648
  %713 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %712, i32 0, i32 0)
  %714 = select i1 %635, i32 %507, i32 -2147483648
  %715 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %714, i32 0, i32 0)
  %716 = select i1 %636, i32 %508, i32 -2147483648
  %717 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %716, i32 0, i32 0)
  %718 = select i1 %637, i32 %509, i32 -2147483648
  %719 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %718, i32 0, i32 0)
  %720 = select i1 %638, i32 %510, i32 -2147483648
  %721 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %720, i32 0, i32 0)
  %722 = select i1 %639, i32 %511, i32 -2147483648
  %723 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %722, i32 0, i32 0)
  %724 = select i1 %640, i32 %512, i32 -2147483648
  %725 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %724, i32 0, i32 0)
  %726 = select i1 %641, i32 %513, i32 -2147483648
  %727 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %726, i32 0, i32 0)
  %728 = select i1 %642, i32 %514, i32 -2147483648
  %729 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %728, i32 0, i32 0)
  %730 = select i1 %643, i32 %515, i32 -2147483648
  %731 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %730, i32 0, i32 0)
  %732 = select i1 %644, i32 %516, i32 -2147483648
  %733 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %732, i32 0, i32 0)
  %734 = select i1 %645, i32 %517, i32 -2147483648
  %735 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %734, i32 0, i32 0)
  %736 = select i1 %646, i32 %518, i32 -2147483648
  %737 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %736, i32 0, i32 0)
  %738 = select i1 %647, i32 %519, i32 -2147483648
  %739 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %738, i32 0, i32 0)
  %740 = select i1 %648, i32 %520, i32 -2147483648
  %741 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %740, i32 0, i32 0)
  %742 = select i1 %649, i32 %521, i32 -2147483648
  %743 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %742, i32 0, i32 0)
  %744 = select i1 %650, i32 %522, i32 -2147483648
  %745 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %744, i32 0, i32 0)
  %746 = select i1 %651, i32 %523, i32 -2147483648
  %747 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %746, i32 0, i32 0)
  %748 = select i1 %652, i32 %524, i32 -2147483648
  %749 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %748, i32 0, i32 0)
  %750 = select i1 %653, i32 %525, i32 -2147483648
  %751 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %750, i32 0, i32 0)
  %752 = select i1 %654, i32 %526, i32 -2147483648
  %753 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %752, i32 0, i32 0)
  %754 = select i1 %655, i32 %527, i32 -2147483648
  %755 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %754, i32 0, i32 0)
  %756 = select i1 %656, i32 %528, i32 -2147483648
  %757 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %756, i32 0, i32 0)
  %758 = select i1 %657, i32 %529, i32 -2147483648
  %759 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %758, i32 0, i32 0)
  %760 = select i1 %658, i32 %530, i32 -2147483648
  %761 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %760, i32 0, i32 0)
  %762 = select i1 %659, i32 %531, i32 -2147483648
  %763 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %762, i32 0, i32 0)
  %764 = select i1 %660, i32 %532, i32 -2147483648
  %765 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %764, i32 0, i32 0)
  %766 = select i1 %661, i32 %533, i32 -2147483648
  %767 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %766, i32 0, i32 0)
  %768 = select i1 %662, i32 %534, i32 -2147483648
  %769 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %768, i32 0, i32 0)
  %770 = select i1 %663, i32 %535, i32 -2147483648
  %771 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %770, i32 0, i32 0)
  %772 = select i1 %664, i32 %536, i32 -2147483648
  %773 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %772, i32 0, i32 0)
  %774 = select i1 %665, i32 %537, i32 -2147483648
  %775 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %774, i32 0, i32 0)
  %776 = select i1 %666, i32 %538, i32 -2147483648
  %777 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %776, i32 0, i32 0)
  %778 = select i1 %667, i32 %539, i32 -2147483648
  %779 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %778, i32 0, i32 0)
  %780 = select i1 %668, i32 %540, i32 -2147483648
  %781 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %780, i32 0, i32 0)
  %782 = select i1 %669, i32 %541, i32 -2147483648
  %783 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %782, i32 0, i32 0)
  %784 = select i1 %670, i32 %542, i32 -2147483648
  %785 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %784, i32 0, i32 0)
  %786 = select i1 %671, i32 %543, i32 -2147483648
  %787 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %786, i32 0, i32 0)
  %788 = select i1 %672, i32 %544, i32 -2147483648
  %789 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %788, i32 0, i32 0)
  %790 = select i1 %673, i32 %545, i32 -2147483648
  %791 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %790, i32 0, i32 0)
  %792 = select i1 %674, i32 %546, i32 -2147483648
  %793 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %792, i32 0, i32 0)
  %794 = select i1 %675, i32 %547, i32 -2147483648
  %795 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %794, i32 0, i32 0)
  %796 = select i1 %676, i32 %548, i32 -2147483648
  %797 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %796, i32 0, i32 0)
  %798 = select i1 %677, i32 %549, i32 -2147483648
  %799 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %798, i32 0, i32 0)
  %800 = select i1 %678, i32 %550, i32 -2147483648
  %801 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %800, i32 0, i32 0)
  %802 = select i1 %679, i32 %551, i32 -2147483648
  %803 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %802, i32 0, i32 0)
  %804 = select i1 %680, i32 %552, i32 -2147483648
  %805 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %804, i32 0, i32 0)
  %806 = select i1 %681, i32 %553, i32 -2147483648
  %807 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %806, i32 0, i32 0)
  %808 = select i1 %682, i32 %554, i32 -2147483648
  %809 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %808, i32 0, i32 0)
  %810 = select i1 %683, i32 %555, i32 -2147483648
  %811 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %810, i32 0, i32 0)
  %812 = select i1 %684, i32 %556, i32 -2147483648
  %813 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %812, i32 0, i32 0)
  %814 = mul i32 %18, %110
  %815 = mul i32 %18, %111
  %816 = mul i32 %18, %112
  %817 = add i32 %814, %266
  %818 = add i32 %815, %266
  %819 = add i32 %816, %266
  %820 = add i32 %271, %388
  %821 = add i32 %271, %817
  %822 = add i32 %271, %818
  %823 = add i32 %271, %819
  %824 = and i1 %390, %262
  %825 = and i1 %390, %263
  %826 = and i1 %390, %264
  %827 = and i1 %390, %265
  %828 = and i1 %272, %824
  %829 = and i1 %272, %825
  %830 = and i1 %272, %826
  %831 = and i1 %272, %827
  %832 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %3, i16 0, i64 2147483646, i32 159744)
  %833 = select i1 %828, i32 %820, i32 -2147483648
  %834 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %832, i32 %833, i32 0, i32 0)
  %835 = select i1 %828, i8 %834, i8 127
  %836 = select i1 %829, i32 %821, i32 -2147483648
  %837 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %832, i32 %836, i32 0, i32 0)
  %838 = select i1 %829, i8 %837, i8 127
  %839 = select i1 %830, i32 %822, i32 -2147483648
  %840 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %832, i32 %839, i32 0, i32 0)
  %841 = select i1 %830, i8 %840, i8 127
  %842 = select i1 %831, i32 %823, i32 -2147483648
  %843 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %832, i32 %842, i32 0, i32 0)
  %844 = select i1 %831, i8 %843, i8 127
  %845 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %21
  %846 = insertelement <1 x i8> poison, i8 %356, i64 0
  store <1 x i8> %846, ptr addrspace(3) %845, align 1
  %847 = or disjoint i32 %21, 2048
  %848 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %847
  %849 = insertelement <1 x i8> poison, i8 %372, i64 0
  store <1 x i8> %849, ptr addrspace(3) %848, align 1
  %850 = xor i32 %21, 272
  %851 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %850
  %852 = insertelement <1 x i8> poison, i8 %358, i64 0
  store <1 x i8> %852, ptr addrspace(3) %851, align 1
  %853 = or disjoint i32 %850, 2048
  %854 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %853
  %855 = insertelement <1 x i8> poison, i8 %374, i64 0
  store <1 x i8> %855, ptr addrspace(3) %854, align 1
  %856 = xor i32 %21, 544
  %857 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %856
  %858 = insertelement <1 x i8> poison, i8 %360, i64 0
  store <1 x i8> %858, ptr addrspace(3) %857, align 1
  %859 = or disjoint i32 %856, 2048
  %860 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %859
  %861 = insertelement <1 x i8> poison, i8 %376, i64 0
  store <1 x i8> %861, ptr addrspace(3) %860, align 1
  %862 = xor i32 %21, 816
  %863 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %862
  %864 = insertelement <1 x i8> poison, i8 %362, i64 0
  store <1 x i8> %864, ptr addrspace(3) %863, align 1
  %865 = or disjoint i32 %862, 2048
  %866 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %865
  %867 = insertelement <1 x i8> poison, i8 %378, i64 0
  store <1 x i8> %867, ptr addrspace(3) %866, align 1
  %868 = xor i32 %21, 1088
  %869 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %868
  %870 = insertelement <1 x i8> poison, i8 %364, i64 0
  store <1 x i8> %870, ptr addrspace(3) %869, align 1
  %871 = or disjoint i32 %868, 2048
  %872 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %871
  %873 = insertelement <1 x i8> poison, i8 %380, i64 0
  store <1 x i8> %873, ptr addrspace(3) %872, align 1
  %874 = xor i32 %21, 1360
  %875 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %874
  %876 = insertelement <1 x i8> poison, i8 %366, i64 0
  store <1 x i8> %876, ptr addrspace(3) %875, align 1
  %877 = or disjoint i32 %874, 2048
  %878 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %877
  %879 = insertelement <1 x i8> poison, i8 %382, i64 0
  store <1 x i8> %879, ptr addrspace(3) %878, align 1
  %880 = xor i32 %21, 1632
  %881 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %880
  %882 = insertelement <1 x i8> poison, i8 %368, i64 0
  store <1 x i8> %882, ptr addrspace(3) %881, align 1
  %883 = or disjoint i32 %880, 2048
  %884 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %883
  %885 = insertelement <1 x i8> poison, i8 %384, i64 0
  store <1 x i8> %885, ptr addrspace(3) %884, align 1
  %886 = xor i32 %21, 1904
  %887 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %886
  %888 = insertelement <1 x i8> poison, i8 %370, i64 0
  store <1 x i8> %888, ptr addrspace(3) %887, align 1
  %889 = or disjoint i32 %886, 2048
  %890 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %889
  %891 = insertelement <1 x i8> poison, i8 %386, i64 0
  store <1 x i8> %891, ptr addrspace(3) %890, align 1
  %892 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 21504), i32 %21
  %893 = insertelement <1 x i8> poison, i8 %396, i64 0
  store <1 x i8> %893, ptr addrspace(3) %892, align 1
  %894 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %21
  %895 = insertelement <1 x i8> poison, i8 %687, i64 0
  store <1 x i8> %895, ptr addrspace(3) %894, align 1
  %896 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %847
  %897 = insertelement <1 x i8> poison, i8 %703, i64 0
  store <1 x i8> %897, ptr addrspace(3) %896, align 1
  %898 = getelementptr inbounds nuw i8, ptr addrspace(3) %894, i32 4096
  %899 = insertelement <1 x i8> poison, i8 %719, i64 0
  store <1 x i8> %899, ptr addrspace(3) %898, align 1
  %900 = getelementptr inbounds nuw i8, ptr addrspace(3) %894, i32 6144
  %901 = insertelement <1 x i8> poison, i8 %735, i64 0
  store <1 x i8> %901, ptr addrspace(3) %900, align 1
  %902 = getelementptr inbounds nuw i8, ptr addrspace(3) %894, i32 8192
  %903 = insertelement <1 x i8> poison, i8 %751, i64 0
  store <1 x i8> %903, ptr addrspace(3) %902, align 1
  %904 = getelementptr inbounds nuw i8, ptr addrspace(3) %894, i32 10240
  %905 = insertelement <1 x i8> poison, i8 %767, i64 0
  store <1 x i8> %905, ptr addrspace(3) %904, align 1
  %906 = getelementptr inbounds nuw i8, ptr addrspace(3) %894, i32 12288
  %907 = insertelement <1 x i8> poison, i8 %783, i64 0
  store <1 x i8> %907, ptr addrspace(3) %906, align 1
  %908 = getelementptr inbounds nuw i8, ptr addrspace(3) %894, i32 14336
  %909 = insertelement <1 x i8> poison, i8 %799, i64 0
  store <1 x i8> %909, ptr addrspace(3) %908, align 1
  %910 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %850
  %911 = insertelement <1 x i8> poison, i8 %689, i64 0
  store <1 x i8> %911, ptr addrspace(3) %910, align 1
  %912 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %853
  %913 = insertelement <1 x i8> poison, i8 %705, i64 0
  store <1 x i8> %913, ptr addrspace(3) %912, align 1
  %914 = getelementptr inbounds nuw i8, ptr addrspace(3) %910, i32 4096
  %915 = insertelement <1 x i8> poison, i8 %721, i64 0
  store <1 x i8> %915, ptr addrspace(3) %914, align 1
  %916 = getelementptr inbounds nuw i8, ptr addrspace(3) %910, i32 6144
  %917 = insertelement <1 x i8> poison, i8 %737, i64 0
  store <1 x i8> %917, ptr addrspace(3) %916, align 1
  %918 = getelementptr inbounds nuw i8, ptr addrspace(3) %910, i32 8192
  %919 = insertelement <1 x i8> poison, i8 %753, i64 0
  store <1 x i8> %919, ptr addrspace(3) %918, align 1
  %920 = getelementptr inbounds nuw i8, ptr addrspace(3) %910, i32 10240
  %921 = insertelement <1 x i8> poison, i8 %769, i64 0
  store <1 x i8> %921, ptr addrspace(3) %920, align 1
  %922 = getelementptr inbounds nuw i8, ptr addrspace(3) %910, i32 12288
  %923 = insertelement <1 x i8> poison, i8 %785, i64 0
  store <1 x i8> %923, ptr addrspace(3) %922, align 1
  %924 = getelementptr inbounds nuw i8, ptr addrspace(3) %910, i32 14336
  %925 = insertelement <1 x i8> poison, i8 %801, i64 0
  store <1 x i8> %925, ptr addrspace(3) %924, align 1
  %926 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %856
  %927 = insertelement <1 x i8> poison, i8 %691, i64 0
  store <1 x i8> %927, ptr addrspace(3) %926, align 1
  %928 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %859
  %929 = insertelement <1 x i8> poison, i8 %707, i64 0
  store <1 x i8> %929, ptr addrspace(3) %928, align 1
  %930 = getelementptr inbounds nuw i8, ptr addrspace(3) %926, i32 4096
  %931 = insertelement <1 x i8> poison, i8 %723, i64 0
  store <1 x i8> %931, ptr addrspace(3) %930, align 1
  %932 = getelementptr inbounds nuw i8, ptr addrspace(3) %926, i32 6144
  %933 = insertelement <1 x i8> poison, i8 %739, i64 0
  store <1 x i8> %933, ptr addrspace(3) %932, align 1
  %934 = getelementptr inbounds nuw i8, ptr addrspace(3) %926, i32 8192
  %935 = insertelement <1 x i8> poison, i8 %755, i64 0
  store <1 x i8> %935, ptr addrspace(3) %934, align 1
  %936 = getelementptr inbounds nuw i8, ptr addrspace(3) %926, i32 10240
  %937 = insertelement <1 x i8> poison, i8 %771, i64 0
  store <1 x i8> %937, ptr addrspace(3) %936, align 1
  %938 = getelementptr inbounds nuw i8, ptr addrspace(3) %926, i32 12288
  %939 = insertelement <1 x i8> poison, i8 %787, i64 0
  store <1 x i8> %939, ptr addrspace(3) %938, align 1
  %940 = getelementptr inbounds nuw i8, ptr addrspace(3) %926, i32 14336
  %941 = insertelement <1 x i8> poison, i8 %803, i64 0
  store <1 x i8> %941, ptr addrspace(3) %940, align 1
  %942 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %862
  %943 = insertelement <1 x i8> poison, i8 %693, i64 0
  store <1 x i8> %943, ptr addrspace(3) %942, align 1
  %944 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %865
  %945 = insertelement <1 x i8> poison, i8 %709, i64 0
  store <1 x i8> %945, ptr addrspace(3) %944, align 1
  %946 = getelementptr inbounds nuw i8, ptr addrspace(3) %942, i32 4096
  %947 = insertelement <1 x i8> poison, i8 %725, i64 0
  store <1 x i8> %947, ptr addrspace(3) %946, align 1
  %948 = getelementptr inbounds nuw i8, ptr addrspace(3) %942, i32 6144
  %949 = insertelement <1 x i8> poison, i8 %741, i64 0
  store <1 x i8> %949, ptr addrspace(3) %948, align 1
  %950 = getelementptr inbounds nuw i8, ptr addrspace(3) %942, i32 8192
  %951 = insertelement <1 x i8> poison, i8 %757, i64 0
  store <1 x i8> %951, ptr addrspace(3) %950, align 1
  %952 = getelementptr inbounds nuw i8, ptr addrspace(3) %942, i32 10240
  %953 = insertelement <1 x i8> poison, i8 %773, i64 0
  store <1 x i8> %953, ptr addrspace(3) %952, align 1
  %954 = getelementptr inbounds nuw i8, ptr addrspace(3) %942, i32 12288
  %955 = insertelement <1 x i8> poison, i8 %789, i64 0
  store <1 x i8> %955, ptr addrspace(3) %954, align 1
  %956 = getelementptr inbounds nuw i8, ptr addrspace(3) %942, i32 14336
  %957 = insertelement <1 x i8> poison, i8 %805, i64 0
  store <1 x i8> %957, ptr addrspace(3) %956, align 1
  %958 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %868
  %959 = insertelement <1 x i8> poison, i8 %695, i64 0
  store <1 x i8> %959, ptr addrspace(3) %958, align 1
  %960 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %871
  %961 = insertelement <1 x i8> poison, i8 %711, i64 0
  store <1 x i8> %961, ptr addrspace(3) %960, align 1
  %962 = getelementptr inbounds nuw i8, ptr addrspace(3) %958, i32 4096
  %963 = insertelement <1 x i8> poison, i8 %727, i64 0
  store <1 x i8> %963, ptr addrspace(3) %962, align 1
  %964 = getelementptr inbounds nuw i8, ptr addrspace(3) %958, i32 6144
  %965 = insertelement <1 x i8> poison, i8 %743, i64 0
  store <1 x i8> %965, ptr addrspace(3) %964, align 1
  %966 = getelementptr inbounds nuw i8, ptr addrspace(3) %958, i32 8192
  %967 = insertelement <1 x i8> poison, i8 %759, i64 0
  store <1 x i8> %967, ptr addrspace(3) %966, align 1
  %968 = getelementptr inbounds nuw i8, ptr addrspace(3) %958, i32 10240
  %969 = insertelement <1 x i8> poison, i8 %775, i64 0
  store <1 x i8> %969, ptr addrspace(3) %968, align 1
  %970 = getelementptr inbounds nuw i8, ptr addrspace(3) %958, i32 12288
  %971 = insertelement <1 x i8> poison, i8 %791, i64 0
  store <1 x i8> %971, ptr addrspace(3) %970, align 1
  %972 = getelementptr inbounds nuw i8, ptr addrspace(3) %958, i32 14336
  %973 = insertelement <1 x i8> poison, i8 %807, i64 0
  store <1 x i8> %973, ptr addrspace(3) %972, align 1
  %974 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %874
  %975 = insertelement <1 x i8> poison, i8 %697, i64 0
  store <1 x i8> %975, ptr addrspace(3) %974, align 1
  %976 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %877
  %977 = insertelement <1 x i8> poison, i8 %713, i64 0
  store <1 x i8> %977, ptr addrspace(3) %976, align 1
  %978 = getelementptr inbounds nuw i8, ptr addrspace(3) %974, i32 4096
  %979 = insertelement <1 x i8> poison, i8 %729, i64 0
  store <1 x i8> %979, ptr addrspace(3) %978, align 1
  %980 = getelementptr inbounds nuw i8, ptr addrspace(3) %974, i32 6144
  %981 = insertelement <1 x i8> poison, i8 %745, i64 0
  store <1 x i8> %981, ptr addrspace(3) %980, align 1
  %982 = getelementptr inbounds nuw i8, ptr addrspace(3) %974, i32 8192
  %983 = insertelement <1 x i8> poison, i8 %761, i64 0
  store <1 x i8> %983, ptr addrspace(3) %982, align 1
  %984 = getelementptr inbounds nuw i8, ptr addrspace(3) %974, i32 10240
  %985 = insertelement <1 x i8> poison, i8 %777, i64 0
  store <1 x i8> %985, ptr addrspace(3) %984, align 1
  %986 = getelementptr inbounds nuw i8, ptr addrspace(3) %974, i32 12288
  %987 = insertelement <1 x i8> poison, i8 %793, i64 0
  store <1 x i8> %987, ptr addrspace(3) %986, align 1
  %988 = getelementptr inbounds nuw i8, ptr addrspace(3) %974, i32 14336
  %989 = insertelement <1 x i8> poison, i8 %809, i64 0
  store <1 x i8> %989, ptr addrspace(3) %988, align 1
  %990 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %880
  %991 = insertelement <1 x i8> poison, i8 %699, i64 0
  store <1 x i8> %991, ptr addrspace(3) %990, align 1
  %992 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %883
  %993 = insertelement <1 x i8> poison, i8 %715, i64 0
  store <1 x i8> %993, ptr addrspace(3) %992, align 1
  %994 = getelementptr inbounds nuw i8, ptr addrspace(3) %990, i32 4096
  %995 = insertelement <1 x i8> poison, i8 %731, i64 0
  store <1 x i8> %995, ptr addrspace(3) %994, align 1
  %996 = getelementptr inbounds nuw i8, ptr addrspace(3) %990, i32 6144
  %997 = insertelement <1 x i8> poison, i8 %747, i64 0
  store <1 x i8> %997, ptr addrspace(3) %996, align 1
  %998 = getelementptr inbounds nuw i8, ptr addrspace(3) %990, i32 8192
  %999 = insertelement <1 x i8> poison, i8 %763, i64 0
  store <1 x i8> %999, ptr addrspace(3) %998, align 1
  %1000 = getelementptr inbounds nuw i8, ptr addrspace(3) %990, i32 10240
  %1001 = insertelement <1 x i8> poison, i8 %779, i64 0
  store <1 x i8> %1001, ptr addrspace(3) %1000, align 1
  %1002 = getelementptr inbounds nuw i8, ptr addrspace(3) %990, i32 12288
  %1003 = insertelement <1 x i8> poison, i8 %795, i64 0
  store <1 x i8> %1003, ptr addrspace(3) %1002, align 1
  %1004 = getelementptr inbounds nuw i8, ptr addrspace(3) %990, i32 14336
  %1005 = insertelement <1 x i8> poison, i8 %811, i64 0
  store <1 x i8> %1005, ptr addrspace(3) %1004, align 1
  %1006 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %886
  %1007 = insertelement <1 x i8> poison, i8 %701, i64 0
  store <1 x i8> %1007, ptr addrspace(3) %1006, align 1
  %1008 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %889
  %1009 = insertelement <1 x i8> poison, i8 %717, i64 0
  store <1 x i8> %1009, ptr addrspace(3) %1008, align 1
  %1010 = getelementptr inbounds nuw i8, ptr addrspace(3) %1006, i32 4096
  %1011 = insertelement <1 x i8> poison, i8 %733, i64 0
  store <1 x i8> %1011, ptr addrspace(3) %1010, align 1
  %1012 = getelementptr inbounds nuw i8, ptr addrspace(3) %1006, i32 6144
  %1013 = insertelement <1 x i8> poison, i8 %749, i64 0
  store <1 x i8> %1013, ptr addrspace(3) %1012, align 1
  %1014 = getelementptr inbounds nuw i8, ptr addrspace(3) %1006, i32 8192
  %1015 = insertelement <1 x i8> poison, i8 %765, i64 0
  store <1 x i8> %1015, ptr addrspace(3) %1014, align 1
  %1016 = getelementptr inbounds nuw i8, ptr addrspace(3) %1006, i32 10240
  %1017 = insertelement <1 x i8> poison, i8 %781, i64 0
  store <1 x i8> %1017, ptr addrspace(3) %1016, align 1
  %1018 = getelementptr inbounds nuw i8, ptr addrspace(3) %1006, i32 12288
  %1019 = insertelement <1 x i8> poison, i8 %797, i64 0
  store <1 x i8> %1019, ptr addrspace(3) %1018, align 1
  %1020 = getelementptr inbounds nuw i8, ptr addrspace(3) %1006, i32 14336
  %1021 = insertelement <1 x i8> poison, i8 %813, i64 0
  store <1 x i8> %1021, ptr addrspace(3) %1020, align 1
  %1022 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 20480), i32 %21
  %1023 = insertelement <1 x i8> poison, i8 %835, i64 0
  store <1 x i8> %1023, ptr addrspace(3) %1022, align 1
  %1024 = getelementptr inbounds nuw i8, ptr addrspace(3) %1022, i32 256
  %1025 = insertelement <1 x i8> poison, i8 %838, i64 0
  store <1 x i8> %1025, ptr addrspace(3) %1024, align 1
  %1026 = getelementptr inbounds nuw i8, ptr addrspace(3) %1022, i32 512
  %1027 = insertelement <1 x i8> poison, i8 %841, i64 0
  store <1 x i8> %1027, ptr addrspace(3) %1026, align 1
  %1028 = or i32 %20, 768
  %1029 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 20480), i32 %1028
  %1030 = insertelement <1 x i8> poison, i8 %844, i64 0
  store <1 x i8> %1030, ptr addrspace(3) %1029, align 1
  %1031 = icmp sgt i32 %267, 511
  br i1 %1031, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %10
  %1032 = lshr i32 %267, 8
  %1033 = shl nuw nsw i32 %22, 7
  %1034 = shl nuw nsw i32 %20, 3
  %1035 = and i32 %1034, 112
  %1036 = lshr exact i32 %108, 1
  %1037 = xor i32 %1035, %1036
  %1038 = or disjoint i32 %1037, %1033
  %1039 = xor i32 %1038, 32
  %1040 = xor i32 %1038, 64
  %1041 = xor i32 %1038, 96
  %1042 = shl nuw nsw i32 %22, 3
  %.lobit16 = lshr exact i32 %108, 5
  %1043 = or disjoint i32 %1042, %.lobit16
  %1044 = shl nuw nsw i32 %107, 6
  %1045 = or disjoint i32 %1033, %1044
  %1046 = or disjoint i32 %1045, %1037
  %1047 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1046
  %1048 = xor i32 %1046, 32
  %1049 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1048
  %1050 = xor i32 %1046, 64
  %1051 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1050
  %1052 = xor i32 %1046, 96
  %1053 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1052
  %1054 = shl nuw nsw i32 %107, 2
  %1055 = add nsw i32 %1032, -2
  %1056 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1038
  %1057 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1039
  %1058 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1040
  %1059 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1041
  %1060 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 21504), i32 %1043
  %1061 = getelementptr inbounds nuw i8, ptr addrspace(3) %1060, i32 2
  %1062 = getelementptr inbounds nuw i8, ptr addrspace(3) %1060, i32 4
  %1063 = getelementptr inbounds nuw i8, ptr addrspace(3) %1060, i32 6
  %1064 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 20480), i32 %1043
  %1065 = getelementptr inbounds nuw i8, ptr addrspace(3) %1064, i32 %1054
  %1066 = getelementptr inbounds nuw i8, ptr addrspace(3) %1065, i32 2
  %1067 = getelementptr inbounds nuw i8, ptr addrspace(3) %1065, i32 4
  %1068 = getelementptr inbounds nuw i8, ptr addrspace(3) %1065, i32 6
  br label %1069

1069:                                             ; preds = %.lr.ph, %1069
  %1070 = phi float [ 0.000000e+00, %.lr.ph ], [ %1490, %1069 ]
  %1071 = phi float [ 0.000000e+00, %.lr.ph ], [ %1491, %1069 ]
  %1072 = phi float [ 0.000000e+00, %.lr.ph ], [ %1492, %1069 ]
  %1073 = phi float [ 0.000000e+00, %.lr.ph ], [ %1493, %1069 ]
  %1074 = phi float [ 0.000000e+00, %.lr.ph ], [ %1494, %1069 ]
  %1075 = phi float [ 0.000000e+00, %.lr.ph ], [ %1495, %1069 ]
  %1076 = phi float [ 0.000000e+00, %.lr.ph ], [ %1496, %1069 ]
  %1077 = phi float [ 0.000000e+00, %.lr.ph ], [ %1497, %1069 ]
  %1078 = phi float [ 0.000000e+00, %.lr.ph ], [ %1498, %1069 ]
  %1079 = phi float [ 0.000000e+00, %.lr.ph ], [ %1499, %1069 ]
  %1080 = phi float [ 0.000000e+00, %.lr.ph ], [ %1500, %1069 ]
  %1081 = phi float [ 0.000000e+00, %.lr.ph ], [ %1501, %1069 ]
  %1082 = phi float [ 0.000000e+00, %.lr.ph ], [ %1502, %1069 ]
  %1083 = phi float [ 0.000000e+00, %.lr.ph ], [ %1503, %1069 ]
  %1084 = phi float [ 0.000000e+00, %.lr.ph ], [ %1504, %1069 ]
  %1085 = phi float [ 0.000000e+00, %.lr.ph ], [ %1505, %1069 ]
  %1086 = phi i32 [ 0, %.lr.ph ], [ %1087, %1069 ]
  %1087 = add nuw nsw i32 %1086, 1
  %1088 = shl i32 %1087, 7
  %1089 = or disjoint i32 %1088, %109
  %1090 = shl i32 %1087, 3
  %1091 = or disjoint i32 %1090, %266
  %1092 = add i32 %1088, %268
  %1093 = add i32 %1092, %289
  %1094 = add i32 %1092, %290
  %1095 = add i32 %1092, %291
  %1096 = add i32 %1092, %292
  %1097 = add i32 %1092, %293
  %1098 = add i32 %1092, %294
  %1099 = add i32 %1092, %295
  %1100 = add i32 %1092, %296
  %1101 = add i32 %1092, %297
  %1102 = add i32 %1092, %298
  %1103 = add i32 %1092, %299
  %1104 = add i32 %1092, %300
  %1105 = add i32 %1092, %301
  %1106 = add i32 %1092, %302
  %1107 = add i32 %1092, %303
  %1108 = add i32 %1092, %304
  %1109 = add i32 %389, %1090
  %1110 = icmp slt i32 %1089, %16
  %1111 = and i1 %181, %1110
  %1112 = and i1 %182, %1110
  %1113 = and i1 %183, %1110
  %1114 = and i1 %184, %1110
  %1115 = and i1 %185, %1110
  %1116 = and i1 %186, %1110
  %1117 = and i1 %187, %1110
  %1118 = and i1 %188, %1110
  %1119 = and i1 %189, %1110
  %1120 = and i1 %190, %1110
  %1121 = and i1 %191, %1110
  %1122 = and i1 %192, %1110
  %1123 = and i1 %193, %1110
  %1124 = and i1 %194, %1110
  %1125 = and i1 %195, %1110
  %1126 = and i1 %196, %1110
  %1127 = select i1 %1111, i32 %1093, i32 -2147483648
  %1128 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1127, i32 0, i32 0)
  %1129 = select i1 %1112, i32 %1094, i32 -2147483648
  %1130 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1129, i32 0, i32 0)
  %1131 = select i1 %1113, i32 %1095, i32 -2147483648
  %1132 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1131, i32 0, i32 0)
  %1133 = select i1 %1114, i32 %1096, i32 -2147483648
  %1134 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1133, i32 0, i32 0)
  %1135 = select i1 %1115, i32 %1097, i32 -2147483648
  %1136 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1135, i32 0, i32 0)
  %1137 = select i1 %1116, i32 %1098, i32 -2147483648
  %1138 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1137, i32 0, i32 0)
  %1139 = select i1 %1117, i32 %1099, i32 -2147483648
  %1140 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1139, i32 0, i32 0)
  %1141 = select i1 %1118, i32 %1100, i32 -2147483648
  %1142 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1141, i32 0, i32 0)
  %1143 = select i1 %1119, i32 %1101, i32 -2147483648
  %1144 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1143, i32 0, i32 0)
  %1145 = select i1 %1120, i32 %1102, i32 -2147483648
  %1146 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1145, i32 0, i32 0)
  %1147 = select i1 %1121, i32 %1103, i32 -2147483648
  %1148 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1147, i32 0, i32 0)
  %1149 = select i1 %1122, i32 %1104, i32 -2147483648
  %1150 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1149, i32 0, i32 0)
  %1151 = select i1 %1123, i32 %1105, i32 -2147483648
  %1152 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1151, i32 0, i32 0)
  %1153 = select i1 %1124, i32 %1106, i32 -2147483648
  %1154 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1153, i32 0, i32 0)
  %1155 = select i1 %1125, i32 %1107, i32 -2147483648
  %1156 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1155, i32 0, i32 0)
  %1157 = select i1 %1126, i32 %1108, i32 -2147483648
  %1158 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %354, i32 %1157, i32 0, i32 0)
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %1159 = load <4 x i32>, ptr addrspace(3) %1056, align 16
  %1160 = load <4 x i32>, ptr addrspace(3) %1057, align 16
  %1161 = load <4 x i32>, ptr addrspace(3) %1058, align 16
  %1162 = load <4 x i32>, ptr addrspace(3) %1059, align 16
  %1163 = icmp slt i32 %1091, %18
  %1164 = and i1 %197, %1163
  %1165 = select i1 %1164, i32 %1109, i32 -2147483648
  %1166 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %393, i32 %1165, i32 0, i32 0)
  %1167 = select i1 %1164, i8 %1166, i8 127
  %1168 = load <1 x i8>, ptr addrspace(3) %1060, align 1
  %1169 = load <1 x i8>, ptr addrspace(3) %1061, align 1
  %1170 = load <1 x i8>, ptr addrspace(3) %1062, align 1
  %1171 = shufflevector <1 x i8> %1170, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1172 = load <1 x i8>, ptr addrspace(3) %1063, align 1
  %1173 = shufflevector <1 x i8> %1172, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1174 = add i32 %1088, %270
  %1175 = add i32 %1174, %289
  %1176 = add i32 %1174, %290
  %1177 = add i32 %1174, %291
  %1178 = add i32 %1174, %292
  %1179 = add i32 %1174, %293
  %1180 = add i32 %1174, %294
  %1181 = add i32 %1174, %295
  %1182 = add i32 %1174, %296
  %1183 = add i32 %1174, %297
  %1184 = add i32 %1174, %298
  %1185 = add i32 %1174, %299
  %1186 = add i32 %1174, %300
  %1187 = add i32 %1174, %301
  %1188 = add i32 %1174, %302
  %1189 = add i32 %1174, %303
  %1190 = add i32 %1174, %304
  %1191 = add i32 %1174, %445
  %1192 = add i32 %1174, %446
  %1193 = add i32 %1174, %447
  %1194 = add i32 %1174, %448
  %1195 = add i32 %1174, %449
  %1196 = add i32 %1174, %450
  %1197 = add i32 %1174, %451
  %1198 = add i32 %1174, %452
  %1199 = add i32 %1174, %453
  %1200 = add i32 %1174, %454
  %1201 = add i32 %1174, %455
  %1202 = add i32 %1174, %456
  %1203 = add i32 %1174, %457
  %1204 = add i32 %1174, %458
  %1205 = add i32 %1174, %459
  %1206 = add i32 %1174, %460
  %1207 = add i32 %1174, %461
  %1208 = add i32 %1174, %462
  %1209 = add i32 %1174, %463
  %1210 = add i32 %1174, %464
  %1211 = add i32 %1174, %465
  %1212 = add i32 %1174, %466
  %1213 = add i32 %1174, %467
  %1214 = add i32 %1174, %468
  %1215 = add i32 %1174, %469
  %1216 = add i32 %1174, %470
  %1217 = add i32 %1174, %471
  %1218 = add i32 %1174, %472
  %1219 = add i32 %1174, %473
  %1220 = add i32 %1174, %474
  %1221 = add i32 %1174, %475
  %1222 = add i32 %1174, %476
  %1223 = add i32 %1174, %477
  %1224 = add i32 %1174, %478
  %1225 = add i32 %1174, %479
  %1226 = add i32 %1174, %480
  %1227 = add i32 %1174, %481
  %1228 = add i32 %1174, %482
  %1229 = add i32 %1174, %483
  %1230 = add i32 %1174, %484
  %1231 = add i32 %1174, %485
  %1232 = add i32 %1174, %486
  %1233 = add i32 %1174, %487
  %1234 = add i32 %1174, %488
  %1235 = add i32 %1174, %489
  %1236 = add i32 %1174, %490
  %1237 = add i32 %1174, %491
  %1238 = add i32 %1174, %492
  %1239 = add i32 %1090, %271
  %1240 = add i32 %1239, %388
  %1241 = add i32 %1239, %817
  %1242 = add i32 %1239, %818
  %1243 = add i32 %1239, %819
  %1244 = and i1 %198, %1110
  %1245 = and i1 %199, %1110
  %1246 = and i1 %200, %1110
  %1247 = and i1 %201, %1110
  %1248 = and i1 %202, %1110
  %1249 = and i1 %203, %1110
  %1250 = and i1 %204, %1110
  %1251 = and i1 %205, %1110
  %1252 = and i1 %206, %1110
  %1253 = and i1 %207, %1110
  %1254 = and i1 %208, %1110
  %1255 = and i1 %209, %1110
  %1256 = and i1 %210, %1110
  %1257 = and i1 %211, %1110
  %1258 = and i1 %212, %1110
  %1259 = and i1 %213, %1110
  %1260 = and i1 %214, %1110
  %1261 = and i1 %215, %1110
  %1262 = and i1 %216, %1110
  %1263 = and i1 %217, %1110
  %1264 = and i1 %218, %1110
  %1265 = and i1 %219, %1110
  %1266 = and i1 %220, %1110
  %1267 = and i1 %221, %1110
  %1268 = and i1 %222, %1110
  %1269 = and i1 %223, %1110
  %1270 = and i1 %224, %1110
  %1271 = and i1 %225, %1110
  %1272 = and i1 %226, %1110
  %1273 = and i1 %227, %1110
  %1274 = and i1 %228, %1110
  %1275 = and i1 %229, %1110
  %1276 = and i1 %230, %1110
  %1277 = and i1 %231, %1110
  %1278 = and i1 %232, %1110
  %1279 = and i1 %233, %1110
  %1280 = and i1 %234, %1110
  %1281 = and i1 %235, %1110
  %1282 = and i1 %236, %1110
  %1283 = and i1 %237, %1110
  %1284 = and i1 %238, %1110
  %1285 = and i1 %239, %1110
  %1286 = and i1 %240, %1110
  %1287 = and i1 %241, %1110
  %1288 = and i1 %242, %1110
  %1289 = and i1 %243, %1110
  %1290 = and i1 %244, %1110
  %1291 = and i1 %245, %1110
  %1292 = and i1 %246, %1110
  %1293 = and i1 %247, %1110
  %1294 = and i1 %248, %1110
  %1295 = and i1 %249, %1110
  %1296 = and i1 %250, %1110
  %1297 = and i1 %251, %1110
  %1298 = and i1 %252, %1110
  %1299 = and i1 %253, %1110
  %1300 = and i1 %254, %1110
  %1301 = and i1 %255, %1110
  %1302 = and i1 %256, %1110
  %1303 = and i1 %257, %1110
  %1304 = and i1 %258, %1110
  %1305 = and i1 %259, %1110
  %1306 = and i1 %260, %1110
  %1307 = and i1 %261, %1110
  %1308 = select i1 %1244, i32 %1175, i32 -2147483648
  %1309 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1308, i32 0, i32 0)
  %1310 = select i1 %1245, i32 %1176, i32 -2147483648
  %1311 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1310, i32 0, i32 0)
  %1312 = select i1 %1246, i32 %1177, i32 -2147483648
  %1313 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1312, i32 0, i32 0)
  %1314 = select i1 %1247, i32 %1178, i32 -2147483648
  %1315 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1314, i32 0, i32 0)
  %1316 = select i1 %1248, i32 %1179, i32 -2147483648
  %1317 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1316, i32 0, i32 0)
  %1318 = select i1 %1249, i32 %1180, i32 -2147483648
  %1319 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1318, i32 0, i32 0)
  %1320 = select i1 %1250, i32 %1181, i32 -2147483648
  %1321 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1320, i32 0, i32 0)
  %1322 = select i1 %1251, i32 %1182, i32 -2147483648
  %1323 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1322, i32 0, i32 0)
  %1324 = select i1 %1252, i32 %1183, i32 -2147483648
  %1325 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1324, i32 0, i32 0)
  %1326 = select i1 %1253, i32 %1184, i32 -2147483648
  %1327 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1326, i32 0, i32 0)
  %1328 = select i1 %1254, i32 %1185, i32 -2147483648
  %1329 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1328, i32 0, i32 0)
  %1330 = select i1 %1255, i32 %1186, i32 -2147483648
  %1331 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1330, i32 0, i32 0)
  %1332 = select i1 %1256, i32 %1187, i32 -2147483648
  %1333 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1332, i32 0, i32 0)
  %1334 = select i1 %1257, i32 %1188, i32 -2147483648
  %1335 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1334, i32 0, i32 0)
  %1336 = select i1 %1258, i32 %1189, i32 -2147483648
  %1337 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1336, i32 0, i32 0)
  %1338 = select i1 %1259, i32 %1190, i32 -2147483648
  %1339 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1338, i32 0, i32 0)
  %1340 = select i1 %1260, i32 %1191, i32 -2147483648
  %1341 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1340, i32 0, i32 0)
  %1342 = select i1 %1261, i32 %1192, i32 -2147483648
  %1343 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1342, i32 0, i32 0)
  %1344 = select i1 %1262, i32 %1193, i32 -2147483648
  %1345 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1344, i32 0, i32 0)
  %1346 = select i1 %1263, i32 %1194, i32 -2147483648
  %1347 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1346, i32 0, i32 0)
  %1348 = select i1 %1264, i32 %1195, i32 -2147483648
  %1349 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1348, i32 0, i32 0)
  %1350 = select i1 %1265, i32 %1196, i32 -2147483648
  %1351 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1350, i32 0, i32 0)
  %1352 = select i1 %1266, i32 %1197, i32 -2147483648
  %1353 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1352, i32 0, i32 0)
  %1354 = select i1 %1267, i32 %1198, i32 -2147483648
  %1355 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1354, i32 0, i32 0)
  %1356 = select i1 %1268, i32 %1199, i32 -2147483648
  %1357 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1356, i32 0, i32 0)
  %1358 = select i1 %1269, i32 %1200, i32 -2147483648
  %1359 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1358, i32 0, i32 0)
  %1360 = select i1 %1270, i32 %1201, i32 -2147483648
  %1361 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1360, i32 0, i32 0)
  %1362 = select i1 %1271, i32 %1202, i32 -2147483648
  %1363 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1362, i32 0, i32 0)
  %1364 = select i1 %1272, i32 %1203, i32 -2147483648
  %1365 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1364, i32 0, i32 0)
  %1366 = select i1 %1273, i32 %1204, i32 -2147483648
  %1367 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1366, i32 0, i32 0)
  %1368 = select i1 %1274, i32 %1205, i32 -2147483648
  %1369 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1368, i32 0, i32 0)
  %1370 = select i1 %1275, i32 %1206, i32 -2147483648
  %1371 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1370, i32 0, i32 0)
  %1372 = select i1 %1276, i32 %1207, i32 -2147483648
  %1373 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1372, i32 0, i32 0)
  %1374 = select i1 %1277, i32 %1208, i32 -2147483648
  %1375 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1374, i32 0, i32 0)
  %1376 = select i1 %1278, i32 %1209, i32 -2147483648
  %1377 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1376, i32 0, i32 0)
  %1378 = select i1 %1279, i32 %1210, i32 -2147483648
  %1379 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1378, i32 0, i32 0)
  %1380 = select i1 %1280, i32 %1211, i32 -2147483648
  %1381 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1380, i32 0, i32 0)
  %1382 = select i1 %1281, i32 %1212, i32 -2147483648
  %1383 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1382, i32 0, i32 0)
  %1384 = select i1 %1282, i32 %1213, i32 -2147483648
  %1385 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1384, i32 0, i32 0)
  %1386 = select i1 %1283, i32 %1214, i32 -2147483648
  %1387 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1386, i32 0, i32 0)
  %1388 = select i1 %1284, i32 %1215, i32 -2147483648
  %1389 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1388, i32 0, i32 0)
  %1390 = select i1 %1285, i32 %1216, i32 -2147483648
  %1391 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1390, i32 0, i32 0)
  %1392 = select i1 %1286, i32 %1217, i32 -2147483648
  %1393 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1392, i32 0, i32 0)
  %1394 = select i1 %1287, i32 %1218, i32 -2147483648
  %1395 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1394, i32 0, i32 0)
  %1396 = select i1 %1288, i32 %1219, i32 -2147483648
  %1397 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1396, i32 0, i32 0)
  %1398 = select i1 %1289, i32 %1220, i32 -2147483648
  %1399 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1398, i32 0, i32 0)
  %1400 = select i1 %1290, i32 %1221, i32 -2147483648
  %1401 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1400, i32 0, i32 0)
  %1402 = select i1 %1291, i32 %1222, i32 -2147483648
  %1403 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1402, i32 0, i32 0)
  %1404 = select i1 %1292, i32 %1223, i32 -2147483648
  %1405 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1404, i32 0, i32 0)
  %1406 = select i1 %1293, i32 %1224, i32 -2147483648
  %1407 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1406, i32 0, i32 0)
  %1408 = select i1 %1294, i32 %1225, i32 -2147483648
  %1409 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1408, i32 0, i32 0)
  %1410 = select i1 %1295, i32 %1226, i32 -2147483648
  %1411 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1410, i32 0, i32 0)
  %1412 = select i1 %1296, i32 %1227, i32 -2147483648
  %1413 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1412, i32 0, i32 0)
  %1414 = select i1 %1297, i32 %1228, i32 -2147483648
  %1415 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1414, i32 0, i32 0)
  %1416 = select i1 %1298, i32 %1229, i32 -2147483648
  %1417 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1416, i32 0, i32 0)
  %1418 = select i1 %1299, i32 %1230, i32 -2147483648
  %1419 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1418, i32 0, i32 0)
  %1420 = select i1 %1300, i32 %1231, i32 -2147483648
  %1421 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1420, i32 0, i32 0)
  %1422 = select i1 %1301, i32 %1232, i32 -2147483648
  %1423 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1422, i32 0, i32 0)
  %1424 = select i1 %1302, i32 %1233, i32 -2147483648
  %1425 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1424, i32 0, i32 0)
  %1426 = select i1 %1303, i32 %1234, i32 -2147483648
  %1427 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1426, i32 0, i32 0)
  %1428 = select i1 %1304, i32 %1235, i32 -2147483648
  %1429 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1428, i32 0, i32 0)
  %1430 = select i1 %1305, i32 %1236, i32 -2147483648
  %1431 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1430, i32 0, i32 0)
  %1432 = select i1 %1306, i32 %1237, i32 -2147483648
  %1433 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1432, i32 0, i32 0)
  %1434 = select i1 %1307, i32 %1238, i32 -2147483648
  %1435 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %685, i32 %1434, i32 0, i32 0)
  %1436 = load <4 x i32>, ptr addrspace(3) %1047, align 16
  %1437 = load <4 x i32>, ptr addrspace(3) %1049, align 16
  %1438 = load <4 x i32>, ptr addrspace(3) %1051, align 16
  %1439 = load <4 x i32>, ptr addrspace(3) %1053, align 16
  %1440 = and i1 %262, %1163
  %1441 = and i1 %263, %1163
  %1442 = and i1 %264, %1163
  %1443 = and i1 %265, %1163
  %1444 = select i1 %1440, i32 %1240, i32 -2147483648
  %1445 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %832, i32 %1444, i32 0, i32 0)
  %1446 = select i1 %1440, i8 %1445, i8 127
  %1447 = select i1 %1441, i32 %1241, i32 -2147483648
  %1448 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %832, i32 %1447, i32 0, i32 0)
  %1449 = select i1 %1441, i8 %1448, i8 127
  %1450 = select i1 %1442, i32 %1242, i32 -2147483648
  %1451 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %832, i32 %1450, i32 0, i32 0)
  %1452 = select i1 %1442, i8 %1451, i8 127
  %1453 = select i1 %1443, i32 %1243, i32 -2147483648
  %1454 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %832, i32 %1453, i32 0, i32 0)
  %1455 = select i1 %1443, i8 %1454, i8 127
  %1456 = load <1 x i8>, ptr addrspace(3) %1065, align 1
  %1457 = load <1 x i8>, ptr addrspace(3) %1066, align 1
  %1458 = load <1 x i8>, ptr addrspace(3) %1067, align 1
  %1459 = shufflevector <1 x i8> %1458, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1460 = load <1 x i8>, ptr addrspace(3) %1068, align 1
  %1461 = shufflevector <1 x i8> %1460, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1462 = shufflevector <1 x i8> %1168, <1 x i8> %1169, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1463 = shufflevector <4 x i8> %1462, <4 x i8> %1171, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1464 = shufflevector <4 x i8> %1463, <4 x i8> %1173, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1465 = bitcast <4 x i8> %1464 to i32
  %1466 = shufflevector <1 x i8> %1456, <1 x i8> %1457, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1467 = shufflevector <4 x i8> %1466, <4 x i8> %1459, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1468 = shufflevector <4 x i8> %1467, <4 x i8> %1461, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1469 = bitcast <4 x i8> %1468 to i32
  %1470 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %1070, i64 0
  %1471 = insertelement <16 x float> %1470, float %1071, i64 1
  %1472 = insertelement <16 x float> %1471, float %1072, i64 2
  %1473 = insertelement <16 x float> %1472, float %1073, i64 3
  %1474 = insertelement <16 x float> %1473, float %1074, i64 4
  %1475 = insertelement <16 x float> %1474, float %1075, i64 5
  %1476 = insertelement <16 x float> %1475, float %1076, i64 6
  %1477 = insertelement <16 x float> %1476, float %1077, i64 7
  %1478 = insertelement <16 x float> %1477, float %1078, i64 8
  %1479 = insertelement <16 x float> %1478, float %1079, i64 9
  %1480 = insertelement <16 x float> %1479, float %1080, i64 10
  %1481 = insertelement <16 x float> %1480, float %1081, i64 11
  %1482 = insertelement <16 x float> %1481, float %1082, i64 12
  %1483 = insertelement <16 x float> %1482, float %1083, i64 13
  %1484 = insertelement <16 x float> %1483, float %1084, i64 14
  %1485 = insertelement <16 x float> %1484, float %1085, i64 15
  %1486 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1436, <4 x i32> %1159, <16 x float> %1485, i32 4, i32 4, i32 0, i32 %1469, i32 0, i32 %1465)
  %1487 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1437, <4 x i32> %1160, <16 x float> %1486, i32 4, i32 4, i32 1, i32 %1469, i32 1, i32 %1465)
  %1488 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1438, <4 x i32> %1161, <16 x float> %1487, i32 4, i32 4, i32 2, i32 %1469, i32 2, i32 %1465)
  %1489 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1439, <4 x i32> %1162, <16 x float> %1488, i32 4, i32 4, i32 3, i32 %1469, i32 3, i32 %1465)
  %1490 = extractelement <16 x float> %1489, i64 0
  %1491 = extractelement <16 x float> %1489, i64 1
  %1492 = extractelement <16 x float> %1489, i64 2
  %1493 = extractelement <16 x float> %1489, i64 3
  %1494 = extractelement <16 x float> %1489, i64 4
  %1495 = extractelement <16 x float> %1489, i64 5
  %1496 = extractelement <16 x float> %1489, i64 6
  %1497 = extractelement <16 x float> %1489, i64 7
  %1498 = extractelement <16 x float> %1489, i64 8
  %1499 = extractelement <16 x float> %1489, i64 9
  %1500 = extractelement <16 x float> %1489, i64 10
  %1501 = extractelement <16 x float> %1489, i64 11
  %1502 = extractelement <16 x float> %1489, i64 12
  %1503 = extractelement <16 x float> %1489, i64 13
  %1504 = extractelement <16 x float> %1489, i64 14
  %1505 = extractelement <16 x float> %1489, i64 15
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %1506 = insertelement <1 x i8> poison, i8 %1128, i64 0
  store <1 x i8> %1506, ptr addrspace(3) %845, align 1
  %1507 = insertelement <1 x i8> poison, i8 %1144, i64 0
  store <1 x i8> %1507, ptr addrspace(3) %848, align 1
  %1508 = insertelement <1 x i8> poison, i8 %1130, i64 0
  store <1 x i8> %1508, ptr addrspace(3) %851, align 1
  %1509 = insertelement <1 x i8> poison, i8 %1146, i64 0
  store <1 x i8> %1509, ptr addrspace(3) %854, align 1
  %1510 = insertelement <1 x i8> poison, i8 %1132, i64 0
  store <1 x i8> %1510, ptr addrspace(3) %857, align 1
  %1511 = insertelement <1 x i8> poison, i8 %1148, i64 0
  store <1 x i8> %1511, ptr addrspace(3) %860, align 1
  %1512 = insertelement <1 x i8> poison, i8 %1134, i64 0
  store <1 x i8> %1512, ptr addrspace(3) %863, align 1
  %1513 = insertelement <1 x i8> poison, i8 %1150, i64 0
  store <1 x i8> %1513, ptr addrspace(3) %866, align 1
  %1514 = insertelement <1 x i8> poison, i8 %1136, i64 0
  store <1 x i8> %1514, ptr addrspace(3) %869, align 1
  %1515 = insertelement <1 x i8> poison, i8 %1152, i64 0
  store <1 x i8> %1515, ptr addrspace(3) %872, align 1
  %1516 = insertelement <1 x i8> poison, i8 %1138, i64 0
  store <1 x i8> %1516, ptr addrspace(3) %875, align 1
  %1517 = insertelement <1 x i8> poison, i8 %1154, i64 0
  store <1 x i8> %1517, ptr addrspace(3) %878, align 1
  %1518 = insertelement <1 x i8> poison, i8 %1140, i64 0
  store <1 x i8> %1518, ptr addrspace(3) %881, align 1
  %1519 = insertelement <1 x i8> poison, i8 %1156, i64 0
  store <1 x i8> %1519, ptr addrspace(3) %884, align 1
  %1520 = insertelement <1 x i8> poison, i8 %1142, i64 0
  store <1 x i8> %1520, ptr addrspace(3) %887, align 1
  %1521 = insertelement <1 x i8> poison, i8 %1158, i64 0
  store <1 x i8> %1521, ptr addrspace(3) %890, align 1
  %1522 = insertelement <1 x i8> poison, i8 %1167, i64 0
  store <1 x i8> %1522, ptr addrspace(3) %892, align 1
  %1523 = insertelement <1 x i8> poison, i8 %1309, i64 0
  store <1 x i8> %1523, ptr addrspace(3) %894, align 1
  %1524 = insertelement <1 x i8> poison, i8 %1325, i64 0
  store <1 x i8> %1524, ptr addrspace(3) %896, align 1
  %1525 = insertelement <1 x i8> poison, i8 %1341, i64 0
  store <1 x i8> %1525, ptr addrspace(3) %898, align 1
  %1526 = insertelement <1 x i8> poison, i8 %1357, i64 0
  store <1 x i8> %1526, ptr addrspace(3) %900, align 1
  %1527 = insertelement <1 x i8> poison, i8 %1373, i64 0
  store <1 x i8> %1527, ptr addrspace(3) %902, align 1
  %1528 = insertelement <1 x i8> poison, i8 %1389, i64 0
  store <1 x i8> %1528, ptr addrspace(3) %904, align 1
  %1529 = insertelement <1 x i8> poison, i8 %1405, i64 0
  store <1 x i8> %1529, ptr addrspace(3) %906, align 1
  %1530 = insertelement <1 x i8> poison, i8 %1421, i64 0
  store <1 x i8> %1530, ptr addrspace(3) %908, align 1
  %1531 = insertelement <1 x i8> poison, i8 %1311, i64 0
  store <1 x i8> %1531, ptr addrspace(3) %910, align 1
  %1532 = insertelement <1 x i8> poison, i8 %1327, i64 0
  store <1 x i8> %1532, ptr addrspace(3) %912, align 1
  %1533 = insertelement <1 x i8> poison, i8 %1343, i64 0
  store <1 x i8> %1533, ptr addrspace(3) %914, align 1
  %1534 = insertelement <1 x i8> poison, i8 %1359, i64 0
  store <1 x i8> %1534, ptr addrspace(3) %916, align 1
  %1535 = insertelement <1 x i8> poison, i8 %1375, i64 0
  store <1 x i8> %1535, ptr addrspace(3) %918, align 1
  %1536 = insertelement <1 x i8> poison, i8 %1391, i64 0
  store <1 x i8> %1536, ptr addrspace(3) %920, align 1
  %1537 = insertelement <1 x i8> poison, i8 %1407, i64 0
  store <1 x i8> %1537, ptr addrspace(3) %922, align 1
  %1538 = insertelement <1 x i8> poison, i8 %1423, i64 0
  store <1 x i8> %1538, ptr addrspace(3) %924, align 1
  %1539 = insertelement <1 x i8> poison, i8 %1313, i64 0
  store <1 x i8> %1539, ptr addrspace(3) %926, align 1
  %1540 = insertelement <1 x i8> poison, i8 %1329, i64 0
  store <1 x i8> %1540, ptr addrspace(3) %928, align 1
  %1541 = insertelement <1 x i8> poison, i8 %1345, i64 0
  store <1 x i8> %1541, ptr addrspace(3) %930, align 1
  %1542 = insertelement <1 x i8> poison, i8 %1361, i64 0
  store <1 x i8> %1542, ptr addrspace(3) %932, align 1
  %1543 = insertelement <1 x i8> poison, i8 %1377, i64 0
  store <1 x i8> %1543, ptr addrspace(3) %934, align 1
  %1544 = insertelement <1 x i8> poison, i8 %1393, i64 0
  store <1 x i8> %1544, ptr addrspace(3) %936, align 1
  %1545 = insertelement <1 x i8> poison, i8 %1409, i64 0
  store <1 x i8> %1545, ptr addrspace(3) %938, align 1
  %1546 = insertelement <1 x i8> poison, i8 %1425, i64 0
  store <1 x i8> %1546, ptr addrspace(3) %940, align 1
  %1547 = insertelement <1 x i8> poison, i8 %1315, i64 0
  store <1 x i8> %1547, ptr addrspace(3) %942, align 1
  %1548 = insertelement <1 x i8> poison, i8 %1331, i64 0
  store <1 x i8> %1548, ptr addrspace(3) %944, align 1
  %1549 = insertelement <1 x i8> poison, i8 %1347, i64 0
  store <1 x i8> %1549, ptr addrspace(3) %946, align 1
  %1550 = insertelement <1 x i8> poison, i8 %1363, i64 0
  store <1 x i8> %1550, ptr addrspace(3) %948, align 1
  %1551 = insertelement <1 x i8> poison, i8 %1379, i64 0
  store <1 x i8> %1551, ptr addrspace(3) %950, align 1
  %1552 = insertelement <1 x i8> poison, i8 %1395, i64 0
  store <1 x i8> %1552, ptr addrspace(3) %952, align 1
  %1553 = insertelement <1 x i8> poison, i8 %1411, i64 0
  store <1 x i8> %1553, ptr addrspace(3) %954, align 1
  %1554 = insertelement <1 x i8> poison, i8 %1427, i64 0
  store <1 x i8> %1554, ptr addrspace(3) %956, align 1
  %1555 = insertelement <1 x i8> poison, i8 %1317, i64 0
  store <1 x i8> %1555, ptr addrspace(3) %958, align 1
  %1556 = insertelement <1 x i8> poison, i8 %1333, i64 0
  store <1 x i8> %1556, ptr addrspace(3) %960, align 1
  %1557 = insertelement <1 x i8> poison, i8 %1349, i64 0
  store <1 x i8> %1557, ptr addrspace(3) %962, align 1
  %1558 = insertelement <1 x i8> poison, i8 %1365, i64 0
  store <1 x i8> %1558, ptr addrspace(3) %964, align 1
  %1559 = insertelement <1 x i8> poison, i8 %1381, i64 0
  store <1 x i8> %1559, ptr addrspace(3) %966, align 1
  %1560 = insertelement <1 x i8> poison, i8 %1397, i64 0
  store <1 x i8> %1560, ptr addrspace(3) %968, align 1
  %1561 = insertelement <1 x i8> poison, i8 %1413, i64 0
  store <1 x i8> %1561, ptr addrspace(3) %970, align 1
  %1562 = insertelement <1 x i8> poison, i8 %1429, i64 0
  store <1 x i8> %1562, ptr addrspace(3) %972, align 1
  %1563 = insertelement <1 x i8> poison, i8 %1319, i64 0
  store <1 x i8> %1563, ptr addrspace(3) %974, align 1
  %1564 = insertelement <1 x i8> poison, i8 %1335, i64 0
  store <1 x i8> %1564, ptr addrspace(3) %976, align 1
  %1565 = insertelement <1 x i8> poison, i8 %1351, i64 0
  store <1 x i8> %1565, ptr addrspace(3) %978, align 1
  %1566 = insertelement <1 x i8> poison, i8 %1367, i64 0
  store <1 x i8> %1566, ptr addrspace(3) %980, align 1
  %1567 = insertelement <1 x i8> poison, i8 %1383, i64 0
  store <1 x i8> %1567, ptr addrspace(3) %982, align 1
  %1568 = insertelement <1 x i8> poison, i8 %1399, i64 0
  store <1 x i8> %1568, ptr addrspace(3) %984, align 1
  %1569 = insertelement <1 x i8> poison, i8 %1415, i64 0
  store <1 x i8> %1569, ptr addrspace(3) %986, align 1
  %1570 = insertelement <1 x i8> poison, i8 %1431, i64 0
  store <1 x i8> %1570, ptr addrspace(3) %988, align 1
  %1571 = insertelement <1 x i8> poison, i8 %1321, i64 0
  store <1 x i8> %1571, ptr addrspace(3) %990, align 1
  %1572 = insertelement <1 x i8> poison, i8 %1337, i64 0
  store <1 x i8> %1572, ptr addrspace(3) %992, align 1
  %1573 = insertelement <1 x i8> poison, i8 %1353, i64 0
  store <1 x i8> %1573, ptr addrspace(3) %994, align 1
  %1574 = insertelement <1 x i8> poison, i8 %1369, i64 0
  store <1 x i8> %1574, ptr addrspace(3) %996, align 1
  %1575 = insertelement <1 x i8> poison, i8 %1385, i64 0
  store <1 x i8> %1575, ptr addrspace(3) %998, align 1
  %1576 = insertelement <1 x i8> poison, i8 %1401, i64 0
  store <1 x i8> %1576, ptr addrspace(3) %1000, align 1
  %1577 = insertelement <1 x i8> poison, i8 %1417, i64 0
  store <1 x i8> %1577, ptr addrspace(3) %1002, align 1
  %1578 = insertelement <1 x i8> poison, i8 %1433, i64 0
  store <1 x i8> %1578, ptr addrspace(3) %1004, align 1
  %1579 = insertelement <1 x i8> poison, i8 %1323, i64 0
  store <1 x i8> %1579, ptr addrspace(3) %1006, align 1
  %1580 = insertelement <1 x i8> poison, i8 %1339, i64 0
  store <1 x i8> %1580, ptr addrspace(3) %1008, align 1
  %1581 = insertelement <1 x i8> poison, i8 %1355, i64 0
  store <1 x i8> %1581, ptr addrspace(3) %1010, align 1
  %1582 = insertelement <1 x i8> poison, i8 %1371, i64 0
  store <1 x i8> %1582, ptr addrspace(3) %1012, align 1
  %1583 = insertelement <1 x i8> poison, i8 %1387, i64 0
  store <1 x i8> %1583, ptr addrspace(3) %1014, align 1
  %1584 = insertelement <1 x i8> poison, i8 %1403, i64 0
  store <1 x i8> %1584, ptr addrspace(3) %1016, align 1
  %1585 = insertelement <1 x i8> poison, i8 %1419, i64 0
  store <1 x i8> %1585, ptr addrspace(3) %1018, align 1
  %1586 = insertelement <1 x i8> poison, i8 %1435, i64 0
  store <1 x i8> %1586, ptr addrspace(3) %1020, align 1
  %1587 = insertelement <1 x i8> poison, i8 %1446, i64 0
  store <1 x i8> %1587, ptr addrspace(3) %1022, align 1
  %1588 = insertelement <1 x i8> poison, i8 %1449, i64 0
  store <1 x i8> %1588, ptr addrspace(3) %1024, align 1
  %1589 = insertelement <1 x i8> poison, i8 %1452, i64 0
  store <1 x i8> %1589, ptr addrspace(3) %1026, align 1
  %1590 = insertelement <1 x i8> poison, i8 %1455, i64 0
  store <1 x i8> %1590, ptr addrspace(3) %1029, align 1
  %exitcond.not = icmp eq i32 %1086, %1055
  br i1 %exitcond.not, label %._crit_edge, label %1069

._crit_edge:                                      ; preds = %1069, %10
  %1591 = phi float [ 0.000000e+00, %10 ], [ %1490, %1069 ]
  %1592 = phi float [ 0.000000e+00, %10 ], [ %1491, %1069 ]
  %1593 = phi float [ 0.000000e+00, %10 ], [ %1492, %1069 ]
  %1594 = phi float [ 0.000000e+00, %10 ], [ %1493, %1069 ]
  %1595 = phi float [ 0.000000e+00, %10 ], [ %1494, %1069 ]
  %1596 = phi float [ 0.000000e+00, %10 ], [ %1495, %1069 ]
  %1597 = phi float [ 0.000000e+00, %10 ], [ %1496, %1069 ]
  %1598 = phi float [ 0.000000e+00, %10 ], [ %1497, %1069 ]
  %1599 = phi float [ 0.000000e+00, %10 ], [ %1498, %1069 ]
  %1600 = phi float [ 0.000000e+00, %10 ], [ %1499, %1069 ]
  %1601 = phi float [ 0.000000e+00, %10 ], [ %1500, %1069 ]
  %1602 = phi float [ 0.000000e+00, %10 ], [ %1501, %1069 ]
  %1603 = phi float [ 0.000000e+00, %10 ], [ %1502, %1069 ]
  %1604 = phi float [ 0.000000e+00, %10 ], [ %1503, %1069 ]
  %1605 = phi float [ 0.000000e+00, %10 ], [ %1504, %1069 ]
  %1606 = phi float [ 0.000000e+00, %10 ], [ %1505, %1069 ]
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  br i1 %272, label %1607, label %._crit_edge._crit_edge

1607:                                             ; preds = %._crit_edge
  %1608 = shl nuw nsw i32 %22, 3
  %.lobit1 = lshr exact i32 %108, 5
  %1609 = or disjoint i32 %1608, %.lobit1
  %1610 = shl nuw nsw i32 %107, 2
  %1611 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 20480), i32 %1609
  %1612 = getelementptr inbounds nuw i8, ptr addrspace(3) %1611, i32 %1610
  %1613 = getelementptr inbounds nuw i8, ptr addrspace(3) %1612, i32 6
  %1614 = load <1 x i8>, ptr addrspace(3) %1613, align 1
  %1615 = shufflevector <1 x i8> %1614, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1616 = getelementptr inbounds nuw i8, ptr addrspace(3) %1612, i32 4
  %1617 = load <1 x i8>, ptr addrspace(3) %1616, align 1
  %1618 = shufflevector <1 x i8> %1617, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1619 = getelementptr inbounds nuw i8, ptr addrspace(3) %1612, i32 2
  %1620 = load <1 x i8>, ptr addrspace(3) %1619, align 1
  %1621 = load <1 x i8>, ptr addrspace(3) %1612, align 1
  %1622 = shl nuw nsw i32 %22, 7
  %1623 = shl nuw nsw i32 %107, 6
  %1624 = or disjoint i32 %1622, %1623
  %1625 = shl nuw nsw i32 %20, 3
  %1626 = and i32 %1625, 112
  %1627 = lshr exact i32 %108, 1
  %1628 = xor i32 %1626, %1627
  %1629 = or disjoint i32 %1624, %1628
  %1630 = xor i32 %1629, 96
  %1631 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1630
  %1632 = load <4 x i32>, ptr addrspace(3) %1631, align 16
  %1633 = xor i32 %1629, 64
  %1634 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1633
  %1635 = load <4 x i32>, ptr addrspace(3) %1634, align 16
  %1636 = xor i32 %1629, 32
  %1637 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1636
  %1638 = load <4 x i32>, ptr addrspace(3) %1637, align 16
  %1639 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1629
  %1640 = load <4 x i32>, ptr addrspace(3) %1639, align 16
  %1641 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 21504), i32 %1609
  %1642 = getelementptr inbounds nuw i8, ptr addrspace(3) %1641, i32 6
  %1643 = load <1 x i8>, ptr addrspace(3) %1642, align 1
  %1644 = shufflevector <1 x i8> %1643, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1645 = getelementptr inbounds nuw i8, ptr addrspace(3) %1641, i32 4
  %1646 = load <1 x i8>, ptr addrspace(3) %1645, align 1
  %1647 = shufflevector <1 x i8> %1646, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1648 = getelementptr inbounds nuw i8, ptr addrspace(3) %1641, i32 2
  %1649 = load <1 x i8>, ptr addrspace(3) %1648, align 1
  %1650 = load <1 x i8>, ptr addrspace(3) %1641, align 1
  %1651 = or disjoint i32 %1628, %1622
  %1652 = xor i32 %1651, 96
  %1653 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1652
  %1654 = load <4 x i32>, ptr addrspace(3) %1653, align 16
  %1655 = xor i32 %1651, 64
  %1656 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1655
  %1657 = load <4 x i32>, ptr addrspace(3) %1656, align 16
  %1658 = xor i32 %1651, 32
  %1659 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1658
  %1660 = load <4 x i32>, ptr addrspace(3) %1659, align 16
  %1661 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1651
  %1662 = load <4 x i32>, ptr addrspace(3) %1661, align 16
  %1663 = shufflevector <1 x i8> %1650, <1 x i8> %1649, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1664 = shufflevector <4 x i8> %1663, <4 x i8> %1647, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1665 = shufflevector <4 x i8> %1664, <4 x i8> %1644, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1666 = bitcast <4 x i8> %1665 to i32
  %1667 = shufflevector <1 x i8> %1621, <1 x i8> %1620, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1668 = shufflevector <4 x i8> %1667, <4 x i8> %1618, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1669 = shufflevector <4 x i8> %1668, <4 x i8> %1615, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1670 = bitcast <4 x i8> %1669 to i32
  %1671 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %1591, i64 0
  %1672 = insertelement <16 x float> %1671, float %1592, i64 1
  %1673 = insertelement <16 x float> %1672, float %1593, i64 2
  %1674 = insertelement <16 x float> %1673, float %1594, i64 3
  %1675 = insertelement <16 x float> %1674, float %1595, i64 4
  %1676 = insertelement <16 x float> %1675, float %1596, i64 5
  %1677 = insertelement <16 x float> %1676, float %1597, i64 6
  %1678 = insertelement <16 x float> %1677, float %1598, i64 7
  %1679 = insertelement <16 x float> %1678, float %1599, i64 8
  %1680 = insertelement <16 x float> %1679, float %1600, i64 9
  %1681 = insertelement <16 x float> %1680, float %1601, i64 10
  %1682 = insertelement <16 x float> %1681, float %1602, i64 11
  %1683 = insertelement <16 x float> %1682, float %1603, i64 12
  %1684 = insertelement <16 x float> %1683, float %1604, i64 13
  %1685 = insertelement <16 x float> %1684, float %1605, i64 14
  %1686 = insertelement <16 x float> %1685, float %1606, i64 15
  %1687 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1640, <4 x i32> %1662, <16 x float> %1686, i32 4, i32 4, i32 0, i32 %1670, i32 0, i32 %1666)
  %1688 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1638, <4 x i32> %1660, <16 x float> %1687, i32 4, i32 4, i32 1, i32 %1670, i32 1, i32 %1666)
  %1689 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1635, <4 x i32> %1657, <16 x float> %1688, i32 4, i32 4, i32 2, i32 %1670, i32 2, i32 %1666)
  %1690 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1632, <4 x i32> %1654, <16 x float> %1689, i32 4, i32 4, i32 3, i32 %1670, i32 3, i32 %1666)
  %1691 = extractelement <16 x float> %1690, i64 0
  %1692 = extractelement <16 x float> %1690, i64 1
  %1693 = extractelement <16 x float> %1690, i64 2
  %1694 = extractelement <16 x float> %1690, i64 3
  %1695 = extractelement <16 x float> %1690, i64 4
  %1696 = extractelement <16 x float> %1690, i64 5
  %1697 = extractelement <16 x float> %1690, i64 6
  %1698 = extractelement <16 x float> %1690, i64 7
  %1699 = extractelement <16 x float> %1690, i64 8
  %1700 = extractelement <16 x float> %1690, i64 9
  %1701 = extractelement <16 x float> %1690, i64 10
  %1702 = extractelement <16 x float> %1690, i64 11
  %1703 = extractelement <16 x float> %1690, i64 12
  %1704 = extractelement <16 x float> %1690, i64 13
  %1705 = extractelement <16 x float> %1690, i64 14
  %1706 = extractelement <16 x float> %1690, i64 15
  br label %._crit_edge._crit_edge

._crit_edge._crit_edge:                           ; preds = %._crit_edge, %1607
  %1707 = phi float [ %1706, %1607 ], [ %1606, %._crit_edge ]
  %1708 = phi float [ %1705, %1607 ], [ %1605, %._crit_edge ]
  %1709 = phi float [ %1704, %1607 ], [ %1604, %._crit_edge ]
  %1710 = phi float [ %1703, %1607 ], [ %1603, %._crit_edge ]
  %1711 = phi float [ %1702, %1607 ], [ %1602, %._crit_edge ]
  %1712 = phi float [ %1701, %1607 ], [ %1601, %._crit_edge ]
  %1713 = phi float [ %1700, %1607 ], [ %1600, %._crit_edge ]
  %1714 = phi float [ %1699, %1607 ], [ %1599, %._crit_edge ]
  %1715 = phi float [ %1698, %1607 ], [ %1598, %._crit_edge ]
  %1716 = phi float [ %1697, %1607 ], [ %1597, %._crit_edge ]
  %1717 = phi float [ %1696, %1607 ], [ %1596, %._crit_edge ]
  %1718 = phi float [ %1695, %1607 ], [ %1595, %._crit_edge ]
  %1719 = phi float [ %1694, %1607 ], [ %1594, %._crit_edge ]
  %1720 = phi float [ %1693, %1607 ], [ %1593, %._crit_edge ]
  %1721 = phi float [ %1692, %1607 ], [ %1592, %._crit_edge ]
  %1722 = phi float [ %1691, %1607 ], [ %1591, %._crit_edge ]
  %1723 = lshr exact i32 %108, 2
  %1724 = lshr exact i32 %107, 1
  %1725 = or disjoint i32 %1723, %1724
  %1726 = or disjoint i32 %1725, 23
  %1727 = or disjoint i32 %58, %1726
  %1728 = icmp slt i32 %1727, %6
  %1729 = or disjoint i32 %1725, 22
  %1730 = or disjoint i32 %58, %1729
  %1731 = icmp slt i32 %1730, %6
  %1732 = or disjoint i32 %1725, 21
  %1733 = or disjoint i32 %58, %1732
  %1734 = icmp slt i32 %1733, %6
  %1735 = or disjoint i32 %1725, 20
  %1736 = or disjoint i32 %58, %1735
  %1737 = icmp slt i32 %1736, %6
  %1738 = or disjoint i32 %1725, 19
  %1739 = or disjoint i32 %58, %1738
  %1740 = icmp slt i32 %1739, %6
  %1741 = or disjoint i32 %1725, 18
  %1742 = or disjoint i32 %58, %1741
  %1743 = icmp slt i32 %1742, %6
  %1744 = or disjoint i32 %1725, 17
  %1745 = or disjoint i32 %58, %1744
  %1746 = icmp slt i32 %1745, %6
  %1747 = or disjoint i32 %1725, 16
  %1748 = or disjoint i32 %58, %1747
  %1749 = icmp slt i32 %1748, %6
  %1750 = or disjoint i32 %1725, 7
  %1751 = or disjoint i32 %58, %1750
  %1752 = icmp slt i32 %1751, %6
  %1753 = or disjoint i32 %1725, 6
  %1754 = or disjoint i32 %58, %1753
  %1755 = icmp slt i32 %1754, %6
  %1756 = or disjoint i32 %1725, 5
  %1757 = or disjoint i32 %58, %1756
  %1758 = icmp slt i32 %1757, %6
  %1759 = or disjoint i32 %1725, 4
  %1760 = or disjoint i32 %58, %1759
  %1761 = icmp slt i32 %1760, %6
  %1762 = or disjoint i32 %1725, 3
  %1763 = or disjoint i32 %58, %1762
  %1764 = icmp slt i32 %1763, %6
  %1765 = or disjoint i32 %1725, 2
  %1766 = or disjoint i32 %58, %1765
  %1767 = icmp slt i32 %1766, %6
  %1768 = or disjoint i32 %1725, 1
  %1769 = or disjoint i32 %58, %1768
  %1770 = icmp slt i32 %1769, %6
  %1771 = or disjoint i32 %58, %1725
  %1772 = icmp slt i32 %1771, %6
  %1773 = or disjoint i32 %19, %22
  %1774 = icmp slt i32 %1773, %5
  %1775 = mul i32 %19, %6
  %1776 = mul i32 %6, %22
  %1777 = add i32 %1775, %58
  %1778 = add i32 %1777, %1776
  %1779 = add i32 %1778, %1725
  %1780 = add i32 %1778, %1768
  %1781 = add i32 %1778, %1765
  %1782 = add i32 %1778, %1762
  %1783 = add i32 %1778, %1759
  %1784 = add i32 %1778, %1756
  %1785 = add i32 %1778, %1753
  %1786 = add i32 %1778, %1750
  %1787 = add i32 %1778, %1747
  %1788 = add i32 %1778, %1744
  %1789 = add i32 %1778, %1741
  %1790 = add i32 %1778, %1738
  %1791 = add i32 %1778, %1735
  %1792 = add i32 %1778, %1732
  %1793 = add i32 %1778, %1729
  %1794 = add i32 %1778, %1726
  %1795 = and i1 %1774, %1772
  %1796 = and i1 %1774, %1770
  %1797 = and i1 %1774, %1767
  %1798 = and i1 %1774, %1764
  %1799 = and i1 %1774, %1761
  %1800 = and i1 %1774, %1758
  %1801 = and i1 %1774, %1755
  %1802 = and i1 %1774, %1752
  %1803 = and i1 %1774, %1749
  %1804 = and i1 %1774, %1746
  %1805 = and i1 %1774, %1743
  %1806 = and i1 %1774, %1740
  %1807 = and i1 %1774, %1737
  %1808 = and i1 %1774, %1734
  %1809 = and i1 %1774, %1731
  %1810 = and i1 %1774, %1728
  %1811 = insertelement <2 x float> poison, float %1722, i64 0
  %1812 = insertelement <2 x float> %1811, float %1721, i64 1
  %1813 = fptrunc <2 x float> %1812 to <2 x bfloat>
  %1814 = insertelement <2 x float> poison, float %1720, i64 0
  %1815 = insertelement <2 x float> %1814, float %1719, i64 1
  %1816 = fptrunc <2 x float> %1815 to <2 x bfloat>
  %1817 = insertelement <2 x float> poison, float %1718, i64 0
  %1818 = insertelement <2 x float> %1817, float %1717, i64 1
  %1819 = fptrunc <2 x float> %1818 to <2 x bfloat>
  %1820 = insertelement <2 x float> poison, float %1716, i64 0
  %1821 = insertelement <2 x float> %1820, float %1715, i64 1
  %1822 = fptrunc <2 x float> %1821 to <2 x bfloat>
  %1823 = insertelement <2 x float> poison, float %1714, i64 0
  %1824 = insertelement <2 x float> %1823, float %1713, i64 1
  %1825 = fptrunc <2 x float> %1824 to <2 x bfloat>
  %1826 = insertelement <2 x float> poison, float %1712, i64 0
  %1827 = insertelement <2 x float> %1826, float %1711, i64 1
  %1828 = fptrunc <2 x float> %1827 to <2 x bfloat>
  %1829 = insertelement <2 x float> poison, float %1710, i64 0
  %1830 = insertelement <2 x float> %1829, float %1709, i64 1
  %1831 = fptrunc <2 x float> %1830 to <2 x bfloat>
  %1832 = insertelement <2 x float> poison, float %1708, i64 0
  %1833 = insertelement <2 x float> %1832, float %1707, i64 1
  %1834 = fptrunc <2 x float> %1833 to <2 x bfloat>
  %1835 = bitcast <2 x bfloat> %1813 to i32
  %1836 = bitcast <2 x bfloat> %1816 to i32
  %1837 = bitcast <2 x bfloat> %1819 to i32
  %1838 = bitcast <2 x bfloat> %1822 to i32
  %1839 = bitcast <2 x bfloat> %1825 to i32
  %1840 = bitcast <2 x bfloat> %1828 to i32
  %1841 = bitcast <2 x bfloat> %1831 to i32
  %1842 = bitcast <2 x bfloat> %1834 to i32
  %1843 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1835, i32 %1837, i1 false, i1 false)
  %1844 = extractvalue { i32, i32 } %1843, 0
  %1845 = extractvalue { i32, i32 } %1843, 1
  %1846 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1836, i32 %1838, i1 false, i1 false)
  %1847 = extractvalue { i32, i32 } %1846, 0
  %1848 = extractvalue { i32, i32 } %1846, 1
  %1849 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1839, i32 %1841, i1 false, i1 false)
  %1850 = extractvalue { i32, i32 } %1849, 0
  %1851 = extractvalue { i32, i32 } %1849, 1
  %1852 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1840, i32 %1842, i1 false, i1 false)
  %1853 = extractvalue { i32, i32 } %1852, 0
  %1854 = extractvalue { i32, i32 } %1852, 1
  %extelt.offset = lshr i32 %1844, 16
  %1855 = trunc nuw i32 %extelt.offset to i16
  %extelt.offset3 = lshr i32 %1847, 16
  %1856 = trunc nuw i32 %extelt.offset3 to i16
  %extelt.offset5 = lshr i32 %1845, 16
  %1857 = trunc nuw i32 %extelt.offset5 to i16
  %extelt.offset7 = lshr i32 %1848, 16
  %1858 = trunc nuw i32 %extelt.offset7 to i16
  %extelt.offset9 = lshr i32 %1850, 16
  %1859 = trunc nuw i32 %extelt.offset9 to i16
  %extelt.offset11 = lshr i32 %1853, 16
  %1860 = trunc nuw i32 %extelt.offset11 to i16
  %extelt.offset13 = lshr i32 %1851, 16
  %1861 = trunc nuw i32 %extelt.offset13 to i16
  %extelt.offset15 = lshr i32 %1854, 16
  %1862 = trunc nuw i32 %extelt.offset15 to i16
  %1863 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %4, i16 0, i64 2147483646, i32 159744)
  %.extract = trunc i32 %1844 to i16
  %1864 = shl i32 %1779, 1
  %1865 = select i1 %1795, i32 %1864, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract, ptr addrspace(8) %1863, i32 %1865, i32 0, i32 0)
  %1866 = shl i32 %1780, 1
  %1867 = select i1 %1796, i32 %1866, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1855, ptr addrspace(8) %1863, i32 %1867, i32 0, i32 0)
  %.extract2 = trunc i32 %1847 to i16
  %1868 = shl i32 %1781, 1
  %1869 = select i1 %1797, i32 %1868, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract2, ptr addrspace(8) %1863, i32 %1869, i32 0, i32 0)
  %1870 = shl i32 %1782, 1
  %1871 = select i1 %1798, i32 %1870, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1856, ptr addrspace(8) %1863, i32 %1871, i32 0, i32 0)
  %.extract4 = trunc i32 %1845 to i16
  %1872 = shl i32 %1783, 1
  %1873 = select i1 %1799, i32 %1872, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract4, ptr addrspace(8) %1863, i32 %1873, i32 0, i32 0)
  %1874 = shl i32 %1784, 1
  %1875 = select i1 %1800, i32 %1874, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1857, ptr addrspace(8) %1863, i32 %1875, i32 0, i32 0)
  %.extract6 = trunc i32 %1848 to i16
  %1876 = shl i32 %1785, 1
  %1877 = select i1 %1801, i32 %1876, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract6, ptr addrspace(8) %1863, i32 %1877, i32 0, i32 0)
  %1878 = shl i32 %1786, 1
  %1879 = select i1 %1802, i32 %1878, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1858, ptr addrspace(8) %1863, i32 %1879, i32 0, i32 0)
  %.extract8 = trunc i32 %1850 to i16
  %1880 = shl i32 %1787, 1
  %1881 = select i1 %1803, i32 %1880, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract8, ptr addrspace(8) %1863, i32 %1881, i32 0, i32 0)
  %1882 = shl i32 %1788, 1
  %1883 = select i1 %1804, i32 %1882, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1859, ptr addrspace(8) %1863, i32 %1883, i32 0, i32 0)
  %.extract10 = trunc i32 %1853 to i16
  %1884 = shl i32 %1789, 1
  %1885 = select i1 %1805, i32 %1884, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract10, ptr addrspace(8) %1863, i32 %1885, i32 0, i32 0)
  %1886 = shl i32 %1790, 1
  %1887 = select i1 %1806, i32 %1886, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1860, ptr addrspace(8) %1863, i32 %1887, i32 0, i32 0)
  %.extract12 = trunc i32 %1851 to i16
  %1888 = shl i32 %1791, 1
  %1889 = select i1 %1807, i32 %1888, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract12, ptr addrspace(8) %1863, i32 %1889, i32 0, i32 0)
  %1890 = shl i32 %1792, 1
  %1891 = select i1 %1808, i32 %1890, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1861, ptr addrspace(8) %1863, i32 %1891, i32 0, i32 0)
  %.extract14 = trunc i32 %1854 to i16
  %1892 = shl i32 %1793, 1
  %1893 = select i1 %1809, i32 %1892, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract14, ptr addrspace(8) %1863, i32 %1893, i32 0, i32 0)
  %1894 = shl i32 %1794, 1
  %1895 = select i1 %1810, i32 %1894, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1862, ptr addrspace(8) %1863, i32 %1895, i32 0, i32 0)
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) readnone, i16, i64, i32) #1

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
declare void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #7

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
