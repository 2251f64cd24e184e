"""Run the kernels of mxfp4_gemm.py on whatever GPU Triton can launch on
(here: the lent NVIDIA H200) and compare with reference.py.

This checks the kernel *source* (indexing, masks, the in-kernel quantizer
bit for bit); it does not check the gfx950 lowering, which only an MI355X or
the project's emulator can run.

  python3 check_cuda.py [--json OUT.json]
"""

import argparse
import json
import os
import sys
import traceback

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mxfp4_gemm as K  # noqa: E402
import reference as R  # noqa: E402

rng = np.random.default_rng(20260301)
results = []


def record(name, ok, detail):
    results.append({"test": name, "ok": ok, "detail": detail})
    print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}", flush=True)


def to_dev_bf16(bits):
    return torch.from_numpy(bits.view(np.int16).copy()).view(torch.bfloat16).cuda()


def to_dev_u8(a):
    return torch.from_numpy(np.ascontiguousarray(a)).cuda()


def randn_blocked(rows, k):
    """randn with a different power-of-two magnitude per 32-block, as bf16 bits."""
    x = rng.standard_normal((rows, k)).astype(np.float32)
    e = rng.integers(-3, 4, size=(rows, (k + 31) // 32))
    x *= np.ldexp(1.0, np.repeat(e, 32, axis=1)[:, :k]).astype(np.float32)
    return R.f32_to_bf16_bits(x)


def edge_blocks():
    """Rows of one 32-block each, probing ties, saturation, subnormals,
    the 0x200000 bump, signed zeros, Inf/NaN and the top of bf16."""
    mids = [0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0]
    rows = []
    for e in [-133, -131, -130, -128, -127, -126, -100, -3, 0, 1, 5, 100, 125, 126]:
        vals = [6.0] + mids + [-m for m in mids] + [0.0, -0.0, 0.1, -0.1,
                                                      5.9, 7.0, 0.5, 1.0, 1.5,
                                                      2.0, 3.0, 4.0, -6.0,
                                                      0.3, 0.7, -2.4, 4.4, 0.2]
        x = np.ldexp(np.array(vals[:32], dtype=np.float64), e - 2).astype(np.float32)
        rows.append(R.f32_to_bf16_bits(x))
    for amax in [1.5, 1.625, 1.75, 1.875, 1.99]:
        x = np.full(32, 0.3, np.float32)
        x[7] = amax
        rows.append(R.f32_to_bf16_bits(x))
    special = [0x7F7F, 0xFF7F, 0x7F80, 0xFF80, 0x7FC0, 0x0000, 0x8000, 0x0001,
               0x807F, 0x0080]
    for sp in special:
        r = R.f32_to_bf16_bits(rng.standard_normal(32).astype(np.float32))
        r[5] = sp
        rows.append(r)
    rows.append(np.zeros(32, np.uint16))
    rows.append(np.full(32, 0x8000, np.uint16))
    rows.append(np.full(32, 0x7F7F, np.uint16))
    return np.stack(rows)


def edge_blocks_for_gemm():
    """edge_blocks() without the rows whose scale exceeds 2^100: their
    products leave the f32 range, where a float64 reference says nothing
    about what a GPU must return."""
    rows = edge_blocks()
    _, s = R.quantize_rows(rows)
    keep = (s[:, 0] == 255) | (s[:, 0] <= 127 + 100)
    return rows[keep]


def check_quant(name, bits, block):
    q_ref, s_ref = R.quantize_rows(bits)
    q, s = K.mxfp4_quant(to_dev_bf16(bits), block=block)
    q, s = q.cpu().numpy(), s.cpu().numpy()
    bad_s = int((s != s_ref).sum())
    bad_q = int((q != q_ref).sum())
    detail = f"shape {bits.shape} block {block}: scale mismatches {bad_s}/{s.size}, byte mismatches {bad_q}/{q.size}"
    if bad_s or bad_q:
        idx = np.argwhere(s != s_ref)[:3].tolist() + np.argwhere(q != q_ref)[:3].tolist()
        detail += f" first {idx}"
    record(name, bad_s == 0 and bad_q == 0, detail)


def make_b(n, k):
    return R.quantize_rows(randn_blocked(n, k))


def check_gemm(name, m, n, k, block, warps):
    a_bits = randn_blocked(m, k)
    a_q, a_s = R.quantize_rows(a_bits)
    b_q, b_s = make_b(n, k)
    ref = R.gemm_ref(a_q, a_s, b_q, b_s, k)
    even = k % block[2] == 0
    out = K.mxfp4_gemm(to_dev_u8(a_q), to_dev_u8(a_s), to_dev_u8(b_q),
                       to_dev_u8(b_s), block=block, num_warps=warps,
                       even_k=even).float().cpu().numpy()
    ok, worst = R.check(out, ref)
    record(name, ok, f"M,N,K=({m},{n},{k}) block {block} EVEN_K={even}: worst excess {worst:.3g}, |ref| max {np.abs(ref).max():.3g}")


def check_fused(name, m, n, k, block, warps, a_bits=None):
    if a_bits is None:
        a_bits = randn_blocked(m, k)
    a_q, a_s = R.quantize_rows(a_bits)
    b_q, b_s = make_b(n, k)
    ref = R.gemm_ref(a_q, a_s, b_q, b_s, k)
    even = k % block[2] == 0
    out = K.fused_quant_gemm(to_dev_bf16(a_bits), to_dev_u8(b_q),
                             to_dev_u8(b_s), block=block, num_warps=warps,
                             even_k=even).float().cpu().numpy()
    m = a_bits.shape[0]
    finite = np.isfinite(ref)
    ok, worst = R.check(out[finite], ref[finite])
    record(name, ok, f"M,N,K=({m},{n},{k}) block {block} EVEN_K={even}: worst excess {worst:.3g} over {int(finite.sum())}/{ref.size} finite results")
    if not finite.all():
        nan_ok = bool((np.isnan(out) == np.isnan(ref)).all())
        record(name + " NaN pattern", nan_ok,
               f"{int(np.isnan(ref).sum())} NaN expected, {int(np.isnan(out).sum())} NaN got")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", default="")
    a = ap.parse_args()
    print("torch", torch.__version__, "device", torch.cuda.get_device_name(0))
    tests = [
        lambda: check_quant("quant randn tails", randn_blocked(67, 320), (32, 256)),
        lambda: check_quant("quant random bit patterns",
                            rng.integers(0, 65536, size=(64, 512), dtype=np.uint16), (32, 256)),
        lambda: check_quant("quant edge blocks", edge_blocks(), (32, 256)),
        lambda: check_quant("quant edge blocks (block 16x32)", edge_blocks(), (16, 32)),
        lambda: check_gemm("gemm 16x64x256 tails", 5, 70, 96, (16, 64, 256), 4),
        lambda: check_gemm("gemm 16x64x256 M=1", 1, 130, 544, (16, 64, 256), 4),
        lambda: check_gemm("gemm 32x128x256", 33, 300, 800, (32, 128, 256), 4),
        lambda: check_gemm("gemm 128x128x256 w8", 200, 260, 1056, (128, 128, 256), 8),
        lambda: check_gemm("gemm 32x128x256 evenk bench", 16, 2112, 7168, (32, 128, 256), 4),
        lambda: check_gemm("gemm 32x128x256 evenk", 64, 3072, 1536, (32, 128, 256), 4),
        lambda: check_gemm("gemm 16x64x256 evenk bench", 4, 2880, 512, (16, 64, 256), 4),
        lambda: check_fused("fused 16x64x256 tails", 5, 70, 96, (16, 64, 256), 4),
        lambda: check_fused("fused 16x64x256 M=1", 1, 130, 544, (16, 64, 256), 4),
        lambda: check_fused("fused 32x128x256 evenk bench", 16, 2112, 7168, (32, 128, 256), 4),
        lambda: check_fused("fused 16x64x256 evenk bench", 8, 2112, 7168, (16, 64, 256), 4),
        lambda: check_fused("fused 128x128x128 w8", 200, 260, 1056, (128, 128, 128), 8),
        lambda: check_fused("fused 128x128x128 w8 bench", 256, 2880, 512, (128, 128, 128), 8),
        lambda: check_fused("fused edge-block A", 0, 64, 32, (16, 64, 256), 4,
                            a_bits=edge_blocks_for_gemm()),
    ]
    for t in tests:
        try:
            t()
        except Exception as e:
            traceback.print_exc()
            record("exception", False, repr(e)[:300])
    n_ok = sum(r["ok"] for r in results)
    print(f"{n_ok}/{len(results)} passed")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"torch": torch.__version__,
                       "device": torch.cuda.get_device_name(0),
                       "results": results}, f, indent=1)
    return 0 if n_ok == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
