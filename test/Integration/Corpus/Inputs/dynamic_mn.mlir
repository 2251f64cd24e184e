// M and N both dynamic, a ReLU epilogue. Run with M = 3, N = 112, K = 160.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @linear(%x: tensor<?x160xbf16>, %w: tensor<?x160xf4E2M1FN>, %ws: tensor<?x5xf8E8M0FNU>) -> tensor<?x?xbf16> {
    %c0 = arith.constant 0 : index
    %q, %qs = mxfp4.quantize %x : tensor<?x160xbf16> -> tensor<?x160xf4E2M1FN>, tensor<?x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<?x160xf4E2M1FN>, tensor<?x5xf8E8M0FNU>, tensor<?x160xf4E2M1FN>, tensor<?x5xf8E8M0FNU> -> tensor<?x?xf32>
    %m = tensor.dim %x, %c0 : tensor<?x160xbf16>
    %n = tensor.dim %w, %c0 : tensor<?x160xf4E2M1FN>
    %e = tensor.empty(%m, %n) : tensor<?x?xbf16>
    %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<?x?xf32>) outs(%e : tensor<?x?xbf16>) {
    ^bb0(%a: f32, %out: bf16):
      %zero = arith.constant 0.000000e+00 : f32
      %0 = arith.maximumf %a, %zero : f32
      %1 = arith.truncf %0 : f32 to bf16
      linalg.yield %1 : bf16
    } -> tensor<?x?xbf16>
    return %y : tensor<?x?xbf16>
  }
}
