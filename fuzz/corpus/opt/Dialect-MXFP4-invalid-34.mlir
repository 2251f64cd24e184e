
func.func @matmul_k_not_blocked(%a: tensor<16x48xf4E2M1FN>, %as: tensor<16x1xf8E8M0FNU>, %b: tensor<32x48xf4E2M1FN>, %bs: tensor<32x1xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op A last dimension must be a multiple of 32, got 48}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x48xf4E2M1FN>, tensor<16x1xf8E8M0FNU>, tensor<32x48xf4E2M1FN>, tensor<32x1xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

