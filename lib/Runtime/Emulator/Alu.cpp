//===- Alu.cpp - Lane-local ops of the interpreter -------------*- C++ -*-===//
//
// Integer, float, conversion, vector and address arithmetic: everything that
// reads and writes only the executing lanes' registers.
//
//===----------------------------------------------------------------------===//

#include "Alu.h"
#include "Decoder.h"

#include <algorithm>
#include <cstring>

using namespace fp4::emu;

namespace {
struct Ctx {
  uint64_t *R;
  const Op &op;
  uint64_t M;
  bool full;
  AluFault &fault;
};
} // namespace

static bool intOp(Ctx &c) {
  const Op &op = c.op;
  uint64_t *R = c.R;
  unsigned bits = op.bits;
  uint64_t m = maskOf(bits);
  auto bin = [&](auto f) { map2(R, op.dst, op.a, op.b, op.n, c.M, c.full, f); };
  switch (op.code) {
  case Opc::Add:
    bin([m](uint64_t a, uint64_t b) { return (a + b) & m; });
    return true;
  case Opc::Sub:
    bin([m](uint64_t a, uint64_t b) { return (a - b) & m; });
    return true;
  case Opc::Mul:
    bin([m](uint64_t a, uint64_t b) { return (a * b) & m; });
    return true;
  case Opc::And:
    bin([](uint64_t a, uint64_t b) { return a & b; });
    return true;
  case Opc::Or:
    bin([](uint64_t a, uint64_t b) { return a | b; });
    return true;
  case Opc::Xor:
    bin([](uint64_t a, uint64_t b) { return a ^ b; });
    return true;
  case Opc::Shl: // shift >= width is poison in LLVM: 0 here
    bin([m, bits](uint64_t a, uint64_t b) {
      return b >= bits ? 0 : (a << b) & m;
    });
    return true;
  case Opc::LShr:
    bin([bits](uint64_t a, uint64_t b) { return b >= bits ? 0 : a >> b; });
    return true;
  case Opc::AShr:
    bin([m, bits](uint64_t a, uint64_t b) {
      return b >= bits ? 0 : uint64_t(sext(a, bits) >> b) & m;
    });
    return true;
  case Opc::UDiv:
  case Opc::SDiv:
  case Opc::URem:
  case Opc::SRem: {
    // Division by zero is undefined: an error, in any executing lane.
    for (uint32_t e = 0; e < op.n; ++e) {
      uint64_t *d = slotPtr(R, op.dst + e);
      const uint64_t *x = slotPtr(R, op.a + e), *y = slotPtr(R, op.b + e);
      for (uint64_t mm = c.M; mm; mm &= mm - 1) {
        unsigned L = ctz64(mm);
        uint64_t a = x[L], b = y[L];
        if (b == 0) {
          c.fault = {int(L), "integer division by zero"};
          return false;
        }
        uint64_t r;
        if (op.code == Opc::UDiv) {
          r = a / b;
        } else if (op.code == Opc::URem) {
          r = a % b;
        } else {
          int64_t sa = sext(a, bits), sb = sext(b, bits);
          if (sb == -1) // avoids INT_MIN / -1 overflow on the host
            r = op.code == Opc::SDiv ? uint64_t(0) - uint64_t(sa) : 0;
          else
            r = uint64_t(op.code == Opc::SDiv ? sa / sb : sa % sb);
        }
        d[L] = r & m;
      }
    }
    return true;
  }
  case Opc::ICmp: {
    auto cmp = [&](auto f) {
      map2(R, op.dst, op.a, op.b, op.n, c.M, c.full,
           [f](uint64_t a, uint64_t b) { return uint64_t(f(a, b)); });
    };
    switch (op.sub) {
    case 32:
      cmp([](uint64_t a, uint64_t b) { return a == b; });
      break;
    case 33:
      cmp([](uint64_t a, uint64_t b) { return a != b; });
      break;
    case 34:
      cmp([](uint64_t a, uint64_t b) { return a > b; });
      break;
    case 35:
      cmp([](uint64_t a, uint64_t b) { return a >= b; });
      break;
    case 36:
      cmp([](uint64_t a, uint64_t b) { return a < b; });
      break;
    case 37:
      cmp([](uint64_t a, uint64_t b) { return a <= b; });
      break;
    case 38:
      cmp([bits](uint64_t a, uint64_t b) {
        return sext(a, bits) > sext(b, bits);
      });
      break;
    case 39:
      cmp([bits](uint64_t a, uint64_t b) {
        return sext(a, bits) >= sext(b, bits);
      });
      break;
    case 40:
      cmp([bits](uint64_t a, uint64_t b) {
        return sext(a, bits) < sext(b, bits);
      });
      break;
    case 41:
      cmp([bits](uint64_t a, uint64_t b) {
        return sext(a, bits) <= sext(b, bits);
      });
      break;
    default:
      c.fault = {-1, "bad icmp predicate"};
      return false;
    }
    return true;
  }
  case Opc::Trunc:
    map1(R, op.dst, op.a, op.n, c.M, c.full, [m](uint64_t a) { return a & m; });
    return true;
  case Opc::SExt: {
    unsigned from = op.sub;
    map1(R, op.dst, op.a, op.n, c.M, c.full,
         [m, from](uint64_t a) { return uint64_t(sext(a, from)) & m; });
    return true;
  }
  case Opc::IntMinMax:
    switch (IntMinMaxK(op.sub)) {
    case IntMinMaxK::SMin:
      bin([bits](uint64_t a, uint64_t b) {
        return sext(a, bits) <= sext(b, bits) ? a : b;
      });
      break;
    case IntMinMaxK::SMax:
      bin([bits](uint64_t a, uint64_t b) {
        return sext(a, bits) >= sext(b, bits) ? a : b;
      });
      break;
    case IntMinMaxK::UMin:
      bin([](uint64_t a, uint64_t b) { return std::min(a, b); });
      break;
    case IntMinMaxK::UMax:
      bin([](uint64_t a, uint64_t b) { return std::max(a, b); });
      break;
    }
    return true;
  case Opc::Abs:
    map1(R, op.dst, op.a, op.n, c.M, c.full, [m, bits](uint64_t a) {
      int64_t s = sext(a, bits);
      return (s < 0 ? uint64_t(0) - uint64_t(s) : uint64_t(s)) & m;
    });
    return true;
  case Opc::FShl:
  case Opc::FShr: {
    bool left = op.code == Opc::FShl;
    map3(R, op.dst, op.a, op.b, op.c, op.n, c.M, c.full,
         [m, bits, left](uint64_t a, uint64_t b, uint64_t s) {
           s %= bits;
           if (s == 0)
             return left ? a : b;
           return left ? ((a << s) | (b >> (bits - s))) & m
                       : ((a << (bits - s)) | (b >> s)) & m;
         });
    return true;
  }
  case Opc::Ctlz:
    map1(R, op.dst, op.a, op.n, c.M, c.full, [bits](uint64_t a) -> uint64_t {
      return a == 0 ? bits : unsigned(__builtin_clzll(a)) - (64 - bits);
    });
    return true;
  case Opc::Cttz:
    map1(R, op.dst, op.a, op.n, c.M, c.full,
         [bits](uint64_t a) -> uint64_t { return a == 0 ? bits : ctz64(a); });
    return true;
  case Opc::Ctpop:
    map1(R, op.dst, op.a, op.n, c.M, c.full,
         [](uint64_t a) -> uint64_t { return popcount64(a); });
    return true;
  case Opc::BitRev:
    map1(R, op.dst, op.a, op.n, c.M, c.full, [bits](uint64_t a) {
      uint64_t r = 0;
      for (unsigned i = 0; i < bits; ++i)
        r |= ((a >> i) & 1) << (bits - 1 - i);
      return r;
    });
    return true;
  case Opc::BSwap:
    map1(R, op.dst, op.a, op.n, c.M, c.full,
         [bits](uint64_t a) { return __builtin_bswap64(a) >> (64 - bits); });
    return true;
  case Opc::SatArith: {
    using I = __int128;
    I lo = -(I(1) << (bits - 1)), hi = (I(1) << (bits - 1)) - 1;
    SatK k = SatK(op.sub);
    bin([=](uint64_t a, uint64_t b) -> uint64_t {
      switch (k) {
      case SatK::UAdd: {
        I r = I(a) + I(b);
        return r > I(m) ? m : uint64_t(r);
      }
      case SatK::USub:
        return a > b ? a - b : 0;
      case SatK::SAdd:
      case SatK::SSub: {
        I r = k == SatK::SAdd ? I(sext(a, bits)) + I(sext(b, bits))
                              : I(sext(a, bits)) - I(sext(b, bits));
        r = r < lo ? lo : r > hi ? hi : r;
        return uint64_t(int64_t(r)) & m;
      }
      }
      return 0;
    });
    return true;
  }
  case Opc::OvfArith: {
    using I = __int128;
    OvfK k = OvfK(op.sub);
    uint64_t *d = slotPtr(R, op.dst), *o = slotPtr(R, op.dst + 1);
    const uint64_t *x = slotPtr(R, op.a), *y = slotPtr(R, op.b);
    I lo = -(I(1) << (bits - 1)), hi = (I(1) << (bits - 1)) - 1;
    FP4_FOR_LANES(c.M, L, {
      uint64_t a = x[L], b = y[L];
      I r;
      bool ovf;
      switch (k) {
      case OvfK::UAdd:
        r = I(a) + I(b);
        ovf = r > I(m);
        break;
      case OvfK::USub:
        r = I(a) - I(b);
        ovf = a < b;
        break;
      case OvfK::UMul:
        r = I(a) * I(b);
        ovf = r > I(m);
        break;
      case OvfK::SAdd:
        r = I(sext(a, bits)) + I(sext(b, bits));
        ovf = r < lo || r > hi;
        break;
      case OvfK::SSub:
        r = I(sext(a, bits)) - I(sext(b, bits));
        ovf = r < lo || r > hi;
        break;
      default:
        r = I(sext(a, bits)) * I(sext(b, bits));
        ovf = r < lo || r > hi;
        break;
      }
      d[L] = uint64_t(r) & m;
      o[L] = ovf;
    });
    return true;
  }
  default:
    return false;
  }
}

