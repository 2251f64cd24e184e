"""MXFP4 GEMM kernels in Triton: a peer for fp4-mlir and emulator test inputs.

C[M, N] (bf16) = A[M, K] x B[N, K]^T with f32 accumulation, both operands
MXFP4 (E2M1 codes, two per byte, low nibble = even k; one E8M0 scale byte per
32 elements along K). All layouts are plain row-major:

  A fp4x2 [M, K/2] u8, A scales [M, ceil(K/32)] u8
  B fp4x2 [N, K/2] u8, B scales [N, ceil(K/32)] u8
  C [M, N] bf16

Kernels:
  mxfp4_gemm_kernel        A already quantized.
  fused_quant_gemm_kernel  A arrives as bf16 [M, K]; each A tile is quantized
                           in registers (quantize_tile) and fed to
                           tl.dot_scaled, one kernel.
  mxfp4_quant_kernel       quantize_tile alone: bf16 [M, K] -> codes + scales
                           (bit-exact test target).

Tails: M, N and K need not be multiples of the tile. K must be even (two
codes per byte). K need not be a multiple of 32: the last block is padded
with zeros (for quantized inputs its scale byte must exist in the scale row).
EVEN_K=True drops the K masks and requires K % BLOCK_K == 0.

Grid (all GEMMs): 1-D, cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N) programs;
program p computes tile (p // cdiv(N, BLOCK_N), p % cdiv(N, BLOCK_N)).
"""

import triton
import triton.language as tl


@triton.jit
def _threshold_bits(mant: tl.constexpr, exp: tl.constexpr, s):
    """Bits of the f32 value (1 + mant/2^23) * 2^(exp + s), as int32.

    The value is exact as a normal or subnormal f32 for every s in
    [-127, 127] (3 significant bits at most, shifted right by 3 at most);
    above the f32 range it saturates to a pattern above every finite
    magnitude. Comparing integer bit patterns orders non-negative floats
    exactly, subnormals included, with no float arithmetic that a
    flush-to-zero mode could change.
    """
    be = s + (exp + 127)
    normal = (tl.minimum(be, 255) << 23) | mant
    shift = tl.maximum(1 - be, 0)
    subnormal = tl.full(shift.shape, 0x800000 | mant, tl.int32) >> shift
    return tl.where(be >= 1, normal, subnormal)


