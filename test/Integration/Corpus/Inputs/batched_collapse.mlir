// [batch, seq, K] activations collapsed to [batch * seq, K] with
// tensor.collapse_shape, one GEMM, expanded back with tensor.expand_shape
// (what torch-mlir emits for a Linear on a 3-D input).
// 2 x 50 tokens, K = 160, N = 112.
module {
  func.func @linear(%x: tensor<2x50x160xbf16>, %w: tensor<112x160xf4E2M1FN>, %ws: tensor<112x5xf8E8M0FNU>) -> tensor<2x50x112xbf16> {
    %x2 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x50x160xbf16> into tensor<100x160xbf16>
    %q, %qs = mxfp4.quantize %x2 : tensor<100x160xbf16> -> tensor<100x160xf4E2M1FN>, tensor<100x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<100x160xf4E2M1FN>, tensor<100x5xf8E8M0FNU>, tensor<112x160xf4E2M1FN>, tensor<112x5xf8E8M0FNU> -> tensor<100x112xbf16>
    %y = tensor.expand_shape %c [[0, 1], [2]] output_shape [2, 50, 112] : tensor<100x112xbf16> into tensor<2x50x112xbf16>
    return %y : tensor<2x50x112xbf16>
  }
}
