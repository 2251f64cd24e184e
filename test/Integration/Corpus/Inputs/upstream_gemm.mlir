// An MXFP4 GEMM written in upstream ops only (what a front end that does
// not know the mxfp4 dialect emits): both operands dequantized with
// arith.scaling_extf, A's scales broadcast by linalg.broadcast and
// collapse_shape, B's read through (n, k floordiv 32) in a linalg.generic;
// linalg.matmul with B transposed, f32, rounded to bf16.
// mxfp4-raise-mx-ops makes it a scaled_matmul: it compiles to
// the kernel of upstream_gemm_dialect.mlir, bit for bit.
// M = 5, K = 256, N = 48.
module {
  func.func @linear(%aq: tensor<5x256xf4E2M1FN>, %as: tensor<5x8xf8E8M0FNU>, %bq: tensor<48x256xf4E2M1FN>, %bs: tensor<48x8xf8E8M0FNU>) -> tensor<5x48xbf16> {
    %ea = tensor.empty() : tensor<5x8x32xf8E8M0FNU>
    %ba = linalg.broadcast ins(%as : tensor<5x8xf8E8M0FNU>) outs(%ea : tensor<5x8x32xf8E8M0FNU>) dimensions = [2]
    %sa = tensor.collapse_shape %ba [[0], [1, 2]] : tensor<5x8x32xf8E8M0FNU> into tensor<5x256xf8E8M0FNU>
    %a = arith.scaling_extf %aq, %sa : tensor<5x256xf4E2M1FN>, tensor<5x256xf8E8M0FNU> to tensor<5x256xbf16>
    %eb = tensor.empty() : tensor<48x256xf32>
    %b = linalg.generic {indexing_maps = [affine_map<(r, k) -> (r, k)>, affine_map<(r, k) -> (r, k floordiv 32)>, affine_map<(r, k) -> (r, k)>], iterator_types = ["parallel", "parallel"]} ins(%bq, %bs : tensor<48x256xf4E2M1FN>, tensor<48x8xf8E8M0FNU>) outs(%eb : tensor<48x256xf32>) {
    ^bb0(%v: f4E2M1FN, %s: f8E8M0FNU, %o: f32):
      %x = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to f32
      linalg.yield %x : f32
    } -> tensor<48x256xf32>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<5x48xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<5x48xf32>) -> tensor<5x48xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<5x256xbf16>, tensor<48x256xf32>) outs(%init : tensor<5x48xf32>) -> tensor<5x48xf32>
    %o = tensor.empty() : tensor<5x48xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<5x48xf32>) outs(%o : tensor<5x48xbf16>) {
    ^bb0(%x: f32, %y: bf16):
      %t = arith.truncf %x : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<5x48xbf16>
    return %r : tensor<5x48xbf16>
  }
}
