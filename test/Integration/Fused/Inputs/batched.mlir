// A leading batch dimension with a shared B: three batches of 20 rows.
func.func @batched(%a: tensor<3x20x288xbf16>, %b: tensor<112x288xf4E2M1FN>, %bs: tensor<256x16xf8E8M0FNU>) -> tensor<3x20x112xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<3x20x288xbf16> -> tensor<3x20x288xf4E2M1FN>, tensor<3x20x9xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<3x20x288xf4E2M1FN>, tensor<3x20x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<3x20x112xbf16>
  return %c : tensor<3x20x112xbf16>
}
