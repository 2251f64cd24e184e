//===- Random.cpp - Deterministic test data ---------------------*- C++ -*-===//
//
// The generators are fixed algorithms (splitmix64, xoshiro256**) rather than
// std:: engines and distributions, whose outputs the standard leaves to the
// implementation.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Random.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Quantize.h"

#include <cmath>

using namespace fp4::ref;

static uint64_t splitmix64(uint64_t &x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

Rng::Rng(uint64_t seed) {
  for (uint64_t &word : state)
    word = splitmix64(seed);
}

uint64_t Rng::next() {
  uint64_t result = rotl(state[1] * 5, 7) * 9;
  uint64_t t = state[1] << 17;
  state[2] ^= state[0];
  state[3] ^= state[1];
  state[1] ^= state[2];
  state[0] ^= state[3];
  state[2] ^= t;
  state[3] = rotl(state[3], 45);
  return result;
}

double Rng::uniform() { return double(next() >> 11) * 0x1.0p-53; }

double Rng::normal() {
  if (hasSpare) {
    hasSpare = false;
    return spare;
  }
  // u1 in (0, 1] keeps log() finite.
  double u1 = double((next() >> 11) + 1) * 0x1.0p-53;
  double u2 = uniform();
  double radius = std::sqrt(-2.0 * std::log(u1));
  double angle = 6.283185307179586476925 * u2;
  spare = radius * std::sin(angle);
  hasSpare = true;
  return radius * std::cos(angle);
}

int64_t Rng::uniformInt(int64_t lo, int64_t hi) {
  uint64_t span = uint64_t(hi) - uint64_t(lo) + 1;
  if (span == 0)
    return int64_t(next()); // the full 64-bit range
  // Rejection sampling: no modulo bias.
  uint64_t limit = UINT64_MAX - UINT64_MAX % span;
  uint64_t x;
  do
    x = next();
  while (x >= limit);
  return int64_t(uint64_t(lo) + x % span);
}

std::vector<uint16_t> fp4::ref::randnBf16(uint64_t seed, int64_t count) {
  std::vector<uint16_t> values(count > 0 ? count : 0);
  Rng rng(seed);
  for (uint16_t &v : values)
    v = floatToBf16(static_cast<float>(rng.normal()));
  return values;
}

int fp4::ref::blockExponent(uint64_t seed, int64_t row, int64_t block) {
  int64_t r = row % 7, b = block % 7;
  return static_cast<int>((5 * r + 3 * b + int64_t(seed % 7)) % 7) - 3;
}

std::vector<uint16_t> fp4::ref::randnBf16Blocked(uint64_t seed, int64_t rows,
                                                 int64_t k) {
  if (rows < 0 || k < 0 || k % kBlockSize != 0)
    return {};
  std::vector<uint16_t> values = randnBf16(seed, rows * k);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t i = 0; i < k; ++i) {
      uint16_t &v = values[r * k + i];
      int e = blockExponent(seed, r, i / kBlockSize);
      // Exact: |e| <= 3 keeps N(0,1) samples far from bf16 under/overflow.
      v = floatToBf16(std::ldexp(bf16ToFloat(v), e));
    }
  }
  return values;
}

/// The bf16 of `t * 2^s`: exact for |s| <= 120 (makeEdgeCaseBlocks), rounded
/// beyond (tiny values to zero or a subnormal).
static uint16_t bfScaled(double t, int s) {
  return floatToBf16(static_cast<float>(std::ldexp(t, s)));
}

void fp4::ref::makeEdgeCaseBlock(EdgeBlock kind, int s, uint16_t out[32]) {
  static const double kTies[7] = {0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0};
  // The ramp -4 .. 3.75 (step 0.25) times 2^s fills the bump and
  // non-finite blocks around their special values.
  auto ramp = [&] {
    for (int i = 0; i < 32; ++i)
      out[i] = bfScaled((i - 16) * 0.25, s);
  };
  switch (kind) {
  case EdgeBlock::Zeros:
    for (int i = 0; i < 32; ++i)
      out[i] = i < 16 ? 0x0000 : 0x8000;
    return;
  case EdgeBlock::Ties:
    out[0] = bfScaled(6.0, s);
    for (int i = 0; i < 7; ++i) {
      uint16_t tie = bfScaled(kTies[i], s);
      out[1 + i] = tie;
      out[8 + i] = tie | 0x8000;
      out[15 + i] = tie + 1; // the next bf16 above (positive, same binade)
      out[22 + i] = tie - 1; // the next bf16 below
    }
    out[29] = bfScaled(0.5, s);
    out[30] = bfScaled(3.0, s);
    out[31] = bfScaled(-6.0, s);
    return;
  case EdgeBlock::Bump:
  case EdgeBlock::BelowBump:
    ramp();
    // 7 * 2^s, or the bf16 just below it (1.7421875 * 2^(s+2)).
    out[0] = bfScaled(7.0, s) - (kind == EdgeBlock::BelowBump ? 1 : 0);
    out[1] = out[0] | 0x8000;
    return;
  case EdgeBlock::Subnormals:
    out[0] = 0x007F; // the largest subnormal
    out[1] = 0x807F;
    for (int i = 2; i < 32; ++i)
      out[i] = static_cast<uint16_t>((0x0001 + (i - 2) * 4) |
                                     ((i % 2) ? 0x8000 : 0));
    return;
  case EdgeBlock::MaxBf16:
    out[0] = 0x7F7F; // the largest finite bf16
    out[1] = 0xFF7F;
    for (int i = 2; i < 32; ++i)
      out[i] = static_cast<uint16_t>((0x7F00 + 4 * i) | ((i % 2) ? 0x8000 : 0));
    return;
  case EdgeBlock::TinyMixed:
    // Magnitudes below half the smallest step (0.25 * 2^s) round to a
    // signed 0.
    out[0] = bfScaled(4.0, s);
    for (int i = 1; i < 32; ++i) {
      double t = std::ldexp(1.0, -3 - (i % 8)); // 2^-3 .. 2^-10
      out[i] = bfScaled((i % 2) ? -t : t, s);
    }
    return;
  case EdgeBlock::NaN:
    ramp();
    out[0] = 0x7FC0;
    return;
  case EdgeBlock::PosInf:
    ramp();
    out[0] = bfScaled(1.0, s);
    out[5] = 0x7F80;
    return;
  case EdgeBlock::NegInf:
    ramp();
    out[0] = bfScaled(1.0, s);
    out[5] = bfScaled(1.0, s);
    out[31] = 0xFF80;
    return;
  }
}

std::vector<uint16_t>
fp4::ref::makeEdgeCaseBlocks(int scaleExp, bool includeNonFinite,
                             std::vector<std::string> *names) {
  if (scaleExp < -120 || scaleExp > 120)
    return {};
  static const char *const kNames[] = {
      "zeros",    "ties",       "bump", "below-bump", "subnormals",
      "max-bf16", "tiny-mixed", "nan",  "+inf",       "-inf"};
  int kinds = includeNonFinite ? 10 : 7;
  std::vector<uint16_t> out(kinds * 32);
  for (int kind = 0; kind < kinds; ++kind) {
    makeEdgeCaseBlock(static_cast<EdgeBlock>(kind), scaleExp,
                      out.data() + 32 * kind);
    if (names)
      names->push_back(kNames[kind]);
  }
  return out;
}
