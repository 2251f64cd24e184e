
// A configuration given by hand is kept.
// CHECK-LABEL: func.func @by_hand
// CHECK: config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>)
// MFMA32-LABEL: func.func @by_hand
// MFMA32: config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>)
func.func @by_hand(%a: tensor<64x256xf4E2M1FN>, %as: tensor<64x8xf8E8M0FNU>, %b: tensor<64x256xf4E2M1FN>, %bs: tensor<64x8xf8E8M0FNU>) -> tensor<64x64xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 32, waves_m = 2, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1>) : tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<64x8xf8E8M0FNU> -> tensor<64x64xbf16>
  return %c : tensor<64x64xbf16>
}
