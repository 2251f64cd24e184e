
// A already quantized, pre-shuffled B, 32x32x64, f32 output: A's bytes and
// scales are kernel arguments and no quantization is emitted.
// CHECK-LABEL: func.func @prequantized_preshuffled
// CHECK-SAME: memref<64x128xi8> {fp4.arg = "a"}
// CHECK-SAME: memref<64x8xi8> {fp4.arg = "a_scales"}
// CHECK-SAME: memref<64x128xi8> {fp4.arg = "b"}
// CHECK-SAME: memref<256x8xi8> {fp4.arg = "b_scales"}
// CHECK-SAME: memref<64x64xf32> {fp4.arg = "c"}
// CHECK: gpu.func @prequantized_preshuffled_kernel
// CHECK-NOT: vector.reduction
// CHECK: amdgpu.scaled_mfma 32x32x64 {{.*}} : f8E8M0FNU, vector<32xf4E2M1FN>, f8E8M0FNU, vector<32xf4E2M1FN>, vector<16xf32>
// CHECK-COUNT-16: scf.if
func.func @prequantized_preshuffled(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) -> tensor<64x64xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