template <class FT> static void fbin(Ctx &c) {
  using T = typename FT::T;
  const Op &op = c.op;
  auto bin = [&](auto f) {
    map2(c.R, op.dst, op.a, op.b, op.n, c.M, c.full,
         [f](uint64_t a, uint64_t b) {
           return FT::put(f(FT::get(a), FT::get(b)));
         });
  };
  switch (FBinK(op.sub)) {
  case FBinK::Add:
    bin([](T a, T b) { return a + b; });
    break;
  case FBinK::Sub:
    bin([](T a, T b) { return a - b; });
    break;
  case FBinK::Mul:
    bin([](T a, T b) { return a * b; });
    break;
  case FBinK::Div:
    bin([](T a, T b) { return a / b; });
    break;
  case FBinK::Rem:
    bin([](T a, T b) { return T(std::fmod(a, b)); });
    break;
  }
}

template <class FT> static double unaryD(FUnK k, double x) {
  switch (k) {
  case FUnK::Floor:
    return std::floor(x);
  case FUnK::Ceil:
    return std::ceil(x);
  case FUnK::Trunc:
    return std::trunc(x);
  case FUnK::RoundEven:
    return std::nearbyint(x); // default rounding mode: nearest even
  case FUnK::Round:
    return std::round(x);
  case FUnK::Sqrt:
    return std::sqrt(x);
  case FUnK::Exp2:
    return std::exp2(x);
  case FUnK::Log2:
    return std::log2(x);
  case FUnK::Exp:
    return std::exp(x);
  case FUnK::Log:
    return std::log(x);
  case FUnK::Rcp:
    return 1.0 / x;
  case FUnK::Rsq:
    return 1.0 / std::sqrt(x);
  case FUnK::Sin:
    return std::sin(x);
  case FUnK::Cos:
    return std::cos(x);
  case FUnK::Fract: {
    if (std::isnan(x) || std::isinf(x))
      return std::isnan(x) ? x : std::nan("");
    double f = x - std::floor(x);
    // The result is < 1 in the type: clamp to the largest value below 1.
    double below = 1.0 - std::ldexp(1.0, -int(FT::mBits) - 1);
    return std::min(f, below);
  }
  default:
    return x;
  }
}

