// Elementwise only, no GEMM: silu(x) * y in f32, rounded to bf16.
// [100, 200].
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @swiglu(%x: tensor<100x200xbf16>, %y: tensor<100x200xbf16>) -> tensor<100x200xbf16> {
    %e = tensor.empty() : tensor<100x200xbf16>
    %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<100x200xbf16>, tensor<100x200xbf16>) outs(%e : tensor<100x200xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %out: bf16):
      %one = arith.constant 1.000000e+00 : f32
      %0 = arith.extf %a : bf16 to f32
      %1 = arith.extf %b : bf16 to f32
      %2 = arith.negf %0 : f32
      %3 = math.exp %2 : f32
      %4 = arith.addf %3, %one : f32
      %5 = arith.divf %0, %4 : f32
      %6 = arith.mulf %5, %1 : f32
      %7 = arith.truncf %6 : f32 to bf16
      linalg.yield %7 : bf16
    } -> tensor<100x200xbf16>
    return %r : tensor<100x200xbf16>
  }
}
