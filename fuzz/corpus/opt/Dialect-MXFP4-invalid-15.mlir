
func.func @dequantize_values_not_f4(%v: tensor<4x64xi8>, %s: tensor<4x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op operand #0 must be ranked tensor of f4E2M1FN type values, but got 'tensor<4x64xi8>'}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xi8>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xf32>
  return
}

