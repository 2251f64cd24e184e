// RUN: fp4-opt %s --convert-mxfp4-to-amdgpu --split-input-file | FileCheck %s

// Fused quantization, plain B, 16x16x128: the host function gets the memref
// ABI and launches one kernel over ceil(N/64) x ceil(M/16) work-groups.
// CHECK-LABEL: func.func @fused_plain
// CHECK-SAME: %[[A:.+]]: memref<20x96xbf16> {fp4.arg = "a"}
// CHECK-SAME: %[[B:.+]]: memref<100x48xi8> {fp4.arg = "b"}
// CHECK-SAME: %[[BS:.+]]: memref<100x3xi8> {fp4.arg = "b_scales"}
// CHECK-SAME: %[[C:.+]]: memref<20x100xbf16> {fp4.arg = "c"}
// CHECK-SAME: fp4.gemm = {a_quantizer = "hardware", b_layout = "plain", config = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>, k = 96 : i64, m = 20 : i64, n = 100 : i64, quantize_a = true, scale_mode = "even"}
// CHECK: %[[AF:.+]] = memref.collapse_shape %[[A]] {{\[\[}}0, 1]] : memref<20x96xbf16> into memref<1920xbf16>
// CHECK: memref.memory_space_cast %[[AF]] : memref<1920xbf16> to memref<1920xbf16, #gpu.address_space<global>>
// CHECK: gpu.launch_func @fused_plain_kernel::@fused_plain_kernel blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%{{.+}}, %{{.+}}, %{{.+}})
// CHECK-NEXT: return
// CHECK: gpu.module @fused_plain_kernel [#rocdl.target<O = 3, chip = "gfx950">]
// CHECK: gpu.func @fused_plain_kernel(%{{.+}}: memref<1920xbf16, #gpu.address_space<global>>, %{{.+}}: memref<4800xi8, #gpu.address_space<global>>, %{{.+}}: memref<300xi8, #gpu.address_space<global>>, %{{.+}}: memref<2000xbf16, #gpu.address_space<global>>) kernel
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 2, 2, 1>
// The K loop, software pipelined: the first step's loads before it (one
// bf16 block of A, B's 16 bytes and scale byte per lane), carried as
// iter_args; each iteration first loads the next step's, then masks,
// quantizes A in registers and multiplies the carried ones.
// CHECK: %[[A0:.+]] = vector.load %{{.+}} : memref<1920xbf16, #gpu.address_space<global>>, vector<32xbf16>
// CHECK: %[[B0:.+]] = vector.load %{{.+}} : memref<4800xi8, #gpu.address_space<global>>, vector<16xi8>
// CHECK: %[[BS0:.+]] = memref.load %{{.+}} : memref<300xi8, #gpu.address_space<global>>
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}, %[[A:.+]] = %[[A0]], %[[B:.+]] = %[[B0]], %[[BS:.+]] = %[[BS0]]) -> (vector<4xf32>, vector<32xbf16>, vector<16xi8>, i8)
// CHECK-NOT: scaled_mfma
// CHECK: %[[NA:.+]] = vector.load %{{.+}} : memref<1920xbf16, #gpu.address_space<global>>, vector<32xbf16>
// CHECK: %[[NB:.+]] = vector.load %{{.+}} : memref<4800xi8, #gpu.address_space<global>>, vector<16xi8>
// CHECK: %[[NBS:.+]] = memref.load %{{.+}} : memref<300xi8, #gpu.address_space<global>>
// CHECK-NEXT: llvm.fence syncscope("singlethread") acq_rel
// CHECK: arith.select %{{.+}}, %[[A]], %{{.+}} : vector<32xbf16>
// CHECK: vector.reduction <maxui>
// CHECK: vector.bitcast %{{.+}} : vector<4xi32> to vector<32xf4E2M1FN>
// CHECK: arith.select %{{.+}}, %[[B]], %{{.+}} : vector<16xi8>
// CHECK: arith.select %{{.+}}, %[[BS]], %{{.+}} : i8
// CHECK: %[[MFMA:.+]] = amdgpu.scaled_mfma 16x16x128 (%{{.+}}[0] * %{{.+}}) * (%{{.+}}[0] * %{{.+}}) + %[[ACC]] : f8E8M0FNU, vector<32xf4E2M1FN>, f8E8M0FNU, vector<32xf4E2M1FN>, vector<4xf32>
// CHECK-NEXT: scf.yield %[[MFMA]], %[[NA]], %[[NB]], %[[NBS]] : vector<4xf32>, vector<32xbf16>, vector<16xi8>, i8
// Masked bf16 stores of the four accumulator elements.
// CHECK-COUNT-4: scf.if
// CHECK-NOT: mxfp4.
func.func @fused_plain(%a: tensor<20x96xbf16>, %b: tensor<100x96xf4E2M1FN>, %bs: tensor<100x3xf8E8M0FNU>) -> tensor<20x100xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<20x96xbf16> -> tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>, tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU> -> tensor<20x100xbf16>
  return %c : tensor<20x100xbf16>
}

// -----

