//===- Formats.cpp - bf16, MX element formats, E8M0 and fp4x2 --*- C++ -*-===//
//
// Written from the format definitions only; no lookup is shared with the
// compiler's lowering, so a shared mistake cannot hide.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Formats.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace fp4::ref;

uint32_t fp4::ref::floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

float fp4::ref::floatFromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

float fp4::ref::bf16ToFloat(uint16_t bits) {
  return floatFromBits(static_cast<uint32_t>(bits) << 16);
}

uint16_t fp4::ref::floatToBf16(float value) {
  uint32_t bits = floatBits(value);
  // Truncating a NaN whose payload sits in the low half would give Inf.
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  // Round to nearest even on bit 16; a carry into the exponent is correct
  // (it is how RNE reaches the next binade or Inf).
  uint32_t lsb = (bits >> 16) & 1u;
  return static_cast<uint16_t>((bits + 0x7FFFu + lsb) >> 16);
}

float fp4::ref::doubleToFloat(double value) {
  if (std::isnan(value))
    return std::numeric_limits<float>::quiet_NaN();
  // 2^128 - 2^103 is halfway between FLT_MAX and 2^128; RNE sends it (and
  // everything above) to Inf because FLT_MAX's last mantissa bit is odd.
  if (std::fabs(value) >= 0x1.ffffffp127)
    return std::copysign(std::numeric_limits<float>::infinity(),
                         static_cast<float>(std::copysign(1.0, value)));
  return static_cast<float>(value);
}

//===----------------------------------------------------------------------===//
// MX element formats
//===----------------------------------------------------------------------===//

namespace {

/// A format's field widths as OCP MX v1.0 defines them, and where its finite
/// codes end.
struct FormatSpec {
  const char *name;
  int exponentBits;
  int mantissaBits;
  int bias;
  /// The largest finite magnitude code; magnitude codes above it are NaN,
  /// except the first one above it in a format with Inf.
  uint8_t maxCode;
  bool hasInf;
};

const FormatSpec &spec(ElementFormat format) {
  static const FormatSpec kSpecs[] = {
      {"e2m1", 2, 1, 1, 0x07, false}, {"e4m3", 4, 3, 7, 0x7E, false},
      {"e5m2", 5, 2, 15, 0x7B, true}, {"e2m3", 2, 3, 1, 0x1F, false},
      {"e3m2", 3, 2, 3, 0x1F, false},
  };
  return kSpecs[static_cast<int>(format)];
}

int bitsOf(const FormatSpec &f) { return 1 + f.exponentBits + f.mantissaBits; }

/// The magnitude of every finite code of one format, from the definition:
/// exponent field 0 is subnormal, m * 2^(1 - bias - mantissaBits); otherwise
/// (2^mantissaBits + m) * 2^(e - bias - mantissaBits). Increasing in the code,
/// which encodeElement relies on.
struct MagnitudeTable {
  double value[128];

  explicit MagnitudeTable(const FormatSpec &f) {
    int mantissaMask = (1 << f.mantissaBits) - 1;
    for (int code = 0; code <= f.maxCode; ++code) {
      int e = code >> f.mantissaBits;
      int m = code & mantissaMask;
      value[code] = e == 0 ? std::ldexp(m, 1 - f.bias - f.mantissaBits)
                           : std::ldexp((1 << f.mantissaBits) + m,
                                        e - f.bias - f.mantissaBits);
    }
  }
};

const MagnitudeTable &magnitudes(ElementFormat format) {
  static const MagnitudeTable kTables[] = {
      MagnitudeTable(spec(ElementFormat::E2M1)),
      MagnitudeTable(spec(ElementFormat::E4M3)),
      MagnitudeTable(spec(ElementFormat::E5M2)),
      MagnitudeTable(spec(ElementFormat::E2M3)),
      MagnitudeTable(spec(ElementFormat::E3M2)),
  };
  return kTables[static_cast<int>(format)];
}

} // namespace

const char *fp4::ref::elementFormatName(ElementFormat format) {
  return spec(format).name;
}

int fp4::ref::elementBits(ElementFormat format) { return bitsOf(spec(format)); }

int fp4::ref::emax(ElementFormat format) {
  const FormatSpec &f = spec(format);
  return (f.maxCode >> f.mantissaBits) - f.bias;
}

double fp4::ref::maxFinite(ElementFormat format) {
  return magnitudes(format).value[spec(format).maxCode];
}

float fp4::ref::decodeElement(ElementFormat format, uint8_t code) {
  const FormatSpec &f = spec(format);
  int signBit = 1 << (bitsOf(f) - 1);
  int magnitude = code & (signBit - 1);
  float value;
  if (magnitude <= f.maxCode)
    value = static_cast<float>(magnitudes(format).value[magnitude]);
  else if (f.hasInf && magnitude == f.maxCode + 1)
    value = std::numeric_limits<float>::infinity();
  else
    value = std::numeric_limits<float>::quiet_NaN();
  return (code & signBit) ? -value : value;
}

uint8_t fp4::ref::encodeElement(ElementFormat format, double scaled,
                                Ties ties) {
  const FormatSpec &f = spec(format);
  int signBit = 1 << (bitsOf(f) - 1);
  uint8_t sign = std::signbit(scaled) ? signBit : 0;
  if (std::isnan(scaled)) {
    // The all-ones magnitude is NaN where any code is (fp8); fp4 and fp6
    // have none and give +0, as encodeE2M1 always did.
    bool hasNaN = f.maxCode != signBit - 1;
    return hasNaN ? static_cast<uint8_t>(sign | (signBit - 1)) : 0;
  }
  double m = std::fabs(scaled);
  const double *value = magnitudes(format).value;
  if (m >= value[f.maxCode])
    return sign | f.maxCode; // saturation, Inf included
  // The last code not above m, by bisection over the increasing table;
  // value[lo] <= m < value[hi] holds throughout.
  int lo = 0, hi = f.maxCode;
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (value[mid] <= m)
      lo = mid;
    else
      hi = mid;
  }
  // The midpoint of two neighbours is exact in double (few significant bits).
  double midpoint = (value[lo] + value[hi]) / 2;
  int code;
  if (m < midpoint)
    code = lo;
  else if (m > midpoint)
    code = hi;
  else if (ties == Ties::Away)
    code = hi;
  else
    code = (lo % 2 == 0) ? lo : hi; // tie: the even code
  return static_cast<uint8_t>(sign | code);
}

float fp4::ref::decodeE2M1(uint8_t code) {
  return decodeElement(ElementFormat::E2M1, code);
}

uint8_t fp4::ref::encodeE2M1(double scaled) {
  return encodeElement(ElementFormat::E2M1, scaled);
}

double fp4::ref::decodeE8M0(uint8_t byte) {
  if (byte == 0xFF)
    return std::numeric_limits<double>::quiet_NaN();
  return std::ldexp(1.0, static_cast<int>(byte) - 127);
}

uint8_t fp4::ref::packFp4x2(uint8_t even, uint8_t odd) {
  return static_cast<uint8_t>((even & 0xF) | ((odd & 0xF) << 4));
}

void fp4::ref::unpackFp4x2(const uint8_t *packed, int64_t count,
                           uint8_t *codes) {
  for (int64_t i = 0; i < count; ++i)
    codes[i] = fp4At(packed, i);
}

void fp4::ref::packFp4x2(const uint8_t *codes, int64_t count, uint8_t *packed) {
  for (int64_t i = 0; i < count; i += 2) {
    uint8_t odd = i + 1 < count ? codes[i + 1] : 0;
    packed[i / 2] = packFp4x2(codes[i], odd);
  }
}
