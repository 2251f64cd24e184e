// A batched B [batch, N, K] (per-batch weights, as in grouped GEMMs) as one
// mxfp4.scaled_matmul, its A quantized over all batches, a bias over the
// 3-D result: 3 batches, M = 25, K = 96, N = 80.
module {
  func.func @bmm(%x: tensor<3x25x96xbf16>, %w: tensor<3x80x96xf4E2M1FN>, %ws: tensor<3x80x3xf8E8M0FNU>, %bias: tensor<80xf32>) -> tensor<3x25x80xf32> {
    %q, %qs = mxfp4.quantize %x : tensor<3x25x96xbf16> -> tensor<3x25x96xf4E2M1FN>, tensor<3x25x3xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<3x25x96xf4E2M1FN>, tensor<3x25x3xf8E8M0FNU>, tensor<3x80x96xf4E2M1FN>, tensor<3x80x3xf8E8M0FNU> -> tensor<3x25x80xf32>
    %e = tensor.empty() : tensor<3x25x80xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<3x25x80xf32>, tensor<80xf32>) outs(%e : tensor<3x25x80xf32>) {
    ^bb0(%v: f32, %y: f32, %o: f32):
      %s = arith.addf %v, %y : f32
      linalg.yield %s : f32
    } -> tensor<3x25x80xf32>
    return %r : tensor<3x25x80xf32>
  }
}