// A already quantized, pre-shuffled B, 32x32x64, f32 output: A's bytes and
// scales are kernel arguments and no quantization is emitted.
// CHECK-LABEL: func.func @prequantized_preshuffled
// CHECK-SAME: memref<64x128xi8> {fp4.arg = "a"}
// CHECK-SAME: memref<64x8xi8> {fp4.arg = "a_scales"}
// CHECK-SAME: memref<64x128xi8> {fp4.arg = "b"}
// CHECK-SAME: memref<256x8xi8> {fp4.arg = "b_scales"}
// CHECK-SAME: memref<64x64xf32> {fp4.arg = "c"}
// CHECK: gpu.func @prequantized_preshuffled_kernel
// The loop carries A's and B's bytes and scale bytes of the next step.
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xi8>, i8, vector<16xi8>, i8)
// CHECK-NOT: vector.reduction
// CHECK: amdgpu.scaled_mfma 32x32x64 {{.*}} : f8E8M0FNU, vector<32xf4E2M1FN>, f8E8M0FNU, vector<32xf4E2M1FN>, vector<16xf32>
// CHECK-COUNT-16: scf.if
func.func @prequantized_preshuffled(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) -> tensor<64x64xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

// -----

// Functions without mxfp4 ops are left alone.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: return %arg0 : tensor<4xf32>
func.func @untouched(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// waves_k = 4: each wave starts the K loop at its own step and strides by 4;
// the other waves leave their accumulators in LDS for wave 0, which stores C.
// CHECK-LABEL: func.func @waves_k
// CHECK: gpu.func @waves_k_kernel({{.*}}) workgroup(%[[LDS:.+]] : memref<768xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: %[[WAVE:.+]] = arith.divui %{{.+}}, %c64
// CHECK: %[[WK:.+]] = arith.divui %[[WAVE]], %c1
// The next step's loads are waves_k steps ahead.
// CHECK: scf.for %[[STEP:.+]] = %[[WK]] to %c7 step %c4{{.*}} iter_args
// CHECK: %[[NEXT:.+]] = arith.addi %[[STEP]], %c4{{.*}} : index
// CHECK: arith.muli %[[NEXT]]
// CHECK: amdgpu.scaled_mfma
// CHECK: scf.if
// CHECK: vector.store %{{.+}}, %[[LDS]]
// CHECK: gpu.barrier
// CHECK-COUNT-3: vector.load %[[LDS]]
// CHECK: scf.if
func.func @waves_k(%a: tensor<16x800xbf16>, %b: tensor<32x800xf4E2M1FN>, %bs: tensor<32x25xf8E8M0FNU>) -> tensor<16x32xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x800xbf16> -> tensor<16x800xf4E2M1FN>, tensor<16x25xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 4>) : tensor<16x800xf4E2M1FN>, tensor<16x25xf8E8M0FNU>, tensor<32x800xf4E2M1FN>, tensor<32x25xf8E8M0FNU> -> tensor<16x32xbf16>
  return %c : tensor<16x32xbf16>
}

// -----

// Argument and result attributes: each argument keeps its own next to
// fp4.arg, and the result's go to C, the output argument. Any argument
// attribute used to crash the pass (the old attribute array was indexed with
// the new argument count).
// CHECK-LABEL: func.func @attributes
// CHECK-SAME: memref<16x32xi8> {foo.a, fp4.arg = "a"}
// CHECK-SAME: memref<16x2xi8> {fp4.arg = "a_scales"}
// CHECK-SAME: memref<16x32xi8> {foo.b = 1 : i32, fp4.arg = "b"}
// CHECK-SAME: memref<16x2xi8> {fp4.arg = "b_scales"}
// CHECK-SAME: memref<16x16xf32> {foo.c, fp4.arg = "c"}
// CHECK-NOT: -> (
// CHECK-SAME: attributes {fp4.gemm
func.func @attributes(%a: tensor<16x64xf4E2M1FN> {foo.a}, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN> {foo.b = 1 : i32}, %bs: tensor<16x2xf8E8M0FNU>) -> (tensor<16x16xf32> {foo.c}) {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// Which operands are loaded one step ahead (choosePipelinedOperands): with
// tiles_n = 4, A's bf16 block (16 VGPRs) and B's four 16-byte loads and
// scale bytes (20) exceed the 24-VGPR budget together, so the loop carries
// A's next block only and loads B in the step that uses it.
// CHECK-LABEL: func.func @pipeline_a_only
// CHECK: gpu.func @pipeline_a_only_kernel
// CHECK: %[[A0:.+]] = vector.load %{{.+}} : memref<512xbf16, #gpu.address_space<global>>, vector<32xbf16>
// CHECK-NOT: vector.load
// CHECK: scf.for {{.*}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}, %[[A:.+]] = %[[A0]]) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<32xbf16>)
// CHECK-COUNT-4: vector.load %{{.+}} : memref<2048xi8, #gpu.address_space<global>>, vector<16xi8>
// CHECK: %[[NA:.+]] = vector.load %{{.+}} : memref<512xbf16, #gpu.address_space<global>>, vector<32xbf16>
// CHECK-NEXT: llvm.fence syncscope("singlethread") acq_rel
// CHECK: arith.select %{{.+}}, %[[A]], %{{.+}} : vector<32xbf16>
// CHECK-COUNT-4: amdgpu.scaled_mfma
// CHECK-NEXT: scf.yield %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[NA]]
func.func @pipeline_a_only(%a: tensor<2x256xbf16>, %b: tensor<16x256xf4E2M1FN>, %bs: tensor<16x8xf8E8M0FNU>) -> tensor<2x16xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<2x256xbf16> -> tensor<2x256xf4E2M1FN>, tensor<2x8xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 4, split_k = 1>) : tensor<2x256xf4E2M1FN>, tensor<2x8xf8E8M0FNU>, tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU> -> tensor<2x16xbf16>
  return %c : tensor<2x16xbf16>
}
