
func.func @dequantize_scales_dim0(%v: tensor<4x64xf4E2M1FN>, %s: tensor<5x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values scales dimension 0 must be 4, got 5}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<5x2xf8E8M0FNU> -> tensor<4x64xf32>
  return
}

