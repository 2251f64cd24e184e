//===- TestUtil.h - Helpers of the emulator tests ---------------*- C++ -*-===//

#ifndef FP4_UNITTESTS_EMULATOR_TESTUTIL_H
#define FP4_UNITTESTS_EMULATOR_TESTUTIL_H

#include "fp4/Runtime/Emulator/Emulator.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <cmath>
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

inline uint32_t bitsOf(float f) { return llvm::bit_cast<uint32_t>(f); }
inline float floatOf(uint32_t b) { return llvm::bit_cast<float>(b); }

/// bf16 from f32 by round-to-nearest-even, and back.
inline uint16_t toBF16(float f) {
  uint32_t b = bitsOf(f);
  return uint16_t((b + 0x7FFF + ((b >> 16) & 1)) >> 16);
}
inline float bf16Value(uint16_t h) { return floatOf(uint32_t(h) << 16); }

/// Value of an E2M1 (fp4) code: sign in bit 3.
inline double fp4Value(unsigned c) {
  static const double mag[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  return (c & 8) ? -mag[c & 7] : mag[c & 7];
}
/// Round-to-nearest-even into a narrow format whose magnitudes value(0) <
/// ... < value(last) grow with the code: the code nearest to |v| (a tie
/// picks the even code), saturating at `last`, with v's sign (also of zero)
/// as `signBit`.
template <class Decode>
unsigned nearestCode(double v, unsigned last, unsigned signBit, Decode value) {
  double a = std::fabs(v);
  unsigned best = 0;
  for (unsigned c = 1; c <= last; ++c) {
    double dc = std::fabs(a - value(c)), db = std::fabs(a - value(best));
    if (dc < db || (dc == db && c % 2 == 0))
      best = c;
  }
  return (std::signbit(v) ? signBit : 0) | best;
}
/// E2M1 code of v, nearest with ties to even, saturating at 6
/// (docs/reference-numerics.md, "Formats").
inline unsigned nearestFp4(double v) { return nearestCode(v, 7, 8, fp4Value); }

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

/// A test with a device memory and the argument list of one launch.
class KernelTest : public ::testing::Test {
protected:
  /// A device buffer filled from v, passed as the next kernel argument.
  template <class T> uint64_t arg(const std::vector<T> &v) {
    uint64_t addr = upload(mem, v);
    args.add(addr);
    return addr;
  }

  DeviceMemory mem;
  Kernarg args;
};

/// A kernel of Inputs/<input> whose only argument is an int32 buffer of
/// `items` elements (all `fill`), launched as one work-group of `items`
/// work-items.
struct OneBufferKernel {
  OneBufferKernel(const std::string &input, unsigned items, int32_t fill = 0)
      : prog(loadInput(input)), items(items),
        buffer(upload(mem, std::vector<int32_t>(items, fill))) {
    args.add(buffer);
  }
  /// Runs a launch that must succeed; returns the buffer.
  std::vector<int32_t> run(llvm::StringRef kernel) {
    if (!prog)
      return {};
    test::run(*prog, kernel, {1, 1, 1}, {items, 1, 1}, args, mem);
    return download<int32_t>(mem, buffer, items);
  }
  /// Runs a launch that must fail; returns the message.
  std::string runFails(llvm::StringRef kernel, const LaunchOptions &opts = {}) {
    if (!prog)
      return "";
    return test::runFails(*prog, kernel, {1, 1, 1}, {items, 1, 1}, args, mem,
                          opts);
  }

  std::unique_ptr<Program> prog; // null (and a failure recorded) if missing
  DeviceMemory mem;
  unsigned items;
  uint64_t buffer;
  Kernarg args;
};

} // namespace fp4::emu::test

#endif // FP4_UNITTESTS_EMULATOR_TESTUTIL_H
