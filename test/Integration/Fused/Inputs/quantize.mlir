// Quantize on its own: a kernel of its own (one work-item per block).
func.func @quantize(%x: tensor<37x288xbf16>) -> (tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>) {
  %q, %s = mxfp4.quantize %x : tensor<37x288xbf16> -> tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>
  return %q, %s : tensor<37x288xf4E2M1FN>, tensor<37x9xf8E8M0FNU>
}
