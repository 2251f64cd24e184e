// One token (decode): bf16 result with aiter's pre-shuffled weight, a ReLU
// on the bf16 values. M = 1, K = 288, N = 112.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @linear(%x: tensor<1x288xbf16>, %w: tensor<112x288xf4E2M1FN>, %ws: tensor<256x16xf8E8M0FNU>) -> tensor<1x112xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<1x288xbf16> -> tensor<1x288xf4E2M1FN>, tensor<1x9xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws b_layout = preshuffled : tensor<1x288xf4E2M1FN>, tensor<1x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<1x112xbf16>
    %e = tensor.empty() : tensor<1x112xbf16>
    %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<1x112xbf16>) outs(%e : tensor<1x112xbf16>) {
    ^bb0(%a: bf16, %out: bf16):
      %zero = arith.constant 0.000000e+00 : bf16
      %0 = arith.maximumf %a, %zero : bf16
      linalg.yield %0 : bf16
    } -> tensor<1x112xbf16>
    return %y : tensor<1x112xbf16>
  }
}
