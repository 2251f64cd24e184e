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
  %19 = shl i32 %14, 7
  %20 = tail call i32 @llvm.amdgcn.workitem.id.x()
  %21 = and i32 %20, 511
  %22 = and i32 %20, 127
  %23 = and i32 %20, 31
  %24 = and i32 %20, 256
  %25 = icmp eq i32 %24, 0
  %26 = lshr i32 %20, 7
  %27 = and i32 %26, 3
  %28 = or i32 %26, 4
  %29 = or disjoint i32 %27, 8
  %30 = or i32 %26, 12
  %31 = or disjoint i32 %27, 16
  %32 = or i32 %26, 20
  %33 = or disjoint i32 %27, 24
  %34 = or i32 %26, 28
  %35 = or disjoint i32 %27, 32
  %36 = or i32 %26, 36
  %37 = or disjoint i32 %27, 40
  %38 = or i32 %26, 44
  %39 = or disjoint i32 %27, 48
  %40 = or i32 %26, 52
  %41 = or disjoint i32 %27, 56
  %42 = or i32 %26, 60
  %43 = or disjoint i32 %27, 64
  %44 = or i32 %26, 68
  %45 = or disjoint i32 %27, 72
  %46 = or i32 %26, 76
  %47 = or disjoint i32 %27, 80
  %48 = or i32 %26, 84
  %49 = or disjoint i32 %27, 88
  %50 = or i32 %26, 92
  %51 = or disjoint i32 %27, 96
  %52 = or i32 %26, 100
  %53 = or disjoint i32 %27, 104
  %54 = or i32 %26, 108
  %55 = or disjoint i32 %27, 112
  %56 = or i32 %26, 116
  %57 = or disjoint i32 %27, 120
  %58 = or i32 %26, 124
  %59 = lshr i32 %20, 3
  %60 = and i32 %59, 63
  %61 = or i32 %59, 64
  %62 = and i32 %20, 192
  %63 = and i32 %20, 32
  %64 = or disjoint i32 %19, %27
  %65 = or disjoint i32 %19, %28
  %66 = or disjoint i32 %19, %29
  %67 = or disjoint i32 %19, %30
  %68 = or disjoint i32 %19, %31
  %69 = or disjoint i32 %19, %32
  %70 = or disjoint i32 %19, %33
  %71 = or disjoint i32 %19, %34
  %72 = or disjoint i32 %19, %35
  %73 = or disjoint i32 %19, %36
  %74 = or disjoint i32 %19, %37
  %75 = or disjoint i32 %19, %38
  %76 = or disjoint i32 %19, %39
  %77 = or disjoint i32 %19, %40
  %78 = or disjoint i32 %19, %41
  %79 = or disjoint i32 %19, %42
  %80 = or disjoint i32 %19, %43
  %81 = or disjoint i32 %19, %44
  %82 = or disjoint i32 %19, %45
  %83 = or disjoint i32 %19, %46
  %84 = or disjoint i32 %19, %47
  %85 = or disjoint i32 %19, %48
  %86 = or disjoint i32 %19, %49
  %87 = or disjoint i32 %19, %50
  %88 = or disjoint i32 %19, %51
  %89 = or disjoint i32 %19, %52
  %90 = or disjoint i32 %19, %53
  %91 = or disjoint i32 %19, %54
  %92 = or disjoint i32 %19, %55
  %93 = or disjoint i32 %19, %56
  %94 = or disjoint i32 %19, %57
  %95 = or disjoint i32 %19, %58
  %96 = or disjoint i32 %19, %60
  %97 = or disjoint i32 %19, %61
  %98 = shl nsw i32 %.decomposed, 7
  %99 = or disjoint i32 %98, %27
  %100 = or disjoint i32 %98, %28
  %101 = or disjoint i32 %98, %29
  %102 = or disjoint i32 %98, %30
  %103 = or disjoint i32 %98, %31
  %104 = or disjoint i32 %98, %32
  %105 = or disjoint i32 %98, %33
  %106 = or disjoint i32 %98, %34
  %107 = or disjoint i32 %98, %35
  %108 = or disjoint i32 %98, %36
  %109 = or disjoint i32 %98, %37
  %110 = or disjoint i32 %98, %38
  %111 = or disjoint i32 %98, %39
  %112 = or disjoint i32 %98, %40
  %113 = or disjoint i32 %98, %41
  %114 = or disjoint i32 %98, %42
  %115 = or disjoint i32 %98, %43
  %116 = or disjoint i32 %98, %44
  %117 = or disjoint i32 %98, %45
  %118 = or disjoint i32 %98, %46
  %119 = or disjoint i32 %98, %47
  %120 = or disjoint i32 %98, %48
  %121 = or disjoint i32 %98, %49
  %122 = or disjoint i32 %98, %50
  %123 = or disjoint i32 %98, %51
  %124 = or disjoint i32 %98, %52
  %125 = or disjoint i32 %98, %53
  %126 = or disjoint i32 %98, %54
  %127 = or disjoint i32 %98, %55
  %128 = or disjoint i32 %98, %56
  %129 = or disjoint i32 %98, %57
  %130 = or disjoint i32 %98, %58
  %131 = or disjoint i32 %98, %60
  %132 = or disjoint i32 %98, %61
  %133 = icmp slt i32 %64, %5
  %134 = icmp slt i32 %65, %5
  %135 = icmp slt i32 %66, %5
  %136 = icmp slt i32 %67, %5
  %137 = icmp slt i32 %68, %5
  %138 = icmp slt i32 %69, %5
  %139 = icmp slt i32 %70, %5
  %140 = icmp slt i32 %71, %5
  %141 = icmp slt i32 %72, %5
  %142 = icmp slt i32 %73, %5
  %143 = icmp slt i32 %74, %5
  %144 = icmp slt i32 %75, %5
  %145 = icmp slt i32 %76, %5
  %146 = icmp slt i32 %77, %5
  %147 = icmp slt i32 %78, %5
  %148 = icmp slt i32 %79, %5
  %149 = icmp slt i32 %80, %5
  %150 = icmp slt i32 %81, %5
  %151 = icmp slt i32 %82, %5
  %152 = icmp slt i32 %83, %5
  %153 = icmp slt i32 %84, %5
  %154 = icmp slt i32 %85, %5
  %155 = icmp slt i32 %86, %5
  %156 = icmp slt i32 %87, %5
  %157 = icmp slt i32 %88, %5
  %158 = icmp slt i32 %89, %5
  %159 = icmp slt i32 %90, %5
  %160 = icmp slt i32 %91, %5
  %161 = icmp slt i32 %92, %5
  %162 = icmp slt i32 %93, %5
  %163 = icmp slt i32 %94, %5
  %164 = icmp slt i32 %95, %5
  %165 = icmp slt i32 %96, %5
  %166 = icmp slt i32 %97, %5
  %167 = icmp slt i32 %99, %6
  %168 = icmp slt i32 %100, %6
  %169 = icmp slt i32 %101, %6
  %170 = icmp slt i32 %102, %6
  %171 = icmp slt i32 %103, %6
  %172 = icmp slt i32 %104, %6
  %173 = icmp slt i32 %105, %6
  %174 = icmp slt i32 %106, %6
  %175 = icmp slt i32 %107, %6
  %176 = icmp slt i32 %108, %6
  %177 = icmp slt i32 %109, %6
  %178 = icmp slt i32 %110, %6
  %179 = icmp slt i32 %111, %6
  %180 = icmp slt i32 %112, %6
  %181 = icmp slt i32 %113, %6
  %182 = icmp slt i32 %114, %6
  %183 = icmp slt i32 %115, %6
  %184 = icmp slt i32 %116, %6
  %185 = icmp slt i32 %117, %6
  %186 = icmp slt i32 %118, %6
  %187 = icmp slt i32 %119, %6
  %188 = icmp slt i32 %120, %6
  %189 = icmp slt i32 %121, %6
  %190 = icmp slt i32 %122, %6
  %191 = icmp slt i32 %123, %6
  %192 = icmp slt i32 %124, %6
  %193 = icmp slt i32 %125, %6
  %194 = icmp slt i32 %126, %6
  %195 = icmp slt i32 %127, %6
  %196 = icmp slt i32 %128, %6
  %197 = icmp slt i32 %129, %6
  %198 = icmp slt i32 %130, %6
  %199 = icmp slt i32 %131, %6
  %200 = icmp slt i32 %132, %6
  %201 = and i32 %20, 7
  %202 = add i32 %7, 255
  %203 = mul i32 %19, %16
  %204 = mul i32 %19, %18
  %205 = mul i32 %98, %16
  %206 = mul i32 %98, %18
  %207 = icmp sgt i32 %202, 255
  %208 = mul i32 %16, %27
  %209 = mul i32 %16, %28
  %210 = mul i32 %16, %29
  %211 = mul i32 %16, %30
  %212 = mul i32 %16, %31
  %213 = mul i32 %16, %32
  %214 = mul i32 %16, %33
  %215 = mul i32 %16, %34
  %216 = mul i32 %16, %35
  %217 = mul i32 %16, %36
  %218 = mul i32 %16, %37
  %219 = mul i32 %16, %38
  %220 = mul i32 %16, %39
  %221 = mul i32 %16, %40
  %222 = mul i32 %16, %41
  %223 = mul i32 %16, %42
  %224 = mul i32 %16, %43
  %225 = mul i32 %16, %44
  %226 = mul i32 %16, %45
  %227 = mul i32 %16, %46
  %228 = mul i32 %16, %47
  %229 = mul i32 %16, %48
  %230 = mul i32 %16, %49
  %231 = mul i32 %16, %50
  %232 = mul i32 %16, %51
  %233 = mul i32 %16, %52
  %234 = mul i32 %16, %53
  %235 = mul i32 %16, %54
  %236 = mul i32 %16, %55
  %237 = mul i32 %16, %56
  %238 = mul i32 %16, %57
  %239 = mul i32 %16, %58
  %240 = add i32 %208, %22
  %241 = add i32 %209, %22
  %242 = add i32 %210, %22
  %243 = add i32 %211, %22
  %244 = add i32 %212, %22
  %245 = add i32 %213, %22
  %246 = add i32 %214, %22
  %247 = add i32 %215, %22
  %248 = add i32 %216, %22
  %249 = add i32 %217, %22
  %250 = add i32 %218, %22
  %251 = add i32 %219, %22
  %252 = add i32 %220, %22
  %253 = add i32 %221, %22
  %254 = add i32 %222, %22
  %255 = add i32 %223, %22
  %256 = add i32 %224, %22
  %257 = add i32 %225, %22
  %258 = add i32 %226, %22
  %259 = add i32 %227, %22
  %260 = add i32 %228, %22
  %261 = add i32 %229, %22
  %262 = add i32 %230, %22
  %263 = add i32 %231, %22
  %264 = add i32 %232, %22
  %265 = add i32 %233, %22
  %266 = add i32 %234, %22
  %267 = add i32 %235, %22
  %268 = add i32 %236, %22
  %269 = add i32 %237, %22
  %270 = add i32 %238, %22
  %271 = add i32 %239, %22
  %272 = add i32 %203, %240
  %273 = add i32 %203, %241
  %274 = add i32 %203, %242
  %275 = add i32 %203, %243
  %276 = add i32 %203, %244
  %277 = add i32 %203, %245
  %278 = add i32 %203, %246
  %279 = add i32 %203, %247
  %280 = add i32 %203, %248
  %281 = add i32 %203, %249
  %282 = add i32 %203, %250
  %283 = add i32 %203, %251
  %284 = add i32 %203, %252
  %285 = add i32 %203, %253
  %286 = add i32 %203, %254
  %287 = add i32 %203, %255
  %288 = add i32 %203, %256
  %289 = add i32 %203, %257
  %290 = add i32 %203, %258
  %291 = add i32 %203, %259
  %292 = add i32 %203, %260
  %293 = add i32 %203, %261
  %294 = add i32 %203, %262
  %295 = add i32 %203, %263
  %296 = add i32 %203, %264
  %297 = add i32 %203, %265
  %298 = add i32 %203, %266
  %299 = add i32 %203, %267
  %300 = add i32 %203, %268
  %301 = add i32 %203, %269
  %302 = add i32 %203, %270
  %303 = add i32 %203, %271
  %304 = icmp slt i32 %22, %16
  %305 = and i1 %304, %133
  %306 = and i1 %304, %134
  %307 = and i1 %304, %135
  %308 = and i1 %304, %136
  %309 = and i1 %304, %137
  %310 = and i1 %304, %138
  %311 = and i1 %304, %139
  %312 = and i1 %304, %140
  %313 = and i1 %304, %141
  %314 = and i1 %304, %142
  %315 = and i1 %304, %143
  %316 = and i1 %304, %144
  %317 = and i1 %304, %145
  %318 = and i1 %304, %146
  %319 = and i1 %304, %147
  %320 = and i1 %304, %148
  %321 = and i1 %304, %149
  %322 = and i1 %304, %150
  %323 = and i1 %304, %151
  %324 = and i1 %304, %152
  %325 = and i1 %304, %153
  %326 = and i1 %304, %154
  %327 = and i1 %304, %155
  %328 = and i1 %304, %156
  %329 = and i1 %304, %157
  %330 = and i1 %304, %158
  %331 = and i1 %304, %159
  %332 = and i1 %304, %160
  %333 = and i1 %304, %161
  %334 = and i1 %304, %162
  %335 = and i1 %304, %163
  %336 = and i1 %304, %164
  %337 = and i1 %207, %305
  %338 = and i1 %207, %306
  %339 = and i1 %207, %307
  %340 = and i1 %207, %308
  %341 = and i1 %207, %309
  %342 = and i1 %207, %310
  %343 = and i1 %207, %311
  %344 = and i1 %207, %312
  %345 = and i1 %207, %313
  %346 = and i1 %207, %314
  %347 = and i1 %207, %315
  %348 = and i1 %207, %316
  %349 = and i1 %207, %317
  %350 = and i1 %207, %318
  %351 = and i1 %207, %319
  %352 = and i1 %207, %320
  %353 = and i1 %207, %321
  %354 = and i1 %207, %322
  %355 = and i1 %207, %323
  %356 = and i1 %207, %324
  %357 = and i1 %207, %325
  %358 = and i1 %207, %326
  %359 = and i1 %207, %327
  %360 = and i1 %207, %328
  %361 = and i1 %207, %329
  %362 = and i1 %207, %330
  %363 = and i1 %207, %331
  %364 = and i1 %207, %332
  %365 = and i1 %207, %333
  %366 = and i1 %207, %334
  %367 = and i1 %207, %335
  %368 = and i1 %207, %336
  %369 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %0, i16 0, i64 2147483646, i32 159744)
  %370 = select i1 %337, i32 %272, i32 -2147483648
  %371 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %370, i32 0, i32 0)
  %372 = select i1 %338, i32 %273, i32 -2147483648
  %373 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %372, i32 0, i32 0)
  %374 = select i1 %339, i32 %274, i32 -2147483648
  %375 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %374, i32 0, i32 0)
  %376 = select i1 %340, i32 %275, i32 -2147483648
  %377 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %376, i32 0, i32 0)
  %378 = select i1 %341, i32 %276, i32 -2147483648
  %379 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %378, i32 0, i32 0)
  %380 = select i1 %342, i32 %277, i32 -2147483648
  %381 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %380, i32 0, i32 0)
  %382 = select i1 %343, i32 %278, i32 -2147483648
  %383 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %382, i32 0, i32 0)
  %384 = select i1 %344, i32 %279, i32 -2147483648
  %385 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %384, i32 0, i32 0)
  %386 = select i1 %345, i32 %280, i32 -2147483648
  %387 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %386, i32 0, i32 0)
  %388 = select i1 %346, i32 %281, i32 -2147483648
  %389 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %388, i32 0, i32 0)
  %390 = select i1 %347, i32 %282, i32 -2147483648
  %391 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %390, i32 0, i32 0)
  %392 = select i1 %348, i32 %283, i32 -2147483648
  %393 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %392, i32 0, i32 0)
  %394 = select i1 %349, i32 %284, i32 -2147483648
  %395 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %394, i32 0, i32 0)
  %396 = select i1 %350, i32 %285, i32 -2147483648
  %397 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %396, i32 0, i32 0)
  %398 = select i1 %351, i32 %286, i32 -2147483648
  %399 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %398, i32 0, i32 0)
  %400 = select i1 %352, i32 %287, i32 -2147483648
  %401 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %400, i32 0, i32 0)
  %402 = select i1 %353, i32 %288, i32 -2147483648
  %403 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %402, i32 0, i32 0)
  %404 = select i1 %354, i32 %289, i32 -2147483648
  %405 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %404, i32 0, i32 0)
  %406 = select i1 %355, i32 %290, i32 -2147483648
  %407 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %406, i32 0, i32 0)
  %408 = select i1 %356, i32 %291, i32 -2147483648
  %409 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %408, i32 0, i32 0)
  %410 = select i1 %357, i32 %292, i32 -2147483648
  %411 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %410, i32 0, i32 0)
  %412 = select i1 %358, i32 %293, i32 -2147483648
  %413 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %412, i32 0, i32 0)
  %414 = select i1 %359, i32 %294, i32 -2147483648
  %415 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %414, i32 0, i32 0)
  %416 = select i1 %360, i32 %295, i32 -2147483648
  %417 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %416, i32 0, i32 0)
  %418 = select i1 %361, i32 %296, i32 -2147483648
  %419 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %418, i32 0, i32 0)
  %420 = select i1 %362, i32 %297, i32 -2147483648
  %421 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %420, i32 0, i32 0)
  %422 = select i1 %363, i32 %298, i32 -2147483648
  %423 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %422, i32 0, i32 0)
  %424 = select i1 %364, i32 %299, i32 -2147483648
  %425 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %424, i32 0, i32 0)
  %426 = select i1 %365, i32 %300, i32 -2147483648
  %427 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %426, i32 0, i32 0)
  %428 = select i1 %366, i32 %301, i32 -2147483648
  %429 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %428, i32 0, i32 0)
  %430 = select i1 %367, i32 %302, i32 -2147483648
  %431 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %430, i32 0, i32 0)
  %432 = select i1 %368, i32 %303, i32 -2147483648
  %433 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %432, i32 0, i32 0)
  %434 = mul i32 %18, %60
  %435 = mul i32 %18, %61
  %436 = add i32 %434, %201
  %437 = add i32 %435, %201
  %438 = add i32 %204, %436
  %439 = add i32 %204, %437
  %440 = icmp slt i32 %201, %18
  %441 = and i1 %440, %165
  %442 = and i1 %440, %166
  %443 = and i1 %207, %441
  %444 = and i1 %207, %442
  %445 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %1, i16 0, i64 2147483646, i32 159744)
  %446 = select i1 %443, i32 %438, i32 -2147483648
  %447 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %445, i32 %446, i32 0, i32 0)
  %448 = select i1 %443, i8 %447, i8 127
  %449 = select i1 %444, i32 %439, i32 -2147483648
  %450 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %445, i32 %449, i32 0, i32 0)
  %451 = select i1 %444, i8 %450, i8 127
  %452 = add i32 %205, %240
  %453 = add i32 %205, %241
  %454 = add i32 %205, %242
  %455 = add i32 %205, %243
  %456 = add i32 %205, %244
  %457 = add i32 %205, %245
  %458 = add i32 %205, %246
  %459 = add i32 %205, %247
  %460 = add i32 %205, %248
  %461 = add i32 %205, %249
  %462 = add i32 %205, %250
  %463 = add i32 %205, %251
  %464 = add i32 %205, %252
  %465 = add i32 %205, %253
  %466 = add i32 %205, %254
  %467 = add i32 %205, %255
  %468 = add i32 %205, %256
  %469 = add i32 %205, %257
  %470 = add i32 %205, %258
  %471 = add i32 %205, %259
  %472 = add i32 %205, %260
  %473 = add i32 %205, %261
  %474 = add i32 %205, %262
  %475 = add i32 %205, %263
  %476 = add i32 %205, %264
  %477 = add i32 %205, %265
  %478 = add i32 %205, %266
  %479 = add i32 %205, %267
  %480 = add i32 %205, %268
  %481 = add i32 %205, %269
  %482 = add i32 %205, %270
  %483 = add i32 %205, %271
  %484 = and i1 %304, %167
  %485 = and i1 %304, %168
  %486 = and i1 %304, %169
  %487 = and i1 %304, %170
  %488 = and i1 %304, %171
  %489 = and i1 %304, %172
  %490 = and i1 %304, %173
  %491 = and i1 %304, %174
  %492 = and i1 %304, %175
  %493 = and i1 %304, %176
  %494 = and i1 %304, %177
  %495 = and i1 %304, %178
  %496 = and i1 %304, %179
  %497 = and i1 %304, %180
  %498 = and i1 %304, %181
  %499 = and i1 %304, %182
  %500 = and i1 %304, %183
  %501 = and i1 %304, %184
  %502 = and i1 %304, %185
  %503 = and i1 %304, %186
  %504 = and i1 %304, %187
  %505 = and i1 %304, %188
  %506 = and i1 %304, %189
  %507 = and i1 %304, %190
  %508 = and i1 %304, %191
  %509 = and i1 %304, %192
  %510 = and i1 %304, %193
  %511 = and i1 %304, %194
  %512 = and i1 %304, %195
  %513 = and i1 %304, %196
  %514 = and i1 %304, %197
  %515 = and i1 %304, %198
  %516 = and i1 %207, %484
  %517 = and i1 %207, %485
  %518 = and i1 %207, %486
  %519 = and i1 %207, %487
  %520 = and i1 %207, %488
  %521 = and i1 %207, %489
  %522 = and i1 %207, %490
  %523 = and i1 %207, %491
  %524 = and i1 %207, %492
  %525 = and i1 %207, %493
  %526 = and i1 %207, %494
  %527 = and i1 %207, %495
  %528 = and i1 %207, %496
  %529 = and i1 %207, %497
  %530 = and i1 %207, %498
  %531 = and i1 %207, %499
  %532 = and i1 %207, %500
  %533 = and i1 %207, %501
  %534 = and i1 %207, %502
  %535 = and i1 %207, %503
  %536 = and i1 %207, %504
  %537 = and i1 %207, %505
  %538 = and i1 %207, %506
  %539 = and i1 %207, %507
  %540 = and i1 %207, %508
  %541 = and i1 %207, %509
  %542 = and i1 %207, %510
  %543 = and i1 %207, %511
  %544 = and i1 %207, %512
  %545 = and i1 %207, %513
  %546 = and i1 %207, %514
  %547 = and i1 %207, %515
  %548 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %2, i16 0, i64 2147483646, i32 159744)
  %549 = select i1 %516, i32 %452, i32 -2147483648
  %550 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %549, i32 0, i32 0)
  %551 = select i1 %517, i32 %453, i32 -2147483648
  %552 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %551, i32 0, i32 0)
  %553 = select i1 %518, i32 %454, i32 -2147483648
  %554 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %553, i32 0, i32 0)
  %555 = select i1 %519, i32 %455, i32 -2147483648
  %556 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %555, i32 0, i32 0)
  %557 = select i1 %520, i32 %456, i32 -2147483648
  %558 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %557, i32 0, i32 0)
  %559 = select i1 %521, i32 %457, i32 -2147483648
  %560 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %559, i32 0, i32 0)
  %561 = select i1 %522, i32 %458, i32 -2147483648
  %562 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %561, i32 0, i32 0)
  %563 = select i1 %523, i32 %459, i32 -2147483648
  %564 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %563, i32 0, i32 0)
  %565 = select i1 %524, i32 %460, i32 -2147483648
  %566 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %565, i32 0, i32 0)
  %567 = select i1 %525, i32 %461, i32 -2147483648
  %568 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %567, i32 0, i32 0)
  %569 = select i1 %526, i32 %462, i32 -2147483648
  %570 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %569, i32 0, i32 0)
  %571 = select i1 %527, i32 %463, i32 -2147483648
  %572 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %571, i32 0, i32 0)
  %573 = select i1 %528, i32 %464, i32 -2147483648
  %574 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %573, i32 0, i32 0)
  %575 = select i1 %529, i32 %465, i32 -2147483648
  %576 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %575, i32 0, i32 0)
  %577 = select i1 %530, i32 %466, i32 -2147483648
  %578 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %577, i32 0, i32 0)
  %579 = select i1 %531, i32 %467, i32 -2147483648
  %580 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %579, i32 0, i32 0)
  %581 = select i1 %532, i32 %468, i32 -2147483648
  %582 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %581, i32 0, i32 0)
  %583 = select i1 %533, i32 %469, i32 -2147483648
  %584 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %583, i32 0, i32 0)
  %585 = select i1 %534, i32 %470, i32 -2147483648
  %586 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %585, i32 0, i32 0)
  %587 = select i1 %535, i32 %471, i32 -2147483648
  %588 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %587, i32 0, i32 0)
  %589 = select i1 %536, i32 %472, i32 -2147483648
  %590 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %589, i32 0, i32 0)
  %591 = select i1 %537, i32 %473, i32 -2147483648
  %592 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %591, i32 0, i32 0)
  %593 = select i1 %538, i32 %474, i32 -2147483648
  %594 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %593, i32 0, i32 0)
  %595 = select i1 %539, i32 %475, i32 -2147483648
  %596 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %595, i32 0, i32 0)
  %597 = select i1 %540, i32 %476, i32 -2147483648
  %598 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %597, i32 0, i32 0)
  %599 = select i1 %541, i32 %477, i32 -2147483648
  %600 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %599, i32 0, i32 0)
  %601 = select i1 %542, i32 %478, i32 -2147483648
  %602 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %601, i32 0, i32 0)
  %603 = select i1 %543, i32 %479, i32 -2147483648
  %604 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %603, i32 0, i32 0)
  %605 = select i1 %544, i32 %480, i32 -2147483648
  %606 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %605, i32 0, i32 0)
  %607 = select i1 %545, i32 %481, i32 -2147483648
  %608 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %607, i32 0, i32 0)
  %609 = select i1 %546, i32 %482, i32 -2147483648
  %610 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %609, i32 0, i32 0)
  %611 = select i1 %547, i32 %483, i32 -2147483648
  %612 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %611, i32 0, i32 0)
  %613 = add i32 %206, %436
  %614 = add i32 %206, %437
  %615 = and i1 %440, %199
  %616 = and i1 %440, %200
  %617 = and i1 %207, %615
  %618 = and i1 %207, %616
  %619 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %3, i16 0, i64 2147483646, i32 159744)
  %620 = select i1 %617, i32 %613, i32 -2147483648
  %621 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %619, i32 %620, i32 0, i32 0)
  %622 = select i1 %617, i8 %621, i8 127
  %623 = select i1 %618, i32 %614, i32 -2147483648
  %624 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %619, i32 %623, i32 0, i32 0)
  %625 = select i1 %618, i8 %624, i8 127
  %626 = and i32 %20, 255
  %627 = select i1 %25, i32 0, i32 272
  %628 = xor i32 %627, %626
  %629 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %628
  %630 = insertelement <1 x i8> poison, i8 %371, i64 0
  store <1 x i8> %630, ptr addrspace(3) %629, align 1
  %631 = or disjoint i32 %628, 2048
  %632 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %631
  %633 = insertelement <1 x i8> poison, i8 %379, i64 0
  store <1 x i8> %633, ptr addrspace(3) %632, align 1
  %634 = or disjoint i32 %628, 4096
  %635 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %634
  %636 = insertelement <1 x i8> poison, i8 %387, i64 0
  store <1 x i8> %636, ptr addrspace(3) %635, align 1
  %637 = or disjoint i32 %628, 6144
  %638 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %637
  %639 = insertelement <1 x i8> poison, i8 %395, i64 0
  store <1 x i8> %639, ptr addrspace(3) %638, align 1
  %640 = or disjoint i32 %628, 8192
  %641 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %640
  %642 = insertelement <1 x i8> poison, i8 %403, i64 0
  store <1 x i8> %642, ptr addrspace(3) %641, align 1
  %643 = or disjoint i32 %628, 10240
  %644 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %643
  %645 = insertelement <1 x i8> poison, i8 %411, i64 0
  store <1 x i8> %645, ptr addrspace(3) %644, align 1
  %646 = or disjoint i32 %628, 12288
  %647 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %646
  %648 = insertelement <1 x i8> poison, i8 %419, i64 0
  store <1 x i8> %648, ptr addrspace(3) %647, align 1
  %649 = or disjoint i32 %628, 14336
  %650 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %649
  %651 = insertelement <1 x i8> poison, i8 %427, i64 0
  store <1 x i8> %651, ptr addrspace(3) %650, align 1
  %652 = xor i32 %628, 544
  %653 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %652
  %654 = insertelement <1 x i8> poison, i8 %373, i64 0
  store <1 x i8> %654, ptr addrspace(3) %653, align 1
  %655 = or disjoint i32 %652, 2048
  %656 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %655
  %657 = insertelement <1 x i8> poison, i8 %381, i64 0
  store <1 x i8> %657, ptr addrspace(3) %656, align 1
  %658 = or disjoint i32 %652, 4096
  %659 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %658
  %660 = insertelement <1 x i8> poison, i8 %389, i64 0
  store <1 x i8> %660, ptr addrspace(3) %659, align 1
  %661 = or disjoint i32 %652, 6144
  %662 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %661
  %663 = insertelement <1 x i8> poison, i8 %397, i64 0
  store <1 x i8> %663, ptr addrspace(3) %662, align 1
  %664 = or disjoint i32 %652, 8192
  %665 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %664
  %666 = insertelement <1 x i8> poison, i8 %405, i64 0
  store <1 x i8> %666, ptr addrspace(3) %665, align 1
  %667 = or disjoint i32 %652, 10240
  %668 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %667
  %669 = insertelement <1 x i8> poison, i8 %413, i64 0
  store <1 x i8> %669, ptr addrspace(3) %668, align 1
  %670 = or disjoint i32 %652, 12288
  %671 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %670
  %672 = insertelement <1 x i8> poison, i8 %421, i64 0
  store <1 x i8> %672, ptr addrspace(3) %671, align 1
  %673 = or disjoint i32 %652, 14336
  %674 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %673
  %675 = insertelement <1 x i8> poison, i8 %429, i64 0
  store <1 x i8> %675, ptr addrspace(3) %674, align 1
  %676 = xor i32 %628, 1088
  %677 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %676
  %678 = insertelement <1 x i8> poison, i8 %375, i64 0
  store <1 x i8> %678, ptr addrspace(3) %677, align 1
  %679 = or disjoint i32 %676, 2048
  %680 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %679
  %681 = insertelement <1 x i8> poison, i8 %383, i64 0
  store <1 x i8> %681, ptr addrspace(3) %680, align 1
  %682 = or disjoint i32 %676, 4096
  %683 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %682
  %684 = insertelement <1 x i8> poison, i8 %391, i64 0
  store <1 x i8> %684, ptr addrspace(3) %683, align 1
  %685 = or disjoint i32 %676, 6144
  %686 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %685
  %687 = insertelement <1 x i8> poison, i8 %399, i64 0
  store <1 x i8> %687, ptr addrspace(3) %686, align 1
  %688 = or disjoint i32 %676, 8192
  %689 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %688
  %690 = insertelement <1 x i8> poison, i8 %407, i64 0
  store <1 x i8> %690, ptr addrspace(3) %689, align 1
  %691 = or disjoint i32 %676, 10240
  %692 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %691
  %693 = insertelement <1 x i8> poison, i8 %415, i64 0
  store <1 x i8> %693, ptr addrspace(3) %692, align 1
  %694 = or disjoint i32 %676, 12288
  %695 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %694
  %696 = insertelement <1 x i8> poison, i8 %423, i64 0
  store <1 x i8> %696, ptr addrspace(3) %695, align 1
  %697 = or disjoint i32 %676, 14336
  %698 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %697
  %699 = insertelement <1 x i8> poison, i8 %431, i64 0
  store <1 x i8> %699, ptr addrspace(3) %698, align 1
  %700 = xor i32 %628, 1632
  %701 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %700
  %702 = insertelement <1 x i8> poison, i8 %377, i64 0
  store <1 x i8> %702, ptr addrspace(3) %701, align 1
  %703 = or disjoint i32 %700, 2048
  %704 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %703
  %705 = insertelement <1 x i8> poison, i8 %385, i64 0
  store <1 x i8> %705, ptr addrspace(3) %704, align 1
  %706 = or disjoint i32 %700, 4096
  %707 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %706
  %708 = insertelement <1 x i8> poison, i8 %393, i64 0
  store <1 x i8> %708, ptr addrspace(3) %707, align 1
  %709 = or disjoint i32 %700, 6144
  %710 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %709
  %711 = insertelement <1 x i8> poison, i8 %401, i64 0
  store <1 x i8> %711, ptr addrspace(3) %710, align 1
  %712 = or disjoint i32 %700, 8192
  %713 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %712
  %714 = insertelement <1 x i8> poison, i8 %409, i64 0
  store <1 x i8> %714, ptr addrspace(3) %713, align 1
  %715 = or disjoint i32 %700, 10240
  %716 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %715
  %717 = insertelement <1 x i8> poison, i8 %417, i64 0
  store <1 x i8> %717, ptr addrspace(3) %716, align 1
  %718 = or disjoint i32 %700, 12288
  %719 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %718
  %720 = insertelement <1 x i8> poison, i8 %425, i64 0
  store <1 x i8> %720, ptr addrspace(3) %719, align 1
  %721 = or disjoint i32 %700, 14336
  %722 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %721
  %723 = insertelement <1 x i8> poison, i8 %433, i64 0
  store <1 x i8> %723, ptr addrspace(3) %722, align 1
  %724 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 32768), i32 %21
  %725 = insertelement <1 x i8> poison, i8 %448, i64 0
  store <1 x i8> %725, ptr addrspace(3) %724, align 1
  %726 = or i32 %20, 512
  %727 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 32768), i32 %726
  %728 = insertelement <1 x i8> poison, i8 %451, i64 0
  store <1 x i8> %728, ptr addrspace(3) %727, align 1
  %729 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %628
  %730 = insertelement <1 x i8> poison, i8 %550, i64 0
  store <1 x i8> %730, ptr addrspace(3) %729, align 1
  %731 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %631
  %732 = insertelement <1 x i8> poison, i8 %558, i64 0
  store <1 x i8> %732, ptr addrspace(3) %731, align 1
  %733 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %634
  %734 = insertelement <1 x i8> poison, i8 %566, i64 0
  store <1 x i8> %734, ptr addrspace(3) %733, align 1
  %735 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %637
  %736 = insertelement <1 x i8> poison, i8 %574, i64 0
  store <1 x i8> %736, ptr addrspace(3) %735, align 1
  %737 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %640
  %738 = insertelement <1 x i8> poison, i8 %582, i64 0
  store <1 x i8> %738, ptr addrspace(3) %737, align 1
  %739 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %643
  %740 = insertelement <1 x i8> poison, i8 %590, i64 0
  store <1 x i8> %740, ptr addrspace(3) %739, align 1
  %741 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %646
  %742 = insertelement <1 x i8> poison, i8 %598, i64 0
  store <1 x i8> %742, ptr addrspace(3) %741, align 1
  %743 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %649
  %744 = insertelement <1 x i8> poison, i8 %606, i64 0
  store <1 x i8> %744, ptr addrspace(3) %743, align 1
  %745 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %652
  %746 = insertelement <1 x i8> poison, i8 %552, i64 0
  store <1 x i8> %746, ptr addrspace(3) %745, align 1
  %747 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %655
  %748 = insertelement <1 x i8> poison, i8 %560, i64 0
  store <1 x i8> %748, ptr addrspace(3) %747, align 1
  %749 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %658
  %750 = insertelement <1 x i8> poison, i8 %568, i64 0
  store <1 x i8> %750, ptr addrspace(3) %749, align 1
  %751 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %661
  %752 = insertelement <1 x i8> poison, i8 %576, i64 0
  store <1 x i8> %752, ptr addrspace(3) %751, align 1
  %753 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %664
  %754 = insertelement <1 x i8> poison, i8 %584, i64 0
  store <1 x i8> %754, ptr addrspace(3) %753, align 1
  %755 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %667
  %756 = insertelement <1 x i8> poison, i8 %592, i64 0
  store <1 x i8> %756, ptr addrspace(3) %755, align 1
  %757 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %670
  %758 = insertelement <1 x i8> poison, i8 %600, i64 0
  store <1 x i8> %758, ptr addrspace(3) %757, align 1
  %759 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %673
  %760 = insertelement <1 x i8> poison, i8 %608, i64 0
  store <1 x i8> %760, ptr addrspace(3) %759, align 1
  %761 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %676
  %762 = insertelement <1 x i8> poison, i8 %554, i64 0
  store <1 x i8> %762, ptr addrspace(3) %761, align 1
  %763 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %679
  %764 = insertelement <1 x i8> poison, i8 %562, i64 0
  store <1 x i8> %764, ptr addrspace(3) %763, align 1
  %765 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %682
  %766 = insertelement <1 x i8> poison, i8 %570, i64 0
  store <1 x i8> %766, ptr addrspace(3) %765, align 1
  %767 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %685
  %768 = insertelement <1 x i8> poison, i8 %578, i64 0
  store <1 x i8> %768, ptr addrspace(3) %767, align 1
  %769 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %688
  %770 = insertelement <1 x i8> poison, i8 %586, i64 0
  store <1 x i8> %770, ptr addrspace(3) %769, align 1
  %771 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %691
  %772 = insertelement <1 x i8> poison, i8 %594, i64 0
  store <1 x i8> %772, ptr addrspace(3) %771, align 1
  %773 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %694
  %774 = insertelement <1 x i8> poison, i8 %602, i64 0
  store <1 x i8> %774, ptr addrspace(3) %773, align 1
  %775 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %697
  %776 = insertelement <1 x i8> poison, i8 %610, i64 0
  store <1 x i8> %776, ptr addrspace(3) %775, align 1
  %777 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %700
  %778 = insertelement <1 x i8> poison, i8 %556, i64 0
  store <1 x i8> %778, ptr addrspace(3) %777, align 1
  %779 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %703
  %780 = insertelement <1 x i8> poison, i8 %564, i64 0
  store <1 x i8> %780, ptr addrspace(3) %779, align 1
  %781 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %706
  %782 = insertelement <1 x i8> poison, i8 %572, i64 0
  store <1 x i8> %782, ptr addrspace(3) %781, align 1
  %783 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %709
  %784 = insertelement <1 x i8> poison, i8 %580, i64 0
  store <1 x i8> %784, ptr addrspace(3) %783, align 1
  %785 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %712
  %786 = insertelement <1 x i8> poison, i8 %588, i64 0
  store <1 x i8> %786, ptr addrspace(3) %785, align 1
  %787 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %715
  %788 = insertelement <1 x i8> poison, i8 %596, i64 0
  store <1 x i8> %788, ptr addrspace(3) %787, align 1
  %789 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %718
  %790 = insertelement <1 x i8> poison, i8 %604, i64 0
  store <1 x i8> %790, ptr addrspace(3) %789, align 1
  %791 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %721
  %792 = insertelement <1 x i8> poison, i8 %612, i64 0
  store <1 x i8> %792, ptr addrspace(3) %791, align 1
  %793 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 33792), i32 %21
  %794 = insertelement <1 x i8> poison, i8 %622, i64 0
  store <1 x i8> %794, ptr addrspace(3) %793, align 1
  %795 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 33792), i32 %726
  %796 = insertelement <1 x i8> poison, i8 %625, i64 0
  store <1 x i8> %796, ptr addrspace(3) %795, align 1
  %797 = icmp sgt i32 %202, 511
  br i1 %797, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %10
  %798 = lshr i32 %202, 8
  %799 = shl nuw nsw i32 %23, 7
  %800 = shl nuw nsw i32 %20, 3
  %801 = and i32 %800, 112
  %802 = lshr exact i32 %63, 1
  %803 = shl nuw nsw i32 %24, 4
  %804 = or disjoint i32 %799, %801
  %805 = xor i32 %804, %802
  %806 = or disjoint i32 %805, %803
  %807 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %806
  %808 = getelementptr inbounds nuw i8, ptr addrspace(3) %807, i32 8192
  %809 = xor i32 %806, 32
  %810 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %809
  %811 = getelementptr inbounds nuw i8, ptr addrspace(3) %810, i32 8192
  %812 = xor i32 %806, 64
  %813 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %812
  %814 = getelementptr inbounds nuw i8, ptr addrspace(3) %813, i32 8192
  %815 = xor i32 %806, 96
  %816 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %815
  %817 = getelementptr inbounds nuw i8, ptr addrspace(3) %816, i32 8192
  %818 = shl nuw nsw i32 %23, 3
  %.lobit31 = lshr exact i32 %63, 5
  %819 = shl nuw nsw i32 %62, 6
  %820 = xor i32 %801, %802
  %821 = or disjoint i32 %820, %819
  %822 = or disjoint i32 %821, %799
  %823 = xor i32 %822, 32
  %824 = xor i32 %822, 64
  %825 = xor i32 %822, 96
  %826 = shl nuw nsw i32 %62, 2
  %827 = add nsw i32 %798, -2
  %828 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 32768), i32 %.lobit31
  %829 = getelementptr inbounds nuw i8, ptr addrspace(3) %828, i32 %24
  %830 = getelementptr inbounds nuw i8, ptr addrspace(3) %829, i32 %818
  %831 = getelementptr inbounds nuw i8, ptr addrspace(3) %830, i32 2
  %832 = getelementptr inbounds nuw i8, ptr addrspace(3) %830, i32 4
  %833 = getelementptr inbounds nuw i8, ptr addrspace(3) %830, i32 6
  %834 = getelementptr inbounds nuw i8, ptr addrspace(3) %830, i32 512
  %835 = getelementptr inbounds nuw i8, ptr addrspace(3) %830, i32 514
  %836 = getelementptr inbounds nuw i8, ptr addrspace(3) %830, i32 516
  %837 = getelementptr inbounds nuw i8, ptr addrspace(3) %830, i32 518
  %838 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %822
  %839 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %823
  %840 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %824
  %841 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %825
  %842 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 33792), i32 %.lobit31
  %843 = getelementptr inbounds nuw i8, ptr addrspace(3) %842, i32 %826
  %844 = getelementptr inbounds nuw i8, ptr addrspace(3) %843, i32 %818
  %845 = getelementptr inbounds nuw i8, ptr addrspace(3) %844, i32 2
  %846 = getelementptr inbounds nuw i8, ptr addrspace(3) %844, i32 4
  %847 = getelementptr inbounds nuw i8, ptr addrspace(3) %844, i32 6
  br label %848

