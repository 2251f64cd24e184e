//===- DeviceIRSection.cpp - device LLVM IR inside an HSACO -----*- C++ -*-===//
//
// Adding and removing the section goes through LLVM's objcopy library (the
// code llvm-objcopy runs), which rewrites the section table and keeps every
// segment's bytes; reading it is a plain walk of the section headers.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/DeviceIRSection.h"

#include "llvm/ObjCopy/CommonConfig.h"
#include "llvm/ObjCopy/ELF/ELFConfig.h"
#include "llvm/ObjCopy/ELF/ELFObjcopy.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace llvm;
using fp4::runtime::kDeviceIRSectionName;

static constexpr char kMagic[8] = {'F', 'P', '4', 'D', 'V', 'I', 'R', '1'};
static constexpr size_t kHeaderBytes = 24;
enum Codec : uint32_t { Raw = 0, Zstd = 1 };

std::vector<uint8_t> fp4::runtime::encodeDeviceIRSection(StringRef ir) {
  ArrayRef<uint8_t> text(reinterpret_cast<const uint8_t *>(ir.data()),
                         ir.size());
  SmallVector<uint8_t, 0> packed;
  uint32_t codec = Raw;
  if (compression::zstd::isAvailable()) {
    compression::zstd::compress(text, packed,
                                compression::zstd::BestSizeCompression);
    codec = Zstd;
  } else {
    packed.assign(text.begin(), text.end());
  }
  std::vector<uint8_t> out(kHeaderBytes);
  std::memcpy(out.data(), kMagic, 8);
  support::endian::write32le(out.data() + 8, codec);
  support::endian::write32le(out.data() + 12, 0);
  support::endian::write64le(out.data() + 16, ir.size());
  out.insert(out.end(), packed.begin(), packed.end());
  return out;
}

/// Runs objcopy with `config` on `hsaco`.
static Expected<std::string> runObjcopy(StringRef hsaco,
                                        const objcopy::CommonConfig &config) {
  auto binary =
      object::ObjectFile::createELFObjectFile(MemoryBufferRef(hsaco, "hsaco"));
  if (!binary)
    return binary.takeError();
  std::string out;
  raw_string_ostream os(out);
  objcopy::ELFConfig elfConfig;
  if (Error e = objcopy::elf::executeObjcopyOnBinary(
          config, elfConfig, cast<object::ELFObjectFileBase>(**binary), os))
    return std::move(e);
  return out;
}

Expected<std::string> fp4::runtime::addDeviceIR(StringRef hsaco, StringRef ir) {
  std::vector<uint8_t> contents = encodeDeviceIRSection(ir);
  objcopy::CommonConfig config;
  config.AddSection.emplace_back(
      kDeviceIRSectionName,
      MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(contents.data()),
                    contents.size()),
          kDeviceIRSectionName));
  return runObjcopy(hsaco, config);
}

Expected<std::string> fp4::runtime::stripDeviceIR(StringRef hsaco) {
  objcopy::CommonConfig config;
  if (Error e = config.ToRemove.addMatcher(objcopy::NameOrPattern::create(
          kDeviceIRSectionName, objcopy::MatchStyle::Literal,
          [](Error e) { return e; })))
    return std::move(e);
  return runObjcopy(hsaco, config);
}

static Error damaged(const Twine &why) {
  return createStringError("the code object's " + kDeviceIRSectionName +
                           " section is damaged: " + why);
}

Expected<std::optional<std::string>>
fp4::runtime::extractDeviceIR(ArrayRef<uint8_t> hsaco) {
  auto file = object::ELF64LEFile::create(
      StringRef(reinterpret_cast<const char *>(hsaco.data()), hsaco.size()));
  if (!file)
    return file.takeError();
  auto sections = file->sections();
  if (!sections)
    return sections.takeError();
  for (const auto &section : *sections) {
    auto name = file->getSectionName(section);
    if (!name)
      return name.takeError();
    if (*name != kDeviceIRSectionName)
      continue;
    auto bytes = file->getSectionContents(section);
    if (!bytes)
      return bytes.takeError();
    if (bytes->size() < kHeaderBytes ||
        std::memcmp(bytes->data(), kMagic, 8) != 0)
      return damaged("no FP4DVIR1 header");
    uint32_t codec = support::endian::read32le(bytes->data() + 8);
    uint64_t size = support::endian::read64le(bytes->data() + 16);
    ArrayRef<uint8_t> payload = bytes->drop_front(kHeaderBytes);
    if (codec == Raw) {
      if (payload.size() != size)
        return damaged("its size field says " + Twine(size) +
                       " bytes, it has " + Twine(payload.size()));
      return std::optional<std::string>(
          std::string(payload.begin(), payload.end()));
    }
    if (codec != Zstd)
      return damaged("unknown codec " + Twine(codec));
    if (!compression::zstd::isAvailable())
      return damaged("it is zstd-compressed and this LLVM has no zstd");
    // zstd cannot expand by more than about 1000x (the spec's largest block
    // ratio); a larger claim is damage, not a reason to allocate gigabytes.
    if (size > (uint64_t(1) << 32) || size > 1024 * payload.size() + 4096)
      return damaged("implausible text size " + Twine(size));
    SmallVector<uint8_t, 0> text;
    if (Error e = compression::zstd::decompress(payload, text, size))
      return damaged(toString(std::move(e)));
    return std::optional<std::string>(std::string(text.begin(), text.end()));
  }
  return std::optional<std::string>();
}
