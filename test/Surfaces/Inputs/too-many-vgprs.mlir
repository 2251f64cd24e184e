// A program that parses and verifies but that the pipeline refuses: its
// GEMM's configuration needs more VGPRs than gfx950 has (mxfp4-select-config,
// a pass's error through the pass manager).
func.func @vgprs(%a: tensor<256x256xf4E2M1FN>, %as: tensor<256x8xf8E8M0FNU>, %b: tensor<256x256xf4E2M1FN>, %bs: tensor<256x8xf8E8M0FNU>) -> tensor<256x256xf32> {
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs config(<mfma = 32, waves_m = 1, waves_n = 1, tiles_m = 4, tiles_n = 8, split_k = 1>) : tensor<256x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU>, tensor<256x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}
