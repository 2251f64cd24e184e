module {
  func.func @quantize_4x64(%arg0: tensor<4x64xbf16>) -> (tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>) {
    %values, %scales = mxfp4.quantize %arg0 : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
    return %values, %scales : tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>
  }
}

