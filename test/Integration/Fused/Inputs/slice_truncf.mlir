// A comes from other tensor ops: the second half of an f32 activation,
// truncated to bf16 (the truncation is fused into the kernel's A loads).
func.func @slice_truncf(%x: tensor<40x576xf32>, %b: tensor<112x288xf4E2M1FN>, %bs: tensor<256x16xf8E8M0FNU>) -> tensor<40x112xbf16> {
  %xs = tensor.extract_slice %x[0, 288] [40, 288] [1, 1] : tensor<40x576xf32> to tensor<40x288xf32>
  %a = arith.truncf %xs : tensor<40x288xf32> to tensor<40x288xbf16>
  %q, %s = mxfp4.quantize %a : tensor<40x288xbf16> -> tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<40x112xbf16>
  return %c : tensor<40x112xbf16>
}
