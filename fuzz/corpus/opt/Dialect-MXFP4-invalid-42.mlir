
func.func @matmul_preshuffled_n(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<100x64xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op pre-shuffled B needs N to be a multiple of 16, got 100}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<100x64xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<16x100xf32>
  return
}