@triton.jit
def quantize_tile(x, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    """bf16 [BLOCK_M, BLOCK_K] -> (fp4x2 [BLOCK_M, BLOCK_K/2] u8,
    E8M0 scales [BLOCK_M, BLOCK_K/32] u8), per 32-element block:

      amax    = max |x|                        (ordered by bits)
      amax_r  = (bits(amax) + 0x200000) & 0xFF800000
      s       = clamp(floor(log2(amax_r)) - 2, -127, 127), from the exponent
                bits (amax_r == 0 -> -127; amax_r == +Inf -> 127)
      scale   = s + 127
      code    = E2M1 round-to-nearest-even of x * 2^-s, saturated to 6,
                sign in bit 3 (kept for values that round to zero)
      NaN/Inf in the block -> scale 0xFF, all codes 0.

    The rounding compares |x| with the midpoints t * 2^s
    (t = 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5) as integers: the lower code
    of a midpoint wins when it is even (<=), the upper when the lower is odd.
    """
    bits = x.to(tl.int16, bitcast=True).to(tl.int32) << 16
    bits = tl.reshape(bits, (BLOCK_M, BLOCK_K // 32, 32))
    mag = bits & 0x7FFFFFFF
    amax = tl.max(mag, axis=2)
    bad = amax >= 0x7F800000
    amax = tl.where(bad, 0, amax)
    rounded = (amax + 0x200000) & -8388608  # 0xFF800000
    e = rounded >> 23
    s = tl.where(e == 0, -127, tl.where(e >= 255, 127, tl.maximum(e - 129, -127)))
    scale = tl.where(bad, 255, s + 127)

    s3 = s[:, :, None]
    code = (mag > _threshold_bits(0x000000, -2, s3)).to(tl.int32)
    code += (mag >= _threshold_bits(0x400000, -1, s3)).to(tl.int32)
    code += (mag > _threshold_bits(0x200000, 0, s3)).to(tl.int32)
    code += (mag >= _threshold_bits(0x600000, 0, s3)).to(tl.int32)
    code += (mag > _threshold_bits(0x200000, 1, s3)).to(tl.int32)
    code += (mag >= _threshold_bits(0x600000, 1, s3)).to(tl.int32)
    code += (mag > _threshold_bits(0x200000, 2, s3)).to(tl.int32)
    code = code | ((bits >> 28) & 0x8)
    code = tl.where(bad[:, :, None], 0, code)

    pairs = tl.reshape(code, (BLOCK_M, BLOCK_K // 2, 2))
    even, odd = tl.split(pairs)
    packed = (even | (odd << 4)).to(tl.uint8)
    return packed, scale.to(tl.uint8)


@triton.jit
def _load_b(b_ptr, b_scale_ptr, offs_n, mask_n, kb, ks, KH, KS,
            EVEN_K: tl.constexpr):
    """B tile as dot_scaled wants it: codes [BLOCK_K/2, BLOCK_N] (packed
    along K), scales [BLOCK_N, BLOCK_K/32]."""
    b_ptrs = b_ptr + offs_n[None, :] * KH + kb[:, None]
    bs_ptrs = b_scale_ptr + offs_n[:, None] * KS + ks[None, :]
    if EVEN_K:
        b = tl.load(b_ptrs, mask=mask_n[None, :], other=0)
        b_s = tl.load(bs_ptrs, mask=mask_n[:, None], other=127)
    else:
        b = tl.load(b_ptrs, mask=mask_n[None, :] & (kb[:, None] < KH), other=0)
        b_s = tl.load(bs_ptrs, mask=mask_n[:, None] & (ks[None, :] < KS),
                      other=127)
    return b, b_s


@triton.jit
def mxfp4_gemm_kernel(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr, M, N, K,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                      BLOCK_K: tl.constexpr, EVEN_K: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // num_pid_n
    pid_n = pid % num_pid_n
    KH = K // 2
    KS = tl.cdiv(K, 32)

    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask_m = offs_m < M
    mask_n = offs_n < N
    offs_kb = tl.arange(0, BLOCK_K // 2)
    offs_ks = tl.arange(0, BLOCK_K // 32)

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kt in range(0, tl.cdiv(K, BLOCK_K)):
        kb = kt * (BLOCK_K // 2) + offs_kb
        ks = kt * (BLOCK_K // 32) + offs_ks
        a_ptrs = a_ptr + offs_m[:, None] * KH + kb[None, :]
        as_ptrs = a_scale_ptr + offs_m[:, None] * KS + ks[None, :]
        if EVEN_K:
            a = tl.load(a_ptrs, mask=mask_m[:, None], other=0)
            a_s = tl.load(as_ptrs, mask=mask_m[:, None], other=127)
        else:
            a = tl.load(a_ptrs, mask=mask_m[:, None] & (kb[None, :] < KH),
                        other=0)
            a_s = tl.load(as_ptrs, mask=mask_m[:, None] & (ks[None, :] < KS),
                          other=127)
        b, b_s = _load_b(b_ptr, b_scale_ptr, offs_n, mask_n, kb, ks, KH, KS,
                         EVEN_K)
        acc = tl.dot_scaled(a, a_s, "e2m1", b, b_s, "e2m1", acc=acc)

    c_ptrs = c_ptr + offs_m[:, None] * N + offs_n[None, :]
    tl.store(c_ptrs, acc.to(tl.bfloat16),
             mask=mask_m[:, None] & mask_n[None, :])


@triton.jit
def fused_quant_gemm_kernel(a_ptr, b_ptr, b_scale_ptr, c_ptr, M, N, K,
                            BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                            BLOCK_K: tl.constexpr, EVEN_K: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // num_pid_n
    pid_n = pid % num_pid_n
    KH = K // 2
    KS = tl.cdiv(K, 32)

    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask_m = offs_m < M
    mask_n = offs_n < N
    offs_k = tl.arange(0, BLOCK_K)
    offs_kb = tl.arange(0, BLOCK_K // 2)
    offs_ks = tl.arange(0, BLOCK_K // 32)

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kt in range(0, tl.cdiv(K, BLOCK_K)):
        k = kt * BLOCK_K + offs_k
        kb = kt * (BLOCK_K // 2) + offs_kb
        ks = kt * (BLOCK_K // 32) + offs_ks
        x_ptrs = a_ptr + offs_m[:, None] * K + k[None, :]
        # Padding (rows >= M, columns >= K) is +0.0: it never raises a
        # block's amax, and a wholly padded block quantizes to codes 0.
        if EVEN_K:
            x = tl.load(x_ptrs, mask=mask_m[:, None], other=0.0)
        else:
            x = tl.load(x_ptrs, mask=mask_m[:, None] & (k[None, :] < K),
                        other=0.0)
        a, a_s = quantize_tile(x, BLOCK_M, BLOCK_K)
        b, b_s = _load_b(b_ptr, b_scale_ptr, offs_n, mask_n, kb, ks, KH, KS,
                         EVEN_K)
        acc = tl.dot_scaled(a, a_s, "e2m1", b, b_s, "e2m1", acc=acc)

    c_ptrs = c_ptr + offs_m[:, None] * N + offs_n[None, :]
    tl.store(c_ptrs, acc.to(tl.bfloat16),
             mask=mask_m[:, None] & mask_n[None, :])


@triton.jit
def mxfp4_quant_kernel(x_ptr, q_ptr, s_ptr, M, K,
                       BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    """Grid (cdiv(M, BLOCK_M), cdiv(K, BLOCK_K)). Writes q [M, K/2] and
    s [M, ceil(K/32)]; K must be even."""
    pid_m = tl.program_id(0)
    pid_k = tl.program_id(1)
    KH = K // 2
    KS = tl.cdiv(K, 32)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    k = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)
    kb = pid_k * (BLOCK_K // 2) + tl.arange(0, BLOCK_K // 2)
    ks = pid_k * (BLOCK_K // 32) + tl.arange(0, BLOCK_K // 32)
    mask_m = offs_m < M
    x = tl.load(x_ptr + offs_m[:, None] * K + k[None, :],
                mask=mask_m[:, None] & (k[None, :] < K), other=0.0)
    q, s = quantize_tile(x, BLOCK_M, BLOCK_K)
    tl.store(q_ptr + offs_m[:, None] * KH + kb[None, :], q,
             mask=mask_m[:, None] & (kb[None, :] < KH))
    tl.store(s_ptr + offs_m[:, None] * KS + ks[None, :], s,
             mask=mask_m[:, None] & (ks[None, :] < KS))


# --- host wrappers (need torch and a GPU that Triton can launch on) -------


def _cdiv(a, b):
    return (a + b - 1) // b


def mxfp4_gemm(a_q, a_s, b_q, b_s, block=(32, 128, 256), num_warps=4,
               even_k=None):
    import torch
    M, KH = a_q.shape
    N = b_q.shape[0]
    K = 2 * KH
    if even_k is None:
        even_k = K % block[2] == 0
    c = torch.empty((M, N), dtype=torch.bfloat16, device=a_q.device)
    grid = (_cdiv(M, block[0]) * _cdiv(N, block[1]),)
    mxfp4_gemm_kernel[grid](a_q, a_s, b_q, b_s, c, M, N, K,
                            BLOCK_M=block[0], BLOCK_N=block[1],
                            BLOCK_K=block[2], EVEN_K=even_k,
                            num_warps=num_warps)
    return c


def fused_quant_gemm(a, b_q, b_s, block=(32, 128, 256), num_warps=4,
                     even_k=None):
    import torch
    M, K = a.shape
    N = b_q.shape[0]
    if K % 2:
        raise ValueError(f"K (= {K}) must be even")
    if even_k is None:
        even_k = K % block[2] == 0
    c = torch.empty((M, N), dtype=torch.bfloat16, device=a.device)
    grid = (_cdiv(M, block[0]) * _cdiv(N, block[1]),)
    fused_quant_gemm_kernel[grid](a, b_q, b_s, c, M, N, K,
                                  BLOCK_M=block[0], BLOCK_N=block[1],
                                  BLOCK_K=block[2], EVEN_K=even_k,
                                  num_warps=num_warps)
    return c


def mxfp4_quant(a, block=(32, 256), num_warps=4):
    import torch
    M, K = a.shape
    if K % 2:
        raise ValueError(f"K (= {K}) must be even")
    q = torch.empty((M, K // 2), dtype=torch.uint8, device=a.device)
    s = torch.empty((M, _cdiv(K, 32)), dtype=torch.uint8, device=a.device)
    grid = (_cdiv(M, block[0]), _cdiv(K, block[1]))
    mxfp4_quant_kernel[grid](a, q, s, M, K, BLOCK_M=block[0],
                             BLOCK_K=block[1], num_warps=num_warps)
    return q, s
