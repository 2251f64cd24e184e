// Dequantize on its own, to f32, with a dynamic row count.
func.func @dequantize(%q: tensor<?x288xf4E2M1FN>, %s: tensor<?x9xf8E8M0FNU>) -> tensor<?x288xf32> {
  %x = mxfp4.dequantize %q, %s : tensor<?x288xf4E2M1FN>, tensor<?x9xf8E8M0FNU> -> tensor<?x288xf32>
  return %x : tensor<?x288xf32>
}
