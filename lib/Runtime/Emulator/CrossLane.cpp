//===- CrossLane.cpp - Cross-lane ops, MFMA, scaled conversions -*- C++ -*-===//
//
// Ops that read other lanes' registers run once for the whole wave, after
// every live lane has arrived (see Exec.h). The scaled MFMA follows section
// 5 of docs/mxfp4-reference.md; the conversions follow the gfx950 ISA
// descriptions as documented in docs/emulator.md.
//
//===----------------------------------------------------------------------===//

#include "Exec.h"
#include "Lanes.h"

#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace fp4::emu;

/// Source lane of DPP control `ctrl` for lane L, or -1 when out of range.
static int dppSource(uint32_t ctrl, unsigned L, bool &ok) {
  ok = true;
  unsigned inRow = L % 16, rowBase = L & ~15u;
  if (ctrl <= 0xFF) // quad_perm
    return int((L & ~3u) | ((ctrl >> (2 * (L & 3))) & 3));
  if (ctrl >= 0x101 && ctrl <= 0x10F) { // row_shl
    unsigned n = ctrl & 15;
    return inRow + n < 16 ? int(L + n) : -1;
  }
  if (ctrl >= 0x111 && ctrl <= 0x11F) { // row_shr
    unsigned n = ctrl & 15;
    return inRow >= n ? int(L - n) : -1;
  }
  if (ctrl >= 0x121 && ctrl <= 0x12F) { // row_ror
    unsigned n = ctrl & 15;
    return int(rowBase + ((inRow + 16 - n) & 15));
  }
  switch (ctrl) {
  case 0x130: // wave_shl:1
    return L + 1 < kWave ? int(L + 1) : -1;
  case 0x134: // wave_rol:1
    return int((L + 1) % kWave);
  case 0x138: // wave_shr:1
    return L > 0 ? int(L - 1) : -1;
  case 0x13C: // wave_ror:1
    return int((L + kWave - 1) % kWave);
  case 0x140: // row_mirror
    return int(rowBase + 15 - inRow);
  case 0x141: // row_half_mirror
    return int((L & ~7u) + 7 - (L % 8));
  case 0x142: // row_bcast:15
    return L >= 16 ? int(rowBase - 1) : -1;
  case 0x143: // row_bcast:31
    return L >= 32 ? 31 : -1;
  default:
    ok = false;
    return -1;
  }
}

