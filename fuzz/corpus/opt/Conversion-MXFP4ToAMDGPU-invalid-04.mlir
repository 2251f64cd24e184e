
// expected-error @+1 {{argument #4 is not used by the GEMM}}
func.func @unused_arg(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<16x64xf4E2M1FN>, %bs: tensor<16x2xf8E8M0FNU>, %x: tensor<4xf32>) -> tensor<16x16xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 16, waves_m = 1, waves_n = 1, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

