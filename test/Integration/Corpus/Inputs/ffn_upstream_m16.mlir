// The SwiGLU feed-forward block of ffn_swiglu_m16 written in upstream ops
// only, as a front end that does not know the mxfp4 dialect writes it:
// MXFP4 quantization with the floor scale rule spelled out (block max of
// |x| by linalg.reduce, arith.truncf(amax * 0.25) to E8M0,
// arith.scaling_truncf), dequantization with arith.scaling_extf, and
// linalg.matmul with B transposed, in f32. mxfp4-raise-mx-ops makes it the
// dialect's FFN: two launches, as ffn_swiglu (gate and up in one kernel
// with the product quantized in its epilogue, then down).
// M = 16, hidden 224, intermediate 160.
#id = affine_map<(d0, d1) -> (d0, d1)>
#blk = affine_map<(d0, d1) -> (d0, d1 floordiv 32)>
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
module {
  func.func @ffn(%x: tensor<16x224xbf16>, %wg: tensor<160x224xf4E2M1FN>, %sg: tensor<160x7xf8E8M0FNU>, %wu: tensor<160x224xf4E2M1FN>, %su: tensor<160x7xf8E8M0FNU>, %wd: tensor<224x160xf4E2M1FN>, %sd: tensor<224x5xf8E8M0FNU>) -> tensor<16x224xbf16> {
    %zero = arith.constant 0.0 : f32
    %quarter = arith.constant 0.25 : f32
    // xd = MXFP4 quantization of x (floor rule), in upstream ops
    %xd_x3 = tensor.expand_shape %x [[0], [1, 2]] output_shape [16, 7, 32] : tensor<16x224xbf16> into tensor<16x7x32xbf16>
    %xd_e = tensor.empty() : tensor<16x7xf32>
    %xd_init = linalg.fill ins(%zero : f32) outs(%xd_e : tensor<16x7xf32>) -> tensor<16x7xf32>
    %xd_amax = linalg.reduce ins(%xd_x3 : tensor<16x7x32xbf16>) outs(%xd_init : tensor<16x7xf32>) dimensions = [2]
      (%in: bf16, %acc: f32) {
        %w = arith.extf %in : bf16 to f32
        %a = math.absf %w : f32
        %m = arith.maximumf %a, %acc : f32
        linalg.yield %m : f32
      }
    %xd_se = tensor.empty() : tensor<16x7xf8E8M0FNU>
    %xd_s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%xd_amax : tensor<16x7xf32>) outs(%xd_se : tensor<16x7xf8E8M0FNU>) {
    ^bb0(%v: f32, %o: f8E8M0FNU):
      %s = arith.mulf %v, %quarter : f32
      %t = arith.truncf %s : f32 to f8E8M0FNU
      linalg.yield %t : f8E8M0FNU
    } -> tensor<16x7xf8E8M0FNU>
    %xd_be = tensor.empty() : tensor<16x7x32xf8E8M0FNU>
    %xd_b = linalg.broadcast ins(%xd_s : tensor<16x7xf8E8M0FNU>) outs(%xd_be : tensor<16x7x32xf8E8M0FNU>) dimensions = [2]
    %xd_sk = tensor.collapse_shape %xd_b [[0], [1, 2]] : tensor<16x7x32xf8E8M0FNU> into tensor<16x224xf8E8M0FNU>
    %xd_q = arith.scaling_truncf %x, %xd_sk : tensor<16x224xbf16>, tensor<16x224xf8E8M0FNU> to tensor<16x224xf4E2M1FN>
    %xd = arith.scaling_extf %xd_q, %xd_sk : tensor<16x224xf4E2M1FN>, tensor<16x224xf8E8M0FNU> to tensor<16x224xbf16>
    %g_e = tensor.empty() : tensor<160x224xbf16>
    %g = linalg.generic {indexing_maps = [#id, #blk, #id], iterator_types = ["parallel", "parallel"]} ins(%wg, %sg : tensor<160x224xf4E2M1FN>, tensor<160x7xf8E8M0FNU>) outs(%g_e : tensor<160x224xbf16>) {
    ^bb0(%v: f4E2M1FN, %s: f8E8M0FNU, %o: bf16):
      %dv = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to bf16
      linalg.yield %dv : bf16
    } -> tensor<160x224xbf16>
    %u_e = tensor.empty() : tensor<160x224xbf16>
    %u = linalg.generic {indexing_maps = [#id, #blk, #id], iterator_types = ["parallel", "parallel"]} ins(%wu, %su : tensor<160x224xf4E2M1FN>, tensor<160x7xf8E8M0FNU>) outs(%u_e : tensor<160x224xbf16>) {
    ^bb0(%v: f4E2M1FN, %s: f8E8M0FNU, %o: bf16):
      %dv = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to bf16
      linalg.yield %dv : bf16
    } -> tensor<160x224xbf16>
    %gate_e = tensor.empty() : tensor<16x160xf32>
    %gate_init = linalg.fill ins(%zero : f32) outs(%gate_e : tensor<16x160xf32>) -> tensor<16x160xf32>
    %gate = linalg.matmul indexing_maps = [#mk, #nk, #mn] ins(%xd, %g : tensor<16x224xbf16>, tensor<160x224xbf16>) outs(%gate_init : tensor<16x160xf32>) -> tensor<16x160xf32>
    %up_e = tensor.empty() : tensor<16x160xf32>
    %up_init = linalg.fill ins(%zero : f32) outs(%up_e : tensor<16x160xf32>) -> tensor<16x160xf32>
    %up = linalg.matmul indexing_maps = [#mk, #nk, #mn] ins(%xd, %u : tensor<16x224xbf16>, tensor<160x224xbf16>) outs(%up_init : tensor<16x160xf32>) -> tensor<16x160xf32>
    %he = tensor.empty() : tensor<16x160xbf16>
    %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%gate, %up : tensor<16x160xf32>, tensor<16x160xf32>) outs(%he : tensor<16x160xbf16>) {
    ^bb0(%gv: f32, %uv: f32, %o: bf16):
      %one = arith.constant 1.000000e+00 : f32
      %0 = arith.negf %gv : f32
      %1 = math.exp %0 : f32
      %2 = arith.addf %1, %one : f32
      %3 = arith.divf %gv, %2 : f32
      %4 = arith.mulf %3, %uv : f32
      %5 = arith.truncf %4 : f32 to bf16
      linalg.yield %5 : bf16
    } -> tensor<16x160xbf16>
    // hd = MXFP4 quantization of h (floor rule), in upstream ops
    %hd_x3 = tensor.expand_shape %h [[0], [1, 2]] output_shape [16, 5, 32] : tensor<16x160xbf16> into tensor<16x5x32xbf16>
    %hd_e = tensor.empty() : tensor<16x5xf32>
    %hd_init = linalg.fill ins(%zero : f32) outs(%hd_e : tensor<16x5xf32>) -> tensor<16x5xf32>
    %hd_amax = linalg.reduce ins(%hd_x3 : tensor<16x5x32xbf16>) outs(%hd_init : tensor<16x5xf32>) dimensions = [2]
      (%in: bf16, %acc: f32) {
        %w = arith.extf %in : bf16 to f32
        %a = math.absf %w : f32
        %m = arith.maximumf %a, %acc : f32
        linalg.yield %m : f32
      }
    %hd_se = tensor.empty() : tensor<16x5xf8E8M0FNU>
    %hd_s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%hd_amax : tensor<16x5xf32>) outs(%hd_se : tensor<16x5xf8E8M0FNU>) {
    ^bb0(%v: f32, %o: f8E8M0FNU):
      %s = arith.mulf %v, %quarter : f32
      %t = arith.truncf %s : f32 to f8E8M0FNU
      linalg.yield %t : f8E8M0FNU
    } -> tensor<16x5xf8E8M0FNU>
    %hd_be = tensor.empty() : tensor<16x5x32xf8E8M0FNU>
    %hd_b = linalg.broadcast ins(%hd_s : tensor<16x5xf8E8M0FNU>) outs(%hd_be : tensor<16x5x32xf8E8M0FNU>) dimensions = [2]
    %hd_sk = tensor.collapse_shape %hd_b [[0], [1, 2]] : tensor<16x5x32xf8E8M0FNU> into tensor<16x160xf8E8M0FNU>
    %hd_q = arith.scaling_truncf %h, %hd_sk : tensor<16x160xbf16>, tensor<16x160xf8E8M0FNU> to tensor<16x160xf4E2M1FN>
    %hd = arith.scaling_extf %hd_q, %hd_sk : tensor<16x160xf4E2M1FN>, tensor<16x160xf8E8M0FNU> to tensor<16x160xbf16>
    %d_e = tensor.empty() : tensor<224x160xbf16>
    %d = linalg.generic {indexing_maps = [#id, #blk, #id], iterator_types = ["parallel", "parallel"]} ins(%wd, %sd : tensor<224x160xf4E2M1FN>, tensor<224x5xf8E8M0FNU>) outs(%d_e : tensor<224x160xbf16>) {
    ^bb0(%v: f4E2M1FN, %s: f8E8M0FNU, %o: bf16):
      %dv = arith.scaling_extf %v, %s : f4E2M1FN, f8E8M0FNU to bf16
      linalg.yield %dv : bf16
    } -> tensor<224x160xbf16>
    %y_e = tensor.empty() : tensor<16x224xf32>
    %y_init = linalg.fill ins(%zero : f32) outs(%y_e : tensor<16x224xf32>) -> tensor<16x224xf32>
    %y = linalg.matmul indexing_maps = [#mk, #nk, #mn] ins(%hd, %d : tensor<16x160xbf16>, tensor<224x160xbf16>) outs(%y_init : tensor<16x224xf32>) -> tensor<16x224xf32>
    %ye = tensor.empty() : tensor<16x224xbf16>
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<16x224xf32>) outs(%ye : tensor<16x224xbf16>) {
    ^bb0(%v: f32, %o: bf16):
      %t = arith.truncf %v : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<16x224xbf16>
    return %r : tensor<16x224xbf16>
  }
}
