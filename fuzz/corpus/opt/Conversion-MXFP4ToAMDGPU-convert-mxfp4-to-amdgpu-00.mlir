
// Fused quantization, plain B, 16x16x128: the host function gets the memref
// ABI and launches one kernel over ceil(N/64) x ceil(M/16) work-groups.
// CHECK-LABEL: func.func @fused_plain
// CHECK-SAME: %[[A:.+]]: memref<20x96xbf16> {fp4.arg = "a"}
// CHECK-SAME: %[[B:.+]]: memref<100x48xi8> {fp4.arg = "b"}
// CHECK-SAME: %[[BS:.+]]: memref<100x3xi8> {fp4.arg = "b_scales"}
// CHECK-SAME: %[[C:.+]]: memref<20x100xbf16> {fp4.arg = "c"}
// CHECK-SAME: fp4.gemm = {b_layout = "plain", config = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>, k = 96 : i64, m = 20 : i64, n = 100 : i64, quantize_a = true, scale_mode = "even"}
// CHECK: %[[AF:.+]] = memref.collapse_shape %[[A]] {{\[\[}}0, 1]] : memref<20x96xbf16> into memref<1920xbf16>
// CHECK: memref.memory_space_cast %[[AF]] : memref<1920xbf16> to memref<1920xbf16, #gpu.address_space<global>>
// CHECK: gpu.launch_func @fused_plain_kernel::@fused_plain_kernel blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%{{.+}}, %{{.+}}, %{{.+}})
// CHECK-NEXT: return
// CHECK: gpu.module @fused_plain_kernel [#rocdl.target<O = 3, chip = "gfx950">]
// CHECK: gpu.func @fused_plain_kernel(%{{.+}}: memref<1920xbf16, #gpu.address_space<global>>, %{{.+}}: memref<4800xi8, #gpu.address_space<global>>, %{{.+}}: memref<300xi8, #gpu.address_space<global>>, %{{.+}}: memref<2000xbf16, #gpu.address_space<global>>) kernel
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 2, 2, 1>
// The K loop: one bf16 block of A per lane, quantized in registers.
// CHECK: scf.for
// CHECK: vector.load %{{.+}} : memref<1920xbf16, #gpu.address_space<global>>, vector<32xbf16>
// CHECK: vector.reduction <maxui>
// CHECK: vector.bitcast %{{.+}} : vector<16xi8> to vector<32xf4E2M1FN>
// CHECK: vector.load %{{.+}} : memref<4800xi8, #gpu.address_space<global>>, vector<16xi8>
// CHECK: amdgpu.scaled_mfma 16x16x128 (%{{.+}}[0] * %{{.+}}) * (%{{.+}}[0] * %{{.+}}) + %{{.+}} : f8E8M0FNU, vector<32xf4E2M1FN>, f8E8M0FNU, vector<32xf4E2M1FN>, vector<4xf32>
// CHECK: scf.yield
// Masked bf16 stores of the four accumulator elements.
// CHECK-COUNT-4: scf.if
// CHECK-NOT: mxfp4.
func.func @fused_plain(%a: tensor<20x96xbf16>, %b: tensor<100x96xf4E2M1FN>, %bs: tensor<100x3xf8E8M0FNU>) -> tensor<20x100xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<20x96xbf16> -> tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<20x96xf4E2M1FN>, tensor<20x3xf8E8M0FNU>, tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU> -> tensor<20x100xbf16>
  return %c : tensor<20x100xbf16>
}

