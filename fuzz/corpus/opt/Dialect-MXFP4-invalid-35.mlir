
// C is M x N; B is stored N x K, so a K x N result is wrong.
func.func @matmul_result_shape(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op result must be 16x32, got 32x16}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<32x16xf32>
  return
}

