
func.func @quantize_scales_dim0(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result scales dimension 0 must be 4, got 2}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<2x2xf8E8M0FNU>
  return
}

