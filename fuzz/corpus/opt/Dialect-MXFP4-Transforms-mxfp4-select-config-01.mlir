
// Large M and N: four row tiles and two column tiles per wave.
// CHECK-LABEL: func.func @large
// CHECK: config(<mfma = 16, waves_m = 1, waves_n = 4, tiles_m = 4, tiles_n = 2, split_k = 1>)
// MFMA32-LABEL: func.func @large
// MFMA32: config(<mfma = 32, waves_m = 1, waves_n = 4, tiles_m = 4, tiles_n = 2, split_k = 1>)
func.func @large(%a: tensor<256x512xf4E2M1FN>, %as: tensor<256x16xf8E8M0FNU>, %b: tensor<4096x512xf4E2M1FN>, %bs: tensor<4096x16xf8E8M0FNU>) -> tensor<256x4096xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs : tensor<256x512xf4E2M1FN>, tensor<256x16xf8E8M0FNU>, tensor<4096x512xf4E2M1FN>, tensor<4096x16xf8E8M0FNU> -> tensor<256x4096xf32>
  return %c : tensor<256x4096xf32>
}

