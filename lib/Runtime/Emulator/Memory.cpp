//===- Memory.cpp - Memory ops of the interpreter --------------*- C++ -*-===//
//
// Loads, stores, atomics, allocas and buffer accesses. Every address is
// checked: global/flat addresses against the launch's regions, LDS against
// the work-group's allocation, private addresses against the lane's live
// allocas. A bad access is an error naming the lane and the address; buffer
// accesses outside num_records follow the hardware instead (loads read 0,
// stores are dropped).
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"
#include "Exec.h"
#include "Lanes.h"

#include <algorithm>
#include <cstring>

using namespace fp4::emu;

static std::string accessText(bool write, uint64_t size, const char *space,
                              uint64_t addr) {
  return std::string(write ? "store" : "load") + " of " + std::to_string(size) +
         " byte(s) at " + space + " address " + hexAddr(addr);
}

uint8_t *WaveExec::resolveGlobal(uint64_t addr, uint64_t size, bool write,
                                 unsigned lane, const Op &op,
                                 const char *space) {
  const std::vector<MemRegion> &regs = ctx.regions;
  auto inside = [&](const MemRegion &r) {
    return addr >= r.base && addr - r.base <= r.size &&
           size <= r.size - (addr - r.base);
  };
  const MemRegion *hit = nullptr;
  if (lastRegion < regs.size() && inside(regs[lastRegion])) {
    hit = &regs[lastRegion];
  } else {
    auto it = std::upper_bound(
        regs.begin(), regs.end(), addr,
        [](uint64_t a, const MemRegion &r) { return a < r.base; });
    if (it != regs.begin() && inside(*(it - 1))) {
      hit = &*(it - 1);
      lastRegion = size_t(hit - regs.data());
    } else {
      std::string msg = "out-of-bounds " + accessText(write, size, space, addr);
      if (it != regs.begin()) {
        const MemRegion &r = *(it - 1);
        if (addr < r.base + r.size)
          msg += ": runs " + std::to_string(addr + size - (r.base + r.size)) +
                 " byte(s) past the end of " + r.what + " [" + hexAddr(r.base) +
                 ", +" + std::to_string(r.size) + ")";
        else
          msg += ": starts " + std::to_string(addr - (r.base + r.size)) +
                 " byte(s) after the end of " + r.what + " [" +
                 hexAddr(r.base) + ", +" + std::to_string(r.size) + ")";
      } else {
        msg += ": no allocation at or below this address";
      }
      fail(op, int(lane), msg);
      return nullptr;
    }
  }
  if (write && !hit->writable) {
    fail(op, int(lane),
         accessText(write, size, space, addr) + " writes read-only " +
             hit->what);
    return nullptr;
  }
  return hit->data + (addr - hit->base);
}

uint8_t *WaveExec::resolve(unsigned as, uint64_t addr, uint64_t size,
                           bool write, unsigned lane, const Op &op) {
  if (as == 0) { // flat: route by aperture
    if (addr >= kLdsAperture && addr < kLdsAperture + kApertureSize)
      return resolve(3, addr - kLdsAperture, size, write, lane, op);
    if (addr >= kPrivAperture && addr < kPrivAperture + kApertureSize)
      return resolve(5, addr - kPrivAperture, size, write, lane, op);
    return resolveGlobal(addr, size, write, lane, op, "flat");
  }
  if (as == 1 || as == 4)
    return resolveGlobal(addr, size, write, lane, op,
                         as == 1 ? "global" : "constant");
  if (as == 3) {
    uint64_t off = addr & 0xFFFFFFFFu;
    if (off + size > wg->lds.size()) {
      fail(op, int(lane),
           "out-of-bounds " + accessText(write, size, "LDS", off) +
               ": the work-group has " + std::to_string(wg->lds.size()) +
               " byte(s) of LDS");
      return nullptr;
    }
    return wg->lds.data() + off;
  }
  if (as == 5) {
    uint64_t off = addr & 0xFFFFFFFFu;
    for (auto it = wave->privObjs[lane].rbegin(),
              e = wave->privObjs[lane].rend();
         it != e; ++it)
      if (off >= it->begin && off + size <= it->end)
        return wave->priv[lane].data() + off;
    fail(op, int(lane),
         "out-of-bounds " + accessText(write, size, "private", off) +
             ": not inside a live alloca of this lane");
    return nullptr;
  }
  fail(op, int(lane),
       "access in unsupported address space " + std::to_string(as));
  return nullptr;
}