template <class FT> static void funary(Ctx &c) {
  const Op &op = c.op;
  FUnK k = FUnK(op.sub);
  if (k == FUnK::Abs) {
    uint64_t m = ~(uint64_t(1) << FT::signBit);
    map1(c.R, op.dst, op.a, op.n, c.M, c.full,
         [m](uint64_t a) { return a & m; });
    return;
  }
  if (k == FUnK::Canonicalize) {
    map1(c.R, op.dst, op.a, op.n, c.M, c.full, [](uint64_t a) {
      double v = FT::get(a);
      if (std::isnan(v)) // quiet the NaN
        return a | (uint64_t(1) << (FT::mBits - 1));
      return a;
    });
    return;
  }
  map1(c.R, op.dst, op.a, op.n, c.M, c.full,
       [k](uint64_t a) { return FT::putD(unaryD<FT>(k, double(FT::get(a)))); });
}

template <class FT> static uint64_t fpClassBits(uint64_t b) {
  unsigned sign = (b >> FT::signBit) & 1;
  uint64_t e = (b >> FT::mBits) & maskOf(FT::eBits);
  uint64_t man = b & maskOf(FT::mBits);
  unsigned bit;
  if (e == maskOf(FT::eBits)) {
    if (man == 0)
      bit = sign ? 2 : 9;
    else
      bit = (man >> (FT::mBits - 1)) & 1 ? 1 : 0;
  } else if (e == 0) {
    bit = man == 0 ? (sign ? 5 : 6) : (sign ? 4 : 7);
  } else {
    bit = sign ? 3 : 8;
  }
  return uint64_t(1) << bit;
}

