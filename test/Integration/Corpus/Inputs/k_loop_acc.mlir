// A K loop written by hand: three 128-wide slices of K, each quantized and
// multiplied with its slice of B, the f32 sum carried as the accumulator
// (an scf.for iter_arg). M = 3, K = 384, N = 96.
module {
  func.func @linear(%x: tensor<3x384xbf16>, %w: tensor<96x384xf4E2M1FN>, %ws: tensor<96x12xf8E8M0FNU>) -> tensor<3x96xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3x96xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3x96xf32>) -> tensor<3x96xf32>
    %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<3x96xf32>) {
      %k = affine.apply affine_map<(d) -> (d * 128)>(%i)
      %kb = affine.apply affine_map<(d) -> (d * 4)>(%i)
      %xa = tensor.extract_slice %x[0, %k] [3, 128] [1, 1] : tensor<3x384xbf16> to tensor<3x128xbf16>
      %q, %qs = mxfp4.quantize %xa : tensor<3x128xbf16> -> tensor<3x128xf4E2M1FN>, tensor<3x4xf8E8M0FNU>
      %wb = tensor.extract_slice %w[0, %k] [96, 128] [1, 1] : tensor<96x384xf4E2M1FN> to tensor<96x128xf4E2M1FN>
      %wsb = tensor.extract_slice %ws[0, %kb] [96, 4] [1, 1] : tensor<96x12xf8E8M0FNU> to tensor<96x4xf8E8M0FNU>
      %c = mxfp4.scaled_matmul %q, %qs, %wb, %wsb acc(%acc : tensor<3x96xf32>) : tensor<3x128xf4E2M1FN>, tensor<3x4xf8E8M0FNU>, tensor<96x128xf4E2M1FN>, tensor<96x4xf8E8M0FNU> -> tensor<3x96xf32>
      scf.yield %c : tensor<3x96xf32>
    }
    return %sum : tensor<3x96xf32>
  }
}
