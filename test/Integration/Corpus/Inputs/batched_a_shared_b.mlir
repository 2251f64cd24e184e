// A batch of sequences [4, 25, K] against one weight (3-D A and C, shared B),
// a bias over the last dimension. K = 160, N = 96.
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#last = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @linear(%x: tensor<4x25x160xbf16>, %w: tensor<96x160xf4E2M1FN>, %ws: tensor<96x5xf8E8M0FNU>, %b: tensor<96xf32>) -> tensor<4x25x96xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<4x25x160xbf16> -> tensor<4x25x160xf4E2M1FN>, tensor<4x25x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<4x25x160xf4E2M1FN>, tensor<4x25x5xf8E8M0FNU>, tensor<96x160xf4E2M1FN>, tensor<96x5xf8E8M0FNU> -> tensor<4x25x96xf32>
    %e = tensor.empty() : tensor<4x25x96xbf16>
    %y = linalg.generic {indexing_maps = [#map3, #last, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %b : tensor<4x25x96xf32>, tensor<96xf32>) outs(%e : tensor<4x25x96xbf16>) {
    ^bb0(%a: f32, %bb: f32, %out: bf16):
      %0 = arith.addf %a, %bb : f32
      %1 = arith.truncf %0 : f32 to bf16
      linalg.yield %1 : bf16
    } -> tensor<4x25x96xbf16>
    return %y : tensor<4x25x96xbf16>
  }
}
