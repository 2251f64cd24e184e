// y = x @ W with W stored [K, N] in f32 (as torch's matmul takes it): the
// program transposes W with linalg.transpose and quantizes it (f32 input)
// for B. M = 100, K = 96, N = 48.
module {
  func.func @matmul(%x: tensor<100x96xbf16>, %w: tensor<96x48xf32>) -> tensor<100x48xf32> {
    %e = tensor.empty() : tensor<48x96xf32>
    %wt = linalg.transpose ins(%w : tensor<96x48xf32>) outs(%e : tensor<48x96xf32>) permutation = [1, 0]
    %wq, %ws = mxfp4.quantize %wt : tensor<48x96xf32> -> tensor<48x96xf4E2M1FN>, tensor<48x3xf8E8M0FNU>
    %q, %qs = mxfp4.quantize %x : tensor<100x96xbf16> -> tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %wq, %ws : tensor<100x96xf4E2M1FN>, tensor<100x3xf8E8M0FNU>, tensor<48x96xf4E2M1FN>, tensor<48x3xf8E8M0FNU> -> tensor<100x48xf32>
    return %c : tensor<100x48xf32>
  }
}