848:                                              ; preds = %.lr.ph, %848
  %849 = phi float [ 0.000000e+00, %.lr.ph ], [ %1231, %848 ]
  %850 = phi float [ 0.000000e+00, %.lr.ph ], [ %1232, %848 ]
  %851 = phi float [ 0.000000e+00, %.lr.ph ], [ %1233, %848 ]
  %852 = phi float [ 0.000000e+00, %.lr.ph ], [ %1234, %848 ]
  %853 = phi float [ 0.000000e+00, %.lr.ph ], [ %1235, %848 ]
  %854 = phi float [ 0.000000e+00, %.lr.ph ], [ %1236, %848 ]
  %855 = phi float [ 0.000000e+00, %.lr.ph ], [ %1237, %848 ]
  %856 = phi float [ 0.000000e+00, %.lr.ph ], [ %1238, %848 ]
  %857 = phi float [ 0.000000e+00, %.lr.ph ], [ %1239, %848 ]
  %858 = phi float [ 0.000000e+00, %.lr.ph ], [ %1240, %848 ]
  %859 = phi float [ 0.000000e+00, %.lr.ph ], [ %1241, %848 ]
  %860 = phi float [ 0.000000e+00, %.lr.ph ], [ %1242, %848 ]
  %861 = phi float [ 0.000000e+00, %.lr.ph ], [ %1243, %848 ]
  %862 = phi float [ 0.000000e+00, %.lr.ph ], [ %1244, %848 ]
  %863 = phi float [ 0.000000e+00, %.lr.ph ], [ %1245, %848 ]
  %864 = phi float [ 0.000000e+00, %.lr.ph ], [ %1246, %848 ]
  %865 = phi float [ 0.000000e+00, %.lr.ph ], [ %1267, %848 ]
  %866 = phi float [ 0.000000e+00, %.lr.ph ], [ %1268, %848 ]
  %867 = phi float [ 0.000000e+00, %.lr.ph ], [ %1269, %848 ]
  %868 = phi float [ 0.000000e+00, %.lr.ph ], [ %1270, %848 ]
  %869 = phi float [ 0.000000e+00, %.lr.ph ], [ %1271, %848 ]
  %870 = phi float [ 0.000000e+00, %.lr.ph ], [ %1272, %848 ]
  %871 = phi float [ 0.000000e+00, %.lr.ph ], [ %1273, %848 ]
  %872 = phi float [ 0.000000e+00, %.lr.ph ], [ %1274, %848 ]
  %873 = phi float [ 0.000000e+00, %.lr.ph ], [ %1275, %848 ]
  %874 = phi float [ 0.000000e+00, %.lr.ph ], [ %1276, %848 ]
  %875 = phi float [ 0.000000e+00, %.lr.ph ], [ %1277, %848 ]
  %876 = phi float [ 0.000000e+00, %.lr.ph ], [ %1278, %848 ]
  %877 = phi float [ 0.000000e+00, %.lr.ph ], [ %1279, %848 ]
  %878 = phi float [ 0.000000e+00, %.lr.ph ], [ %1280, %848 ]
  %879 = phi float [ 0.000000e+00, %.lr.ph ], [ %1281, %848 ]
  %880 = phi float [ 0.000000e+00, %.lr.ph ], [ %1282, %848 ]
  %881 = phi i32 [ 0, %.lr.ph ], [ %882, %848 ]
  %882 = add nuw nsw i32 %881, 1
  %883 = shl i32 %882, 7
  %884 = or disjoint i32 %883, %22
  %885 = shl i32 %882, 3
  %886 = or disjoint i32 %885, %201
  %887 = add i32 %883, %203
  %888 = add i32 %887, %240
  %889 = add i32 %887, %241
  %890 = add i32 %887, %242
  %891 = add i32 %887, %243
  %892 = add i32 %887, %244
  %893 = add i32 %887, %245
  %894 = add i32 %887, %246
  %895 = add i32 %887, %247
  %896 = add i32 %887, %248
  %897 = add i32 %887, %249
  %898 = add i32 %887, %250
  %899 = add i32 %887, %251
  %900 = add i32 %887, %252
  %901 = add i32 %887, %253
  %902 = add i32 %887, %254
  %903 = add i32 %887, %255
  %904 = add i32 %887, %256
  %905 = add i32 %887, %257
  %906 = add i32 %887, %258
  %907 = add i32 %887, %259
  %908 = add i32 %887, %260
  %909 = add i32 %887, %261
  %910 = add i32 %887, %262
  %911 = add i32 %887, %263
  %912 = add i32 %887, %264
  %913 = add i32 %887, %265
  %914 = add i32 %887, %266
  %915 = add i32 %887, %267
  %916 = add i32 %887, %268
  %917 = add i32 %887, %269
  %918 = add i32 %887, %270
  %919 = add i32 %887, %271
  %920 = add i32 %885, %204
  %921 = add i32 %920, %436
  %922 = add i32 %920, %437
  %923 = icmp slt i32 %884, %16
  %924 = and i1 %133, %923
  %925 = and i1 %134, %923
  %926 = and i1 %135, %923
  %927 = and i1 %136, %923
  %928 = and i1 %137, %923
  %929 = and i1 %138, %923
  %930 = and i1 %139, %923
  %931 = and i1 %140, %923
  %932 = and i1 %141, %923
  %933 = and i1 %142, %923
  %934 = and i1 %143, %923
  %935 = and i1 %144, %923
  %936 = and i1 %145, %923
  %937 = and i1 %146, %923
  %938 = and i1 %147, %923
  %939 = and i1 %148, %923
  %940 = and i1 %149, %923
  %941 = and i1 %150, %923
  %942 = and i1 %151, %923
  %943 = and i1 %152, %923
  %944 = and i1 %153, %923
  %945 = and i1 %154, %923
  %946 = and i1 %155, %923
  %947 = and i1 %156, %923
  %948 = and i1 %157, %923
  %949 = and i1 %158, %923
  %950 = and i1 %159, %923
  %951 = and i1 %160, %923
  %952 = and i1 %161, %923
  %953 = and i1 %162, %923
  %954 = and i1 %163, %923
  %955 = and i1 %164, %923
  %956 = select i1 %924, i32 %888, i32 -2147483648
  %957 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %956, i32 0, i32 0)
  %958 = select i1 %925, i32 %889, i32 -2147483648
  %959 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %958, i32 0, i32 0)
  %960 = select i1 %926, i32 %890, i32 -2147483648
  %961 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %960, i32 0, i32 0)
  %962 = select i1 %927, i32 %891, i32 -2147483648
  %963 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %962, i32 0, i32 0)
  %964 = select i1 %928, i32 %892, i32 -2147483648
  %965 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %964, i32 0, i32 0)
  %966 = select i1 %929, i32 %893, i32 -2147483648
  %967 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %966, i32 0, i32 0)
  %968 = select i1 %930, i32 %894, i32 -2147483648
  %969 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %968, i32 0, i32 0)
  %970 = select i1 %931, i32 %895, i32 -2147483648
  %971 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %970, i32 0, i32 0)
  %972 = select i1 %932, i32 %896, i32 -2147483648
  %973 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %972, i32 0, i32 0)
  %974 = select i1 %933, i32 %897, i32 -2147483648
  %975 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %974, i32 0, i32 0)
  %976 = select i1 %934, i32 %898, i32 -2147483648
  %977 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %976, i32 0, i32 0)
  %978 = select i1 %935, i32 %899, i32 -2147483648
  %979 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %978, i32 0, i32 0)
  %980 = select i1 %936, i32 %900, i32 -2147483648
  %981 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %980, i32 0, i32 0)
  %982 = select i1 %937, i32 %901, i32 -2147483648
  %983 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %982, i32 0, i32 0)
  %984 = select i1 %938, i32 %902, i32 -2147483648
  %985 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %984, i32 0, i32 0)
  %986 = select i1 %939, i32 %903, i32 -2147483648
  %987 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %986, i32 0, i32 0)
  %988 = select i1 %940, i32 %904, i32 -2147483648
  %989 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %988, i32 0, i32 0)
  %990 = select i1 %941, i32 %905, i32 -2147483648
  %991 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %990, i32 0, i32 0)
  %992 = select i1 %942, i32 %906, i32 -2147483648
  %993 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %992, i32 0, i32 0)
  %994 = select i1 %943, i32 %907, i32 -2147483648
  %995 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %994, i32 0, i32 0)
  %996 = select i1 %944, i32 %908, i32 -2147483648
  %997 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %996, i32 0, i32 0)
  %998 = select i1 %945, i32 %909, i32 -2147483648
  %999 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %998, i32 0, i32 0)
  %1000 = select i1 %946, i32 %910, i32 -2147483648
  %1001 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1000, i32 0, i32 0)
  %1002 = select i1 %947, i32 %911, i32 -2147483648
  %1003 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1002, i32 0, i32 0)
  %1004 = select i1 %948, i32 %912, i32 -2147483648
  %1005 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1004, i32 0, i32 0)
  %1006 = select i1 %949, i32 %913, i32 -2147483648
  %1007 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1006, i32 0, i32 0)
  %1008 = select i1 %950, i32 %914, i32 -2147483648
  %1009 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1008, i32 0, i32 0)
  %1010 = select i1 %951, i32 %915, i32 -2147483648
  %1011 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1010, i32 0, i32 0)
  %1012 = select i1 %952, i32 %916, i32 -2147483648
  %1013 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1012, i32 0, i32 0)
  %1014 = select i1 %953, i32 %917, i32 -2147483648
  %1015 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1014, i32 0, i32 0)
  %1016 = select i1 %954, i32 %918, i32 -2147483648
  %1017 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1016, i32 0, i32 0)
  %1018 = select i1 %955, i32 %919, i32 -2147483648
  %1019 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %369, i32 %1018, i32 0, i32 0)
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %1020 = load <4 x i32>, ptr addrspace(3) %807, align 16
  %1021 = load <4 x i32>, ptr addrspace(3) %808, align 16
  %1022 = load <4 x i32>, ptr addrspace(3) %810, align 16
  %1023 = load <4 x i32>, ptr addrspace(3) %811, align 16
  %1024 = load <4 x i32>, ptr addrspace(3) %813, align 16
  %1025 = load <4 x i32>, ptr addrspace(3) %814, align 16
  %1026 = load <4 x i32>, ptr addrspace(3) %816, align 16
  %1027 = load <4 x i32>, ptr addrspace(3) %817, align 16
  %1028 = icmp slt i32 %886, %18
  %1029 = and i1 %165, %1028
  %1030 = and i1 %166, %1028
  %1031 = select i1 %1029, i32 %921, i32 -2147483648
  %1032 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %445, i32 %1031, i32 0, i32 0)
  %1033 = select i1 %1029, i8 %1032, i8 127
  %1034 = select i1 %1030, i32 %922, i32 -2147483648
  %1035 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %445, i32 %1034, i32 0, i32 0)
  %1036 = select i1 %1030, i8 %1035, i8 127
  %1037 = load <1 x i8>, ptr addrspace(3) %830, align 1
  %1038 = load <1 x i8>, ptr addrspace(3) %831, align 1
  %1039 = load <1 x i8>, ptr addrspace(3) %832, align 1
  %1040 = shufflevector <1 x i8> %1039, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1041 = load <1 x i8>, ptr addrspace(3) %833, align 1
  %1042 = shufflevector <1 x i8> %1041, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1043 = load <1 x i8>, ptr addrspace(3) %834, align 1
  %1044 = load <1 x i8>, ptr addrspace(3) %835, align 1
  %1045 = load <1 x i8>, ptr addrspace(3) %836, align 1
  %1046 = shufflevector <1 x i8> %1045, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1047 = load <1 x i8>, ptr addrspace(3) %837, align 1
  %1048 = shufflevector <1 x i8> %1047, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1049 = add i32 %883, %205
  %1050 = add i32 %1049, %240
  %1051 = add i32 %1049, %241
  %1052 = add i32 %1049, %242
  %1053 = add i32 %1049, %243
  %1054 = add i32 %1049, %244
  %1055 = add i32 %1049, %245
  %1056 = add i32 %1049, %246
  %1057 = add i32 %1049, %247
  %1058 = add i32 %1049, %248
  %1059 = add i32 %1049, %249
  %1060 = add i32 %1049, %250
  %1061 = add i32 %1049, %251
  %1062 = add i32 %1049, %252
  %1063 = add i32 %1049, %253
  %1064 = add i32 %1049, %254
  %1065 = add i32 %1049, %255
  %1066 = add i32 %1049, %256
  %1067 = add i32 %1049, %257
  %1068 = add i32 %1049, %258
  %1069 = add i32 %1049, %259
  %1070 = add i32 %1049, %260
  %1071 = add i32 %1049, %261
  %1072 = add i32 %1049, %262
  %1073 = add i32 %1049, %263
  %1074 = add i32 %1049, %264
  %1075 = add i32 %1049, %265
  %1076 = add i32 %1049, %266
  %1077 = add i32 %1049, %267
  %1078 = add i32 %1049, %268
  %1079 = add i32 %1049, %269
  %1080 = add i32 %1049, %270
  %1081 = add i32 %1049, %271
  %1082 = add i32 %885, %206
  %1083 = add i32 %1082, %436
  %1084 = add i32 %1082, %437
  %1085 = and i1 %167, %923
  %1086 = and i1 %168, %923
  %1087 = and i1 %169, %923
  %1088 = and i1 %170, %923
  %1089 = and i1 %171, %923
  %1090 = and i1 %172, %923
  %1091 = and i1 %173, %923
  %1092 = and i1 %174, %923
  %1093 = and i1 %175, %923
  %1094 = and i1 %176, %923
  %1095 = and i1 %177, %923
  %1096 = and i1 %178, %923
  %1097 = and i1 %179, %923
  %1098 = and i1 %180, %923
  %1099 = and i1 %181, %923
  %1100 = and i1 %182, %923
  %1101 = and i1 %183, %923
  %1102 = and i1 %184, %923
  %1103 = and i1 %185, %923
  %1104 = and i1 %186, %923
  %1105 = and i1 %187, %923
  %1106 = and i1 %188, %923
  %1107 = and i1 %189, %923
  %1108 = and i1 %190, %923
  %1109 = and i1 %191, %923
  %1110 = and i1 %192, %923
  %1111 = and i1 %193, %923
  %1112 = and i1 %194, %923
  %1113 = and i1 %195, %923
  %1114 = and i1 %196, %923
  %1115 = and i1 %197, %923
  %1116 = and i1 %198, %923
  %1117 = select i1 %1085, i32 %1050, i32 -2147483648
  %1118 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1117, i32 0, i32 0)
  %1119 = select i1 %1086, i32 %1051, i32 -2147483648
  %1120 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1119, i32 0, i32 0)
  %1121 = select i1 %1087, i32 %1052, i32 -2147483648
  %1122 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1121, i32 0, i32 0)
  %1123 = select i1 %1088, i32 %1053, i32 -2147483648
  %1124 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1123, i32 0, i32 0)
  %1125 = select i1 %1089, i32 %1054, i32 -2147483648
  %1126 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1125, i32 0, i32 0)
  %1127 = select i1 %1090, i32 %1055, i32 -2147483648
  %1128 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1127, i32 0, i32 0)
  %1129 = select i1 %1091, i32 %1056, i32 -2147483648
  %1130 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1129, i32 0, i32 0)
  %1131 = select i1 %1092, i32 %1057, i32 -2147483648
  %1132 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1131, i32 0, i32 0)
  %1133 = select i1 %1093, i32 %1058, i32 -2147483648
  %1134 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1133, i32 0, i32 0)
  %1135 = select i1 %1094, i32 %1059, i32 -2147483648
  %1136 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1135, i32 0, i32 0)
  %1137 = select i1 %1095, i32 %1060, i32 -2147483648
  %1138 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1137, i32 0, i32 0)
  %1139 = select i1 %1096, i32 %1061, i32 -2147483648
  %1140 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1139, i32 0, i32 0)
  %1141 = select i1 %1097, i32 %1062, i32 -2147483648
  %1142 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1141, i32 0, i32 0)
  %1143 = select i1 %1098, i32 %1063, i32 -2147483648
  %1144 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1143, i32 0, i32 0)
  %1145 = select i1 %1099, i32 %1064, i32 -2147483648
  %1146 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1145, i32 0, i32 0)
  %1147 = select i1 %1100, i32 %1065, i32 -2147483648
  %1148 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1147, i32 0, i32 0)
  %1149 = select i1 %1101, i32 %1066, i32 -2147483648
  %1150 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1149, i32 0, i32 0)
  %1151 = select i1 %1102, i32 %1067, i32 -2147483648
  %1152 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1151, i32 0, i32 0)
  %1153 = select i1 %1103, i32 %1068, i32 -2147483648
  %1154 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1153, i32 0, i32 0)
  %1155 = select i1 %1104, i32 %1069, i32 -2147483648
  %1156 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1155, i32 0, i32 0)
  %1157 = select i1 %1105, i32 %1070, i32 -2147483648
  %1158 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1157, i32 0, i32 0)
  %1159 = select i1 %1106, i32 %1071, i32 -2147483648
  %1160 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1159, i32 0, i32 0)
  %1161 = select i1 %1107, i32 %1072, i32 -2147483648
  %1162 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1161, i32 0, i32 0)
  %1163 = select i1 %1108, i32 %1073, i32 -2147483648
  %1164 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1163, i32 0, i32 0)
  %1165 = select i1 %1109, i32 %1074, i32 -2147483648
  %1166 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1165, i32 0, i32 0)
  %1167 = select i1 %1110, i32 %1075, i32 -2147483648
  %1168 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1167, i32 0, i32 0)
  %1169 = select i1 %1111, i32 %1076, i32 -2147483648
  %1170 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1169, i32 0, i32 0)
  %1171 = select i1 %1112, i32 %1077, i32 -2147483648
  %1172 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1171, i32 0, i32 0)
  %1173 = select i1 %1113, i32 %1078, i32 -2147483648
  %1174 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1173, i32 0, i32 0)
  %1175 = select i1 %1114, i32 %1079, i32 -2147483648
  %1176 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1175, i32 0, i32 0)
  %1177 = select i1 %1115, i32 %1080, i32 -2147483648
  %1178 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1177, i32 0, i32 0)
  %1179 = select i1 %1116, i32 %1081, i32 -2147483648
  %1180 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %548, i32 %1179, i32 0, i32 0)
  %1181 = load <4 x i32>, ptr addrspace(3) %838, align 16
  %1182 = load <4 x i32>, ptr addrspace(3) %839, align 16
  %1183 = load <4 x i32>, ptr addrspace(3) %840, align 16
  %1184 = load <4 x i32>, ptr addrspace(3) %841, align 16
  %1185 = and i1 %199, %1028
  %1186 = and i1 %200, %1028
  %1187 = select i1 %1185, i32 %1083, i32 -2147483648
  %1188 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %619, i32 %1187, i32 0, i32 0)
  %1189 = select i1 %1185, i8 %1188, i8 127
  %1190 = select i1 %1186, i32 %1084, i32 -2147483648
  %1191 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %619, i32 %1190, i32 0, i32 0)
  %1192 = select i1 %1186, i8 %1191, i8 127
  %1193 = load <1 x i8>, ptr addrspace(3) %844, align 1
  %1194 = load <1 x i8>, ptr addrspace(3) %845, align 1
  %1195 = load <1 x i8>, ptr addrspace(3) %846, align 1
  %1196 = shufflevector <1 x i8> %1195, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1197 = load <1 x i8>, ptr addrspace(3) %847, align 1
  %1198 = shufflevector <1 x i8> %1197, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1199 = shufflevector <1 x i8> %1037, <1 x i8> %1038, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1200 = shufflevector <4 x i8> %1199, <4 x i8> %1040, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1201 = shufflevector <4 x i8> %1200, <4 x i8> %1042, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1202 = bitcast <4 x i8> %1201 to i32
  %1203 = shufflevector <1 x i8> %1043, <1 x i8> %1044, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1204 = shufflevector <4 x i8> %1203, <4 x i8> %1046, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1205 = shufflevector <4 x i8> %1204, <4 x i8> %1048, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1206 = bitcast <4 x i8> %1205 to i32
  %1207 = shufflevector <1 x i8> %1193, <1 x i8> %1194, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1208 = shufflevector <4 x i8> %1207, <4 x i8> %1196, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1209 = shufflevector <4 x i8> %1208, <4 x i8> %1198, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1210 = bitcast <4 x i8> %1209 to i32
  %1211 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %849, i64 0
  %1212 = insertelement <16 x float> %1211, float %850, i64 1
  %1213 = insertelement <16 x float> %1212, float %851, i64 2
  %1214 = insertelement <16 x float> %1213, float %852, i64 3
  %1215 = insertelement <16 x float> %1214, float %853, i64 4
  %1216 = insertelement <16 x float> %1215, float %854, i64 5
  %1217 = insertelement <16 x float> %1216, float %855, i64 6
  %1218 = insertelement <16 x float> %1217, float %856, i64 7
  %1219 = insertelement <16 x float> %1218, float %857, i64 8
  %1220 = insertelement <16 x float> %1219, float %858, i64 9
  %1221 = insertelement <16 x float> %1220, float %859, i64 10
  %1222 = insertelement <16 x float> %1221, float %860, i64 11
  %1223 = insertelement <16 x float> %1222, float %861, i64 12
  %1224 = insertelement <16 x float> %1223, float %862, i64 13
  %1225 = insertelement <16 x float> %1224, float %863, i64 14
  %1226 = insertelement <16 x float> %1225, float %864, i64 15
  %1227 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1181, <4 x i32> %1020, <16 x float> %1226, i32 4, i32 4, i32 0, i32 %1210, i32 0, i32 %1202)
  %1228 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1182, <4 x i32> %1022, <16 x float> %1227, i32 4, i32 4, i32 1, i32 %1210, i32 1, i32 %1202)
  %1229 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1183, <4 x i32> %1024, <16 x float> %1228, i32 4, i32 4, i32 2, i32 %1210, i32 2, i32 %1202)
  %1230 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1184, <4 x i32> %1026, <16 x float> %1229, i32 4, i32 4, i32 3, i32 %1210, i32 3, i32 %1202)
  %1231 = extractelement <16 x float> %1230, i64 0
  %1232 = extractelement <16 x float> %1230, i64 1
  %1233 = extractelement <16 x float> %1230, i64 2
  %1234 = extractelement <16 x float> %1230, i64 3
  %1235 = extractelement <16 x float> %1230, i64 4
  %1236 = extractelement <16 x float> %1230, i64 5
  %1237 = extractelement <16 x float> %1230, i64 6
  %1238 = extractelement <16 x float> %1230, i64 7
  %1239 = extractelement <16 x float> %1230, i64 8
  %1240 = extractelement <16 x float> %1230, i64 9
  %1241 = extractelement <16 x float> %1230, i64 10
  %1242 = extractelement <16 x float> %1230, i64 11
  %1243 = extractelement <16 x float> %1230, i64 12
  %1244 = extractelement <16 x float> %1230, i64 13
  %1245 = extractelement <16 x float> %1230, i64 14
  %1246 = extractelement <16 x float> %1230, i64 15
  %1247 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %865, i64 0
  %1248 = insertelement <16 x float> %1247, float %866, i64 1
  %1249 = insertelement <16 x float> %1248, float %867, i64 2
  %1250 = insertelement <16 x float> %1249, float %868, i64 3
  %1251 = insertelement <16 x float> %1250, float %869, i64 4
  %1252 = insertelement <16 x float> %1251, float %870, i64 5
  %1253 = insertelement <16 x float> %1252, float %871, i64 6
  %1254 = insertelement <16 x float> %1253, float %872, i64 7
  %1255 = insertelement <16 x float> %1254, float %873, i64 8
  %1256 = insertelement <16 x float> %1255, float %874, i64 9
  %1257 = insertelement <16 x float> %1256, float %875, i64 10
  %1258 = insertelement <16 x float> %1257, float %876, i64 11
  %1259 = insertelement <16 x float> %1258, float %877, i64 12
  %1260 = insertelement <16 x float> %1259, float %878, i64 13
  %1261 = insertelement <16 x float> %1260, float %879, i64 14
  %1262 = insertelement <16 x float> %1261, float %880, i64 15
  %1263 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1181, <4 x i32> %1021, <16 x float> %1262, i32 4, i32 4, i32 0, i32 %1210, i32 0, i32 %1206)
  %1264 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1182, <4 x i32> %1023, <16 x float> %1263, i32 4, i32 4, i32 1, i32 %1210, i32 1, i32 %1206)
  %1265 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1183, <4 x i32> %1025, <16 x float> %1264, i32 4, i32 4, i32 2, i32 %1210, i32 2, i32 %1206)
  %1266 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1184, <4 x i32> %1027, <16 x float> %1265, i32 4, i32 4, i32 3, i32 %1210, i32 3, i32 %1206)
  %1267 = extractelement <16 x float> %1266, i64 0
  %1268 = extractelement <16 x float> %1266, i64 1
  %1269 = extractelement <16 x float> %1266, i64 2
  %1270 = extractelement <16 x float> %1266, i64 3
  %1271 = extractelement <16 x float> %1266, i64 4
  %1272 = extractelement <16 x float> %1266, i64 5
  %1273 = extractelement <16 x float> %1266, i64 6
  %1274 = extractelement <16 x float> %1266, i64 7
  %1275 = extractelement <16 x float> %1266, i64 8
  %1276 = extractelement <16 x float> %1266, i64 9
  %1277 = extractelement <16 x float> %1266, i64 10
  %1278 = extractelement <16 x float> %1266, i64 11
  %1279 = extractelement <16 x float> %1266, i64 12
  %1280 = extractelement <16 x float> %1266, i64 13
  %1281 = extractelement <16 x float> %1266, i64 14
  %1282 = extractelement <16 x float> %1266, i64 15
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %1283 = insertelement <1 x i8> poison, i8 %957, i64 0
  store <1 x i8> %1283, ptr addrspace(3) %629, align 1
  %1284 = insertelement <1 x i8> poison, i8 %965, i64 0
  store <1 x i8> %1284, ptr addrspace(3) %632, align 1
  %1285 = insertelement <1 x i8> poison, i8 %973, i64 0
  store <1 x i8> %1285, ptr addrspace(3) %635, align 1
  %1286 = insertelement <1 x i8> poison, i8 %981, i64 0
  store <1 x i8> %1286, ptr addrspace(3) %638, align 1
  %1287 = insertelement <1 x i8> poison, i8 %989, i64 0
  store <1 x i8> %1287, ptr addrspace(3) %641, align 1
  %1288 = insertelement <1 x i8> poison, i8 %997, i64 0
  store <1 x i8> %1288, ptr addrspace(3) %644, align 1
  %1289 = insertelement <1 x i8> poison, i8 %1005, i64 0
  store <1 x i8> %1289, ptr addrspace(3) %647, align 1
  %1290 = insertelement <1 x i8> poison, i8 %1013, i64 0
  store <1 x i8> %1290, ptr addrspace(3) %650, align 1
  %1291 = insertelement <1 x i8> poison, i8 %959, i64 0
  store <1 x i8> %1291, ptr addrspace(3) %653, align 1
  %1292 = insertelement <1 x i8> poison, i8 %967, i64 0
  store <1 x i8> %1292, ptr addrspace(3) %656, align 1
  %1293 = insertelement <1 x i8> poison, i8 %975, i64 0
  store <1 x i8> %1293, ptr addrspace(3) %659, align 1
  %1294 = insertelement <1 x i8> poison, i8 %983, i64 0
  store <1 x i8> %1294, ptr addrspace(3) %662, align 1
  %1295 = insertelement <1 x i8> poison, i8 %991, i64 0
  store <1 x i8> %1295, ptr addrspace(3) %665, align 1
  %1296 = insertelement <1 x i8> poison, i8 %999, i64 0
  store <1 x i8> %1296, ptr addrspace(3) %668, align 1
  %1297 = insertelement <1 x i8> poison, i8 %1007, i64 0
  store <1 x i8> %1297, ptr addrspace(3) %671, align 1
  %1298 = insertelement <1 x i8> poison, i8 %1015, i64 0
  store <1 x i8> %1298, ptr addrspace(3) %674, align 1
  %1299 = insertelement <1 x i8> poison, i8 %961, i64 0
  store <1 x i8> %1299, ptr addrspace(3) %677, align 1
  %1300 = insertelement <1 x i8> poison, i8 %969, i64 0
  store <1 x i8> %1300, ptr addrspace(3) %680, align 1
  %1301 = insertelement <1 x i8> poison, i8 %977, i64 0
  store <1 x i8> %1301, ptr addrspace(3) %683, align 1
  %1302 = insertelement <1 x i8> poison, i8 %985, i64 0
  store <1 x i8> %1302, ptr addrspace(3) %686, align 1
  %1303 = insertelement <1 x i8> poison, i8 %993, i64 0
  store <1 x i8> %1303, ptr addrspace(3) %689, align 1
  %1304 = insertelement <1 x i8> poison, i8 %1001, i64 0
  store <1 x i8> %1304, ptr addrspace(3) %692, align 1
  %1305 = insertelement <1 x i8> poison, i8 %1009, i64 0
  store <1 x i8> %1305, ptr addrspace(3) %695, align 1
  %1306 = insertelement <1 x i8> poison, i8 %1017, i64 0
  store <1 x i8> %1306, ptr addrspace(3) %698, align 1
  %1307 = insertelement <1 x i8> poison, i8 %963, i64 0
  store <1 x i8> %1307, ptr addrspace(3) %701, align 1
  %1308 = insertelement <1 x i8> poison, i8 %971, i64 0
  store <1 x i8> %1308, ptr addrspace(3) %704, align 1
  %1309 = insertelement <1 x i8> poison, i8 %979, i64 0
  store <1 x i8> %1309, ptr addrspace(3) %707, align 1
  %1310 = insertelement <1 x i8> poison, i8 %987, i64 0
  store <1 x i8> %1310, ptr addrspace(3) %710, align 1
  %1311 = insertelement <1 x i8> poison, i8 %995, i64 0
  store <1 x i8> %1311, ptr addrspace(3) %713, align 1
  %1312 = insertelement <1 x i8> poison, i8 %1003, i64 0
  store <1 x i8> %1312, ptr addrspace(3) %716, align 1
  %1313 = insertelement <1 x i8> poison, i8 %1011, i64 0
  store <1 x i8> %1313, ptr addrspace(3) %719, align 1
  %1314 = insertelement <1 x i8> poison, i8 %1019, i64 0
  store <1 x i8> %1314, ptr addrspace(3) %722, align 1
  %1315 = insertelement <1 x i8> poison, i8 %1033, i64 0
  store <1 x i8> %1315, ptr addrspace(3) %724, align 1
  %1316 = insertelement <1 x i8> poison, i8 %1036, i64 0
  store <1 x i8> %1316, ptr addrspace(3) %727, align 1
  %1317 = insertelement <1 x i8> poison, i8 %1118, i64 0
  store <1 x i8> %1317, ptr addrspace(3) %729, align 1
  %1318 = insertelement <1 x i8> poison, i8 %1126, i64 0
  store <1 x i8> %1318, ptr addrspace(3) %731, align 1
  %1319 = insertelement <1 x i8> poison, i8 %1134, i64 0
  store <1 x i8> %1319, ptr addrspace(3) %733, align 1
  %1320 = insertelement <1 x i8> poison, i8 %1142, i64 0
  store <1 x i8> %1320, ptr addrspace(3) %735, align 1
  %1321 = insertelement <1 x i8> poison, i8 %1150, i64 0
  store <1 x i8> %1321, ptr addrspace(3) %737, align 1
  %1322 = insertelement <1 x i8> poison, i8 %1158, i64 0
  store <1 x i8> %1322, ptr addrspace(3) %739, align 1
  %1323 = insertelement <1 x i8> poison, i8 %1166, i64 0
  store <1 x i8> %1323, ptr addrspace(3) %741, align 1
  %1324 = insertelement <1 x i8> poison, i8 %1174, i64 0
  store <1 x i8> %1324, ptr addrspace(3) %743, align 1
  %1325 = insertelement <1 x i8> poison, i8 %1120, i64 0
  store <1 x i8> %1325, ptr addrspace(3) %745, align 1
  %1326 = insertelement <1 x i8> poison, i8 %1128, i64 0
  store <1 x i8> %1326, ptr addrspace(3) %747, align 1
  %1327 = insertelement <1 x i8> poison, i8 %1136, i64 0
  store <1 x i8> %1327, ptr addrspace(3) %749, align 1
  %1328 = insertelement <1 x i8> poison, i8 %1144, i64 0
  store <1 x i8> %1328, ptr addrspace(3) %751, align 1
  %1329 = insertelement <1 x i8> poison, i8 %1152, i64 0
  store <1 x i8> %1329, ptr addrspace(3) %753, align 1
  %1330 = insertelement <1 x i8> poison, i8 %1160, i64 0
  store <1 x i8> %1330, ptr addrspace(3) %755, align 1
  %1331 = insertelement <1 x i8> poison, i8 %1168, i64 0
  store <1 x i8> %1331, ptr addrspace(3) %757, align 1
  %1332 = insertelement <1 x i8> poison, i8 %1176, i64 0
  store <1 x i8> %1332, ptr addrspace(3) %759, align 1
  %1333 = insertelement <1 x i8> poison, i8 %1122, i64 0
  store <1 x i8> %1333, ptr addrspace(3) %761, align 1
  %1334 = insertelement <1 x i8> poison, i8 %1130, i64 0
  store <1 x i8> %1334, ptr addrspace(3) %763, align 1
  %1335 = insertelement <1 x i8> poison, i8 %1138, i64 0
  store <1 x i8> %1335, ptr addrspace(3) %765, align 1
  %1336 = insertelement <1 x i8> poison, i8 %1146, i64 0
  store <1 x i8> %1336, ptr addrspace(3) %767, align 1
  %1337 = insertelement <1 x i8> poison, i8 %1154, i64 0
  store <1 x i8> %1337, ptr addrspace(3) %769, align 1
  %1338 = insertelement <1 x i8> poison, i8 %1162, i64 0
  store <1 x i8> %1338, ptr addrspace(3) %771, align 1
  %1339 = insertelement <1 x i8> poison, i8 %1170, i64 0
  store <1 x i8> %1339, ptr addrspace(3) %773, align 1
  %1340 = insertelement <1 x i8> poison, i8 %1178, i64 0
  store <1 x i8> %1340, ptr addrspace(3) %775, align 1
  %1341 = insertelement <1 x i8> poison, i8 %1124, i64 0
  store <1 x i8> %1341, ptr addrspace(3) %777, align 1
  %1342 = insertelement <1 x i8> poison, i8 %1132, i64 0
  store <1 x i8> %1342, ptr addrspace(3) %779, align 1
  %1343 = insertelement <1 x i8> poison, i8 %1140, i64 0
  store <1 x i8> %1343, ptr addrspace(3) %781, align 1
  %1344 = insertelement <1 x i8> poison, i8 %1148, i64 0
  store <1 x i8> %1344, ptr addrspace(3) %783, align 1
  %1345 = insertelement <1 x i8> poison, i8 %1156, i64 0
  store <1 x i8> %1345, ptr addrspace(3) %785, align 1
  %1346 = insertelement <1 x i8> poison, i8 %1164, i64 0
  store <1 x i8> %1346, ptr addrspace(3) %787, align 1
  %1347 = insertelement <1 x i8> poison, i8 %1172, i64 0
  store <1 x i8> %1347, ptr addrspace(3) %789, align 1
  %1348 = insertelement <1 x i8> poison, i8 %1180, i64 0
  store <1 x i8> %1348, ptr addrspace(3) %791, align 1
  %1349 = insertelement <1 x i8> poison, i8 %1189, i64 0
  store <1 x i8> %1349, ptr addrspace(3) %793, align 1
  %1350 = insertelement <1 x i8> poison, i8 %1192, i64 0
  store <1 x i8> %1350, ptr addrspace(3) %795, align 1
  %exitcond.not = icmp eq i32 %881, %827
  br i1 %exitcond.not, label %._crit_edge, label %848

