// C = residual + A x B^T: the residual as scaled_matmul's accumulator
// (destination-passing style), summed in f32 and rounded once to bf16.
// M = 5, K = 288, N = 80.
module {
  func.func @linear(%x: tensor<5x288xbf16>, %w: tensor<80x288xf4E2M1FN>, %ws: tensor<80x9xf8E8M0FNU>, %res: tensor<5x80xbf16>) -> tensor<5x80xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<5x288xbf16> -> tensor<5x288xf4E2M1FN>, tensor<5x9xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws acc(%res : tensor<5x80xbf16>) : tensor<5x288xf4E2M1FN>, tensor<5x9xf8E8M0FNU>, tensor<80x288xf4E2M1FN>, tensor<80x9xf8E8M0FNU> -> tensor<5x80xbf16>
    return %c : tensor<5x80xbf16>
  }
}
