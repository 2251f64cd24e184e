// An embedding lookup (tensor.extract inside linalg.generic, indices i64)
// feeding a GEMM. 16 tokens, vocabulary 50, hidden 160, N = 112.
#map = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
module {
  func.func @embed_proj(%ids: tensor<16xi64>, %table: tensor<50x160xbf16>, %w: tensor<112x160xf4E2M1FN>, %ws: tensor<112x5xf8E8M0FNU>) -> tensor<16x112xf32> {
    %e = tensor.empty() : tensor<16x160xbf16>
    %x = linalg.generic {indexing_maps = [#rows, #map], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<16xi64>) outs(%e : tensor<16x160xbf16>) {
    ^bb0(%id: i64, %out: bf16):
      %i = arith.index_cast %id : i64 to index
      %j = linalg.index 1 : index
      %v = tensor.extract %table[%i, %j] : tensor<50x160xbf16>
      linalg.yield %v : bf16
    } -> tensor<16x160xbf16>
    %q, %qs = mxfp4.quantize %x : tensor<16x160xbf16> -> tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>, tensor<112x160xf4E2M1FN>, tensor<112x5xf8E8M0FNU> -> tensor<16x112xf32>
    return %c : tensor<16x112xf32>
  }
}
