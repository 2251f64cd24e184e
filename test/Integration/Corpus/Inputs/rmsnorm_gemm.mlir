// RMSNorm followed by a GEMM: the sum of squares per row is a reduction
// (linalg.generic, f32 accumulator), the normalization reads it per row and
// gamma per column; the normalized bf16 rows are quantized as A.
// M = 100, K = 224, N = 112.
#map = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
#cols = affine_map<(d0, d1) -> (d1)>
module {
  func.func @norm_linear(%x: tensor<100x224xbf16>, %gamma: tensor<224xbf16>, %w: tensor<112x224xf4E2M1FN>, %ws: tensor<112x7xf8E8M0FNU>) -> tensor<100x112xbf16> {
    %zero = arith.constant 0.000000e+00 : f32
    %e0 = tensor.empty() : tensor<100xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<100xf32>) -> tensor<100xf32>
    %ss = linalg.generic {indexing_maps = [#map, #rows], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<100x224xbf16>) outs(%acc : tensor<100xf32>) {
    ^bb0(%a: bf16, %out: f32):
      %0 = arith.extf %a : bf16 to f32
      %1 = arith.mulf %0, %0 : f32
      %2 = arith.addf %1, %out : f32
      linalg.yield %2 : f32
    } -> tensor<100xf32>
    %e1 = tensor.empty() : tensor<100x224xbf16>
    %n = linalg.generic {indexing_maps = [#map, #rows, #cols, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %ss, %gamma : tensor<100x224xbf16>, tensor<100xf32>, tensor<224xbf16>) outs(%e1 : tensor<100x224xbf16>) {
    ^bb0(%a: bf16, %s: f32, %g: bf16, %out: bf16):
      %k = arith.constant 2.240000e+02 : f32
      %eps = arith.constant 9.99999997E-7 : f32
      %0 = arith.divf %s, %k : f32
      %1 = arith.addf %0, %eps : f32
      %2 = math.rsqrt %1 : f32
      %3 = arith.extf %a : bf16 to f32
      %4 = arith.mulf %3, %2 : f32
      %5 = arith.extf %g : bf16 to f32
      %6 = arith.mulf %4, %5 : f32
      %7 = arith.truncf %6 : f32 to bf16
      linalg.yield %7 : bf16
    } -> tensor<100x224xbf16>
    %q, %qs = mxfp4.quantize %n : tensor<100x224xbf16> -> tensor<100x224xf4E2M1FN>, tensor<100x7xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<100x224xf4E2M1FN>, tensor<100x7xf8E8M0FNU>, tensor<112x224xf4E2M1FN>, tensor<112x7xf8E8M0FNU> -> tensor<100x112xbf16>
    return %c : tensor<100x112xbf16>
  }
}
