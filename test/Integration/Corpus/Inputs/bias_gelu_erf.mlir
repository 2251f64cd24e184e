// Bias + exact GELU, 0.5 z (1 + erf(z / sqrt(2))). M = 3, K = 160, N = 200.
#map = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>
module {
  func.func @linear(%x: tensor<3x160xbf16>, %w: tensor<200x160xf4E2M1FN>, %ws: tensor<200x5xf8E8M0FNU>, %b: tensor<200xf32>) -> tensor<3x200xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<3x160xbf16> -> tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>, tensor<200x160xf4E2M1FN>, tensor<200x5xf8E8M0FNU> -> tensor<3x200xf32>
    %e = tensor.empty() : tensor<3x200xbf16>
    %y = linalg.generic {indexing_maps = [#map, #cols, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %b : tensor<3x200xf32>, tensor<200xf32>) outs(%e : tensor<3x200xbf16>) {
    ^bb0(%a: f32, %bb: f32, %out: bf16):
      %half = arith.constant 5.000000e-01 : f32
      %one = arith.constant 1.000000e+00 : f32
      %rsqrt2 = arith.constant 0.707106769 : f32
      %z = arith.addf %a, %bb : f32
      %0 = arith.mulf %z, %rsqrt2 : f32
      %1 = math.erf %0 : f32
      %2 = arith.addf %1, %one : f32
      %3 = arith.mulf %z, %half : f32
      %4 = arith.mulf %3, %2 : f32
      %5 = arith.truncf %4 : f32 to bf16
      linalg.yield %5 : bf16
    } -> tensor<3x200xbf16>
    return %y : tensor<3x200xbf16>
  }
}
