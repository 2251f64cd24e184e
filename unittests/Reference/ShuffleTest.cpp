//===- ShuffleTest.cpp - aiter weight and scale shuffles --------*- C++ -*-===//
//
// Hand-computed offsets for chosen positions, the per-lane readings of both
// layouts (docs/reference-numerics.md, "Shuffled layouts (as aiter produces
// them)") as an independent second angle, and round trips on random data.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Shuffle.h"
#include "fp4/Reference/Random.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

using namespace fp4::ref;

namespace {

std::vector<uint8_t> randomBytes(uint64_t seed, size_t count) {
  Rng rng(seed);
  std::vector<uint8_t> bytes(count);
  for (uint8_t &b : bytes)
    b = static_cast<uint8_t>(rng.next() >> 56);
  return bytes;
}

TEST(ShuffleWeight, HandPickedOffsets) {
  // kBytes = 64 (K = 128): one 16-row block is 16 * 64 = 1024 bytes.
  EXPECT_EQ(shuffledWeightOffset(0, 0, 64), 0);
  EXPECT_EQ(shuffledWeightOffset(0, 1, 64), 1);
  EXPECT_EQ(shuffledWeightOffset(1, 0, 64), 16);
  EXPECT_EQ(shuffledWeightOffset(15, 15, 64), 255);
  EXPECT_EQ(shuffledWeightOffset(0, 16, 64), 256);
  EXPECT_EQ(shuffledWeightOffset(0, 32, 64), 512);
  EXPECT_EQ(shuffledWeightOffset(16, 0, 64), 1024);
  // 1024 + 512 + 0 + 1*16 + 1
  EXPECT_EQ(shuffledWeightOffset(17, 33, 64), 1553);
  // 0 + 512 + 256 + 5*16 + 2
  EXPECT_EQ(shuffledWeightOffset(5, 50, 64), 850);
  // kBytes = 48: rows 16..31 start at 16 * 48 = 768; kb 40 -> 512 + 8.
  EXPECT_EQ(shuffledWeightOffset(16, 40, 48), 768 + 512 + 8);
  EXPECT_EQ(shuffledWeightOffset(15, 47, 48), 512 + 240 + 15);
}

TEST(ShuffleWeight, MovesBytesWhereTheFormulaSays) {
  const int64_t n = 32, kBytes = 64;
  std::vector<uint8_t> plain = randomBytes(1, n * kBytes), out(n * kBytes);
  ASSERT_TRUE(shuffleWeight16x16(plain.data(), n, kBytes, out.data()).ok());
  EXPECT_EQ(out[0], plain[0]);
  EXPECT_EQ(out[16], plain[1 * 64 + 0]);
  EXPECT_EQ(out[256], plain[0 * 64 + 16]);
  EXPECT_EQ(out[1553], plain[17 * 64 + 33]);
  EXPECT_EQ(out[850], plain[5 * 64 + 50]);
}

TEST(ShuffleWeight, EachLaneFindsItsBytesAt16TimesLane) {
  // The per-lane reading of docs/reference-numerics.md: per 16-row block and
  // K step of 128 (64 bytes) there is a 1 KiB chunk, and lane l of a
  // 16x16x128 MFMA reads 16 bytes at 16*l: row l % 16, k bytes
  // (l / 16) * 16 .. +16 of the step.
  const int64_t n = 32, kBytes = 192;
  std::vector<uint8_t> plain = randomBytes(2, n * kBytes), out(n * kBytes);
  ASSERT_TRUE(shuffleWeight16x16(plain.data(), n, kBytes, out.data()).ok());
  for (int64_t step = 0; step < kBytes / 64; ++step)
    for (int64_t rowBlock = 0; rowBlock < n / 16; ++rowBlock)
      for (int64_t lane = 0; lane < 64; ++lane)
        for (int64_t byte = 0; byte < 16; ++byte) {
          int64_t row = rowBlock * 16 + lane % 16;
          int64_t kb = step * 64 + (lane / 16) * 16 + byte;
          int64_t base = rowBlock * 16 * kBytes + step * 1024;
          ASSERT_EQ(out[base + 16 * lane + byte], plain[row * kBytes + kb])
              << "step " << step << " lane " << lane << " byte " << byte;
        }
}

TEST(ShuffleWeight, IsAPermutationEvenForKBytesOddMultipleOf16) {
  for (int64_t kBytes : {16, 48, 64, 80}) {
    const int64_t n = 48;
    std::set<int64_t> seen;
    for (int64_t row = 0; row < n; ++row)
      for (int64_t kb = 0; kb < kBytes; ++kb) {
        int64_t off = shuffledWeightOffset(row, kb, kBytes);
        ASSERT_GE(off, 0);
        ASSERT_LT(off, n * kBytes);
        seen.insert(off);
      }
    EXPECT_EQ(static_cast<int64_t>(seen.size()), n * kBytes) << kBytes;
  }
}

TEST(ShuffleWeight, RoundTrip) {
  for (int64_t kBytes : {16, 48, 256}) {
    const int64_t n = 64;
    std::vector<uint8_t> plain = randomBytes(kBytes, n * kBytes);
    std::vector<uint8_t> shuffled(plain.size()), back(plain.size());
    ASSERT_TRUE(
        shuffleWeight16x16(plain.data(), n, kBytes, shuffled.data()).ok());
    // With one 16-byte column group per row the formula is row*16 + kb: the
    // identity. Any wider K really moves bytes.
    if (kBytes == 16)
      EXPECT_EQ(shuffled, plain);
    else
      EXPECT_NE(shuffled, plain);
    ASSERT_TRUE(
        unshuffleWeight16x16(shuffled.data(), n, kBytes, back.data()).ok());
    EXPECT_EQ(back, plain);
  }
}

TEST(ShuffleWeight, RejectsBadShapes) {
  uint8_t in[512] = {}, out[512];
  Status st = shuffleWeight16x16(in, 15, 32, out);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("multiple of 16"), std::string::npos);
  EXPECT_FALSE(shuffleWeight16x16(in, 16, 8, out).ok());
  EXPECT_FALSE(unshuffleWeight16x16(in, 16, 24, out).ok());
  EXPECT_FALSE(shuffleWeight16x16(in, -16, 32, out).ok());
}

