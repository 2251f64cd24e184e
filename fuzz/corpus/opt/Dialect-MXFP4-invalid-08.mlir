
func.func @quantize_k_not_blocked(%a: tensor<4x48xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op input last dimension must be a multiple of 32, got 48}}
  %q, %s = mxfp4.quantize %a : tensor<4x48xbf16> -> tensor<4x48xf4E2M1FN>, tensor<4x1xf8E8M0FNU>
  return
}

