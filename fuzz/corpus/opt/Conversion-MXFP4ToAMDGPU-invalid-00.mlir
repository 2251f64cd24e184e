
// expected-error @+1 {{expected a function returning the result of one mxfp4.scaled_matmul}}
func.func @no_matmul_result(%a: tensor<16x64xbf16>) -> (tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<16x64xbf16> -> tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
  return %q, %s : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>
}

