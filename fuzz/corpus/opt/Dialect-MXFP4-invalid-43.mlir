
// Pre-shuffled B with unpadded (plain) scales.
func.func @matmul_preshuffled_scales_plain(%a: tensor<16x7168xf4E2M1FN>, %as: tensor<16x224xf8E8M0FNU>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2112x224xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op pre-shuffled B scales must be 2304x224, got 'tensor<2112x224xf8E8M0FNU>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2112x224xf8E8M0FNU> -> tensor<16x2112xbf16>
  return
}

