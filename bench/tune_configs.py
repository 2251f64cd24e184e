#!/usr/bin/env python3
"""Tune the kernel configuration of the problem shapes under model v2.

mxfp4-select-config chooses a configuration from formulas on the
configuration alone (SelectConfig.cpp); they cannot see what LLVM makes of
the kernel (a K loop of one iteration removed, the waits it places, the
registers it takes). This script does what an autotuner does, with model v2
in place of a GPU: for each shape and each A quantizer (hardware, exact) it
compiles every candidate configuration with the pipeline (bf16 A quantized
in the kernel, pre-shuffled B), rates each code object with fp4-report (plus
compare.py's charge for a split-K combine that follows a K loop), and keeps
the fastest. Each candidate has the pass's default depth of the K loop
(stages 3, or 1 with split-K); the four fastest are then rated at every
other depth from 1 to 4, as an autotuner searches num_stages around its
best tiles. With --write it regenerates the table that mxfp4-select-config
consults first (lib/Dialect/MXFP4/Transforms/TunedConfigs.inc), as aiter
consults its tuned CSV. Run from the repository root after a build:

    python3 bench/tune_configs.py [--build build] [--jobs 2]
                                  [--shape MxNxK ...] [--no-dynamic]
                                  [--a-quantizer hardware|exact] [--write]

Each N x K of the shapes also gets an entry for a GEMM whose M is known only
at run time (M = 0 in the table; split_k = 1), tuned for the geomean of the
dynamic-M kernel's modeled times at M = 4, 16, 64 and 256. The formulas'
choice competes too (it may lie outside the candidates). About 30 minutes
per quantizer on 2 cores; --a-quantizer tunes one, --shape some shapes,
and --write keeps the entries it did not tune. Without --write it only
prints, for each shape, the formulas' choice and the tuned one with their
modeled times.
"""
import argparse
import concurrent.futures
import itertools
import json
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (the problem shapes, the combine charge)

TABLE = "lib/Dialect/MXFP4/Transforms/TunedConfigs.inc"
QUANTIZERS = ("hardware", "exact")
FIELDS = ("mfma", "waves_m", "waves_n", "tiles_m", "tiles_n", "split_k",
          "waves_k", "stages")
# The K loop's depth: mxfp4-select-config's default (3, or 1 with split-K)
# for every candidate, then each depth in STAGES for the REFINED fastest
# (as an autotuner searches num_stages around its best tiles).
STAGES = (1, 2, 3, 4)
REFINED = 4


def default_stages(split_k):
    """mxfp4-select-config's stagesFor."""
    return 1 if split_k > 1 else 3


