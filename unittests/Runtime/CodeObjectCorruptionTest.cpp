//===- CodeObjectCorruptionTest.cpp - damaged code objects ------*- C++ -*-===//
//
// Every damaged input must give an llvm::Error, never a crash or a read out
// of bounds (run these under FP4_ENABLE_SANITIZERS to check the latter).
// Targeted cases check the message names the problem; sweeps (every
// truncation, byte flips over the headers and the metadata note, random
// mutations) check that nothing crashes.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/CodeObject.h"

#include "TestUtil.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Endian.h"

#include "gtest/gtest.h"

#include <random>

using namespace fp4::runtime;
using namespace fp4::runtime::test;
using llvm::StringRef;
namespace endian = llvm::support::endian;

namespace {

/// Offsets into a little-endian ELF64 file, for surgical damage.
struct Elf {
  std::vector<uint8_t> &b;

  uint64_t shoff() const { return endian::read64le(&b[0x28]); }
  unsigned shnum() const { return endian::read16le(&b[0x3c]); }
  size_t shdr(unsigned i) const { return shoff() + 64 * i; }
  uint32_t shType(unsigned i) const {
    return endian::read32le(&b[shdr(i) + 4]);
  }
  uint64_t shAddr(unsigned i) const {
    return endian::read64le(&b[shdr(i) + 16]);
  }
  uint64_t shOffset(unsigned i) const {
    return endian::read64le(&b[shdr(i) + 24]);
  }
  uint64_t shSize(unsigned i) const {
    return endian::read64le(&b[shdr(i) + 32]);
  }

  StringRef sectionName(unsigned i) const {
    unsigned shstrndx = endian::read16le(&b[0x3e]);
    const char *names = reinterpret_cast<const char *>(&b[shOffset(shstrndx)]);
    return names + endian::read32le(&b[shdr(i)]);
  }
  unsigned section(StringRef name) const {
    for (unsigned i = 0; i < shnum(); ++i)
      if (sectionName(i) == name)
        return i;
    ADD_FAILURE() << "no section " << name.str();
    return 0;
  }
  /// The metadata note: the SHT_NOTE section's offset and the desc offset
  /// (12-byte header + "AMDGPU\0" padded to 8).
  size_t noteOffset() const { return shOffset(section(".note")); }
  size_t noteDescOffset() const { return noteOffset() + 12 + 8; }
  uint32_t noteDescSize() const {
    return endian::read32le(&b[noteOffset() + 4]);
  }
};

size_t find(const std::vector<uint8_t> &b, StringRef needle, size_t from = 0,
            size_t to = std::string::npos) {
  StringRef hay(reinterpret_cast<const char *>(b.data()), b.size());
  size_t at = hay.substr(0, to).find(needle, from);
  EXPECT_NE(at, StringRef::npos) << "'" << needle.str() << "' not found";
  return at;
}

void replace(std::vector<uint8_t> &b, size_t at, StringRef with) {
  ASSERT_LE(at + with.size(), b.size());
  std::copy(with.begin(), with.end(), b.begin() + at);
}

class Corruption : public ::testing::Test {
protected:
  void SetUp() override {
    good = codeObjectBytes("kernels-gfx950.hsaco");
    ASSERT_GT(good.size(), 1000u);
    ASSERT_EQ(errorOf(readCodeObject(good)), "");
  }

  /// The error readCodeObject gives for `bytes` ("" if it succeeds).
  static std::string read(const std::vector<uint8_t> &bytes) {
    return errorOf(readCodeObject(bytes));
  }

