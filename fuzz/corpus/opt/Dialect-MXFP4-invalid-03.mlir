
func.func @quantize_values_not_f4(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result #0 must be ranked tensor of f4E2M1FN type values, but got 'tensor<4x64xf8E4M3FN>'}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf8E4M3FN>, tensor<4x2xf8E8M0FNU>
  return
}

