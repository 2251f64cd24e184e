module {
  func.func @gemm_32x128x512(%arg0: tensor<32x512xbf16>, %arg1: tensor<128x512xf4E2M1FN>, %arg2: tensor<256x16xf8E8M0FNU>) -> tensor<32x128xf32> {
    %values, %scales = mxfp4.quantize %arg0 mode = floor : tensor<32x512xbf16> -> tensor<32x512xf4E2M1FN>, tensor<32x16xf8E8M0FNU>
    %0 = mxfp4.scaled_matmul %values, %scales, %arg1, %arg2 b_layout = preshuffled : tensor<32x512xf4E2M1FN>, tensor<32x16xf8E8M0FNU>, tensor<128x512xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<32x128xf32>
    return %0 : tensor<32x128xf32>
  }
}

