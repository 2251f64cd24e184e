// SwiGLU feed-forward block with the gate and up weights concatenated into
// one [2 x 160, 224] weight (as checkpoints store them): one GEMM, its output
// split with tensor.extract_slice, silu(gate) * up, quantize, down
// projection. M = 1 tokens.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @ffn(%x: tensor<1x224xbf16>, %wgu: tensor<320x224xf4E2M1FN>, %sgu: tensor<320x7xf8E8M0FNU>, %wd: tensor<224x160xf4E2M1FN>, %sd: tensor<224x5xf8E8M0FNU>) -> tensor<1x224xbf16> {
    %xq, %xs = mxfp4.quantize %x : tensor<1x224xbf16> -> tensor<1x224xf4E2M1FN>, tensor<1x7xf8E8M0FNU>
    %gu = mxfp4.scaled_matmul %xq, %xs, %wgu, %sgu : tensor<1x224xf4E2M1FN>, tensor<1x7xf8E8M0FNU>, tensor<320x224xf4E2M1FN>, tensor<320x7xf8E8M0FNU> -> tensor<1x320xf32>
    %gate = tensor.extract_slice %gu[0, 0] [1, 160] [1, 1] : tensor<1x320xf32> to tensor<1x160xf32>
    %up = tensor.extract_slice %gu[0, 160] [1, 160] [1, 1] : tensor<1x320xf32> to tensor<1x160xf32>
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