/// `count` little-endian T elements at b -> slots from s on (one lane), masked
/// with m. A fixed-size copy per element where the width allows.
template <class T>
static void unpackElems(uint64_t *s, const uint8_t *b, uint32_t count,
                        uint64_t m) {
  for (uint32_t i = 0; i < count; ++i) {
    T v;
    std::memcpy(&v, b + sizeof(T) * i, sizeof(T));
    s[size_t(i) * kWave] = v & m;
  }
}

/// Memory image -> slots of one lane.
static void unpack(const TypeLayout &lay, const uint8_t *p, uint64_t *R,
                   uint32_t dst, unsigned L) {
  for (const Leaf &lf : lay.leaves) {
    uint64_t *s = slotPtr(R, dst + lf.slot) + L;
    const uint8_t *b = p + lf.memOffset;
    if (lf.kind == EK::Rsrc || lf.kind == EK::Fat) {
      for (uint32_t i = 0; i < lf.count; ++i) {
        uint64_t v[2];
        std::memcpy(v, b, 16);
        s[0] = v[0];
        s[kWave] = v[1];
        if (lf.kind == EK::Fat) {
          uint32_t off;
          std::memcpy(&off, b + 16, 4);
          s[2 * kWave] = off;
        }
        s += lf.slotsPerElem * kWave;
        b += lf.kind == EK::Fat ? 32 : 16;
      }
      continue;
    }
    if (lf.packed) {
      for (uint32_t i = 0; i < lf.count; ++i) {
        uint64_t pos = uint64_t(i) * lf.bits, v = 0;
        for (unsigned k = 0; k < lf.bits; ++k, ++pos)
          v |= uint64_t((b[pos / 8] >> (pos % 8)) & 1) << k;
        s[size_t(i) * kWave] = v;
      }
      continue;
    }
    unsigned eb = (lf.bits + 7) / 8;
    uint64_t m = maskOf(lf.bits);
    switch (eb) {
    case 1:
      unpackElems<uint8_t>(s, b, lf.count, m);
      break;
    case 2:
      unpackElems<uint16_t>(s, b, lf.count, m);
      break;
    case 4:
      unpackElems<uint32_t>(s, b, lf.count, m);
      break;
    default:
      for (uint32_t i = 0; i < lf.count; ++i) {
        uint64_t v = 0;
        std::memcpy(&v, b + size_t(eb) * i, eb);
        s[size_t(i) * kWave] = v & m;
      }
      break;
    }
  }
}

/// Slots of one lane -> memory image (bits of the image not covered by the
/// value, such as struct padding, are left as they are).
static void pack(const TypeLayout &lay, uint8_t *p, const uint64_t *R,
                 uint32_t src, unsigned L) {
  for (const Leaf &lf : lay.leaves) {
    const uint64_t *s = slotPtr(const_cast<uint64_t *>(R), src + lf.slot) + L;
    uint8_t *b = p + lf.memOffset;
    if (lf.kind == EK::Rsrc || lf.kind == EK::Fat) {
      for (uint32_t i = 0; i < lf.count; ++i) {
        uint64_t v[2] = {s[0], s[kWave]};
        std::memcpy(b, v, 16);
        if (lf.kind == EK::Fat) {
          uint32_t off = uint32_t(s[2 * kWave]);
          std::memcpy(b + 16, &off, 4);
        }
        s += lf.slotsPerElem * kWave;
        b += lf.kind == EK::Fat ? 32 : 16;
      }
      continue;
    }
    if (lf.packed) {
      for (uint32_t i = 0; i < lf.count; ++i) {
        uint64_t pos = uint64_t(i) * lf.bits, v = s[size_t(i) * kWave];
        for (unsigned k = 0; k < lf.bits; ++k, ++pos) {
          uint8_t bit = uint8_t(1u << (pos % 8));
          if ((v >> k) & 1)
            b[pos / 8] |= bit;
          else
            b[pos / 8] &= uint8_t(~bit);
        }
      }
      continue;
    }
    unsigned eb = (lf.bits + 7) / 8;
    for (uint32_t i = 0; i < lf.count; ++i) {
      uint64_t v = s[size_t(i) * kWave];
      std::memcpy(b + size_t(eb) * i, &v, eb); // little-endian host
    }
  }
}

