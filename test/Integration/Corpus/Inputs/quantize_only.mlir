// A quantize alone, of a 3-D f32 tensor (a KV-cache write). [2, 5, 96].
module {
  func.func @quant(%x: tensor<2x5x96xf32>) -> (tensor<2x5x96xf4E2M1FN>, tensor<2x5x3xf8E8M0FNU>) {
    %q, %s = mxfp4.quantize %x : tensor<2x5x96xf32> -> tensor<2x5x96xf4E2M1FN>, tensor<2x5x3xf8E8M0FNU>
    return %q, %s : tensor<2x5x96xf4E2M1FN>, tensor<2x5x3xf8E8M0FNU>
  }
}
