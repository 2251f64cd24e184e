#!/usr/bin/env python3
"""Ours, the Triton peer and aiter, for the ten problem shapes, under model v2.

Everything is static (no AMD GPU is reachable): each kernel's code object is
read by fp4-report, which disassembles it and models its MI355X time the same
way for every kernel (model v2, docs/report.md). Run from the repository root
after a build:

    python3 bench/compare.py [--build build] [--aiter AITER_DIR]
                             [--json out.json] [--svg out.svg] [--formats]

- ours: `fp4-gen gemm | fp4-opt --fp4-lower-to-hsaco` with the default
  pipeline (bf16 A quantized in the kernel), and with a-quantizer=exact;
  where mxfp4-select-config chose split-K, plus three loaded latencies per
  round for its in-kernel combine, which fp4-report's model does not see;
- the Triton peer: the fused quantize + GEMM kernels compiled by Triton 3.6
  (unittests/Emulator/Inputs/triton), the best of its block configurations;
- aiter: with --aiter, the GEMM-only time aiter measured on MI355X for the
  shape (A already MXFP4, so it excludes quantizing A), where its tuning
  table has the shape, with model v2 of the same code object next to it; and
  model v2's error over the held-out aiter rows (bench/fit_model.py's split,
  with the compiled-in constants). AITER_DIR is reference data outside the
  repository.
Then the issue's targets, each met or missed.
"""
import argparse
import csv
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fit_model  # noqa: E402  (the held-out split and the aiter rows)

SHAPES = [(4, 2880, 512), (16, 2112, 7168), (32, 4096, 512), (32, 2880, 512),
          (64, 7168, 2048), (256, 3072, 1536),  # benchmark shapes
          (8, 2112, 7168), (16, 3072, 1536), (64, 3072, 1536), (256, 2880, 512)]
BENCHMARK = SHAPES[:6]
# aiter quantize + gemm_a4w4, end to end, measured on MI355X by others (us).
AITER_E2E_US = {(4, 2880, 512): 8.198, (16, 2112, 7168): 20.873,
                (32, 4096, 512): 9.462, (32, 2880, 512): 9.173,
                (64, 7168, 2048): 12.738, (256, 3072, 1536): 12.219}
TRITON_DIR = "unittests/Emulator/Inputs/triton"
# The Triton peers: bf16 A quantized in the kernel (bench/triton).
TRITON_FUSED = ["fused_quant_gemm_m16n64k256_w4_evenk",
                "fused_quant_gemm_m32n128k256_w4_evenk",
                "fused_quant_gemm_m128n128k128_w8"]
HELD_OUT_TARGET = 0.15
CLOCK_HZ = 2.4e9  # model v2's MI355X clock (include/fp4/Report/Report.h)


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr))
    return r.stdout


def ours(build, m, n, k, options, tmp):
    bin_ = os.path.join(build, "bin")
    src = run([os.path.join(bin_, "fp4-gen"), "gemm", "-m", str(m), "-n",
               str(n), "-k", str(k)])
    out = os.path.join(tmp, "ours.mlir")
    pipeline = "--fp4-lower-to-hsaco" + ("=" + options if options else "")
    # Best of 3, as bench/compile_time.sh: one run's wall time on a loaded
    # machine measures the machine's other work as much as the compiler.
    seconds = None
    for _ in range(3):
        start = time.perf_counter()
        run([os.path.join(bin_, "fp4-opt"), pipeline, "-o", out], input=src)
        t = time.perf_counter() - start
        seconds = t if seconds is None else min(seconds, t)
    r = json.loads(run([os.path.join(bin_, "fp4-report"), out, "--json"]))[0]
    r["compile_s"] = seconds
    # Split-K (split_k > 1, chosen by mxfp4-select-config): fp4-report's model
    # counts the code after the K loop as issue only, so it does not see the
    # combine's three dependent memory round trips (the partial tile's stores
    # drained by the release fence, the arrival atomic, the last work-group's
    # loads of the partials). Charged here: three loaded latencies per round
    # of work-groups, added to model_us (fp4-report's own figure is kept as
    # model_us_report).
    match = re.search(r"split_k = (\d+)", open(out).read())
    r["split_k"] = int(match.group(1)) if match else 1
    r["combine_us"] = combine_charge_us(r, r["split_k"])
    if r["combine_us"]:
        r["model_us_report"] = r["model_us"]
        r["model_us"] += r["combine_us"]
    return r


