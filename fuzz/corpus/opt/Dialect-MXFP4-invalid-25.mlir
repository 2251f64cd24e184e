
func.func @matmul_b_scales_i32(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xi32>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op operand #3 must be ranked tensor of f8E8M0FNU type values, but got 'tensor<32x2xi32>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xi32> -> tensor<16x32xf32>
  return
}

