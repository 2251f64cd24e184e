// N known only at run time (a vocabulary or a tensor-parallel shard): B, its
// scales and the bias have a dynamic leading dimension; the output's is read
// with tensor.dim. Run with N = 200. M = 16, K = 224.
#map = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>
module {
  func.func @proj(%x: tensor<16x224xbf16>, %w: tensor<?x224xf4E2M1FN>, %ws: tensor<?x7xf8E8M0FNU>, %b: tensor<?xf32>) -> tensor<16x?xbf16> {
    %c0 = arith.constant 0 : index
    %q, %qs = mxfp4.quantize %x : tensor<16x224xbf16> -> tensor<16x224xf4E2M1FN>, tensor<16x7xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<16x224xf4E2M1FN>, tensor<16x7xf8E8M0FNU>, tensor<?x224xf4E2M1FN>, tensor<?x7xf8E8M0FNU> -> tensor<16x?xf32>
    %n = tensor.dim %w, %c0 : tensor<?x224xf4E2M1FN>
    %e = tensor.empty(%n) : tensor<16x?xbf16>
    %y = linalg.generic {indexing_maps = [#map, #cols, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %b : tensor<16x?xf32>, tensor<?xf32>) outs(%e : tensor<16x?xbf16>) {
    ^bb0(%a: f32, %bb: f32, %out: bf16):
      %0 = arith.addf %a, %bb : f32
      %1 = arith.truncf %0 : f32 to bf16
      linalg.yield %1 : bf16
    } -> tensor<16x?xbf16>
    return %y : tensor<16x?xbf16>
  }
}
