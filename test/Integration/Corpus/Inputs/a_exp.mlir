// An A producer that calls math.exp: A = exp(x) in f32, quantized straight
// from f32. M = 3, K = 224, N = 112.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @linear(%x: tensor<3x224xf32>, %w: tensor<112x224xf4E2M1FN>, %ws: tensor<112x7xf8E8M0FNU>) -> tensor<3x112xbf16> {
    %e = tensor.empty() : tensor<3x224xf32>
    %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3x224xf32>) outs(%e : tensor<3x224xf32>) {
    ^bb0(%u: f32, %out: f32):
      %0 = math.exp %u : f32
      linalg.yield %0 : f32
    } -> tensor<3x224xf32>
    %q, %qs = mxfp4.quantize %a : tensor<3x224xf32> -> tensor<3x224xf4E2M1FN>, tensor<3x7xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<3x224xf4E2M1FN>, tensor<3x7xf8E8M0FNU>, tensor<112x224xf4E2M1FN>, tensor<112x7xf8E8M0FNU> -> tensor<3x112xbf16>
    return %c : tensor<3x112xbf16>
  }
}
