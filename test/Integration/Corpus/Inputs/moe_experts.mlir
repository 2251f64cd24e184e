// Mixture of experts, top-2 of 4: the expert ids and routing weights are
// tensors; the loop slices each chosen expert's fp4 weight from the stacked
// [4, N, K] tensor at a data-dependent index and accumulates the GEMM scaled
// by the routing weight (a scalar captured by the epilogue's generic).
// M = 16, K = 96, N = 80.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @moe(%x: tensor<16x96xbf16>, %w: tensor<4x80x96xf4E2M1FN>, %ws: tensor<4x80x3xf8E8M0FNU>, %ids: tensor<2xi32>, %gates: tensor<2xf32>) -> tensor<16x80xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0.000000e+00 : f32
    %e = tensor.empty() : tensor<16x80xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x80xf32>) -> tensor<16x80xf32>
    %q, %qs = mxfp4.quantize %x : tensor<16x96xbf16> -> tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>
    %r = scf.for %t = %c0 to %c2 step %c1 iter_args(%acc = %init) -> (tensor<16x80xf32>) {
      %id = tensor.extract %ids[%t] : tensor<2xi32>
      %i = arith.index_cast %id : i32 to index
      %g = tensor.extract %gates[%t] : tensor<2xf32>
      %wi = tensor.extract_slice %w[%i, 0, 0] [1, 80, 96] [1, 1, 1] : tensor<4x80x96xf4E2M1FN> to tensor<80x96xf4E2M1FN>
      %si = tensor.extract_slice %ws[%i, 0, 0] [1, 80, 3] [1, 1, 1] : tensor<4x80x3xf8E8M0FNU> to tensor<80x3xf8E8M0FNU>
      %c = mxfp4.scaled_matmul %q, %qs, %wi, %si : tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>, tensor<80x96xf4E2M1FN>, tensor<80x3xf8E8M0FNU> -> tensor<16x80xf32>
      %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %acc : tensor<16x80xf32>, tensor<16x80xf32>) outs(%e : tensor<16x80xf32>) {
      ^bb0(%a: f32, %b: f32, %out: f32):
        %0 = arith.mulf %a, %g : f32
        %1 = arith.addf %0, %b : f32
        linalg.yield %1 : f32
      } -> tensor<16x80xf32>
      scf.yield %y : tensor<16x80xf32>
    }
    return %r : tensor<16x80xf32>
  }
}
