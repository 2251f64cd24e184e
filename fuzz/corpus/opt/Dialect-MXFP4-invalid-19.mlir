
func.func @dequantize_k_not_blocked(%v: tensor<4x40xf4E2M1FN>, %s: tensor<4x1xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values last dimension must be a multiple of 32, got 40}}
  %x = mxfp4.dequantize %v, %s : tensor<4x40xf4E2M1FN>, tensor<4x1xf8E8M0FNU> -> tensor<4x40xf32>
  return
}

