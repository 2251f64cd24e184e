"""Inputs and reference checks for the fused-program tests (issue 12).

The compiled programs compute a GEMM with work fused around it; this script
writes their inputs as .npy files and checks their outputs against the
reference library (fp4mlir.reference_gemm, which shares no code with the
compiler) followed by the same epilogue computed here in numpy.

  fused.py inputs CASE M N K DIR [--seed S] [--b-layout plain|preshuffled]
  fused.py check  CASE M N K DIR OUT.npy [OUT.npy ...] [--b-layout ...]

A is N(0,1) with a different power of two per row and 32-block, B is
quantized from N(0,1), the bias and residual are N(0,1) scaled per column:
no row, column or K block looks like another.

Cases (what the program in the .mlir test computes):
  gemm          C = bf16(A B^T)
  bias_silu     C = bf16(silu(A B^T + bias[n]))          bias f32 [N]
  residual      C = bf16(bf16(A B^T) + res)              res bf16 [M, N]
  two_gemms     C0 = bf16(A B0^T), C1 = bf16(A B1^T)     one A, two Bs
  loop3         C = A B^T + A B^T + A B^T (f32)          a host scf.for
  slice_truncf  C = bf16(bf16(X[:, K:2K]) B^T)           X f32 [M, 2K]
  batched       C[b] = bf16(A[b] B^T)                    A [3, M/3, K]
  quantize_out  (Cq, Cs) = quantize(bf16(A B^T))         fp4x2 and scale bytes
  quantize      (Q, S) = quantize(A)                     bit for bit
  dequantize    X = dequantize(Q, S) (f32)               bit for bit; Q, S
                from edge data: every code, scales 0..254 and 0xFF (NaN)

quantize_out is compared with the reference's quantization of its own C:
the scales and codes must match, except where the kernel's bf16 C and the
reference's differ in the last bit (another summation order) and that flips
a rounding; such elements (at most 1%) must be within one E2M1 step.
"""

import argparse
import sys

import numpy as np

import fp4mlir as fm


def b_operands(seed, n, k, layout):
    b = fm.randn_bf16(seed, (n, k))
    q, s = fm.quantize(b)
    if layout == "preshuffled":
        return fm.shuffle_b(q), fm.shuffle_scales(s)
    return q, s


def input_names(case):
    if case == "quantize":
        return ["a"]
    if case == "dequantize":
        return ["q", "s"]
    names = ["x" if case == "slice_truncf" else "a", "b", "s"]
    names += {"two_gemms": ["b1", "s1"], "bias_silu": ["bias"],
              "residual": ["res"]}.get(case, [])
    return names


