// The 16x2112x7168 GEMM as part of a program (docs/report.md, "A GEMM three
// ways on the one path"): with a fused bias + SiLU, and with a dynamic M.
func.func @fused(%a: tensor<16x7168xbf16>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2304x224xf8E8M0FNU>, %bias: tensor<2112xf32>) -> tensor<16x2112xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<16x7168xbf16> -> tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<16x7168xf4E2M1FN>, tensor<16x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<16x2112xf32>
  %e = tensor.empty() : tensor<16x2112xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<16x2112xf32>, tensor<2112xf32>) outs(%e : tensor<16x2112xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %z = arith.addf %x, %y : f32
    %n = arith.negf %z : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %z, %d : f32
    %t = arith.truncf %si : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x2112xbf16>
  return %r : tensor<16x2112xbf16>
}
func.func @plain(%a: tensor<?x7168xbf16>, %b: tensor<2112x7168xf4E2M1FN>, %bs: tensor<2304x224xf8E8M0FNU>) -> tensor<?x2112xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<?x7168xbf16> -> tensor<?x7168xf4E2M1FN>, tensor<?x224xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<?x7168xf4E2M1FN>, tensor<?x224xf8E8M0FNU>, tensor<2112x7168xf4E2M1FN>, tensor<2304x224xf8E8M0FNU> -> tensor<?x2112xbf16>
  return %c : tensor<?x2112xbf16>
}
