//===- NpyTest.cpp - .npy reader and writer ---------------------*- C++ -*-===//
//
// Reference files in Inputs/npy were written by numpy 1.24 (Inputs/npy/gen.py);
// the rest are byte strings made here.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/Npy.h"

#include "TestUtil.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace fp4::runtime;
using namespace fp4::runtime::test;
namespace endian = llvm::support::endian;

namespace {

std::string input(const std::string &name) {
  return std::string(FP4_RT_INPUTS_DIR) + "/npy/" + name;
}

std::vector<uint8_t> bytesOf(llvm::StringRef s) {
  return std::vector<uint8_t>(s.begin(), s.end());
}

/// A version 1.0 file with header text `dict` (padded with a newline only)
/// and body `body`.
std::vector<uint8_t> makeNpy(llvm::StringRef dict, llvm::StringRef body,
                             uint8_t major = 1) {
  std::string header = dict.str() + "\n";
  std::string out = "\x93NUMPY";
  out += char(major);
  out += '\0';
  uint8_t len[4];
  endian::write32le(len, uint32_t(header.size()));
  out.append(reinterpret_cast<char *>(len), major == 1 ? 2 : 4);
  out += header;
  out += body.str();
  return bytesOf(out);
}

std::string parseError(const std::vector<uint8_t> &bytes) {
  return errorOf(parseNpy(bytes));
}

TEST(Npy, ReadsNumpyU2) {
  llvm::Expected<NpyArray> a = readNpy(input("u2_2x3.npy"));
  FP4_ASSERT_OK(a);
  EXPECT_EQ(a->dtype, "<u2");
  EXPECT_EQ(a->shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(a->numElements(), 6);
  EXPECT_EQ(a->itemSize(), 2u);
  ASSERT_EQ(a->data.size(), 12u);
  for (unsigned i = 0; i < 6; ++i)
    EXPECT_EQ(endian::read16le(a->data.data() + 2 * i), i * 1000 + 7) << i;
}

TEST(Npy, ReadsNumpyVersions2And3) {
  llvm::Expected<NpyArray> v1 = readNpy(input("u2_2x3.npy"));
  FP4_ASSERT_OK(v1);
  for (const char *name : {"u2_2x3_v2.npy", "u2_2x3_v3.npy"}) {
    llvm::Expected<NpyArray> a = readNpy(input(name));
    FP4_ASSERT_OK(a);
    EXPECT_EQ(a->dtype, "<u2") << name;
    EXPECT_EQ(a->shape, v1->shape) << name;
    EXPECT_EQ(a->data, v1->data) << name;
  }
}

TEST(Npy, ReadsNumpyOtherDtypes) {
  llvm::Expected<NpyArray> f4 = readNpy(input("f4_3.npy"));
  FP4_ASSERT_OK(f4);
  EXPECT_EQ(f4->dtype, "<f4");
  float values[3];
  ASSERT_EQ(f4->data.size(), sizeof(values));
  std::memcpy(values, f4->data.data(), sizeof(values));
  EXPECT_EQ(values[0], 1.5f);
  EXPECT_EQ(values[1], -2.25f);
  EXPECT_EQ(values[2], 3e-5f);

  llvm::Expected<NpyArray> u1 = readNpy(input("u1_4x2.npy"));
  FP4_ASSERT_OK(u1);
  EXPECT_EQ(u1->dtype, "|u1");
  EXPECT_EQ(u1->shape, (std::vector<int64_t>{4, 2}));
  EXPECT_EQ(u1->data, (std::vector<uint8_t>{0, 1, 127, 128, 200, 254, 255, 9}));

  llvm::Expected<NpyArray> i8 = readNpy(input("i8_2x2x2.npy"));
  FP4_ASSERT_OK(i8);
  EXPECT_EQ(i8->shape, (std::vector<int64_t>{2, 2, 2}));
  EXPECT_EQ(int64_t(endian::read64le(i8->data.data())), -4);
  EXPECT_EQ(int64_t(endian::read64le(i8->data.data() + 56)), 3);

  llvm::Expected<NpyArray> f2 = readNpy(input("f2_2.npy"));
  FP4_ASSERT_OK(f2);
  EXPECT_EQ(endian::read16le(f2->data.data()), 0x3c00);     // 1.0
  EXPECT_EQ(endian::read16le(f2->data.data() + 2), 0xb800); // -0.5

  llvm::Expected<NpyArray> b1 = readNpy(input("b1_3.npy"));
  FP4_ASSERT_OK(b1);
  EXPECT_EQ(b1->dtype, "|b1");
  EXPECT_EQ(b1->data, (std::vector<uint8_t>{1, 0, 1}));

  llvm::Expected<NpyArray> scalar = readNpy(input("scalar_f4.npy"));
  FP4_ASSERT_OK(scalar);
  EXPECT_TRUE(scalar->shape.empty());
  EXPECT_EQ(scalar->numElements(), 1);
  EXPECT_EQ(scalar->data.size(), 4u);

  llvm::Expected<NpyArray> empty = readNpy(input("empty_f4.npy"));
  FP4_ASSERT_OK(empty);
  EXPECT_EQ(empty->shape, (std::vector<int64_t>{0, 4}));
  EXPECT_TRUE(empty->data.empty());
}

TEST(Npy, RefusesWhatNumpyWritesButWeDoNotRead) {
  std::string e = errorOf(readNpy(input("fortran_f4.npy")));
  EXPECT_NE(e.find("Fortran order"), std::string::npos) << e;
  e = errorOf(readNpy(input("bigendian_f4.npy")));
  EXPECT_NE(e.find("unsupported dtype '>f4': big-endian"), std::string::npos)
      << e;
  e = errorOf(readNpy(input("structured.npy")));
  EXPECT_NE(e.find("structured dtypes are not supported"), std::string::npos)
      << e;
  e = errorOf(readNpy(input("c8.npy")));
  EXPECT_NE(e.find("unsupported dtype '<c8'"), std::string::npos) << e;
}

TEST(Npy, WriterMatchesNumpyByteForByte) {
  std::vector<uint8_t> data(12);
  for (unsigned i = 0; i < 6; ++i)
    endian::write16le(data.data() + 2 * i, i * 1000 + 7);
  llvm::Expected<std::vector<uint8_t>> ours = serializeNpy("<u2", {2, 3}, data);
  FP4_ASSERT_OK(ours);
  EXPECT_EQ(*ours, readBytes(input("u2_2x3.npy")));

  std::vector<uint8_t> u1 = {0, 1, 127, 128, 200, 254, 255, 9};
  llvm::Expected<std::vector<uint8_t>> ours1 = serializeNpy("|u1", {4, 2}, u1);
  FP4_ASSERT_OK(ours1);
  EXPECT_EQ(*ours1, readBytes(input("u1_4x2.npy")));

  llvm::Expected<std::vector<uint8_t>> scalar =
      serializeNpy("<f4", {}, bytesOf(llvm::StringRef("\0\0\x40\x40", 4)));
  FP4_ASSERT_OK(scalar);
  EXPECT_EQ(*scalar, readBytes(input("scalar_f4.npy")));

  llvm::Expected<std::vector<uint8_t>> f4 =
      serializeNpy("<f4", {3}, readNpy(input("f4_3.npy"))->data);
  FP4_ASSERT_OK(f4);
  EXPECT_EQ(*f4, readBytes(input("f4_3.npy")));
}

TEST(Npy, WriteReadRoundTrip) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("fp4-npy", "npy", path));
  std::vector<uint8_t> data(5 * 7 * 4);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = uint8_t(i * 31 + 3);
  FP4_ASSERT_NO_ERROR(writeNpy(path, "<i4", {5, 7}, data));
  llvm::Expected<NpyArray> back = readNpy(path);
  FP4_ASSERT_OK(back);
  EXPECT_EQ(back->dtype, "<i4");
  EXPECT_EQ(back->shape, (std::vector<int64_t>{5, 7}));
  EXPECT_EQ(back->data, data);
  // The data starts on a 64-byte boundary, like numpy's.
  std::vector<uint8_t> file = readBytes(std::string(path));
  EXPECT_EQ((file.size() - data.size()) % 64, 0u);
  llvm::sys::fs::remove(path);
}

