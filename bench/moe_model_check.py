#!/usr/bin/env python3
"""How far model v2's grouped launches track measured MoE stages: aiter's
MI355X stage times (its MoE tuning tables) against model v2 on stand-in
kernels, fitted on some models and checked on another.

    python3 bench/moe_model_check.py AITER_MOE_DIR [--build DIR] [--seed S]
        [--fit dsv3_fp4,gptoss_fp4] [--held-out kimik3_a4w4]
        [--tiles aiter|default]

aiter's MoE kernels (CK and FlyDSL, compiled at run time) ship no code
objects, so each of its stages is modeled with our kernel of the same
stage and block_m as a stand-in for its loop, with the compiler's default
tile or, with --tiles aiter, aiter's kernel's: its name gives its tile's
columns (and a FlyDSL name its waves along K), and our tile takes them,
so that the stand-in follows aiter's per-shape tuning rather than our
defaults (a cross-check: the error should not hang on our tile rules).
For each (d_hidden, d_expert, E, top-k, block_m, tiles) of the tables,
this compiles

  - stage 1: a grouped GEMM of fp4 A (x quantized beforehand, as aiter's
    a4w4 stage 1 takes it) gathered by moe_align's rows, against each
    expert's [2 d_expert, d_hidden] gate_up weight;
  - stage 2: a grouped GEMM of fp4 h in the sorted order against each
    expert's [d_hidden, d_expert] down weight, scattered into the tokens'
    rows (the fused combine);

and for each token count of the tables models the launch with fp4-report
as bench/moe.py does (work-groups: the row blocks that hold rows, from a
routing drawn uniformly, x the launch's N tiles; B once per expert with
rows). The stand-in differs from aiter's kernel (tiles, pipelining), so
one scale per stage, measured = scale x modeled, is fitted (in log space)
on the --fit tables, and the error is reported on the --held-out table,
as model v2 was checked on GEMMs (docs/report.md). The scale says how
much faster aiter's stage is than our kernel modeled; the held-out error
says how well the grouped launch's accounting (active experts' weights,
active blocks, rounds) tracks measured times across models.
"""

import argparse
import csv
import json
import os
import re
import sys
import tempfile

import numpy as np

from moe import ROOT, grouped, launches, run

STAGE1 = """\
func.func @stage1(%a: tensor<{t}x{h}xf4E2M1FN>, %as: tensor<{t}x{hb}xf8E8M0FNU>,
                  %rows: tensor<{p}xi32>, %blocks: tensor<{nb}xi32>,
                  %b: tensor<{e}x{d2}x{h}xf4E2M1FN>, %bs: tensor<{e}x{d2}x{hb}xf8E8M0FNU>)
    -> tensor<{p}x{d2}xbf16> {{
  %c = mxfp4.grouped_matmul %a, %as rows(%rows : tensor<{p}xi32>) topk = {k}
      experts(%blocks : tensor<{nb}xi32>) block_m = {bm}, %b, %bs{cfg}
      : tensor<{t}x{h}xf4E2M1FN>, tensor<{t}x{hb}xf8E8M0FNU>,
        tensor<{e}x{d2}x{h}xf4E2M1FN>, tensor<{e}x{d2}x{hb}xf8E8M0FNU>
      -> tensor<{p}x{d2}xbf16>
  return %c : tensor<{p}x{d2}xbf16>
}}
"""

STAGE2 = """\
func.func @stage2(%a: tensor<{p}x{d}xf4E2M1FN>, %as: tensor<{p}x{db}xf8E8M0FNU>,
                  %ids: tensor<{p}xi32>, %blocks: tensor<{nb}xi32>,
                  %b: tensor<{e}x{h}x{d}xf4E2M1FN>, %bs: tensor<{e}x{h}x{db}xf8E8M0FNU>,
                  %w: tensor<{t}x{k}xf32>) -> tensor<{t}x{h}xbf16> {{
  %c = mxfp4.grouped_matmul %a, %as experts(%blocks : tensor<{nb}xi32>)
      block_m = {bm}, %b, %bs scatter(%ids : tensor<{p}xi32>)
      weights(%w : tensor<{t}x{k}xf32>){cfg}
      : tensor<{p}x{d}xf4E2M1FN>, tensor<{p}x{db}xf8E8M0FNU>,
        tensor<{e}x{h}x{d}xf4E2M1FN>, tensor<{e}x{h}x{db}xf8E8M0FNU>
      -> tensor<{t}x{h}xbf16>
  return %c : tensor<{t}x{h}xbf16>
}}
"""


