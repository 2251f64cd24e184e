//===- CodeObject.cpp - read a linked AMDGPU code object --------*- C++ -*-===//
//
// ELF side of the reader: header checks, the metadata note, the kernel
// descriptor symbols. The bytes are copied first so that every structure
// llvm::object::ELFFile casts to is read from a suitably aligned buffer that
// the CodeObject then owns (HIP needs the image anyway).
//
//===----------------------------------------------------------------------===//

#include "Detail.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace llvm::object;
using namespace fp4::runtime;
using namespace fp4::runtime::detail;

using ELFT = ELF64LE;
using ElfFile = ELFFile<ELFT>;

std::vector<const KernelArgInfo *> KernelInfo::explicitArgs() const {
  std::vector<const KernelArgInfo *> result;
  for (const KernelArgInfo &arg : args)
    if (!arg.isHidden())
      result.push_back(&arg);
  return result;
}

const KernelInfo *CodeObject::findKernel(StringRef name) const {
  for (const KernelInfo &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

Expected<const KernelInfo &> CodeObject::getKernel(StringRef name) const {
  if (const KernelInfo *k = findKernel(name))
    return *k;
  std::string known;
  for (const KernelInfo &k : kernels)
    known += (known.empty() ? "'" : ", '") + k.name + "'";
  return makeError("code object has no kernel '" + name + "' (it has " +
                   (known.empty() ? std::string("none") : known) + ")");
}

/// Prefixes an error from llvm::object with what was being read.
static Error wrap(Error e, const Twine &what) {
  return makeError("malformed code object: " + what + ": " +
                   toString(std::move(e)));
}

static Error checkIdent(ArrayRef<uint8_t> bytes, CodeObject &co) {
  if (bytes.size() < sizeof(ELFT::Ehdr))
    return makeError("truncated code object: " + Twine(bytes.size()) +
                     " bytes is less than an ELF64 header (64 bytes)");
  if (bytes[ELF::EI_MAG0] != ELF::ElfMagic[0] ||
      bytes[ELF::EI_MAG1] != ELF::ElfMagic[1] ||
      bytes[ELF::EI_MAG2] != ELF::ElfMagic[2] ||
      bytes[ELF::EI_MAG3] != ELF::ElfMagic[3])
    return makeError("not an ELF file (bad magic)");
  if (bytes[ELF::EI_CLASS] != ELF::ELFCLASS64)
    return makeError("not an AMDGPU code object: ELF class " +
                     Twine(unsigned(bytes[ELF::EI_CLASS])) +
                     " is not ELFCLASS64");
  if (bytes[ELF::EI_DATA] != ELF::ELFDATA2LSB)
    return makeError("not an AMDGPU code object: ELF data encoding " +
                     Twine(unsigned(bytes[ELF::EI_DATA])) +
                     " is not little-endian");
  if (bytes[ELF::EI_OSABI] != ELF::ELFOSABI_AMDGPU_HSA)
    return makeError("not an HSA code object: OS ABI " +
                     Twine(unsigned(bytes[ELF::EI_OSABI])) +
                     " is not ELFOSABI_AMDGPU_HSA (64)");
  switch (bytes[ELF::EI_ABIVERSION]) {
  case ELF::ELFABIVERSION_AMDGPU_HSA_V5:
    co.version = 5;
    break;
  case ELF::ELFABIVERSION_AMDGPU_HSA_V6:
    co.version = 6;
    break;
  default:
    return makeError("unsupported code object version (EI_ABIVERSION " +
                     Twine(unsigned(bytes[ELF::EI_ABIVERSION])) +
                     "): only v5 (3) and v6 (4) are read");
  }
  return Error::success();
}

static FeatureSetting decodeFeature(unsigned bits, unsigned any, unsigned off,
                                    unsigned on) {
  if (bits == any)
    return FeatureSetting::Any;
  if (bits == off)
    return FeatureSetting::Off;
  if (bits == on)
    return FeatureSetting::On;
  return FeatureSetting::Unsupported;
}

static Error checkHeader(const ElfFile &elf, CodeObject &co) {
  const ELFT::Ehdr &h = elf.getHeader();
  if (h.e_machine != ELF::EM_AMDGPU)
    return makeError("not an AMDGPU code object: e_machine " +
                     Twine(unsigned(h.e_machine)) + " is not EM_AMDGPU (224)");
  if (h.e_type != ELF::ET_DYN)
    return makeError("not a linked code object: e_type is " +
                     Twine(unsigned(h.e_type)) +
                     ", expected ET_DYN (link it with ld.lld -shared)");
  uint32_t flags = h.e_flags;
  co.machine = flags & ELF::EF_AMDGPU_MACH;
  co.processor = processorForMachine(co.machine).str();
  if (co.processor.empty())
    return makeError("unknown AMDGPU processor: e_flags machine 0x" +
                     Twine::utohexstr(co.machine));
  co.xnack = decodeFeature(flags & ELF::EF_AMDGPU_FEATURE_XNACK_V4,
                           ELF::EF_AMDGPU_FEATURE_XNACK_ANY_V4,
                           ELF::EF_AMDGPU_FEATURE_XNACK_OFF_V4,
                           ELF::EF_AMDGPU_FEATURE_XNACK_ON_V4);
  co.sramecc = decodeFeature(flags & ELF::EF_AMDGPU_FEATURE_SRAMECC_V4,
                             ELF::EF_AMDGPU_FEATURE_SRAMECC_ANY_V4,
                             ELF::EF_AMDGPU_FEATURE_SRAMECC_OFF_V4,
                             ELF::EF_AMDGPU_FEATURE_SRAMECC_ON_V4);
  return Error::success();
}

/// Scans one note container (section or segment) for the metadata note.
template <typename Container>
static Error scanNotes(const ElfFile &elf, const Container &c, uint64_t offset,
                       std::optional<StringRef> &found) {
  if (offset % 4)
    return makeError("malformed code object: note at file offset " +
                     Twine(offset) + " is not 4-byte aligned");
  Error err = Error::success();
  for (const ELFT::Note &note : elf.notes(c, err)) {
    if (note.getName() != "AMDGPU" || note.getType() != ELF::NT_AMDGPU_METADATA)
      continue;
    if (found) {
      consumeError(std::move(err));
      return makeError("malformed code object: two NT_AMDGPU_METADATA notes");
    }
    found = note.getDescAsStringRef(4);
  }
  if (err)
    return wrap(std::move(err), "note");
  return Error::success();
}

/// The payload of the NT_AMDGPU_METADATA note, from the SHT_NOTE sections or,
/// when the section headers are gone, the PT_NOTE segments.
static Expected<StringRef> findMetadataNote(const ElfFile &elf,
                                            ArrayRef<ELFT::Shdr> sections) {
  std::optional<StringRef> found;
  for (const ELFT::Shdr &s : sections)
    if (s.sh_type == ELF::SHT_NOTE)
      if (Error e = scanNotes(elf, s, s.sh_offset, found))
        return std::move(e);
  if (sections.empty()) {
    if (elf.getHeader().e_phoff % 8)
      return makeError("malformed code object: program header table offset "
                       "is not 8-byte aligned");
    Expected<ArrayRef<ELFT::Phdr>> phdrs = elf.program_headers();
    if (!phdrs)
      return wrap(phdrs.takeError(), "program headers");
    for (const ELFT::Phdr &p : *phdrs)
      if (p.p_type == ELF::PT_NOTE)
        if (Error e = scanNotes(elf, p, p.p_offset, found))
          return std::move(e);
  }
  if (!found)
    return makeError("code object has no NT_AMDGPU_METADATA note");
  return *found;
}

/// Every named symbol of .symtab and .dynsym (.symtab wins on a clash).
static Expected<StringMap<const ELFT::Sym *>>
collectSymbols(const ElfFile &elf, ArrayRef<ELFT::Shdr> sections) {
  StringMap<const ELFT::Sym *> symbols;
  for (unsigned type : {ELF::SHT_SYMTAB, ELF::SHT_DYNSYM}) {
    for (const ELFT::Shdr &s : sections) {
      if (s.sh_type != type)
        continue;
      if (s.sh_offset % 8)
        return makeError("malformed code object: symbol table is not "
                         "8-byte aligned");
      Expected<ArrayRef<ELFT::Sym>> syms = elf.symbols(&s);
      if (!syms)
        return wrap(syms.takeError(), "symbol table");
      Expected<StringRef> strtab = elf.getStringTableForSymtab(s);
      if (!strtab)
        return wrap(strtab.takeError(), "symbol string table");
      for (const ELFT::Sym &sym : *syms) {
        Expected<StringRef> name = sym.getName(*strtab);
        if (!name)
          return wrap(name.takeError(), "symbol name");
        if (!name->empty())
          symbols.try_emplace(*name, &sym);
      }
    }
  }
  return symbols;
}

/// Copies the 64-byte descriptor that `k.symbol` names into `k`, and checks
/// it agrees with the metadata on the sizes both state (a kernarg_size of 0
/// in the descriptor is a warning, added to `warnings`).
static Error readDescriptor(const ElfFile &elf, ArrayRef<ELFT::Shdr> sections,
                            const StringMap<const ELFT::Sym *> &symbols,
                            ArrayRef<uint8_t> image, KernelInfo &k,
                            std::vector<std::string> &warnings) {
  std::string what = "kernel '" + k.name + "'";
  auto it = symbols.find(k.symbol);
  if (it == symbols.end())
    return makeError(what + ": kernel descriptor symbol '" + k.symbol +
                     "' is not in the symbol table");
  const ELFT::Sym &sym = *it->second;
  if (sym.st_size != kKernelDescriptorSize)
    return makeError(what + ": kernel descriptor symbol '" + k.symbol +
                     "' has size " + Twine(uint64_t(sym.st_size)) +
                     ", expected 64");
  unsigned shndx = sym.st_shndx;
  if (shndx == ELF::SHN_UNDEF || shndx >= ELF::SHN_LORESERVE ||
      shndx >= sections.size())
    return makeError(what + ": kernel descriptor symbol '" + k.symbol +
                     "' is not defined in a section");
  const ELFT::Shdr &sec = sections[shndx];
  uint64_t addr = sym.st_value, secAddr = sec.sh_addr, secSize = sec.sh_size;
  if (sec.sh_type == ELF::SHT_NOBITS || addr < secAddr ||
      addr - secAddr > secSize || secSize - (addr - secAddr) < 64)
    return makeError(what + ": kernel descriptor '" + k.symbol +
                     "' lies outside its section's contents");
  uint64_t fileOffset = uint64_t(sec.sh_offset) + (addr - secAddr);
  if (fileOffset < sec.sh_offset || fileOffset > image.size() ||
      image.size() - fileOffset < 64)
    return makeError(what + ": kernel descriptor '" + k.symbol +
                     "' lies past the end of the file");
  std::copy_n(image.begin() + fileOffset, 64, k.descriptor.begin());
  k.descriptorAddress = addr;

  // amd_kernel_code_t v3+: group_segment_fixed_size, private_segment_fixed_size
  // and kernarg_size are the first three little-endian u32 words.
  auto word = [&](unsigned i) {
    return support::endian::read32le(k.descriptor.data() + 4 * i);
  };
  struct {
    const char *field;
    uint64_t descriptor, metadata;
  } checks[] = {
      {"group_segment_fixed_size", word(0), k.groupSegmentFixedSize},
      {"private_segment_fixed_size", word(1), k.privateSegmentFixedSize},
      {"kernarg_size", word(2), k.kernargSegmentSize},
  };
  for (const auto &c : checks) {
    // A kernarg_size of 0 in the descriptor states nothing (hand-assembled
    // code objects leave it so, and HIP sizes the segment from the
    // metadata); any other difference is a contradiction.
    if (c.descriptor == 0 && c.metadata != 0 &&
        StringRef(c.field) == "kernarg_size") {
      warnings.push_back(what +
                         ": kernel descriptor kernarg_size is 0; using "
                         "the metadata's " +
                         std::to_string(c.metadata));
      continue;
    }
    if (c.descriptor != c.metadata)
      return makeError(what + ": kernel descriptor " + c.field + " is " +
                       Twine(c.descriptor) + " but the metadata says " +
                       Twine(c.metadata));
  }
  return Error::success();
}

static Error checkTargetAgrees(const CodeObject &co) {
  Expected<TargetId> id = parseTargetId(co.targetId, /*requireTriple=*/true);
  if (!id)
    return makeError("AMDGPU metadata: 'amdhsa.target': " +
                     toString(id.takeError()));
  if (id->processor != co.processor)
    return makeError("code object target mismatch: e_flags say " +
                     co.processor + ", 'amdhsa.target' says '" + co.targetId +
                     "'");
  // A feature the target id omits is "any" (or unsupported by the chip).
  auto agrees = [](FeatureSetting flags, FeatureSetting meta) {
    return flags == meta || (meta == FeatureSetting::Any &&
                             flags == FeatureSetting::Unsupported);
  };
  if (!agrees(co.xnack, id->xnack) || !agrees(co.sramecc, id->sramecc))
    return makeError("code object target mismatch: e_flags say xnack " +
                     stringifyFeatureSetting(co.xnack) + ", sramecc " +
                     stringifyFeatureSetting(co.sramecc) +
                     ", 'amdhsa.target' says '" + co.targetId + "'");
  return Error::success();
}

Expected<CodeObject> fp4::runtime::readCodeObject(ArrayRef<uint8_t> bytes) {
  CodeObject co;
  if (Error e = checkIdent(bytes, co))
    return std::move(e);
  co.image.assign(bytes.begin(), bytes.end());
  StringRef image(reinterpret_cast<const char *>(co.image.data()),
                  co.image.size());

  Expected<ElfFile> elfOrErr = ElfFile::create(image);
  if (!elfOrErr)
    return wrap(elfOrErr.takeError(), "ELF header");
  const ElfFile &elf = *elfOrErr;
  if (Error e = checkHeader(elf, co))
    return std::move(e);

  if (elf.getHeader().e_shoff % 8)
    return makeError("malformed code object: section header table offset is "
                     "not 8-byte aligned");
  Expected<ArrayRef<ELFT::Shdr>> sections = elf.sections();
  if (!sections)
    return wrap(sections.takeError(), "section headers");

  Expected<StringRef> note = findMetadataNote(elf, *sections);
  if (!note)
    return note.takeError();
  if (Error e = decodeMetadata(*note, co))
    return std::move(e);
  if (Error e = checkTargetAgrees(co))
    return std::move(e);

  if (!co.kernels.empty()) {
    Expected<StringMap<const ELFT::Sym *>> symbols =
        collectSymbols(elf, *sections);
    if (!symbols)
      return symbols.takeError();
    for (KernelInfo &k : co.kernels)
      if (Error e = readDescriptor(elf, *sections, *symbols, co.image, k,
                                   co.warnings))
        return std::move(e);
  }
  return std::move(co);
}

Expected<CodeObject> fp4::runtime::readCodeObjectFile(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return makeError("cannot read code object '" + path +
                     "': " + buffer.getError().message());
  Expected<CodeObject> co =
      readCodeObject(arrayRefFromStringRef((*buffer)->getBuffer()));
  if (!co)
    return makeError("'" + path + "': " + toString(co.takeError()));
  return co;
}
