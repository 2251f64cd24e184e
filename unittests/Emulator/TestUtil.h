//===- TestUtil.h - Helpers of the emulator tests ---------------*- C++ -*-===//

#ifndef FP4_UNITTESTS_EMULATOR_TESTUTIL_H
#define FP4_UNITTESTS_EMULATOR_TESTUTIL_H

#include "fp4/Runtime/Emulator/Emulator.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace fp4::emu::test {

/// Text of unittests/Emulator/Inputs/<name>.
inline std::string readInput(const std::string &name) {
  auto buf =
      llvm::MemoryBuffer::getFile(std::string(FP4_EMU_INPUTS) + "/" + name);
  if (!buf)
    return "";
  return (*buf)->getBuffer().str();
}

inline std::unique_ptr<Program> loadInput(const std::string &name) {
  std::string text = readInput(name);
  EXPECT_FALSE(text.empty()) << "missing input " << name;
  auto p = Program::load(text);
  if (!p) {
    ADD_FAILURE() << llvm::toString(p.takeError());
    return nullptr;
  }
  return std::move(*p);
}

/// Packs kernel arguments with the AMDGPU kernarg ABI (natural alignment).
class Kernarg {
public:
  template <class T> Kernarg &add(T v) {
    size_t off = (bytes.size() + alignof(T) - 1) & ~(alignof(T) - 1);
    bytes.resize(off + sizeof(T));
    std::memcpy(bytes.data() + off, &v, sizeof(T));
    return *this;
  }
  std::vector<uint8_t> bytes;
};

/// Device buffer filled from a host vector.
template <class T> uint64_t upload(DeviceMemory &mem, const std::vector<T> &v) {
  auto a = mem.allocate(v.size() * sizeof(T));
  EXPECT_TRUE(bool(a));
  if (!a) {
    llvm::consumeError(a.takeError());
    return 0;
  }
  llvm::Error e = mem.write(*a, v.data(), v.size() * sizeof(T));
  EXPECT_FALSE(bool(e));
  llvm::consumeError(std::move(e));
  return *a;
}

template <class T>
std::vector<T> download(DeviceMemory &mem, uint64_t addr, size_t n) {
  std::vector<T> v(n);
  llvm::Error e = mem.read(addr, v.data(), n * sizeof(T));
  EXPECT_FALSE(bool(e));
  llvm::consumeError(std::move(e));
  return v;
}

inline uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
inline float floatOf(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

/// Runs a launch that must succeed.
inline void run(Program &p, llvm::StringRef kernel, Dim3 grid, Dim3 block,
                const Kernarg &args, DeviceMemory &mem,
                const LaunchOptions &opts = {}, LaunchStats *stats = nullptr) {
  llvm::Error e =
      launch(p, kernel, grid, block, args.bytes, {}, mem, opts, stats);
  if (e)
    ADD_FAILURE() << llvm::toString(std::move(e));
}

/// Runs a launch that must fail; returns the message.
inline std::string runFails(Program &p, llvm::StringRef kernel, Dim3 grid,
                            Dim3 block, const Kernarg &args, DeviceMemory &mem,
                            const LaunchOptions &opts = {}) {
  llvm::Error e = launch(p, kernel, grid, block, args.bytes, {}, mem, opts);
  if (!e) {
    ADD_FAILURE() << "launch of " << kernel.str() << " should have failed";
    return "";
  }
  return llvm::toString(std::move(e));
}

} // namespace fp4::emu::test

#endif // FP4_UNITTESTS_EMULATOR_TESTUTIL_H
