"""The MoE layer's programs as a user writes them, shared by the tests of
this directory (layer.py runs all of it, stage1.py its first stage).

STAGE1 quantizes x ([m, h] bf16) with ties away, computes gate and up as
grouped GEMMs on slices of gate_up_weight (%gu, %gus: [e, d2, h]) over
moe_align's %rows and %blocks, SwiGLU rounded to bf16, and quantizes h
with ties away into %hq, %hs ([p, d]). Fields: m tokens, h hidden (K),
hb = h / 32, d expert size, d2 = 2 d, db = d / 32, e experts, k top-k,
bm block_m, p sorted rows, nb row blocks, cfg1 the GEMMs' config
(" config(<...>)", or empty for the default).
"""

STAGE1 = """\
  // Stage 1.
  %xq, %xs = mxfp4.quantize %x ties = away
      : tensor<{m}x{h}xbf16> -> tensor<{m}x{h}xf4E2M1FN>, tensor<{m}x{hb}xf8E8M0FNU>
  %wg = tensor.extract_slice %gu[0, 0, 0] [{e}, {d}, {h}] [1, 1, 1] : tensor<{e}x{d2}x{h}xf4E2M1FN> to tensor<{e}x{d}x{h}xf4E2M1FN>
  %wgs = tensor.extract_slice %gus[0, 0, 0] [{e}, {d}, {hb}] [1, 1, 1] : tensor<{e}x{d2}x{hb}xf8E8M0FNU> to tensor<{e}x{d}x{hb}xf8E8M0FNU>
  %wu = tensor.extract_slice %gu[0, {d}, 0] [{e}, {d}, {h}] [1, 1, 1] : tensor<{e}x{d2}x{h}xf4E2M1FN> to tensor<{e}x{d}x{h}xf4E2M1FN>
  %wus = tensor.extract_slice %gus[0, {d}, 0] [{e}, {d}, {hb}] [1, 1, 1] : tensor<{e}x{d2}x{hb}xf8E8M0FNU> to tensor<{e}x{d}x{hb}xf8E8M0FNU>
  %g = mxfp4.grouped_matmul %xq, %xs rows(%rows : tensor<{p}xi32>) topk = {k}
      experts(%blocks : tensor<{nb}xi32>) block_m = {bm}, %wg, %wgs{cfg1}
      : tensor<{m}x{h}xf4E2M1FN>, tensor<{m}x{hb}xf8E8M0FNU>, tensor<{e}x{d}x{h}xf4E2M1FN>, tensor<{e}x{d}x{hb}xf8E8M0FNU> -> tensor<{p}x{d}xf32>
  %u = mxfp4.grouped_matmul %xq, %xs rows(%rows : tensor<{p}xi32>) topk = {k}
      experts(%blocks : tensor<{nb}xi32>) block_m = {bm}, %wu, %wus{cfg1}
      : tensor<{m}x{h}xf4E2M1FN>, tensor<{m}x{hb}xf8E8M0FNU>, tensor<{e}x{d}x{h}xf4E2M1FN>, tensor<{e}x{d}x{hb}xf8E8M0FNU> -> tensor<{p}x{d}xf32>
  %he = tensor.empty() : tensor<{p}x{d}xbf16>
  %hv = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}}
      ins(%g, %u : tensor<{p}x{d}xf32>, tensor<{p}x{d}xf32>) outs(%he : tensor<{p}x{d}xbf16>) {{
  ^bb0(%gv: f32, %uv: f32, %o: bf16):
    %n = arith.negf %gv : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %den = arith.addf %one, %ex : f32
    %silu = arith.divf %gv, %den : f32
    %prod = arith.mulf %silu, %uv : f32
    %r = arith.truncf %prod : f32 to bf16
    linalg.yield %r : bf16
  }} -> tensor<{p}x{d}xbf16>
  %hq, %hs = mxfp4.quantize %hv ties = away
      : tensor<{p}x{d}xbf16> -> tensor<{p}x{d}xf4E2M1FN>, tensor<{p}x{db}xf8E8M0FNU>
"""
