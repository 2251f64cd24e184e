#!/usr/bin/env python3
"""Modeled MI355X times of our GEMM kernels per MX format, on the problem
shapes (issue 21), under model v2.

No AMD GPU is reachable: each kernel is compiled by the default pipeline
and its code object modeled by fp4-report (docs/report.md), as
bench/compare.py does for fp4. Run from the repository root after a build:

    python3 bench/formats.py [--build build] [--aiter AITER_DIR] [--all]

Rows, per shape (the six benchmark shapes; --all adds the four others):
- fp4 x fp4, bf16 A quantized in the kernel, pre-shuffled B: the problem
  (what compare.py calls ours);
- fp4 x fp4, A given quantized, plain B: the baseline of the rows below;
- fp8 x fp4 (W4A8, E4M3 A), A given;
- fp8 x fp4, bf16 A quantized to E4M3 in the kernel (floor rule);
- fp6 x fp6 (E2M3), A given;
- fp8 x fp8 (E4M3), A given.
Each prints the modeled time, what bounds it (model v2's largest term),
the MFMA cycles of one K-loop iteration (fp8 MFMAs take twice fp4's and
fp6's) and the HBM bytes. With --aiter, the model's held-out error on
aiter's measured fp4 GEMMs (bench/fit_model.py's split) is printed with
the numbers; the model has not been checked on other formats (no
measured times exist for them here).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (the shapes, split-K's combine charge)

GIVEN = """\
func.func @gemm(%a: tensor<{m}x{k}x{at}>, %as: tensor<{m}x{kb}xf8E8M0FNU>,
                %b: tensor<{n}x{k}x{bt}>, %bs: tensor<{n}x{kb}xf8E8M0FNU>)
    -> tensor<{m}x{n}xbf16> {{
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs
      : tensor<{m}x{k}x{at}>, tensor<{m}x{kb}xf8E8M0FNU>,
        tensor<{n}x{k}x{bt}>, tensor<{n}x{kb}xf8E8M0FNU> -> tensor<{m}x{n}xbf16>
  return %c : tensor<{m}x{n}xbf16>
}}
"""

QUANTIZED = """\
func.func @gemm(%x: tensor<{m}x{k}xbf16>,
                %b: tensor<{n}x{k}x{bt}>, %bs: tensor<{n}x{kb}xf8E8M0FNU>)
    -> tensor<{m}x{n}xbf16> {{
  %a, %as = mxfp4.quantize %x mode = floor
      : tensor<{m}x{k}xbf16> -> tensor<{m}x{k}x{at}>, tensor<{m}x{kb}xf8E8M0FNU>
  %c = mxfp4.scaled_matmul %a, %as, %b, %bs
      : tensor<{m}x{k}x{at}>, tensor<{m}x{kb}xf8E8M0FNU>,
        tensor<{n}x{k}x{bt}>, tensor<{n}x{kb}xf8E8M0FNU> -> tensor<{m}x{n}xbf16>
  return %c : tensor<{m}x{n}xbf16>
}}
"""

# (label, program template or None for fp4-gen's problem, A type, B type)
ROWS = [("fp4 x fp4, A bf16 (the problem)", None, None, None),
        ("fp4 x fp4, A given", GIVEN, "f4E2M1FN", "f4E2M1FN"),
        ("fp8 x fp4, A given", GIVEN, "f8E4M3FN", "f4E2M1FN"),
        ("fp8 x fp4, A bf16", QUANTIZED, "f8E4M3FN", "f4E2M1FN"),
        ("fp6 x fp6, A given", GIVEN, "f6E2M3FN", "f6E2M3FN"),
        ("fp8 x fp8, A given", GIVEN, "f8E4M3FN", "f8E4M3FN")]


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr))
    return r.stdout


def model(build, m, n, k, template, at, bt, tmp):
    bin_ = os.path.join(build, "bin")
    if template is None:
        src = run([os.path.join(bin_, "fp4-gen"), "gemm", "-m", str(m), "-n",
                   str(n), "-k", str(k)])
    else:
        src = template.format(m=m, n=n, k=k, kb=k // 32, at=at, bt=bt)
    out = os.path.join(tmp, "kernel.mlir")
    run([os.path.join(bin_, "fp4-opt"), "--fp4-lower-to-hsaco", "-o", out],
        input=src)
    r = json.loads(run([os.path.join(bin_, "fp4-report"), out, "--json"]))[0]
    text = open(out).read()
    split_k = 1
    if "split_k = " in text:
        split_k = int(text.split("split_k = ")[1].split(",")[0].split(">")[0])
    r["model_us"] += compare.combine_charge_us(r, split_k)
    return r


def print_table(build, shapes):
    """The rows above for each shape (bench/compare.py --formats too)."""
    print("model v2 (fp4-report), modeled MI355X us; bound = model v2's "
          "largest term; mfma = MFMA cycles per K-loop iteration")
    with tempfile.TemporaryDirectory() as tmp:
        for m, n, k in shapes:
            print(f"\n{m}x{n}x{k}")
            for label, template, at, bt in ROWS:
                r = model(build, m, n, k, template, at, bt, tmp)
                print(f"  {label:34s} {r['model_us']:7.2f} us  "
                      f"{r['bound']:15s} mfma {r['cycles_mfma']:5.0f}  "
                      f"HBM {r['hbm_bytes'] / 1e6:6.2f} MB  "
                      f"tile {r['tile']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--aiter", help="aiter's calibration directory (reference "
                    "data outside the repository), for the held-out error")
    ap.add_argument("--all", action="store_true",
                    help="the ten problem shapes, not only the six "
                    "benchmark ones")
    args = ap.parse_args()
    print_table(args.build, compare.SHAPES if args.all else compare.BENCHMARK)
    if args.aiter:
        median, p90, rows = compare.held_out_error(args.build, args.aiter)
        print(f"\nmodel v2's error on held-out aiter fp4 GEMMs: median "
              f"{median * 100:.1f} %, p90 {p90 * 100:.1f} % ({rows} rows); "
              f"not checked on fp6/fp8 kernels")
    else:
        print("\n(--aiter AITER_DIR prints model v2's held-out error next to "
              "these numbers)")


if __name__ == "__main__":
    main()
