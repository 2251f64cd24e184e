module {
  func.func @gemm_16x64x256(%arg0: tensor<16x256xbf16>, %arg1: tensor<64x256xf4E2M1FN>, %arg2: tensor<256x8xf8E8M0FNU>) -> tensor<16x64xbf16> {
    %values, %scales = mxfp4.quantize %arg0 : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
    %0 = mxfp4.scaled_matmul %values, %scales, %arg1, %arg2 b_layout = preshuffled config(<mfma = 32, waves_m = 1, waves_n = 2, tiles_m = 1, tiles_n = 1, split_k = 1, waves_k = 2>) : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<16x64xbf16>
    return %0 : tensor<16x64xbf16>
  }
}