def make_inputs(case, m, n, k, seed, layout):
    x = {}
    if case == "quantize":
        return {"a": fm.randn_bf16_blocked(seed, m, k)}
    if case == "dequantize":
        rng = np.random.default_rng(seed)
        q = rng.integers(0, 256, (m, k // 2), dtype=np.uint8)
        s = rng.integers(0, 255, (m, k // 32), dtype=np.uint8)
        s.flat[: min(s.size, 255)] = np.arange(min(s.size, 255))  # 0..254
        s.flat[-1] = 0xFF
        return {"q": q, "s": s}
    a = fm.randn_bf16_blocked(seed, m, k)
    if case == "slice_truncf":
        wide = fm.from_bf16(fm.randn_bf16_blocked(seed, m, 2 * k))
        # Full f32 precision, so that the truncation matters.
        wide = wide * np.float32(1.0 + 2.0 ** -12)
        x["x"] = wide.astype(np.float32)
    elif case == "batched":
        x["a"] = a.reshape(3, m // 3, k)
    else:
        x["a"] = a
    x["b"], x["s"] = b_operands(seed + 1, n, k, layout)
    if case == "two_gemms":
        x["b1"], x["s1"] = b_operands(seed + 2, n, k, layout)
    cols = np.exp2((np.arange(n) % 5) - 2).astype(np.float32)
    if case == "bias_silu":
        x["bias"] = (fm.from_bf16(fm.randn_bf16(seed + 3, n)) * 4 * cols
                     ).astype(np.float32)
    if case == "residual":
        x["res"] = fm.to_bf16(fm.from_bf16(fm.randn_bf16(seed + 4, (m, n)))
                              * 8 * cols)
    return x


def bf16(v):
    return fm.from_bf16(fm.to_bf16(v))


def references(case, x, layout):
    if case == "quantize":
        return list(fm.quantize(x["a"]))
    if case == "dequantize":
        return [fm.dequantize(x["q"], x["s"])]
    def gemm(a, b, s):
        return fm.reference_gemm(a, b, s, b_layout=layout)
    if case == "slice_truncf":
        k = x["x"].shape[1] // 2
        a = fm.to_bf16(np.ascontiguousarray(x["x"][:, k:]))
        return [gemm(a, x["b"], x["s"])]
    if case == "batched":
        a = x["a"]
        c = gemm(a.reshape(-1, a.shape[-1]), x["b"], x["s"])
        return [c.reshape(a.shape[0], a.shape[1], -1)]
    c = gemm(x["a"], x["b"], x["s"])
    if case == "gemm":
        return [c]
    if case == "bias_silu":
        z = c + x["bias"][None, :]
        with np.errstate(over="ignore"):  # exp(-z) of a large negative z
            return [z / (1 + np.exp(-z))]
    if case == "residual":
        return [bf16(c) + fm.from_bf16(x["res"])]
    if case == "two_gemms":
        return [c, gemm(x["a"], x["b1"], x["s1"])]
    if case == "loop3":
        return [c + c + c]
    if case == "quantize_out":
        return list(fm.quantize(fm.to_bf16(c)))
    raise SystemExit(f"unknown case {case}")


def check_exact(args, outs, refs):
    failed = 0
    for name, out, ref in zip(args.outputs, outs, refs):
        same = out.shape == ref.shape and np.array_equal(
            out.view(np.uint8), ref.view(np.uint8))
        print(f"{name.split('/')[-1]}: {args.case} {args.m}x{args.k}: "
              f"{'bit for bit equal to' if same else 'DIFFERS from'} "
              f"the reference")
        failed += not same
    return 1 if failed else 0


def check_quantized(args, outs, refs):
    (q, s), (rq, rs) = outs, refs
    if q.shape != rq.shape or s.shape != rs.shape:
        print(f"shapes {q.shape}, {s.shape}; the reference's {rq.shape}, "
              f"{rs.shape}")
        return 1
    scale_diff = int(np.count_nonzero(s != rs))
    deq, rdeq = fm.dequantize(q, s), fm.dequantize(rq, rs)
    differ = deq != rdeq
    # One E2M1 step at the element's scale: 0.5 below 2, 1 below 4, 2 above.
    mag = np.maximum(np.abs(deq), np.abs(rdeq)) / np.exp2(
        np.repeat(rs.astype(np.int32) - 127, 32, axis=1))
    step = np.where(mag <= 2, 0.5, np.where(mag <= 4, 1.0, 2.0)) * np.exp2(
        np.repeat(rs.astype(np.int32) - 127, 32, axis=1))
    far = int(np.count_nonzero(differ & (np.abs(deq - rdeq) > step)))
    n = int(differ.sum())
    print(f"quantize_out {args.m}x{args.n}x{args.k}: {q.size * 2 - n} of "
          f"{q.size * 2} codes and {s.size - scale_diff} of {s.size} scales "
          f"equal the reference's; {far} differ by more than one step")
    ok = scale_diff <= s.size // 100 and n <= q.size * 2 // 100 and far == 0
    return 0 if ok else 1


def main():
    p = argparse.ArgumentParser()
    p.add_argument("action", choices=["inputs", "check"])
    p.add_argument("case")
    p.add_argument("m", type=int)
    p.add_argument("n", type=int)
    p.add_argument("k", type=int)
    p.add_argument("dir")
    p.add_argument("outputs", nargs="*")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--b-layout", default="preshuffled")
    args = p.parse_args()
    if args.action == "inputs":
        for name, v in make_inputs(args.case, args.m, args.n, args.k,
                                   args.seed, args.b_layout).items():
            np.save(f"{args.dir}/{name}.npy", v)
        return 0
    x = {name: np.load(f"{args.dir}/{name}.npy")
         for name in input_names(args.case)}
    refs = references(args.case, x, args.b_layout)
    if len(refs) != len(args.outputs):
        raise SystemExit(f"{args.case} has {len(refs)} outputs, "
                         f"got {len(args.outputs)} files")
    if args.case in ("quantize", "dequantize"):
        return check_exact(args, [np.load(p) for p in args.outputs], refs)
    if args.case == "quantize_out":
        return check_quantized(args, [np.load(p) for p in args.outputs], refs)
    failed = 0
    for path, ref in zip(args.outputs, refs):
        out = np.load(path)
        if out.shape != ref.shape:
            print(f"{path}: shape {out.shape}, the reference's {ref.shape}")
            failed += 1
            continue
        r = fm.check(out, ref.astype(np.float32))
        print(f"{path.split('/')[-1]}: {args.case} {args.m}x{args.n}x{args.k}: "
              f"{r.mismatches} of {ref.size} outside 0.01 + 0.01|ref|, "
              f"worst error {r.worst_abs_err:.3g}")
        failed += not r.ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
