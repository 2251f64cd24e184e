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
  %22 = lshr i32 %20, 7
  %.lobit = and i32 %22, 1
  %23 = or disjoint i32 %.lobit, 2
  %24 = or disjoint i32 %.lobit, 4
  %25 = or i32 %22, 6
  %26 = or disjoint i32 %.lobit, 8
  %27 = or disjoint i32 %.lobit, 10
  %28 = or disjoint i32 %.lobit, 12
  %29 = or i32 %22, 14
  %30 = and i32 %20, 15
  %31 = or disjoint i32 %19, %.lobit
  %32 = or disjoint i32 %19, %23
  %33 = or disjoint i32 %19, %24
  %34 = or disjoint i32 %19, %25
  %35 = or disjoint i32 %19, %26
  %36 = or disjoint i32 %19, %27
  %37 = or disjoint i32 %19, %28
  %38 = or disjoint i32 %19, %29
  %39 = or disjoint i32 %19, %30
  %40 = shl nsw i32 %.decomposed, 6
  %41 = or disjoint i32 %.lobit, 16
  %42 = or disjoint i32 %.lobit, 18
  %43 = or disjoint i32 %.lobit, 20
  %44 = or i32 %22, 22
  %45 = or disjoint i32 %.lobit, 24
  %46 = or disjoint i32 %.lobit, 26
  %47 = or disjoint i32 %.lobit, 28
  %48 = or i32 %22, 30
  %49 = or disjoint i32 %.lobit, 32
  %50 = or disjoint i32 %.lobit, 34
  %51 = or disjoint i32 %.lobit, 36
  %52 = or i32 %22, 38
  %53 = or disjoint i32 %.lobit, 40
  %54 = or disjoint i32 %.lobit, 42
  %55 = or disjoint i32 %.lobit, 44
  %56 = or i32 %22, 46
  %57 = or disjoint i32 %.lobit, 48
  %58 = or disjoint i32 %.lobit, 50
  %59 = or disjoint i32 %.lobit, 52
  %60 = or i32 %22, 54
  %61 = or disjoint i32 %.lobit, 56
  %62 = or disjoint i32 %.lobit, 58
  %63 = or disjoint i32 %.lobit, 60
  %64 = or i32 %22, 62
  %65 = lshr i32 %20, 3
  %66 = and i32 %65, 31
  %67 = or disjoint i32 %66, 32
  %68 = or disjoint i32 %40, %.lobit
  %69 = or disjoint i32 %40, %23
  %70 = or disjoint i32 %40, %24
  %71 = or disjoint i32 %40, %25
  %72 = or disjoint i32 %40, %26
  %73 = or disjoint i32 %40, %27
  %74 = or disjoint i32 %40, %28
  %75 = or disjoint i32 %40, %29
  %76 = or disjoint i32 %40, %41
  %77 = or disjoint i32 %40, %42
  %78 = or disjoint i32 %40, %43
  %79 = or disjoint i32 %40, %44
  %80 = or disjoint i32 %40, %45
  %81 = or disjoint i32 %40, %46
  %82 = or disjoint i32 %40, %47
  %83 = or disjoint i32 %40, %48
  %84 = or disjoint i32 %40, %49
  %85 = or disjoint i32 %40, %50
  %86 = or disjoint i32 %40, %51
  %87 = or disjoint i32 %40, %52
  %88 = or disjoint i32 %40, %53
  %89 = or disjoint i32 %40, %54
  %90 = or disjoint i32 %40, %55
  %91 = or disjoint i32 %40, %56
  %92 = or disjoint i32 %40, %57
  %93 = or disjoint i32 %40, %58
  %94 = or disjoint i32 %40, %59
  %95 = or disjoint i32 %40, %60
  %96 = or disjoint i32 %40, %61
  %97 = or disjoint i32 %40, %62
  %98 = or disjoint i32 %40, %63
  %99 = or disjoint i32 %40, %64
  %100 = or disjoint i32 %40, %66
  %101 = or disjoint i32 %40, %67
  %102 = icmp slt i32 %31, %5
  %103 = icmp slt i32 %32, %5
  %104 = icmp slt i32 %33, %5
  %105 = icmp slt i32 %34, %5
  %106 = icmp slt i32 %35, %5
  %107 = icmp slt i32 %36, %5
  %108 = icmp slt i32 %37, %5
  %109 = icmp slt i32 %38, %5
  %110 = icmp slt i32 %39, %5
  %111 = icmp slt i32 %68, %6
  %112 = icmp slt i32 %69, %6
  %113 = icmp slt i32 %70, %6
  %114 = icmp slt i32 %71, %6
  %115 = icmp slt i32 %72, %6
  %116 = icmp slt i32 %73, %6
  %117 = icmp slt i32 %74, %6
  %118 = icmp slt i32 %75, %6
  %119 = icmp slt i32 %76, %6
  %120 = icmp slt i32 %77, %6
  %121 = icmp slt i32 %78, %6
  %122 = icmp slt i32 %79, %6
  %123 = icmp slt i32 %80, %6
  %124 = icmp slt i32 %81, %6
  %125 = icmp slt i32 %82, %6
  %126 = icmp slt i32 %83, %6
  %127 = icmp slt i32 %84, %6
  %128 = icmp slt i32 %85, %6
  %129 = icmp slt i32 %86, %6
  %130 = icmp slt i32 %87, %6
  %131 = icmp slt i32 %88, %6
  %132 = icmp slt i32 %89, %6
  %133 = icmp slt i32 %90, %6
  %134 = icmp slt i32 %91, %6
  %135 = icmp slt i32 %92, %6
  %136 = icmp slt i32 %93, %6
  %137 = icmp slt i32 %94, %6
  %138 = icmp slt i32 %95, %6
  %139 = icmp slt i32 %96, %6
  %140 = icmp slt i32 %97, %6
  %141 = icmp slt i32 %98, %6
  %142 = icmp slt i32 %99, %6
  %143 = icmp slt i32 %100, %6
  %144 = icmp slt i32 %101, %6
  %145 = and i32 %20, 127
  %146 = and i32 %20, 48
  %147 = lshr exact i32 %146, 4
  %148 = or disjoint i32 %147, 4
  %149 = and i32 %20, 7
  %150 = add i32 %7, 255
  %151 = mul i32 %19, %16
  %152 = mul i32 %19, %18
  %153 = mul i32 %40, %16
  %154 = mul i32 %40, %18
  %155 = icmp sgt i32 %150, 255
  %156 = mul nuw nsw i32 %16, %.lobit
  %157 = mul i32 %16, %23
  %158 = mul i32 %16, %24
  %159 = mul i32 %16, %25
  %160 = mul i32 %16, %26
  %161 = mul i32 %16, %27
  %162 = mul i32 %16, %28
  %163 = mul i32 %16, %29
  %164 = add nsw i32 %156, %145
  %165 = add i32 %157, %145
  %166 = add i32 %158, %145
  %167 = add i32 %159, %145
  %168 = add i32 %160, %145
  %169 = add i32 %161, %145
  %170 = add i32 %162, %145
  %171 = add i32 %163, %145
  %172 = add i32 %151, %164
  %173 = add i32 %151, %165
  %174 = add i32 %151, %166
  %175 = add i32 %151, %167
  %176 = add i32 %151, %168
  %177 = add i32 %151, %169
  %178 = add i32 %151, %170
  %179 = add i32 %151, %171
  %180 = icmp slt i32 %145, %16
  %181 = and i1 %180, %102
  %182 = and i1 %180, %103
  %183 = and i1 %180, %104
  %184 = and i1 %180, %105
  %185 = and i1 %180, %106
  %186 = and i1 %180, %107
  %187 = and i1 %180, %108
  %188 = and i1 %180, %109
  %189 = and i1 %155, %181
  %190 = and i1 %155, %182
  %191 = and i1 %155, %183
  %192 = and i1 %155, %184
  %193 = and i1 %155, %185
  %194 = and i1 %155, %186
  %195 = and i1 %155, %187
  %196 = and i1 %155, %188
  %197 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %0, i16 0, i64 2147483646, i32 159744)
  %198 = select i1 %189, i32 %172, i32 -2147483648
  %199 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %198, i32 0, i32 0)
  %200 = select i1 %190, i32 %173, i32 -2147483648
  %201 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %200, i32 0, i32 0)
  %202 = select i1 %191, i32 %174, i32 -2147483648
  %203 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %202, i32 0, i32 0)
  %204 = select i1 %192, i32 %175, i32 -2147483648
  %205 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %204, i32 0, i32 0)
  %206 = select i1 %193, i32 %176, i32 -2147483648
  %207 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %206, i32 0, i32 0)
  %208 = select i1 %194, i32 %177, i32 -2147483648
  %209 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %208, i32 0, i32 0)
  %210 = select i1 %195, i32 %178, i32 -2147483648
  %211 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %210, i32 0, i32 0)
  %212 = select i1 %196, i32 %179, i32 -2147483648
  %213 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %212, i32 0, i32 0)
  %214 = mul nsw i32 %18, %30
  %215 = add nsw i32 %214, %147
  %216 = add nsw i32 %214, %148
  %217 = add i32 %152, %215
  %218 = add i32 %152, %216
  %219 = icmp slt i32 %147, %18
  %220 = icmp slt i32 %148, %18
  %221 = and i1 %219, %110
  %222 = and i1 %220, %110
  %223 = and i1 %155, %221
  %224 = and i1 %155, %222
  %225 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %1, i16 0, i64 2147483646, i32 159744)
  %226 = select i1 %223, i32 %217, i32 -2147483648
  %227 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %225, i32 %226, i32 0, i32 0)
  %228 = select i1 %223, i8 %227, i8 127
  %229 = select i1 %224, i32 %218, i32 -2147483648
  %230 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %225, i32 %229, i32 0, i32 0)
  %231 = select i1 %224, i8 %230, i8 127
  %232 = icmp slt i32 %149, %18
  %233 = mul i32 %16, %41
  %234 = mul i32 %16, %42
  %235 = mul i32 %16, %43
  %236 = mul i32 %16, %44
  %237 = mul i32 %16, %45
  %238 = mul i32 %16, %46
  %239 = mul i32 %16, %47
  %240 = mul i32 %16, %48
  %241 = mul i32 %16, %49
  %242 = mul i32 %16, %50
  %243 = mul i32 %16, %51
  %244 = mul i32 %16, %52
  %245 = mul i32 %16, %53
  %246 = mul i32 %16, %54
  %247 = mul i32 %16, %55
  %248 = mul i32 %16, %56
  %249 = mul i32 %16, %57
  %250 = mul i32 %16, %58
  %251 = mul i32 %16, %59
  %252 = mul i32 %16, %60
  %253 = mul i32 %16, %61
  %254 = mul i32 %16, %62
  %255 = mul i32 %16, %63
  %256 = mul i32 %16, %64
  %257 = add i32 %233, %145
  %258 = add i32 %234, %145
  %259 = add i32 %235, %145
  %260 = add i32 %236, %145
  %261 = add i32 %237, %145
  %262 = add i32 %238, %145
  %263 = add i32 %239, %145
  %264 = add i32 %240, %145
  %265 = add i32 %241, %145
  %266 = add i32 %242, %145
  %267 = add i32 %243, %145
  %268 = add i32 %244, %145
  %269 = add i32 %245, %145
  %270 = add i32 %246, %145
  %271 = add i32 %247, %145
  %272 = add i32 %248, %145
  %273 = add i32 %249, %145
  %274 = add i32 %250, %145
  %275 = add i32 %251, %145
  %276 = add i32 %252, %145
  %277 = add i32 %253, %145
  %278 = add i32 %254, %145
  %279 = add i32 %255, %145
  %280 = add i32 %256, %145
  %281 = add i32 %153, %164
  %282 = add i32 %153, %165
  %283 = add i32 %153, %166
  %284 = add i32 %153, %167
  %285 = add i32 %153, %168
  %286 = add i32 %153, %169
  %287 = add i32 %153, %170
  %288 = add i32 %153, %171
  %289 = add i32 %153, %257
  %290 = add i32 %153, %258
  %291 = add i32 %153, %259
  %292 = add i32 %153, %260
  %293 = add i32 %153, %261
  %294 = add i32 %153, %262
  %295 = add i32 %153, %263
  %296 = add i32 %153, %264
  %297 = add i32 %153, %265
  %298 = add i32 %153, %266
  %299 = add i32 %153, %267
  %300 = add i32 %153, %268
  %301 = add i32 %153, %269
  %302 = add i32 %153, %270
  %303 = add i32 %153, %271
  %304 = add i32 %153, %272
  %305 = add i32 %153, %273
  %306 = add i32 %153, %274
  %307 = add i32 %153, %275
  %308 = add i32 %153, %276
  %309 = add i32 %153, %277
  %310 = add i32 %153, %278
  %311 = add i32 %153, %279
  %312 = add i32 %153, %280
  %313 = and i1 %180, %111
  %314 = and i1 %180, %112
  %315 = and i1 %180, %113
  %316 = and i1 %180, %114
  %317 = and i1 %180, %115
  %318 = and i1 %180, %116
  %319 = and i1 %180, %117
  %320 = and i1 %180, %118
  %321 = and i1 %180, %119
  %322 = and i1 %180, %120
  %323 = and i1 %180, %121
  %324 = and i1 %180, %122
  %325 = and i1 %180, %123
  %326 = and i1 %180, %124
  %327 = and i1 %180, %125
  %328 = and i1 %180, %126
  %329 = and i1 %180, %127
  %330 = and i1 %180, %128
  %331 = and i1 %180, %129
  %332 = and i1 %180, %130
  %333 = and i1 %180, %131
  %334 = and i1 %180, %132
  %335 = and i1 %180, %133
  %336 = and i1 %180, %134
  %337 = and i1 %180, %135
  %338 = and i1 %180, %136
  %339 = and i1 %180, %137
  %340 = and i1 %180, %138
  %341 = and i1 %180, %139
  %342 = and i1 %180, %140
  %343 = and i1 %180, %141
  %344 = and i1 %180, %142
  %345 = and i1 %155, %313
  %346 = and i1 %155, %314
  %347 = and i1 %155, %315
  %348 = and i1 %155, %316
  %349 = and i1 %155, %317
  %350 = and i1 %155, %318
  %351 = and i1 %155, %319
  %352 = and i1 %155, %320
  %353 = and i1 %155, %321
  %354 = and i1 %155, %322
  %355 = and i1 %155, %323
  %356 = and i1 %155, %324
  %357 = and i1 %155, %325
  %358 = and i1 %155, %326
  %359 = and i1 %155, %327
  %360 = and i1 %155, %328
  %361 = and i1 %155, %329
  %362 = and i1 %155, %330
  %363 = and i1 %155, %331
  %364 = and i1 %155, %332
  %365 = and i1 %155, %333
  %366 = and i1 %155, %334
  %367 = and i1 %155, %335
  %368 = and i1 %155, %336
  %369 = and i1 %155, %337
  %370 = and i1 %155, %338
  %371 = and i1 %155, %339
  %372 = and i1 %155, %340
  %373 = and i1 %155, %341
  %374 = and i1 %155, %342
  %375 = and i1 %155, %343
  %376 = and i1 %155, %344
  %377 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %2, i16 0, i64 2147483646, i32 159744)
  %378 = select i1 %345, i32 %281, i32 -2147483648
  %379 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %378, i32 0, i32 0)
  %380 = select i1 %346, i32 %282, i32 -2147483648
  %381 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %380, i32 0, i32 0)
  %382 = select i1 %347, i32 %283, i32 -2147483648
  %383 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %382, i32 0, i32 0)
  %384 = select i1 %348, i32 %284, i32 -2147483648
  %385 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %384, i32 0, i32 0)
  %386 = select i1 %349, i32 %285, i32 -2147483648
  %387 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %386, i32 0, i32 0)
  %388 = select i1 %350, i32 %286, i32 -2147483648
  %389 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %388, i32 0, i32 0)
  %390 = select i1 %351, i32 %287, i32 -2147483648
  %391 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %390, i32 0, i32 0)
  %392 = select i1 %352, i32 %288, i32 -2147483648
  %393 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %392, i32 0, i32 0)
  %394 = select i1 %353, i32 %289, i32 -2147483648
  %395 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %394, i32 0, i32 0)
  %396 = select i1 %354, i32 %290, i32 -2147483648
  %397 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %396, i32 0, i32 0)
  %398 = select i1 %355, i32 %291, i32 -2147483648
  %399 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %398, i32 0, i32 0)
  %400 = select i1 %356, i32 %292, i32 -2147483648
  %401 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %400, i32 0, i32 0)
  %402 = select i1 %357, i32 %293, i32 -2147483648
  %403 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %402, i32 0, i32 0)
  %404 = select i1 %358, i32 %294, i32 -2147483648
  %405 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %404, i32 0, i32 0)
  %406 = select i1 %359, i32 %295, i32 -2147483648
  %407 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %406, i32 0, i32 0)
  %408 = select i1 %360, i32 %296, i32 -2147483648
  %409 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %408, i32 0, i32 0)
  %410 = select i1 %361, i32 %297, i32 -2147483648
  %411 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %410, i32 0, i32 0)
  %412 = select i1 %362, i32 %298, i32 -2147483648
  %413 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %412, i32 0, i32 0)
  %414 = select i1 %363, i32 %299, i32 -2147483648
  %415 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %414, i32 0, i32 0)
  %416 = select i1 %364, i32 %300, i32 -2147483648
  %417 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %416, i32 0, i32 0)
  %418 = select i1 %365, i32 %301, i32 -2147483648
  %419 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %418, i32 0, i32 0)
  %420 = select i1 %366, i32 %302, i32 -2147483648
  %421 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %420, i32 0, i32 0)
  %422 = select i1 %367, i32 %303, i32 -2147483648
  %423 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %422, i32 0, i32 0)
  %424 = select i1 %368, i32 %304, i32 -2147483648
  %425 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %424, i32 0, i32 0)
  %426 = select i1 %369, i32 %305, i32 -2147483648
  %427 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %426, i32 0, i32 0)
  %428 = select i1 %370, i32 %306, i32 -2147483648
  %429 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %428, i32 0, i32 0)
  %430 = select i1 %371, i32 %307, i32 -2147483648
  %431 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %430, i32 0, i32 0)
  %432 = select i1 %372, i32 %308, i32 -2147483648
  %433 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %432, i32 0, i32 0)
  %434 = select i1 %373, i32 %309, i32 -2147483648
  %435 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %434, i32 0, i32 0)
  %436 = select i1 %374, i32 %310, i32 -2147483648
  %437 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %436, i32 0, i32 0)
  %438 = select i1 %375, i32 %311, i32 -2147483648
  %439 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %438, i32 0, i32 0)
  %440 = select i1 %376, i32 %312, i32 -2147483648
  %441 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %440, i32 0, i32 0)
  %442 = mul nsw i32 %18, %66
  %443 = mul i32 %18, %67
  %444 = add nsw i32 %442, %149
  %445 = add i32 %443, %149
  %446 = add i32 %154, %444
  %447 = add i32 %154, %445
  %448 = and i1 %232, %143
  %449 = and i1 %232, %144
  %450 = and i1 %155, %448
  %451 = and i1 %155, %449
  %452 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %3, i16 0, i64 2147483646, i32 159744)
  %453 = select i1 %450, i32 %446, i32 -2147483648
  %454 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %452, i32 %453, i32 0, i32 0)
  %455 = select i1 %450, i8 %454, i8 127
  %456 = select i1 %451, i32 %447, i32 -2147483648
  %457 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %452, i32 %456, i32 0, i32 0)
  %458 = select i1 %451, i8 %457, i8 127
  %459 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %21
  %460 = insertelement <1 x i8> poison, i8 %199, i64 0
  store <1 x i8> %460, ptr addrspace(3) %459, align 1
  %461 = xor i32 %21, 272
  %462 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %461
  %463 = insertelement <1 x i8> poison, i8 %201, i64 0
  store <1 x i8> %463, ptr addrspace(3) %462, align 1
  %464 = xor i32 %21, 544
  %465 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %464
  %466 = insertelement <1 x i8> poison, i8 %203, i64 0
  store <1 x i8> %466, ptr addrspace(3) %465, align 1
  %467 = xor i32 %21, 816
  %468 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %467
  %469 = insertelement <1 x i8> poison, i8 %205, i64 0
  store <1 x i8> %469, ptr addrspace(3) %468, align 1
  %470 = xor i32 %21, 1088
  %471 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %470
  %472 = insertelement <1 x i8> poison, i8 %207, i64 0
  store <1 x i8> %472, ptr addrspace(3) %471, align 1
  %473 = xor i32 %21, 1360
  %474 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %473
  %475 = insertelement <1 x i8> poison, i8 %209, i64 0
  store <1 x i8> %475, ptr addrspace(3) %474, align 1
  %476 = xor i32 %21, 1632
  %477 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %476
  %478 = insertelement <1 x i8> poison, i8 %211, i64 0
  store <1 x i8> %478, ptr addrspace(3) %477, align 1
  %479 = xor i32 %21, 1904
  %480 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %479
  %481 = insertelement <1 x i8> poison, i8 %213, i64 0
  store <1 x i8> %481, ptr addrspace(3) %480, align 1
  %482 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %21
  %483 = insertelement <1 x i8> poison, i8 %379, i64 0
  store <1 x i8> %483, ptr addrspace(3) %482, align 1
  %484 = getelementptr inbounds nuw i8, ptr addrspace(3) %482, i32 2048
  %485 = insertelement <1 x i8> poison, i8 %395, i64 0
  store <1 x i8> %485, ptr addrspace(3) %484, align 1
  %486 = getelementptr inbounds nuw i8, ptr addrspace(3) %482, i32 4096
  %487 = insertelement <1 x i8> poison, i8 %411, i64 0
  store <1 x i8> %487, ptr addrspace(3) %486, align 1
  %488 = getelementptr inbounds nuw i8, ptr addrspace(3) %482, i32 6144
  %489 = insertelement <1 x i8> poison, i8 %427, i64 0
  store <1 x i8> %489, ptr addrspace(3) %488, align 1
  %490 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %461
  %491 = insertelement <1 x i8> poison, i8 %381, i64 0
  store <1 x i8> %491, ptr addrspace(3) %490, align 1
  %492 = getelementptr inbounds nuw i8, ptr addrspace(3) %490, i32 2048
  %493 = insertelement <1 x i8> poison, i8 %397, i64 0
  store <1 x i8> %493, ptr addrspace(3) %492, align 1
  %494 = getelementptr inbounds nuw i8, ptr addrspace(3) %490, i32 4096
  %495 = insertelement <1 x i8> poison, i8 %413, i64 0
  store <1 x i8> %495, ptr addrspace(3) %494, align 1
  %496 = getelementptr inbounds nuw i8, ptr addrspace(3) %490, i32 6144
  %497 = insertelement <1 x i8> poison, i8 %429, i64 0
  store <1 x i8> %497, ptr addrspace(3) %496, align 1
  %498 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %464
  %499 = insertelement <1 x i8> poison, i8 %383, i64 0
  store <1 x i8> %499, ptr addrspace(3) %498, align 1
  %500 = getelementptr inbounds nuw i8, ptr addrspace(3) %498, i32 2048
  %501 = insertelement <1 x i8> poison, i8 %399, i64 0
  store <1 x i8> %501, ptr addrspace(3) %500, align 1
  %502 = getelementptr inbounds nuw i8, ptr addrspace(3) %498, i32 4096
  %503 = insertelement <1 x i8> poison, i8 %415, i64 0
  store <1 x i8> %503, ptr addrspace(3) %502, align 1
  %504 = getelementptr inbounds nuw i8, ptr addrspace(3) %498, i32 6144
  %505 = insertelement <1 x i8> poison, i8 %431, i64 0
  store <1 x i8> %505, ptr addrspace(3) %504, align 1
  %506 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %467
  %507 = insertelement <1 x i8> poison, i8 %385, i64 0
  store <1 x i8> %507, ptr addrspace(3) %506, align 1
  %508 = getelementptr inbounds nuw i8, ptr addrspace(3) %506, i32 2048
  %509 = insertelement <1 x i8> poison, i8 %401, i64 0
  store <1 x i8> %509, ptr addrspace(3) %508, align 1
  %510 = getelementptr inbounds nuw i8, ptr addrspace(3) %506, i32 4096
  %511 = insertelement <1 x i8> poison, i8 %417, i64 0
  store <1 x i8> %511, ptr addrspace(3) %510, align 1
  %512 = getelementptr inbounds nuw i8, ptr addrspace(3) %506, i32 6144
  %513 = insertelement <1 x i8> poison, i8 %433, i64 0
  store <1 x i8> %513, ptr addrspace(3) %512, align 1
  %514 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %470
  %515 = insertelement <1 x i8> poison, i8 %387, i64 0
  store <1 x i8> %515, ptr addrspace(3) %514, align 1
  %516 = getelementptr inbounds nuw i8, ptr addrspace(3) %514, i32 2048
  %517 = insertelement <1 x i8> poison, i8 %403, i64 0
  store <1 x i8> %517, ptr addrspace(3) %516, align 1
  %518 = getelementptr inbounds nuw i8, ptr addrspace(3) %514, i32 4096
  %519 = insertelement <1 x i8> poison, i8 %419, i64 0
  store <1 x i8> %519, ptr addrspace(3) %518, align 1
  %520 = getelementptr inbounds nuw i8, ptr addrspace(3) %514, i32 6144
  %521 = insertelement <1 x i8> poison, i8 %435, i64 0
  store <1 x i8> %521, ptr addrspace(3) %520, align 1
  %522 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %473
  %523 = insertelement <1 x i8> poison, i8 %389, i64 0
  store <1 x i8> %523, ptr addrspace(3) %522, align 1
  %524 = getelementptr inbounds nuw i8, ptr addrspace(3) %522, i32 2048
  %525 = insertelement <1 x i8> poison, i8 %405, i64 0
  store <1 x i8> %525, ptr addrspace(3) %524, align 1
  %526 = getelementptr inbounds nuw i8, ptr addrspace(3) %522, i32 4096
  %527 = insertelement <1 x i8> poison, i8 %421, i64 0
  store <1 x i8> %527, ptr addrspace(3) %526, align 1
  %528 = getelementptr inbounds nuw i8, ptr addrspace(3) %522, i32 6144
  %529 = insertelement <1 x i8> poison, i8 %437, i64 0
  store <1 x i8> %529, ptr addrspace(3) %528, align 1
  %530 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %476
  %531 = insertelement <1 x i8> poison, i8 %391, i64 0
  store <1 x i8> %531, ptr addrspace(3) %530, align 1
  %532 = getelementptr inbounds nuw i8, ptr addrspace(3) %530, i32 2048
  %533 = insertelement <1 x i8> poison, i8 %407, i64 0
  store <1 x i8> %533, ptr addrspace(3) %532, align 1
  %534 = getelementptr inbounds nuw i8, ptr addrspace(3) %530, i32 4096
  %535 = insertelement <1 x i8> poison, i8 %423, i64 0
  store <1 x i8> %535, ptr addrspace(3) %534, align 1
  %536 = getelementptr inbounds nuw i8, ptr addrspace(3) %530, i32 6144
  %537 = insertelement <1 x i8> poison, i8 %439, i64 0
  store <1 x i8> %537, ptr addrspace(3) %536, align 1
  %538 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %479
  %539 = insertelement <1 x i8> poison, i8 %393, i64 0
  store <1 x i8> %539, ptr addrspace(3) %538, align 1
  %540 = getelementptr inbounds nuw i8, ptr addrspace(3) %538, i32 2048
  %541 = insertelement <1 x i8> poison, i8 %409, i64 0
  store <1 x i8> %541, ptr addrspace(3) %540, align 1
  %542 = getelementptr inbounds nuw i8, ptr addrspace(3) %538, i32 4096
  %543 = insertelement <1 x i8> poison, i8 %425, i64 0
  store <1 x i8> %543, ptr addrspace(3) %542, align 1
  %544 = getelementptr inbounds nuw i8, ptr addrspace(3) %538, i32 6144
  %545 = insertelement <1 x i8> poison, i8 %441, i64 0
  store <1 x i8> %545, ptr addrspace(3) %544, align 1
  %546 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 10240), i32 %21
  %547 = insertelement <1 x i8> poison, i8 %455, i64 0
  store <1 x i8> %547, ptr addrspace(3) %546, align 1
  %548 = getelementptr inbounds nuw i8, ptr addrspace(3) %546, i32 256
  %549 = insertelement <1 x i8> poison, i8 %458, i64 0
  store <1 x i8> %549, ptr addrspace(3) %548, align 1
  %550 = icmp sgt i32 %150, 511
  br i1 %550, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %10
  %551 = lshr i32 %150, 8
  %552 = shl nuw nsw i32 %30, 7
  %553 = shl nuw nsw i32 %20, 3
  %554 = and i32 %553, 112
  %555 = xor i32 %554, %146
  %556 = or disjoint i32 %555, %552
  %557 = xor i32 %556, 64
  %558 = and i32 %20, 192
  %559 = shl nuw nsw i32 %558, 5
  %560 = or disjoint i32 %559, %554
  %561 = xor i32 %560, %146
  %562 = or disjoint i32 %561, %552
  %563 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %562
  %564 = xor i32 %562, 64
  %565 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %564
  %566 = shl nuw nsw i32 %30, 3
  %567 = shl nuw nsw i32 %558, 1
  %568 = add nsw i32 %551, -2
  %569 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %556
  %570 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %557
  %571 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 10240), i32 %567
  %572 = getelementptr inbounds nuw i8, ptr addrspace(3) %571, i32 %566
  %573 = getelementptr inbounds nuw i8, ptr addrspace(3) %572, i32 %147
  %574 = getelementptr inbounds nuw i8, ptr addrspace(3) %573, i32 4
  br label %575

