// A is computed from two inputs (x + 0.5 * y, in f32, rounded to bf16) by
// one linalg.generic. M = 16, K = 160, N = 96.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @linear(%x: tensor<16x160xbf16>, %y: tensor<16x160xbf16>, %w: tensor<96x160xf4E2M1FN>, %ws: tensor<96x5xf8E8M0FNU>) -> tensor<16x96xbf16> {
    %e = tensor.empty() : tensor<16x160xbf16>
    %a = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<16x160xbf16>, tensor<16x160xbf16>) outs(%e : tensor<16x160xbf16>) {
    ^bb0(%u: bf16, %v: bf16, %out: bf16):
      %half = arith.constant 5.000000e-01 : f32
      %0 = arith.extf %u : bf16 to f32
      %1 = arith.extf %v : bf16 to f32
      %2 = arith.mulf %1, %half : f32
      %3 = arith.addf %0, %2 : f32
      %4 = arith.truncf %3 : f32 to bf16
      linalg.yield %4 : bf16
    } -> tensor<16x160xbf16>
    %q, %qs = mxfp4.quantize %a : tensor<16x160xbf16> -> tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>, tensor<96x160xf4E2M1FN>, tensor<96x5xf8E8M0FNU> -> tensor<16x96xbf16>
    return %c : tensor<16x96xbf16>
  }
}
