
// Canonicalization does not merge or fold anything: both dequantizes stay.
// CHECK-LABEL: func.func @dequantize_kept
// CHECK-COUNT-2: mxfp4.dequantize
// CHECK-NEXT: return
func.func @dequantize_kept(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xf8E8M0FNU>) -> (tensor<4x64xf32>, tensor<4x64xbf16>) {
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xf32>
  %y = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xbf16>
  return %x, %y : tensor<4x64xf32>, tensor<4x64xbf16>
}

