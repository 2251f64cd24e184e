"""mxfp4.grouped_matmul on moe_align's rows, on the emulator, against the
reference library's GEMM expert by expert.

    grouped.py prepare TOKENS TOPK EXPERTS N K BLOCK_M DIR
                       [--quantize-a MODE [--ties away]] [--route CASE]
                       [--out bf16] [--config BODY] [--scatter]
        writes DIR/prog.mlir: moe_align of the routing, then the grouped
        GEMM of A's rows (A fp4 given, or bf16 quantized by the program,
        in the GEMM's kernel) with each row block's expert's B [E, N, K];
        it returns C [rows, N], moe_align's rows and valid count. Inputs
        DIR/in0..4.npy: the routing (CASE: uniform, the default, or
        'skewed': half the pairs on expert 0, the odd experts empty), A
        (bf16 or fp4 and scales), B and its scales; --config gives the
        grouped GEMM's #mxfp4.config body (split-K, say); --scatter adds
        each row, weighted by its pair's weight (the last input, [TOKENS,
        TOPK] f32), into its token's row: C is [TOKENS, N] f32;
    grouped.py check DIR C.npy ROWS.npy VALID.npy
        rebuilds each row from the kernel's own rows (their order in a run
        is the kernel's): row p = A[rows[p] / topk] x B[expert of p]^T by
        the reference library's GEMM, within the f32 accumulation bound;
        padding rows and rows past valid must be 0. Scattered: token t's
        row is the sum over its pairs of weight x A[t] x B[expert]^T,
        within the same bound plus the f32 additions'.
"""

import os
import sys

import numpy as np

import fp4mlir as fm

PROGRAM = """\
func.func @grouped(%ids: tensor<{t}x{topk}xi32>, {a_args},
                   %b: tensor<{e}x{n}x{k}xf4E2M1FN>,
                   %bs: tensor<{e}x{n}x{kb}xf8E8M0FNU>{w_arg})
    -> (tensor<{c}x{n}x{out}>, tensor<{p}xi32>, tensor<1xi32>) {{
  %rows, %blocks, %valid, %positions = mxfp4.moe_align %ids experts = {e} block_m = {bm}
      : tensor<{t}x{topk}xi32> -> tensor<{p}xi32>, tensor<{nblocks}xi32>, tensor<1xi32>,
        tensor<{t}x{topk}xi32>
{quantize}  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<{p}xi32>) topk = {topk}
      experts(%blocks : tensor<{nblocks}xi32>) block_m = {bm}, %b, %bs{scatter}{config}
      : tensor<{t}x{k}xf4E2M1FN>, tensor<{t}x{kb}xf8E8M0FNU>,
        tensor<{e}x{n}x{k}xf4E2M1FN>, tensor<{e}x{n}x{kb}xf8E8M0FNU>
      -> tensor<{c}x{n}x{out}>
  return %c, %rows, %valid : tensor<{c}x{n}x{out}>, tensor<{p}xi32>, tensor<1xi32>
}}
"""

GIVEN = ("%a: tensor<{t}x{k}xf4E2M1FN>, "
         "%as: tensor<{t}x{kb}xf8E8M0FNU>")
QUANTIZED = "%x: tensor<{t}x{k}xbf16>"
QUANTIZE = ("  %a, %as = mxfp4.quantize %x mode = {mode}{ties}\n"
            "      : tensor<{t}x{k}xbf16> -> tensor<{t}x{k}xf4E2M1FN>, "
            "tensor<{t}x{kb}xf8E8M0FNU>\n")