TEST(ShuffleScales, PaddedShape) {
  EXPECT_EQ(paddedScaleShape(1, 1).rows, 256);
  EXPECT_EQ(paddedScaleShape(1, 1).cols, 8);
  EXPECT_EQ(paddedScaleShape(256, 8).rows, 256);
  EXPECT_EQ(paddedScaleShape(256, 8).cols, 8);
  EXPECT_EQ(paddedScaleShape(257, 9).rows, 512);
  EXPECT_EQ(paddedScaleShape(257, 9).cols, 16);
  EXPECT_EQ(paddedScaleShape(2880, 16).rows, 3072);  // N = 2880, K = 512
  EXPECT_EQ(paddedScaleShape(2112, 224).rows, 2304); // N = 2112, K = 7168
  EXPECT_EQ(paddedScaleShape(2112, 224).cols, 224);
  EXPECT_EQ(paddedScaleShape(0, 0).rows, 0);
  EXPECT_EQ(paddedScaleShape(0, 0).cols, 0);
}

TEST(ShuffleScales, HandPickedOffsets) {
  EXPECT_EQ(shuffledScaleOffset(0, 0, 8), 0);
  EXPECT_EQ(shuffledScaleOffset(16, 0, 8), 1);
  EXPECT_EQ(shuffledScaleOffset(0, 4, 8), 2);
  EXPECT_EQ(shuffledScaleOffset(16, 4, 8), 3);
  EXPECT_EQ(shuffledScaleOffset(1, 0, 8), 4);
  EXPECT_EQ(shuffledScaleOffset(0, 1, 8), 64);
  EXPECT_EQ(shuffledScaleOffset(32, 0, 8), 256);
  EXPECT_EQ(shuffledScaleOffset(0, 8, 16), 256);
  // 512 + 256 + 64 + 4 + 2 + 0
  EXPECT_EQ(shuffledScaleOffset(33, 13, 16), 838);
  // 3*32*16 + 0 + 3*64 + 15*4 + 0 + 1 = 1536 + 192 + 60 + 1
  EXPECT_EQ(shuffledScaleOffset(127, 3, 16), 1789);
}

TEST(ShuffleScales, DwordPerLaneReading) {
  // The per-lane reading of docs/reference-numerics.md: in each 256-byte
  // group (r0, c0), dword l byte b is
  // scale[32*r0 + (b&1)*16 + l%16][8*c0 + (b>>1)*4 + l/16].
  const int64_t n = 96, kBlocks = 20;
  std::vector<uint8_t> scales = randomBytes(7, n * kBlocks);
  ScaleShape padded = paddedScaleShape(n, kBlocks);
  std::vector<uint8_t> out(padded.rows * padded.cols);
  ASSERT_TRUE(shuffleScales(scales.data(), n, kBlocks, out.data(), 0xAA).ok());
  for (int64_t r0 = 0; r0 < padded.rows / 32; ++r0)
    for (int64_t c0 = 0; c0 < padded.cols / 8; ++c0)
      for (int64_t l = 0; l < 64; ++l)
        for (int64_t b = 0; b < 4; ++b) {
          int64_t row = 32 * r0 + (b & 1) * 16 + l % 16;
          int64_t kb = 8 * c0 + (b >> 1) * 4 + l / 16;
          uint8_t got = out[r0 * 32 * padded.cols + c0 * 256 + 4 * l + b];
          uint8_t want =
              (row < n && kb < kBlocks) ? scales[row * kBlocks + kb] : 0xAA;
          ASSERT_EQ(got, want)
              << "r0 " << r0 << " c0 " << c0 << " l " << l << " b " << b;
        }
}

TEST(ShuffleScales, PaddingGetsThePadByteAndRoundTrip) {
  for (auto [n, kBlocks] :
       {std::pair<int64_t, int64_t>{40, 3}, {256, 8}, {300, 17}, {2880, 16}}) {
    std::vector<uint8_t> scales = randomBytes(n + kBlocks, n * kBlocks);
    ScaleShape padded = paddedScaleShape(n, kBlocks);
    std::vector<uint8_t> out(padded.rows * padded.cols);
    ASSERT_TRUE(
        shuffleScales(scales.data(), n, kBlocks, out.data(), 0x5C).ok());
    // Exactly the padding keeps the pad byte (0x5C may also occur as data,
    // so count positions, not values).
    std::vector<bool> real(out.size(), false);
    for (int64_t row = 0; row < n; ++row)
      for (int64_t kb = 0; kb < kBlocks; ++kb)
        real[shuffledScaleOffset(row, kb, padded.cols)] = true;
    int64_t realCount = 0;
    for (size_t i = 0; i < out.size(); ++i) {
      realCount += real[i];
      if (!real[i]) {
        ASSERT_EQ(out[i], 0x5C) << i;
      }
    }
    EXPECT_EQ(realCount, n * kBlocks);
    std::vector<uint8_t> back(n * kBlocks);
    ASSERT_TRUE(unshuffleScales(out.data(), n, kBlocks, back.data()).ok());
    EXPECT_EQ(back, scales);
  }
  uint8_t dummy[8];
  EXPECT_FALSE(shuffleScales(dummy, -1, 2, dummy, 0).ok());
}

} // namespace
