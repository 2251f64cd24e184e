
func.func @quantize_scales_middle_dim(%a: tensor<2x3x64xf32>) {
  // expected-error @+1 {{'mxfp4.quantize' op result scales dimension 1 must be 3, got 1}}
  %q, %s = mxfp4.quantize %a : tensor<2x3x64xf32> -> tensor<2x3x64xf4E2M1FN>, tensor<2x1x2xf8E8M0FNU>
  return
}

