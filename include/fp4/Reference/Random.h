//===- Random.h - Deterministic test data -----------------------*- C++ -*-===//
//
// Seeded, platform-independent random data shaped like the problem's inputs
// (torch.randn in bf16), plus data that is deliberately non-uniform across
// rows, columns and K blocks and hand-made blocks at every rounding edge.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_RANDOM_H
#define FP4_REFERENCE_RANDOM_H

#include <cstdint>
#include <string>
#include <vector>

namespace fp4::ref {

/// xoshiro256** seeded through splitmix64: small, fast, and the same stream on
/// every platform for a given seed.
class Rng {
public:
  explicit Rng(uint64_t seed);

  /// The next 64 random bits.
  uint64_t next();
  /// Uniform in [0, 1), 53 random bits.
  double uniform();
  /// Standard normal, Box-Muller (pairs of values; the second is cached).
  /// Uses std::log / std::sqrt / std::cos / std::sin, so the last double bit
  /// may differ between C libraries; the bf16 rounding almost always hides it.
  double normal();
  /// Uniform integer in [lo, hi] (requires lo <= hi).
  int64_t uniformInt(int64_t lo, int64_t hi);

private:
  uint64_t state[4];
  bool hasSpare = false;
  double spare = 0.0;
};

/// `count` N(0, 1) samples rounded to bf16 (RNE), like torch.randn(...,
/// dtype=bfloat16) in distribution (not in values: torch's generator differs).
std::vector<uint16_t> randnBf16(uint64_t seed, int64_t count);

/// The exponent randnBf16Blocked applies to block `block` of row `row`:
///   ((5 * row + 3 * block + seed % 7) mod 7) - 3,  in [-3, 3].
/// 7 is prime and odd, so two rows of the same block (or two blocks of the
/// same row) get the same exponent only when their distance is a multiple of
/// 7: never for distances 1, 2, 4, 8, 16, 32, ... (the tile and lane strides
/// of a kernel), so reading a neighbouring row's or block's scale changes the
/// result. The range is deliberately narrow: with +-3 on both operands |C|
/// stays below about 10^4 for the problem's shapes, where an f32-accumulating
/// kernel's rounding (measured worst 0.0005 at K = 7168) is far inside the
/// 0.01 absolute tolerance; with +-6 |C| reaches 3 * 10^5 and legitimate f32
/// rounding reaches 0.06, which would fail elements whose sum cancels to
/// near zero.
int blockExponent(uint64_t seed, int64_t row, int64_t block);

/// A row-major [rows, k] bf16 matrix of N(0, 1) samples (as randnBf16(seed))
/// with block (r, b) (elements r*k + 32*b .. +32) multiplied by
/// 2^blockExponent(seed, r, b), exactly. Use it for both A (rows = M) and B
/// (rows = N, i.e. the columns of C) so every row, column and K block has its
/// own scale. Requires rows >= 0, k >= 0, k % 32 == 0; returns an empty vector
/// otherwise.
std::vector<uint16_t> randnBf16Blocked(uint64_t seed, int64_t rows, int64_t k);

/// The kinds of edge-case block, in makeEdgeCaseBlocks' order (described
/// there).
enum class EdgeBlock {
  Zeros,
  Ties,
  Bump,
  BelowBump,
  Subnormals,
  MaxBf16,
  TinyMixed,
  NaN,
  PosInf,
  NegInf
};

/// One edge-case block of 32 bf16 values at scale exponent `scaleExp`, for
/// any exponent in [-127, 125]. Outside [-120, 120] the tiny values of a
/// block may round (to zero, or to a subnormal), which the quantizer would
/// do with them anyway; makeEdgeCaseBlocks keeps to the range where every
/// value is exact.
void makeEdgeCaseBlock(EdgeBlock kind, int scaleExp, uint16_t out[32]);

/// Hand-made bf16 blocks of 32 values at the edges of the quantization rule
/// (docs/reference-numerics.md, "Quantization (bit for bit)"), concatenated
/// (size() / 32 blocks). With s = scaleExp, in order:
///   0 "zeros":        16 x +0.0 then 16 x -0.0 (byte 0; codes 0x0 / 0x8).
///   1 "ties":         amax 6*2^s (scale s in both modes); every E2M1 tie
///                     t*2^s, t in {0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5}, its
///                     negative, the next bf16 above and below each positive
///                     tie, and 0.5, 3 and -6 times 2^s.
///   2 "bump":         amax exactly 1.75*2^(s+2) = 7*2^s: Even gives scale s+1
///                     (7 -> 3.5 -> code 4.0), Floor gives s (7 saturates to
///                     6).
///   3 "below-bump":   amax the bf16 just below 7*2^s (6.96875*2^s): scale s in
///                     both modes.
///   4 "subnormals":   bf16 subnormals 0x0001..0x007F and their negatives
///                     (byte 0 in both modes).
///   5 "max-bf16":     +-0x7F7F (the largest finite bf16) and smaller values
///                     (Even: byte 254 via the Inf rule; Floor: byte 252).
///   6 "tiny-mixed":   amax 4*2^s with values far below half the smallest step
///                     (round to +-0, codes 0x0 / 0x8).
///  and, when includeNonFinite:
///   7 "nan", 8 "+inf", 9 "-inf": one non-finite value among normals
///                     (byte 0xFF, codes 0).
/// Requires -120 <= scaleExp <= 120 (so every value is exact in bf16); returns
/// an empty vector otherwise. `names`, when given, receives one label per
/// block.
std::vector<uint16_t>
makeEdgeCaseBlocks(int scaleExp, bool includeNonFinite = false,
                   std::vector<std::string> *names = nullptr);

} // namespace fp4::ref

#endif // FP4_REFERENCE_RANDOM_H
