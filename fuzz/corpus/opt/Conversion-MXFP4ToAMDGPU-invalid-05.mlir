
func.func @same_arg_twice(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>) -> tensor<16x16xf32> {
  // expected-error @+1 {{argument #0 is used twice}}
  %c = mxfp4.scaled_matmul %a, %as, %a, %as config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}
