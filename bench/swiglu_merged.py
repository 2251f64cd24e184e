#!/usr/bin/env python3
"""SwiGLU's gate and up GEMMs merged into one kernel against the two
separate GEMM kernels the merge replaces, under model v2 (issue 19,
"Multi-GEMM kernels ... report its modeled time against two separate
GEMMs").

    python3 bench/swiglu_merged.py [--build build] [--shapes 16x2112x7168,...]

For each M x N x K (N: the columns of gate and of up each, K: the hidden
size), three programs go through the default pipeline (fp4-lower-to-hsaco):

- merged: `h = silu(x @ Wg^T) * (x @ Wu^T)` as users write it (two
  scaled_matmul on one quantized x, one linalg.generic); mxfp4-fuse-into-
  matmul makes it one fused_matmul with two Bs: one kernel that quantizes
  x once and runs both K loops' MFMAs on it;
- separate, what the compiler would run without MergeGemmsSharingA: the gate
  GEMM (x quantized in its kernel, f32 gate written to memory), then the up
  GEMM (x quantized again) whose epilogue reads the gate back and computes
  silu(gate) * up.

Each code object is rated by fp4-report at MxNxK with its configuration's
tile, split-K and K-loop trip count (plus bench/compare.py's combine
charge); "separate" is the sum of its two kernels (launches included, as
each pays its own). Model v2's held-out error on aiter's kernels is median
7.8 %, p90 20.2 % (docs/report.md).
"""

import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402
import dynamic_m  # noqa: E402  (parse_config(), rate())

SILU = """^bb0(%g: f32, %u: f32, %out: bf16):
      %one = arith.constant 1.000000e+00 : f32
      %0 = arith.negf %g : f32
      %1 = math.exp %0 : f32
      %2 = arith.addf %1, %one : f32
      %3 = arith.divf %g, %2 : f32
      %4 = arith.mulf %3, %u : f32
      %5 = arith.truncf %4 : f32 to bf16
      linalg.yield %5 : bf16"""


def types(m, n, k):
    rows = -(-n // 256) * 256
    cols = -(-k // 256) * 8
    return {"x": "tensor<%dx%dxbf16>" % (m, k),
            "xq": "tensor<%dx%dxf4E2M1FN>" % (m, k),
            "xs": "tensor<%dx%dxf8E8M0FNU>" % (m, k // 32),
            "w": "tensor<%dx%dxf4E2M1FN>" % (n, k),
            "ws": "tensor<%dx%dxf8E8M0FNU>" % (rows, cols),
            "f32": "tensor<%dx%dxf32>" % (m, n),
            "bf16": "tensor<%dx%dxbf16>" % (m, n)}


def gemm(t, name, w, ws):
    return ("    %%%s = mxfp4.scaled_matmul %%xq, %%xs, %%%s, %%%s b_layout = "
            "preshuffled : %s, %s, %s, %s -> %s\n" %
            (name, w, ws, t["xq"], t["xs"], t["w"], t["ws"], t["f32"]))


def program(m, n, k, which):
    t = types(m, n, k)
    quantize = ("    %%xq, %%xs = mxfp4.quantize %%x : %s -> %s, %s\n" %
                (t["x"], t["xq"], t["xs"]))
    generic = ("    %%e = tensor.empty() : %s\n"
               "    %%h = linalg.generic {indexing_maps = [#map, #map, #map], "
               "iterator_types = [\"parallel\", \"parallel\"]} ins(%%gate, %%up "
               ": %s, %s) outs(%%e : %s) {\n    %s\n    } -> %s\n"
               % (t["bf16"], t["f32"], t["f32"], t["bf16"], SILU, t["bf16"]))
    head = "#map = affine_map<(d0, d1) -> (d0, d1)>\n"
    if which == "merged":
        return (head + "func.func @ffn(%%x: %s, %%wg: %s, %%sg: %s, %%wu: %s, "
                "%%su: %s) -> %s {\n" % (t["x"], t["w"], t["ws"], t["w"],
                                         t["ws"], t["bf16"]) + quantize +
                gemm(t, "gate", "wg", "sg") + gemm(t, "up", "wu", "su") +
                generic + "    return %%h : %s\n}\n" % t["bf16"])
    if which == "gate":
        return ("func.func @gate(%%x: %s, %%wg: %s, %%sg: %s) -> %s {\n" %
                (t["x"], t["w"], t["ws"], t["f32"]) + quantize +
                gemm(t, "gate", "wg", "sg") +
                "    return %%gate : %s\n}\n" % t["f32"])
    return (head + "func.func @up(%%x: %s, %%gate: %s, %%wu: %s, %%su: %s) -> "
            "%s {\n" % (t["x"], t["f32"], t["w"], t["ws"], t["bf16"]) +
            quantize + gemm(t, "up", "wu", "su") + generic +
            "    return %%h : %s\n}\n" % t["bf16"])


def rate_program(build, text, m, n, k, tmp, name):
    """Model v2 us of the program's one kernel, its config and VGPRs."""
    bin_ = os.path.join(build, "bin")
    selected = compare.run([os.path.join(bin_, "fp4-opt"),
                            "--mxfp4-select-config"], input=text)
    config = dynamic_m.parse_config(
        re.search(r"config\(<([^>]*)>\)", selected).group(1))
    dump = os.path.join(tmp, name)
    out = os.path.join(tmp, name + ".mlir")
    compare.run([os.path.join(bin_, "fp4-opt"),
                 "--fp4-lower-to-hsaco=dump-dir=" + dump, "-o", out],
                input=text)
    kernels = [f for f in sorted(os.listdir(dump)) if f.endswith(".hsaco")]
    if len(kernels) != 1:
        sys.exit("%s: %d kernels, expected 1: %s" % (name, len(kernels),
                                                    kernels))
    us, r = dynamic_m.rate(build, os.path.join(dump, kernels[0]), m, n, k,
                           config)
    return us, config, r


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default="build")
    p.add_argument("--shapes", default="1x2112x7168,16x2112x7168,"
                   "64x2112x7168,16x3072x1536,256x3072x1536")
    args = p.parse_args()
    print("| M x N x K | merged us | gate us + up us | separate us | "
          "merged / separate | config (tile, split_k) | VGPRs merged, "
          "gate, up |")
    print("|---|---|---|---|---|---|---|")
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        for shape in args.shapes.split(","):
            m, n, k = map(int, shape.split("x"))
            runs = {w: rate_program(args.build, program(m, n, k, w), m, n, k,
                                    tmp, "%s-%s" % (w, shape))
                    for w in ("merged", "gate", "up")}
            merged = runs["merged"][0]
            separate = runs["gate"][0] + runs["up"][0]
            ratios.append(merged / separate)
            c = runs["merged"][1]
            print("| %s | %.2f | %.2f + %.2f | %.2f | %.3f | %dx%d, %d | "
                  "%d, %d, %d |" % (
                      shape, merged, runs["gate"][0], runs["up"][0], separate,
                      merged / separate,
                      c["mfma"] * c["waves_m"] * c["tiles_m"],
                      c["mfma"] * c["waves_n"] * c["tiles_n"], c["split_k"],
                      runs["merged"][2]["vgpr_count"],
                      runs["gate"][2]["vgpr_count"],
                      runs["up"][2]["vgpr_count"]))
    print("merged / separate: best %.3f, worst %.3f" % (min(ratios),
                                                        max(ratios)))


if __name__ == "__main__":
    main()
