
func.func @quantize_scales_rank(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result scales must have rank 2, got 1}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<8xf8E8M0FNU>
  return
}

