"""The whole MoE layer (GPU MODE moe-mxfp4) compiled from a program as a
user writes it, on the emulator, against the reference library's layer
(fm.moe_reference with aiter's fused quantizer's tie rule).

    layer.py prepare TOKENS ROUTED TOPK D BLOCK_M DIR
                     [--all-on E] [--empty E,E,...]
                     [--combine sorted] [--hidden H]
        draws the task's inputs (fm.moe_generate: d_expert = D, d_hidden =
        H, or D when not given,
        ROUTED routed experts of which TOPK per token, one shared expert)
        and writes DIR/prog.mlir, the layer in mxfp4 and linalg ops:
          moe_align of topk_ids;
          stage 1: x quantized with ties away, gate and up as grouped GEMMs
            on slices of gate_up_weight, SwiGLU, h quantized with ties away
            (one kernel);
          stage 2 and the combine, out[t] = sum over t's pairs of
            topk_weight * (h[row] times its expert's down_weight): by
            default one grouped GEMM whose rows scatter, weighted, into
            their tokens' rows of the bf16 output (packed bf16 atomics in
            stage 2's kernel, as aiter adds); with --combine sorted, a
            grouped GEMM returning every row and a linalg.generic
            reduction reading them back at moe_align's positions
            (deterministic, in f32), rounded to bf16;
        and the inputs DIR/in0..6.npy in the task's order;
    layer.py check DIR OUT.npy
        the task's check (rtol = atol = 5e-2) against the reference, and the
        largest difference relative to the output's largest magnitude.
"""

import os
import sys

import numpy as np

import fp4mlir as fm
from moe_program import STAGE1

PROGRAM = """\
#id = affine_map<(i, j) -> (i, j)>
func.func @layer(%x: tensor<{m}x{h}xbf16>,
                 %gu: tensor<{e}x{d2}x{h}xf4E2M1FN>, %gus: tensor<{e}x{d2}x{hb}xf8E8M0FNU>,
                 %dn: tensor<{e}x{h}x{d}xf4E2M1FN>, %dns: tensor<{e}x{h}x{db}xf8E8M0FNU>,
                 %w: tensor<{m}x{k}xf32>, %ids: tensor<{m}x{k}xi32>) -> tensor<{m}x{h}xbf16> {{
  %rows, %blocks, %valid, %positions = mxfp4.moe_align %ids experts = {e} block_m = {bm}
      : tensor<{m}x{k}xi32> -> tensor<{p}xi32>, tensor<{nb}xi32>, tensor<1xi32>, tensor<{m}x{k}xi32>
{stage1}{stage2}  return %out : tensor<{m}x{h}xbf16>
}}
"""

# Stage 2 with the combine in its kernel: each row adds, weighted, into
# its token's row of the bf16 output (packed bf16 atomics).
SCATTERED = """\
  // Stage 2 and the combine: h is in the sorted order already.
  %out = mxfp4.grouped_matmul %hq, %hs experts(%blocks : tensor<{nb}xi32>) block_m = {bm}, %dn, %dns
      scatter(%rows : tensor<{p}xi32>) weights(%w : tensor<{m}x{k}xf32>){cfg2}
      : tensor<{p}x{d}xf4E2M1FN>, tensor<{p}x{db}xf8E8M0FNU>, tensor<{e}x{h}x{d}xf4E2M1FN>, tensor<{e}x{h}x{db}xf8E8M0FNU> -> tensor<{m}x{h}xbf16>
"""

# An f32 sum rounded to the bf16 output.
ROUNDING = """\
  %ob = tensor.empty() : tensor<{m}x{h}xbf16>
  %out = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}}
      ins(%sum : tensor<{m}x{h}xf32>) outs(%ob : tensor<{m}x{h}xbf16>) {{
  ^bb0(%v: f32, %o: bf16):
    %r = arith.truncf %v : f32 to bf16
    linalg.yield %r : bf16
  }} -> tensor<{m}x{h}xbf16>
"""