def candidates(m, k, mfmas=(16, 32)):
    """mfma 16 or 32; one wave row; 4 or 8 waves along N and K; 1-4 row
    tiles (no more than M needs), 1-8 column tiles; split_k 1, 2, 4, 7 or 8
    with at least one K step per wave of each slice."""
    for mfma in mfmas:
        steps = math.ceil(k / (128 if mfma == 16 else 64))
        for waves_n, waves_k, tiles_m, tiles_n, split_k in itertools.product(
                (1, 2, 4), (1, 2, 4, 8), (1, 2, 4), (1, 2, 4, 8),
                (1, 2, 4, 7, 8)):
            if waves_n * waves_k not in (4, 8):
                continue
            if tiles_m > 1 and (tiles_m // 2) * mfma >= m:
                continue
            if split_k * waves_k > steps:
                continue
            yield dict(mfma=mfma, waves_m=1, waves_n=waves_n, tiles_m=tiles_m,
                       tiles_n=tiles_n, split_k=split_k, waves_k=waves_k,
                       stages=default_stages(split_k))


def deeper_and_shallower(rated):
    """The other depths of the REFINED fastest of `rated` ((config,
    time) pairs, None time: did not compile)."""
    ranked = sorted((t, i) for i, (_, t) in enumerate(rated) if t is not None)
    for _, i in ranked[:REFINED]:
        for stages in STAGES:
            if stages != rated[i][0]["stages"]:
                yield dict(rated[i][0], stages=stages)


def config_text(c):
    return "config(<%s>)" % ", ".join("%s = %d" % (f, c[f]) for f in FIELDS)


def compact(c):
    """mfma 16, waves 1x2x4 (m, n, k), tiles 1x8, split_k 1, stages 3 ->
    '16 w1x2x4 t1x8 s1 st3'."""
    return "%d w%dx%dx%d t%dx%d s%d st%d" % (
        c["mfma"], c["waves_m"], c["waves_n"], c["waves_k"], c["tiles_m"],
        c["tiles_n"], c["split_k"], c["stages"])


def parse(text):
    fields = dict((f, int(v)) for f, v in re.findall(r"(\w+) = (\d+)", text))
    fields.setdefault("waves_k", 1)
    fields.setdefault("split_k", 1)
    fields.setdefault("stages", 3)  # printed only when not the default
    return fields


def rate(build, source, config, quantizer):
    """Model v2 time (us) of `source` compiled with `config` (None: the
    formulas' choice) and A's `quantizer`, with the report; None if it does
    not compile, or spills."""
    text = source
    if config:
        text = source.replace("b_layout = preshuffled",
                              "b_layout = preshuffled " + config_text(config))
    # Never the table this script writes: the formulas' choice for None.
    opt = subprocess.run([os.path.join(build, "bin", "fp4-opt"),
                          "--fp4-lower-to-hsaco=tuned-configs=false "
                          "a-quantizer=" + quantizer],
                         input=text,
                         capture_output=True, text=True)
    if opt.returncode:
        return None
    rep = subprocess.run([os.path.join(build, "bin", "fp4-report"), "-",
                          "--json"], input=opt.stdout, capture_output=True,
                         text=True)
    if rep.returncode:
        return None
    r = json.loads(rep.stdout)[0]
    if r["vgpr_spill_count"] or r["sgpr_spill_count"] or r["scratch_bytes"]:
        return None
    r["config_text"] = re.search(r"#mxfp4.config<([^>]*)>",
                                 opt.stdout).group(1)
    r["us"] = r["model_us"] + compare.combine_charge_us(
        r, parse(r["config_text"])["split_k"])
    return r


def tune(build, m, n, k, quantizer, jobs):
    source = subprocess.run([os.path.join(build, "bin", "fp4-gen"), "gemm",
                             "-m", str(m), "-n", str(n), "-k", str(k)],
                            capture_output=True, text=True, check=True).stdout
    formulas = rate(build, source, None, quantizer)
    best = None
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        cands = list(candidates(m, k))
        rated = list(zip(cands, pool.map(
            lambda c: rate(build, source, c, quantizer), cands)))
        depths = list(deeper_and_shallower(
            [(c, r["us"] if r else None) for c, r in rated]))
        rated += list(zip(depths, pool.map(
            lambda c: rate(build, source, c, quantizer), depths)))
        for c, r in rated:
            if r and (best is None or r["us"] < best[1]["us"]):
                best = (c, r)
        cands += depths
    # The formulas may choose outside the candidates (split_k = 3, say).
    if formulas and (best is None or formulas["us"] < best[1]["us"]):
        best = (parse(formulas["config_text"]), formulas)
    return formulas, best, len(cands)


# A dynamic M is tuned over these token counts: the geomean of model v2's
# times of the dynamic-M kernel run at each (split_k = 1: split-K needs a
# static M).
DYNAMIC_M_SAMPLES = (4, 16, 64, 256)


def rate_dynamic(build, source, config, n, k, quantizer):
    """Geomean over DYNAMIC_M_SAMPLES of model v2's time (us) of the kernel
    compiled from `source` (M = ?) with `config` (None: the formulas'), and
    the config; (None, None) if it does not compile, or spills."""
    c = config
    if not c:  # the tile kernels' code keeps no config: ask the pass
        chosen = subprocess.run(
            [os.path.join(build, "bin", "fp4-opt"),
             "--mxfp4-select-config=tuned-configs=false a-quantizer=" +
             quantizer], input=source,
            capture_output=True, text=True, check=True).stdout
        c = parse(re.search(r"config\(<([^>]*)>\)", chosen).group(1))
    text = source.replace("b_layout = preshuffled",
                          "b_layout = preshuffled " + config_text(c))
    opt = subprocess.run([os.path.join(build, "bin", "fp4-opt"),
                          "--fp4-lower-to-hsaco=a-quantizer=" + quantizer],
                         input=text, capture_output=True, text=True)
    if opt.returncode:
        return None, None
    tile_m = c["waves_m"] * c["tiles_m"] * c["mfma"]
    tile_n = c["waves_n"] * c["tiles_n"] * c["mfma"]
    steps = math.ceil(k / (128 if c["mfma"] == 16 else 64))
    # A tile kernel's name gives no tile, and a code object no waves_k: both
    # from the configuration.
    rep = subprocess.run(
        [os.path.join(build, "bin", "fp4-report"), "-", "--json", "--shape",
         ",".join("%dx%dx%d" % (m, n, k) for m in DYNAMIC_M_SAMPLES),
         "--tile", "%dx%d" % (tile_m, tile_n),
         # The K loop takes `stages` steps per iteration (default 3).
         "--loop-iterations",
         str(math.ceil(steps / c["waves_k"]) / c.get("stages", 3))],
        input=opt.stdout, capture_output=True, text=True)
    if rep.returncode:
        return None, None
    rows = json.loads(rep.stdout)
    if any(r["vgpr_spill_count"] or r["sgpr_spill_count"] or r["scratch_bytes"]
           for r in rows):
        return None, None
    return math.exp(sum(math.log(r["model_us"]) for r in rows) /
                    len(rows)), c


def tune_dynamic(build, n, k, quantizer, jobs):
    """The configuration for a GEMM with M known only at run time, N x K
    static: (formulas' config, its geomean us, best config, its geomean us,
    candidates)."""
    m0 = DYNAMIC_M_SAMPLES[0]
    static = subprocess.run(
        [os.path.join(build, "bin", "fp4-gen"), "gemm", "-m", str(m0), "-n",
         str(n), "-k", str(k)], capture_output=True, text=True,
        check=True).stdout
    source = static.replace("tensor<%dx" % m0, "tensor<?x")
    formulas_us, formulas = rate_dynamic(build, source, None, n, k, quantizer)
    best = None
    cands = [c for c in candidates(max(DYNAMIC_M_SAMPLES), k)
             if c["split_k"] == 1]

    def rated_all(configs):
        return [(c, us) for c, (us, _) in zip(configs, pool.map(
            lambda c: rate_dynamic(build, source, c, n, k, quantizer),
            configs))]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        rated = rated_all(cands)
        depths = list(deeper_and_shallower(rated))
        rated += rated_all(depths)
        for c, us in rated:
            if us is not None and (best is None or us < best[1]):
                best = (c, us)
        cands += depths
    if formulas_us is not None and (best is None or formulas_us < best[1]):
        best = (formulas, formulas_us)
    return formulas, formulas_us, best[0], best[1], len(cands)


def read_table(path):
    """The rows of an existing table, as write_table takes them."""
    rows = []
    if not os.path.exists(path):
        return rows
    for line in open(path):
        m = re.match(r"FP4_TUNED_CONFIG\((\w+), ([^)]*)\) // ([\d.]+) us "
                     r"\(formulas: ([\d.]+) us\)", line)
        if m:
            v = list(map(int, m.group(2).split(", ")))
            c = dict(zip(FIELDS, v[3:]))
            # A table from before the stages field: the pass's default.
            c.setdefault("stages", default_stages(c["split_k"]))
            rows.append((m.group(1), tuple(v[:3]), c, float(m.group(3)),
                         float(m.group(4))))
    return rows


def write_table(path, rows):
    lines = [
        "//===- TunedConfigs.inc - configurations tuned under model v2 -*- C++ -*-===//",
        "//",
        "// Generated by `python3 bench/tune_configs.py --write`: do not edit.",
        "// Each entry: A's quantizer (the a-quantizer option), M, N, K,",
        "// then the #mxfp4.config fields in the order",
        "// " + ", ".join(FIELDS) + ".",
        "// M = 0: M known only at run time, tuned for the geomean over M = "
        + ", ".join(map(str, DYNAMIC_M_SAMPLES)) + ".",
        "// Tuned for a bf16 A quantized in the kernel and pre-shuffled B.",
        "// The comment gives model v2's time of the tuned kernel and of the",
        "// formulas' choice.",
        "//",
        "//===----------------------------------------------------------------------===//",
        "",
    ]
    for q, (m, n, k), c, us, formulas_us in rows:
        lines.append("FP4_TUNED_CONFIG(%s, %d, %d, %d, %s) // %.2f us "
                     "(formulas: %.2f us)"
                     % (q, m, n, k, ", ".join(str(c[f]) for f in FIELDS), us,
                        formulas_us))
    lines.append("")
    lines.append("#undef FP4_TUNED_CONFIG")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default="build")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--shape", action="append",
                   help="MxNxK (repeatable); default: the ten problem shapes")
    p.add_argument("--no-dynamic", action="store_true",
                   help="skip the entries for a dynamic M (one per N x K)")
    p.add_argument("--a-quantizer", action="append", choices=QUANTIZERS,
                   help="tune for this A quantizer only (repeatable); "
                        "default: both")
    p.add_argument("--write", action="store_true",
                   help="regenerate " + TABLE)
    args = p.parse_args()
    shapes = ([tuple(map(int, s.split("x"))) for s in args.shape]
              if args.shape else compare.SHAPES)
    quantizers = args.a_quantizer or list(QUANTIZERS)
    rows = []
    print("%-24s %-20s %8s   %-20s %8s" % ("shape", "formulas' config", "us",
                                          "tuned config", "us"))
    for q in quantizers:
        for m, n, k in shapes:
            formulas, best, count = tune(args.build, m, n, k, q, args.jobs)
            print("%-24s %-20s %8.2f   %-20s %8.2f   (%d candidates)"
                  % ("%dx%dx%d %s" % (m, n, k, q),
                     compact(parse(formulas["config_text"])), formulas["us"],
                     compact(best[0]), best[1]["us"], count), flush=True)
            rows.append((q, (m, n, k), best[0], best[1]["us"], formulas["us"]))
        if args.no_dynamic:
            continue
        for n, k in sorted(set((n, k) for _, n, k in shapes)):
            formulas, formulas_us, best, best_us, count = tune_dynamic(
                args.build, n, k, q, args.jobs)
            print("%-24s %-20s %8.2f   %-20s %8.2f   (%d candidates, geomean "
                  "over M = %s)" % ("?x%dx%d %s" % (n, k, q),
                                    compact(formulas), formulas_us,
                                    compact(best), best_us, count,
                                    ", ".join(map(str, DYNAMIC_M_SAMPLES))),
                  flush=True)
            rows.append((q, (0, n, k), best, best_us, formulas_us))
    if args.write:
        # Entries this run did not tune are kept.
        tuned = set((r[0], r[1]) for r in rows)
        kept = [r for r in read_table(TABLE) if (r[0], r[1]) not in tuned]
        write_table(TABLE, sorted(
            kept + rows, key=lambda r: (QUANTIZERS.index(r[0]), r[1][0] == 0,
                                        r[1][1], r[1][2], r[1][0])))
        print("wrote", TABLE)


if __name__ == "__main__":
    main()
