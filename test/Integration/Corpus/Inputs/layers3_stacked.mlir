// A 3-layer model in scf.for: each layer's fp4 weight and scales are sliced
// from stacked [L, N, K] tensors by the loop variable; the activations are
// the loop's iter_args. Each layer: h = bf16(h + relu(quantize(h) W_l^T)).
// M = 3 tokens, hidden 160.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @model(%x: tensor<3x160xbf16>, %w: tensor<3x160x160xf4E2M1FN>, %s: tensor<3x160x5xf8E8M0FNU>) -> tensor<3x160xbf16> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r = scf.for %l = %c0 to %c3 step %c1 iter_args(%h = %x) -> (tensor<3x160xbf16>) {
      %wl = tensor.extract_slice %w[%l, 0, 0] [1, 160, 160] [1, 1, 1] : tensor<3x160x160xf4E2M1FN> to tensor<160x160xf4E2M1FN>
      %sl = tensor.extract_slice %s[%l, 0, 0] [1, 160, 5] [1, 1, 1] : tensor<3x160x5xf8E8M0FNU> to tensor<160x5xf8E8M0FNU>
      %q, %qs = mxfp4.quantize %h : tensor<3x160xbf16> -> tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>
      %c = mxfp4.scaled_matmul %q, %qs, %wl, %sl : tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>, tensor<160x160xf4E2M1FN>, tensor<160x5xf8E8M0FNU> -> tensor<3x160xf32>
      %e = tensor.empty() : tensor<3x160xbf16>
      %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %h : tensor<3x160xf32>, tensor<3x160xbf16>) outs(%e : tensor<3x160xbf16>) {
      ^bb0(%a: f32, %b: bf16, %out: bf16):
        %zero = arith.constant 0.000000e+00 : f32
        %0 = arith.maximumf %a, %zero : f32
        %1 = arith.extf %b : bf16 to f32
        %2 = arith.addf %1, %0 : f32
        %3 = arith.truncf %2 : f32 to bf16
        linalg.yield %3 : bf16
      } -> tensor<3x160xbf16>
      scf.yield %y : tensor<3x160xbf16>
    }
    return %r : tensor<3x160xbf16>
  }
}
