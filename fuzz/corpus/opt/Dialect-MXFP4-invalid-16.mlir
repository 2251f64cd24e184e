
func.func @dequantize_scales_i32(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xi32>) {
  // expected-error @+1 {{'mxfp4.dequantize' op operand #1 must be ranked tensor of f8E8M0FNU type values, but got 'tensor<4x2xi32>'}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xi32> -> tensor<4x64xf32>
  return
}