bool WaveExec::doCrossLane(const Op &op, uint64_t *R, uint64_t M) {
  unsigned first = ctz64(M);
  auto in = [&](int l) { return l >= 0 && ((M >> l) & 1); };
  switch (op.code) {
  case Opc::ReadFirstLane:
    for (uint32_t s = 0; s < op.n; ++s) {
      uint64_t v = slotPtr(R, op.a + s)[first];
      uint64_t *d = slotPtr(R, op.dst + s);
      FP4_FOR_LANES(M, L, d[L] = v);
    }
    return true;
  case Opc::ReadLane:
  case Opc::WriteLane: {
    unsigned src = unsigned(slotPtr(R, op.b)[first] & 63);
    if (op.code == Opc::ReadLane) {
      if (!in(int(src)))
        return fail(op, int(first),
                    "readlane reads lane " + std::to_string(src) +
                        ", which is not active");
      for (uint32_t s = 0; s < op.n; ++s) {
        uint64_t v = slotPtr(R, op.a + s)[src];
        uint64_t *d = slotPtr(R, op.dst + s);
        FP4_FOR_LANES(M, L, d[L] = v);
      }
      return true;
    }
    for (uint32_t s = 0; s < op.n; ++s) {
      uint64_t v = slotPtr(R, op.a + s)[first];
      uint64_t *d = slotPtr(R, op.dst + s);
      const uint64_t *old = slotPtr(R, op.c + s);
      FP4_FOR_LANES(M, L, d[L] = L == src ? v : old[L]);
    }
    return true;
  }
  case Opc::Ballot: {
    const uint64_t *c = slotPtr(R, op.a);
    uint64_t b = 0;
    FP4_FOR_LANES(M, L, b |= (c[L] & 1) << L);
    b &= maskOf(op.bits);
    uint64_t *d = slotPtr(R, op.dst);
    FP4_FOR_LANES(M, L, d[L] = b);
    return true;
  }
  case Opc::Bpermute: {
    const uint64_t *addr = slotPtr(R, op.a), *data = slotPtr(R, op.b);
    uint64_t tmp[kWave];
    FP4_FOR_LANES(M, L, {
      int s = int((addr[L] >> 2) & 63);
      tmp[L] = in(s) ? data[s] & 0xFFFFFFFFu : 0;
    });
    uint64_t *d = slotPtr(R, op.dst);
    FP4_FOR_LANES(M, L, d[L] = tmp[L]);
    return true;
  }
  case Opc::Permute: {
    // Lane L sends its data to lane addr/4; later lanes win collisions.
    const uint64_t *addr = slotPtr(R, op.a), *data = slotPtr(R, op.b);
    uint64_t tmp[kWave] = {};
    FP4_FOR_LANES(M, L, tmp[(addr[L] >> 2) & 63] = data[L] & 0xFFFFFFFFu);
    uint64_t *d = slotPtr(R, op.dst);
    FP4_FOR_LANES(M, L, d[L] = tmp[L]);
    return true;
  }
  case Opc::Swizzle: {
    uint32_t pat = op.aux;
    const uint64_t *data = slotPtr(R, op.a);
    uint64_t tmp[kWave];
    FP4_FOR_LANES(M, L, {
      int s;
      if (pat & 0x8000) { // quad permute
        s = int((L & ~3u) | ((pat >> (2 * (L & 3))) & 3));
      } else { // bit masks over groups of 32 lanes
        unsigned andM = pat & 0x1F, orM = (pat >> 5) & 0x1F,
                 xorM = (pat >> 10) & 0x1F;
        s = int((L & 0x20) | ((((L & 0x1F) & andM) | orM) ^ xorM));
      }
      tmp[L] = in(s) ? data[s] : 0;
    });
    uint64_t *d = slotPtr(R, op.dst);
    FP4_FOR_LANES(M, L, d[L] = tmp[L]);
    return true;
  }
  case Opc::Dpp: {
    const uint32_t *x = curFn->extra.data() + op.aux;
    uint32_t ctrl = x[0], rowMask = x[1], bankMask = x[2];
    bool boundCtrl = x[3] != 0;
    const uint64_t *src = slotPtr(R, op.b);
    const uint64_t *old = op.a != kNoSlot ? slotPtr(R, op.a) : nullptr;
    uint64_t tmp[kWave];
    bool ok = true;
    FP4_FOR_LANES(M, L, {
      uint64_t keep = old ? old[L] : 0;
      if (!((rowMask >> (L / 16)) & 1) || !((bankMask >> ((L % 16) / 4)) & 1)) {
        tmp[L] = keep;
        continue;
      }
      int s = dppSource(ctrl, L, ok);
      if (!ok)
        return fail(op, int(L),
                    "DPP control " + std::to_string(ctrl) +
                        " is not supported");
      tmp[L] = in(s) ? src[s] : (boundCtrl ? 0 : keep);
    });
    uint64_t *d = slotPtr(R, op.dst);
    FP4_FOR_LANES(M, L, d[L] = tmp[L]);
    return true;
  }
  case Opc::PermlaneSwap: {
    const uint64_t *vd = slotPtr(R, op.a), *vs = slotPtr(R, op.b);
    uint64_t nd[kWave], ns[kWave];
    for (unsigned L = 0; L < kWave; ++L) {
      nd[L] = vd[L];
      ns[L] = vs[L];
    }
    if (op.sub == 32) {
      for (unsigned L = 0; L < 32; ++L) {
        nd[L + 32] = vs[L];
        ns[L] = vd[L + 32];
      }
    } else {
      for (unsigned L = 0; L < kWave; ++L)
        if ((L / 16) % 2 == 1) {
          nd[L] = vs[L - 16];
          ns[L - 16] = vd[L];
        }
    }
    uint64_t *d0 = slotPtr(R, op.dst), *d1 = slotPtr(R, op.dst + 1);
    FP4_FOR_LANES(M, L, {
      d0[L] = nd[L];
      d1[L] = ns[L];
    });
    return true;
  }
  case Opc::WaveReduce: {
    const uint64_t *v = slotPtr(R, op.a);
    unsigned bits = op.bits;
    uint64_t m = maskOf(bits);
    ReduceK k = ReduceK(op.sub);
    uint64_t acc = v[first];
    for (uint64_t mm = M & (M - 1); mm; mm &= mm - 1) {
      uint64_t x = v[ctz64(mm)];
      switch (k) {
      case ReduceK::UMin:
        acc = std::min(acc, x);
        break;
      case ReduceK::UMax:
        acc = std::max(acc, x);
        break;
      case ReduceK::Min:
        acc = sext(x, bits) < sext(acc, bits) ? x : acc;
        break;
      case ReduceK::Max:
        acc = sext(x, bits) > sext(acc, bits) ? x : acc;
        break;
      case ReduceK::Add:
      case ReduceK::Sub:
        acc = (acc + x) & m;
        break;
      case ReduceK::And:
        acc &= x;
        break;
      case ReduceK::Or:
        acc |= x;
        break;
      case ReduceK::Xor:
        acc ^= x;
        break;
      }
    }
    if (k == ReduceK::Sub) // 0 - (sum of all values)
      acc = (uint64_t(0) - acc) & m;
    uint64_t *d = slotPtr(R, op.dst);
    FP4_FOR_LANES(M, L, d[L] = acc);
    return true;
  }
  case Opc::MfmaScale:
    return doMfma(op, R, M);
  default:
    return fail(op, int(first),
                std::string("internal: cross-lane op ") + opcName(op.code));
  }
}

