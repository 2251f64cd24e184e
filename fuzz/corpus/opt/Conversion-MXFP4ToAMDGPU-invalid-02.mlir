
func.func @split_k(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{split_k > 1 is not supported by this lowering}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 2>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

