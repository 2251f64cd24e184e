// fp4 weights and E8M0 scales passed between functions with func.call, two
// levels deep: @block takes both layers' weights and hands each to the
// function of its layer. y = out_proj(in_proj(x) + bias) with a residual.
// M = 3 tokens, 160 -> 96 -> 160.
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
module {
  func.func private @in_proj(%x: tensor<3x160xbf16>, %w: tensor<96x160xf4E2M1FN>, %s: tensor<96x5xf8E8M0FNU>, %b: tensor<96xf32>) -> tensor<3x96xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<3x160xbf16> -> tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %s : tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>, tensor<96x160xf4E2M1FN>, tensor<96x5xf8E8M0FNU> -> tensor<3x96xf32>
    %e = tensor.empty() : tensor<3x96xbf16>
    %y = linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %b : tensor<3x96xf32>, tensor<96xf32>) outs(%e : tensor<3x96xbf16>) {
    ^bb0(%a: f32, %bb: f32, %out: bf16):
      %0 = arith.addf %a, %bb : f32
      %1 = arith.truncf %0 : f32 to bf16
      linalg.yield %1 : bf16
    } -> tensor<3x96xbf16>
    return %y : tensor<3x96xbf16>
  }
  func.func private @out_proj(%h: tensor<3x96xbf16>, %w: tensor<160x96xf4E2M1FN>, %s: tensor<160x3xf8E8M0FNU>, %res: tensor<3x160xbf16>) -> tensor<3x160xbf16> {
    %q, %qs = mxfp4.quantize %h : tensor<3x96xbf16> -> tensor<3x96xf4E2M1FN>, tensor<3x3xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %s : tensor<3x96xf4E2M1FN>, tensor<3x3xf8E8M0FNU>, tensor<160x96xf4E2M1FN>, tensor<160x3xf8E8M0FNU> -> tensor<3x160xbf16>
    %y = arith.addf %c, %res : tensor<3x160xbf16>
    return %y : tensor<3x160xbf16>
  }
  func.func private @block(%x: tensor<3x160xbf16>, %w1: tensor<96x160xf4E2M1FN>, %s1: tensor<96x5xf8E8M0FNU>, %b1: tensor<96xf32>, %w2: tensor<160x96xf4E2M1FN>, %s2: tensor<160x3xf8E8M0FNU>) -> tensor<3x160xbf16> {
    %h = call @in_proj(%x, %w1, %s1, %b1) : (tensor<3x160xbf16>, tensor<96x160xf4E2M1FN>, tensor<96x5xf8E8M0FNU>, tensor<96xf32>) -> tensor<3x96xbf16>
    %y = call @out_proj(%h, %w2, %s2, %x) : (tensor<3x96xbf16>, tensor<160x96xf4E2M1FN>, tensor<160x3xf8E8M0FNU>, tensor<3x160xbf16>) -> tensor<3x160xbf16>
    return %y : tensor<3x160xbf16>
  }
  func.func @forward(%x: tensor<3x160xbf16>, %w1: tensor<96x160xf4E2M1FN>, %s1: tensor<96x5xf8E8M0FNU>, %b1: tensor<96xf32>, %w2: tensor<160x96xf4E2M1FN>, %s2: tensor<160x3xf8E8M0FNU>) -> tensor<3x160xbf16> {
    %y = call @block(%x, %w1, %s1, %b1, %w2, %s2) : (tensor<3x160xbf16>, tensor<96x160xf4E2M1FN>, tensor<96x5xf8E8M0FNU>, tensor<96xf32>, tensor<160x96xf4E2M1FN>, tensor<160x3xf8E8M0FNU>) -> tensor<3x160xbf16>
    return %y : tensor<3x160xbf16>
  }
}