template <class FT> static void floatOp(Ctx &c) {
  using T = typename FT::T;
  const Op &op = c.op;
  uint64_t *R = c.R;
  switch (op.code) {
  case Opc::FBin:
    fbin<FT>(c);
    break;
  case Opc::FNeg: {
    uint64_t s = uint64_t(1) << FT::signBit;
    map1(R, op.dst, op.a, op.n, c.M, c.full, [s](uint64_t a) { return a ^ s; });
    break;
  }
  case Opc::FUn:
    funary<FT>(c);
    break;
  case Opc::FCmp: {
    // Predicate bits: 1 = equal, 2 = greater, 4 = less, 8 = unordered.
    unsigned pred = op.sub;
    map2(R, op.dst, op.a, op.b, op.n, c.M, c.full,
         [pred](uint64_t a, uint64_t b) -> uint64_t {
           T x = FT::get(a), y = FT::get(b);
           unsigned rel = (x != x || y != y) ? 3 : x < y ? 2 : x > y ? 1 : 0;
           return (pred >> rel) & 1;
         });
    break;
  }
  case Opc::FMA:
    map3(R, op.dst, op.a, op.b, op.c, op.n, c.M, c.full,
         [](uint64_t a, uint64_t b, uint64_t d) {
           if (sizeof(T) == 4 && FT::mBits == 23)
             return FT::put(T(std::fma(float(FT::get(a)), float(FT::get(b)),
                                       float(FT::get(d)))));
           return FT::putD(std::fma(double(FT::get(a)), double(FT::get(b)),
                                    double(FT::get(d))));
         });
    break;
  case Opc::FMinMax: {
    FMinMaxK k = FMinMaxK(op.sub);
    map2(R, op.dst, op.a, op.b, op.n, c.M, c.full,
         [k](uint64_t a, uint64_t b) -> uint64_t {
           T x = FT::get(a), y = FT::get(b);
           bool xn = x != x, yn = y != y;
           bool isMin = k == FMinMaxK::MinNum || k == FMinMaxK::Minimum ||
                        k == FMinMaxK::MinimumNum;
           if (xn || yn) {
             if (k == FMinMaxK::Minimum || k == FMinMaxK::Maximum)
               return FT::put(std::numeric_limits<T>::quiet_NaN());
             if (xn && yn)
               return FT::put(std::numeric_limits<T>::quiet_NaN());
             return xn ? b : a;
           }
           if (x == y) { // +0 vs -0: -0 is smaller
             bool xs = std::signbit(x);
             return isMin ? (xs ? a : b) : (xs ? b : a);
           }
           return isMin ? (x < y ? a : b) : (x > y ? a : b);
         });
    break;
  }
  case Opc::CopySign: {
    uint64_t s = uint64_t(1) << FT::signBit;
    map2(R, op.dst, op.a, op.b, op.n, c.M, c.full,
         [s](uint64_t a, uint64_t b) { return (a & ~s) | (b & s); });
    break;
  }
  case Opc::LdExp: {
    unsigned eb = op.sub;
    map2(R, op.dst, op.a, op.b, op.n, c.M, c.full,
         [eb](uint64_t a, uint64_t b) {
           int64_t e = sext(b, eb);
           e = std::clamp<int64_t>(e, -4096, 4096);
           return FT::putD(std::ldexp(double(FT::get(a)), int(e)));
         });
    break;
  }
  case Opc::FrexpMant:
    map1(R, op.dst, op.a, op.n, c.M, c.full, [](uint64_t a) {
      double v = FT::get(a);
      if (std::isnan(v) || std::isinf(v) || v == 0)
        return a;
      int e;
      return FT::putD(std::frexp(v, &e));
    });
    break;
  case Opc::FrexpExp: {
    uint64_t m = maskOf(op.sub);
    map1(R, op.dst, op.a, op.n, c.M, c.full, [m](uint64_t a) -> uint64_t {
      double v = FT::get(a);
      if (std::isnan(v) || std::isinf(v) || v == 0)
        return 0;
      int e;
      std::frexp(v, &e);
      return uint64_t(int64_t(e)) & m;
    });
    break;
  }
  case Opc::IsFPClass: {
    uint64_t test = op.aux;
    map1(R, op.dst, op.a, op.n, c.M, c.full, [test](uint64_t a) -> uint64_t {
      return (fpClassBits<FT>(a) & test) != 0;
    });
    break;
  }
  default:
    break;
  }
}

