// C quantized for the next layer: fp4 values and E8M0 scales come out of
// the GEMM's kernel (as fp4x2 bytes and scale bytes).
func.func @quantize_out(%a: tensor<40x288xbf16>, %b: tensor<128x288xf4E2M1FN>, %bs: tensor<256x16xf8E8M0FNU>) -> (tensor<40x128xf4E2M1FN>, tensor<40x4xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %a : tensor<40x288xbf16> -> tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>, tensor<128x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<40x128xbf16>
  %cq, %cs = mxfp4.quantize %c : tensor<40x128xbf16> -> tensor<40x128xf4E2M1FN>, tensor<40x4xf8E8M0FNU>
  return %cq, %cs : tensor<40x128xf4E2M1FN>, tensor<40x4xf8E8M0FNU>
}
