
// The scales' last dimension counts blocks of 32, not elements.
func.func @quantize_scales_last_dim(%a: tensor<4x64xbf16>) {
  // expected-error @+1 {{'mxfp4.quantize' op result scales dimension 1 must be 2, got 64}}
  %q, %s = mxfp4.quantize %a : tensor<4x64xbf16> -> tensor<4x64xf4E2M1FN>, tensor<4x64xf8E8M0FNU>
  return
}

//===----------------------------------------------------------------------===//
// mxfp4.dequantize
//===----------------------------------------------------------------------===//

