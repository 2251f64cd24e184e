// A is the concatenation of two activations along K (tensor.concat).
// M = 16, K = 96 + 64, N = 80.
module {
  func.func @linear(%x1: tensor<16x96xbf16>, %x2: tensor<16x64xbf16>, %w: tensor<80x160xf4E2M1FN>, %ws: tensor<80x5xf8E8M0FNU>) -> tensor<16x80xf32> {
    %a = tensor.concat dim(1) %x1, %x2 : (tensor<16x96xbf16>, tensor<16x64xbf16>) -> tensor<16x160xbf16>
    %q, %qs = mxfp4.quantize %a : tensor<16x160xbf16> -> tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>, tensor<80x160xf4E2M1FN>, tensor<80x5xf8E8M0FNU> -> tensor<16x80xf32>
    return %c : tensor<16x80xf32>
  }
}
