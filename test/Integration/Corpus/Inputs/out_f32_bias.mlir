// f32 result plus a bias, in f32 throughout. M = 100, K = 96, N = 200.
#map = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>
module {
  func.func @linear(%x: tensor<100x96xbf16>, %w: tensor<200x96xf4E2M1FN>, %ws: tensor<200x3xf8E8M0FNU>, %b: tensor<200xf32>) -> tensor<100x200xf32> {
    %q, %qs = mxfp4.quantize %x : tensor<100x96xbf16> -> tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>, tensor<200x96xf4E2M1FN>, tensor<200x3xf8E8M0FNU> -> tensor<100x200xf32>
    %e = tensor.empty() : tensor<100x200xf32>
    %y = linalg.generic {indexing_maps = [#map, #cols, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %b : tensor<100x200xf32>, tensor<200xf32>) outs(%e : tensor<100x200xf32>) {
    ^bb0(%a: f32, %bb: f32, %out: f32):
      %0 = arith.addf %a, %bb : f32
      linalg.yield %0 : f32
    } -> tensor<100x200xf32>
    return %y : tensor<100x200xf32>
  }
}
