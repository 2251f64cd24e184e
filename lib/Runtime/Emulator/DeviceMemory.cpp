//===- DeviceMemory.cpp - Global memory of the emulated device -*- C++ -*-===//

#include "Internal.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

using namespace fp4::emu;

DeviceMemory::DeviceMemory() : next_(kGlobalBase) {}

DeviceMemory::~DeviceMemory() {
  for (Region &r : regions_)
    std::free(r.data);
}

llvm::Expected<uint64_t> DeviceMemory::allocate(size_t bytes) {
  if (bytes == 0)
    return llvm::createStringError("emulator: cannot allocate 0 bytes");
  if (bytes > (uint64_t(1) << 40))
    return llvm::createStringError("emulator: allocation of %zu bytes is "
                                   "too large",
                                   bytes);
  auto *data = static_cast<uint8_t *>(std::malloc(bytes));
  if (!data)
    return llvm::createStringError("emulator: out of host memory allocating "
                                   "%zu bytes",
                                   bytes);
  std::memset(data, 0xCD, bytes);
  constexpr uint64_t kAlign = 1 << 20; // and at least 1 MiB unmapped after
  uint64_t base = next_;
  next_ = (base + bytes + 2 * kAlign - 1) & ~(kAlign - 1);
  Region r{base, bytes, data};
  regions_.insert(
      std::upper_bound(regions_.begin(), regions_.end(), base,
                       [](uint64_t a, const Region &x) { return a < x.base; }),
      r);
  return base;
}

llvm::Error DeviceMemory::release(uint64_t addr) {
  for (auto it = regions_.begin(); it != regions_.end(); ++it)
    if (it->base == addr) {
      std::free(it->data);
      regions_.erase(it);
      return llvm::Error::success();
    }
  return llvm::createStringError("emulator: release of %s, which is not the "
                                 "start of a live allocation",
                                 hexAddr(addr).c_str());
}

llvm::Expected<uint8_t *> DeviceMemory::locate(uint64_t addr,
                                               size_t bytes) const {
  auto it =
      std::upper_bound(regions_.begin(), regions_.end(), addr,
                       [](uint64_t a, const Region &x) { return a < x.base; });
  if (it != regions_.begin()) {
    const Region &r = *(it - 1);
    if (addr - r.base <= r.size && bytes <= r.size - (addr - r.base))
      return r.data + (addr - r.base);
  }
  return llvm::createStringError("emulator: host access of %zu bytes at %s "
                                 "is outside every allocation",
                                 bytes, hexAddr(addr).c_str());
}

llvm::Error DeviceMemory::write(uint64_t addr, const void *src, size_t bytes) {
  auto p = locate(addr, bytes);
  if (!p)
    return p.takeError();
  std::memcpy(*p, src, bytes);
  return llvm::Error::success();
}

llvm::Error DeviceMemory::read(uint64_t addr, void *dst, size_t bytes) const {
  auto p = locate(addr, bytes);
  if (!p)
    return p.takeError();
  std::memcpy(dst, *p, bytes);
  return llvm::Error::success();
}

llvm::Error DeviceMemory::fill(uint64_t addr, uint8_t byte, size_t bytes) {
  auto p = locate(addr, bytes);
  if (!p)
    return p.takeError();
  std::memset(*p, byte, bytes);
  return llvm::Error::success();
}
