// The weight arrives in bf16 and is quantized in the program; the quantized
// weight is B. M = 16, K = 160, N = 80.
module {
  func.func @linear(%x: tensor<16x160xbf16>, %w: tensor<80x160xbf16>) -> tensor<16x80xbf16> {
    %wq, %ws = mxfp4.quantize %w : tensor<80x160xbf16> -> tensor<80x160xf4E2M1FN>, tensor<80x5xf8E8M0FNU>
    %q, %qs = mxfp4.quantize %x : tensor<16x160xbf16> -> tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %wq, %ws : tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>, tensor<80x160xf4E2M1FN>, tensor<80x5xf8E8M0FNU> -> tensor<16x80xbf16>
    return %c : tensor<16x80xbf16>
  }
}
