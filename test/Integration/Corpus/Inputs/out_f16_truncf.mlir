// An f16 model: f16 activations quantized as A, the f32 GEMM result plus a
// bias truncated to f16. M = 3, K = 160, N = 80.
#map = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>
module {
  func.func @linear(%x: tensor<3x160xf16>, %w: tensor<80x160xf4E2M1FN>, %ws: tensor<80x5xf8E8M0FNU>, %b: tensor<80xf32>) -> tensor<3x80xf16> {
    %q, %qs = mxfp4.quantize %x : tensor<3x160xf16> -> tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>, tensor<80x160xf4E2M1FN>, tensor<80x5xf8E8M0FNU> -> tensor<3x80xf32>
    %e = tensor.empty() : tensor<3x80xf16>
    %y = linalg.generic {indexing_maps = [#map, #cols, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %b : tensor<3x80xf32>, tensor<80xf32>) outs(%e : tensor<3x80xf16>) {
    ^bb0(%a: f32, %bb: f32, %out: f16):
      %0 = arith.addf %a, %bb : f32
      %1 = arith.truncf %0 : f32 to f16
      linalg.yield %1 : f16
    } -> tensor<3x80xf16>
    return %y : tensor<3x80xf16>
  }
}
