
func.func @dequantize_result_k(%q: tensor<4x?xf4E2M1FN>, %s: tensor<4x5xf8E8M0FNU>) {
  // expected-error @+1 {{result last dimension must be a multiple of 32, got 48}}
  %x = mxfp4.dequantize %q, %s : tensor<4x?xf4E2M1FN>, tensor<4x5xf8E8M0FNU> -> tensor<4x48xf32>
  return
}

