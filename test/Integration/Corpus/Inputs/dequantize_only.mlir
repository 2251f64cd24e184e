// A dequantize alone, to bf16 (a KV-cache read). [7, 224]; one block holds
// the NaN scale 0xFF.
module {
  func.func @dequant(%q: tensor<7x224xf4E2M1FN>, %s: tensor<7x7xf8E8M0FNU>) -> tensor<7x224xbf16> {
    %x = mxfp4.dequantize %q, %s : tensor<7x224xf4E2M1FN>, tensor<7x7xf8E8M0FNU> -> tensor<7x224xbf16>
    return %x : tensor<7x224xbf16>
  }
}