575:                                              ; preds = %.lr.ph, %575
  %.pn113 = phi i8 [ %231, %.lr.ph ], [ %637, %575 ]
  %.pn312 = phi i8 [ %228, %.lr.ph ], [ %634, %575 ]
  %576 = phi float [ 0.000000e+00, %.lr.ph ], [ %795, %575 ]
  %577 = phi float [ 0.000000e+00, %.lr.ph ], [ %796, %575 ]
  %578 = phi float [ 0.000000e+00, %.lr.ph ], [ %797, %575 ]
  %579 = phi float [ 0.000000e+00, %.lr.ph ], [ %798, %575 ]
  %580 = phi i32 [ 0, %.lr.ph ], [ %581, %575 ]
  %581 = add nuw nsw i32 %580, 1
  %582 = shl i32 %581, 7
  %583 = or disjoint i32 %582, %145
  %584 = shl i32 %581, 3
  %585 = or disjoint i32 %584, %147
  %586 = or disjoint i32 %584, %148
  %587 = or disjoint i32 %584, %149
  %588 = add i32 %582, %151
  %589 = add i32 %588, %164
  %590 = add i32 %588, %165
  %591 = add i32 %588, %166
  %592 = add i32 %588, %167
  %593 = add i32 %588, %168
  %594 = add i32 %588, %169
  %595 = add i32 %588, %170
  %596 = add i32 %588, %171
  %597 = add i32 %584, %152
  %598 = add i32 %597, %215
  %599 = add i32 %597, %216
  %600 = icmp slt i32 %583, %16
  %601 = and i1 %102, %600
  %602 = and i1 %103, %600
  %603 = and i1 %104, %600
  %604 = and i1 %105, %600
  %605 = and i1 %106, %600
  %606 = and i1 %107, %600
  %607 = and i1 %108, %600
  %608 = and i1 %109, %600
  %609 = select i1 %601, i32 %589, i32 -2147483648
  %610 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %609, i32 0, i32 0)
  %611 = select i1 %602, i32 %590, i32 -2147483648
  %612 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %611, i32 0, i32 0)
  %613 = select i1 %603, i32 %591, i32 -2147483648
  %614 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %613, i32 0, i32 0)
  %615 = select i1 %604, i32 %592, i32 -2147483648
  %616 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %615, i32 0, i32 0)
  %617 = select i1 %605, i32 %593, i32 -2147483648
  %618 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %617, i32 0, i32 0)
  %619 = select i1 %606, i32 %594, i32 -2147483648
  %620 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %619, i32 0, i32 0)
  %621 = select i1 %607, i32 %595, i32 -2147483648
  %622 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %621, i32 0, i32 0)
  %623 = select i1 %608, i32 %596, i32 -2147483648
  %624 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %197, i32 %623, i32 0, i32 0)
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %625 = load <4 x i32>, ptr addrspace(3) %569, align 16
  %626 = load <4 x i32>, ptr addrspace(3) %570, align 16
  %627 = icmp slt i32 %585, %18
  %628 = icmp slt i32 %586, %18
  %629 = icmp slt i32 %587, %18
  %630 = and i1 %110, %627
  %631 = and i1 %110, %628
  %632 = select i1 %630, i32 %598, i32 -2147483648
  %633 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %225, i32 %632, i32 0, i32 0)
  %634 = select i1 %630, i8 %633, i8 127
  %635 = select i1 %631, i32 %599, i32 -2147483648
  %636 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %225, i32 %635, i32 0, i32 0)
  %637 = select i1 %631, i8 %636, i8 127
  %638 = add i32 %582, %153
  %639 = add i32 %638, %164
  %640 = add i32 %638, %165
  %641 = add i32 %638, %166
  %642 = add i32 %638, %167
  %643 = add i32 %638, %168
  %644 = add i32 %638, %169
  %645 = add i32 %638, %170
  %646 = add i32 %638, %171
  %647 = add i32 %638, %257
  %648 = add i32 %638, %258
  %649 = add i32 %638, %259
  %650 = add i32 %638, %260
  %651 = add i32 %638, %261
  %652 = add i32 %638, %262
  %653 = add i32 %638, %263
  %654 = add i32 %638, %264
  %655 = add i32 %638, %265
  %656 = add i32 %638, %266
  %657 = add i32 %638, %267
  %658 = add i32 %638, %268
  %659 = add i32 %638, %269
  %660 = add i32 %638, %270
  %661 = add i32 %638, %271
  %662 = add i32 %638, %272
  %663 = add i32 %638, %273
  %664 = add i32 %638, %274
  %665 = add i32 %638, %275
  %666 = add i32 %638, %276
  %667 = add i32 %638, %277
  %668 = add i32 %638, %278
  %669 = add i32 %638, %279
  %670 = add i32 %638, %280
  %671 = add i32 %584, %154
  %672 = add i32 %671, %444
  %673 = add i32 %671, %445
  %674 = and i1 %111, %600
  %675 = and i1 %112, %600
  %676 = and i1 %113, %600
  %677 = and i1 %114, %600
  %678 = and i1 %115, %600
  %679 = and i1 %116, %600
  %680 = and i1 %117, %600
  %681 = and i1 %118, %600
  %682 = and i1 %119, %600
  %683 = and i1 %120, %600
  %684 = and i1 %121, %600
  %685 = and i1 %122, %600
  %686 = and i1 %123, %600
  %687 = and i1 %124, %600
  %688 = and i1 %125, %600
  %689 = and i1 %126, %600
  %690 = and i1 %127, %600
  %691 = and i1 %128, %600
  %692 = and i1 %129, %600
  %693 = and i1 %130, %600
  %694 = and i1 %131, %600
  %695 = and i1 %132, %600
  %696 = and i1 %133, %600
  %697 = and i1 %134, %600
  %698 = and i1 %135, %600
  %699 = and i1 %136, %600
  %700 = and i1 %137, %600
  %701 = and i1 %138, %600
  %702 = and i1 %139, %600
  %703 = and i1 %140, %600
  %704 = and i1 %141, %600
  %705 = and i1 %142, %600
  %706 = select i1 %674, i32 %639, i32 -2147483648
  %707 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %706, i32 0, i32 0)
  %708 = select i1 %675, i32 %640, i32 -2147483648
  %709 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %708, i32 0, i32 0)
  %710 = select i1 %676, i32 %641, i32 -2147483648
  %711 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %710, i32 0, i32 0)
  %712 = select i1 %677, i32 %642, i32 -2147483648
  %713 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %712, i32 0, i32 0)
  %714 = select i1 %678, i32 %643, i32 -2147483648
  %715 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %714, i32 0, i32 0)
  %716 = select i1 %679, i32 %644, i32 -2147483648
  %717 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %716, i32 0, i32 0)
  %718 = select i1 %680, i32 %645, i32 -2147483648
  %719 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %718, i32 0, i32 0)
  %720 = select i1 %681, i32 %646, i32 -2147483648
  %721 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %720, i32 0, i32 0)
  %722 = select i1 %682, i32 %647, i32 -2147483648
  %723 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %722, i32 0, i32 0)
  %724 = select i1 %683, i32 %648, i32 -2147483648
  %725 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %724, i32 0, i32 0)
  %726 = select i1 %684, i32 %649, i32 -2147483648
  %727 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %726, i32 0, i32 0)
  %728 = select i1 %685, i32 %650, i32 -2147483648
  %729 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %728, i32 0, i32 0)
  %730 = select i1 %686, i32 %651, i32 -2147483648
  %731 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %730, i32 0, i32 0)
  %732 = select i1 %687, i32 %652, i32 -2147483648
  %733 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %732, i32 0, i32 0)
  %734 = select i1 %688, i32 %653, i32 -2147483648
  %735 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %734, i32 0, i32 0)
  %736 = select i1 %689, i32 %654, i32 -2147483648
  %737 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %736, i32 0, i32 0)
  %738 = select i1 %690, i32 %655, i32 -2147483648
  %739 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %738, i32 0, i32 0)
  %740 = select i1 %691, i32 %656, i32 -2147483648
  %741 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %740, i32 0, i32 0)
  %742 = select i1 %692, i32 %657, i32 -2147483648
  %743 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %742, i32 0, i32 0)
  %744 = select i1 %693, i32 %658, i32 -2147483648
  %745 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %744, i32 0, i32 0)
  %746 = select i1 %694, i32 %659, i32 -2147483648
  %747 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %746, i32 0, i32 0)
  %748 = select i1 %695, i32 %660, i32 -2147483648
  %749 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %748, i32 0, i32 0)
  %750 = select i1 %696, i32 %661, i32 -2147483648
  %751 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %750, i32 0, i32 0)
  %752 = select i1 %697, i32 %662, i32 -2147483648
  %753 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %752, i32 0, i32 0)
  %754 = select i1 %698, i32 %663, i32 -2147483648
  %755 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %754, i32 0, i32 0)
  %756 = select i1 %699, i32 %664, i32 -2147483648
  %757 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %756, i32 0, i32 0)
  %758 = select i1 %700, i32 %665, i32 -2147483648
  %759 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %758, i32 0, i32 0)
  %760 = select i1 %701, i32 %666, i32 -2147483648
  %761 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %760, i32 0, i32 0)
  %762 = select i1 %702, i32 %667, i32 -2147483648
  %763 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %762, i32 0, i32 0)
  %764 = select i1 %703, i32 %668, i32 -2147483648
  %765 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %764, i32 0, i32 0)
  %766 = select i1 %704, i32 %669, i32 -2147483648
  %767 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %766, i32 0, i32 0)
  %768 = select i1 %705, i32 %670, i32 -2147483648
  %769 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %377, i32 %768, i32 0, i32 0)
  %770 = load <4 x i32>, ptr addrspace(3) %563, align 16
  %771 = load <4 x i32>, ptr addrspace(3) %565, align 16
  %772 = and i1 %143, %629
  %773 = and i1 %144, %629
  %774 = select i1 %772, i32 %672, i32 -2147483648
  %775 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %452, i32 %774, i32 0, i32 0)
  %776 = select i1 %772, i8 %775, i8 127
  %777 = select i1 %773, i32 %673, i32 -2147483648
  %778 = tail call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %452, i32 %777, i32 0, i32 0)
  %779 = select i1 %773, i8 %778, i8 127
  %780 = load <1 x i8>, ptr addrspace(3) %573, align 1
  %781 = load <1 x i8>, ptr addrspace(3) %574, align 1
  %782 = insertelement <2 x i8> poison, i8 %.pn312, i64 0
  %783 = insertelement <2 x i8> %782, i8 %.pn113, i64 1
  %784 = bitcast <2 x i8> %783 to i16
  %785 = zext i16 %784 to i32
  %786 = shufflevector <1 x i8> %780, <1 x i8> %781, <2 x i32> <i32 0, i32 1>
  %787 = bitcast <2 x i8> %786 to i16
  %788 = zext i16 %787 to i32
  %789 = insertelement <4 x float> poison, float %576, i64 0
  %790 = insertelement <4 x float> %789, float %577, i64 1
  %791 = insertelement <4 x float> %790, float %578, i64 2
  %792 = insertelement <4 x float> %791, float %579, i64 3
  %793 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %770, <4 x i32> %625, <4 x float> %792, i32 4, i32 4, i32 0, i32 %788, i32 0, i32 %785)
  %794 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %771, <4 x i32> %626, <4 x float> %793, i32 4, i32 4, i32 1, i32 %788, i32 1, i32 %785)
  %795 = extractelement <4 x float> %794, i64 0
  %796 = extractelement <4 x float> %794, i64 1
  %797 = extractelement <4 x float> %794, i64 2
  %798 = extractelement <4 x float> %794, i64 3
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  %799 = insertelement <1 x i8> poison, i8 %610, i64 0
  store <1 x i8> %799, ptr addrspace(3) %459, align 1
  %800 = insertelement <1 x i8> poison, i8 %612, i64 0
  store <1 x i8> %800, ptr addrspace(3) %462, align 1
  %801 = insertelement <1 x i8> poison, i8 %614, i64 0
  store <1 x i8> %801, ptr addrspace(3) %465, align 1
  %802 = insertelement <1 x i8> poison, i8 %616, i64 0
  store <1 x i8> %802, ptr addrspace(3) %468, align 1
  %803 = insertelement <1 x i8> poison, i8 %618, i64 0
  store <1 x i8> %803, ptr addrspace(3) %471, align 1
  %804 = insertelement <1 x i8> poison, i8 %620, i64 0
  store <1 x i8> %804, ptr addrspace(3) %474, align 1
  %805 = insertelement <1 x i8> poison, i8 %622, i64 0
  store <1 x i8> %805, ptr addrspace(3) %477, align 1
  %806 = insertelement <1 x i8> poison, i8 %624, i64 0
  store <1 x i8> %806, ptr addrspace(3) %480, align 1
  %807 = insertelement <1 x i8> poison, i8 %707, i64 0
  store <1 x i8> %807, ptr addrspace(3) %482, align 1
  %808 = insertelement <1 x i8> poison, i8 %723, i64 0
  store <1 x i8> %808, ptr addrspace(3) %484, align 1
  %809 = insertelement <1 x i8> poison, i8 %739, i64 0
  store <1 x i8> %809, ptr addrspace(3) %486, align 1
  %810 = insertelement <1 x i8> poison, i8 %755, i64 0
  store <1 x i8> %810, ptr addrspace(3) %488, align 1
  %811 = insertelement <1 x i8> poison, i8 %709, i64 0
  store <1 x i8> %811, ptr addrspace(3) %490, align 1
  %812 = insertelement <1 x i8> poison, i8 %725, i64 0
  store <1 x i8> %812, ptr addrspace(3) %492, align 1
  %813 = insertelement <1 x i8> poison, i8 %741, i64 0
  store <1 x i8> %813, ptr addrspace(3) %494, align 1
  %814 = insertelement <1 x i8> poison, i8 %757, i64 0
  store <1 x i8> %814, ptr addrspace(3) %496, align 1
  %815 = insertelement <1 x i8> poison, i8 %711, i64 0
  store <1 x i8> %815, ptr addrspace(3) %498, align 1
  %816 = insertelement <1 x i8> poison, i8 %727, i64 0
  store <1 x i8> %816, ptr addrspace(3) %500, align 1
  %817 = insertelement <1 x i8> poison, i8 %743, i64 0
  store <1 x i8> %817, ptr addrspace(3) %502, align 1
  %818 = insertelement <1 x i8> poison, i8 %759, i64 0
  store <1 x i8> %818, ptr addrspace(3) %504, align 1
  %819 = insertelement <1 x i8> poison, i8 %713, i64 0
  store <1 x i8> %819, ptr addrspace(3) %506, align 1
  %820 = insertelement <1 x i8> poison, i8 %729, i64 0
  store <1 x i8> %820, ptr addrspace(3) %508, align 1
  %821 = insertelement <1 x i8> poison, i8 %745, i64 0
  store <1 x i8> %821, ptr addrspace(3) %510, align 1
  %822 = insertelement <1 x i8> poison, i8 %761, i64 0
  store <1 x i8> %822, ptr addrspace(3) %512, align 1
  %823 = insertelement <1 x i8> poison, i8 %715, i64 0
  store <1 x i8> %823, ptr addrspace(3) %514, align 1
  %824 = insertelement <1 x i8> poison, i8 %731, i64 0
  store <1 x i8> %824, ptr addrspace(3) %516, align 1
  %825 = insertelement <1 x i8> poison, i8 %747, i64 0
  store <1 x i8> %825, ptr addrspace(3) %518, align 1
  %826 = insertelement <1 x i8> poison, i8 %763, i64 0
  store <1 x i8> %826, ptr addrspace(3) %520, align 1
  %827 = insertelement <1 x i8> poison, i8 %717, i64 0
  store <1 x i8> %827, ptr addrspace(3) %522, align 1
  %828 = insertelement <1 x i8> poison, i8 %733, i64 0
  store <1 x i8> %828, ptr addrspace(3) %524, align 1
  %829 = insertelement <1 x i8> poison, i8 %749, i64 0
  store <1 x i8> %829, ptr addrspace(3) %526, align 1
  %830 = insertelement <1 x i8> poison, i8 %765, i64 0
  store <1 x i8> %830, ptr addrspace(3) %528, align 1
  %831 = insertelement <1 x i8> poison, i8 %719, i64 0
  store <1 x i8> %831, ptr addrspace(3) %530, align 1
  %832 = insertelement <1 x i8> poison, i8 %735, i64 0
  store <1 x i8> %832, ptr addrspace(3) %532, align 1
  %833 = insertelement <1 x i8> poison, i8 %751, i64 0
  store <1 x i8> %833, ptr addrspace(3) %534, align 1
  %834 = insertelement <1 x i8> poison, i8 %767, i64 0
  store <1 x i8> %834, ptr addrspace(3) %536, align 1
  %835 = insertelement <1 x i8> poison, i8 %721, i64 0
  store <1 x i8> %835, ptr addrspace(3) %538, align 1
  %836 = insertelement <1 x i8> poison, i8 %737, i64 0
  store <1 x i8> %836, ptr addrspace(3) %540, align 1
  %837 = insertelement <1 x i8> poison, i8 %753, i64 0
  store <1 x i8> %837, ptr addrspace(3) %542, align 1
  %838 = insertelement <1 x i8> poison, i8 %769, i64 0
  store <1 x i8> %838, ptr addrspace(3) %544, align 1
  %839 = insertelement <1 x i8> poison, i8 %776, i64 0
  store <1 x i8> %839, ptr addrspace(3) %546, align 1
  %840 = insertelement <1 x i8> poison, i8 %779, i64 0
  store <1 x i8> %840, ptr addrspace(3) %548, align 1
  %exitcond.not = icmp eq i32 %580, %568
  br i1 %exitcond.not, label %._crit_edge, label %575

