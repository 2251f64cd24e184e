// An embedding lookup alone (i32 indices): 3 tokens, vocabulary 20,
// hidden 96, bf16.
#map = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
module {
  func.func @embed(%ids: tensor<3xi32>, %table: tensor<20x96xbf16>) -> tensor<3x96xbf16> {
    %e = tensor.empty() : tensor<3x96xbf16>
    %x = linalg.generic {indexing_maps = [#rows, #map], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<3xi32>) outs(%e : tensor<3x96xbf16>) {
    ^bb0(%id: i32, %out: bf16):
      %i = arith.index_cast %id : i32 to index
      %j = linalg.index 1 : index
      %v = tensor.extract %table[%i, %j] : tensor<20x96xbf16>
      linalg.yield %v : bf16
    } -> tensor<3x96xbf16>
    return %x : tensor<3x96xbf16>
  }
}
