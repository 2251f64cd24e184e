// Reductions only, no GEMM: the row sums (linalg.generic with a reduction
// iterator) and the row maxima of |x| (linalg.reduce after math.absf) of an
// f32 [37, 300].
#map = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
module {
  func.func @stats(%x: tensor<37x300xf32>) -> (tensor<37xf32>, tensor<37xf32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %e0 = tensor.empty() : tensor<37xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<37xf32>) -> tensor<37xf32>
    %sum = linalg.generic {indexing_maps = [#map, #rows], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<37x300xf32>) outs(%z : tensor<37xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %0 = arith.addf %a, %acc : f32
      linalg.yield %0 : f32
    } -> tensor<37xf32>
    %e1 = tensor.empty() : tensor<37x300xf32>
    %abs = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<37x300xf32>) outs(%e1 : tensor<37x300xf32>) {
    ^bb0(%a: f32, %out: f32):
      %0 = math.absf %a : f32
      linalg.yield %0 : f32
    } -> tensor<37x300xf32>
    %max = linalg.reduce ins(%abs : tensor<37x300xf32>) outs(%z : tensor<37xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %0 = arith.maximumf %in, %init : f32
        linalg.yield %0 : f32
      }
    return %sum, %max : tensor<37xf32>, tensor<37xf32>
  }
}