TEST(Npy, LongHeaderUsesVersion2) {
  // "1, " is 3 bytes: 30000 entries make a header over 64 KiB.
  std::vector<int64_t> shape(30000, 1);
  std::vector<uint8_t> data(1, 0x5a);
  llvm::Expected<std::vector<uint8_t>> bytes = serializeNpy("|u1", shape, data);
  FP4_ASSERT_OK(bytes);
  EXPECT_EQ((*bytes)[6], 2);
  llvm::Expected<NpyArray> back = parseNpy(*bytes);
  FP4_ASSERT_OK(back);
  EXPECT_EQ(back->shape.size(), 30000u);
  EXPECT_EQ(back->data, data);
  EXPECT_EQ((bytes->size() - 1) % 64, 0u);
}

TEST(Npy, WriterRefusesBadInput) {
  std::vector<uint8_t> six(6);
  EXPECT_EQ(errorOf(serializeNpy("<u2", {2, 2}, six)),
            "shape and dtype '<u2' need 8 bytes of data, 6 were given");
  EXPECT_EQ(errorOf(serializeNpy("<u2", {-1, 2}, six)),
            "negative dimension -1 in .npy shape");
  EXPECT_NE(errorOf(serializeNpy("<q9", {3}, six)).find("unsupported dtype"),
            std::string::npos);
  std::string e = errorOf(writeNpy("/nonexistent/dir/x.npy", "|u1", {6}, six));
  EXPECT_NE(e.find("cannot write '/nonexistent/dir/x.npy'"), std::string::npos)
      << e;
}

