// A producer with broadcasts: a per-feature shift [K] broadcast over the rows
// with linalg.broadcast, and a per-token scale [M] read per row:
// A = bf16(x * scale[m] + shift[k]). M = 100, K = 96, N = 80.
#map = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
module {
  func.func @linear(%x: tensor<100x96xbf16>, %scale: tensor<100xf32>, %shift: tensor<96xbf16>, %w: tensor<80x96xf4E2M1FN>, %ws: tensor<80x3xf8E8M0FNU>) -> tensor<100x80xbf16> {
    %eb = tensor.empty() : tensor<100x96xbf16>
    %b = linalg.broadcast ins(%shift : tensor<96xbf16>) outs(%eb : tensor<100x96xbf16>) dimensions = [0]
    %e = tensor.empty() : tensor<100x96xbf16>
    %a = linalg.generic {indexing_maps = [#map, #rows, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %scale, %b : tensor<100x96xbf16>, tensor<100xf32>, tensor<100x96xbf16>) outs(%e : tensor<100x96xbf16>) {
    ^bb0(%u: bf16, %s: f32, %t: bf16, %out: bf16):
      %0 = arith.extf %u : bf16 to f32
      %1 = arith.mulf %0, %s : f32
      %2 = arith.extf %t : bf16 to f32
      %3 = arith.addf %1, %2 : f32
      %4 = arith.truncf %3 : f32 to bf16
      linalg.yield %4 : bf16
    } -> tensor<100x96xbf16>
    %q, %qs = mxfp4.quantize %a : tensor<100x96xbf16> -> tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>, tensor<80x96xf4E2M1FN>, tensor<80x3xf8E8M0FNU> -> tensor<100x80xbf16>
    return %c : tensor<100x80xbf16>
  }
}