/// Decodes a buffer resource (two slots holding the 128-bit V#).
namespace {
struct Rsrc {
  uint64_t base;
  uint32_t stride, numRecords;
};
} // namespace
static Rsrc decodeRsrc(uint64_t lo, uint64_t hi) {
  return {lo & 0xFFFFFFFFFFFFull, uint32_t((lo >> 48) & 0x3FFF),
          uint32_t(hi & 0xFFFFFFFFu)};
}
static constexpr const char *kStridedRsrc =
    "buffer resources with a nonzero stride are not supported";

bool WaveExec::bufferAccess(const Op &op, unsigned lane, uint64_t rsrc0,
                            uint64_t rsrc1, uint64_t voffset, uint64_t soffset,
                            uint32_t size, bool write, uint8_t *bytes) {
  Rsrc r = decodeRsrc(rsrc0, rsrc1);
  if (r.stride != 0)
    return fail(op, int(lane), kStridedRsrc);
  voffset &= 0xFFFFFFFFu;
  soffset &= 0xFFFFFFFFu;
  // Range check per dword (the part of the offset that the hardware
  // checks excludes soffset).
  for (uint32_t c = 0; c < size; c += 4) {
    uint32_t len = std::min<uint32_t>(4, size - c);
    bool inRange = voffset + c + len <= r.numRecords;
    if (!inRange) {
      ctx.bufOOB.fetch_add(1, std::memory_order_relaxed);
      if (!write)
        std::memset(bytes + c, 0, len);
      continue;
    }
    uint64_t addr = r.base + voffset + soffset + c;
    uint8_t *p = resolveGlobal(addr, len, write, lane, op, "buffer");
    if (!p)
      return false;
    if (write)
      std::memcpy(p, bytes + c, len);
    else
      std::memcpy(bytes + c, p, len);
  }
  return true;
}

bool WaveExec::bufferLanes(const Op &op, uint64_t *R, uint64_t M,
                           const TypeLayout &lay, bool write, uint32_t value,
                           const uint64_t *rsrc, const uint64_t *voffset,
                           const uint64_t *soffset) {
  uint8_t buf[256];
  if (lay.storeSize > sizeof(buf))
    return fail(op, int(ctz64(M)),
                std::string("buffer ") + (write ? "store" : "load") +
                    " wider than 256 bytes");
  FP4_FOR_LANES(M, L, {
    if (write) {
      std::memset(buf, 0, lay.storeSize);
      pack(lay, buf, R, value, L);
    }
    if (!bufferAccess(op, L, rsrc[L], rsrc[kWave + L], voffset[L],
                      soffset ? soffset[L] : 0, lay.storeSize, write, buf))
      return false;
    if (!write)
      unpack(lay, buf, R, value, L);
  });
  return true;
}

bool WaveExec::loadOrStore(const Op &op, uint64_t *R, uint64_t M, bool write) {
  const MemDesc &md = curFn->mems[op.aux];
  const TypeLayout &lay = ctx.prog->layouts[md.layout];
  // load: op.dst = *op.a; store: *op.b = op.a.
  uint32_t value = write ? op.a : op.dst;
  const uint64_t *ptr = slotPtr(R, write ? op.b : op.a);
  if (md.addrSpace == 7) // fat pointer: the V# in slots 0-1, the offset in 2
    return bufferLanes(op, R, M, lay, write, value, ptr, ptr + 2 * kWave,
                       nullptr);
  FP4_FOR_LANES(M, L, {
    uint8_t *p = resolve(md.addrSpace, ptr[L], lay.storeSize, write, L, op);
    if (!p)
      return false;
    if (write)
      pack(lay, p, R, value, L);
    else
      unpack(lay, p, R, value, L);
  });
  return true;
}

bool WaveExec::doLoad(const Op &op, uint64_t *R, uint64_t M) {
  return loadOrStore(op, R, M, false);
}

bool WaveExec::doStore(const Op &op, uint64_t *R, uint64_t M) {
  return loadOrStore(op, R, M, true);
}

