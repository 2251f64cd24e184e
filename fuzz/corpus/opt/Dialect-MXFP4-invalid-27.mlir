
func.func @matmul_bad_layout(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'b_layout' [plain, preshuffled]}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = shuffled : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

