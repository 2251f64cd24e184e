"""FileCheck lines for the JIT tests' GEMM outputs, from the reference library.

Builds the inputs of Inputs/gemm-inputs.mlir with numpy (same formulas),
computes C with fp4mlir.reference_gemm (the reference library, not the
compiler), rounds it as the kernel's output type and prints one CHECK line
per row in printMemref's format.

  expected.py M N K [--variant T] [--b-layout preshuffled|plain]
              [--a-variant T] [--out bf16|f32] [--prefix CHECK]
              [--write-inputs DIR | --compare C.npy]
"""

import argparse

import numpy as np

import fp4mlir as fm


def inputs(m, n, k, t, b_layout):
    i = np.arange(m)[:, None]
    kk = np.arange(k)[None, :]
    v = (7 * i + 3 * kk + 5 * t) % 13 - 6
    e = (i + kk // 32 + t) % 3 - 1
    a = fm.to_bf16(v * np.exp2(e).astype(np.float32))
    if b_layout == "preshuffled":
        b_shape = (n, k // 2)
        s_shape = fm.shuffled_scales_shape(n, k // 32)
    else:
        b_shape, s_shape = (n, k // 2), (n, k // 32)
    r, c = np.indices(b_shape)
    b = ((37 * r + 11 * c + 19 * t) % 256).astype(np.uint8)
    r, c = np.indices(s_shape)
    s = (126 + (5 * r + 3 * c + t) % 4).astype(np.uint8)
    return a, b, s


def main():
    p = argparse.ArgumentParser()
    p.add_argument("m", type=int)
    p.add_argument("n", type=int)
    p.add_argument("k", type=int)
    p.add_argument("--variant", type=int, default=0)
    p.add_argument("--a-variant", type=int,
                   help="take A from this variant (B and S from --variant)")
    p.add_argument("--b-layout", default="preshuffled")
    p.add_argument("--out", default="bf16")
    p.add_argument("--prefix", default="CHECK")
    p.add_argument("--write-inputs", metavar="DIR",
                   help="write the variant's a.npy, b.npy, s.npy to DIR")
    p.add_argument("--compare", metavar="C.npy",
                   help="compare C.npy (bf16 bits) with the reference, "
                        "bit for bit, and print the result")
    args = p.parse_args()
    a, b, s = inputs(args.m, args.n, args.k, args.variant, args.b_layout)
    if args.a_variant is not None:
        a = inputs(args.m, args.n, args.k, args.a_variant, args.b_layout)[0]
    if args.write_inputs:
        for name, x in (("a", a), ("b", b), ("s", s)):
            np.save(f"{args.write_inputs}/{name}.npy", x)
        return
    c = fm.reference_gemm(a, b, s, b_layout=args.b_layout)
    if args.out == "bf16":
        c = fm.from_bf16(fm.to_bf16(c))
    if args.compare:
        got = np.load(args.compare)
        want = fm.to_bf16(c)
        bad = int(np.count_nonzero(got != want)) if got.shape == want.shape \
            else want.size
        print(f"{args.compare}: shape {got.shape}, {bad} of {want.size} "
              f"differ from the reference")
        return
    print(f"// {args.prefix}: rank = 2 offset = 0 sizes = [{args.m}, {args.n}]")
    for row in c:
        text = ",   ".join("%g" % float(x) for x in row)
        print(f"// {args.prefix}-NEXT: [{text}]")


if __name__ == "__main__":
    main()