static void fconv(Ctx &c) {
  const Op &op = c.op;
  uint64_t *R = c.R;
  switch (op.sub) {
  case kConvF2F: {
    EK from = EK(op.bits), to = EK(op.aux);
    if (from == EK::BF16 && to == EK::F32) {
      map1(R, op.dst, op.a, op.n, c.M, c.full,
           [](uint64_t a) { return (a & 0xFFFF) << 16; });
    } else if (from == EK::F32 && to == EK::BF16) {
      map1(R, op.dst, op.a, op.n, c.M, c.full, [](uint64_t a) -> uint64_t {
        return floatToBF16(bitsToFloat(uint32_t(a)));
      });
    } else {
      map1(R, op.dst, op.a, op.n, c.M, c.full, [from, to](uint64_t a) {
        return floatBits(to, floatValue(from, a));
      });
    }
    break;
  }
  case kConvF2SI:
  case kConvF2UI: {
    EK from = EK(op.bits);
    unsigned bits = op.aux;
    bool s = op.sub == kConvF2SI;
    map1(R, op.dst, op.a, op.n, c.M, c.full,
         [=](uint64_t a) { return fpToInt(floatValue(from, a), bits, s); });
    break;
  }
  case kConvSI2F:
  case kConvUI2F: {
    unsigned bits = op.bits;
    EK to = EK(op.aux);
    bool s = op.sub == kConvSI2F;
    map1(R, op.dst, op.a, op.n, c.M, c.full, [=](uint64_t a) -> uint64_t {
      if (to == EK::F32)
        return floatToBits(s ? float(sext(a, bits)) : float(a));
      double d = s ? double(sext(a, bits)) : double(a);
      return floatBits(to, d);
    });
    break;
  }
  }
}

