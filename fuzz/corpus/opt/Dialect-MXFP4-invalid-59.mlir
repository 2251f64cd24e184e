
func.func @quantize_scales_vs_input(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{result scales dimension 0 must be 4, got 7}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<?x?xf4E2M1FN>, tensor<7x9xf8E8M0FNU>
  return
}

