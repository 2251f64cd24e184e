
func.func @quantize_bad_mode_generic(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{invalid properties {scale_mode = 7 : i32} for op mxfp4.quantize: Invalid attribute `scale_mode` in property conversion: 7 : i32}}
  %q:2 = "mxfp4.quantize"(%a) <{scale_mode = 7 : i32}> : (tensor<4x64xbf16>) -> (tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>)
  return
}

