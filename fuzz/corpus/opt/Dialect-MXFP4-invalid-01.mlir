
func.func @quantize_input_f64(%a: tensor<4x64xf64>) {
  // expected-error @+1 {{'mxfp4.quantize' op operand #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float values, but got 'tensor<4x64xf64>'}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xf64> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  return
}

