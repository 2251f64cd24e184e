
func.func @quantize_rank0(%a: tensor<bf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op input must have rank at least 1}}
  %q, %s = mxfp4.quantize %a : tensor<bf16> -> tensor<f4E2M1FN>, tensor<f8E8M0FNU>
  return
}

