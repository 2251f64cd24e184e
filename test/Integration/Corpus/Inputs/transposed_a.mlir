// A arrives transposed ([K, M], feature-major) and is transposed back with
// linalg.transpose before the quantization. M = 3, K = 288, N = 80.
module {
  func.func @linear(%xt: tensor<288x3xbf16>, %w: tensor<80x288xf4E2M1FN>, %ws: tensor<80x9xf8E8M0FNU>) -> tensor<3x80xf32> {
    %e = tensor.empty() : tensor<3x288xbf16>
    %x = linalg.transpose ins(%xt : tensor<288x3xbf16>) outs(%e : tensor<3x288xbf16>) permutation = [1, 0]
    %q, %qs = mxfp4.quantize %x : tensor<3x288xbf16> -> tensor<3x288xf4E2M1FN>, tensor<3x9xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<3x288xf4E2M1FN>, tensor<3x9xf8E8M0FNU>, tensor<80x288xf4E2M1FN>, tensor<80x9xf8E8M0FNU> -> tensor<3x80xf32>
    return %c : tensor<3x80xf32>
  }
}
