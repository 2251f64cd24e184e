// A 2-layer MLP whose first GEMM's bf16 output is quantized for the second
// (the output quantize fused into layer 1 needs 32-column tiles).
// M = 16, 224 -> 160 -> 96.
module {
  func.func @mlp(%x: tensor<16x224xbf16>, %w1: tensor<160x224xf4E2M1FN>, %s1: tensor<160x7xf8E8M0FNU>, %w2: tensor<96x160xf4E2M1FN>, %s2: tensor<96x5xf8E8M0FNU>) -> tensor<16x96xbf16> {
    %q, %qs = mxfp4.quantize %x : tensor<16x224xbf16> -> tensor<16x224xf4E2M1FN>, tensor<16x7xf8E8M0FNU>
    %h = mxfp4.scaled_matmul %q, %qs, %w1, %s1 : tensor<16x224xf4E2M1FN>, tensor<16x7xf8E8M0FNU>, tensor<160x224xf4E2M1FN>, tensor<160x7xf8E8M0FNU> -> tensor<16x160xbf16>
    %hq, %hs = mxfp4.quantize %h : tensor<16x160xbf16> -> tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>
    %y = mxfp4.scaled_matmul %hq, %hs, %w2, %s2 : tensor<16x160xf4E2M1FN>, tensor<16x5xf8E8M0FNU>, tensor<96x160xf4E2M1FN>, tensor<96x5xf8E8M0FNU> -> tensor<16x96xbf16>
    return %y : tensor<16x96xbf16>
  }
}
