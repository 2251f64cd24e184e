
func.func @matmul_a_rank3(%a: tensor<1x16x64xf4E2M1FN>, %as: tensor<1x16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op operands and result must be 2-D}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<1x16x64xf4E2M1FN>, tensor<1x16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

