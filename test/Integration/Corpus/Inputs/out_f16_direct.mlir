// scaled_matmul straight to f16 (issue 19 item 4), then an f16 residual add.
// M = 16, K = 224, N = 112.
module {
  func.func @linear(%x: tensor<16x224xbf16>, %w: tensor<112x224xf4E2M1FN>, %ws: tensor<112x7xf8E8M0FNU>, %res: tensor<16x112xf16>) -> tensor<16x112xf16> {
    %q, %qs = mxfp4.quantize %x : tensor<16x224xbf16> -> tensor<16x224xf4E2M1FN>, tensor<16x7xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<16x224xf4E2M1FN>, tensor<16x7xf8E8M0FNU>, tensor<112x224xf4E2M1FN>, tensor<112x7xf8E8M0FNU> -> tensor<16x112xf16>
    %y = arith.addf %c, %res : tensor<16x112xf16>
    return %y : tensor<16x112xf16>
  }
}
