
func.func @quantize_scales_i8(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result #1 must be ranked tensor of f8E8M0FNU type values, but got 'tensor<4x2xi8>'}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xi8>
  return
}