def combine_charge_us(report, split_k):
    """What a split-K kernel's combine adds to fp4-report's figure (see
    ours()): three loaded latencies per round. Nothing without a K loop (LLVM
    removes one of a single iteration): fp4-report then models the whole
    kernel as straight-line code, the combine's waits included."""
    if split_k == 1 or report["loop_instructions"] == 0:
        return 0.0
    return (3 * report["load_latency_cycles"] * report["rounds"] / CLOCK_HZ *
            1e6)


def triton(build, name, m, n, k):
    meta = json.load(open(os.path.join(TRITON_DIR, name + ".json")))
    c = meta["constexprs"]
    bm, bn, bk = c["BLOCK_M"], c["BLOCK_N"], c["BLOCK_K"]
    if c.get("EVEN_K") and k % bk:
        return None
    groups = math.ceil(m / bm) * math.ceil(n / bn)
    report = run([os.path.join(build, "bin", "fp4-report"),
                  os.path.join(TRITON_DIR, name + ".hsaco"), "--json",
                  "--shape", "%dx%dx%d" % (m, n, k), "--tile", "%dx%d" % (bm, bn),
                  "--loop-iterations", str(math.ceil(k / bk)),
                  "--workgroups", str(groups), "--waves", str(meta["num_warps"]),
                  "--a-format", "bf16"])
    r = json.loads(report)[0]
    r["artifact"] = name
    return r


def aiter_rows(aiter_dir):
    """{(m, n, k): (us, code object name)} from aiter's tuning table."""
    rows = {}
    path = os.path.join(aiter_dir, "csv", "a4w4_blockscale_tuned_gemm.csv")
    with open(path) as f:
        for row in csv.DictReader(f):
            m = re.match(r"_ZN5aiter\d+(\w+)E$", row["kernelName"])
            rows[(int(row["M"]), int(row["N"]), int(row["K"]))] = (
                float(row["us"]), m.group(1) if m else None)
    return rows


def aiter_model(build, aiter_dir, co, m, n, k):
    path = os.path.join(aiter_dir, "co", co + ".co")
    if not co or not os.path.exists(path):
        return None
    r = subprocess.run([os.path.join(build, "bin", "fp4-report"), path, "--json",
                        "--shape", "%dx%dx%d" % (m, n, k)],
                       capture_output=True, text=True)
    return json.loads(r.stdout)[0]["model_us"] if r.returncode == 0 else None


def held_out_error(build, aiter_dir):
    """Median and p90 |model/measured - 1| over fit_model.py's held-out rows,
    with fp4-report's compiled-in constants."""
    kernels = {f[:-3]: os.path.join(aiter_dir, "co", f)
               for f in os.listdir(os.path.join(aiter_dir, "co"))
               if f.endswith(".co")}
    by_co = {}
    with open(os.path.join(aiter_dir, "csv",
                           "a4w4_blockscale_tuned_gemm.csv")) as f:
        for row in csv.DictReader(f):
            m = re.match(r"_ZN5aiter\d+(\w+)E$", row["kernelName"])
            if m and m.group(1) in kernels and fit_model.held_out(row):
                by_co.setdefault(m.group(1), []).append(row)
    errs = []
    for co, rows in by_co.items():
        shapes = ["%sx%sx%s" % (r["M"], r["N"], r["K"]) for r in rows]
        for row, rep in zip(rows, fit_model.run_report(build, kernels[co], shapes)):
            errs.append(abs(rep["model_us"] / float(row["us"]) - 1))
    return fit_model.quantile(errs, 0.5), fit_model.quantile(errs, 0.9), len(errs)


