
func.func @matmul_a_not_f4(%a: tensor<16x64xf8E4M3FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op operand #0 must be ranked tensor of f4E2M1FN type values, but got 'tensor<16x64xf8E4M3FN>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf8E4M3FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

