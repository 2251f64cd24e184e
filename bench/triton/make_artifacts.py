"""Compile the kernels of mxfp4_gemm.py for gfx950 without a GPU.

  python3 make_artifacts.py --out DIR

For each config writes DIR/<name>.ll (LLVM IR after Triton's LLVM
optimisation: the input of the AMDGPU backend), <name>.hsaco, <name>.amdgcn,
<name>.ttgir and <name>.json (parameters, constexprs, grid, metadata).
Nothing is launched; only triton.compile with a GPUTarget("hip", "gfx950", 64).
"""

import argparse
import inspect
import json
import os
import re
import sys
import time
import traceback

import triton
import triton.language as tl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mxfp4_gemm as K  # noqa: E402

GEMM_ARGS = [
    ("a_ptr", "*u8", "A fp4x2 codes [M, K/2] row-major, low nibble = even k"),
    ("a_scale_ptr", "*u8", "A E8M0 scales [M, ceil(K/32)] row-major"),
    ("b_ptr", "*u8", "B fp4x2 codes [N, K/2] row-major, low nibble = even k"),
    ("b_scale_ptr", "*u8", "B E8M0 scales [N, ceil(K/32)] row-major"),
    ("c_ptr", "*bf16", "C [M, N] bf16 row-major (output)"),
    ("M", "i32", "rows of A and C"),
    ("N", "i32", "rows of B, columns of C"),
    ("K", "i32", "reduction length in elements (even)"),
]
FUSED_ARGS = [
    ("a_ptr", "*bf16", "A [M, K] bf16 row-major, quantized in the kernel"),
    ("b_ptr", "*u8", "B fp4x2 codes [N, K/2] row-major, low nibble = even k"),
    ("b_scale_ptr", "*u8", "B E8M0 scales [N, ceil(K/32)] row-major"),
    ("c_ptr", "*bf16", "C [M, N] bf16 row-major (output)"),
    ("M", "i32", "rows of A and C"),
    ("N", "i32", "rows of B, columns of C"),
    ("K", "i32", "reduction length in elements (even)"),
]
QUANT_ARGS = [
    ("x_ptr", "*bf16", "X [M, K] bf16 row-major"),
    ("q_ptr", "*u8", "Q fp4x2 codes [M, K/2] row-major (output)"),
    ("s_ptr", "*u8", "S E8M0 scales [M, ceil(K/32)] row-major (output)"),
    ("M", "i32", "rows"),
    ("K", "i32", "columns in elements (even)"),
]
GEMM_GRID = "(cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N), 1, 1); program p -> " \
            "tile row p / cdiv(N, BLOCK_N), tile column p % cdiv(N, BLOCK_N)"
QUANT_GRID = "(cdiv(M, BLOCK_M), cdiv(K, BLOCK_K), 1)"

# name, kernel, args, constexprs, num_warps, ints specialised divisible by 16
CONFIGS = [
    ("mxfp4_gemm_m16n64k256_w4", K.mxfp4_gemm_kernel, GEMM_ARGS,
     dict(BLOCK_M=16, BLOCK_N=64, BLOCK_K=256, EVEN_K=False), 4, []),
    ("mxfp4_gemm_m32n128k256_w4", K.mxfp4_gemm_kernel, GEMM_ARGS,
     dict(BLOCK_M=32, BLOCK_N=128, BLOCK_K=256, EVEN_K=False), 4, []),
    ("mxfp4_gemm_m128n128k256_w8", K.mxfp4_gemm_kernel, GEMM_ARGS,
     dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=256, EVEN_K=False), 8, []),
    ("mxfp4_gemm_m16n64k256_w4_evenk", K.mxfp4_gemm_kernel, GEMM_ARGS,
     dict(BLOCK_M=16, BLOCK_N=64, BLOCK_K=256, EVEN_K=True), 4, ["N", "K"]),
    ("mxfp4_gemm_m32n128k256_w4_evenk", K.mxfp4_gemm_kernel, GEMM_ARGS,
     dict(BLOCK_M=32, BLOCK_N=128, BLOCK_K=256, EVEN_K=True), 4, ["N", "K"]),
    ("fused_quant_gemm_m16n64k256_w4", K.fused_quant_gemm_kernel, FUSED_ARGS,
     dict(BLOCK_M=16, BLOCK_N=64, BLOCK_K=256, EVEN_K=False), 4, []),
    ("fused_quant_gemm_m16n64k256_w4_evenk", K.fused_quant_gemm_kernel,
     FUSED_ARGS, dict(BLOCK_M=16, BLOCK_N=64, BLOCK_K=256, EVEN_K=True), 4,
     ["N", "K"]),
    ("fused_quant_gemm_m32n128k256_w4_evenk", K.fused_quant_gemm_kernel,
     FUSED_ARGS, dict(BLOCK_M=32, BLOCK_N=128, BLOCK_K=256, EVEN_K=True), 4,
     ["N", "K"]),
    ("fused_quant_gemm_m128n128k128_w8", K.fused_quant_gemm_kernel, FUSED_ARGS,
     dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=128, EVEN_K=False), 8, []),
    ("mxfp4_quant_m32k256_w4", K.mxfp4_quant_kernel, QUANT_ARGS,
     dict(BLOCK_M=32, BLOCK_K=256), 4, []),
]


