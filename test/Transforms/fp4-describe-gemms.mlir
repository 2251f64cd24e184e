// RUN: fp4-opt %s --fp4-describe-gemms=a-quantizer=exact -split-input-file | FileCheck %s
// RUN: fp4-opt %s --fp4-describe-gemms -split-input-file | FileCheck %s --check-prefix=HW
// RUN: not fp4-opt %s --fp4-describe-gemms=a-quantizer=best -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// What fp4-gen prints: described, every argument and the result by role.
// CHECK-LABEL: func.func @gemm
// CHECK-SAME: (%{{.+}}: tensor<16x128xbf16> {fp4.arg = "a"}, %{{.+}}: tensor<64x128xf4E2M1FN> {fp4.arg = "b"}, %{{.+}}: tensor<64x4xf8E8M0FNU> {fp4.arg = "b_scales"}) -> (tensor<16x64xbf16> {fp4.arg = "c"})
// CHECK-SAME: attributes {fp4.gemm = {a_quantizer = "exact", b_layout = "plain", config = #mxfp4.config<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>, k = 128 : i64, m = 16 : i64, n = 64 : i64, quantize_a = true, scale_mode = "even"}}
// HW: a_quantizer = "hardware"
// BAD: a-quantizer must be exact or hardware, got 'best'
func.func @gemm(%a: tensor<16x128xbf16>, %b: tensor<64x128xf4E2M1FN>, %bs: tensor<64x4xf8E8M0FNU>) -> tensor<16x64xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x128xbf16> -> tensor<16x128xf4E2M1FN>, tensor<16x4xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x128xf4E2M1FN>, tensor<16x4xf8E8M0FNU>, tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU> -> tensor<16x64xbf16>
  return %c : tensor<16x64xbf16>
}

// -----

// A pre-quantized A: its values and scales have roles of their own.
// CHECK-LABEL: func.func @prequantized
// CHECK-SAME: {fp4.arg = "a"}, %{{.+}}: tensor<16x4xf8E8M0FNU> {fp4.arg = "a_scales"}
// CHECK-SAME: quantize_a = false
func.func @prequantized(%q: tensor<16x128xf4E2M1FN>, %s: tensor<16x4xf8E8M0FNU>, %b: tensor<64x128xf4E2M1FN>, %bs: tensor<64x4xf8E8M0FNU>) -> tensor<16x64xf32> {
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x128xf4E2M1FN>, tensor<16x4xf8E8M0FNU>, tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU> -> tensor<16x64xf32>
  return %c : tensor<16x64xf32>
}

// -----

// A GEMM with B from A's quantize, or anything more than one GEMM, is
// compiled as any program: not described.
// CHECK-LABEL: func.func @self
// CHECK-NOT: fp4.gemm
// CHECK-NOT: fp4.arg
func.func @self(%a: tensor<64x128xbf16>) -> tensor<64x64xf32> {
  %q, %s = mxfp4.quantize %a : tensor<64x128xbf16> -> tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %q, %s config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU>, tensor<64x128xf4E2M1FN>, tensor<64x4xf8E8M0FNU> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}
