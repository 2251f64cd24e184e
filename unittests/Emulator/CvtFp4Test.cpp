//===- CvtFp4Test.cpp - v_cvt_scalef32_pk_fp4_* on edge values --*- C++ -*-===//
//
// The emulator's gfx950 v_cvt_scalef32_pk_fp4_{bf16,f16,f32} against a
// reference written here from the documented semantics (docs/emulator.md):
// x / 2^(E-127), E the exponent field of the f32 scale operand (its sign and
// mantissa ignored), rounded to the nearest E2M1 value with ties to the even
// code, saturating at +-6, the sign kept (also for zero results), no
// denormal flush of the source. Cases: every threshold tie and both
// neighbours of it in each source type, subnormal sources of each type,
// subnormal quotients, saturation, negative zero, every E from 0 to 254, and
// scale operands with sign and mantissa bits set. E = 0xFF is refused.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <cmath>
#include <limits>

using namespace fp4::emu;
using namespace fp4::emu::test;

namespace {

constexpr unsigned kItems = 8192; // work-items of Inputs/cvtfp4.ll

double halfValue(uint16_t h) {
  unsigned e = (h >> 10) & 31, m = h & 1023;
  double v = e == 31  ? (m ? std::numeric_limits<double>::quiet_NaN()
                           : std::numeric_limits<double>::infinity())
             : e == 0 ? std::ldexp(double(m), -24)
                      : std::ldexp(double(m + 1024), int(e) - 25);
  return (h & 0x8000) ? -v : v;
}

/// IEEE half nearest to v (ties to even), Inf past the range.
uint16_t toHalf(double v) {
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  double a = std::fabs(v);
  if (a >= 65520.0)
    return sign | 0x7C00;
  if (a < std::ldexp(1.0, -14)) // subnormal; 1024 is the smallest normal
    return sign | uint16_t(std::nearbyint(std::ldexp(a, 24)));
  int e = std::ilogb(a);
  double m = std::nearbyint(std::ldexp(a, 10 - e));
  if (m == 2048) {
    m = 1024;
    ++e;
  }
  if (e > 15)
    return sign | 0x7C00;
  return sign | uint16_t((e + 15) << 10) | uint16_t(m - 1024);
}

/// The documented result for one element.
unsigned expectedCode(double x, uint32_t scaleBits) {
  int e = int((scaleBits >> 23) & 0xFF);
  double q = x / std::ldexp(1.0, e - 127);
  // Past 5 the nearest is 6 (nearestFp4's distances lose the difference
  // between 4 and 6 for huge q, and Inf has none).
  if (std::fabs(q) > 5)
    return (q < 0 ? 8 : 0) | 7;
  return nearestFp4(q);
}

/// One work-item: a pair in each source type and the scale operand's bits.
struct Case {
  uint16_t b[2];
  uint16_t h[2];
  float f[2];
  uint32_t scale;
};

uint32_t scaleOf(int e) { return uint32_t(e) << 23; }

/// The pair (v0, v1) rounded to each source type.
Case fromValues(double v0, double v1, uint32_t scale) {
  Case c;
  double v[2] = {v0, v1};
  for (int i = 0; i < 2; ++i) {
    c.f[i] = float(v[i]);
    c.b[i] = toBF16(c.f[i]);
    c.h[i] = toHalf(v[i]);
  }
  c.scale = scale;
  return c;
}

/// Steps each finite nonzero element by `d` units in the last place of its
/// own type (towards larger magnitudes for d > 0).
Case stepped(Case c, int d) {
  for (int i = 0; i < 2; ++i) {
    if ((c.b[i] & 0x7FFF) != 0 && (c.b[i] & 0x7F80) != 0x7F80)
      c.b[i] = uint16_t(c.b[i] + d);
    if ((c.h[i] & 0x7FFF) != 0 && (c.h[i] & 0x7C00) != 0x7C00)
      c.h[i] = uint16_t(c.h[i] + d);
    uint32_t fb = bitsOf(c.f[i]);
    if ((fb & 0x7FFFFFFF) != 0 && (fb & 0x7F800000) != 0x7F800000)
      c.f[i] = floatOf(fb + uint32_t(d));
  }
  return c;
}

std::vector<Case> edgeCases() {
  std::vector<Case> cs;
  const double ties[] = {0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5};
  const double others[] = {0.5, 1, 1.5, 2, 3, 4, 6, 0.3, 2.2, 5.5, 7, 100};
  // Ties and their neighbours in each type, over scale exponents where the
  // tie is a normal bf16/f32 (and, for E near 127 and 112, a normal f16).
  for (int e : {1, 2, 20, 100, 112, 120, 127, 130, 140, 200, 250, 254})
    for (double t : ties) {
      double x = std::ldexp(t, e - 127);
      for (int d : {0, -1, 1}) {
        cs.push_back(stepped(fromValues(x, -x, scaleOf(e)), d));
      }
    }
  // Every scale exponent with every tie and a few other multiples of it.
  for (int e = 0; e <= 254; ++e) {
    for (size_t i = 0; i < std::size(ties); ++i)
      cs.push_back(fromValues(std::ldexp(ties[i], e - 127),
                              -std::ldexp(others[i], e - 127), scaleOf(e)));
    for (size_t i = std::size(ties); i + 1 < std::size(others); i += 2)
      cs.push_back(fromValues(std::ldexp(others[i], e - 127),
                              -std::ldexp(others[i + 1], e - 127), scaleOf(e)));
  }
  // Subnormal sources. bf16 (m * 2^-133) with E = 0..2: quotients m / 64,
  // m / 128, m / 256, through the thresholds 0.25 .. 1.75.
  for (int e = 0; e <= 2; ++e)
    for (unsigned m = 1; m < 128; m += 2) {
      Case c = fromValues(0, 0, scaleOf(e));
      c.b[0] = uint16_t(m);
      c.b[1] = uint16_t(0x8000 | (m + 1));
      cs.push_back(c);
    }
  // f16 (m * 2^-24) with E = 96: quotients m / 128, every subnormal, the
  // thresholds 0.25 .. 5 at m = 32 .. 640.
  for (unsigned m = 1; m < 1024; m += 2) {
    Case c = fromValues(0, 0, scaleOf(96));
    c.h[0] = uint16_t(m);
    c.h[1] = uint16_t(0x8000 | (m + 1));
    cs.push_back(c);
  }
  // f32 (m * 2^-149) with E = 0: quotients m * 2^-22; the thresholds below
  // 2 and their neighbours.
  for (double t : {0.25, 0.75, 1.25, 1.75})
    for (int d : {-1, 0, 1}) {
      Case c = fromValues(0, 0, scaleOf(0));
      uint32_t m = uint32_t(std::ldexp(t, 22)) + uint32_t(d);
      c.f[0] = floatOf(m);
      c.f[1] = floatOf(0x80000000u | m);
      cs.push_back(c);
    }
  // Quotients below the smallest E2M1 subnormal (0.5) and near zero.
  for (double q : {0.1, 0.2, 0.24, 0.26, 1e-3, 1e-30})
    for (int e : {0, 5, 127, 254})
      cs.push_back(fromValues(std::ldexp(q, e - 127), -std::ldexp(q, e - 127),
                              scaleOf(e)));
  // Saturation: beyond 6, the largest finite values, infinities.
  for (int e : {0, 1, 64, 127, 200, 254}) {
    for (double q : {6.0, 6.5, 7.0, 1e3, 1e30})
      cs.push_back(fromValues(std::ldexp(q, e - 127), -std::ldexp(q, e - 127),
                              scaleOf(e)));
    Case c = fromValues(std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity(), scaleOf(e));
    cs.push_back(c);
    c.b[0] = 0x7F7F; // largest bf16
    c.b[1] = 0xFF7F;
    c.h[0] = 0x7BFF; // largest f16
    c.h[1] = 0xFBFF;
    c.f[0] = std::numeric_limits<float>::max();
    c.f[1] = -std::numeric_limits<float>::max();
    cs.push_back(c);
  }
  // Zeros: -0 keeps its sign (code 8), as does a negative that rounds to 0.
  for (int e : {0, 127, 254}) {
    cs.push_back(fromValues(-0.0, 0.0, scaleOf(e)));
    cs.push_back(fromValues(-std::ldexp(1.0, e - 130), 0.0, scaleOf(e)));
  }
  // The scale operand's sign and mantissa do not matter: +0.0 is E = 0, and
  // a negative, a non-power-of-two and a subnormal operand act by E only.
  for (uint32_t extra : {0x80000000u, 0x007FFFFFu, 0x00400000u, 0x80123456u})
    for (int e : {0, 1, 126, 127, 128, 254})
      for (double t : ties)
        cs.push_back(fromValues(std::ldexp(t, e - 127),
                                -std::ldexp(t * 1.5, e - 127),
                                scaleOf(e) | extra));
  return cs;
}

struct Buffers {
  std::vector<uint16_t> b, h;
  std::vector<float> f;
  std::vector<uint32_t> scales;
};

Buffers pack(const std::vector<Case> &cs) {
  Buffers buf;
  for (const Case &c : cs) {
    buf.b.insert(buf.b.end(), {c.b[0], c.b[1]});
    buf.h.insert(buf.h.end(), {c.h[0], c.h[1]});
    buf.f.insert(buf.f.end(), {c.f[0], c.f[1]});
    buf.scales.push_back(c.scale);
  }
  return buf;
}

/// Launches Inputs/cvtfp4.ll over `cs` (at most kItems cases, the rest
/// zeros with scale exponent 127); returns the output words, or with `error`
/// set, runs a launch that must fail and stores its message there.
std::vector<uint32_t> launchOn(std::vector<Case> cs, std::string *error) {
  auto prog = loadInput("cvtfp4.ll");
  if (!prog)
    return {};
  EXPECT_LE(cs.size(), size_t(kItems));
  cs.resize(kItems, fromValues(0, 0, scaleOf(127)));
  Buffers buf = pack(cs);
  DeviceMemory mem;
  Kernarg args;
  args.add(upload(mem, buf.b)).add(upload(mem, buf.h)).add(upload(mem, buf.f));
  args.add(upload(mem, buf.scales));
  uint64_t out = upload(mem, std::vector<uint32_t>(kItems, 0));
  args.add(out);
  if (error) {
    *error =
        runFails(*prog, "cvtfp4", {kItems / 64, 1, 1}, {64, 1, 1}, args, mem);
    return {};
  }
  run(*prog, "cvtfp4", {kItems / 64, 1, 1}, {64, 1, 1}, args, mem);
  return download<uint32_t>(mem, out, kItems);
}

TEST(CvtFp4Test, EdgeValuesBf16F16F32) {
  std::vector<Case> cs = edgeCases();
  ASSERT_GT(cs.size(), 3000u);
  std::vector<uint32_t> out = launchOn(cs, nullptr);
  ASSERT_EQ(out.size(), size_t(kItems));
  unsigned bad = 0;
  for (size_t i = 0; i < cs.size(); ++i) {
    const Case &c = cs[i];
    auto byte = [&](double x0, double x1) {
      return expectedCode(x0, c.scale) | (expectedCode(x1, c.scale) << 4);
    };
    uint32_t want = byte(c.f[0], c.f[1]) | (0xA5u << 8) |
                    (byte(bf16Value(c.b[0]), bf16Value(c.b[1])) << 16) |
                    (byte(halfValue(c.h[0]), halfValue(c.h[1])) << 24);
    if (out[i] != want && ++bad <= 10)
      ADD_FAILURE() << "case " << i << ": scale 0x" << std::hex << c.scale
                    << ", f32 " << bitsOf(c.f[0]) << " " << bitsOf(c.f[1])
                    << ", bf16 " << c.b[0] << " " << c.b[1] << ", f16 "
                    << c.h[0] << " " << c.h[1] << ": got 0x" << out[i]
                    << ", want 0x" << want;
  }
  EXPECT_EQ(bad, 0u);
}

/// A few results written out, so that the reference above is not the only
/// statement of the rule.
TEST(CvtFp4Test, KnownCodes) {
  std::vector<Case> cs = {
      // 0.25 and 0.75 at scale 1: ties to 0 (code 0) and 1 (code 2).
      fromValues(0.25, 0.75, scaleOf(127)),
      // 1.25 -> 1 (code 2), 1.75 -> 2 (code 4).
      fromValues(1.25, 1.75, scaleOf(127)),
      // 2.5 -> 2 (code 4), 3.5 -> 4 (code 6).
      fromValues(2.5, 3.5, scaleOf(127)),
      // 5 -> 4 (code 6), -5 -> -4 (code 14).
      fromValues(5, -5, scaleOf(127)),
      // 2^-128 and 2^-127 over E = 0 (+0.0 as the operand): 0.5 and 1.
      fromValues(std::ldexp(1.0, -128), std::ldexp(1.0, -127), 0),
      // -0 (code 8) and 1e6 saturating to 6 (code 7).
      fromValues(-0.0, 1e6, scaleOf(127)),
  };
  std::vector<uint32_t> out = launchOn(cs, nullptr);
  ASSERT_EQ(out.size(), size_t(kItems));
  // Byte 0 (f32), byte 2 (bf16) and byte 3 (f16, which cannot hold 2^-127:
  // its codes are 0 there) of each word.
  const uint32_t want[] = {0x2020A520, 0x4242A542, 0x6464A564,
                           0xE6E6A5E6, 0x0021A521, 0x7878A578};
  for (size_t i = 0; i < std::size(want); ++i)
    EXPECT_EQ(out[i], want[i]) << "case " << i;
}

TEST(CvtFp4Test, ScaleExponent0xFFIsRefused) {
  for (uint32_t scale : {0x7F800000u, 0x7FC00000u, 0xFF800001u}) {
    std::vector<Case> cs(77, fromValues(1, 2, scaleOf(127)));
    cs.push_back(fromValues(1, 2, scale));
    std::string msg;
    launchOn(cs, &msg);
    EXPECT_NE(msg.find("scale operand of exponent 0xFF"), std::string::npos)
        << msg;
    EXPECT_NE(msg.find("work-group (1, 0, 0), wave 0, lane 13"),
              std::string::npos)
        << msg;
  }
}

} // namespace
