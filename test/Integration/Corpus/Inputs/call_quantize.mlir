// A function returns quantized activations (fp4 values and E8M0 scales) to
// its caller through func.call; the caller uses them as A and also returns
// them. M = 16, K = 288, N = 112.
module {
  func.func private @quant_act(%x: tensor<16x288xbf16>) -> (tensor<16x288xf4E2M1FN>, tensor<16x9xf8E8M0FNU>) {
    %q, %s = mxfp4.quantize %x : tensor<16x288xbf16> -> tensor<16x288xf4E2M1FN>, tensor<16x9xf8E8M0FNU>
    return %q, %s : tensor<16x288xf4E2M1FN>, tensor<16x9xf8E8M0FNU>
  }
  func.func @linear(%x: tensor<16x288xbf16>, %w: tensor<112x288xf4E2M1FN>, %ws: tensor<112x9xf8E8M0FNU>) -> (tensor<16x112xf32>, tensor<16x288xf4E2M1FN>, tensor<16x9xf8E8M0FNU>) {
    %q, %s = call @quant_act(%x) : (tensor<16x288xbf16>) -> (tensor<16x288xf4E2M1FN>, tensor<16x9xf8E8M0FNU>)
    %c = mxfp4.scaled_matmul %q, %s, %w, %ws : tensor<16x288xf4E2M1FN>, tensor<16x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<112x9xf8E8M0FNU> -> tensor<16x112xf32>
    return %c, %q, %s : tensor<16x112xf32>, tensor<16x288xf4E2M1FN>, tensor<16x9xf8E8M0FNU>
  }
}
