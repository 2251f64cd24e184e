
func.func @quantize_unranked(%a: tensor<*xbf16>) {
  // expected-error @+1 {{custom op 'mxfp4.quantize' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xbf16>'}}
  %q, %s = mxfp4.quantize %a : tensor<*xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return
}

