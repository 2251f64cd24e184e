
func.func @dequantize_result_f64(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op result #0 must be ranked tensor of bfloat16 type or 16-bit float or 32-bit float values, but got 'tensor<4x64xf64>'}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x64xf64>
  return
}

