// SwiGLU feed-forward block, M = 1 tokens, hidden 224, intermediate 160:
// the gate and up projections share the quantized activations and meet in
// silu(gate) * up (one linalg.generic); the product is quantized for the
// down projection. Plain (N x K) fp4 weights.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @ffn(%x: tensor<1x224xbf16>, %wg: tensor<160x224xf4E2M1FN>, %sg: tensor<160x7xf8E8M0FNU>, %wu: tensor<160x224xf4E2M1FN>, %su: tensor<160x7xf8E8M0FNU>, %wd: tensor<224x160xf4E2M1FN>, %sd: tensor<224x5xf8E8M0FNU>) -> tensor<1x224xbf16> {
    %xq, %xs = mxfp4.quantize %x : tensor<1x224xbf16> -> tensor<1x224xf4E2M1FN>, tensor<1x7xf8E8M0FNU>
    %gate = mxfp4.scaled_matmul %xq, %xs, %wg, %sg : tensor<1x224xf4E2M1FN>, tensor<1x7xf8E8M0FNU>, tensor<160x224xf4E2M1FN>, tensor<160x7xf8E8M0FNU> -> tensor<1x160xf32>
    %up = mxfp4.scaled_matmul %xq, %xs, %wu, %su : tensor<1x224xf4E2M1FN>, tensor<1x7xf8E8M0FNU>, tensor<160x224xf4E2M1FN>, tensor<160x7xf8E8M0FNU> -> tensor<1x160xf32>
    %e = tensor.empty() : tensor<1x160xbf16>
    %h = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%gate, %up : tensor<1x160xf32>, tensor<1x160xf32>) outs(%e : tensor<1x160xbf16>) {
    ^bb0(%g: f32, %u: f32, %out: bf16):
      %one = arith.constant 1.000000e+00 : f32
      %0 = arith.negf %g : f32
      %1 = math.exp %0 : f32
      %2 = arith.addf %1, %one : f32
      %3 = arith.divf %g, %2 : f32
      %4 = arith.mulf %3, %u : f32
      %5 = arith.truncf %4 : f32 to bf16
      linalg.yield %5 : bf16
    } -> tensor<1x160xbf16>
    %hq, %hs = mxfp4.quantize %h : tensor<1x160xbf16> -> tensor<1x160xf4E2M1FN>, tensor<1x5xf8E8M0FNU>
    %y = mxfp4.scaled_matmul %hq, %hs, %wd, %sd : tensor<1x160xf4E2M1FN>, tensor<1x5xf8E8M0FNU>, tensor<224x160xf4E2M1FN>, tensor<224x5xf8E8M0FNU> -> tensor<1x224xbf16>
    return %y : tensor<1x224xbf16>
  }
}
