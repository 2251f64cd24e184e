
func.func @config_mfma_8(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<32x2xf8E8M0FNU>) {
  // expected-error @+1 {{mfma must be 16 (16x16x128) or 32 (32x32x64), got 8}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 8, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<32x2xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

