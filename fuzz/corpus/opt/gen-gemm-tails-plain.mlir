module {
  func.func @gemm_17x70x96(%arg0: tensor<17x96xbf16>, %arg1: tensor<70x96xf4E2M1FN>, %arg2: tensor<70x3xf8E8M0FNU>) -> tensor<17x70xbf16> {
    %values, %scales = mxfp4.quantize %arg0 : tensor<17x96xbf16> -> tensor<17x96xf4E2M1FN>, tensor<17x3xf8E8M0FNU>
    %0 = mxfp4.scaled_matmul %values, %scales, %arg1, %arg2 : tensor<17x96xf4E2M1FN>, tensor<17x3xf8E8M0FNU>, tensor<70x96xf4E2M1FN>, tensor<70x3xf8E8M0FNU> -> tensor<17x70xbf16>
    return %0 : tensor<17x70xbf16>
  }
}

