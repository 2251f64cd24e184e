
func.func @matmul_b_scales_rank(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<1x32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op B scales must have rank 2, got 3}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<1x32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

