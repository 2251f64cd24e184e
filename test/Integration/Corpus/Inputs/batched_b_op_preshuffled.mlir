// A batched B [batch, N, K] in aiter's pre-shuffled layout (each batch's
// values and padded scales laid out as a 2-D B's), decode-sized: 2
// batches, M = 1, K = 160, N = 96, bf16 result.
module {
  func.func @bmm(%x: tensor<2x1x160xbf16>, %w: tensor<2x96x160xf4E2M1FN>, %ws: tensor<2x256x8xf8E8M0FNU>) -> tensor<2x1x96xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<2x1x160xbf16> -> tensor<2x1x160xf4E2M1FN>, tensor<2x1x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws b_layout = preshuffled : tensor<2x1x160xf4E2M1FN>, tensor<2x1x5xf8E8M0FNU>, tensor<2x96x160xf4E2M1FN>, tensor<2x256x8xf8E8M0FNU> -> tensor<2x1x96xbf16>
    return %c : tensor<2x1x96xbf16>
  }
}
