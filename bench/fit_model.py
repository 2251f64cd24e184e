#!/usr/bin/env python3
"""Fits model v2's constants on aiter's measured MI355X kernel times.

    python3 bench/fit_model.py AITER_DIR [--build build] [--write] [--json F]

AITER_DIR holds aiter's gfx950 MXFP4 GEMM code objects (co/*.co) and its
tuning results (csv/a4w4_blockscale_tuned_gemm.csv); it is reference data
and stays outside the repository. The rows used are those whose kernelName
is one of the code objects (the others ran CK kernels that are not shipped).

For each code object, `fp4-report KERNEL.co --json --shape S1,S2,...` gives
the kernel's loop profile and the launch of every measured shape (aiter's
grid convention). The fit replays model v2 (lib/Report/Model.cpp) on those
numbers for trial constants, so that it needs no fp4-report run per trial,
and minimizes the mean |log(model / measured)| over the training rows by
Nelder-Mead. Rows are split by their weight matrix: a row is held out when
crc32("NxK") % 5 == 0, so no held-out row shares N and K with a training
row. At the end fp4-report itself is run with the fitted constants
(--model-param) and must agree with the replay; the error tables come from
fp4-report's own model_us.

The fitted constants are launch_us, latency_cycles, loaded_latency_cycles
and cu_bytes_per_cycle;
--write puts them into include/fp4/Report/ModelConstants.h (rebuild
fp4-report afterwards). HBM bandwidth is not fitted (docs/report.md).
"""
import argparse
import collections
import csv
import json
import math
import os
import re
import subprocess
import sys
import zlib

NAMES = ("launch_us", "latency_cycles", "loaded_latency_cycles",
         "cu_bytes_per_cycle")
START = (2.5, 1500.0, 500.0, 32.0)
CONSTANTS = ("kLaunchMicroseconds", "kLatencyCycles", "kLoadedLatencyCycles",
             "kCuBytesPerCycle")
CLOCK_HZ = 2.4e9
CUS, XCDS, SIMDS, MAX_WG_PER_CU, LDS_PER_CU = 256, 8, 4, 16, 160 * 1024


