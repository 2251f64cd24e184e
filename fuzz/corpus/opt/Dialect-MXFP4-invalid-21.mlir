
func.func @dequantize_scales_rank(%v: tensor<4x64xf4E2M1FN>, %s: tensor<1x4x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values scales must have rank 2, got 3}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<1x4x2xf8E8M0FNU> -> tensor<4x64xf32>
  return
}