  std::vector<uint8_t> good;
};

#define EXPECT_ERROR_CONTAINS(bytes, text)                                     \
  do {                                                                         \
    std::string message = read(bytes);                                         \
    EXPECT_NE(message.find(text), std::string::npos)                           \
        << "error was: '" << message << "'";                                   \
  } while (false)

TEST_F(Corruption, TruncatedAtEveryLength) {
  // The section header table is the last thing in the file, so every proper
  // prefix lacks part of it.
  for (size_t n = 0; n < good.size(); ++n) {
    std::vector<uint8_t> prefix(good.begin(), good.begin() + n);
    std::string message = read(prefix);
    ASSERT_NE(message, "") << "prefix of " << n << " bytes was accepted";
  }
  EXPECT_ERROR_CONTAINS(std::vector<uint8_t>(),
                        "truncated code object: 0 bytes");
  EXPECT_ERROR_CONTAINS(std::vector<uint8_t>(good.begin(), good.begin() + 63),
                        "less than an ELF64 header");
  EXPECT_ERROR_CONTAINS(
      std::vector<uint8_t>(good.begin(), good.begin() + good.size() - 1),
      "section headers");
}

TEST_F(Corruption, IdentBytes) {
  std::vector<uint8_t> b = good;
  b[1] = 'X';
  EXPECT_ERROR_CONTAINS(b, "not an ELF file (bad magic)");
  b = good;
  b[4] = 1; // ELFCLASS32
  EXPECT_ERROR_CONTAINS(b, "ELF class 1 is not ELFCLASS64");
  b = good;
  b[5] = 2; // big-endian
  EXPECT_ERROR_CONTAINS(b, "is not little-endian");
  b = good;
  b[7] = 0; // System V OS ABI
  EXPECT_ERROR_CONTAINS(b, "OS ABI 0 is not ELFOSABI_AMDGPU_HSA");
  b = good;
  b[8] = 2; // code object v4
  EXPECT_ERROR_CONTAINS(b, "unsupported code object version (EI_ABIVERSION 2)");
  b[8] = 5; // not yet defined
  EXPECT_ERROR_CONTAINS(b, "unsupported code object version (EI_ABIVERSION 5)");
}

TEST_F(Corruption, HeaderFields) {
  std::vector<uint8_t> b = good;
  endian::write16le(&b[0x12], 62); // EM_X86_64
  EXPECT_ERROR_CONTAINS(b, "e_machine 62 is not EM_AMDGPU");

  b = good;
  endian::write32le(&b[0x30], (endian::read32le(&b[0x30]) & ~0xffu) | 0xfe);
  EXPECT_ERROR_CONTAINS(b, "unknown AMDGPU processor: e_flags machine 0x");

  b = good; // e_flags claim gfx942, the metadata says gfx950.
  endian::write32le(&b[0x30], (endian::read32le(&b[0x30]) & ~0xffu) | 0x4c);
  EXPECT_ERROR_CONTAINS(b, "code object target mismatch: e_flags say gfx942, "
                           "'amdhsa.target' says 'amdgcn-amd-amdhsa--gfx950'");

  b = good; // e_flags claim xnack on, the metadata says any.
  endian::write32le(&b[0x30], endian::read32le(&b[0x30]) | 0x300);
  EXPECT_ERROR_CONTAINS(b, "e_flags say xnack on");

  b = good;
  endian::write64le(&b[0x28], b.size()); // section table past the end
  EXPECT_ERROR_CONTAINS(b, "malformed code object: section headers");

  b = good;
  endian::write64le(&b[0x28], endian::read64le(&b[0x28]) + 4); // misaligned
  EXPECT_ERROR_CONTAINS(b, "section header table offset is not 8-byte aligned");

  b = good;
  endian::write16le(&b[0x3a], 40); // e_shentsize
  EXPECT_ERROR_CONTAINS(b, "malformed code object: section headers");
}

TEST_F(Corruption, UnlinkedObjectIsRejected) {
  // llc's output before ld.lld: ET_REL.
  std::vector<uint8_t> obj = codeObjectBytes("kernels-gfx950.o");
  EXPECT_ERROR_CONTAINS(obj, "not a linked code object: e_type is 1");
}

TEST_F(Corruption, MissingNote) {
  Elf elf{good};
  std::vector<uint8_t> b = good;
  Elf e{b};
  endian::write32le(&b[e.shdr(elf.section(".note")) + 4], 1); // SHT_PROGBITS
  EXPECT_ERROR_CONTAINS(b, "code object has no NT_AMDGPU_METADATA note");

  b = good;
  endian::write32le(&b[e.noteOffset() + 8], 33); // note type
  EXPECT_ERROR_CONTAINS(b, "code object has no NT_AMDGPU_METADATA note");

  b = good;
  replace(b, e.noteOffset() + 12, "AMDGPX"); // note owner
  EXPECT_ERROR_CONTAINS(b, "code object has no NT_AMDGPU_METADATA note");
}

TEST_F(Corruption, NoteOverflowsItsSection) {
  std::vector<uint8_t> b = good;
  Elf e{b};
  endian::write32le(&b[e.noteOffset() + 4], e.noteDescSize() + 64);
  EXPECT_ERROR_CONTAINS(b, "malformed code object: note");

  b = good;
  endian::write64le(&b[e.shdr(e.section(".note")) + 24], b.size() - 8);
  EXPECT_ERROR_CONTAINS(b, "malformed code object: note");

  b = good;
  endian::write64le(&b[e.shdr(e.section(".note")) + 24],
                    e.noteOffset() + 2); // misaligned
  EXPECT_ERROR_CONTAINS(b, "is not 4-byte aligned");
}

TEST_F(Corruption, MsgPackGarbage) {
  std::vector<uint8_t> b = good;
  Elf e{b};
  size_t desc = e.noteDescOffset();
  ASSERT_EQ(b[desc] & 0xf0, 0x80) << "metadata does not start with a fixmap";

  b[desc] = 0xc1; // the one byte msgpack never uses
  EXPECT_ERROR_CONTAINS(b, "AMDGPU metadata is not valid msgpack");

  b = good; // a map whose two keys are arrays: {[]: 1, []: 2}
  replace(b, desc, StringRef("\x82\x90\x01\x90\x02", 5));
  EXPECT_ERROR_CONTAINS(b, "map key that is not a string");

  b = good; // an array root
  b[desc] = 0x90;
  EXPECT_ERROR_CONTAINS(b, "AMDGPU metadata is not a msgpack map");

  b = good; // 40 nested one-element arrays
  replace(b, desc, std::string(40, '\x91'));
  EXPECT_ERROR_CONTAINS(b, "nests deeper than");

  b = good; // map claiming far more entries than the note holds
  replace(b, desc, StringRef("\xdf\x7f\xff\xff\xff", 5));
  EXPECT_ERROR_CONTAINS(b, "AMDGPU metadata");

  b = good; // binary object as the root
  replace(b, desc, StringRef("\xc4\x01\x00", 3));
  EXPECT_ERROR_CONTAINS(b, "binary or extension object");
}

TEST_F(Corruption, MetadataContents) {
  Elf g{good};
  size_t desc = g.noteDescOffset(), end = desc + g.noteDescSize();

  std::vector<uint8_t> b = good;
  replace(b, find(b, ".kernarg_segment_size", desc, end),
          ".kernarg_segment_sizX");
  EXPECT_ERROR_CONTAINS(b, "missing '.kernarg_segment_size'");

  b = good;
  replace(b, find(b, "amdgcn-amd-amdhsa--gfx950", desc, end),
          "amdgcn-amd-amdhsa--gfx951");
  EXPECT_ERROR_CONTAINS(b, "e_flags say gfx950, 'amdhsa.target' says "
                           "'amdgcn-amd-amdhsa--gfx951'");

  b = good;
  replace(b, find(b, "amdgcn-amd-amdhsa--gfx950", desc, end),
          "amdgcn-amd-amdhsx--gfx950");
  EXPECT_ERROR_CONTAINS(b, "does not start with 'amdgcn-amd-amdhsa--'");

  b = good; // ".wavefront_size" (fixstr) followed by its value, 64
  size_t wave = find(b, ".wavefront_size", desc, end);
  ASSERT_EQ(b[wave + 15], 0x40);
  b[wave + 15] = 0;
  EXPECT_ERROR_CONTAINS(b, "'.wavefront_size' is 0, not 32 or 64");

  b = good;
  replace(b, find(b, ".value_kind", desc, end), ".value_kinX");
  EXPECT_ERROR_CONTAINS(b, "argument 0: missing '.value_kind'");

  b = good;
  replace(b, find(b, "amdhsa.version", desc, end), "amdhsa.versioX");
  EXPECT_ERROR_CONTAINS(b, "missing 'amdhsa.version'");
}

TEST_F(Corruption, KernelDescriptorSymbolMissing) {
  std::vector<uint8_t> b = good;
  Elf e{b};
  // Rename the symbol in both string tables, not in the metadata.
  for (StringRef table : {".strtab", ".dynstr"}) {
    unsigned s = e.section(table);
    size_t at =
        find(b, "add_lds.kd", e.shOffset(s), e.shOffset(s) + e.shSize(s));
    replace(b, at, "add_lds.kX");
  }
  EXPECT_ERROR_CONTAINS(b, "kernel 'add_lds': kernel descriptor symbol "
                           "'add_lds.kd' is not in the symbol table");
}

TEST_F(Corruption, KernelDescriptorDisagreesWithMetadata) {
  llvm::Expected<CodeObject> co = readCodeObject(good);
  FP4_ASSERT_OK(co);
  const KernelInfo &k = *co->findKernel("add_lds");
  std::vector<uint8_t> b = good;
  Elf e{b};
  unsigned rodata = e.section(".rodata");
  size_t kd = e.shOffset(rodata) + (k.descriptorAddress - e.shAddr(rodata));
  ASSERT_EQ(endian::read32le(&b[kd]), 1024u);
  endian::write32le(&b[kd], 2048);
  EXPECT_ERROR_CONTAINS(b, "kernel 'add_lds': kernel descriptor "
                           "group_segment_fixed_size is 2048 but the metadata "
                           "says 1024");
}

// What aiter's hand-assembled code objects do (HIP loads them): no
// 'amdhsa.target' and a kernarg_size of 0 in the descriptor. Both are read,
// with a warning each; nothing else about the object changes.
TEST_F(Corruption, AiterQuirksAreWarnings) {
  Elf g{good};
  size_t desc = g.noteDescOffset(), end = desc + g.noteDescSize();
  std::vector<uint8_t> b = good;
  // Renamed (same length): to the reader the key is missing.
  replace(b, find(b, "amdhsa.target", desc, end), "amdhsa.targeX");
  llvm::Expected<CodeObject> co = readCodeObject(b);
  FP4_ASSERT_OK(co);
  EXPECT_EQ(co->targetId, "amdgcn-amd-amdhsa--gfx950");
  ASSERT_EQ(co->warnings.size(), 1u);
  EXPECT_EQ(co->warnings[0], "AMDGPU metadata has no 'amdhsa.target'; using "
                             "the e_flags target 'amdgcn-amd-amdhsa--gfx950'");
  EXPECT_EQ(errorOf(requireTarget(*co, "gfx950")), "");

  // The e_flags' feature settings make it into the target id.
  std::vector<uint8_t> x = codeObjectBytes("kernels-gfx950-xnack-off.hsaco");
  Elf xe{x};
  size_t xdesc = xe.noteDescOffset();
  replace(x, find(x, "amdhsa.target", xdesc, xdesc + xe.noteDescSize()),
          "amdhsa.targeX");
  llvm::Expected<CodeObject> xco = readCodeObject(x);
  FP4_ASSERT_OK(xco);
  EXPECT_EQ(xco->targetId, "amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-");

  llvm::Expected<CodeObject> original = readCodeObject(good);
  FP4_ASSERT_OK(original);
  const KernelInfo &k = *original->findKernel("add_lds");
  Elf e{b};
  unsigned rodata = e.section(".rodata");
  size_t kd = e.shOffset(rodata) + (k.descriptorAddress - e.shAddr(rodata));
  ASSERT_EQ(endian::read32le(&b[kd + 8]), k.kernargSegmentSize);
  endian::write32le(&b[kd + 8], 0);
  co = readCodeObject(b);
  FP4_ASSERT_OK(co);
  ASSERT_EQ(co->warnings.size(), 2u);
  EXPECT_EQ(co->warnings[1],
            "kernel 'add_lds': kernel descriptor kernarg_size is 0; using the "
            "metadata's " +
                std::to_string(k.kernargSegmentSize));
  EXPECT_EQ(co->findKernel("add_lds")->kernargSegmentSize,
            k.kernargSegmentSize);

  // A kernarg_size that is neither 0 nor the metadata's stays an error.
  endian::write32le(&b[kd + 8], uint32_t(k.kernargSegmentSize + 8));
  EXPECT_ERROR_CONTAINS(b, "kernel 'add_lds': kernel descriptor kernarg_size "
                           "is " +
                               std::to_string(k.kernargSegmentSize + 8) +
                               " but the metadata says " +
                               std::to_string(k.kernargSegmentSize));
  // So does a 0 in the descriptor's LDS size (an LDS size of 0 is a
  // statement, not an omission). A wrong 'amdhsa.target': MetadataContents.
  b = good;
  ASSERT_EQ(endian::read32le(&b[kd]), 1024u);
  endian::write32le(&b[kd], 0);
  EXPECT_ERROR_CONTAINS(b, "kernel 'add_lds': kernel descriptor "
                           "group_segment_fixed_size is 0 but the metadata "
                           "says 1024");
}

TEST_F(Corruption, SymbolTableDamage) {
  std::vector<uint8_t> b = good;
  Elf e{b};
  unsigned symtab = e.section(".symtab");
  endian::write32le(&b[e.shdr(symtab) + 40], 999); // sh_link
  EXPECT_ERROR_CONTAINS(b, "malformed code object: symbol string table");

  b = good;
  endian::write64le(&b[e.shdr(symtab) + 32], b.size()); // sh_size
  EXPECT_ERROR_CONTAINS(b, "malformed code object: symbol table");
}

/// Each listed byte set to several values: errors or not, never a crash.
TEST_F(Corruption, ByteFlipSweep) {
  Elf g{good};
  std::vector<size_t> positions;
  for (size_t i = 0; i < 64; ++i)
    positions.push_back(i);
  for (size_t i = g.shoff(); i < good.size(); ++i)
    positions.push_back(i);
  for (size_t i = g.noteOffset(); i < g.noteDescOffset() + g.noteDescSize();
       ++i)
    positions.push_back(i);
  unsigned failures = 0, runs = 0;
  for (size_t pos : positions) {
    for (uint8_t value : {uint8_t(0), uint8_t(0xff), uint8_t(good[pos] ^ 1),
                          uint8_t(good[pos] ^ 0x80)}) {
      if (value == good[pos])
        continue;
      std::vector<uint8_t> b = good;
      b[pos] = value;
      llvm::Expected<CodeObject> co = readCodeObject(b);
      ++runs;
      if (!co) {
        ++failures;
        EXPECT_FALSE(llvm::toString(co.takeError()).empty());
      }
    }
  }
  // Most damage is noticed (padding and unused fields are not).
  EXPECT_GT(failures, runs / 3) << failures << " of " << runs;
}

TEST_F(Corruption, RandomMutations) {
  std::mt19937 rng(20250101);
  for (unsigned iter = 0; iter < 4000; ++iter) {
    std::vector<uint8_t> b = good;
    unsigned flips = 1 + rng() % 8;
    for (unsigned i = 0; i < flips; ++i)
      b[rng() % b.size()] = uint8_t(rng());
    if (rng() % 4 == 0)
      b.resize(rng() % b.size());
    llvm::Expected<CodeObject> co = readCodeObject(b);
    if (!co)
      llvm::consumeError(co.takeError());
  }
}

} // namespace
