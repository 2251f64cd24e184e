
func.func @matmul_result_f16(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op result #0 must be ranked tensor of bfloat16 type or 32-bit float values, but got 'tensor<16x32xf16>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf16>
  return
}

