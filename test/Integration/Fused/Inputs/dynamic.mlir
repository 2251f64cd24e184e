// A token count known at run time: one kernel for every M.
func.func @dynamic(%a: tensor<?x288xbf16>, %b: tensor<112x288xf4E2M1FN>, %bs: tensor<256x16xf8E8M0FNU>) -> tensor<?x112xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x288xbf16> -> tensor<?x288xf4E2M1FN>, tensor<?x9xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<?x288xf4E2M1FN>, tensor<?x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<?x112xbf16>
  return %c : tensor<?x112xbf16>
}
