//===- Formats.cpp - bf16, E2M1, E8M0 and fp4x2 conversions -----*- C++ -*-===//
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

float fp4::ref::decodeE2M1(uint8_t code) {
  static const float kMagnitude[8] = {0.0f, 0.5f, 1.0f, 1.5f,
                                      2.0f, 3.0f, 4.0f, 6.0f};
  float magnitude = kMagnitude[code & 0x7];
  return (code & 0x8) ? -magnitude : magnitude;
}

uint8_t fp4::ref::encodeE2M1(double scaled) {
  if (std::isnan(scaled))
    return 0;
  uint8_t sign = std::signbit(scaled) ? 0x8 : 0x0;
  double m = std::fabs(scaled);
  // Midpoints between neighbouring codes; at a midpoint the even code wins,
  // so the comparison is <= when the lower code is even and < when it is odd.
  uint8_t code;
  if (m <= 0.25)
    code = 0;
  else if (m < 0.75)
    code = 1;
  else if (m <= 1.25)
    code = 2;
  else if (m < 1.75)
    code = 3;
  else if (m <= 2.5)
    code = 4;
  else if (m < 3.5)
    code = 5;
  else if (m <= 5.0)
    code = 6;
  else
    code = 7; // includes saturation of everything above 6, and Inf
  return sign | code;
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