def model_v1(r):
    """The model before v2 (launch 4 us + max(HBM at 7.1 TB/s, MFMA floor,
    issue)), from the same report, for the docs' before/after table."""
    m, n, k = map(int, r["shape"].split("x"))
    tm, tn = map(int, r["tile"].split("x"))
    size = 32 if any("32x32x64" in c for c in r["mix"]) else 16
    mk = 128 if size == 16 else 64
    pad = lambda x, to: -(-x // to) * to
    hbm = 2.0 * m * k + n * k / 2 + n * k / 32 + 2.0 * m * n
    mfmas = (pad(m, tm) // size) * (pad(n, tn) // size) * (pad(k, mk) // mk)
    floor = max(hbm / 7.1e12, mfmas * 2 * size / (1024 * 2.4e9))
    loop = max(r["loop_mfma_cycles"],
               4.0 * (r["loop_instructions"] - r["loop_mfmas"]))
    waves_per_simd = math.ceil(r["workgroups"] / 256) * math.ceil(r["waves"] / 4)
    issue = loop * r["iterations_per_wave"] * waves_per_simd / 2.4e9
    return (4e-6 + max(floor, issue)) * 1e6


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def svg(rows, path):
    """Bars: modeled time per shape: ours (default, exact) and Triton."""
    w, h, left, top = 900, 360, 60, 20
    series = [("default", "#2ca02c", "fp4-mlir (default pipeline)"),
              ("exact", "#1f77b4", "fp4-mlir (exact quantizer)"),
              ("triton", "#d62728", "Triton fused peer")]
    peak = max(r[key]["model_us"] for r in rows for key, _, _ in series)
    bw = (w - left - 20) / len(rows)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="10">' % (w, h + 60)]
    scale = lambda us: h - (h - top) * us / peak
    for i, r in enumerate(rows):
        x0 = left + i * bw
        for j, (key, color, _) in enumerate(series):
            us = r[key]["model_us"]
            x = x0 + 4 + j * (bw - 8) / 3
            out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" '
                       'fill="%s"/>' % (x, scale(us), (bw - 8) / 3 - 2,
                                        h - scale(us), color))
        if r.get("aiter_us"):
            y = scale(r["aiter_us"])
            out.append('<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" '
                       'stroke="black" stroke-dasharray="3,2"/>'
                       % (x0 + 2, x0 + bw - 2, y, y))
        out.append('<text x="%.1f" y="%d" transform="rotate(30 %.1f %d)">%s</text>'
                   % (x0 + 4, h + 14, x0 + 4, h + 14, r["shape"]))
    for j, (_, color, label) in enumerate(series):
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'
                   '<text x="%d" y="%d">%s</text>' % (left + 10 + 170 * j, 4, color,
                                                    left + 24 + 170 * j, 13, label))
    out.append('<text x="5" y="%d">us</text>' % (top + 10))
    out.append('<text x="%d" y="%d">dashed: aiter GEMM-only, measured</text>'
               % (w - 230, 30))
    out.append("</svg>")
    open(path, "w").write("\n".join(out))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--aiter", help="aiter's calibration directory (co/, csv/)")
    ap.add_argument("--json", help="write the table as JSON here")
    ap.add_argument("--svg", help="write a bar chart here")
    ap.add_argument("--formats", action="store_true",
                    help="also the other MX formats on the six benchmark "
                    "shapes (bench/formats.py's table)")
    args = ap.parse_args()
    measured = aiter_rows(args.aiter) if args.aiter else {}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for (m, n, k) in SHAPES:
            row = {"shape": "%dx%dx%d" % (m, n, k)}
            row["default"] = ours(args.build, m, n, k, "", tmp)
            row["exact"] = ours(args.build, m, n, k, "a-quantizer=exact", tmp)
            peers = [p for p in (triton(args.build, a, m, n, k)
                                 for a in TRITON_FUSED) if p]
            row["triton"] = min(peers, key=lambda p: p["model_us"])
            if (m, n, k) in measured:
                us, co = measured[(m, n, k)]
                row["aiter_us"], row["aiter_kernel"] = us, co
                row["aiter_model_us"] = aiter_model(args.build, args.aiter, co,
                                                    m, n, k)
            rows.append(row)

    hdr = ("%-14s %8s %8s %8s %6s | %8s %8s | %6s %6s | %5s %5s %4s %6s | %-14s %s" %
           ("shape", "ours us", "exact", "triton", "/tr", "aiter", "aiter v2",
            "v1", "v1 tr", "vgpr", "spill", "scr", "comp s", "bound (ours)",
            "split-K (ours)"))
    print("model v2, us (aiter: GEMM-only, measured on MI355X; aiter v2: "
          "model v2 of its code object; v1, v1 tr: the old model of ours "
          "(default) and of Triton)")
    print(hdr)
    print("-" * len(hdr))
    for r in rows:
        d, e, t = r["default"], r["exact"], r["triton"]
        d["model_v1_us"], t["model_v1_us"] = model_v1(d), model_v1(t)
        print("%-14s %8.2f %8.2f %8.2f %6.2f | %8s %8s | %6.2f %6.2f | %5d %5d %4d %6.3f | %-14s %s" % (
            r["shape"], d["model_us"], e["model_us"], t["model_us"],
            d["model_us"] / t["model_us"],
            "%.2f" % r["aiter_us"] if "aiter_us" in r else "-",
            "%.2f" % r["aiter_model_us"] if r.get("aiter_model_us") else "-",
            d["model_v1_us"], t["model_v1_us"],
            d["vgpr_count"], d["vgpr_spill_count"] + d["sgpr_spill_count"],
            d["scratch_bytes"], d["compile_s"], d["bound"],
            "S=%d, +%.2f us combine" % (d["split_k"], d["combine_us"])
            if d["split_k"] > 1 else "-"))
    bench = [r for r in rows if tuple(map(int, r["shape"].split("x"))) in BENCHMARK]
    print()
    means = {}
    for key, label in (("default", "fp4-mlir default"), ("exact", "fp4-mlir exact"),
                       ("triton", "Triton fused peer")):
        means[key] = geomean([r[key]["model_us"] for r in bench])
        print("geomean over the six benchmark shapes, %-18s %6.2f us" %
              (label + ":", means[key]))
    print("aiter quantize + gemm_a4w4 end to end, measured by others: %6.2f us"
          % geomean(list(AITER_E2E_US.values())))

    print("\ntargets (default pipeline, model v2):")
    results = []

    def target(ok, text):
        results.append(ok)
        print("  [%s] %s" % ("met" if ok else "MISSED", text))

    target(means["default"] <= 5.75,
           "geomean over the six benchmark shapes <= 5.75 us: %.2f us"
           % means["default"])
    for r in rows:
        if "aiter_us" in r:
            ok = r["default"]["model_us"] < r["aiter_us"]
            # Why a miss: what bounds our kernel, and that aiter's time
            # leaves out quantizing A (its A is already MXFP4).
            why = "" if ok else (
                " (ours is %s-bound and quantizes its bf16 A, 4x the bytes "
                "of aiter's fp4 A)" % r["default"]["bound"])
            target(ok, "%s below aiter's measured GEMM-only %.2f us: %.2f us%s"
                   % (r["shape"], r["aiter_us"], r["default"]["model_us"], why))
    worst = max(rows, key=lambda r: r["default"]["model_us"] / r["triton"]["model_us"])
    ratio = worst["default"]["model_us"] / worst["triton"]["model_us"]
    target(ratio <= 0.8, "every shape <= 0.8x the Triton peer: worst %.2fx (%s)"
           % (ratio, worst["shape"]))
    spills = sum(r[q]["vgpr_spill_count"] + r[q]["sgpr_spill_count"] +
                 r[q]["scratch_bytes"] for r in rows for q in ("default", "exact"))
    target(spills == 0, "no spills or scratch (both quantizers, ten shapes)")
    slowest = max(r[q]["compile_s"] for r in rows for q in ("default", "exact"))
    target(slowest <= 0.3, "compile time <= 0.3 s per kernel: slowest %.3f s "
           "(best of 3 wall clocks of fp4-opt here, load-dependent)" % slowest)
    if args.aiter:
        med, p90, n = held_out_error(args.build, args.aiter)
        target(med <= HELD_OUT_TARGET,
               "model v2 median |model/measured - 1| on %d held-out aiter rows "
               "<= %d%%: %.1f%% (p90 %.1f%%)" % (n, HELD_OUT_TARGET * 100,
                                                med * 100, p90 * 100))
    else:
        print("  [--] aiter rows: pass --aiter AITER_DIR for aiter's measured "
              "times and model v2's held-out error")
    print("  [--] the emulator's end-to-end checks: bench/kernel_quality.py and "
          "the lit suite, not this script")
    if args.json:
        json.dump(rows, open(args.json, "w"), indent=1)
    if args.svg:
        svg(rows, args.svg)
    if args.formats:
        import formats  # noqa: E402  (imports this module itself)
        print("\nother MX formats (docs/formats.md; the held-out error above "
              "was measured on fp4 kernels only):")
        formats.print_table(args.build, BENCHMARK)


if __name__ == "__main__":
    main()