def option(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def route(case, tokens, topk, experts, rng):
    ids = np.stack([rng.choice(experts, size=topk, replace=False)
                    for _ in range(tokens)])
    if case == "skewed":  # half on expert 0, the odd experts empty
        ids = ids - ids % 2
        ids[:, 0] = 0
    return ids.astype(np.int32)


def blocked_normal(rng, rows, k):
    x = rng.standard_normal((rows, k)) * 2.0 ** rng.integers(
        -4, 5, size=(rows, k // 32)).repeat(32, axis=1)
    return fm.to_bf16(x.astype(np.float32))


def prepare(args):
    tokens, topk, experts, n, k, block_m = map(int, args[:6])
    out = args[6]
    mode = option(args, "--quantize-a", None)
    ties = option(args, "--ties", "even")
    rng = np.random.default_rng(tokens * 31 + experts * 7 + n + k + block_m)
    ids = route(option(args, "--route", "uniform"), tokens, topk, experts, rng)
    x = blocked_normal(rng, tokens, k)
    a, a_s = fm.mx_quantize(x, "e2m1", mode or "even", ties)
    b, b_s = fm.mx_quantize(blocked_normal(rng, experts * n, k), "e2m1", "even")
    b, b_s = b.reshape(experts, n, k // 2), b_s.reshape(experts, n, k // 32)
    scatter = "--scatter" in args
    weights = rng.uniform(0.05, 1.0, size=ids.shape).astype(np.float32)
    inputs = [ids] + ([x] if mode else [a, a_s]) + [b, b_s] + (
        [weights] if scatter else [])
    for i, v in enumerate(inputs):
        np.save(os.path.join(out, f"in{i}.npy"), v)
    for name, v in (("a", a), ("a_s", a_s), ("b", b), ("b_s", b_s),
                    ("ids", ids), ("w", weights if scatter else ids[:0])):
        np.save(os.path.join(out, f"ref_{name}.npy"), v)
    sorted_ids, blocks, _, _ = fm.moe_align(ids, experts, block_m)
    dims = dict(t=tokens, topk=topk, e=experts, n=n, k=k, kb=k // 32,
                bm=block_m, p=sorted_ids.size, nblocks=blocks.size,
                out=option(args, "--out", "f32"), mode=mode,
                ties=" ties = away" if ties == "away" else "",
                config=f" config(<{option(args, '--config', '')}>)"
                if "--config" in args else "",
                c=tokens if scatter else sorted_ids.size,
                w_arg=f",\n                   %w: tensor<{tokens}x{topk}xf32>"
                if scatter else "",
                scatter=f" scatter(%rows : tensor<{sorted_ids.size}xi32>) "
                f"weights(%w : tensor<{tokens}x{topk}xf32>)" if scatter else "")
    text = PROGRAM.format(a_args=(QUANTIZED if mode else GIVEN).format(**dims),
                          quantize=QUANTIZE.format(**dims) if mode else "",
                          **dims)
    with open(os.path.join(out, "prog.mlir"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "sizes"), "w") as f:
        f.write(f"{experts} {block_m} {topk}\n")


def check(args):
    out, c_path, rows_path, valid_path = args[:4]
    experts, block_m, topk = map(int, open(os.path.join(out, "sizes")).read()
                                 .split())
    ref = {name: np.load(os.path.join(out, f"ref_{name}.npy"))
           for name in ("a", "a_s", "b", "b_s", "ids", "w")}
    tokens = ref["a"].shape[0]
    raw = np.load(c_path)
    bf16 = raw.dtype == np.uint16  # bf16 bits
    c = (fm.from_bf16(raw) if bf16 else raw).astype(np.float64)
    rows = np.load(rows_path).astype(np.int64)
    scattered = ref["w"].size > 0
    if scattered:  # the rows as a grouped GEMM returns them, summed below
        c_sum, c = c, np.zeros((rows.size, c.shape[1]))
    valid = int(np.load(valid_path).reshape(-1)[0])
    _, blocks, ref_valid, _ = fm.moe_align(ref["ids"], experts, block_m)
    want = np.zeros_like(c)
    bound = np.zeros_like(c)
    a_deq = np.abs(fm.mx_dequantize(ref["a"], ref["a_s"], "e2m1"))
    for e in range(experts):
        at = np.flatnonzero(np.repeat(blocks, block_m) == e)
        at = at[rows[at] < tokens * topk]
        if at.size == 0:
            continue
        tok = rows[at] // topk
        want[at] = fm.mx_reference_gemm_quantized(
            ref["a"][tok], ref["a_s"][tok], "e2m1", ref["b"][e], ref["b_s"][e],
            "e2m1")
        b_deq = np.abs(fm.mx_dequantize(ref["b"][e], ref["b_s"][e], "e2m1"))
        k = 32 * ref["a_s"].shape[1]
        bound[at] = (k // 32 + 1) * 2.0 ** -24 * (a_deq[tok] @ b_deq.T)
    # bf16 results: the rounding of the f32 sum, half an ulp of bf16.
    if bf16:
        bound += np.abs(want) * 2.0 ** -8
    if scattered:
        # Token t: the sum over its pairs of weight x row, each product and
        # each addition (topk, in any order; f32, or bf16 for a bf16 sum)
        # rounded.
        pair = rows[rows < tokens * topk]
        at = np.flatnonzero(rows < tokens * topk)
        w = ref["w"].reshape(-1)[pair].astype(np.float64)[:, None]
        summed = np.zeros_like(c_sum)
        sum_bound = np.zeros_like(c_sum)
        magnitude = np.zeros_like(c_sum)
        np.add.at(summed, pair // topk, w * want[at])
        np.add.at(sum_bound, pair // topk, w * bound[at])
        np.add.at(magnitude, pair // topk, np.abs(w * want[at]))
        c, want = c_sum, summed
        bound = sum_bound + (topk + 1) * 2.0 ** (-8 if bf16 else -24) * \
            magnitude
    bad = np.abs(c - want) > bound
    problems = []
    if valid != ref_valid:
        problems.append(f"valid {valid}, the reference's {ref_valid}")
    if bad.any():
        i = np.unravel_index(np.argmax(bad), c.shape)
        problems.append(f"{int(bad.sum())} of {c.size} outside the bound, "
                        f"first at {tuple(int(v) for v in i)}: {c[i]!r}, "
                        f"reference {want[i]!r}")
    routed = int(np.count_nonzero(rows < tokens * topk))
    print(f"grouped {tokens}x{topk} of {experts} experts, N {c.shape[1]}: "
          f"{routed} rows routed of {rows.size}: "
          f"{'; '.join(problems) if problems else 'equal'}")
    return 1 if problems else 0


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    sys.exit({"prepare": prepare, "check": check}[cmd](rest) or 0)
