
func.func @matmul_huge_n(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<4294967296x64xf4E2M1FN>, %bs: tensor<4294967296x2xf8E8M0FNU>) {
  // expected-error @+1 {{dimensions must be at most 2147483648}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<4294967296x64xf4E2M1FN>, tensor<4294967296x2xf8E8M0FNU> -> tensor<16x4294967296xf32>
  return
}
