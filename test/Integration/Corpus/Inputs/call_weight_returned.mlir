// A function returns one layer's fp4 weight and scales, sliced from stacked
// [4, 80, 96] tensors at an index the caller reads from a tensor; the caller
// uses them as B, then a ReLU. M = 100, K = 96, N = 80.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func private @layer_weight(%w: tensor<4x80x96xf4E2M1FN>, %s: tensor<4x80x3xf8E8M0FNU>, %i: index) -> (tensor<80x96xf4E2M1FN>, tensor<80x3xf8E8M0FNU>) {
    %wl = tensor.extract_slice %w[%i, 0, 0] [1, 80, 96] [1, 1, 1] : tensor<4x80x96xf4E2M1FN> to tensor<80x96xf4E2M1FN>
    %sl = tensor.extract_slice %s[%i, 0, 0] [1, 80, 3] [1, 1, 1] : tensor<4x80x3xf8E8M0FNU> to tensor<80x3xf8E8M0FNU>
    return %wl, %sl : tensor<80x96xf4E2M1FN>, tensor<80x3xf8E8M0FNU>
  }
  func.func @linear(%x: tensor<100x96xbf16>, %w: tensor<4x80x96xf4E2M1FN>, %s: tensor<4x80x3xf8E8M0FNU>, %layer: tensor<1xi32>) -> tensor<100x80xbf16> {
    %c0 = arith.constant 0 : index
    %li = tensor.extract %layer[%c0] : tensor<1xi32>
    %i = arith.index_cast %li : i32 to index
    %wl, %sl = call @layer_weight(%w, %s, %i) : (tensor<4x80x96xf4E2M1FN>, tensor<4x80x3xf8E8M0FNU>, index) -> (tensor<80x96xf4E2M1FN>, tensor<80x3xf8E8M0FNU>)
    %q, %qs = mxfp4.quantize %x : tensor<100x96xbf16> -> tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %wl, %sl : tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>, tensor<80x96xf4E2M1FN>, tensor<80x3xf8E8M0FNU> -> tensor<100x80xf32>
    %e = tensor.empty() : tensor<100x80xbf16>
    %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<100x80xf32>) outs(%e : tensor<100x80xbf16>) {
    ^bb0(%a: f32, %out: bf16):
      %zero = arith.constant 0.000000e+00 : f32
      %0 = arith.maximumf %a, %zero : f32
      %1 = arith.truncf %0 : f32 to bf16
      linalg.yield %1 : bf16
    } -> tensor<100x80xbf16>
    return %y : tensor<100x80xbf16>
  }
}
