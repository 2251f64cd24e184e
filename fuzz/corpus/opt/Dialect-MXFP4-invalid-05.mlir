
func.func @quantize_bad_mode(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'scale_mode' [even, floor]}}
  %q, %s = mxfp4.quantize %a mode = nearest : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return
}