._crit_edge:                                      ; preds = %848, %10
  %1351 = phi float [ 0.000000e+00, %10 ], [ %1231, %848 ]
  %1352 = phi float [ 0.000000e+00, %10 ], [ %1232, %848 ]
  %1353 = phi float [ 0.000000e+00, %10 ], [ %1233, %848 ]
  %1354 = phi float [ 0.000000e+00, %10 ], [ %1234, %848 ]
  %1355 = phi float [ 0.000000e+00, %10 ], [ %1235, %848 ]
  %1356 = phi float [ 0.000000e+00, %10 ], [ %1236, %848 ]
  %1357 = phi float [ 0.000000e+00, %10 ], [ %1237, %848 ]
  %1358 = phi float [ 0.000000e+00, %10 ], [ %1238, %848 ]
  %1359 = phi float [ 0.000000e+00, %10 ], [ %1239, %848 ]
  %1360 = phi float [ 0.000000e+00, %10 ], [ %1240, %848 ]
  %1361 = phi float [ 0.000000e+00, %10 ], [ %1241, %848 ]
  %1362 = phi float [ 0.000000e+00, %10 ], [ %1242, %848 ]
  %1363 = phi float [ 0.000000e+00, %10 ], [ %1243, %848 ]
  %1364 = phi float [ 0.000000e+00, %10 ], [ %1244, %848 ]
  %1365 = phi float [ 0.000000e+00, %10 ], [ %1245, %848 ]
  %1366 = phi float [ 0.000000e+00, %10 ], [ %1246, %848 ]
  %1367 = phi float [ 0.000000e+00, %10 ], [ %1267, %848 ]
  %1368 = phi float [ 0.000000e+00, %10 ], [ %1268, %848 ]
  %1369 = phi float [ 0.000000e+00, %10 ], [ %1269, %848 ]
  %1370 = phi float [ 0.000000e+00, %10 ], [ %1270, %848 ]
  %1371 = phi float [ 0.000000e+00, %10 ], [ %1271, %848 ]
  %1372 = phi float [ 0.000000e+00, %10 ], [ %1272, %848 ]
  %1373 = phi float [ 0.000000e+00, %10 ], [ %1273, %848 ]
  %1374 = phi float [ 0.000000e+00, %10 ], [ %1274, %848 ]
  %1375 = phi float [ 0.000000e+00, %10 ], [ %1275, %848 ]
  %1376 = phi float [ 0.000000e+00, %10 ], [ %1276, %848 ]
  %1377 = phi float [ 0.000000e+00, %10 ], [ %1277, %848 ]
  %1378 = phi float [ 0.000000e+00, %10 ], [ %1278, %848 ]
  %1379 = phi float [ 0.000000e+00, %10 ], [ %1279, %848 ]
  %1380 = phi float [ 0.000000e+00, %10 ], [ %1280, %848 ]
  %1381 = phi float [ 0.000000e+00, %10 ], [ %1281, %848 ]
  %1382 = phi float [ 0.000000e+00, %10 ], [ %1282, %848 ]
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  br i1 %207, label %1383, label %._crit_edge._crit_edge