def cdiv(a, b):
    return -(-a // b)


def simulate(steps, latency):
    """LoopProfile::simulate(latency, repeat=true), step for step."""
    in_flight = collections.deque()
    t = matrix_free = 0.0

    def one_pass(t, matrix_free):
        for kind, value in steps:
            if kind == "m":
                in_flight.append(t + latency)
            elif kind == "w":
                while len(in_flight) > value:
                    t = max(t, in_flight.popleft())
            elif kind == "x":
                t = max(t, matrix_free)
                matrix_free = t + value
            t += 4
        return t, matrix_free

    for _ in range(8):
        t, matrix_free = one_pass(t, matrix_free)
    start = t
    for _ in range(8):
        t, matrix_free = one_pass(t, matrix_free)
    return (t - start) / 8


def parse_steps(text):
    out = []
    for s in text.split():
        out.append((s[0], int(s[1:]) if len(s) > 1 else 0))
    return out


def replay(k, launch_us, latency0, loaded, cu_bw, alone_cache):
    """estimateGemm for a looped kernel (every aiter kernel has a loop)."""
    waves = max(k["waves"], 1)
    per_simd = max(k["waves_per_simd"], 1)
    by_regs = per_simd // cdiv(waves, SIMDS) if waves >= SIMDS else \
        per_simd * SIMDS // waves
    resident = min(by_regs, MAX_WG_PER_CU)
    if k["lds_bytes"]:
        resident = min(resident, LDS_PER_CU // k["lds_bytes"])
    resident = max(resident, 1)
    per_cu = cdiv(cdiv(max(k["workgroups"], 1), XCDS), CUS // XCDS)
    rounds = cdiv(per_cu, resident)
    # The latency grows with the CUs that have work (whole cycles; Python's
    # round and C's std::round differ only on exact halves).
    busy = min(max(k["workgroups"], 1), CUS) / CUS
    latency = float(math.floor(latency0 + loaded * busy + 0.5))
    key = (k["name"], latency)
    if key not in alone_cache:
        alone_cache[key] = simulate(parse_steps(k["loop_steps"]), latency)
    alone = alone_cache[key]
    outside = 4.0 * (k["instructions"] - k["loop_instructions"])
    tile_m, tile_n = map(int, k["tile"].split("x"))
    cycles = 0.0
    for r in range(rounds):
        groups = min(resident, per_cu - r * resident)
        wps = cdiv(groups * waves, SIMDS)
        mfma = wps * k["loop_mfma_cycles"]
        valu = wps * 4.0 * (k["loop_valu"] + k["loop_mfmas"])
        issue = max(4.0 * k["loop_instructions"], wps * 4.0 * k["loop_salu"])
        bandwidth = groups * waves * 64 * k["loop_load_bytes_per_lane"] / cu_bw
        iteration = max(mfma, valu, issue, alone, bandwidth + mfma)
        stores = groups * tile_m * tile_n * 2 / cu_bw
        cycles += latency + k["iterations_per_wave"] * iteration + \
            max(outside, stores)
    return launch_us + max(cycles / CLOCK_HZ * 1e6, k["hbm_us"])


def nelder_mead(f, x0, step=0.3, iterations=200):
    n = len(x0)
    pts = [list(x0)] + [[x0[j] + (step if i == j else 0) for j in range(n)]
                        for i in range(n)]
    vals = [f(p) for p in pts]
    for _ in range(iterations):
        order = sorted(range(n + 1), key=lambda i: vals[i])
        pts, vals = [pts[i] for i in order], [vals[i] for i in order]
        c = [sum(p[j] for p in pts[:-1]) / n for j in range(n)]
        xr = [c[j] + (c[j] - pts[-1][j]) for j in range(n)]
        fr = f(xr)
        if fr < vals[0]:
            xe = [c[j] + 2 * (c[j] - pts[-1][j]) for j in range(n)]
            fe = f(xe)
            pts[-1], vals[-1] = (xe, fe) if fe < fr else (xr, fr)
        elif fr < vals[-2]:
            pts[-1], vals[-1] = xr, fr
        else:
            xc = [c[j] + 0.5 * (pts[-1][j] - c[j]) for j in range(n)]
            fc = f(xc)
            if fc < vals[-1]:
                pts[-1], vals[-1] = xc, fc
            else:
                pts = [pts[0]] + [[pts[0][j] + 0.5 * (p[j] - pts[0][j])
                                   for j in range(n)] for p in pts[1:]]
                vals = [vals[0]] + [f(p) for p in pts[1:]]
    best = min(range(n + 1), key=lambda i: vals[i])
    return pts[best], vals[best]


def quantile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


FOLD = 0


def held_out(row):
    return zlib.crc32(("%sx%s" % (row["N"], row["K"])).encode()) % 5 == FOLD


def run_report(build, co, shapes, params=None):
    cmd = [os.path.join(build, "bin", "fp4-report"), co, "--json",
           "--shape", ",".join(shapes)]
    if params:
        cmd += ["--model-param",
                ",".join("%s=%r" % (n, v) for n, v in zip(NAMES, params))]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit("failed: %s\n%s" % (" ".join(cmd[:2]), r.stderr))
    return json.loads(r.stdout)


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("aiter_dir")
    ap.add_argument("--build", default="build")
    ap.add_argument("--write", action="store_true",
                    help="write the constants to include/fp4/Report/"
                         "ModelConstants.h")
    ap.add_argument("--json", help="write every row's result here")
    ap.add_argument("--fold", type=int, default=0, choices=range(5),
                    help="hold out the N x K groups with crc32 %% 5 == FOLD "
                         "(default 0, the split of the compiled-in fit)")
    args = ap.parse_args()
    global FOLD
    FOLD = args.fold

    co_dir = os.path.join(args.aiter_dir, "co")
    kernels = {}
    for f in sorted(os.listdir(co_dir)):
        if f.endswith(".co"):
            kernels[f[:-3]] = os.path.join(co_dir, f)
    rows = []
    with open(os.path.join(args.aiter_dir, "csv",
                           "a4w4_blockscale_tuned_gemm.csv")) as f:
        for row in csv.DictReader(f):
            # _ZN5aiter41f4gemm_..._32x128E -> f4gemm_..._32x128
            m = re.match(r"_ZN5aiter\d+(\w+)E$", row["kernelName"])
            if m and m.group(1) in kernels:
                row["co"] = m.group(1)
                rows.append(row)
    by_co = collections.defaultdict(list)
    for row in rows:
        by_co[row["co"]].append(row)

    def shape(row):
        return "%sx%sx%s" % (row["M"], row["N"], row["K"])

    for co, co_rows in by_co.items():
        reports = run_report(args.build, kernels[co], [shape(r) for r in co_rows])
        for row, rep in zip(co_rows, reports):
            assert rep["shape"] == shape(row), (rep["shape"], shape(row))
            row["report"] = rep
    train = [r for r in rows if not held_out(r)]
    test = [r for r in rows if held_out(r)]

    cache = {}

    def loss(logp):
        p = [math.exp(x) for x in logp]
        return sum(abs(math.log(replay(r["report"], *p, cache) / float(r["us"])))
                   for r in train) / len(train)

    logp, _ = nelder_mead(loss, [math.log(x) for x in START])
    fitted = [math.exp(x) for x in logp]
    fitted = [round(fitted[0], 3), round(fitted[1]), round(fitted[2]),
              round(fitted[3], 2)]

    # The error tables come from fp4-report itself, run with the constants.
    worst = 0.0
    for co, co_rows in by_co.items():
        reports = run_report(args.build, kernels[co],
                             [shape(r) for r in co_rows], fitted)
        for row, rep in zip(co_rows, reports):
            mirror = replay(row["report"], *fitted, cache)
            worst = max(worst, abs(mirror / rep["model_us"] - 1))
            row["model_us"] = rep["model_us"]
            row["bound"] = rep["bound"]
            row["ratio"] = rep["model_us"] / float(row["us"])
    if worst > 1e-6:
        sys.exit("fit_model.py: the replay disagrees with fp4-report by "
                 "%.2g; update replay() to match lib/Report/Model.cpp" % worst)

    print("model v2 constants fitted on %d rows (%d held out, %d kernels):"
          % (len(train), len(test), len(by_co)))
    for n, v in zip(NAMES, fitted):
        print("  %-20s %g" % (n, v))
    print()
    print("%-12s %5s %5s %9s %9s %9s" % ("tile", "rows", "held", "median",
                                         "med|err|", "p90|err|"))
    def tile_key(co):
        return tuple(int(x) for x in co.rsplit("_", 1)[1].split("x"))
    for co in sorted(by_co, key=lambda c: (("noB" in c), tile_key(c))):
        rs = by_co[co]
        label = co.rsplit("_", 1)[1] + ("*" if "noBpreShuffle" in co else "")
        errs = [abs(r["ratio"] - 1) for r in rs]
        print("%-12s %5d %5d %9.3f %9.3f %9.3f" % (
            label, len(rs), sum(held_out(r) for r in rs),
            quantile([r["ratio"] for r in rs], 0.5), quantile(errs, 0.5),
            quantile(errs, 0.9)))
    print("median: of model/measured; |err|: |model/measured - 1|; all rows"
          + ("; * noBpreShuffle" if any("noB" in c for c in by_co) else ""))
    print()
    for label, rs in (("training", train), ("held-out", test)):
        errs = [abs(r["ratio"] - 1) for r in rs]
        print("%-9s rows %4d: |model/measured - 1| median %.3f, p90 %.3f, "
              "max %.3f; model/measured median %.3f" % (
                  label, len(rs), quantile(errs, 0.5), quantile(errs, 0.9),
                  max(errs), quantile([r["ratio"] for r in rs], 0.5)))
    groups = {"M <= 64": [], "64 < M <= 1024": [], "M > 1024": []}
    for r in test:
        m = int(r["M"])
        key = "M <= 64" if m <= 64 else "64 < M <= 1024" if m <= 1024 else \
            "M > 1024"
        groups.setdefault(key, []).append(r)
        groups.setdefault("bound " + r["bound"], []).append(r)
    for key, rs in groups.items():
        errs = [abs(r["ratio"] - 1) for r in rs]
        print("  held-out, %-22s rows %4d: median %.3f, p90 %.3f" % (
            key, len(rs), quantile(errs, 0.5), quantile(errs, 0.9)))
    buckets = [0.05, 0.10, 0.15, 0.25, 0.50]
    errs = [abs(r["ratio"] - 1) for r in test]
    print("held-out rows within " + ", ".join(
        "%d%%: %.0f%%" % (b * 100, 100.0 * sum(e <= b for e in errs) / len(errs))
        for b in buckets))
    bounds = collections.Counter(r["bound"] for r in rows)
    print("bound (all rows): " + ", ".join("%s %d" % kv for kv in bounds.most_common()))

    if args.write:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                            "include", "fp4", "Report", "ModelConstants.h")
        text = open(path).read()
        for cname, v in zip(CONSTANTS, fitted):
            text = re.sub(r"(%s = )[0-9.e+-]+;" % cname,
                          lambda m: m.group(1) + repr(v) + ";", text)
        open(path, "w").write(text)
        print("\nwrote %s; rebuild fp4-report" % os.path.relpath(path))
    if args.json:
        json.dump([{k: r[k] for k in ("M", "N", "K", "us", "co", "model_us",
                                      "bound", "ratio")} | {"held_out": held_out(r)}
                   for r in rows], open(args.json, "w"), indent=0)


if __name__ == "__main__":
    main()