/// Bitcast between element shapes: concatenates the source elements'
/// bits (element 0 lowest) and cuts them into destination elements.
static void repack(Ctx &c, const RepackDesc &d) {
  const Op &op = c.op;
  uint64_t buf[64];
  unsigned words = (d.srcCount * d.srcBits + 63) / 64;
  FP4_FOR_LANES(c.M, L, {
    std::memset(buf, 0, words * 8);
    unsigned pos = 0;
    for (unsigned e = 0; e < d.srcCount; ++e, pos += d.srcBits) {
      uint64_t v = slotPtr(c.R, op.a + e)[L] & maskOf(d.srcBits);
      buf[pos / 64] |= v << (pos % 64);
      if (pos % 64 + d.srcBits > 64)
        buf[pos / 64 + 1] |= v >> (64 - pos % 64);
    }
    pos = 0;
    for (unsigned e = 0; e < d.dstCount; ++e, pos += d.dstBits) {
      uint64_t v = buf[pos / 64] >> (pos % 64);
      if (pos % 64 + d.dstBits > 64)
        v |= buf[pos / 64 + 1] << (64 - pos % 64);
      slotPtr(c.R, op.dst + e)[L] = v & maskOf(d.dstBits);
    }
  });
}

bool fp4::emu::execAlu(const FuncCode &fn, const Op &op, uint64_t *R,
                       uint64_t M, bool full, AluFault &fault) {
  Ctx c{R, op, M, full, fault};
  switch (op.code) {
  case Opc::Copy:
    map1(R, op.dst, op.a, op.n, M, full, [](uint64_t a) { return a; });
    return true;
  case Opc::Select: {
    if (op.sub) { // one condition for all slots
      const uint64_t *cond = slotPtr(R, op.a);
      for (uint32_t e = 0; e < op.n; ++e) {
        uint64_t *d = slotPtr(R, op.dst + e);
        const uint64_t *t = slotPtr(R, op.b + e), *f = slotPtr(R, op.c + e);
        if (full) {
          for (unsigned L = 0; L < kWave; ++L)
            d[L] = (cond[L] & 1) ? t[L] : f[L];
        } else {
          FP4_FOR_LANES(M, L, d[L] = (cond[L] & 1) ? t[L] : f[L]);
        }
      }
    } else {
      map3(R, op.dst, op.a, op.b, op.c, op.n, M, full,
           [](uint64_t cnd, uint64_t t, uint64_t f) {
             return (cnd & 1) ? t : f;
           });
    }
    return true;
  }
  case Opc::ExtractElt: {
    uint64_t *d = slotPtr(R, op.dst);
    const uint64_t *idx = slotPtr(R, op.b);
    unsigned ib = op.bits;
    FP4_FOR_LANES(M, L, {
      uint64_t i = idx[L] & maskOf(ib);
      d[L] = i < op.n ? slotPtr(R, op.a + uint32_t(i))[L] : 0; // poison: 0
    });
    return true;
  }
  case Opc::InsertElt: {
    map1(R, op.dst, op.a, op.n, M, full, [](uint64_t a) { return a; });
    const uint64_t *idx = slotPtr(R, op.c), *v = slotPtr(R, op.b);
    unsigned ib = op.bits;
    FP4_FOR_LANES(M, L, {
      uint64_t i = idx[L] & maskOf(ib);
      if (i < op.n)
        slotPtr(R, op.dst + uint32_t(i))[L] = v[L];
    });
    return true;
  }
  case Opc::Shuffle: {
    const int32_t *mask = fn.shuffleMasks.data() + op.aux;
    uint32_t inLen = op.c;
    for (uint32_t e = 0; e < op.n; ++e) {
      uint64_t *d = slotPtr(R, op.dst + e);
      int32_t mi = mask[e];
      if (mi < 0) {
        map1(R, op.dst + e, op.dst + e, 1, M, full,
             [](uint64_t) -> uint64_t { return 0; });
        continue;
      }
      const uint64_t *s = uint32_t(mi) < inLen
                              ? slotPtr(R, op.a + uint32_t(mi))
                              : slotPtr(R, op.b + uint32_t(mi) - inLen);
      if (full)
        std::memcpy(d, s, kWave * 8);
      else
        FP4_FOR_LANES(M, L, d[L] = s[L]);
    }
    return true;
  }
  case Opc::Repack:
    repack(c, fn.repacks[op.aux]);
    return true;
  case Opc::FBin:
  case Opc::FNeg:
  case Opc::FUn:
  case Opc::FCmp:
  case Opc::FMA:
  case Opc::FMinMax:
  case Opc::CopySign:
  case Opc::LdExp:
  case Opc::FrexpMant:
  case Opc::FrexpExp:
  case Opc::IsFPClass:
    FP4_FLOAT_KIND(op.bits, floatOp<FT>(c));
    return true;
  case Opc::FConv:
    fconv(c);
    return true;
  case Opc::Gep: {
    const GepDesc &g = fn.geps[op.aux];
    uint64_t pm = maskOf(g.ptrBits);
    if (g.fat) {
      map1(R, op.dst, op.a, 2, M, full, [](uint64_t a) { return a; });
      uint64_t *d = slotPtr(R, op.dst + 2);
      const uint64_t *b = slotPtr(R, op.a + 2);
      FP4_FOR_LANES(M, L, {
        uint64_t off = b[L] + uint64_t(g.constOffset);
        for (uint32_t t = g.termBegin; t < g.termEnd; ++t) {
          const GepTerm &gt = fn.gepTerms[t];
          off += uint64_t(sext(slotPtr(R, gt.slot)[L], gt.bits) * gt.scale);
        }
        d[L] = off & 0xFFFFFFFFu;
      });
      return true;
    }
    for (uint32_t e = 0; e < op.n; ++e) {
      uint64_t *d = slotPtr(R, op.dst + e);
      const uint64_t *b = slotPtr(R, op.a + (g.vectorBase ? e : 0));
      if (g.termBegin == g.termEnd) {
        uint64_t off = uint64_t(g.constOffset);
        if (full) {
          for (unsigned L = 0; L < kWave; ++L)
            d[L] = (b[L] + off) & pm;
        } else {
          FP4_FOR_LANES(M, L, d[L] = (b[L] + off) & pm);
        }
        continue;
      }
      FP4_FOR_LANES(M, L, {
        uint64_t addr = b[L] + uint64_t(g.constOffset);
        for (uint32_t t = g.termBegin; t < g.termEnd; ++t) {
          const GepTerm &gt = fn.gepTerms[t];
          uint64_t iv = slotPtr(R, gt.slot + (gt.vector ? e : 0))[L];
          addr += uint64_t(sext(iv, gt.bits) * gt.scale);
        }
        d[L] = addr & pm;
      });
    }
    return true;
  }
  case Opc::AsCast: {
    switch (AsCastK(op.sub)) {
    case AsCastK::LocalToFlat:
      map1(R, op.dst, op.a, op.n, M, full,
           [](uint64_t a) { return kLdsAperture + (a & 0xFFFFFFFFu); });
      break;
    case AsCastK::PrivToFlat:
      map1(R, op.dst, op.a, op.n, M, full,
           [](uint64_t a) { return kPrivAperture + (a & 0xFFFFFFFFu); });
      break;
    case AsCastK::FlatToLocal:
    case AsCastK::FlatToPriv: {
      uint64_t base = AsCastK(op.sub) == AsCastK::FlatToLocal ? kLdsAperture
                                                              : kPrivAperture;
      map1(R, op.dst, op.a, op.n, M, full, [base](uint64_t a) {
        return a >= base && a < base + kApertureSize ? a - base
                                                     : a & 0xFFFFFFFFu;
      });
      break;
    }
    case AsCastK::RsrcToFat:
      map1(R, op.dst, op.a, 2, M, full, [](uint64_t a) { return a; });
      map1(R, op.dst + 2, op.dst + 2, 1, M, full,
           [](uint64_t) -> uint64_t { return 0; });
      break;
    case AsCastK::Identity:
      map1(R, op.dst, op.a, op.n, M, full, [](uint64_t a) { return a; });
      break;
    }
    return true;
  }
  default:
    return intOp(c);
  }
}
