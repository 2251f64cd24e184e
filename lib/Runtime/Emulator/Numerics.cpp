//===- Numerics.cpp - Float formats of the emulator -----------*- C++ -*-===//

#include "Numerics.h"

#include <cmath>
#include <limits>

using namespace fp4::emu;

namespace {
/// A binary floating-point format with `eBits` exponent and `mBits` stored
/// mantissa bits. Used to round doubles into half, bfloat and the OCP
/// narrow formats with one rounding step.
struct Format {
  int eBits, mBits, bias;
  bool ieeeSpecials; // all-ones exponent = Inf/NaN
};

/// Rounds finite nonnegative `a` to the format; returns the magnitude code
/// (exponent and mantissa fields), possibly one past the largest finite
/// value on carry (the caller saturates or makes Inf).
uint64_t roundMagnitude(const Format &f, double a) {
  if (a == 0)
    return 0;
  int emin = 1 - f.bias;
  int e;
  std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
  e -= 1;            // a = m' * 2^e, m' in [1, 2)
  if (e < emin)
    e = emin;
  // Quantum of the binade (or of the subnormal range).
  double q = std::ldexp(1.0, e - f.mBits);
  double r = a / q; // exact: power-of-two scaling
  double fl = std::floor(r);
  double diff = r - fl;
  uint64_t m = uint64_t(fl);
  if (diff > 0.5 || (diff == 0.5 && (m & 1)))
    ++m;
  // m counts quanta of 2^(e-mBits); m may be 2^(mBits+1) after carry.
  uint64_t implicitOne = uint64_t(1) << f.mBits;
  if (m < implicitOne) // subnormal (only possible when e == emin)
    return m;
  int ef = e + f.bias;
  if (m >= 2 * implicitOne) {
    m >>= 1;
    ++ef;
  }
  return (uint64_t(ef) << f.mBits) | (m - implicitOne);
}

uint16_t doubleToIeee16(const Format &f, double d) {
  uint64_t bits = doubleToBits(d);
  uint16_t sign = uint16_t((bits >> 63) << 15);
  uint16_t expAll = uint16_t(((1u << f.eBits) - 1) << f.mBits);
  if (std::isnan(d))
    return uint16_t(sign | expAll | (1u << (f.mBits - 1)));
  double a = std::fabs(d);
  if (std::isinf(a))
    return sign | expAll;
  uint64_t mag = roundMagnitude(f, a);
  if (mag >= expAll) // overflow rounds to Inf
    return sign | expAll;
  return uint16_t(sign | mag);
}

const Format kHalf{5, 10, 15, true};
const Format kBF16{8, 7, 127, true};

struct MiniDesc {
  Format fmt;
  unsigned bits;
};
MiniDesc miniDesc(MiniFormat f) {
  switch (f) {
  case MiniFormat::E4M3:
    return {{4, 3, 7, false}, 8};
  case MiniFormat::E5M2:
    return {{5, 2, 15, true}, 8};
  case MiniFormat::E2M3:
    return {{2, 3, 1, false}, 6};
  case MiniFormat::E3M2:
    return {{3, 2, 3, false}, 6};
  case MiniFormat::E2M1:
    return {{2, 1, 1, false}, 4};
  }
  return {{2, 1, 1, false}, 4};
}

double largestFinite(MiniFormat f) {
  switch (f) {
  case MiniFormat::E4M3:
    return 448.0;
  case MiniFormat::E5M2:
    return 57344.0;
  case MiniFormat::E2M3:
    return 7.5;
  case MiniFormat::E3M2:
    return 28.0;
  case MiniFormat::E2M1:
    return 6.0;
  }
  return 0;
}

struct Tables {
  double e4m3[256], e5m2[256], e2m3[64], e3m2[64], e2m1[16];
  Tables() {
    for (unsigned c = 0; c < 256; ++c) {
      e4m3[c] = decodeMini(MiniFormat::E4M3, c);
      e5m2[c] = decodeMini(MiniFormat::E5M2, c);
    }
    for (unsigned c = 0; c < 64; ++c) {
      e2m3[c] = decodeMini(MiniFormat::E2M3, c);
      e3m2[c] = decodeMini(MiniFormat::E3M2, c);
    }
    for (unsigned c = 0; c < 16; ++c)
      e2m1[c] = decodeMini(MiniFormat::E2M1, c);
  }
};
} // namespace

