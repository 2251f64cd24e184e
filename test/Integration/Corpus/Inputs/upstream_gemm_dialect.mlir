// upstream_gemm.mlir in the mxfp4 dialect: the same GEMM as one
// scaled_matmul, rounded to bf16 by the same generic. Both compile to the same kernel and
// give the same bits (upstream_gemm.test compares them).
// M = 5, K = 256, N = 48.
module {
  func.func @linear(%aq: tensor<5x256xf4E2M1FN>, %as: tensor<5x8xf8E8M0FNU>, %bq: tensor<48x256xf4E2M1FN>, %bs: tensor<48x8xf8E8M0FNU>) -> tensor<5x48xbf16> {
    %c = mxfp4.scaled_matmul %aq, %as, %bq, %bs : tensor<5x256xf4E2M1FN>, tensor<5x8xf8E8M0FNU>, tensor<48x256xf4E2M1FN>, tensor<48x8xf8E8M0FNU> -> tensor<5x48xf32>
    %o = tensor.empty() : tensor<5x48xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<5x48xf32>) outs(%o : tensor<5x48xbf16>) {
    ^bb0(%x: f32, %y: bf16):
      %t = arith.truncf %x : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<5x48xbf16>
    return %r : tensor<5x48xbf16>
  }
}
