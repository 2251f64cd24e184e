"""mxfp4.moe_align on the emulator against the reference library.

    align.py prepare CASE TOKENS TOPK EXPERTS BLOCK_M DIR [--dynamic]
        writes DIR/prog.mlir (one moe_align of a [TOKENS, TOPK] i32
        topk_ids; with --dynamic, TOKENS known at run time only) and
        DIR/ids.npy, routed as CASE says:
          uniform  each token's TOPK distinct experts drawn at random;
          one      every pair on expert 0 (topk 1) or experts 0..TOPK-1;
          empty    only the even experts receive pairs, with some ids
                   outside [0, EXPERTS), which route nowhere;
          task     the task's layer: TOPK - 1 routed experts drawn from the
                   first EXPERTS - 1, then the shared expert EXPERTS - 1;
    align.py check DIR SORTED.npy BLOCKS.npy VALID.npy POSITIONS.npy
        compares the kernel's outputs with fm.moe_align: valid, the block
        ids and padding marks exactly; each expert's run as a set (the
        kernel's order inside a run is unspecified); positions must
        invert the kernel's own rows (-1 for unrouted pairs).
"""

import os
import sys

import numpy as np

import fp4mlir as fm

PROGRAM = """\
func.func @align(%ids: tensor<{t}x{k}xi32>)
    -> (tensor<{r}xi32>, tensor<{b}xi32>, tensor<1xi32>, tensor<{t}x{k}xi32>) {{
  %s, %b, %v, %pos = mxfp4.moe_align %ids experts = {e} block_m = {bm}
      : tensor<{t}x{k}xi32> -> tensor<{r}xi32>, tensor<{b}xi32>, tensor<1xi32>,
        tensor<{t}x{k}xi32>
  return %s, %b, %v, %pos
      : tensor<{r}xi32>, tensor<{b}xi32>, tensor<1xi32>, tensor<{t}x{k}xi32>
}}
"""


def route(case, tokens, topk, experts, rng):
    if case == "uniform":
        return np.stack([rng.choice(experts, size=topk, replace=False)
                         for _ in range(tokens)]) if tokens else \
            np.zeros((0, topk), np.int64)
    if case == "one":
        return np.tile(np.arange(topk), (tokens, 1))
    if case == "empty":
        ids = rng.integers(0, (experts + 1) // 2, size=(tokens, topk)) * 2
        ids[rng.random((tokens, topk)) < 0.1] = -1
        ids[rng.random((tokens, topk)) < 0.05] = experts
        return ids
    if case == "task":
        routed = [rng.choice(experts - 1, size=topk - 1, replace=False)
                  for _ in range(tokens)]
        return np.concatenate([np.array(routed).reshape(tokens, topk - 1),
                               np.full((tokens, 1), experts - 1)], axis=1)
    raise SystemExit(f"unknown case {case}")


def prepare(args):
    case, tokens, topk, experts, block_m, out = args[:6]
    tokens, topk, experts, block_m = map(int, (tokens, topk, experts, block_m))
    rng = np.random.default_rng(tokens * 1000 + experts * 7 + block_m)
    ids = route(case, tokens, topk, experts, rng).astype(np.int32)
    np.save(os.path.join(out, "ids.npy"), ids)
    sorted_ids, blocks, _, _ = fm.moe_align(ids, experts, block_m)
    dims = dict(t=tokens, k=topk, e=experts, bm=block_m, r=sorted_ids.size,
                b=blocks.size)
    if "--dynamic" in args:
        dims.update(t="?", r="?", b="?")
    with open(os.path.join(out, "prog.mlir"), "w") as f:
        f.write(PROGRAM.format(**dims))
    with open(os.path.join(out, "sizes"), "w") as f:
        f.write(f"{experts} {block_m}\n")


def check(args):
    out, sorted_path, blocks_path, valid_path, positions_path = args[:5]
    experts, block_m = map(int, open(os.path.join(out, "sizes")).read().split())
    ids = np.load(os.path.join(out, "ids.npy"))
    ref_sorted, ref_blocks, ref_valid, _ = fm.moe_align(ids, experts, block_m)
    got_sorted = np.load(sorted_path).astype(np.int64)
    got_blocks = np.load(blocks_path).astype(np.int64)
    got_valid = int(np.load(valid_path).reshape(-1)[0])
    got_positions = np.load(positions_path).astype(np.int64).reshape(-1)
    bad = []
    routed_mask = ((ids >= 0) & (ids < experts)).reshape(-1)
    inverse = np.full(routed_mask.size, -1)
    rows_of = np.flatnonzero(got_sorted < routed_mask.size)
    inverse[got_sorted[rows_of]] = rows_of
    if not np.array_equal(np.where(routed_mask, inverse, -1), got_positions):
        bad.append("positions do not invert the rows")
    if got_sorted.shape != ref_sorted.shape or \
            got_blocks.shape != ref_blocks.shape:
        bad.append(f"shapes {got_sorted.shape} {got_blocks.shape}, the "
                   f"reference's {ref_sorted.shape} {ref_blocks.shape}")
    else:
        if got_valid != ref_valid:
            bad.append(f"valid {got_valid}, the reference's {ref_valid}")
        if not np.array_equal(got_blocks, ref_blocks):
            bad.append("block ids differ")
        # Each run as a set: sorting within runs gives the reference's
        # increasing order; the padding marks (the pair count) sort last.
        runs = np.split(np.arange(ref_sorted.size),
                        np.flatnonzero(np.diff(np.repeat(ref_blocks,
                                                         block_m))) + 1)
        canon = np.concatenate([np.sort(got_sorted[r]) for r in runs]) \
            if ref_sorted.size else got_sorted
        if not np.array_equal(canon, ref_sorted):
            first = int(np.argmax(canon != ref_sorted))
            bad.append(f"rows differ from row {first}: {canon[first]}, the "
                       f"reference's {ref_sorted[first]}")
    routed = int(np.count_nonzero((ids >= 0) & (ids < experts)))
    print(f"moe_align {ids.shape[0]}x{ids.shape[1]} of {experts} experts, "
          f"blocks of {block_m}: {routed} pairs routed, valid {got_valid} of "
          f"{ref_sorted.size} rows: {'; '.join(bad) if bad else 'equal'}")
    return 1 if bad else 0


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    sys.exit({"prepare": prepare, "check": check}[cmd](rest) or 0)