1383:                                             ; preds = %._crit_edge
  %.lobit = lshr exact i32 %63, 5
  %1384 = shl nuw nsw i32 %62, 2
  %1385 = shl nuw nsw i32 %23, 3
  %1386 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 33792), i32 %.lobit
  %1387 = getelementptr inbounds nuw i8, ptr addrspace(3) %1386, i32 %1384
  %1388 = getelementptr inbounds nuw i8, ptr addrspace(3) %1387, i32 %1385
  %1389 = getelementptr inbounds nuw i8, ptr addrspace(3) %1388, i32 6
  %1390 = load <1 x i8>, ptr addrspace(3) %1389, align 1
  %1391 = shufflevector <1 x i8> %1390, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1392 = getelementptr inbounds nuw i8, ptr addrspace(3) %1388, i32 4
  %1393 = load <1 x i8>, ptr addrspace(3) %1392, align 1
  %1394 = shufflevector <1 x i8> %1393, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1395 = getelementptr inbounds nuw i8, ptr addrspace(3) %1388, i32 2
  %1396 = load <1 x i8>, ptr addrspace(3) %1395, align 1
  %1397 = load <1 x i8>, ptr addrspace(3) %1388, align 1
  %1398 = shl nuw nsw i32 %62, 6
  %1399 = shl nuw nsw i32 %20, 3
  %1400 = and i32 %1399, 112
  %1401 = lshr exact i32 %63, 1
  %1402 = xor i32 %1400, %1401
  %1403 = or disjoint i32 %1402, %1398
  %1404 = shl nuw nsw i32 %23, 7
  %1405 = or disjoint i32 %1403, %1404
  %1406 = xor i32 %1405, 96
  %1407 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1406
  %1408 = load <4 x i32>, ptr addrspace(3) %1407, align 16
  %1409 = xor i32 %1405, 64
  %1410 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1409
  %1411 = load <4 x i32>, ptr addrspace(3) %1410, align 16
  %1412 = xor i32 %1405, 32
  %1413 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1412
  %1414 = load <4 x i32>, ptr addrspace(3) %1413, align 16
  %1415 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 16384), i32 %1405
  %1416 = load <4 x i32>, ptr addrspace(3) %1415, align 16
  %1417 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 32768), i32 %.lobit
  %1418 = getelementptr inbounds nuw i8, ptr addrspace(3) %1417, i32 %24
  %1419 = getelementptr inbounds nuw i8, ptr addrspace(3) %1418, i32 %1385
  %1420 = getelementptr inbounds nuw i8, ptr addrspace(3) %1419, i32 518
  %1421 = load <1 x i8>, ptr addrspace(3) %1420, align 1
  %1422 = shufflevector <1 x i8> %1421, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1423 = getelementptr inbounds nuw i8, ptr addrspace(3) %1419, i32 516
  %1424 = load <1 x i8>, ptr addrspace(3) %1423, align 1
  %1425 = shufflevector <1 x i8> %1424, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1426 = getelementptr inbounds nuw i8, ptr addrspace(3) %1419, i32 514
  %1427 = load <1 x i8>, ptr addrspace(3) %1426, align 1
  %1428 = getelementptr inbounds nuw i8, ptr addrspace(3) %1419, i32 512
  %1429 = load <1 x i8>, ptr addrspace(3) %1428, align 1
  %1430 = getelementptr inbounds nuw i8, ptr addrspace(3) %1419, i32 6
  %1431 = load <1 x i8>, ptr addrspace(3) %1430, align 1
  %1432 = shufflevector <1 x i8> %1431, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1433 = getelementptr inbounds nuw i8, ptr addrspace(3) %1419, i32 4
  %1434 = load <1 x i8>, ptr addrspace(3) %1433, align 1
  %1435 = shufflevector <1 x i8> %1434, <1 x i8> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>
  %1436 = getelementptr inbounds nuw i8, ptr addrspace(3) %1419, i32 2
  %1437 = load <1 x i8>, ptr addrspace(3) %1436, align 1
  %1438 = load <1 x i8>, ptr addrspace(3) %1419, align 1
  %1439 = shl nuw nsw i32 %24, 4
  %1440 = or disjoint i32 %1404, %1400
  %1441 = xor i32 %1440, %1401
  %1442 = or disjoint i32 %1441, %1439
  %1443 = xor i32 %1442, 96
  %1444 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1443
  %1445 = getelementptr inbounds nuw i8, ptr addrspace(3) %1444, i32 8192
  %1446 = load <4 x i32>, ptr addrspace(3) %1445, align 16
  %1447 = load <4 x i32>, ptr addrspace(3) %1444, align 16
  %1448 = xor i32 %1442, 64
  %1449 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1448
  %1450 = getelementptr inbounds nuw i8, ptr addrspace(3) %1449, i32 8192
  %1451 = load <4 x i32>, ptr addrspace(3) %1450, align 16
  %1452 = load <4 x i32>, ptr addrspace(3) %1449, align 16
  %1453 = xor i32 %1442, 32
  %1454 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1453
  %1455 = getelementptr inbounds nuw i8, ptr addrspace(3) %1454, i32 8192
  %1456 = load <4 x i32>, ptr addrspace(3) %1455, align 16
  %1457 = load <4 x i32>, ptr addrspace(3) %1454, align 16
  %1458 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %1442
  %1459 = getelementptr inbounds nuw i8, ptr addrspace(3) %1458, i32 8192
  %1460 = load <4 x i32>, ptr addrspace(3) %1459, align 16
  %1461 = load <4 x i32>, ptr addrspace(3) %1458, align 16
  %1462 = shufflevector <1 x i8> %1438, <1 x i8> %1437, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1463 = shufflevector <4 x i8> %1462, <4 x i8> %1435, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1464 = shufflevector <4 x i8> %1463, <4 x i8> %1432, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1465 = bitcast <4 x i8> %1464 to i32
  %1466 = shufflevector <1 x i8> %1429, <1 x i8> %1427, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1467 = shufflevector <4 x i8> %1466, <4 x i8> %1425, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1468 = shufflevector <4 x i8> %1467, <4 x i8> %1422, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1469 = bitcast <4 x i8> %1468 to i32
  %1470 = shufflevector <1 x i8> %1397, <1 x i8> %1396, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>
  %1471 = shufflevector <4 x i8> %1470, <4 x i8> %1394, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>
  %1472 = shufflevector <4 x i8> %1471, <4 x i8> %1391, <4 x i32> <i32 0, i32 1, i32 2, i32 4>
  %1473 = bitcast <4 x i8> %1472 to i32
  %1474 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %1351, i64 0
  %1475 = insertelement <16 x float> %1474, float %1352, i64 1
  %1476 = insertelement <16 x float> %1475, float %1353, i64 2
  %1477 = insertelement <16 x float> %1476, float %1354, i64 3
  %1478 = insertelement <16 x float> %1477, float %1355, i64 4
  %1479 = insertelement <16 x float> %1478, float %1356, i64 5
  %1480 = insertelement <16 x float> %1479, float %1357, i64 6
  %1481 = insertelement <16 x float> %1480, float %1358, i64 7
  %1482 = insertelement <16 x float> %1481, float %1359, i64 8
  %1483 = insertelement <16 x float> %1482, float %1360, i64 9
  %1484 = insertelement <16 x float> %1483, float %1361, i64 10
  %1485 = insertelement <16 x float> %1484, float %1362, i64 11
  %1486 = insertelement <16 x float> %1485, float %1363, i64 12
  %1487 = insertelement <16 x float> %1486, float %1364, i64 13
  %1488 = insertelement <16 x float> %1487, float %1365, i64 14
  %1489 = insertelement <16 x float> %1488, float %1366, i64 15
  %1490 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1416, <4 x i32> %1461, <16 x float> %1489, i32 4, i32 4, i32 0, i32 %1473, i32 0, i32 %1465)
  %1491 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1414, <4 x i32> %1457, <16 x float> %1490, i32 4, i32 4, i32 1, i32 %1473, i32 1, i32 %1465)
  %1492 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1411, <4 x i32> %1452, <16 x float> %1491, i32 4, i32 4, i32 2, i32 %1473, i32 2, i32 %1465)
  %1493 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1408, <4 x i32> %1447, <16 x float> %1492, i32 4, i32 4, i32 3, i32 %1473, i32 3, i32 %1465)
  %1494 = extractelement <16 x float> %1493, i64 0
  %1495 = extractelement <16 x float> %1493, i64 1
  %1496 = extractelement <16 x float> %1493, i64 2
  %1497 = extractelement <16 x float> %1493, i64 3
  %1498 = extractelement <16 x float> %1493, i64 4
  %1499 = extractelement <16 x float> %1493, i64 5
  %1500 = extractelement <16 x float> %1493, i64 6
  %1501 = extractelement <16 x float> %1493, i64 7
  %1502 = extractelement <16 x float> %1493, i64 8
  %1503 = extractelement <16 x float> %1493, i64 9
  %1504 = extractelement <16 x float> %1493, i64 10
  %1505 = extractelement <16 x float> %1493, i64 11
  %1506 = extractelement <16 x float> %1493, i64 12
  %1507 = extractelement <16 x float> %1493, i64 13
  %1508 = extractelement <16 x float> %1493, i64 14
  %1509 = extractelement <16 x float> %1493, i64 15
  %1510 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %1367, i64 0
  %1511 = insertelement <16 x float> %1510, float %1368, i64 1
  %1512 = insertelement <16 x float> %1511, float %1369, i64 2
  %1513 = insertelement <16 x float> %1512, float %1370, i64 3
  %1514 = insertelement <16 x float> %1513, float %1371, i64 4
  %1515 = insertelement <16 x float> %1514, float %1372, i64 5
  %1516 = insertelement <16 x float> %1515, float %1373, i64 6
  %1517 = insertelement <16 x float> %1516, float %1374, i64 7
  %1518 = insertelement <16 x float> %1517, float %1375, i64 8
  %1519 = insertelement <16 x float> %1518, float %1376, i64 9
  %1520 = insertelement <16 x float> %1519, float %1377, i64 10
  %1521 = insertelement <16 x float> %1520, float %1378, i64 11
  %1522 = insertelement <16 x float> %1521, float %1379, i64 12
  %1523 = insertelement <16 x float> %1522, float %1380, i64 13
  %1524 = insertelement <16 x float> %1523, float %1381, i64 14
  %1525 = insertelement <16 x float> %1524, float %1382, i64 15
  %1526 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1416, <4 x i32> %1460, <16 x float> %1525, i32 4, i32 4, i32 0, i32 %1473, i32 0, i32 %1469)
  %1527 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1414, <4 x i32> %1456, <16 x float> %1526, i32 4, i32 4, i32 1, i32 %1473, i32 1, i32 %1469)
  %1528 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1411, <4 x i32> %1451, <16 x float> %1527, i32 4, i32 4, i32 2, i32 %1473, i32 2, i32 %1469)
  %1529 = tail call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v4i32.v4i32(<4 x i32> %1408, <4 x i32> %1446, <16 x float> %1528, i32 4, i32 4, i32 3, i32 %1473, i32 3, i32 %1469)
  %1530 = extractelement <16 x float> %1529, i64 0
  %1531 = extractelement <16 x float> %1529, i64 1
  %1532 = extractelement <16 x float> %1529, i64 2
  %1533 = extractelement <16 x float> %1529, i64 3
  %1534 = extractelement <16 x float> %1529, i64 4
  %1535 = extractelement <16 x float> %1529, i64 5
  %1536 = extractelement <16 x float> %1529, i64 6
  %1537 = extractelement <16 x float> %1529, i64 7
  %1538 = extractelement <16 x float> %1529, i64 8
  %1539 = extractelement <16 x float> %1529, i64 9
  %1540 = extractelement <16 x float> %1529, i64 10
  %1541 = extractelement <16 x float> %1529, i64 11
  %1542 = extractelement <16 x float> %1529, i64 12
  %1543 = extractelement <16 x float> %1529, i64 13
  %1544 = extractelement <16 x float> %1529, i64 14
  %1545 = extractelement <16 x float> %1529, i64 15
  br label %._crit_edge._crit_edge

