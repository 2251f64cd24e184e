// Attention scores: both operands are activations quantized in the program
// (the keys become B), scaled by 1/sqrt(96), softmax over the keys (row max
// and sum as linalg.generic reductions). Returns the scores (f32) and the
// probabilities (bf16). 16 queries, 100 keys, head dimension 96.
#map = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
module {
  func.func @scores(%q: tensor<16x96xbf16>, %k: tensor<100x96xbf16>) -> (tensor<16x100xf32>, tensor<16x100xbf16>) {
    %qq, %qs = mxfp4.quantize %q : tensor<16x96xbf16> -> tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>
    %kq, %ks = mxfp4.quantize %k : tensor<100x96xbf16> -> tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>
    %s = mxfp4.scaled_matmul %qq, %qs, %kq, %ks : tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>, tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU> -> tensor<16x100xf32>
    %e0 = tensor.empty() : tensor<16x100xf32>
    %sc = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<16x100xf32>) outs(%e0 : tensor<16x100xf32>) {
    ^bb0(%a: f32, %out: f32):
      %r = arith.constant 0.102062076 : f32
      %0 = arith.mulf %a, %r : f32
      linalg.yield %0 : f32
    } -> tensor<16x100xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %e1 = tensor.empty() : tensor<16xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
    %mx = linalg.generic {indexing_maps = [#map, #rows], iterator_types = ["parallel", "reduction"]} ins(%sc : tensor<16x100xf32>) outs(%m0 : tensor<16xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %0 = arith.maximumf %a, %acc : f32
      linalg.yield %0 : f32
    } -> tensor<16xf32>
    %ex = linalg.generic {indexing_maps = [#map, #rows, #map], iterator_types = ["parallel", "parallel"]} ins(%sc, %mx : tensor<16x100xf32>, tensor<16xf32>) outs(%e0 : tensor<16x100xf32>) {
    ^bb0(%a: f32, %m: f32, %out: f32):
      %0 = arith.subf %a, %m : f32
      %1 = math.exp %0 : f32
      linalg.yield %1 : f32
    } -> tensor<16x100xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
    %sum = linalg.generic {indexing_maps = [#map, #rows], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<16x100xf32>) outs(%s0 : tensor<16xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %0 = arith.addf %a, %acc : f32
      linalg.yield %0 : f32
    } -> tensor<16xf32>
    %e2 = tensor.empty() : tensor<16x100xbf16>
    %p = linalg.generic {indexing_maps = [#map, #rows, #map], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<16x100xf32>, tensor<16xf32>) outs(%e2 : tensor<16x100xbf16>) {
    ^bb0(%a: f32, %t: f32, %out: bf16):
      %0 = arith.divf %a, %t : f32
      %1 = arith.truncf %0 : f32 to bf16
      linalg.yield %1 : bf16
    } -> tensor<16x100xbf16>
    return %s, %p : tensor<16x100xf32>, tensor<16x100xbf16>
  }
}
