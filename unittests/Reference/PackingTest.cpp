//===- PackingTest.cpp - Packed rows of fp8, fp6 and fp4 codes --*- C++ -*-===//
//
// fp6 bytes are worked out by hand from "element i at bits [6i, 6i + 6) of
// the little-endian row", then read back the way a gfx950 scaled MFMA reads
// its fp6 operand: six dwords, element i at bit 6i of the 192-bit value.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Packing.h"

#include <gtest/gtest.h>

#include <vector>

using namespace fp4::ref;

namespace {

TEST(Packing, RowBytes) {
  EXPECT_EQ(rowBytes(ElementFormat::E2M1, 32), 16);
  EXPECT_EQ(rowBytes(ElementFormat::E2M3, 32), 24);
  EXPECT_EQ(rowBytes(ElementFormat::E3M2, 64), 48);
  EXPECT_EQ(rowBytes(ElementFormat::E4M3, 32), 32);
  EXPECT_EQ(rowBytes(ElementFormat::E5M2, 7), 7);
  EXPECT_EQ(rowBytes(ElementFormat::E2M3, 5), 4); // 30 bits
  EXPECT_EQ(rowBytes(ElementFormat::E2M1, 3), 2);
  EXPECT_EQ(rowBytes(ElementFormat::E2M3, 0), 0);
}

TEST(Packing, Fp6BytesByHand) {
  // 1 | 2 << 6 | 3 << 12 | 4 << 18 = 0x103081, little-endian.
  const uint8_t codes[4] = {0x01, 0x02, 0x03, 0x04};
  uint8_t packed[3];
  packCodes(ElementFormat::E2M3, codes, 4, packed);
  EXPECT_EQ(packed[0], 0x81);
  EXPECT_EQ(packed[1], 0x30);
  EXPECT_EQ(packed[2], 0x10);
  // 0x3F in each position: 0x00003F, 0x000FC0, 0x03F000, 0xFC0000.
  const uint8_t expected[4][3] = {{0x3F, 0x00, 0x00},
                                  {0xC0, 0x0F, 0x00},
                                  {0x00, 0xF0, 0x03},
                                  {0x00, 0x00, 0xFC}};
  for (int i = 0; i < 4; ++i) {
    uint8_t one[4] = {0, 0, 0, 0};
    one[i] = 0xFF; // the bits above the code are dropped
    packCodes(ElementFormat::E3M2, one, 4, packed);
    for (int b = 0; b < 3; ++b)
      EXPECT_EQ(packed[b], expected[i][b]) << i << "," << b;
  }
  // A partial group: 5 codes take 30 bits in 4 bytes; the two top bits of
  // byte 3 are zero and byte 4 is not written.
  const uint8_t five[5] = {0x3F, 0x3F, 0x3F, 0x3F, 0x3F};
  uint8_t out[5] = {0xAA, 0xAA, 0xAA, 0xAA, 0xAA};
  packCodes(ElementFormat::E2M3, five, 5, out);
  EXPECT_EQ(out[0], 0xFF);
  EXPECT_EQ(out[2], 0xFF);
  EXPECT_EQ(out[3], 0x3F);
  EXPECT_EQ(out[4], 0xAA);
}

TEST(Packing, Fp6AsMfmaOperandDwords) {
  uint8_t codes[32];
  for (int i = 0; i < 32; ++i)
    codes[i] = static_cast<uint8_t>((7 * i + 3) & 0x3F);
  uint8_t packed[24];
  packCodes(ElementFormat::E2M3, codes, 32, packed);
  uint32_t dword[6];
  for (int d = 0; d < 6; ++d)
    dword[d] = packed[4 * d] | packed[4 * d + 1] << 8 |
               packed[4 * d + 2] << 16 | uint32_t(packed[4 * d + 3]) << 24;
  for (int i = 0; i < 32; ++i) {
    int bit = 6 * i, d = bit / 32, shift = bit % 32;
    uint64_t window = dword[d] | (d + 1 < 6 ? uint64_t(dword[d + 1]) << 32 : 0);
    EXPECT_EQ((window >> shift) & 0x3F, codes[i]) << i;
  }
  // Element 5 straddles dwords 0 and 1 (bits 30..35).
  EXPECT_EQ((dword[0] >> 30) | (dword[1] & 0xF) << 2, codes[5]);
}

TEST(Packing, Fp4IsTheFp4x2LayoutAndFp8IsBytes) {
  std::vector<uint8_t> codes(64);
  for (int i = 0; i < 64; ++i)
    codes[i] = static_cast<uint8_t>((i * 37 + 5) & 0xF);
  std::vector<uint8_t> a(32), b(32);
  packCodes(ElementFormat::E2M1, codes.data(), 64, a.data());
  packFp4x2(codes.data(), 64, b.data());
  EXPECT_EQ(a, b);
  const uint8_t bytes[3] = {0x7E, 0x80, 0x01};
  uint8_t out[3];
  packCodes(ElementFormat::E4M3, bytes, 3, out);
  EXPECT_EQ(std::vector<uint8_t>(out, out + 3),
            std::vector<uint8_t>(bytes, bytes + 3));
}

TEST(Packing, RowsRoundTripInEveryFormat) {
  const int64_t rows = 3, k = 40; // fp6 rows of 30 bytes, fp4 of 20
  for (ElementFormat f : kElementFormats) {
    SCOPED_TRACE(elementFormatName(f));
    int mask = (1 << elementBits(f)) - 1;
    std::vector<uint8_t> codes(rows * k), back(rows * k);
    for (int64_t i = 0; i < rows * k; ++i)
      codes[i] = static_cast<uint8_t>((i * 101 + 7) & mask);
    std::vector<uint8_t> packed(rows * rowBytes(f, k));
    ASSERT_TRUE(packRows(f, codes.data(), rows, k, packed.data()).ok());
    ASSERT_TRUE(unpackRows(f, packed.data(), rows, k, back.data()).ok());
    EXPECT_EQ(back, codes);
    // Row r starts at byte r * rowBytes: its first code is there.
    for (int64_t r = 0; r < rows; ++r)
      EXPECT_EQ(codeAt(f, packed.data() + r * rowBytes(f, k), 0), codes[r * k]);
  }
}

TEST(Packing, RejectsBadShapes) {
  uint8_t codes[4] = {}, packed[4] = {};
  Status st = packRows(ElementFormat::E2M3, codes, -1, 4, packed);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("packRows: rows (= -1)"), std::string::npos)
      << st.message();
  EXPECT_FALSE(unpackRows(ElementFormat::E2M3, packed, 1, -4, codes).ok());
  EXPECT_FALSE(packRows(ElementFormat::E4M3, nullptr, 1, 4, packed).ok());
  EXPECT_FALSE(unpackRows(ElementFormat::E4M3, packed, 1, 4, nullptr).ok());
  EXPECT_TRUE(packRows(ElementFormat::E4M3, nullptr, 0, 4, nullptr).ok());
}

} // namespace
