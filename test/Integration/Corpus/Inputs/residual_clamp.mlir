// bf16 GEMM result plus a bf16 residual, clamped to [-2, 2] (constants in
// the body). M = 16, K = 288, N = 96.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @linear(%x: tensor<16x288xbf16>, %w: tensor<96x288xf4E2M1FN>, %ws: tensor<96x9xf8E8M0FNU>, %res: tensor<16x96xbf16>) -> tensor<16x96xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<16x288xbf16> -> tensor<16x288xf4E2M1FN>, tensor<16x9xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<16x288xf4E2M1FN>, tensor<16x9xf8E8M0FNU>, tensor<96x288xf4E2M1FN>, tensor<96x9xf8E8M0FNU> -> tensor<16x96xbf16>
    %e = tensor.empty() : tensor<16x96xbf16>
    %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %res : tensor<16x96xbf16>, tensor<16x96xbf16>) outs(%e : tensor<16x96xbf16>) {
    ^bb0(%a: bf16, %r: bf16, %out: bf16):
      %lo = arith.constant -2.000000e+00 : f32
      %hi = arith.constant 2.000000e+00 : f32
      %0 = arith.extf %a : bf16 to f32
      %1 = arith.extf %r : bf16 to f32
      %2 = arith.addf %0, %1 : f32
      %3 = arith.maximumf %2, %lo : f32
      %4 = arith.minimumf %3, %hi : f32
      %5 = arith.truncf %4 : f32 to bf16
      linalg.yield %5 : bf16
    } -> tensor<16x96xbf16>
    return %y : tensor<16x96xbf16>
  }
}
