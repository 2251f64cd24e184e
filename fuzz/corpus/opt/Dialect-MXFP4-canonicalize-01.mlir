
// Only the scaled_matmul result is used: the dequantize goes, the quantize
// that feeds the GEMM stays.
// CHECK-LABEL: func.func @used_ops_kept
// CHECK-SAME: (%[[A:.+]]: tensor<16x64xbf16>, %[[B:.+]]: tensor<32x64xf4E2M1FN>, %[[BS:.+]]: tensor<256x8xf8E8M0FNU>)
// CHECK-NEXT: %[[Q:.+]], %[[S:.+]] = mxfp4.quantize %[[A]] mode = floor
// CHECK-NEXT: %[[C:.+]] = mxfp4.scaled_matmul %[[Q]], %[[S]], %[[B]], %[[BS]] b_layout = preshuffled
// CHECK-NEXT: return %[[C]]
func.func @used_ops_kept(%a: tensor<16x64xbf16>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) -> tensor<16x32xbf16> {
  %q, %s = mxfp4.quantize %a mode = floor : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  %x = mxfp4.dequantize %q, %s : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x64xf32>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<16x32xbf16>
  return %c : tensor<16x32xbf16>
}

