
// CHIP: unsupported chip 'gfx942'; fp4-mlir targets gfx950
// MFMA: mfma must be 0, 16 or 32, got 8

func.func @too_many_vgprs(%a: tensor<256x256xf4E2M1FN>, %as: tensor<256x8xf8E8M0FNU>, %b: tensor<256x256xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) -> tensor<256x256xf32> {
  // expected-error @+1 {{config needs about 658 VGPRs per lane, the chip has 512}}
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 4, tiles_n = 8, split_k = 1>) : tensor<256x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU>, tensor<256x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}
