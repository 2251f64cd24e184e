

# --------------------------------------------------------------------------
# The amd-mxfp4-mm entry point (fp4-mlir lib/Export/submission_mm.py, copied
# verbatim by fp4-export).
# --------------------------------------------------------------------------


def _dynamic_m(m, n, k):
    """DYNAMIC-M: the place for a kernel that takes any M.

    fp4-mlir's pipeline has no such kernel yet. When it has one, fp4-export
    writes its entries (same form as KERNELS' values, keyed by (N, K)) here
    and this returns the entry for (m, n, k). Until then a shape that was
    not compiled in is an error, never a guess."""
    return None


def custom_kernel(data):
    """C[M,N] (bf16) = quantize(A) x dequant(B)^T, one fp4-mlir kernel."""
    A, _, _, B_shuffle, B_scale_sh = data
    m, k = A.shape
    n = B_shuffle.shape[0]
    entry = KERNELS.get((m, n, k)) or _dynamic_m(m, n, k)
    if entry is None:
        have = ", ".join("x".join(map(str, s)) for s in sorted(KERNELS))
        raise NotImplementedError(
            f"no fp4-mlir kernel for M={m}, N={n}, K={k} in this file (it "
            f"has {have}); export one with: fp4-export gpumode --shape "
            f"{m}x{n}x{k}")
    sizes = entry["bytes"]
    _expect(A, "A", sizes["a"], A.device, torch.bfloat16)
    _expect(B_shuffle, "B_shuffle", sizes["b"], A.device)
    _expect(B_scale_sh, "B_scale_sh", sizes["b_scales"], A.device)
    C = torch.empty((m, n), dtype=torch.bfloat16, device=A.device)
    addresses = {"a": A.data_ptr(), "b": B_shuffle.data_ptr(),
                 "b_scales": B_scale_sh.data_ptr(), "c": C.data_ptr()}
    _run(entry, A.device, addresses)
    return C