._crit_edge:                                      ; preds = %575, %10
  %841 = phi float [ 0.000000e+00, %10 ], [ %795, %575 ]
  %842 = phi float [ 0.000000e+00, %10 ], [ %796, %575 ]
  %843 = phi float [ 0.000000e+00, %10 ], [ %797, %575 ]
  %844 = phi float [ 0.000000e+00, %10 ], [ %798, %575 ]
  %.pn3.lcssa = phi i8 [ %228, %10 ], [ %634, %575 ]
  %.pn1.lcssa = phi i8 [ %231, %10 ], [ %637, %575 ]
  tail call void @llvm.amdgcn.s.waitcnt(i32 49279)
  tail call void @llvm.amdgcn.s.barrier()
  br i1 %155, label %845, label %._crit_edge._crit_edge

845:                                              ; preds = %._crit_edge
  %846 = and i32 %20, 192
  %847 = shl nuw nsw i32 %846, 1
  %848 = shl nuw nsw i32 %30, 3
  %849 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 10240), i32 %847
  %850 = getelementptr inbounds nuw i8, ptr addrspace(3) %849, i32 %848
  %851 = getelementptr inbounds nuw i8, ptr addrspace(3) %850, i32 %147
  %852 = getelementptr inbounds nuw i8, ptr addrspace(3) %851, i32 4
  %853 = load <1 x i8>, ptr addrspace(3) %852, align 1
  %854 = load <1 x i8>, ptr addrspace(3) %851, align 1
  %855 = shl nuw nsw i32 %30, 7
  %856 = shl nuw nsw i32 %846, 5
  %857 = shl nuw nsw i32 %20, 3
  %858 = and i32 %857, 112
  %859 = or disjoint i32 %856, %858
  %860 = xor i32 %859, %146
  %861 = or disjoint i32 %860, %855
  %862 = xor i32 %861, 64
  %863 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %862
  %864 = load <4 x i32>, ptr addrspace(3) %863, align 16
  %865 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %861
  %866 = load <4 x i32>, ptr addrspace(3) %865, align 16
  %867 = xor i32 %858, %146
  %868 = or disjoint i32 %867, %855
  %869 = xor i32 %868, 64
  %870 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %869
  %871 = load <4 x i32>, ptr addrspace(3) %870, align 16
  %872 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 8192), i32 %868
  %873 = load <4 x i32>, ptr addrspace(3) %872, align 16
  %874 = insertelement <2 x i8> poison, i8 %.pn3.lcssa, i64 0
  %875 = insertelement <2 x i8> %874, i8 %.pn1.lcssa, i64 1
  %876 = bitcast <2 x i8> %875 to i16
  %877 = zext i16 %876 to i32
  %878 = shufflevector <1 x i8> %854, <1 x i8> %853, <2 x i32> <i32 0, i32 1>
  %879 = bitcast <2 x i8> %878 to i16
  %880 = zext i16 %879 to i32
  %881 = insertelement <4 x float> poison, float %841, i64 0
  %882 = insertelement <4 x float> %881, float %842, i64 1
  %883 = insertelement <4 x float> %882, float %843, i64 2
  %884 = insertelement <4 x float> %883, float %844, i64 3
  %885 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %866, <4 x i32> %873, <4 x float> %884, i32 4, i32 4, i32 0, i32 %880, i32 0, i32 %877)
  %886 = tail call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %864, <4 x i32> %871, <4 x float> %885, i32 4, i32 4, i32 1, i32 %880, i32 1, i32 %877)
  %887 = extractelement <4 x float> %886, i64 0
  %888 = extractelement <4 x float> %886, i64 1
  %889 = extractelement <4 x float> %886, i64 2
  %890 = extractelement <4 x float> %886, i64 3
  br label %._crit_edge._crit_edge