bool WaveExec::doAlloca(const Op &op, uint64_t *R, uint64_t M) {
  constexpr uint32_t kMaxPrivate = 1u << 20;
  uint64_t *d = slotPtr(R, op.dst);
  uint64_t align = uint64_t(1) << op.bits;
  FP4_FOR_LANES(M, L, {
    uint64_t size = op.aux;
    if (op.a != kNoSlot)
      size *= slotPtr(R, op.a)[L] & maskOf(op.sub);
    uint64_t at = (uint64_t(wave->privSp[L]) + align - 1) & ~(align - 1);
    if (at + size + 16 > kMaxPrivate)
      return fail(op, int(L),
                  "private memory (allocas) exceeds 1 MiB per lane");
    std::vector<uint8_t> &mem = wave->priv[L];
    if (mem.size() < at + size)
      mem.resize(std::max<size_t>(at + size, mem.size() * 2), 0);
    std::memset(mem.data() + at, 0xCD, size);
    wave->privObjs[L].push_back({uint32_t(at), uint32_t(at + size)});
    wave->privSp[L] = uint32_t(at + size + 16); // 16-byte red zone
    d[L] = at;
  });
  return true;
}

void WaveExec::popPrivate(Wave &w, const Frame &f, uint64_t m) {
  FP4_FOR_LANES(m, L, {
    w.privSp[L] = f.privSp[L];
    w.privObjs[L].resize(f.privObjs[L]);
  });
}

/// One atomic read-modify-write on `bytes` (bits wide, or float kind).
static uint64_t rmw(RmwK k, uint8_t *p, unsigned bits, bool isFloat, EK fk,
                    uint64_t v) {
  unsigned nb = isFloat ? (fk == EK::F64   ? 8
                           : fk == EK::F32 ? 4
                                           : 2)
                        : (bits + 7) / 8;
  unsigned wbits = isFloat ? nb * 8 : bits;
  uint64_t m = maskOf(wbits);
  uint64_t old = 0;
  std::memcpy(&old, p, nb);
  old &= m;
  uint64_t nv = old;
  auto f = [&](double x) { return floatBits(fk, x); };
  double fo = isFloat ? floatValue(fk, old) : 0,
         fv = isFloat ? floatValue(fk, v) : 0;
  switch (k) {
  case RmwK::Xchg:
    nv = v;
    break;
  case RmwK::Add:
    nv = old + v;
    break;
  case RmwK::Sub:
    nv = old - v;
    break;
  case RmwK::And:
    nv = old & v;
    break;
  case RmwK::Nand:
    nv = ~(old & v);
    break;
  case RmwK::Or:
    nv = old | v;
    break;
  case RmwK::Xor:
    nv = old ^ v;
    break;
  case RmwK::Max:
    nv = sext(old, wbits) >= sext(v, wbits) ? old : v;
    break;
  case RmwK::Min:
    nv = sext(old, wbits) <= sext(v, wbits) ? old : v;
    break;
  case RmwK::UMax:
    nv = std::max(old, v);
    break;
  case RmwK::UMin:
    nv = std::min(old, v);
    break;
  case RmwK::UIncWrap:
    nv = old >= v ? 0 : old + 1;
    break;
  case RmwK::UDecWrap:
    nv = (old == 0 || old > v) ? v : old - 1;
    break;
  case RmwK::USubCond:
    nv = old >= v ? old - v : old;
    break;
  case RmwK::USubSat:
    nv = old >= v ? old - v : 0;
    break;
  case RmwK::FAdd:
    nv = f(fo + fv);
    break;
  case RmwK::FSub:
    nv = f(fo - fv);
    break;
  case RmwK::FMax:
  case RmwK::FMaximum:
    nv = (std::isnan(fo) ? v : std::isnan(fv) ? old : (fv > fo ? v : old));
    if (k == RmwK::FMaximum && (std::isnan(fo) || std::isnan(fv)))
      nv = f(std::nan(""));
    break;
  case RmwK::FMin:
  case RmwK::FMinimum:
    nv = (std::isnan(fo) ? v : std::isnan(fv) ? old : (fv < fo ? v : old));
    if (k == RmwK::FMinimum && (std::isnan(fo) || std::isnan(fv)))
      nv = f(std::nan(""));
    break;
  }
  nv &= m;
  std::memcpy(p, &nv, nb);
  return old;
}

std::unique_lock<std::mutex> WaveExec::atomicLock(const uint8_t *p,
                                                  uint64_t addr) {
  if (p >= wg->lds.data() && p < wg->lds.data() + wg->lds.size())
    return {}; // LDS belongs to this work-group (and host thread) alone
  // Global memory is shared with the other host threads.
  return std::unique_lock<std::mutex>(ctx.atomicMu[(addr >> 3) & 63]);
}

