//===- Lanes.h - Lane loops and scalar helpers of the interpreter -*- C++ -*-//
//
// An op runs over its elements and the lanes of the executing group. When
// the group holds every lane of the frame ("full"), slots of lanes outside
// it belong to nobody, so pure ops run over all 64 lanes of a contiguous
// slot range (and the compiler vectorizes the loop). Otherwise they walk the
// set bits of the group mask.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_RUNTIME_EMULATOR_LANES_H
#define FP4_LIB_RUNTIME_EMULATOR_LANES_H

#include "Internal.h"
#include "Numerics.h"

#include <cmath>

namespace fp4::emu {

inline unsigned ctz64(uint64_t m) { return unsigned(__builtin_ctzll(m)); }
inline unsigned popcount64(uint64_t m) {
  return unsigned(__builtin_popcountll(m));
}
inline uint64_t maskOf(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}
/// Sign-extends the low `bits` of v.
inline int64_t sext(uint64_t v, unsigned bits) {
  unsigned s = 64 - bits;
  return int64_t(v << s) >> s;
}
inline uint64_t *slotPtr(uint64_t *R, uint32_t slot) {
  return R + size_t(slot) * kWave;
}

#define FP4_FOR_LANES(M, L, ...)                                               \
  for (uint64_t m_ = (M); m_; m_ &= m_ - 1) {                                  \
    unsigned L = ctz64(m_);                                                    \
    __VA_ARGS__;                                                               \
  }

template <class F>
inline void map1(uint64_t *R, uint32_t dst, uint32_t a, uint32_t n, uint64_t M,
                 bool full, F f) {
  uint64_t *d = slotPtr(R, dst);
  const uint64_t *x = slotPtr(R, a);
  if (full) {
    size_t N = size_t(n) * kWave;
    for (size_t i = 0; i < N; ++i)
      d[i] = f(x[i]);
    return;
  }
  for (uint32_t e = 0; e < n; ++e, d += kWave, x += kWave)
    FP4_FOR_LANES(M, L, d[L] = f(x[L]));
}

template <class F>
inline void map2(uint64_t *R, uint32_t dst, uint32_t a, uint32_t b, uint32_t n,
                 uint64_t M, bool full, F f) {
  uint64_t *d = slotPtr(R, dst);
  const uint64_t *x = slotPtr(R, a), *y = slotPtr(R, b);
  if (full) {
    size_t N = size_t(n) * kWave;
    for (size_t i = 0; i < N; ++i)
      d[i] = f(x[i], y[i]);
    return;
  }
  for (uint32_t e = 0; e < n; ++e, d += kWave, x += kWave, y += kWave)
    FP4_FOR_LANES(M, L, d[L] = f(x[L], y[L]));
}

template <class F>
inline void map3(uint64_t *R, uint32_t dst, uint32_t a, uint32_t b, uint32_t c,
                 uint32_t n, uint64_t M, bool full, F f) {
  uint64_t *d = slotPtr(R, dst);
  const uint64_t *x = slotPtr(R, a), *y = slotPtr(R, b), *z = slotPtr(R, c);
  if (full) {
    size_t N = size_t(n) * kWave;
    for (size_t i = 0; i < N; ++i)
      d[i] = f(x[i], y[i], z[i]);
    return;
  }
  for (uint32_t e = 0; e < n;
       ++e, d += kWave, x += kWave, y += kWave, z += kWave)
    FP4_FOR_LANES(M, L, d[L] = f(x[L], y[L], z[L]));
}

/// Float element kinds: read as T (float or double), compute, round back.
struct F32T {
  using T = float;
  static float get(uint64_t b) { return bitsToFloat(uint32_t(b)); }
  static uint64_t put(float f) { return floatToBits(f); }
  static uint64_t putD(double d) { return floatToBits(float(d)); }
  static constexpr unsigned signBit = 31, eBits = 8, mBits = 23;
};
struct F64T {
  using T = double;
  static double get(uint64_t b) { return bitsToDouble(b); }
  static uint64_t put(double d) { return doubleToBits(d); }
  static uint64_t putD(double d) { return doubleToBits(d); }
  static constexpr unsigned signBit = 63, eBits = 11, mBits = 52;
};
/// half and bfloat compute in float: for +,-,*,/ and sqrt the float result
/// rounded to the narrow type equals the correctly rounded narrow result.
struct HalfT {
  using T = float;
  static float get(uint64_t b) { return halfToFloat(uint16_t(b)); }
  static uint64_t put(float f) { return floatToHalf(f); }
  static uint64_t putD(double d) { return doubleToHalf(d); }
  static constexpr unsigned signBit = 15, eBits = 5, mBits = 10;
};
struct BF16T {
  using T = float;
  static float get(uint64_t b) { return bf16ToFloat(uint16_t(b)); }
  static uint64_t put(float f) { return floatToBF16(f); }
  static uint64_t putD(double d) { return doubleToBF16(d); }
  static constexpr unsigned signBit = 15, eBits = 8, mBits = 7;
};

/// Runs BODY with FT bound to the traits of float kind K.
#define FP4_FLOAT_KIND(K, ...)                                                 \
  switch (EK(K)) {                                                             \
    FP4_FLOAT_KIND_CASE(F32, F32T, __VA_ARGS__)                                \
    FP4_FLOAT_KIND_CASE(F64, F64T, __VA_ARGS__)                                \
    FP4_FLOAT_KIND_CASE(Half, HalfT, __VA_ARGS__)                              \
    FP4_FLOAT_KIND_CASE(BF16, BF16T, __VA_ARGS__)                              \
  default:                                                                     \
    break;                                                                     \
  }
#define FP4_FLOAT_KIND_CASE(KIND, TRAITS, ...)                                 \
  case EK::KIND: {                                                             \
    using FT = TRAITS;                                                         \
    __VA_ARGS__;                                                               \
    break;                                                                     \
  }

/// Exact value of a float element of kind k as a double.
inline double floatValue(EK k, uint64_t b) {
  switch (k) {
  case EK::F32:
    return bitsToFloat(uint32_t(b));
  case EK::F64:
    return bitsToDouble(b);
  case EK::Half:
    return halfToFloat(uint16_t(b));
  case EK::BF16:
    return bf16ToFloat(uint16_t(b));
  default:
    return 0;
  }
}
/// Rounds d to kind k (nearest even), returning its bits.
inline uint64_t floatBits(EK k, double d) {
  switch (k) {
  case EK::F32:
    return floatToBits(float(d));
  case EK::F64:
    return doubleToBits(d);
  case EK::Half:
    return doubleToHalf(d);
  case EK::BF16:
    return doubleToBF16(d);
  default:
    return 0;
  }
}

/// Float -> integer: NaN gives 0, out-of-range values saturate (what the
/// AMDGPU conversion instructions do; LLVM leaves it poison).
inline uint64_t fpToInt(double d, unsigned bits, bool isSigned) {
  if (std::isnan(d))
    return 0;
  d = std::trunc(d);
  if (isSigned) {
    double lo = -std::ldexp(1.0, int(bits) - 1);
    double hi = std::ldexp(1.0, int(bits) - 1);
    if (d <= lo)
      return (~uint64_t(0) << (bits - 1)) & maskOf(bits);
    if (d >= hi)
      return maskOf(bits - 1);
    return uint64_t(int64_t(d)) & maskOf(bits);
  }
  if (d <= 0)
    return 0;
  if (d >= std::ldexp(1.0, int(bits)))
    return maskOf(bits);
  return uint64_t(d) & maskOf(bits);
}

} // namespace fp4::emu

#endif // FP4_LIB_RUNTIME_EMULATOR_LANES_H
