//===- EdgeData.cpp - edge-case and non-finite GEMM inputs ------*- C++ -*-===//
//
// The `edge` and `nonfinite` inputs of fp4-run. The GEMM check tolerates
// |out - ref| <= 0.01 + 0.01 |ref|, so an edge block only proves something
// when a wrong E2M1 code in it moves C by more than that. Two choices make
// every edge block visible:
//
// - Each K block kb has one scale exponent s(kb) for all rows of A, and B's
//   K block is scaled by about 2^-s(kb): every product is near 1, whether
//   the A block sits at 2^-127 or at the bf16 maximum (no product overflows,
//   none vanishes next to the others).
// - The even columns of B are probes: zero except one element, 2^-s(kb),
//   so that C[m, n] is exactly one dequantized element of A (its E2M1 value
//   times 2^(scale - s(kb))): a wrong code, scale or sign there is off by at
//   least 0.5, far beyond the tolerance. With N >= 2K every element of A is
//   probed once. The odd columns are random, as in the blocked data.
//
//===----------------------------------------------------------------------===//

#include "GemmData.h"

#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Random.h"

#include <algorithm>
#include <cmath>

using namespace mlir::fp4;
namespace ref = ::fp4::ref;

using ref::EdgeBlock;

/// The exponents of the K blocks, in turn. The scale-range limits come
/// second and third so that short K reaches them: -127 (scale byte 0, E2M1
/// thresholds that are f32 subnormals) and 125 (byte 252, or 254 where Even
/// rounds the amax past the f32 range).
static constexpr int kExponents[] = {0, -127, 125, -3, 5, -20, 17};
/// The same for an f16 A, whose values span 2^-24 .. 65504: -14 (f16's
/// lowest normal binade: the tie blocks' smallest values are f16
/// subnormals, every one exact) and 9 (the random rows stay below 65504).
static constexpr int kExponentsF16[] = {0, -14, 9, -3, 5, -10, 7};

int mlir::fp4::edgeExponent(AElement a, int64_t kBlock) {
  if (a == AElement::F16)
    return kExponentsF16[kBlock % std::size(kExponentsF16)];
  return kExponents[kBlock % std::size(kExponents)];
}

/// The finite edge block of edge row `j` in K block `kb`: the blocks rotate
/// along both, so that every kind meets every K position and exponent. At
/// the lowest and highest exponent the subnormal and largest values of A's
/// type join in.
static EdgeBlock edgeKind(AElement a, int64_t j, int64_t kb) {
  static constexpr EdgeBlock kRegular[] = {
      EdgeBlock::Zeros, EdgeBlock::Ties, EdgeBlock::Bump, EdgeBlock::BelowBump,
      EdgeBlock::TinyMixed};
  static constexpr EdgeBlock kLowest[] = {
      EdgeBlock::Ties, EdgeBlock::Subnormals, EdgeBlock::Bump,
      EdgeBlock::BelowBump, EdgeBlock::Zeros};
  static constexpr EdgeBlock kHighest[] = {
      EdgeBlock::Ties, EdgeBlock::MaxBf16, EdgeBlock::Bump,
      EdgeBlock::BelowBump, EdgeBlock::TinyMixed};
  int s = edgeExponent(a, kb);
  int lowest = edgeExponent(a, 1), highest = edgeExponent(a, 2);
  const EdgeBlock *kinds = s == lowest    ? kLowest
                           : s == highest ? kHighest
                                          : kRegular;
  return kinds[(j + kb) % 5];
}

/// Non-finite row `j` (row 4j + 1): NaN, +Inf, -Inf in turn, in the last, the
/// first or the middle K block, so that each kind meets each position.
static void nonFiniteBlock(int64_t j, int64_t kBlocks, EdgeBlock &kind,
                           int64_t &kb) {
  static constexpr EdgeBlock kKinds[] = {EdgeBlock::NaN, EdgeBlock::PosInf,
                                         EdgeBlock::NegInf};
  kind = kKinds[j % 3];
  int64_t where[] = {kBlocks - 1, 0, kBlocks / 2};
  kb = where[(j + j / 3) % 3];
}

/// `v` times 2^e, rounded to bf16 (exact unless the result is subnormal).
static uint16_t times2(uint16_t v, int e) {
  return ref::floatToBf16(std::ldexp(ref::bf16ToFloat(v), e));
}

