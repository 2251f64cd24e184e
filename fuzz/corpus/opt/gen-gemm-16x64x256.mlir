module {
  func.func @gemm_16x64x256(%arg0: tensor<16x256xbf16>, %arg1: tensor<64x256xf4E2M1FN>, %arg2: tensor<256x8xf8E8M0FNU>) -> tensor<16x64xbf16> {
    %values, %scales = mxfp4.quantize %arg0 : tensor<16x256xbf16> -> tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>
    %0 = mxfp4.scaled_matmul %values, %scales, %arg1, %arg2 b_layout = preshuffled : tensor<16x256xf4E2M1FN>, tensor<16x8xf8E8M0FNU>, tensor<64x256xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<16x64xbf16>
    return %0 : tensor<16x64xbf16>
  }
}

