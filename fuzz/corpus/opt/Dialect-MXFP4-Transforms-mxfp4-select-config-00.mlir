
// Small M: one MFMA row tile per wave, four waves across N.
// CHECK-LABEL: func.func @small_m
// CHECK: mxfp4.scaled_matmul {{.*}} config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>)
// MFMA32-LABEL: func.func @small_m
// MFMA32: config(<mfma = 32, waves_m = 1, waves_n = 4, tiles_m = 1, tiles_n = 1, split_k = 1>)
func.func @small_m(%a: tensor<4x512xf4E2M1FN>, %as: tensor<4x16xf8E8M0FNU>, %b: tensor<2880x512xf4E2M1FN>, %bs: tensor<2880x16xf8E8M0FNU>) -> tensor<4x2880xbf16> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<4x512xf4E2M1FN>, tensor<4x16xf8E8M0FNU>, tensor<2880x512xf4E2M1FN>, tensor<2880x16xf8E8M0FNU> -> tensor<4x2880xbf16>
  return %c : tensor<4x2880xbf16>
}

