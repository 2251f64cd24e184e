
func.func @dequantize_rank0(%v: tensor<f4E2M1FN>, %s: tensor<f8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values must have rank at least 1}}
  %x = mxfp4.dequantize %v, %s : tensor<f4E2M1FN>, tensor<f8E8M0FNU> -> tensor<f32>
  return
}