bool WaveExec::doAtomicRMW(const Op &op, uint64_t *R, uint64_t M) {
  const MemDesc &md = curFn->mems[op.aux];
  const TypeLayout &lay = ctx.prog->layouts[md.layout];
  const uint64_t *ptr = slotPtr(R, op.a);
  bool isFloat = op.c == 1;
  if (md.addrSpace == 7)
    return fail(op, int(ctz64(M)),
                "atomics through buffer fat pointers are "
                "not supported");
  // op.n elements of lay.storeSize / op.n bytes (2: a packed add), each
  // read-modified-written in turn under one lock.
  unsigned elementBytes = lay.storeSize / op.n;
  FP4_FOR_LANES(M, L, {
    uint64_t addr = ptr[L];
    uint8_t *p = resolve(md.addrSpace, addr, lay.storeSize, true, L, op);
    if (!p)
      return false;
    std::unique_lock<std::mutex> g = atomicLock(p, addr);
    for (unsigned e = 0; e < op.n; ++e)
      slotPtr(R, op.dst + e)[L] =
          rmw(RmwK(op.sub), p + e * elementBytes, op.bits, isFloat, EK(op.bits),
              slotPtr(R, op.b + e)[L]);
  });
  return true;
}

bool WaveExec::doCmpXchg(const Op &op, uint64_t *R, uint64_t M) {
  const MemDesc &md = curFn->mems[op.aux];
  const TypeLayout &lay = ctx.prog->layouts[md.layout];
  const uint64_t *ptr = slotPtr(R, op.a), *cmp = slotPtr(R, op.b),
                 *nv = slotPtr(R, op.c);
  uint64_t *d = slotPtr(R, op.dst), *ok = slotPtr(R, op.dst + 1);
  unsigned nb = lay.storeSize;
  uint64_t m = maskOf(op.bits);
  FP4_FOR_LANES(M, L, {
    uint8_t *p = resolve(md.addrSpace, ptr[L], nb, true, L, op);
    if (!p)
      return false;
    std::unique_lock<std::mutex> g = atomicLock(p, ptr[L]);
    uint64_t old = 0;
    std::memcpy(&old, p, nb);
    old &= m;
    bool eq = old == (cmp[L] & m);
    if (eq)
      std::memcpy(p, &nv[L], nb);
    d[L] = old;
    ok[L] = eq;
  });
  return true;
}

bool WaveExec::doMemCpy(const Op &op, uint64_t *R, uint64_t M) {
  unsigned dstAs = op.aux >> 8, srcAs = op.aux & 0xFF;
  const uint64_t *dp = slotPtr(R, op.a), *sp = slotPtr(R, op.b),
                 *len = slotPtr(R, op.c);
  FP4_FOR_LANES(M, L, {
    uint64_t n = len[L] & maskOf(op.bits);
    if (n == 0)
      continue;
    const uint8_t *s = resolve(srcAs, sp[L], n, false, L, op);
    if (!s)
      return false;
    uint8_t *d = resolve(dstAs, dp[L], n, true, L, op);
    if (!d)
      return false;
    std::memmove(d, s, n);
  });
  return true;
}

bool WaveExec::doMemSet(const Op &op, uint64_t *R, uint64_t M) {
  const uint64_t *dp = slotPtr(R, op.a), *v = slotPtr(R, op.b),
                 *len = slotPtr(R, op.c);
  FP4_FOR_LANES(M, L, {
    uint64_t n = len[L] & maskOf(op.bits);
    if (n == 0)
      continue;
    uint8_t *d = resolve(op.aux, dp[L], n, true, L, op);
    if (!d)
      return false;
    std::memset(d, int(v[L] & 0xFF), n);
  });
  return true;
}

bool WaveExec::doBufLoad(const Op &op, uint64_t *R, uint64_t M) {
  const TypeLayout &lay = ctx.prog->layouts[curFn->mems[op.aux].layout];
  return bufferLanes(op, R, M, lay, false, op.dst, slotPtr(R, op.a),
                     slotPtr(R, op.b), slotPtr(R, op.c));
}