TEST(Npy, HandMadeValid) {
  llvm::Expected<NpyArray> a = parseNpy(
      makeNpy("{\"shape\":(2,),\"descr\":\"<i2\",\"fortran_order\":False}",
              llvm::StringRef("\x01\x00\xff\xff", 4)));
  FP4_ASSERT_OK(a);
  EXPECT_EQ(a->dtype, "<i2");
  EXPECT_EQ(a->shape, (std::vector<int64_t>{2}));
  EXPECT_EQ(int16_t(endian::read16le(a->data.data() + 2)), -1);

  // Python 2 era long suffix, version 2.0 header length.
  llvm::Expected<NpyArray> b = parseNpy(makeNpy(
      "{'descr': '|u1', 'fortran_order': False, 'shape': (3L,), }", "abc", 2));
  FP4_ASSERT_OK(b);
  EXPECT_EQ(b->shape, (std::vector<int64_t>{3}));
}

TEST(Npy, HandMadeErrors) {
  const char *good =
      "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }";
  EXPECT_EQ(parseError(makeNpy(good, "abcd")), "");

  EXPECT_EQ(parseError({}), "truncated .npy file: no room for the magic");
  EXPECT_EQ(parseError(bytesOf("\x93NUMPX\x01\x00")),
            "not an .npy file (bad magic)");
  EXPECT_EQ(parseError(bytesOf(llvm::StringRef("\x93NUMPY\x01", 7))),
            "truncated .npy file: no room for the version and header length");
  std::vector<uint8_t> v4 = makeNpy(good, "abcd");
  v4[6] = 4;
  EXPECT_EQ(parseError(v4),
            "unsupported .npy format version 4.0 (1.0, 2.0 and 3.0 are read)");
  std::vector<uint8_t> v2short =
      bytesOf(llvm::StringRef("\x93NUMPY\x02\x00\x10\x00", 10));
  EXPECT_EQ(parseError(v2short),
            "truncated .npy file: no room for the header length");

  std::vector<uint8_t> cut = makeNpy(good, "abcd");
  cut.resize(30);
  EXPECT_NE(parseError(cut).find("truncated .npy file: header of"),
            std::string::npos);

  EXPECT_EQ(parseError(makeNpy(good, "abc")),
            "truncated .npy file: shape needs 4 bytes of '<u2' data, only 3 "
            "are there");
  EXPECT_EQ(parseError(makeNpy(good, "abcde")),
            ".npy file has 1 bytes after the array data");
  EXPECT_EQ(
      parseError(makeNpy("{'fortran_order': False, 'shape': (2,), }", "ab")),
      ".npy header has no 'descr'");
  EXPECT_EQ(
      parseError(makeNpy("{'descr': '<u2', 'fortran_order': False}", "ab")),
      ".npy header has no 'shape'");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<u2', 'shape': (1,)}", "ab")),
            ".npy header has no 'fortran_order'");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '<u2', 'fortran_order': True, 'shape': (1,)}", "ab")),
      ".npy array is in Fortran order; only C order is read");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '<u3', 'fortran_order': False, 'shape': (1,)}", "abc")),
      "unsupported dtype '<u3' (plain bool, integer and float dtypes "
      "only)");
  EXPECT_EQ(parseError(makeNpy(
                "{'descr': 'O', 'fortran_order': False, 'shape': (1,)}", "")),
            "unsupported dtype 'O'");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '=f4', 'fortran_order': False, 'shape': (1,)}", "abcd")),
      "unsupported dtype '=f4': byte order '=' is not '<'");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '|u2', 'fortran_order': False, 'shape': (1,)}", "ab")),
      "unsupported dtype '|u2': byte order '|' is not '<'");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '=u1', 'fortran_order': False, 'shape': (1,)}", "a")),
      "unsupported dtype '=u1': byte order '=' is not '<' or '|'");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '<u1', 'fortran_order': False, 'shape': (1,)}", "a")),
      "");
  EXPECT_EQ(parseError(makeNpy(
                "{'descr': '<u2', 'fortran_order': False, 'shape': (1,), "
                "'extra': 1}",
                "ab")),
            "malformed .npy header at byte 65: unsupported value for 'extra'");
  EXPECT_EQ(parseError(makeNpy(
                "{'descr': '<u2', 'fortran_order': False, 'shape': (1,), "
                "'extra': 'x'}",
                "ab")),
            ".npy header has an unexpected key 'extra'");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<u2', 'descr': '<u2'}", "")),
            "malformed .npy header at byte 31: key 'descr' appears twice");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '<u2', 'fortran_order': False, 'shape': (-1,)}", "")),
      "malformed .npy header at byte 51: expected a non-negative "
      "integer in the shape");
  EXPECT_EQ(
      parseError(makeNpy("{'descr': '<u2', 'fortran_order': False, 'shape': "
                         "(99999999999999999999,)}",
                         "")),
      "malformed .npy header at byte 51: shape entry '99999999999999999999' "
      "is too large");
  EXPECT_EQ(
      parseError(makeNpy("{'descr': '<u2', 'fortran_order': False, 'shape': "
                         "(4294967296, 4294967296)}",
                         "")),
      ".npy shape has more than 2^48 elements");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<u2", "")),
            "malformed .npy header at byte 10: unterminated string");
  EXPECT_EQ(parseError(makeNpy("['descr']", "")),
            "malformed .npy header at byte 0: expected '{'");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<u2' 'shape': (1,)}", "")),
            "malformed .npy header at byte 16: expected ',' or '}'");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<u2'} trailing", "")),
            "malformed .npy header at byte 17: unexpected text after the dict");
  EXPECT_EQ(parseError(makeNpy(
                "{'descr': 5, 'fortran_order': False, 'shape': (1,)}", "")),
            "malformed .npy header at byte 10: unsupported value for 'descr'");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '<u2', 'fortran_order': 'no', 'shape': (1,)}", "ab")),
      ".npy header 'fortran_order' is not True or False");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '<u2', 'fortran_order': False, 'shape': '1'}", "ab")),
      ".npy header 'shape' is not a tuple");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': True, 'fortran_order': False, 'shape': (1,)}", "ab")),
      ".npy header 'descr' is not a string");
  EXPECT_EQ(
      parseError(makeNpy(
          "{'descr': '<u2', 'fortran_order': False, 'shape': [1]}", "ab")),
      "malformed .npy header at byte 50: 'shape' is a list or dict");
  EXPECT_EQ(parseError(makeNpy(
                "{'descr': [('x', '<u2')], 'fortran_order': False, 'shape': "
                "(1,)}",
                "ab")),
            "malformed .npy header at byte 10: 'descr' is a list or dict "
            "(structured dtypes are not supported)");
}

TEST(Npy, TruncatedAtEveryLength) {
  std::vector<uint8_t> file = readBytes(input("i8_2x2x2.npy"));
  for (size_t n = 0; n < file.size(); ++n) {
    std::vector<uint8_t> prefix(file.begin(), file.begin() + n);
    EXPECT_NE(parseError(prefix), "") << n;
  }
}

TEST(Npy, MissingFile) {
  std::string e = errorOf(readNpy("/nonexistent/a.npy"));
  EXPECT_NE(e.find("cannot read '/nonexistent/a.npy'"), std::string::npos) << e;
}

} // namespace
