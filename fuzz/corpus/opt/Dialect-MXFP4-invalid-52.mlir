
func.func @config_too_many_waves(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{at most 16 waves per work-group, got 32}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 4, waves_n = 8, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

