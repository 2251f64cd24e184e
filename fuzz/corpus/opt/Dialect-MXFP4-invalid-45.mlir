
func.func @matmul_preshuffled_scales_rank(%a: tensor<16x64xf4E2M1FN>, %as: tensor<16x2xf8E8M0FNU>, %b: tensor<32x64xf4E2M1FN>, %bs: tensor<2048xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.scaled_matmul' op pre-shuffled B scales must be 256x8, got 'tensor<2048xf8E8M0FNU>'}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs b_layout = preshuffled : tensor<16x64xf4E2M1FN>, tensor<16x2xf8E8M0FNU>, tensor<32x64xf4E2M1FN>, tensor<2048xf8E8M0FNU> -> tensor<16x32xf32>
  return
}

//===----------------------------------------------------------------------===//
// #mxfp4.config
//===----------------------------------------------------------------------===//

