
func.func @dequantize_scales_last_dim(%v: tensor<4x64xf4E2M1FN>, %s: tensor<4x3xf8E8M0FNU>) {
  // expected-error @+1 {{'mxfp4.dequantize' op values scales dimension 1 must be 2, got 3}}
  %x = mxfp4.dequantize %v, %s : tensor<4x64xf4E2M1FN>, tensor<4x3xf8E8M0FNU> -> tensor<4x64xf32>
  return
}

//===----------------------------------------------------------------------===//
// mxfp4.scaled_matmul
//===----------------------------------------------------------------------===//

