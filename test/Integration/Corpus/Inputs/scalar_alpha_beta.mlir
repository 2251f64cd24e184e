// Scalar f32 function arguments read in the epilogue (a GEMM in BLAS form):
// y = bf16(alpha * (A B^T) + beta * res). Run with alpha = 1.5,
// beta = -0.625. M = 16, K = 160, N = 112.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @gemm_ab(%x: tensor<16x160xbf16>, %w: tensor<112x160xf4E2M1FN>, %ws: tensor<112x5xf8E8M0FNU>, %res: tensor<16x112xbf16>, %alpha: f32, %beta: f32) -> tensor<16x112xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<16x160xbf16> -> tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>, tensor<112x160xf4E2M1FN>, tensor<112x5xf8E8M0FNU> -> tensor<16x112xf32>
    %e = tensor.empty() : tensor<16x112xbf16>
    %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %res : tensor<16x112xf32>, tensor<16x112xbf16>) outs(%e : tensor<16x112xbf16>) {
    ^bb0(%a: f32, %r: bf16, %out: bf16):
      %0 = arith.mulf %a, %alpha : f32
      %1 = arith.extf %r : bf16 to f32
      %2 = arith.mulf %1, %beta : f32
      %3 = arith.addf %0, %2 : f32
      %4 = arith.truncf %3 : f32 to bf16
      linalg.yield %4 : bf16
    } -> tensor<16x112xbf16>
    return %y : tensor<16x112xbf16>
  }
}
