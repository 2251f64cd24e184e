// The dialect's spelling of Inputs/upstream_w8a6.mlir.
func.func @gemm(%aq: tensor<37x160xf8E4M3FN>, %as: tensor<37x5xf8E8M0FNU>, %bq: tensor<45x160xf6E2M3FN>, %bs: tensor<45x5xf8E8M0FNU>) -> tensor<37x45xf32> {
  %c = mxfp4.scaled_matmul %aq, %as, %bq, %bs : tensor<37x160xf8E4M3FN>, tensor<37x5xf8E8M0FNU>, tensor<45x160xf6E2M3FN>, tensor<45x5xf8E8M0FNU> -> tensor<37x45xf32>
  return %c : tensor<37x45xf32>
}
