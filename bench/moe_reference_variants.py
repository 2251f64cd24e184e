#!/usr/bin/env python3
"""How far the MoE layer moves when its activation quantizer changes, against
the moe-mxfp4 task's tolerance (docs/reference-numerics.md, "Mixture of
experts").

    python3 bench/moe_reference_variants.py [--build build]
        [--shape M,E,D_HIDDEN,D_EXPERT,TOPK,SEED ...]

For each shape (M tokens, E routed experts plus one shared, top-TOPK routed)
the inputs come from fm.moe_generate(seed) and the layer from
fm.moe_reference with the defaults (even scale rule, ties to even, h
rounded to bf16). Then one choice at a time is changed: ties away from zero
(aiter's fused quantizer), h quantized from f32, the floor scale rule. Each
row gives the largest and mean |difference| of the f32 outputs and how many
elements fail |a - b| <= atol + rtol |b| at the task's 5e-2 (and the 2e-2 it
used for a while). Needs the fp4mlir package of a build (<build>/python)
and numpy: no GPU, no aiter.
"""

import argparse
import os
import sys
import time

import numpy as np

fm = None  # fp4mlir, imported from the build tree in main()

# The task's first test shape (of the version of 2026-03-03) and a smaller
# slice of its benchmarks (d_hidden 7168, d_expert 256, top 8 + 1).
DEFAULT_SHAPES = ["8,16,4096,1024,4,9371", "16,32,7168,256,8,2291"]

VARIANTS = [("ties=away", dict(ties="away")),
            ("intermediate=f32", dict(intermediate="f32")),
            ("mode=floor", dict(mode="floor"))]


def measure(tokens, routed, d_hidden, d_expert, topk, seed):
    start = time.time()
    inputs = fm.moe_generate(tokens, routed, d_hidden, d_expert, topk,
                             seed=seed)
    base = inputs.reference(out="f32")
    print(f"M={tokens} E={routed}+1 d_hidden={d_hidden} d_expert={d_expert} "
          f"top {topk}+1 (seed {seed}): |out| rms "
          f"{np.sqrt((base.astype(np.float64) ** 2).mean()):.3f}, max "
          f"{np.abs(base).max():.3f} ({time.time() - start:.0f} s)")
    for name, options in VARIANTS:
        other = inputs.reference(out="f32", **options)
        diff = np.abs(other.astype(np.float64) - base)
        fails = [fm.check(other, base, atol=t, rtol=t).mismatches
                 for t in (5e-2, 2e-2)]
        print(f"  {name:17s} max |diff| {diff.max():.3f}  mean "
              f"{diff.mean():.4f}  outside 5e-2: {fails[0]}/{base.size} "
              f"({100 * fails[0] / base.size:.1f} %)  outside 2e-2: "
              f"{fails[1]} ({100 * fails[1] / base.size:.1f} %)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build",
                        help="the build directory (its python/ is imported)")
    parser.add_argument("--shape", action="append",
                        help="M,E,D_HIDDEN,D_EXPERT,TOPK,SEED (repeatable)")
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(os.path.abspath(args.build), "python"))
    global fm
    import fp4mlir
    fm = fp4mlir
    for shape in args.shape or DEFAULT_SHAPES:
        measure(*(int(v) for v in shape.split(",")))


if __name__ == "__main__":
    main()
