// A fused QKV projection (grouped-query sizes: q 80, k 48, v 48 columns):
// one GEMM, split into three outputs with tensor.extract_slice, each
// truncated to bf16 with arith.truncf on tensors. M = 3, K = 160, N = 176.
module {
  func.func @qkv(%x: tensor<3x160xbf16>, %w: tensor<176x160xf4E2M1FN>, %ws: tensor<176x5xf8E8M0FNU>) -> (tensor<3x80xbf16>, tensor<3x48xbf16>, tensor<3x48xbf16>) {
    %q, %qs = mxfp4.quantize %x : tensor<3x160xbf16> -> tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>
    %c = mxfp4.scaled_matmul %q, %qs, %w, %ws : tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>, tensor<176x160xf4E2M1FN>, tensor<176x5xf8E8M0FNU> -> tensor<3x176xf32>
    %cq = tensor.extract_slice %c[0, 0] [3, 80] [1, 1] : tensor<3x176xf32> to tensor<3x80xf32>
    %ck = tensor.extract_slice %c[0, 80] [3, 48] [1, 1] : tensor<3x176xf32> to tensor<3x48xf32>
    %cv = tensor.extract_slice %c[0, 128] [3, 48] [1, 1] : tensor<3x176xf32> to tensor<3x48xf32>
    %oq = arith.truncf %cq : tensor<3x80xf32> to tensor<3x80xbf16>
    %ok = arith.truncf %ck : tensor<3x48xf32> to tensor<3x48xbf16>
    %ov = arith.truncf %cv : tensor<3x48xf32> to tensor<3x48xbf16>
    return %oq, %ok, %ov : tensor<3x80xbf16>, tensor<3x48xbf16>, tensor<3x48xbf16>
  }
}
