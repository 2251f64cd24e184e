"""Stage 1 of an MoE layer compiled as the user writes it, on the emulator,
against the reference library: moe_align; x quantized with ties away;
gate and up (two grouped GEMMs on slices of one [E, 2D, K] weight); SwiGLU
rounded to bf16; h quantized with ties away. The compiler fuses the GEMMs,
the SwiGLU and h's quantize into one kernel.

    stage1.py prepare TOKENS TOPK EXPERTS D K BLOCK_M DIR
        writes DIR/prog.mlir and its inputs DIR/in0..3.npy (the routing, x
        bf16, the weight fp4x2 and its scales);
    stage1.py check DIR HQ.npy HS.npy ROWS.npy
        rebuilds h row by row from the kernel's rows (the reference
        library's GEMMs of the token's quantized x with the expert's gate
        and up rows, SwiGLU in f32, bf16) and quantizes it with ties away.
        The kernel's f32 sums may differ from the reference's in the last
        bits, which can flip h's last bf16 bit and a rounding of its
        quantization: at most 1% of the codes may differ, each by one
        E2M1 step, and the scales must agree.
"""

import os
import sys

import numpy as np

import fp4mlir as fm
from moe_program import STAGE1

PROGRAM = """\
#id = affine_map<(i, j) -> (i, j)>
func.func @stage1(%ids: tensor<{m}x{k}xi32>, %x: tensor<{m}x{h}xbf16>,
                  %gu: tensor<{e}x{d2}x{h}xf4E2M1FN>,
                  %gus: tensor<{e}x{d2}x{hb}xf8E8M0FNU>)
    -> (tensor<{p}x{d}xf4E2M1FN>, tensor<{p}x{db}xf8E8M0FNU>, tensor<{p}xi32>) {{
  %rows, %blocks, %valid, %positions = mxfp4.moe_align %ids experts = {e} block_m = {bm}
      : tensor<{m}x{k}xi32> -> tensor<{p}xi32>, tensor<{nb}xi32>, tensor<1xi32>,
        tensor<{m}x{k}xi32>
{stage1}  return %hq, %hs, %rows
      : tensor<{p}x{d}xf4E2M1FN>, tensor<{p}x{db}xf8E8M0FNU>, tensor<{p}xi32>
}}
"""

# E2M1 magnitudes by code; a code's step index is its magnitude's rank.
E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6])


def prepare(args):
    tokens, topk, experts, d, k, block_m = map(int, args[:6])
    out = args[6]
    rng = np.random.default_rng(tokens * 13 + experts * 5 + d + k)
    ids = np.stack([rng.choice(experts, size=topk, replace=False)
                    for _ in range(tokens)]).astype(np.int32)
    x = fm.to_bf16(rng.standard_normal((tokens, k)).astype(np.float32))
    w = fm.to_bf16((rng.standard_normal((experts * 2 * d, k)) /
                    np.sqrt(k)).astype(np.float32))
    wq, ws = fm.mx_quantize(w, "e2m1", "even")
    wq, ws = wq.reshape(experts, 2 * d, k // 2), ws.reshape(experts, 2 * d,
                                                            k // 32)
    for i, v in enumerate((ids, x, wq, ws)):
        np.save(os.path.join(out, f"in{i}.npy"), v)
    sorted_ids, blocks, _, _ = fm.moe_align(ids, experts, block_m)
    dims = dict(m=tokens, k=topk, e=experts, d=d, d2=2 * d, db=d // 32,
                h=k, hb=k // 32, bm=block_m, p=sorted_ids.size,
                nb=blocks.size, cfg1="")
    with open(os.path.join(out, "prog.mlir"), "w") as f:
        f.write(PROGRAM.format(stage1=STAGE1.format(**dims), **dims))
    with open(os.path.join(out, "sizes"), "w") as f:
        f.write(f"{experts} {block_m} {topk} {d}\n")


def check(args):
    out, hq_path, hs_path, rows_path = args[:4]
    experts, block_m, topk, d = map(int, open(os.path.join(out, "sizes"))
                                    .read().split())
    ids, x, wq, ws = (np.load(os.path.join(out, f"in{i}.npy"))
                      for i in range(4))
    tokens = x.shape[0]
    xq, xs = fm.mx_quantize(x, "e2m1", "even", "away")
    rows = np.load(rows_path).astype(np.int64)
    _, blocks, _, _ = fm.moe_align(ids, experts, block_m)
    h = np.zeros((rows.size, d), np.float32)
    for e in range(experts):
        at = np.flatnonzero(np.repeat(blocks, block_m) == e)
        at = at[rows[at] < tokens * topk]
        if at.size == 0:
            continue
        tok = rows[at] // topk
        g, u = (fm.mx_reference_gemm_quantized(
            xq[tok], xs[tok], "e2m1", wq[e][half * d:(half + 1) * d],
            ws[e][half * d:(half + 1) * d], "e2m1") for half in (0, 1))
        h[at] = (g / (1 + np.exp(-g.astype(np.float64))) * u).astype(
            np.float32)
    ref_q, ref_s = fm.mx_quantize(fm.to_bf16(h), "e2m1", "even", "away")
    got_q = np.load(hq_path).astype(np.uint8)
    got_s = np.load(hs_path).astype(np.uint8)
    codes = lambda q: np.stack([q & 0xF, q >> 4], axis=-1).reshape(q.shape[0],
                                                                    -1)
    gc, rc = codes(got_q), codes(ref_q)
    differ = gc != rc
    step = np.abs(np.where(gc & 8, -1, 1) * (gc & 7).astype(int) -
                  np.where(rc & 8, -1, 1) * (rc & 7).astype(int))
    far = differ & ~((step == 1) | ((gc & 7) == 0) & ((rc & 7) == 0))
    scales_differ = int(np.count_nonzero(got_s != ref_s))
    n_differ = int(np.count_nonzero(differ))
    ok = scales_differ == 0 and not far.any() and n_differ <= 0.01 * gc.size
    print(f"stage 1 {tokens}x{topk} of {experts} experts, d {d}: "
          f"{n_differ} of {gc.size} codes differ (each by one step: "
          f"{'yes' if not far.any() else 'no'}), {scales_differ} of "
          f"{got_s.size} scales: {'equal' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    sys.exit({"prepare": prepare, "check": check}[cmd](rest) or 0)
