#!/usr/bin/env python3
"""Side by side: our kernels and the Triton peer, for the ten problem shapes.

Everything is static (no AMD GPU is reachable): each kernel's code object is
read by fp4-report, which disassembles it and models its MI355X time the same
way for every kernel (docs/report.md). Run from the repository root after a
build:

    python3 bench/compare.py [--build build] [--json out.json] [--svg out.svg]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

SHAPES = [(4, 2880, 512), (16, 2112, 7168), (32, 4096, 512), (32, 2880, 512),
          (64, 7168, 2048), (256, 3072, 1536),  # benchmark shapes
          (8, 2112, 7168), (16, 3072, 1536), (64, 3072, 1536), (256, 2880, 512)]
BENCHMARK = SHAPES[:6]
# aiter quantize + gemm_a4w4, measured on MI355X by others (us), end to end.
AITER_US = {(4, 2880, 512): 8.198, (16, 2112, 7168): 20.873,
            (32, 4096, 512): 9.462, (32, 2880, 512): 9.173,
            (64, 7168, 2048): 12.738, (256, 3072, 1536): 12.219}
TRITON_DIR = "unittests/Emulator/Inputs/triton"
# The Triton peers: bf16 A quantized in the kernel (bench/triton).
TRITON_FUSED = ["fused_quant_gemm_m16n64k256_w4_evenk",
                "fused_quant_gemm_m32n128k256_w4_evenk",
                "fused_quant_gemm_m128n128k128_w8"]


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr))
    return r.stdout


def ours(build, m, n, k, quantizer, tmp):
    bin_ = os.path.join(build, "bin")
    src = run([os.path.join(bin_, "fp4-gen"), "gemm", "-m", str(m), "-n",
               str(n), "-k", str(k)])
    out = os.path.join(tmp, "ours.mlir")
    run([os.path.join(bin_, "fp4-opt"),
         "--fp4-lower-to-hsaco=a-quantizer=" + quantizer, "-o", out], input=src)
    return json.loads(run([os.path.join(bin_, "fp4-report"), out, "--json"]))[0]


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
                  "--mfma", "16", "--loop-iterations", str(math.ceil(k / bk)),
                  "--workgroups", str(groups), "--waves", str(meta["num_warps"])])
    r = json.loads(report)[0]
    r["artifact"] = name
    return r


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def svg(rows, path):
    """Bars: modeled time per shape, ours vs Triton, with the floor line."""
    w, h, left, top = 900, 360, 60, 20
    peak = max(max(r["triton"]["model_us"], r["exact"]["model_us"]) for r in rows)
    bw = (w - left - 20) / len(rows)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="10">' % (w, h + 60)]
    scale = lambda us: h - (h - top) * us / peak
    series = [("exact", "#1f77b4"), ("hardware", "#2ca02c"), ("triton", "#d62728")]
    for i, r in enumerate(rows):
        x0 = left + i * bw
        for j, (key, color) in enumerate(series):
            us = r[key]["model_us"]
            x = x0 + 4 + j * (bw - 8) / 3
            out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" '
                       'fill="%s"/>' % (x, scale(us), (bw - 8) / 3 - 2,
                                        h - scale(us), color))
        floor = r["exact"]["floor_us"] + 4.0
        out.append('<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="black" '
                   'stroke-dasharray="3,2"/>' % (x0 + 2, x0 + bw - 2, scale(floor),
                                                scale(floor)))
        out.append('<text x="%.1f" y="%d" transform="rotate(30 %.1f %d)">%s</text>'
                   % (x0 + 4, h + 14, x0 + 4, h + 14, r["shape"]))
    for j, (key, color) in enumerate(series):
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'
                   '<text x="%d" y="%d">%s</text>' % (left + 10 + 150 * j, 4, color,
                                                    left + 24 + 150 * j, 13,
                                                    {"exact": "fp4-mlir (exact quantizer)",
                                                     "hardware": "fp4-mlir (hardware quantizer)",
                                                     "triton": "Triton fused peer"}[key]))
    out.append('<text x="5" y="%d">us</text>' % (top + 10))
    out.append('<text x="%d" y="%d">dashed: launch + roofline floor</text>'
               % (w - 220, 13))
    out.append("</svg>")
    open(path, "w").write("\n".join(out))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--json", help="write the table as JSON here")
    ap.add_argument("--svg", help="write a bar chart here")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for (m, n, k) in SHAPES:
            row = {"shape": "%dx%dx%d" % (m, n, k)}
            row["exact"] = ours(args.build, m, n, k, "exact", tmp)
            row["hardware"] = ours(args.build, m, n, k, "hardware", tmp)
            peers = [p for p in (triton(args.build, a, m, n, k) for a in TRITON_FUSED) if p]
            row["triton"] = min(peers, key=lambda p: p["model_us"])
            rows.append(row)
    hdr = ("%-14s %9s %9s %9s %6s %6s | %5s %5s %5s | %7s %7s %8s" %
           ("shape", "exact us", "hw us", "triton", "ex/tr", "hw/tr",
            "vgpr", "spill", "scr", "tr vgpr", "tr spl", "floor us"))
    print(hdr)
    print("-" * len(hdr))
    for r in rows:
        e, hw, t = r["exact"], r["hardware"], r["triton"]
        print("%-14s %9.2f %9.2f %9.2f %6.2f %6.2f | %5d %5d %5d | %7d %7d %8.2f" % (
            r["shape"], e["model_us"], hw["model_us"], t["model_us"],
            e["model_us"] / t["model_us"], hw["model_us"] / t["model_us"],
            e["vgpr_count"], e["vgpr_spill_count"] + e["sgpr_spill_count"],
            e["scratch_bytes"], t["vgpr_count"],
            t["vgpr_spill_count"] + t["sgpr_spill_count"], e["floor_us"] + 4.0))
    bench = [r for r in rows if tuple(map(int, r["shape"].split("x"))) in BENCHMARK]
    print()
    for key, label in (("exact", "fp4-mlir exact"), ("hardware", "fp4-mlir hardware"),
                       ("triton", "Triton fused peer")):
        print("geomean over the six benchmark shapes, %-18s %6.2f us" %
              (label + ":", geomean([r[key]["model_us"] for r in bench])))
    print("aiter quantize + gemm_a4w4, measured on MI355X by others:  %6.2f us"
          % geomean(list(AITER_US.values())))
    if args.json:
        json.dump(rows, open(args.json, "w"), indent=1)
    if args.svg:
        svg(rows, args.svg)


if __name__ == "__main__":
    main()