._crit_edge._crit_edge:                           ; preds = %._crit_edge, %845
  %891 = phi float [ %890, %845 ], [ %844, %._crit_edge ]
  %892 = phi float [ %889, %845 ], [ %843, %._crit_edge ]
  %893 = phi float [ %888, %845 ], [ %842, %._crit_edge ]
  %894 = phi float [ %887, %845 ], [ %841, %._crit_edge ]
  %895 = lshr i32 %20, 2
  %896 = and i32 %895, 60
  %897 = or disjoint i32 %896, 3
  %898 = or disjoint i32 %40, %897
  %899 = icmp slt i32 %898, %6
  %900 = or disjoint i32 %896, 2
  %901 = or disjoint i32 %40, %900
  %902 = icmp slt i32 %901, %6
  %903 = or disjoint i32 %896, 1
  %904 = or disjoint i32 %40, %903
  %905 = icmp slt i32 %904, %6
  %906 = or disjoint i32 %40, %896
  %907 = icmp slt i32 %906, %6
  %908 = mul i32 %19, %6
  %909 = mul i32 %6, %30
  %910 = add i32 %908, %40
  %911 = add i32 %910, %909
  %912 = add i32 %911, %896
  %913 = add i32 %911, %903
  %914 = add i32 %911, %900
  %915 = add i32 %911, %897
  %916 = and i1 %110, %907
  %917 = and i1 %110, %905
  %918 = and i1 %110, %902
  %919 = and i1 %110, %899
  %920 = insertelement <2 x float> poison, float %894, i64 0
  %921 = insertelement <2 x float> %920, float %893, i64 1
  %922 = fptrunc <2 x float> %921 to <2 x bfloat>
  %923 = insertelement <2 x float> poison, float %892, i64 0
  %924 = insertelement <2 x float> %923, float %891, i64 1
  %925 = fptrunc <2 x float> %924 to <2 x bfloat>
  %926 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %4, i16 0, i64 2147483646, i32 159744)
  %.bc = bitcast <2 x bfloat> %922 to <2 x i16>
  %.extract = extractelement <2 x i16> %.bc, i64 0
  %927 = shl i32 %912, 1
  %928 = select i1 %916, i32 %927, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract, ptr addrspace(8) %926, i32 %928, i32 0, i32 0)
  %.extract5 = extractelement <2 x i16> %.bc, i64 1
  %929 = shl i32 %913, 1
  %930 = select i1 %917, i32 %929, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract5, ptr addrspace(8) %926, i32 %930, i32 0, i32 0)
  %.bc6 = bitcast <2 x bfloat> %925 to <2 x i16>
  %.extract7 = extractelement <2 x i16> %.bc6, i64 0
  %931 = shl i32 %914, 1
  %932 = select i1 %918, i32 %931, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract7, ptr addrspace(8) %926, i32 %932, i32 0, i32 0)
  %.extract9 = extractelement <2 x i16> %.bc6, i64 1
  %933 = shl i32 %915, 1
  %934 = select i1 %919, i32 %933, i32 -2147483648
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %.extract9, ptr addrspace(8) %926, i32 %934, i32 0, i32 0)
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
declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32>, <4 x i32>, <4 x float>, i32 immarg, i32 immarg, i32 immarg, i32, i32 immarg, i32) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #6

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
