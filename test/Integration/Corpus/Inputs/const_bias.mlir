// The bias is a constant of the program (arith.constant dense, as a
// frontend folds a parameter), read next to a splat constant scale:
// y = (A B^T + bias) * 0.5, f32. bias[i] = ((7 i) mod 11 - 5) / 4.
// M = 3, K = 96, N = 80.
#map = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>
module {
  func.func @linear(%x: tensor<3x96xbf16>, %w: tensor<80x96xf4E2M1FN>, %ws: tensor<80x3xf8E8M0FNU>) -> tensor<3x80xf32> {
    %bias = arith.constant dense<[-1.250000e+00, 5.000000e-01, -5.000000e-01, 1.250000e+00, 2.500000e-01, -7.500000e-01, 1.000000e+00, 0.000000e+00, -1.000000e+00, 7.500000e-01, -2.500000e-01, -1.250000e+00, 5.000000e-01, -5.000000e-01, 1.250000e+00, 2.500000e-01, -7.500000e-01, 1.000000e+00, 0.000000e+00, -1.000000e+00, 7.500000e-01, -2.500000e-01, -1.250000e+00, 5.000000e-01, -5.000000e-01, 1.250000e+00, 2.500000e-01, -7.500000e-01, 1.000000e+00, 0.000000e+00, -1.000000e+00, 7.500000e-01, -2.500000e-01, -1.250000e+00, 5.000000e-01, -5.000000e-01, 1.250000e+00, 2.500000e-01, -7.500000e-01, 1.000000e+00, 0.000000e+00, -1.000000e+00, 7.500000e-01, -2.500000e-01, -1.250000e+00, 5.000000e-01, -5.000000e-01, 1.250000e+00, 2.500000e-01, -7.500000e-01, 1.000000e+00, 0.000000e+00, -1.000000e+00, 7.500000e-01, -2.500000e-01, -1.250000e+00, 5.000000e-01, -5.000000e-01, 1.250000e+00, 2.500000e-01, -7.500000e-01, 1.000000e+00, 0.000000e+00, -1.000000e+00, 7.500000e-01, -2.500000e-01, -1.250000e+00, 5.000000e-01, -5.000000e-01, 1.250000e+00, 2.500000e-01, -7.500000e-01, 1.000000e+00, 0.000000e+00, -1.000000e+00, 7.500000e-01, -2.500000e-01, -1.250000e+00, 5.000000e-01, -5.000000e-01]> : tensor<80xf32>
    %q, %qs = mxfp4.quantize %x : tensor<3x96xbf16> -> tensor<3x96xf4E2M1FN>, tensor<3x3xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<3x96xf4E2M1FN>, tensor<3x3xf8E8M0FNU>, tensor<80x96xf4E2M1FN>, tensor<80x3xf8E8M0FNU> -> tensor<3x80xf32>
    %e = tensor.empty() : tensor<3x80xf32>
    %y = linalg.generic {indexing_maps = [#map, #cols, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<3x80xf32>, tensor<80xf32>) outs(%e : tensor<3x80xf32>) {
    ^bb0(%a: f32, %bb: f32, %out: f32):
      %half = arith.constant 5.000000e-01 : f32
      %0 = arith.addf %a, %bb : f32
      %1 = arith.mulf %0, %half : f32
      linalg.yield %1 : f32
    } -> tensor<3x80xf32>
    return %y : tensor<3x80xf32>
  }
}
