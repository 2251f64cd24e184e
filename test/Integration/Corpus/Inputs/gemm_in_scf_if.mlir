// A GEMM inside scf.if: a flag read from a tensor chooses between two
// weights (an adapter switched on or off). Run with the flag 0 (the else
// branch). M = 3, K = 160, N = 80.
module {
  func.func @select(%x: tensor<3x160xbf16>, %flag: tensor<1xi32>, %w0: tensor<80x160xf4E2M1FN>, %s0: tensor<80x5xf8E8M0FNU>, %w1: tensor<80x160xf4E2M1FN>, %s1: tensor<80x5xf8E8M0FNU>) -> tensor<3x80xbf16> {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %f = tensor.extract %flag[%c0] : tensor<1xi32>
    %on = arith.cmpi ne, %f, %zero : i32
    %q, %qs = mxfp4.quantize %x : tensor<3x160xbf16> -> tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>
    %r = scf.if %on -> (tensor<3x80xbf16>) {
      %c = mxfp4.scaled_matmul %q, %qs, %w0, %s0 : tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>, tensor<80x160xf4E2M1FN>, tensor<80x5xf8E8M0FNU> -> tensor<3x80xbf16>
      scf.yield %c : tensor<3x80xbf16>
    } else {
      %c = mxfp4.scaled_matmul %q, %qs, %w1, %s1 : tensor<3x160xf4E2M1FN>, tensor<3x5xf8E8M0FNU>, tensor<80x160xf4E2M1FN>, tensor<80x5xf8E8M0FNU> -> tensor<3x80xbf16>
      scf.yield %c : tensor<3x80xbf16>
    }
    return %r : tensor<3x80xbf16>
  }
}
