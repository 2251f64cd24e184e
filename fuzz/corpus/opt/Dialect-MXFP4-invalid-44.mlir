
// K = 96: three scale columns, padded to eight.
func.func @matmul_preshuffled_scales_cols(%a: tensor<16x96xf4E2M1FN>, %as: tensor<16x3xf8E8M0FNU>, %b: tensor<32x96xf4E2M1FN>, %bs: tensor<256x3xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op pre-shuffled B scales must be 256x8, got 'tensor<256x3xf8E8M0FNU>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>, tensor<32x96xf4E2M1FN>, tensor<256x3xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

