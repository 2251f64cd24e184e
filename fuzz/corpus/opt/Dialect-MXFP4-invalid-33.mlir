
func.func @matmul_k_mismatch(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x128xf4E2M1FN>, %bs: tensor<32x4xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op K of A (64) and B (128) differ}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x128xf4E2M1FN>, tensor<32x4xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