/// Bits [pos, pos+n) of a lane's operand held in consecutive 32-bit slots.
static inline uint32_t operandBits(const uint64_t *R, uint32_t slot, unsigned L,
                                   unsigned pos, unsigned n) {
  uint64_t v = 0;
  unsigned got = 0;
  while (got < n) {
    unsigned dw = (pos + got) / 32, off = (pos + got) % 32;
    unsigned take = std::min(n - got, 32 - off);
    uint64_t w = R[size_t(slot + dw) * kWave + L] & 0xFFFFFFFFu;
    v |= ((w >> off) & maskOf(take)) << got;
    got += take;
  }
  return uint32_t(v);
}

/// The 32 element codes of a lane's MFMA operand (a bit stream of `bits`-
/// bit codes in consecutive 32-bit registers, element 0 lowest).
static void operandCodes(const uint64_t *R, uint32_t slot, unsigned L,
                         unsigned bits, uint32_t *codes) {
  if (bits == 4 || bits == 8) {
    unsigned perDw = 32 / bits;
    for (unsigned dw = 0; dw < bits; ++dw) {
      uint32_t w = uint32_t(R[size_t(slot + dw) * kWave + L]);
      for (unsigned e = 0; e < perDw; ++e)
        codes[dw * perDw + e] = (w >> (e * bits)) & ((1u << bits) - 1);
    }
    return;
  }
  for (unsigned e = 0; e < 32; ++e)
    codes[e] = operandBits(R, slot, L, e * bits, bits);
}

bool WaveExec::doMfma(const Op &op, uint64_t *R, uint64_t M) {
  (void)M;
  if (wave->active != ~uint64_t(0))
    return fail(op, -1,
                "the scaled MFMA reads all 64 lanes, but lanes " +
                    std::to_string(popcount64(wave->active)) +
                    "-63 of this wave are not work-items (the work-group "
                    "size is not a multiple of 64)");
  const bool big = op.n == 32;
  const unsigned rows = big ? 32 : 16, K = big ? 64 : 128;
  MiniFormat fa = MiniFormat(op.sub & 7), fb = MiniFormat((op.sub >> 3) & 7);
  unsigned selA = op.bits & 3, selB = (op.bits >> 2) & 3;
  unsigned ba = miniFormatBits(fa), bb = miniFormatBits(fb);
  const double *ta = miniTable(fa), *tb = miniTable(fb);
  const uint32_t *x = curFn->extra.data() + op.aux;
  const uint64_t *scaleA = slotPtr(R, x[0]), *scaleB = slotPtr(R, x[1]);

  // A[i][k] and B[k][j], each already multiplied by its block's scale
  // (exact: scales are powers of two).
  static thread_local double A[32][128], B[128][32];
  static const struct E8M0Table {
    double v[256];
    E8M0Table() {
      for (unsigned b = 0; b < 256; ++b)
        v[b] = e8m0ToDouble(uint8_t(b));
    }
  } e8m0;
  uint32_t codes[32];
  for (unsigned L = 0; L < kWave; ++L) {
    unsigned r = L % rows, kb = L / rows;
    double sa = e8m0.v[(scaleA[L] >> (8 * selA)) & 0xFF];
    double sb = e8m0.v[(scaleB[L] >> (8 * selB)) & 0xFF];
    operandCodes(R, op.a, L, ba, codes);
    for (unsigned e = 0; e < 32; ++e)
      A[r][kb * 32 + e] = ta[codes[e]] * sa;
    operandCodes(R, op.b, L, bb, codes);
    for (unsigned e = 0; e < 32; ++e)
      B[kb * 32 + e][r] = tb[codes[e]] * sb;
  }
  // D[i][j] = C[i][j] + A[i][0]*B[0][j] + A[i][1]*B[1][j] + ... in double
  // (k in order), rounded to f32 once. The j loop is innermost so that the
  // independent accumulators vectorize; each sum keeps the k order.
  auto cLane = [&](unsigned i, unsigned j) {
    return big ? j + 32 * ((i / 4) % 2) : j + 16 * (i / 4);
  };
  auto cSlot = [&](unsigned i) { return big ? 4 * (i / 8) + i % 4 : i % 4; };
  double acc[32];
  float out[32][32];
  for (unsigned i = 0; i < rows; ++i) {
    const uint64_t *c = slotPtr(R, op.c + cSlot(i));
    for (unsigned j = 0; j < rows; ++j)
      acc[j] = bitsToFloat(uint32_t(c[cLane(i, j)]));
    for (unsigned k = 0; k < K; ++k) {
      double a = A[i][k];
      const double *b = B[k];
      for (unsigned j = 0; j < rows; ++j)
        acc[j] += a * b[j];
    }
    for (unsigned j = 0; j < rows; ++j)
      out[i][j] = float(acc[j]);
  }
  for (unsigned i = 0; i < rows; ++i)
    for (unsigned j = 0; j < rows; ++j)
      slotPtr(R, op.dst + cSlot(i))[cLane(i, j)] = floatToBits(out[i][j]);
  ctx.mfmas.fetch_add(1, std::memory_order_relaxed);
  return true;
}

