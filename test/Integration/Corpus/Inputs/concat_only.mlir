// A concatenation alone (appending new keys to a KV cache along the
// sequence): [3, 40, 64] and [3, 8, 64] -> [3, 48, 64], bf16.
module {
  func.func @append(%cache: tensor<3x40x64xbf16>, %new: tensor<3x8x64xbf16>) -> tensor<3x48x64xbf16> {
    %r = tensor.concat dim(1) %cache, %new : (tensor<3x40x64xbf16>, tensor<3x8x64xbf16>) -> tensor<3x48x64xbf16>
    return %r : tensor<3x48x64xbf16>
  }
}
