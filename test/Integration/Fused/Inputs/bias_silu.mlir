// C = bf16(silu(A B^T + bias)): the bias broadcast along M and the SiLU are
// one linalg.generic after the GEMM.
func.func @bias_silu(%a: tensor<40x288xbf16>, %b: tensor<112x288xf4E2M1FN>, %bs: tensor<256x16xf8E8M0FNU>, %bias: tensor<112xf32>) -> tensor<40x112xbf16> {
  %q, %s = mxfp4.quantize %a : tensor<40x288xbf16> -> tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %q, %s, %b, %bs b_layout = preshuffled : tensor<40x288xf4E2M1FN>, tensor<40x9xf8E8M0FNU>, tensor<112x288xf4E2M1FN>, tensor<256x16xf8E8M0FNU> -> tensor<40x112xf32>
  %e = tensor.empty() : tensor<40x112xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<40x112xf32>, tensor<112xf32>) outs(%e : tensor<40x112xbf16>) {
  ^bb0(%x: f32, %y: f32, %o: bf16):
    %z = arith.addf %x, %y : f32
    %n = arith.negf %z : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %si = arith.divf %z, %d : f32
    %t = arith.truncf %si : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<40x112xbf16>
  return %r : tensor<40x112xbf16>
}
