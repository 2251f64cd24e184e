// Gate and up projections: two GEMMs share one quantized A.
func.func @two_gemms(%a: tensor<40x288xbf16>, %b0: tensor<112x288xf4E2M1FN>, %bs0: tensor<256x16xf8E8M0FNU>, %b1: tensor<112x288xf4E2M1FN>, %bs1: tensor<256x16xf8E8M0FNU>) -> (tensor<40x112xbf16>, tensor<40x112xbf16>) {
  %q, %s = mxfp4.quantize %a : tensor<40x288xbf16> -> tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>
  %c0 = mxfp4.scaled_matmul %q, %s, %b0, %bs0 b_layout = preshuffled : tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<40x112xbf16>
  %c1 = mxfp4.scaled_matmul %q, %s, %b1, %bs1 b_layout = preshuffled : tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<40x112xbf16>
  return %c0, %c1 : tensor<40x112xbf16>, tensor<40x112xbf16>
}
