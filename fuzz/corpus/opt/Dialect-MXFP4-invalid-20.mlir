
func.func @dequantize_result_shape(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op result shape must match the values shape}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU> -> tensor<4x32xf32>
  return
}