._crit_edge._crit_edge:                           ; preds = %._crit_edge, %1383
  %1546 = phi float [ %1545, %1383 ], [ %1382, %._crit_edge ]
  %1547 = phi float [ %1544, %1383 ], [ %1381, %._crit_edge ]
  %1548 = phi float [ %1543, %1383 ], [ %1380, %._crit_edge ]
  %1549 = phi float [ %1542, %1383 ], [ %1379, %._crit_edge ]
  %1550 = phi float [ %1541, %1383 ], [ %1378, %._crit_edge ]
  %1551 = phi float [ %1540, %1383 ], [ %1377, %._crit_edge ]
  %1552 = phi float [ %1539, %1383 ], [ %1376, %._crit_edge ]
  %1553 = phi float [ %1538, %1383 ], [ %1375, %._crit_edge ]
  %1554 = phi float [ %1537, %1383 ], [ %1374, %._crit_edge ]
  %1555 = phi float [ %1536, %1383 ], [ %1373, %._crit_edge ]
  %1556 = phi float [ %1535, %1383 ], [ %1372, %._crit_edge ]
  %1557 = phi float [ %1534, %1383 ], [ %1371, %._crit_edge ]
  %1558 = phi float [ %1533, %1383 ], [ %1370, %._crit_edge ]
  %1559 = phi float [ %1532, %1383 ], [ %1369, %._crit_edge ]
  %1560 = phi float [ %1531, %1383 ], [ %1368, %._crit_edge ]
  %1561 = phi float [ %1530, %1383 ], [ %1367, %._crit_edge ]
  %1562 = phi float [ %1509, %1383 ], [ %1366, %._crit_edge ]
  %1563 = phi float [ %1508, %1383 ], [ %1365, %._crit_edge ]
  %1564 = phi float [ %1507, %1383 ], [ %1364, %._crit_edge ]
  %1565 = phi float [ %1506, %1383 ], [ %1363, %._crit_edge ]
  %1566 = phi float [ %1505, %1383 ], [ %1362, %._crit_edge ]
  %1567 = phi float [ %1504, %1383 ], [ %1361, %._crit_edge ]
  %1568 = phi float [ %1503, %1383 ], [ %1360, %._crit_edge ]
  %1569 = phi float [ %1502, %1383 ], [ %1359, %._crit_edge ]
  %1570 = phi float [ %1501, %1383 ], [ %1358, %._crit_edge ]
  %1571 = phi float [ %1500, %1383 ], [ %1357, %._crit_edge ]
  %1572 = phi float [ %1499, %1383 ], [ %1356, %._crit_edge ]
  %1573 = phi float [ %1498, %1383 ], [ %1355, %._crit_edge ]
  %1574 = phi float [ %1497, %1383 ], [ %1354, %._crit_edge ]
  %1575 = phi float [ %1496, %1383 ], [ %1353, %._crit_edge ]
  %1576 = phi float [ %1495, %1383 ], [ %1352, %._crit_edge ]
  %1577 = phi float [ %1494, %1383 ], [ %1351, %._crit_edge ]
  %1578 = lshr exact i32 %63, 2
  %1579 = lshr exact i32 %62, 1
  %1580 = or disjoint i32 %1578, %1579
  %1581 = or disjoint i32 %1580, 23
  %1582 = or disjoint i32 %98, %1581
  %1583 = icmp slt i32 %1582, %6
  %1584 = or disjoint i32 %1580, 22
  %1585 = or disjoint i32 %98, %1584
  %1586 = icmp slt i32 %1585, %6
  %1587 = or disjoint i32 %1580, 21
  %1588 = or disjoint i32 %98, %1587
  %1589 = icmp slt i32 %1588, %6
  %1590 = or disjoint i32 %1580, 20
  %1591 = or disjoint i32 %98, %1590
  %1592 = icmp slt i32 %1591, %6
  %1593 = or disjoint i32 %1580, 19
  %1594 = or disjoint i32 %98, %1593
  %1595 = icmp slt i32 %1594, %6
  %1596 = or disjoint i32 %1580, 18
  %1597 = or disjoint i32 %98, %1596
  %1598 = icmp slt i32 %1597, %6
  %1599 = or disjoint i32 %1580, 17
  %1600 = or disjoint i32 %98, %1599
  %1601 = icmp slt i32 %1600, %6
  %1602 = or disjoint i32 %1580, 16
  %1603 = or disjoint i32 %98, %1602
  %1604 = icmp slt i32 %1603, %6
  %1605 = or disjoint i32 %1580, 7
  %1606 = or disjoint i32 %98, %1605
  %1607 = icmp slt i32 %1606, %6
  %1608 = or disjoint i32 %1580, 6
  %1609 = or disjoint i32 %98, %1608
  %1610 = icmp slt i32 %1609, %6
  %1611 = or disjoint i32 %1580, 5
  %1612 = or disjoint i32 %98, %1611
  %1613 = icmp slt i32 %1612, %6
  %1614 = or disjoint i32 %1580, 4
  %1615 = or disjoint i32 %98, %1614
  %1616 = icmp slt i32 %1615, %6
  %1617 = or disjoint i32 %1580, 3
  %1618 = or disjoint i32 %98, %1617
  %1619 = icmp slt i32 %1618, %6
  %1620 = or disjoint i32 %1580, 2
  %1621 = or disjoint i32 %98, %1620
  %1622 = icmp slt i32 %1621, %6
  %1623 = or disjoint i32 %1580, 1
  %1624 = or disjoint i32 %98, %1623
  %1625 = icmp slt i32 %1624, %6
  %1626 = or disjoint i32 %98, %1580
  %1627 = icmp slt i32 %1626, %6
  %1628 = lshr exact i32 %24, 3
  %1629 = or disjoint i32 %1628, %23
  %1630 = or disjoint i32 %1629, 64
  %1631 = or disjoint i32 %19, %1630
  %1632 = icmp slt i32 %1631, %5
  %1633 = or disjoint i32 %19, %1629
  %1634 = icmp slt i32 %1633, %5
  %1635 = mul i32 %19, %6
  %1636 = mul i32 %6, %1629
  %1637 = mul i32 %6, %1630
  %1638 = add i32 %1635, %98
  %1639 = add i32 %1638, %1636
  %1640 = add i32 %1639, %1580
  %1641 = add i32 %1639, %1623
  %1642 = add i32 %1639, %1620
  %1643 = add i32 %1639, %1617
  %1644 = add i32 %1639, %1614
  %1645 = add i32 %1639, %1611
  %1646 = add i32 %1639, %1608
  %1647 = add i32 %1639, %1605
  %1648 = add i32 %1639, %1602
  %1649 = add i32 %1639, %1599
  %1650 = add i32 %1639, %1596
  %1651 = add i32 %1639, %1593
  %1652 = add i32 %1639, %1590
  %1653 = add i32 %1639, %1587
  %1654 = add i32 %1639, %1584
  %1655 = add i32 %1639, %1581
  %1656 = add i32 %1638, %1637
  %1657 = add i32 %1656, %1580
  %1658 = add i32 %1656, %1623
  %1659 = add i32 %1656, %1620
  %1660 = add i32 %1656, %1617
  %1661 = add i32 %1656, %1614
  %1662 = add i32 %1656, %1611
  %1663 = add i32 %1656, %1608
  %1664 = add i32 %1656, %1605
  %1665 = add i32 %1656, %1602
  %1666 = add i32 %1656, %1599
  %1667 = add i32 %1656, %1596
  %1668 = add i32 %1656, %1593
  %1669 = add i32 %1656, %1590
  %1670 = add i32 %1656, %1587
  %1671 = add i32 %1656, %1584
  %1672 = add i32 %1656, %1581
  %1673 = and i1 %1634, %1627
  %1674 = and i1 %1634, %1625
  %1675 = and i1 %1634, %1622
  %1676 = and i1 %1634, %1619
  %1677 = and i1 %1634, %1616
  %1678 = and i1 %1634, %1613
  %1679 = and i1 %1634, %1610
  %1680 = and i1 %1634, %1607
  %1681 = and i1 %1634, %1604
  %1682 = and i1 %1634, %1601
  %1683 = and i1 %1634, %1598
  %1684 = and i1 %1634, %1595
  %1685 = and i1 %1634, %1592
  %1686 = and i1 %1634, %1589
  %1687 = and i1 %1634, %1586
  %1688 = and i1 %1634, %1583
  %1689 = and i1 %1632, %1627
  %1690 = and i1 %1632, %1625
  %1691 = and i1 %1632, %1622
  %1692 = and i1 %1632, %1619
  %1693 = and i1 %1632, %1616
  %1694 = and i1 %1632, %1613
  %1695 = and i1 %1632, %1610
  %1696 = and i1 %1632, %1607
  %1697 = and i1 %1632, %1604
  %1698 = and i1 %1632, %1601
  %1699 = and i1 %1632, %1598
  %1700 = and i1 %1632, %1595
  %1701 = and i1 %1632, %1592
  %1702 = and i1 %1632, %1589
  %1703 = and i1 %1632, %1586
  %1704 = and i1 %1632, %1583
  %1705 = insertelement <2 x float> poison, float %1577, i64 0
  %1706 = insertelement <2 x float> %1705, float %1576, i64 1
  %1707 = fptrunc <2 x float> %1706 to <2 x bfloat>
  %1708 = insertelement <2 x float> poison, float %1575, i64 0
  %1709 = insertelement <2 x float> %1708, float %1574, i64 1
  %1710 = fptrunc <2 x float> %1709 to <2 x bfloat>
  %1711 = insertelement <2 x float> poison, float %1573, i64 0
  %1712 = insertelement <2 x float> %1711, float %1572, i64 1
  %1713 = fptrunc <2 x float> %1712 to <2 x bfloat>
  %1714 = insertelement <2 x float> poison, float %1571, i64 0
  %1715 = insertelement <2 x float> %1714, float %1570, i64 1
  %1716 = fptrunc <2 x float> %1715 to <2 x bfloat>
  %1717 = insertelement <2 x float> poison, float %1569, i64 0
  %1718 = insertelement <2 x float> %1717, float %1568, i64 1
  %1719 = fptrunc <2 x float> %1718 to <2 x bfloat>
  %1720 = insertelement <2 x float> poison, float %1567, i64 0
  %1721 = insertelement <2 x float> %1720, float %1566, i64 1
  %1722 = fptrunc <2 x float> %1721 to <2 x bfloat>
  %1723 = insertelement <2 x float> poison, float %1565, i64 0
  %1724 = insertelement <2 x float> %1723, float %1564, i64 1
  %1725 = fptrunc <2 x float> %1724 to <2 x bfloat>
  %1726 = insertelement <2 x float> poison, float %1563, i64 0
  %1727 = insertelement <2 x float> %1726, float %1562, i64 1
  %1728 = fptrunc <2 x float> %1727 to <2 x bfloat>
  %1729 = insertelement <2 x float> poison, float %1561, i64 0
  %1730 = insertelement <2 x float> %1729, float %1560, i64 1
  %1731 = fptrunc <2 x float> %1730 to <2 x bfloat>
  %1732 = insertelement <2 x float> poison, float %1559, i64 0
  %1733 = insertelement <2 x float> %1732, float %1558, i64 1
  %1734 = fptrunc <2 x float> %1733 to <2 x bfloat>
  %1735 = insertelement <2 x float> poison, float %1557, i64 0
  %1736 = insertelement <2 x float> %1735, float %1556, i64 1
  %1737 = fptrunc <2 x float> %1736 to <2 x bfloat>
  %1738 = insertelement <2 x float> poison, float %1555, i64 0
  %1739 = insertelement <2 x float> %1738, float %1554, i64 1
  %1740 = fptrunc <2 x float> %1739 to <2 x bfloat>
  %1741 = insertelement <2 x float> poison, float %1553, i64 0
  %1742 = insertelement <2 x float> %1741, float %1552, i64 1
  %1743 = fptrunc <2 x float> %1742 to <2 x bfloat>
  %1744 = insertelement <2 x float> poison, float %1551, i64 0
  %1745 = insertelement <2 x float> %1744, float %1550, i64 1
  %1746 = fptrunc <2 x float> %1745 to <2 x bfloat>
  %1747 = insertelement <2 x float> poison, float %1549, i64 0
  %1748 = insertelement <2 x float> %1747, float %1548, i64 1
  %1749 = fptrunc <2 x float> %1748 to <2 x bfloat>
  %1750 = insertelement <2 x float> poison, float %1547, i64 0
  %1751 = insertelement <2 x float> %1750, float %1546, i64 1
  %1752 = fptrunc <2 x float> %1751 to <2 x bfloat>
  %1753 = bitcast <2 x bfloat> %1707 to i32
  %1754 = bitcast <2 x bfloat> %1710 to i32
  %1755 = bitcast <2 x bfloat> %1713 to i32
  %1756 = bitcast <2 x bfloat> %1716 to i32
  %1757 = bitcast <2 x bfloat> %1719 to i32
  %1758 = bitcast <2 x bfloat> %1722 to i32
  %1759 = bitcast <2 x bfloat> %1725 to i32
  %1760 = bitcast <2 x bfloat> %1728 to i32
  %1761 = bitcast <2 x bfloat> %1731 to i32
  %1762 = bitcast <2 x bfloat> %1734 to i32
  %1763 = bitcast <2 x bfloat> %1737 to i32
  %1764 = bitcast <2 x bfloat> %1740 to i32
  %1765 = bitcast <2 x bfloat> %1743 to i32
  %1766 = bitcast <2 x bfloat> %1746 to i32
  %1767 = bitcast <2 x bfloat> %1749 to i32
  %1768 = bitcast <2 x bfloat> %1752 to i32
  %1769 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1753, i32 %1755, i1 false, i1 false)
  %1770 = extractvalue { i32, i32 } %1769, 0
  %1771 = extractvalue { i32, i32 } %1769, 1
  %1772 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1754, i32 %1756, i1 false, i1 false)
  %1773 = extractvalue { i32, i32 } %1772, 0
  %1774 = extractvalue { i32, i32 } %1772, 1
  %1775 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1757, i32 %1759, i1 false, i1 false)
  %1776 = extractvalue { i32, i32 } %1775, 0
  %1777 = extractvalue { i32, i32 } %1775, 1
  %1778 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1758, i32 %1760, i1 false, i1 false)
  %1779 = extractvalue { i32, i32 } %1778, 0
  %1780 = extractvalue { i32, i32 } %1778, 1
  %1781 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1761, i32 %1763, i1 false, i1 false)
  %1782 = extractvalue { i32, i32 } %1781, 0
  %1783 = extractvalue { i32, i32 } %1781, 1
  %1784 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1762, i32 %1764, i1 false, i1 false)
  %1785 = extractvalue { i32, i32 } %1784, 0
  %1786 = extractvalue { i32, i32 } %1784, 1
  %1787 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1765, i32 %1767, i1 false, i1 false)
  %1788 = extractvalue { i32, i32 } %1787, 0
  %1789 = extractvalue { i32, i32 } %1787, 1
  %1790 = tail call { i32, i32 } @llvm.amdgcn.permlane32.swap(i32 %1766, i32 %1768, i1 false, i1 false)
  %1791 = extractvalue { i32, i32 } %1790, 0
  %1792 = extractvalue { i32, i32 } %1790, 1
  %extelt.offset = lshr i32 %1770, 16
  %1793 = trunc nuw i32 %extelt.offset to i16
  %extelt.offset2 = lshr i32 %1773, 16
  %1794 = trunc nuw i32 %extelt.offset2 to i16
  %extelt.offset4 = lshr i32 %1771, 16
  %1795 = trunc nuw i32 %extelt.offset4 to i16
  %extelt.offset6 = lshr i32 %1774, 16
  %1796 = trunc nuw i32 %extelt.offset6 to i16
  %extelt.offset8 = lshr i32 %1776, 16
  %1797 = trunc nuw i32 %extelt.offset8 to i16
  %extelt.offset10 = lshr i32 %1779, 16
  %1798 = trunc nuw i32 %extelt.offset10 to i16
  %extelt.offset12 = lshr i32 %1777, 16
  %1799 = trunc nuw i32 %extelt.offset12 to i16
  %extelt.offset14 = lshr i32 %1780, 16
  %1800 = trunc nuw i32 %extelt.offset14 to i16
  %extelt.offset16 = lshr i32 %1782, 16
  %1801 = trunc nuw i32 %extelt.offset16 to i16
  %extelt.offset18 = lshr i32 %1785, 16
  %1802 = trunc nuw i32 %extelt.offset18 to i16
  %extelt.offset20 = lshr i32 %1783, 16
  %1803 = trunc nuw i32 %extelt.offset20 to i16
  %extelt.offset22 = lshr i32 %1786, 16
  %1804 = trunc nuw i32 %extelt.offset22 to i16
  %extelt.offset24 = lshr i32 %1788, 16
  %1805 = trunc nuw i32 %extelt.offset24 to i16
  %extelt.offset26 = lshr i32 %1791, 16
  %1806 = trunc nuw i32 %extelt.offset26 to i16
  %extelt.offset28 = lshr i32 %1789, 16
  %1807 = trunc nuw i32 %extelt.offset28 to i16
  %extelt.offset30 = lshr i32 %1792, 16
  %1808 = trunc nuw i32 %extelt.offset30 to i16
  %1809 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %4, i16 0, i64 2147483646, i32 159744)
  %.extract = trunc i32 %1770 to i16
  %1810 = shl i32 %1640, 1
  %1811 = select i1 %1673, i32 %1810, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract, ptr addrspace(8) %1809, i32 %1811, i32 0, i32 0)
  %1812 = shl i32 %1641, 1
  %1813 = select i1 %1674, i32 %1812, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1793, ptr addrspace(8) %1809, i32 %1813, i32 0, i32 0)
  %.extract1 = trunc i32 %1773 to i16
  %1814 = shl i32 %1642, 1
  %1815 = select i1 %1675, i32 %1814, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract1, ptr addrspace(8) %1809, i32 %1815, i32 0, i32 0)
  %1816 = shl i32 %1643, 1
  %1817 = select i1 %1676, i32 %1816, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1794, ptr addrspace(8) %1809, i32 %1817, i32 0, i32 0)
  %.extract3 = trunc i32 %1771 to i16
  %1818 = shl i32 %1644, 1
  %1819 = select i1 %1677, i32 %1818, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract3, ptr addrspace(8) %1809, i32 %1819, i32 0, i32 0)
  %1820 = shl i32 %1645, 1
  %1821 = select i1 %1678, i32 %1820, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1795, ptr addrspace(8) %1809, i32 %1821, i32 0, i32 0)
  %.extract5 = trunc i32 %1774 to i16
  %1822 = shl i32 %1646, 1
  %1823 = select i1 %1679, i32 %1822, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract5, ptr addrspace(8) %1809, i32 %1823, i32 0, i32 0)
  %1824 = shl i32 %1647, 1
  %1825 = select i1 %1680, i32 %1824, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1796, ptr addrspace(8) %1809, i32 %1825, i32 0, i32 0)
  %.extract7 = trunc i32 %1776 to i16
  %1826 = shl i32 %1648, 1
  %1827 = select i1 %1681, i32 %1826, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract7, ptr addrspace(8) %1809, i32 %1827, i32 0, i32 0)
  %1828 = shl i32 %1649, 1
  %1829 = select i1 %1682, i32 %1828, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1797, ptr addrspace(8) %1809, i32 %1829, i32 0, i32 0)
  %.extract9 = trunc i32 %1779 to i16
  %1830 = shl i32 %1650, 1
  %1831 = select i1 %1683, i32 %1830, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract9, ptr addrspace(8) %1809, i32 %1831, i32 0, i32 0)
  %1832 = shl i32 %1651, 1
  %1833 = select i1 %1684, i32 %1832, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1798, ptr addrspace(8) %1809, i32 %1833, i32 0, i32 0)
  %.extract11 = trunc i32 %1777 to i16
  %1834 = shl i32 %1652, 1
  %1835 = select i1 %1685, i32 %1834, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract11, ptr addrspace(8) %1809, i32 %1835, i32 0, i32 0)
  %1836 = shl i32 %1653, 1
  %1837 = select i1 %1686, i32 %1836, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1799, ptr addrspace(8) %1809, i32 %1837, i32 0, i32 0)
  %.extract13 = trunc i32 %1780 to i16
  %1838 = shl i32 %1654, 1
  %1839 = select i1 %1687, i32 %1838, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract13, ptr addrspace(8) %1809, i32 %1839, i32 0, i32 0)
  %1840 = shl i32 %1655, 1
  %1841 = select i1 %1688, i32 %1840, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1800, ptr addrspace(8) %1809, i32 %1841, i32 0, i32 0)
  %.extract15 = trunc i32 %1782 to i16
  %1842 = shl i32 %1657, 1
  %1843 = select i1 %1689, i32 %1842, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract15, ptr addrspace(8) %1809, i32 %1843, i32 0, i32 0)
  %1844 = shl i32 %1658, 1
  %1845 = select i1 %1690, i32 %1844, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1801, ptr addrspace(8) %1809, i32 %1845, i32 0, i32 0)
  %.extract17 = trunc i32 %1785 to i16
  %1846 = shl i32 %1659, 1
  %1847 = select i1 %1691, i32 %1846, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract17, ptr addrspace(8) %1809, i32 %1847, i32 0, i32 0)
  %1848 = shl i32 %1660, 1
  %1849 = select i1 %1692, i32 %1848, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1802, ptr addrspace(8) %1809, i32 %1849, i32 0, i32 0)
  %.extract19 = trunc i32 %1783 to i16
  %1850 = shl i32 %1661, 1
  %1851 = select i1 %1693, i32 %1850, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract19, ptr addrspace(8) %1809, i32 %1851, i32 0, i32 0)
  %1852 = shl i32 %1662, 1
  %1853 = select i1 %1694, i32 %1852, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1803, ptr addrspace(8) %1809, i32 %1853, i32 0, i32 0)
  %.extract21 = trunc i32 %1786 to i16
  %1854 = shl i32 %1663, 1
  %1855 = select i1 %1695, i32 %1854, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract21, ptr addrspace(8) %1809, i32 %1855, i32 0, i32 0)
  %1856 = shl i32 %1664, 1
  %1857 = select i1 %1696, i32 %1856, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1804, ptr addrspace(8) %1809, i32 %1857, i32 0, i32 0)
  %.extract23 = trunc i32 %1788 to i16
  %1858 = shl i32 %1665, 1
  %1859 = select i1 %1697, i32 %1858, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract23, ptr addrspace(8) %1809, i32 %1859, i32 0, i32 0)
  %1860 = shl i32 %1666, 1
  %1861 = select i1 %1698, i32 %1860, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1805, ptr addrspace(8) %1809, i32 %1861, i32 0, i32 0)
  %.extract25 = trunc i32 %1791 to i16
  %1862 = shl i32 %1667, 1
  %1863 = select i1 %1699, i32 %1862, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract25, ptr addrspace(8) %1809, i32 %1863, i32 0, i32 0)
  %1864 = shl i32 %1668, 1
  %1865 = select i1 %1700, i32 %1864, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1806, ptr addrspace(8) %1809, i32 %1865, i32 0, i32 0)
  %.extract27 = trunc i32 %1789 to i16
  %1866 = shl i32 %1669, 1
  %1867 = select i1 %1701, i32 %1866, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract27, ptr addrspace(8) %1809, i32 %1867, i32 0, i32 0)
  %1868 = shl i32 %1670, 1
  %1869 = select i1 %1702, i32 %1868, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1807, ptr addrspace(8) %1809, i32 %1869, i32 0, i32 0)
  %.extract29 = trunc i32 %1792 to i16
  %1870 = shl i32 %1671, 1
  %1871 = select i1 %1703, i32 %1870, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract29, ptr addrspace(8) %1809, i32 %1871, i32 0, i32 0)
  %1872 = shl i32 %1672, 1
  %1873 = select i1 %1704, i32 %1872, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %1808, ptr addrspace(8) %1809, i32 %1873, i32 0, i32 0)
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

attributes #0 = { nofree norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,512" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" "uniform-work-group-size"="true" }
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
