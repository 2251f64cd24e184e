module {
  func.func @gemm_8x32x128(%arg0: tensor<8x128xf4E2M1FN>, %arg1: tensor<8x4xf8E8M0FNU>, %arg2: tensor<32x128xf4E2M1FN>, %arg3: tensor<256x8xf8E8M0FNU>) -> tensor<8x32xbf16> {
    %0 = mxfp4.scaled_matmul %arg0, %arg1, %arg2, %arg3 b_layout = preshuffled : tensor<8x128xf4E2M1FN>, tensor<8x4xf8E8M0FNU>, tensor<32x128xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<8x32xbf16>
    return %0 : tensor<8x32xbf16>
  }
}

