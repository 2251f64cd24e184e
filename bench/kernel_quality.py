#!/usr/bin/env python3
"""The kernel-quality table of the ten problem shapes.

For each shape: compile (fp4-gen | fp4-opt --fp4-lower-to-hsaco), read the
code object (fp4-report), run it once on the emulator (fp4-run --check) and
check the quality list: no scratch, no spills, B read with 16-byte loads,
exactly the ideal number of scaled MFMAs for the padded tile grid, LDS within
160 KiB, at least 2 waves per SIMD, one launch per GEMM.

    python3 bench/kernel_quality.py [--build build] [--a-quantizer hardware|exact]
Exits non-zero if a shape misses an item.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile

SHAPES = [(4, 2880, 512), (16, 2112, 7168), (32, 4096, 512), (32, 2880, 512),
          (64, 7168, 2048), (256, 3072, 1536), (8, 2112, 7168),
          (16, 3072, 1536), (64, 3072, 1536), (256, 2880, 512)]


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        sys.exit("failed: %s\n%s%s" % (" ".join(cmd), r.stdout, r.stderr))
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--a-quantizer", default="hardware")
    args = ap.parse_args()
    b = os.path.join(args.build, "bin")
    print("%-14s %-38s %5s %5s %5s %6s %5s %5s %9s %9s %4s %s" % (
        "shape", "config (mfma wm wn wk tm tn st)", "vgpr", "spill", "scr", "lds",
        "w/simd", "b128", "mfma", "ideal", "lnch", "ok"))
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for (m, n, k) in SHAPES:
            src = run([os.path.join(b, "fp4-gen"), "gemm", "-m", str(m), "-n",
                       str(n), "-k", str(k)])
            mod = os.path.join(tmp, "k.mlir")
            run([os.path.join(b, "fp4-opt"),
                 "--fp4-lower-to-hsaco=a-quantizer=" + args.a_quantizer, "-o", mod],
                input=src)
            rep = json.loads(run([os.path.join(b, "fp4-report"), mod, "--json"]))
            text = open(mod).read()
            cfg = re.search(r"#mxfp4\.config<([^>]*)>", text).group(1)
            c = dict((kv.split(" = ")[0], int(kv.split(" = ")[1]))
                     for kv in cfg.split(", "))
            c.setdefault("waves_k", 1)
            c.setdefault("stages", 3)
            out = run([os.path.join(b, "fp4-run"), mod, "--device", "emu",
                       "--check"])
            launches = len(re.findall(r"^launch ", out, re.M))
            mfmas = sum(int(x) for x in re.findall(r"(\d+) MFMAs", out))
            r = rep[0]
            R = c["mfma"]
            tile_m = R * c["waves_m"] * c["tiles_m"]
            tile_n = R * c["waves_n"] * c["tiles_n"]
            mk = 128 if R == 16 else 64
            ideal = (math.ceil(m / tile_m) * tile_m // R) * \
                    (math.ceil(n / tile_n) * tile_n // R) * math.ceil(k / mk)
            b128 = r["mix"].get("global_load b128", 0)
            ok = (r["scratch_bytes"] == 0 and r["vgpr_spill_count"] == 0 and
                  r["sgpr_spill_count"] == 0 and b128 > 0 and mfmas == ideal and
                  r["lds_bytes"] <= 160 * 1024 and r["waves_per_simd"] >= 2 and
                  launches == 1 and "PASSED" in out)
            bad += not ok
            print("%-14s %-38s %5d %5d %5d %6d %5d %5d %9d %9d %4d %s" % (
                "%dx%dx%d" % (m, n, k),
                "%d %d %d %d %d %d %d" % (R, c["waves_m"], c["waves_n"],
                                          c["waves_k"], c["tiles_m"],
                                          c["tiles_n"], c["stages"]),
                r["vgpr_count"], r["vgpr_spill_count"] + r["sgpr_spill_count"],
                r["scratch_bytes"], r["lds_bytes"], r["waves_per_simd"], b128,
                mfmas, ideal, launches, "yes" if ok else "NO"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
