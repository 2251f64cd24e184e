// Three layers in scf.for whose iter_args are the quantized activations
// themselves (fp4 values and E8M0 scales): each layer computes
// quantize(tanh(A W_l^T)) with W_l sliced from a stacked weight by the loop
// variable. The result is returned both dequantized (f32) and as fp4 data.
// M = 16 tokens, hidden 96.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @model(%x: tensor<16x96xbf16>, %w: tensor<3x96x96xf4E2M1FN>, %s: tensor<3x96x3xf8E8M0FNU>) -> (tensor<16x96xf32>, tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %q0, %s0 = mxfp4.quantize %x : tensor<16x96xbf16> -> tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>
    %r:2 = scf.for %l = %c0 to %c3 step %c1 iter_args(%q = %q0, %qs = %s0) -> (tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>) {
      %wl = tensor.extract_slice %w[%l, 0, 0] [1, 96, 96] [1, 1, 1] : tensor<3x96x96xf4E2M1FN> to tensor<96x96xf4E2M1FN>
      %sl = tensor.extract_slice %s[%l, 0, 0] [1, 96, 3] [1, 1, 1] : tensor<3x96x3xf8E8M0FNU> to tensor<96x3xf8E8M0FNU>
      %c = mxfp4.scaled_matmul %q, %qs, %wl, %sl : tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>, tensor<96x96xf4E2M1FN>, tensor<96x3xf8E8M0FNU> -> tensor<16x96xf32>
      %e = tensor.empty() : tensor<16x96xf32>
      %t = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<16x96xf32>) outs(%e : tensor<16x96xf32>) {
      ^bb0(%a: f32, %out: f32):
        %0 = math.tanh %a : f32
        linalg.yield %0 : f32
      } -> tensor<16x96xf32>
      %nq, %ns = mxfp4.quantize %t : tensor<16x96xf32> -> tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>
      scf.yield %nq, %ns : tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>
    }
    %d = mxfp4.dequantize %r#0, %r#1 : tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU> -> tensor<16x96xf32>
    return %d, %r#0, %r#1 : tensor<16x96xf32>, tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>
  }
}