bool WaveExec::doBufStore(const Op &op, uint64_t *R, uint64_t M) {
  const uint32_t *x = curFn->extra.data() + op.aux;
  const TypeLayout &lay = ctx.prog->layouts[curFn->mems[x[1]].layout];
  return bufferLanes(op, R, M, lay, true, op.a, slotPtr(R, op.b),
                     slotPtr(R, op.c), slotPtr(R, x[0]));
}

bool WaveExec::doBufAtomic(const Op &op, uint64_t *R, uint64_t M) {
  const uint32_t *x = curFn->extra.data() + op.aux;
  const TypeLayout &lay = ctx.prog->layouts[curFn->mems[x[1]].layout];
  const uint64_t *val = slotPtr(R, op.a), *rs = slotPtr(R, op.b),
                 *vo = slotPtr(R, op.c), *so = slotPtr(R, x[0]);
  const uint64_t *cmp = x[2] != kNoSlot ? slotPtr(R, x[2]) : nullptr;
  bool isFloat = x[3];
  uint64_t *d = slotPtr(R, op.dst);
  unsigned nb = lay.storeSize;
  FP4_FOR_LANES(M, L, {
    Rsrc r = decodeRsrc(rs[L], rs[kWave + L]);
    if (r.stride != 0)
      return fail(op, int(L), kStridedRsrc);
    uint64_t off = vo[L] & 0xFFFFFFFFu;
    if (off + nb > r.numRecords) { // out of range: no effect, returns 0
      ctx.bufOOB.fetch_add(1, std::memory_order_relaxed);
      d[L] = 0;
      continue;
    }
    uint64_t addr = r.base + off + (so[L] & 0xFFFFFFFFu);
    uint8_t *p = resolveGlobal(addr, nb, true, L, op, "buffer");
    if (!p)
      return false;
    std::unique_lock<std::mutex> g = atomicLock(p, addr);
    if (cmp) {
      uint64_t old = 0;
      std::memcpy(&old, p, nb);
      if (old == (cmp[L] & maskOf(nb * 8)))
        std::memcpy(p, &val[L], nb);
      d[L] = old;
    } else {
      d[L] = rmw(RmwK(op.sub), p, op.bits, isFloat, EK(op.bits), val[L]);
    }
  });
  return true;
}

bool WaveExec::doLoadToLds(const Op &op, uint64_t *R, uint64_t M) {
  const uint32_t *x = curFn->extra.data() + op.aux;
  uint32_t size = op.n, immOff = x[2];
  const uint64_t *src = slotPtr(R, op.a), *lds = slotPtr(R, op.b);
  // The LDS base is an SGPR (M0): it must be the same in every lane.
  uint64_t base = lds[ctz64(M)] & 0xFFFFFFFFu;
  FP4_FOR_LANES(M, L, {
    if ((lds[L] & 0xFFFFFFFFu) != base)
      return fail(op, int(L),
                  "load-to-LDS destination differs across lanes "
                  "(it must be wave-uniform)");
  });
  uint8_t buf[16];
  FP4_FOR_LANES(M, L, {
    if (op.sub == 0) {
      const uint8_t *p = resolve(0, src[L] + immOff, size, false, L, op);
      if (!p)
        return false;
      std::memcpy(buf, p, size);
    } else {
      uint64_t vo = op.sub == 1 ? src[2 * kWave + L] : slotPtr(R, x[0])[L];
      uint64_t so = op.sub == 1 ? 0 : slotPtr(R, x[1])[L];
      if (!bufferAccess(op, L, src[L], src[kWave + L], vo + immOff, so, size,
                        false, buf))
        return false;
    }
    // Lane L's data lands at base + offset + L * size.
    uint8_t *d =
        resolve(3, base + immOff + uint64_t(L) * size, size, true, L, op);
    if (!d)
      return false;
    std::memcpy(d, buf, size);
  });
  return true;
}

bool WaveExec::doMemory(const Op &op, uint64_t *R, uint64_t M) {
  switch (op.code) {
#define FP4_EMU_MEMORY_CASE(N)                                                 \
  case Opc::N:                                                                 \
    return do##N(op, R, M);
    FP4_EMU_MEMORY_OPCODES(FP4_EMU_MEMORY_CASE)
#undef FP4_EMU_MEMORY_CASE
  default:
    return fail(op, int(ctz64(M)),
                std::string("internal: ") + opcName(op.code) +
                    " is not a memory access");
  }
}
