// A batched B [batch, N, K] (per-batch weights, as in grouped GEMMs): the
// dialect takes only a shared B, so the program loops over the batches,
// slices A and B by the loop variable and inserts each C into the result.
// 3 batches, M = 16, K = 96, N = 80.
module {
  func.func @bmm(%x: tensor<3x16x96xbf16>, %w: tensor<3x80x96xf4E2M1FN>, %ws: tensor<3x80x3xf8E8M0FNU>) -> tensor<3x16x80xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %init = tensor.empty() : tensor<3x16x80xf32>
    %r = scf.for %b = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<3x16x80xf32>) {
      %xb = tensor.extract_slice %x[%b, 0, 0] [1, 16, 96] [1, 1, 1] : tensor<3x16x96xbf16> to tensor<16x96xbf16>
      %wb = tensor.extract_slice %w[%b, 0, 0] [1, 80, 96] [1, 1, 1] : tensor<3x80x96xf4E2M1FN> to tensor<80x96xf4E2M1FN>
      %sb = tensor.extract_slice %ws[%b, 0, 0] [1, 80, 3] [1, 1, 1] : tensor<3x80x3xf8E8M0FNU> to tensor<80x3xf8E8M0FNU>
      %q, %qs = mxfp4.quantize %xb : tensor<16x96xbf16> -> tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>
      %c = mxfp4.scaled_matmul %q, %qs, %wb, %sb : tensor<16x96xf4E2M1FN>, tensor<16x3xf8E8M0FNU>, tensor<80x96xf4E2M1FN>, tensor<80x3xf8E8M0FNU> -> tensor<16x80xf32>
      %next = tensor.insert_slice %c into %acc[%b, 0, 0] [1, 16, 80] [1, 1, 1] : tensor<16x80xf32> into tensor<3x16x80xf32>
      scf.yield %next : tensor<3x16x80xf32>
    }
    return %r : tensor<3x16x80xf32>
  }
}
