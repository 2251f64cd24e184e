// SwiGLU feed-forward block, SiLU written in the gate GEMM's epilogue (its
// own linalg.generic, bf16 out), the up GEMM straight to bf16, the product a
// linalg.mul in bf16, quantized for the down projection. Pre-shuffled
// weights (aiter's layout). M = 1 tokens.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @ffn(%x: tensor<1x224xbf16>, %wg: tensor<160x224xf4E2M1FN>, %sg: tensor<256x8xf8E8M0FNU>, %wu: tensor<160x224xf4E2M1FN>, %su: tensor<256x8xf8E8M0FNU>, %wd: tensor<224x160xf4E2M1FN>, %sd: tensor<256x8xf8E8M0FNU>) -> tensor<1x224xbf16> {
    %xq, %xs = mxfp4.quantize %x : tensor<1x224xbf16> -> tensor<1x224xf4E2M1FN>, tensor<1x7xf8E8M0FNU>
    %gate = mxfp4.scaled_matmul %xq, %xs, %wg, %sg b_layout = preshuffled : tensor<1x224xf4E2M1FN>, tensor<1x7xf8E8M0FNU>, tensor<160x224xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<1x160xf32>
    %e = tensor.empty() : tensor<1x160xbf16>
    %act = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%gate : tensor<1x160xf32>) outs(%e : tensor<1x160xbf16>) {
    ^bb0(%g: f32, %out: bf16):
      %one = arith.constant 1.000000e+00 : f32
      %0 = arith.negf %g : f32
      %1 = math.exp %0 : f32
      %2 = arith.addf %1, %one : f32
      %3 = arith.divf %g, %2 : f32
      %4 = arith.truncf %3 : f32 to bf16
      linalg.yield %4 : bf16
    } -> tensor<1x160xbf16>
    %up = mxfp4.scaled_matmul %xq, %xs, %wu, %su b_layout = preshuffled : tensor<1x224xf4E2M1FN>, tensor<1x7xf8E8M0FNU>, tensor<160x224xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<1x160xbf16>
    %e2 = tensor.empty() : tensor<1x160xbf16>
    %h = linalg.mul ins(%act, %up : tensor<1x160xbf16>, tensor<1x160xbf16>) outs(%e2 : tensor<1x160xbf16>) -> tensor<1x160xbf16>
    %hq, %hs = mxfp4.quantize %h : tensor<1x160xbf16> -> tensor<1x160xf4E2M1FN>, tensor<1x5xf8E8M0FNU>
    %y = mxfp4.scaled_matmul %hq, %hs, %wd, %sd b_layout = preshuffled : tensor<1x160xf4E2M1FN>, tensor<1x5xf8E8M0FNU>, tensor<224x160xf4E2M1FN>, tensor<256x8xf8E8M0FNU> -> tensor<1x224xbf16>
    return %y : tensor<1x224xbf16>
  }
}
