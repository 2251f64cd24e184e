// A 2-layer MLP: bias + ReLU after layer 1, rounded to bf16 and quantized
// for layer 2, f32 out. M = 100, 160 -> 96 -> 112.
#map = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>
module {
  func.func @mlp(%x: tensor<100x160xbf16>, %w1: tensor<96x160xf4E2M1FN>, %s1: tensor<96x5xf8E8M0FNU>, %b1: tensor<96xf32>, %w2: tensor<112x96xf4E2M1FN>, %s2: tensor<112x3xf8E8M0FNU>) -> tensor<100x112xf32> {
    %q, %qs = mxfp4.quantize %x : tensor<100x160xbf16> -> tensor<100x160xf4E2M1FN>, tensor<100x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w1, %s1 : tensor<100x160xf4E2M1FN>, tensor<100x5xf8E8M0FNU>, tensor<96x160xf4E2M1FN>, tensor<96x5xf8E8M0FNU> -> tensor<100x96xf32>
    %e = tensor.empty() : tensor<100x96xbf16>
    %h = linalg.generic {indexing_maps = [#map, #cols, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %b1 : tensor<100x96xf32>, tensor<96xf32>) outs(%e : tensor<100x96xbf16>) {
    ^bb0(%a: f32, %bb: f32, %out: bf16):
      %zero = arith.constant 0.000000e+00 : f32
      %0 = arith.addf %a, %bb : f32
      %1 = arith.maximumf %0, %zero : f32
      %2 = arith.truncf %1 : f32 to bf16
      linalg.yield %2 : bf16
    } -> tensor<100x96xbf16>
    %hq, %hs = mxfp4.quantize %h : tensor<100x96xbf16> -> tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>
    %y = mxfp4.scaled_matmul %hq, %hs, %w2, %s2 : tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>, tensor<112x96xf4E2M1FN>, tensor<112x3xf8E8M0FNU> -> tensor<100x112xf32>
    return %y : tensor<100x112xf32>
  }
}
