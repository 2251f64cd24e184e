// Softmax over the output row of a GEMM (logits of 200 classes): the row
// max and the row sum are linalg.reduce ops, exp(x - max) and the division
// linalg.generic ops. Returns the probabilities and the logits.
// M = 16, K = 160, N = 200.
#map = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
module {
  func.func @classify(%x: tensor<16x160xbf16>, %w: tensor<200x160xf4E2M1FN>, %ws: tensor<200x5xf8E8M0FNU>) -> (tensor<16x200xf32>, tensor<16x200xf32>) {
    %q, %qs = mxfp4.quantize %x : tensor<16x160xbf16> -> tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>
    %l = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>, tensor<200x160xf4E2M1FN>, tensor<200x5xf8E8M0FNU> -> tensor<16x200xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.000000e+00 : f32
    %e0 = tensor.empty() : tensor<16xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<16xf32>) -> tensor<16xf32>
    %mx = linalg.reduce ins(%l : tensor<16x200xf32>) outs(%m0 : tensor<16xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %0 = arith.maximumf %in, %init : f32
        linalg.yield %0 : f32
      }
    %e1 = tensor.empty() : tensor<16x200xf32>
    %ex = linalg.generic {indexing_maps = [#map, #rows, #map], iterator_types = ["parallel", "parallel"]} ins(%l, %mx : tensor<16x200xf32>, tensor<16xf32>) outs(%e1 : tensor<16x200xf32>) {
    ^bb0(%a: f32, %m: f32, %out: f32):
      %0 = arith.subf %a, %m : f32
      %1 = math.exp %0 : f32
      linalg.yield %1 : f32
    } -> tensor<16x200xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<16xf32>) -> tensor<16xf32>
    %sum = linalg.reduce ins(%ex : tensor<16x200xf32>) outs(%s0 : tensor<16xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    %e2 = tensor.empty() : tensor<16x200xf32>
    %p = linalg.generic {indexing_maps = [#map, #rows, #map], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<16x200xf32>, tensor<16xf32>) outs(%e2 : tensor<16x200xf32>) {
    ^bb0(%a: f32, %s: f32, %out: f32):
      %0 = arith.divf %a, %s : f32
      linalg.yield %0 : f32
    } -> tensor<16x200xf32>
    return %p, %l : tensor<16x200xf32>, tensor<16x200xf32>
  }
}
