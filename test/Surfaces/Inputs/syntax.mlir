// Malformed IR: a tensor type without its closing '>'. The parser's error.
func.func @gemm(%a: tensor<16x128xbf16>, %b: tensor<32x128xf4E2M1FN>, %bs: tensor<32x4xf8E8M0FNU>) -> tensor<16x32xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x128xbf16> -> tensor<16x128xf4E2M1FN, tensor<16x4xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs : tensor<16x128xf4E2M1FN>, tensor<16x4xf8E8M0FNU>, tensor<32x128xf4E2M1FN>, tensor<32x4xf8E8M0FNU> -> tensor<16x32xbf16>
  return %c : tensor<16x32xbf16>
}