bool WaveExec::doCvtTrunc(const Op &op, uint64_t *R, uint64_t M, bool full) {
  (void)full;
  const uint32_t *x = curFn->extra.data() + op.aux;
  const uint64_t *scale = slotPtr(R, x[0]);
  uint32_t nsrc = x[1];
  const uint32_t *srcs = x + 2;
  MiniFormat fmt = MiniFormat(op.sub);
  unsigned fbits = miniFormatBits(fmt), ebits = op.b, shift = op.c;
  EK srcKind = EK(op.bits);
  // A scale operand with exponent field 0xFF (Inf or NaN) has no documented
  // result: an error, so that a kernel that passes one is caught.
  for (uint64_t m = M; m; m &= m - 1) {
    unsigned L = ctz64(m);
    if (cvtScaleExponent(uint32_t(scale[L])) == 0xFF)
      return fail(op, int(L),
                  "scaled conversion with a scale operand of exponent 0xFF "
                  "(bits 0x" +
                      llvm::utohexstr(uint32_t(scale[L])) +
                      "): the result is undocumented, not modelled");
  }
  FP4_FOR_LANES(M, L, {
    uint64_t buf[4] = {0, 0, 0, 0};
    auto put = [&](unsigned pos, uint64_t v, unsigned n) {
      for (unsigned k = 0; k < n; ++k, ++pos) {
        uint64_t bit = uint64_t(1) << (pos % 64);
        if ((v >> k) & 1)
          buf[pos / 64] |= bit;
        else
          buf[pos / 64] &= ~bit;
      }
    };
    if (op.a != kNoSlot)
      for (uint32_t e = 0; e < op.n; ++e)
        put(e * ebits, slotPtr(R, op.a + e)[L], ebits);
    // x / 2^(E-127) is exact in double (f32 magnitudes over 2^-127 ..
    // 2^127 stay within 2^-276 .. 2^255), so encodeMini rounds the exact
    // quotient once: to nearest even, saturating at the largest magnitude,
    // with no denormal flush of the source or of the quotient.
    double s = cvtScaleFactor(uint32_t(scale[L]));
    for (uint32_t i = 0; i < nsrc; ++i) {
      double v = floatValue(srcKind, slotPtr(R, srcs[i])[L]) / s;
      put(shift + i * fbits, encodeMini(fmt, v), fbits);
    }
    for (uint32_t e = 0; e < op.n; ++e) {
      unsigned pos = e * ebits;
      uint64_t v = 0;
      for (unsigned k = 0; k < ebits; ++k, ++pos)
        v |= ((buf[pos / 64] >> (pos % 64)) & 1) << k;
      slotPtr(R, op.dst + e)[L] = v;
    }
  });
  return true;
}

bool WaveExec::doCvtExt(const Op &op, uint64_t *R, uint64_t M, bool full) {
  (void)full;
  const uint32_t *x = curFn->extra.data() + op.aux;
  const uint64_t *scale = slotPtr(R, x[0]);
  MiniFormat fmt = MiniFormat(op.sub);
  unsigned fbits = miniFormatBits(fmt), sbits = op.b, start = op.c;
  EK dstKind = EK(op.bits);
  const double *table = miniTable(fmt);
  FP4_FOR_LANES(M, L, {
    double s = cvtScaleFactor(uint32_t(scale[L]));
    for (uint32_t i = 0; i < op.n; ++i) {
      unsigned pos = start + i * fbits;
      uint32_t code = 0;
      for (unsigned k = 0; k < fbits; ++k, ++pos)
        code |=
            uint32_t((slotPtr(R, op.a + pos / sbits)[L] >> (pos % sbits)) & 1)
            << k;
      slotPtr(R, op.dst + i)[L] = floatBits(dstKind, table[code] * s);
    }
  });
  return true;
}