# Stage 2 returning every row, and the combine reading them back.
SORTED = """\
  // Stage 2: h is in the sorted order already.
  %y = mxfp4.grouped_matmul %hq, %hs experts(%blocks : tensor<{nb}xi32>) block_m = {bm}, %dn, %dns
      : tensor<{p}x{d}xf4E2M1FN>, tensor<{p}x{db}xf8E8M0FNU>, tensor<{e}x{h}x{d}xf4E2M1FN>, tensor<{e}x{h}x{db}xf8E8M0FNU> -> tensor<{p}x{h}xf32>
  // The combine: each token's pairs, weighted, read back at their rows.
  %zero = arith.constant 0.0 : f32
  %oe = tensor.empty() : tensor<{m}x{h}xf32>
  %init = linalg.fill ins(%zero : f32) outs(%oe : tensor<{m}x{h}xf32>) -> tensor<{m}x{h}xf32>
  %sum = linalg.generic {{indexing_maps = [affine_map<(t, n, s) -> (t, s)>, affine_map<(t, n, s) -> (t, s)>, affine_map<(t, n, s) -> (t, n)>],
                         iterator_types = ["parallel", "parallel", "reduction"]}}
      ins(%positions, %w : tensor<{m}x{k}xi32>, tensor<{m}x{k}xf32>) outs(%init : tensor<{m}x{h}xf32>) {{
  ^bb0(%pos: i32, %wt: f32, %acc: f32):
    %c0 = arith.constant 0 : i32
    %routed = arith.cmpi sge, %pos, %c0 : i32
    %clamped = arith.select %routed, %pos, %c0 : i32
    %row = arith.index_cast %clamped : i32 to index
    %col = linalg.index 1 : index
    %yv = tensor.extract %y[%row, %col] : tensor<{p}x{h}xf32>
    %wy = arith.mulf %wt, %yv : f32
    %add = arith.select %routed, %wy, %zero : f32
    %r = arith.addf %acc, %add : f32
    linalg.yield %r : f32
  }} -> tensor<{m}x{h}xf32>
"""

ORDER = ("hidden_states", "gate_up_weight", "gate_up_weight_scale",
         "down_weight", "down_weight_scale", "topk_weights", "topk_ids")


def option(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def prepare(args):
    tokens, routed, topk, d, block_m = map(int, args[:5])
    out = args[5]
    all_on = option(args, "--all-on", None)
    empty = option(args, "--empty", "")
    hidden = int(option(args, "--hidden", d))
    inputs = fm.moe_generate(tokens, routed, hidden, d, topk, shared_experts=1,
                             seed=tokens * 7 + routed,
                             all_tokens_on=None if all_on is None
                             else int(all_on),
                             empty_experts=[int(e) for e in empty.split(",")
                                            if e])
    arrays = [np.ascontiguousarray(getattr(inputs, name)) for name in ORDER]
    for i, v in enumerate(arrays):
        np.save(os.path.join(out, f"in{i}.npy"), v)
    with open(os.path.join(out, "prog.mlir"), "w") as f:
        f.write(program(tokens, routed + 1, topk + 1, hidden, d, block_m,
                        option(args, "--combine", "scattered")))


def program(tokens, experts, k, hidden, d, block_m, combine="scattered",
            configs=("", "")):
    """The layer's program for TOKENS tokens, EXPERTS experts of which K
    per token, d_hidden HIDDEN, d_expert D (also bench/moe.py's); CONFIGS:
    the bodies of stage 1's and the scattered stage 2's #mxfp4.config, or
    empty for the defaults."""
    sorted_ids, blocks, _, _ = fm.moe_align(np.zeros((tokens, k), np.int32),
                                            experts, block_m)
    dims = dict(m=tokens, h=hidden, hb=hidden // 32, d=d, d2=2 * d,
                db=d // 32, e=experts, k=k, bm=block_m, p=sorted_ids.size,
                nb=blocks.size,
                cfg1=f" config(<{configs[0]}>)" if configs[0] else "",
                cfg2=f" config(<{configs[1]}>)" if configs[1] else "")
    stage2 = SORTED + ROUNDING if combine == "sorted" else SCATTERED
    return PROGRAM.format(stage1=STAGE1.format(**dims),
                          stage2=stage2.format(**dims), **dims)


def check(args):
    out, result = args[:2]
    arrays = [np.load(os.path.join(out, f"in{i}.npy")) for i in range(7)]
    ref = fm.moe_reference(arrays[0], arrays[1], arrays[3], arrays[2],
                           arrays[4], arrays[5], arrays[6], ties="away")
    got = np.load(result)
    outcome = fm.check(fm.from_bf16(got), fm.from_bf16(ref), atol=5e-2,
                       rtol=5e-2)
    diff = np.abs(fm.from_bf16(got).astype(np.float64) -
                  fm.from_bf16(ref).astype(np.float64))
    scale = np.abs(fm.from_bf16(ref)).max()
    print(f"layer {arrays[0].shape[0]} tokens, {arrays[1].shape[0]} experts, "
          f"top-{arrays[6].shape[1]}: {outcome.mismatches} of {got.size} "
          f"outside the task's tolerance; largest difference "
          f"{diff.max() / scale:.2e} of the largest output")
    return 1 if outcome.mismatches else 0


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    sys.exit({"prepare": prepare, "check": check}[cmd](rest) or 0)
