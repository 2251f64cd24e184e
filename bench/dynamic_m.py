#!/usr/bin/env python3
"""A GEMM whose M is known only at run time against the same GEMM compiled
for each M, under model v2 (issue 19, "dynamic M as fast as static M").

    python3 bench/dynamic_m.py [--build build] [--shapes 2112x7168,3072x1536]
                               [--m 1,4,8,16,64,256]

For each N x K, the dynamic program (fp4-gen's GEMM with M = ?) is
compiled once by the default pipeline: mxfp4-select-config gives it
m_specializations (docs/design.md, "An M known only at run time"), one
kernel each, and the host launches the first whose max_m is at least M.
That kernel's code object is rated by fp4-report at the shape MxNxK with
its configuration's tile, split-K and K-loop trip count, plus the same
combine charge bench/compare.py adds to a split-K kernel; the static
kernel is rated exactly as bench/compare.py rates it. Prints one row per
(N x K, M) and the worst ratio. Model v2's held-out error on aiter's
kernels (median 7.8 %, p90 20.2 %, docs/report.md) applies to both sides.
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (ours(), combine_charge_us())

CONFIG = re.compile(r"mfma = (\d+), waves_m = (\d+), waves_n = (\d+), "
                    r"tiles_m = (\d+), tiles_n = (\d+), split_k = (\d+)"
                    r"(?:, waves_k = (\d+))?(?:, stages = (\d+))?")
DEFAULT_STAGES = 3  # #mxfp4.config's default


def parse_config(text):
    g = CONFIG.search(text).groups()
    c = dict(zip(["mfma", "waves_m", "waves_n", "tiles_m", "tiles_n",
                  "split_k", "waves_k"], [int(x) if x else 1 for x in g[:7]]))
    c["stages"] = int(g[7]) if g[7] else DEFAULT_STAGES
    return c


def dynamic_kernels(build, n, k, tmp):
    """The dynamic program's kernels in launch order, each (max_m or None,
    config, code object path)."""
    bin_ = os.path.join(build, "bin")
    src = compare.run([os.path.join(bin_, "fp4-gen"), "gemm", "-m", "16",
                       "-n", str(n), "-k", str(k)])
    src = src.replace("tensor<16x", "tensor<?x")
    selected = compare.run([os.path.join(bin_, "fp4-opt"),
                            "--mxfp4-select-config"], input=src)
    matmul = next(l for l in selected.splitlines() if "scaled_matmul" in l)
    variants = [(int(m.group(1)), parse_config(m.group(2))) for m in
                re.finditer(r"max_m = (\d+), config = <([^>]*)>", matmul)]
    own = re.search(r"config\(<([^>]*)>\)", matmul).group(1)
    variants.append((None, parse_config(own)))
    dump = os.path.join(tmp, "dump-%dx%d" % (n, k))
    out = os.path.join(tmp, "dynamic-%dx%d.mlir" % (n, k))
    compare.run([os.path.join(bin_, "fp4-opt"),
                 "--fp4-lower-to-hsaco=dump-dir=" + dump, "-o", out],
                input=src)
    # One launch per kernel, in program order: the specializations' in
    # their order (each the then-branch of an scf.if), the last the else.
    names = re.findall(r"gpu\.launch_func\s+@(\w+)::", open(out).read())
    if len(names) != len(variants):
        sys.exit("%dx%d: %d launches for %d configurations" %
                 (n, k, len(names), len(variants)))
    return [(m, c, os.path.join(dump, name + ".hsaco"))
            for (m, c), name in zip(variants, names)]


def rate(build, path, m, n, k, c):
    """Model v2's time (us) of the code object at MxNxK with config `c`."""
    tile_m = c["mfma"] * c["waves_m"] * c["tiles_m"]
    tile_n = c["mfma"] * c["waves_n"] * c["tiles_n"]
    steps = math.ceil(k / (128 if c["mfma"] == 16 else 64))
    s = c["split_k"]
    # The last slice takes the rest of the K steps (GemmTile.cpp).
    slice_steps = steps - (s - 1) * (steps // s)
    r = json.loads(compare.run(
        [os.path.join(build, "bin", "fp4-report"), path, "--json",
         "--shape", "%dx%dx%d" % (m, n, k), "--tile", "%dx%d" % (tile_m,
                                                                 tile_n),
         "--splits", str(s),
         # The K loop takes `stages` steps per iteration.
         "--loop-iterations",
         str(math.ceil(slice_steps / c["waves_k"]) / c["stages"])]))[0]
    return r["model_us"] + compare.combine_charge_us(r, s), r


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default="build")
    p.add_argument("--shapes", default="2112x7168,3072x1536")
    p.add_argument("--m", default="1,4,8,16,64,256")
    args = p.parse_args()
    ms = [int(x) for x in args.m.split(",")]
    worst = 0
    print("| N x K | M | static us | dynamic us | ratio | dynamic kernel "
          "(max_m, tile, split_k) | VGPRs static/dynamic |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for shape in args.shapes.split(","):
            n, k = map(int, shape.split("x"))
            kernels = dynamic_kernels(args.build, n, k, tmp)
            for m in ms:
                static = compare.ours(args.build, m, n, k, "", tmp)
                max_m, c, path = next(v for v in kernels
                                      if v[0] is None or m <= v[0])
                dyn_us, r = rate(args.build, path, m, n, k, c)
                ratio = dyn_us / static["model_us"]
                worst = max(worst, ratio)
                print("| %dx%d | %d | %.2f | %.2f | %.3f | %s, %dx%d, %d | "
                      "%d/%d |" % (
                          n, k, m, static["model_us"], dyn_us, ratio,
                          max_m if max_m else "none",
                          c["mfma"] * c["waves_m"] * c["tiles_m"],
                          c["mfma"] * c["waves_n"] * c["tiles_n"],
                          c["split_k"], static["vgpr_count"],
                          r["vgpr_count"]))
    print("worst dynamic / static: %.3f (target: at most 1.10)" % worst)


if __name__ == "__main__":
    main()
