// Bias + GELU (tanh approximation, its constants in the body).
// M = 100, K = 224, N = 112.
#map = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>
module {
  func.func @linear(%x: tensor<100x224xbf16>, %w: tensor<112x224xf4E2M1FN>, %ws: tensor<112x7xf8E8M0FNU>, %b: tensor<112xf32>) -> tensor<100x112xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<100x224xbf16> -> tensor<100x224xf4E2M1FN>, tensor<100x7xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<100x224xf4E2M1FN>, tensor<100x7xf8E8M0FNU>, tensor<112x224xf4E2M1FN>, tensor<112x7xf8E8M0FNU> -> tensor<100x112xf32>
    %e = tensor.empty() : tensor<100x112xbf16>
    %y = linalg.generic {indexing_maps = [#map, #cols, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %b : tensor<100x112xf32>, tensor<112xf32>) outs(%e : tensor<100x112xbf16>) {
    ^bb0(%a: f32, %bb: f32, %out: bf16):
      %half = arith.constant 5.000000e-01 : f32
      %one = arith.constant 1.000000e+00 : f32
      %k0 = arith.constant 0.797884583 : f32
      %k1 = arith.constant 4.471500e-02 : f32
      %z = arith.addf %a, %bb : f32
      %0 = arith.mulf %z, %z : f32
      %1 = arith.mulf %0, %z : f32
      %2 = arith.mulf %1, %k1 : f32
      %3 = arith.addf %z, %2 : f32
      %4 = arith.mulf %3, %k0 : f32
      %5 = math.tanh %4 : f32
      %6 = arith.addf %5, %one : f32
      %7 = arith.mulf %z, %half : f32
      %8 = arith.mulf %7, %6 : f32
      %9 = arith.truncf %8 : f32 to bf16
      linalg.yield %9 : bf16
    } -> tensor<100x112xbf16>
    return %y : tensor<100x112xbf16>
  }
}
