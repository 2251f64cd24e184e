// C = bf16(A B^T) + residual, the add written as arith on tensors.
func.func @residual(%a: tensor<40x288xbf16>, %b: tensor<112x288xf4E2M1FN>, %bs: tensor<256x16xf8E8M0FNU>, %res: tensor<40x112xbf16>) -> tensor<40x112xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<40x288xbf16> -> tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<40x112xbf16>
  %r = arith.addf %c, %res : tensor<40x112xbf16>
  return %r : tensor<40x112xbf16>
}