def aiter_tile(kernel, block_m, stage):
    """Our configuration with the tile of aiter's kernel `kernel` (its name
    gives its rows and columns: FlyDSL's ..._t<M>x<N>x<K>..., CK's
    ..._gemm<s>_<threads>x<M>x<N>x<K>_...): block_m rows (our tile's
    rows are the row block's), aiter's columns over up to 4 waves along N,
    and the waves along K a FlyDSL name gives (_kw<W>). Empty where the
    name gives no tile."""
    m = re.search(r"_t(\d+)x(\d+)x\d+", kernel)
    columns = int(m.group(2)) if m else None
    if not m:
        m = re.search(r"_gemm\d_\d+x(\d+)x(\d+)x\d+_", kernel)
        columns = int(m.group(2)) if m else None
    if columns is None:
        return ""
    mfma = 32 if block_m % 32 == 0 else 16
    columns = max(columns, mfma)
    waves_n = min(4, columns // mfma)
    tiles_n = max(1, columns // (mfma * waves_n))
    kw = re.search(r"_kw(\d+)", kernel)
    waves_k = int(kw.group(1)) if kw and stage == 1 else 1
    return (" config(<mfma = %d, waves_m = 1, waves_n = %d, tiles_m = %d, "
            "tiles_n = %d, split_k = 1, waves_k = %d>)"
            % (mfma, waves_n, block_m // mfma, tiles_n, waves_k))


def rows_of(aiter_dir, table):
    out = []
    with open(os.path.join(aiter_dir, table + "_tuned_fmoe.csv")) as f:
        for r in csv.DictReader(f):
            out.append(dict(table=table, tokens=int(r["token"]),
                            hidden=int(r["model_dim"]), d=int(r["inter_dim"]),
                            experts=int(r["expert"]), topk=int(r["topk"]),
                            block_m=int(r["block_m"]), us1=float(r["us1"]),
                            us2=float(r["us2"]), kernel1=r["kernelName1"],
                            kernel2=r["kernelName2"]))
    return out


def compile_stage(build, tmp, name, text, n):
    """The stage's GEMM code object and its tile of N (N over the launch's
    work-groups along x), with the configuration the compiler chose."""
    prog = os.path.join(tmp, name + ".mlir")
    dump = os.path.join(tmp, name)
    os.makedirs(dump, exist_ok=True)
    with open(prog, "w") as f:
        f.write(text)
    compiled = os.path.join(tmp, name + ".c.mlir")
    run([os.path.join(build, "bin", "fp4-opt"), prog,
         "--fp4-lower-to-hsaco=dump-dir=" + dump, "-o", compiled])
    # The code objects in launch order: <func>_kernel, then _0, _1, ...
    grids = launches(open(compiled).read())
    func = name.rsplit("_", 1)[1]
    for i, grid in enumerate(grids):
        path = os.path.join(dump, "%s_kernel%s.hsaco" %
                            (func, "_%d" % (i - 1) if i else ""))
        mix = json.loads(run([os.path.join(build, "bin", "fp4-report"), path,
                              "--json"]))[0]["mix"]
        if any(c.startswith("mfma") for c in mix):
            return path, -(-n // grid[0])
    sys.exit("moe_model_check.py: no GEMM kernel in " + dump)


def family_kernels(build, tmp, key, fam, tiles=("", "")):
    """The stand-in kernels of a family, compiled under names starting with
    KEY; TILES: the stages' configuration suffixes (aiter_tile's), or empty
    for the compiler's default."""
    import fp4mlir as fm
    hidden, d, experts, topk, block_m = fam
    t = 64
    sorted_ids, blocks, _, _ = fm.moe_align(np.zeros((t, topk), np.int32),
                                            experts, block_m)
    dims = dict(t=t, h=hidden, hb=hidden // 32, d=d, db=d // 32, d2=2 * d,
                e=experts, k=topk, bm=block_m, p=sorted_ids.size,
                nb=blocks.size)
    return (compile_stage(build, tmp, key + "_stage1",
                          STAGE1.format(cfg=tiles[0], **dims), 2 * d),
            compile_stage(build, tmp, key + "_stage2",
                          STAGE2.format(cfg=tiles[1], **dims), hidden))


def routing(tokens, experts, topk, block_m, rng):
    import fp4mlir as fm
    ids = np.stack([rng.choice(experts, size=topk, replace=False)
                    for _ in range(tokens)]).astype(np.int32)
    _, block_expert, _, _ = fm.moe_align(ids, experts, block_m)
    active = block_expert[block_expert >= 0]
    return int(active.size), int(np.unique(active).size)


def errors(pred, meas):
    e = np.abs(np.array(pred) - np.array(meas)) / np.array(meas)
    return float(np.median(e)) * 100, float(np.percentile(e, 90)) * 100


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("aiter_moe")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--fit", default="dsv3_fp4,gptoss_fp4")
    ap.add_argument("--held-out", default="kimik3_a4w4")
    ap.add_argument("--tiles", choices=("aiter", "default"), default="default",
                    help="the stand-ins' tiles: aiter's kernel's (from its "
                    "name) or the compiler's default")
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    fit_tables = args.fit.split(",")
    tables = fit_tables + [args.held_out]
    rng = np.random.default_rng(args.seed)
    rows = [r for t in tables for r in rows_of(args.aiter_moe, t)]
    kernels = {}
    with tempfile.TemporaryDirectory() as tmp:
        for r in rows:
            fam = (r["hidden"], r["d"], r["experts"], r["topk"], r["block_m"])
            tiles = (("", "") if args.tiles == "default" else
                     (aiter_tile(r["kernel1"], r["block_m"], 1),
                      aiter_tile(r["kernel2"], r["block_m"], 2)))
            if (fam, tiles) not in kernels:
                kernels[fam, tiles] = family_kernels(
                    args.build, tmp, "f%d" % len(kernels), fam, tiles)
            (s1, t1), (s2, t2) = kernels[fam, tiles]
            blocks, active = routing(r["tokens"], r["experts"], r["topk"],
                                     r["block_m"], rng)
            bm, d, h = r["block_m"], r["d"], r["hidden"]
            r["model1"] = grouped(args.build, s1, blocks * bm, 2 * d, h, bm,
                                  t1, blocks * -(-2 * d // t1), active,
                                  "fp4", "fp4",
                                  a_rows=r["tokens"])["model_us"]
            r["model2"] = grouped(args.build, s2, blocks * bm, h, d, bm, t2,
                                  blocks * -(-h // t2), active, "fp4",
                                  "bf16",
                                  c_rows=r["tokens"] * r["topk"])["model_us"]
    print("%-14s %5s %13s %13s" % ("table", "rows", "stage 1 scale",
                                   "stage 2 scale"))
    fitted = [r for r in rows if r["table"] in fit_tables]
    held = [r for r in rows if r["table"] == args.held_out]
    scales = []
    for stage in ("1", "2"):
        ratio = [np.log(r["us" + stage] / r["model" + stage]) for r in fitted]
        scales.append(float(np.exp(np.mean(ratio))))
    print("%-14s %5d %13.3f %13.3f" % ("+".join(fit_tables), len(fitted),
                                       scales[0], scales[1]))
    for name, subset in (("fit", fitted), ("held-out", held)):
        for stage, scale in zip(("1", "2"), scales):
            med, p90 = errors([scale * r["model" + stage] for r in subset],
                              [r["us" + stage] for r in subset])
            print("%-8s stage %s: %3d rows, error median %5.1f %%, p90 %5.1f %%"
                  % (name, stage, len(subset), med, p90))
        med, p90 = errors([scales[0] * r["model1"] + scales[1] * r["model2"]
                           for r in subset],
                          [r["us1"] + r["us2"] for r in subset])
        print("%-8s both stages: error median %5.1f %%, p90 %5.1f %%"
              % (name, med, p90))


if __name__ == "__main__":
    main()
