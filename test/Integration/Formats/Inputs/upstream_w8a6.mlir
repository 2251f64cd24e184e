// fp8 (E4M3) activations times fp6 (E2M3) weights written in upstream ops
// only: arith.scaling_extf dequantizes (A to f32, B to bf16) and a
// linalg.matmul with B transposed by its maps. mxfp4-raise-mx-ops makes it
// the scaled_matmul of Inputs/upstream_w8a6_dialect.mlir.
#id = affine_map<(r, k) -> (r, k)>
#blk = affine_map<(r, k) -> (r, k floordiv 32)>
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @gemm(%aq: tensor<37x160xf8E4M3FN>, %as: tensor<37x5xf8E8M0FNU>, %bq: tensor<45x160xf6E2M3FN>, %bs: tensor<45x5xf8E8M0FNU>) -> tensor<37x45xf32> {
  %ea = tensor.empty() : tensor<37x160xf32>
  %a = linalg.generic {indexing_maps = [#id, #blk, #id], iterator_types = ["parallel", "parallel"]} ins(%aq, %as : tensor<37x160xf8E4M3FN>, tensor<37x5xf8E8M0FNU>) outs(%ea : tensor<37x160xf32>) {
  ^bb0(%v: f8E4M3FN, %s: f8E8M0FNU, %o: f32):
    %x = arith.scaling_extf %v, %s : f8E4M3FN, f8E8M0FNU to f32
    linalg.yield %x : f32
  } -> tensor<37x160xf32>
  %eb = tensor.empty() : tensor<45x160xbf16>
  %b = linalg.generic {indexing_maps = [#id, #blk, #id], iterator_types = ["parallel", "parallel"]} ins(%bq, %bs : tensor<45x160xf6E2M3FN>, tensor<45x5xf8E8M0FNU>) outs(%eb : tensor<45x160xbf16>) {
  ^bb0(%v: f6E2M3FN, %s: f8E8M0FNU, %o: bf16):
    %x = arith.scaling_extf %v, %s : f6E2M3FN, f8E8M0FNU to bf16
    linalg.yield %x : bf16
  } -> tensor<45x160xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x45xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<37x45xf32>) -> tensor<37x45xf32>
  %c = linalg.matmul indexing_maps = [#mk, #nk, #mn] ins(%a, %b : tensor<37x160xf32>, tensor<45x160xbf16>) outs(%init : tensor<37x45xf32>) -> tensor<37x45xf32>
  return %c : tensor<37x45xf32>
}
