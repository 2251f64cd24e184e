
func.func @quantize_values_rank(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op values shape must match the input shape}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<256xf4E2M1FN>, tensor<8xf8E8M0FNU>
  return
}