float fp4::emu::halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h >> 15) << 31;
  uint32_t e = (h >> 10) & 0x1F, m = h & 0x3FF;
  if (e == 0x1F)
    return bitsToFloat(sign | 0x7F800000u | (m << 13));
  if (e == 0) {
    float v = std::ldexp(float(m), -24);
    return sign ? -v : v;
  }
  return bitsToFloat(sign | ((e - 15 + 127) << 23) | (m << 13));
}

uint16_t fp4::emu::doubleToHalf(double d) { return doubleToIeee16(kHalf, d); }
uint16_t fp4::emu::doubleToBF16(double d) { return doubleToIeee16(kBF16, d); }

uint16_t fp4::emu::floatToBF16(float f) {
  uint32_t b = floatToBits(f);
  if ((b & 0x7FFFFFFFu) > 0x7F800000u) // NaN: keep sign, quiet
    return uint16_t((b >> 16) | 0x40);
  uint32_t lsb = (b >> 16) & 1;
  return uint16_t((b + 0x7FFF + lsb) >> 16);
}

uint16_t fp4::emu::floatToHalf(float f) { return doubleToHalf(double(f)); }

unsigned fp4::emu::miniFormatBits(MiniFormat f) { return miniDesc(f).bits; }

double fp4::emu::decodeMini(MiniFormat f, uint32_t code) {
  MiniDesc d = miniDesc(f);
  const Format &F = d.fmt;
  code &= (1u << d.bits) - 1;
  bool neg = (code >> (d.bits - 1)) & 1;
  uint32_t e = (code >> F.mBits) & ((1u << F.eBits) - 1);
  uint32_t m = code & ((1u << F.mBits) - 1);
  double v;
  if (f == MiniFormat::E4M3 && e == 15 && m == 7) {
    v = std::numeric_limits<double>::quiet_NaN();
  } else if (F.ieeeSpecials && e == (1u << F.eBits) - 1) {
    v = m ? std::numeric_limits<double>::quiet_NaN()
          : std::numeric_limits<double>::infinity();
  } else if (e == 0) {
    v = std::ldexp(double(m), 1 - F.bias - F.mBits);
  } else {
    v = std::ldexp(double(m + (1u << F.mBits)), int(e) - F.bias - F.mBits);
  }
  return neg ? -v : v;
}

const double *fp4::emu::miniTable(MiniFormat f) {
  static const Tables t;
  switch (f) {
  case MiniFormat::E4M3:
    return t.e4m3;
  case MiniFormat::E5M2:
    return t.e5m2;
  case MiniFormat::E2M3:
    return t.e2m3;
  case MiniFormat::E3M2:
    return t.e3m2;
  case MiniFormat::E2M1:
    return t.e2m1;
  }
  return t.e2m1;
}

uint32_t fp4::emu::encodeMini(MiniFormat f, double v) {
  MiniDesc d = miniDesc(f);
  uint32_t sign = std::signbit(v) ? (1u << (d.bits - 1)) : 0;
  if (std::isnan(v)) {
    if (f == MiniFormat::E4M3)
      return sign | 0x7F;
    if (f == MiniFormat::E5M2)
      return sign | 0x7E;
  }
  double a = std::fabs(v);
  uint32_t maxCode = uint32_t(roundMagnitude(d.fmt, largestFinite(f)));
  if (std::isnan(a) || a >= largestFinite(f))
    return sign | maxCode;
  uint64_t mag = roundMagnitude(d.fmt, a);
  if (mag > maxCode)
    mag = maxCode;
  return sign | uint32_t(mag);
}

double fp4::emu::e8m0ToDouble(uint8_t b) {
  if (b == 0xFF)
    return std::numeric_limits<double>::quiet_NaN();
  return std::ldexp(1.0, int(b) - 127);
}