def arg_attrs(args, div16_ints):
    """The specialisation Triton's JIT gives 16-byte-aligned tensors under
    2 GiB ('D', plus 'S' when buffer ops are on) and, where listed, integers
    divisible by 16; as ASTSource attrs keyed by argument index."""
    from triton.backends.amd.compiler import HIPBackend
    use_buffer_ops = bool(getattr(triton.knobs.amd, "use_buffer_ops", False))
    attrs = {}
    for i, (name, ty, _) in enumerate(args):
        if ty.startswith("*"):
            attrs[(i,)] = HIPBackend.parse_attr("DS" if use_buffer_ops else "D")
        elif name in div16_ints:
            attrs[(i,)] = HIPBackend.parse_attr("D")
    return attrs


def ir_params(llir, kernel_name):
    """The parameter list of `define ... @kernel_name(...)`, split at
    top-level commas."""
    m = re.search(r"^define [^@]*@" + re.escape(kernel_name) + r"\(", llir,
                  re.MULTILINE)
    if not m:
        return None
    i, depth, cur, out = m.end(), 1, "", []
    while depth:
        ch = llir[i]
        i += 1
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                break
        if ch == "," and depth == 1:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def compile_one(name, fn, args, constexprs, num_warps, div16, out, target):
    sig = {n: t for n, t, _ in args}
    for k in constexprs:
        sig[k] = "constexpr"
    attrs = arg_attrs(args, div16)
    from triton.compiler import ASTSource
    src = ASTSource(fn=fn, signature=sig, constexprs=constexprs,
                                    attrs=attrs)
    t0 = time.time()
    ck = triton.compile(src, target=target, options={"num_warps": num_warps})
    dt = time.time() - t0
    asm = ck.asm
    print(f"  {name}: compiled in {dt:.1f}s; asm keys {sorted(asm.keys())}")
    llir = asm["llir"]
    with open(os.path.join(out, name + ".ll"), "w") as f:
        f.write(llir)
    with open(os.path.join(out, name + ".hsaco"), "wb") as f:
        f.write(asm["hsaco"])
    if asm.get("amdgcn"):
        with open(os.path.join(out, name + ".amdgcn"), "w") as f:
            f.write(asm["amdgcn"])
    if asm.get("ttgir"):
        with open(os.path.join(out, name + ".ttgir"), "w") as f:
            f.write(asm["ttgir"])

    md = ck.metadata._asdict()
    kname = md.get("name", fn.__name__)
    params = ir_params(llir, kname) or []
    py_params = [
        {"name": n, "signature_type": t, "meaning": m,
         "attrs": attrs.get((i,), [])}
        for i, (n, t, m) in enumerate(args)
    ]
    extra = params[len(args):]
    info = {
        "artifact": name,
        "triton_version": triton.__version__,
        "target": {"backend": "hip", "arch": "gfx950", "warp_size": 64},
        "kernel_name": kname,
        "source": f"bench/triton/mxfp4_gemm.py:{fn.__name__}",
        "python_params": py_params,
        "ir_params": params,
        "ir_params_note": (
            "ir_params[i] is python_params[i] for i < len(python_params); "
            "the trailing ones are Triton's own scratch pointers (global "
            "scratch, then profile scratch), appended to every kernel; "
            "Triton's launcher passes null unless the metadata asks for "
            "scratch (global_scratch_size / profile_scratch_size > 0)"
            if extra else "one IR parameter per python parameter"),
        "constexprs": constexprs,
        "num_warps": num_warps,
        "block_size": num_warps * 64,
        "grid": GEMM_GRID if "gemm" in fn.__name__ else QUANT_GRID,
        "preconditions": (["K even"] +
                          (["K % BLOCK_K == 0"] if constexprs.get("EVEN_K")
                           else []) +
                          [f"{n} % 16 == 0 (specialised)" for n in div16] +
                          ["every pointer 16-byte aligned"] +
                          (["every buffer under 2 GiB (buffer ops)"]
                           if any(["tt.pointer_range", 32] in v
                                  for v in attrs.values()) else [])),
        "shared_memory_bytes": md.get("shared"),
        "compile_seconds": round(dt, 2),
        "triton_metadata": md,
    }
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(info, f, indent=1, default=str, sort_keys=False)
    n_intr = len(set(re.findall(r"@(llvm\.amdgcn\.[\w.]+)", llir)))
    print(f"    shared={md.get('shared')} params={len(params)} "
          f"distinct amdgcn intrinsics={n_intr} ll={len(llir)}B "
          f"hsaco={len(asm['hsaco'])}B")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    print("triton", triton.__version__, "from", os.path.dirname(triton.__file__))
    print("dot_scaled", inspect.signature(tl.dot_scaled))
    from triton.compiler import ASTSource
    print("ASTSource", inspect.signature(ASTSource.__init__))
    try:
        print("knobs.amd", {k: getattr(triton.knobs.amd, k) for k in
                            ("use_buffer_ops", "use_async_copy", "lld_path")
                            if hasattr(triton.knobs.amd, k)})
    except Exception as e:  # knobs spelled differently in this version
        print("knobs.amd unavailable:", e)
    from triton.backends.compiler import GPUTarget
    target = GPUTarget("hip", "gfx950", 64)

    failed = []
    for name, fn, args, cx, nw, div16 in CONFIGS:
        if a.only and a.only not in name:
            continue
        try:
            compile_one(name, fn, args, cx, nw, div16, a.out, target)
        except Exception:
            failed.append(name)
            print(f"  {name}: FAILED")
            traceback.print_exc()
    print("failed:", failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