/// One edge block of A as values of A's type. For f16 the bf16 blocks are
/// exact in f16 at f16's exponents, except the two made of the extreme bf16
/// values, which have f16 counterparts: the largest f16 subnormal 0x03FF
/// and others, and the largest f16 (65504) and values near it.
static void edgeBlock(AElement a, EdgeBlock kind, int s, float out[32]) {
  if (a == AElement::F16 &&
      (kind == EdgeBlock::Subnormals || kind == EdgeBlock::MaxBf16)) {
    uint16_t first = kind == EdgeBlock::Subnormals ? 0x03FF : 0x7BFF;
    out[0] = halfToFloat(first);
    out[1] = halfToFloat(first | 0x8000);
    for (int i = 2; i < 32; ++i) {
      uint16_t magnitude = kind == EdgeBlock::Subnormals
                               ? uint16_t(0x0001 + (i - 2) * 32)
                               : uint16_t(0x7B00 + 4 * i);
      out[i] = halfToFloat(magnitude | ((i % 2) ? 0x8000 : 0));
    }
    return;
  }
  uint16_t block[32];
  ref::makeEdgeCaseBlock(kind, s, block);
  for (int i = 0; i < 32; ++i)
    out[i] = ref::bf16ToFloat(block[i]);
}

void mlir::fp4::makeEdgeInputs(const GemmProblem &p, bool nonFinite,
                               uint64_t seed, std::vector<float> &a,
                               std::vector<uint16_t> &b) {
  int64_t kBlocks = p.k / 32;
  AElement type = p.aElement;
  auto exponent = [&](int64_t kb) { return edgeExponent(type, kb); };
  // Random values (blocked: a different exponent per row and K block) moved
  // to the K block's exponent, clamped so that they stay finite in bf16.
  std::vector<uint16_t> random = ref::randnBf16Blocked(seed, p.m, p.k);
  a.resize(random.size());
  for (int64_t r = 0; r < p.m; ++r)
    for (int64_t i = 0; i < p.k; ++i)
      a[r * p.k + i] = ref::bf16ToFloat(
          times2(random[r * p.k + i], std::clamp(exponent(i / 32), -127, 120)));
  float block[32];
  for (int64_t r = 0; r < p.m; r += 3)
    for (int64_t kb = 0; kb < kBlocks; ++kb) {
      edgeBlock(type, edgeKind(type, r / 3, kb), exponent(kb), block);
      std::copy(block, block + 32, &a[r * p.k + kb * 32]);
    }
  if (nonFinite)
    for (int64_t r = 1; r < p.m; r += 4) {
      EdgeBlock kind;
      int64_t kb;
      nonFiniteBlock(r / 4, kBlocks, kind, kb);
      edgeBlock(type, kind, exponent(kb), block);
      std::copy(block, block + 32, &a[r * p.k + kb * 32]);
    }
  // A's values in its type (for f16 the random rows at 2^-14 become
  // subnormals; every edge block is exact already).
  if (type == AElement::F16)
    for (float &v : a)
      v = halfToFloat(floatToHalf(v));

  b = ref::randnBf16Blocked(seed + 1, p.n, p.k);
  for (int64_t n = 0; n < p.n; ++n) {
    uint16_t *row = &b[n * p.k];
    if (n % 2 == 0) {
      // Probe q reads element (q / kBlocks + 7 kb) % 32 of K block
      // kb = q % kBlocks: q = 0 .. K-1 visits every element once.
      int64_t q = n / 2, kb = q % kBlocks, i = (q / kBlocks + 7 * kb) % 32;
      std::fill(row, row + p.k, 0);
      row[kb * 32 + i] = ref::floatToBf16(std::ldexp(1.0f, -exponent(kb)));
      continue;
    }
    for (int64_t i = 0; i < p.k; ++i)
      row[i] = times2(row[i], -std::clamp(exponent(i / 32), -120, 125));
    // Columns 5, 15, 25, ...: one non-finite K block in B too (its scale
    // byte is 0xFF), so that even M = 1 has NaN and finite outputs.
    if (nonFinite && n % 10 == 5) {
      int64_t j = n / 10, kb = (j * 3 + 1) % kBlocks;
      ref::makeEdgeCaseBlock(j % 2 ? EdgeBlock::NegInf : EdgeBlock::NaN,
                             -std::clamp(exponent(kb), -120, 125),
                             &row[kb * 32]);
    }
  }
}
