
// A plain B with the padded pre-shuffled scale shape: the layout says plain.
func.func @matmul_b_scales_dim1(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op B scales dimension 1 must be 2, got 8}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x8xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

