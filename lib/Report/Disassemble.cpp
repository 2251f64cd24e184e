//===- Disassemble.cpp - instruction mix of AMDGPU kernels ------*- C++ -*-===//
//
// Disassembles each kernel's code with LLVM's AMDGPU disassembler (the one
// llvm-objdump uses) and sorts its instructions into classes.
//
//===----------------------------------------------------------------------===//

#include "fp4/Report/Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>
#include <tuple>
#include <vector>

using namespace fp4::report;
using llvm::Expected;
using llvm::StringRef;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message.str());
}

/// Bits moved by a memory instruction, from its mnemonic's last word.
static StringRef widthOf(StringRef mnemonic) {
  StringRef last = mnemonic.rsplit('_').second;
  if (last == "d16" || last == "hi")
    last = mnemonic.rsplit('_').first.rsplit('_').second;
  return llvm::StringSwitch<StringRef>(last)
      .Cases({"ubyte", "sbyte", "byte", "b8", "u8", "i8"}, "b8")
      .Cases({"ushort", "sshort", "short", "b16", "u16", "i16"}, "b16")
      .Cases({"dword", "b32"}, "b32")
      .Cases({"dwordx2", "b64"}, "b64")
      .Cases({"dwordx3", "b96"}, "b96")
      .Cases({"dwordx4", "b128"}, "b128")
      .Default(last);
}

static StringRef formatName(int code) {
  switch (code) {
  case 0:
    return "fp8";
  case 1:
    return "bf8";
  case 2:
    return "fp6";
  case 3:
    return "bf6";
  case 4:
    return "fp4";
  default:
    return "?";
  }
}

/// The class of one instruction. `text` is its printed form (operands too).
static std::string classify(StringRef mnemonic, StringRef text) {
  if (mnemonic.starts_with("v_mfma_scale_f32_")) {
    StringRef shape =
        mnemonic.drop_front(strlen("v_mfma_scale_f32_")).split('_').first;
    auto field = [&](StringRef key) {
      size_t at = text.find(key);
      int v = 0;
      if (at != StringRef::npos)
        text.drop_front(at + key.size())
            .take_while(llvm::isDigit)
            .getAsInteger(10, v);
      return v;
    };
    return ("mfma_scale " + shape + " " + formatName(field("cbsz:")) + "*" +
            formatName(field("blgp:")))
        .str();
  }
  if (mnemonic.starts_with("v_mfma"))
    return "mfma other";
  for (StringRef memory :
       {"global_load", "global_store", "buffer_load", "buffer_store",
        "flat_load", "flat_store", "scratch_load", "scratch_store"}) {
    if (!mnemonic.starts_with(memory))
      continue;
    // Loads straight into LDS ("..._lds_...", or the `lds` modifier).
    bool toLds = mnemonic.contains("_lds") || text.contains(" lds");
    return (memory + (toLds ? "_lds " : " ") + widthOf(mnemonic)).str();
  }
  if (mnemonic.starts_with("ds_read") || mnemonic.starts_with("ds_load"))
    return ("ds_read " + widthOf(mnemonic)).str();
  if (mnemonic.starts_with("ds_write") || mnemonic.starts_with("ds_store"))
    return ("ds_write " + widthOf(mnemonic)).str();
  if (mnemonic.starts_with("ds_"))
    return "ds other";
  if (mnemonic.starts_with("s_waitcnt"))
    return "s_waitcnt";
  if (mnemonic == "s_barrier")
    return "s_barrier";
  if (mnemonic.starts_with("v_cvt_scalef32"))
    return "valu cvt_scale";
  if (mnemonic.starts_with("v_"))
    return "valu";
  if (mnemonic.starts_with("s_"))
    return "salu";
  return "other";
}

namespace {
/// The MC objects of a gfx950 disassembler.
struct Disassembler {
  std::unique_ptr<llvm::MCRegisterInfo> mri;
  std::unique_ptr<llvm::MCAsmInfo> mai;
  std::unique_ptr<llvm::MCSubtargetInfo> sti;
  std::unique_ptr<llvm::MCInstrInfo> mii;
  std::unique_ptr<llvm::MCContext> ctx;
  std::unique_ptr<llvm::MCDisassembler> dis;
  std::unique_ptr<llvm::MCInstPrinter> printer;
  std::unique_ptr<llvm::MCInstrAnalysis> analysis;
};
} // namespace

static Expected<Disassembler> createDisassembler(StringRef chip) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUDisassembler();
  });
  llvm::Triple triple("amdgcn-amd-amdhsa");
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return fail("AMDGPU target unavailable: " + error);
  Disassembler d;
  llvm::MCTargetOptions options;
  d.mri.reset(target->createMCRegInfo(triple));
  d.mai.reset(target->createMCAsmInfo(*d.mri, triple, options));
  d.sti.reset(target->createMCSubtargetInfo(triple, chip, ""));
  d.mii.reset(target->createMCInstrInfo());
  if (!d.mri || !d.mai || !d.sti || !d.mii)
    return fail("cannot set up the AMDGPU disassembler for " + chip);
  d.ctx = std::make_unique<llvm::MCContext>(triple, d.mai.get(), d.mri.get(),
                                            d.sti.get());
  d.dis.reset(target->createMCDisassembler(*d.sti, *d.ctx));
  d.printer.reset(
      target->createMCInstPrinter(triple, 0, *d.mai, *d.mii, *d.mri));
  d.analysis.reset(target->createMCInstrAnalysis(d.mii.get()));
  if (!d.dis || !d.printer || !d.analysis)
    return fail("cannot set up the AMDGPU disassembler for " + chip);
  return d;
}

/// Disassembles `code` (one kernel's bytes, less trailing padding) into `mix`
/// and `kernelProfile`, and the main loop into `loop` and `profile`;
/// `codeBytes` is how many bytes that was. The main loop of a kernel with
/// MFMAs is the largest loop that holds one (its K loop): where LLVM removed
/// a K loop of one iteration, a smaller loop elsewhere (a split-K combine, a
/// reduction over waves) is not mistaken for it, and the kernel is modeled
/// as straight-line code. A kernel without MFMAs keeps its largest loop.
static llvm::Error disassemble(Disassembler &d, llvm::ArrayRef<uint8_t> code,
                               uint64_t address, InstructionMix &mix,
                               InstructionMix &loop, LoopProfile &profile,
                               LoopProfile &kernelProfile,
                               uint64_t &codeBytes) {
  struct Decoded {
    uint64_t address;
    std::string cls;
    int vmcnt; // the vmcnt of an s_waitcnt that waits on it, else -1
  };
  std::vector<Decoded> decoded;
  size_t lastEnd = 0; // decoded instructions up to the last non-padding one
  std::vector<std::pair<uint64_t, uint64_t>> loops; // [begin, end) addresses
  uint64_t offset = 0;
  while (offset < code.size()) {
    llvm::MCInst inst;
    uint64_t size = 0;
    uint64_t pc = address + offset;
    auto status = d.dis->getInstruction(inst, size, code.slice(offset), pc,
                                        llvm::nulls());
    if (status != llvm::MCDisassembler::Success || size == 0)
      return fail("cannot decode the instruction at offset " +
                  llvm::Twine(offset) + " of the kernel");
    std::string text;
    llvm::raw_string_ostream os(text);
    d.printer->printInst(&inst, pc, "", *d.sti, os);
    StringRef trimmed = StringRef(text).trim();
    StringRef mnemonic = trimmed.split(' ').first;
    int vmcnt = -1;
    if (mnemonic == "s_waitcnt") {
      size_t at = trimmed.find("vmcnt(");
      if (at != StringRef::npos && trimmed.drop_front(at + 6)
                                       .take_while(llvm::isDigit)
                                       .getAsInteger(10, vmcnt))
        vmcnt = -1;
    }
    decoded.push_back({pc, classify(mnemonic, trimmed), vmcnt});
    // The padding after the last s_endpgm (s_nop, s_code_end) is not the
    // kernel's: only a symbol of size 0, read to the section's end, has it.
    if (mnemonic != "s_nop" && mnemonic != "s_code_end") {
      lastEnd = decoded.size();
      codeBytes = offset + size;
    }
    uint64_t target;
    if (d.analysis->isBranch(inst) &&
        d.analysis->evaluateBranch(inst, pc, size, target) && target <= pc)
      loops.push_back({target, pc + size});
    offset += size;
  }
  decoded.resize(lastEnd);
  auto holdsMfma = [&](std::pair<uint64_t, uint64_t> loop) {
    return llvm::any_of(decoded, [&](const Decoded &i) {
      return i.address >= loop.first && i.address < loop.second &&
             StringRef(i.cls).starts_with("mfma");
    });
  };
  bool kernelHasMfma = llvm::any_of(decoded, [](const Decoded &i) {
    return StringRef(i.cls).starts_with("mfma");
  });
  uint64_t loopBegin = 0, loopEnd = 0;
  for (auto loop : loops)
    if (loop.second - loop.first > loopEnd - loopBegin &&
        (!kernelHasMfma || holdsMfma(loop)))
      std::tie(loopBegin, loopEnd) = loop;
  for (const Decoded &i : decoded) {
    ++mix.counts[i.cls];
    ++mix.total;
    kernelProfile.add(i.cls, i.vmcnt);
    if (i.address >= loopBegin && i.address < loopEnd) {
      ++loop.counts[i.cls];
      ++loop.total;
      profile.add(i.cls, i.vmcnt);
    }
  }
  return llvm::Error::success();
}

/// The end of the code of a function symbol at `start` whose size is 0:
/// the next function symbol of the same section, or the section's end.
static uint64_t codeEnd(const llvm::object::ObjectFile &object,
                        const llvm::object::SectionRef &section,
                        uint64_t start) {
  uint64_t end = section.getAddress() + section.getSize();
  for (const llvm::object::SymbolRef &sym : object.symbols()) {
    auto type = sym.getType();
    auto address = sym.getAddress();
    auto symSection = sym.getSection();
    if (type && address && symSection &&
        *type == llvm::object::SymbolRef::ST_Function &&
        *symSection == section && *address > start && *address < end)
      end = *address;
  }
  return end;
}

Expected<std::vector<KernelReport>>
fp4::report::analyzeCodeObject(llvm::ArrayRef<uint8_t> hsaco,
                               std::vector<std::string> *warnings) {
  auto co = runtime::readCodeObject(hsaco);
  if (!co)
    return co.takeError();
  auto warn = [&](const std::string &message) {
    if (warnings)
      warnings->push_back(message);
  };
  for (const std::string &w : co->warnings)
    warn(w);
  auto d = createDisassembler(co->processor);
  if (!d)
    return d.takeError();
  auto buffer = llvm::MemoryBuffer::getMemBuffer(
      StringRef(reinterpret_cast<const char *>(hsaco.data()), hsaco.size()),
      "hsaco", /*RequiresNullTerminator=*/false);
  auto object = llvm::object::ObjectFile::createELFObjectFile(*buffer);
  if (!object)
    return object.takeError();

  std::vector<KernelReport> reports;
  for (const runtime::KernelInfo &kernel : co->kernels) {
    KernelReport r;
    r.info = kernel;
    uint32_t granule = 8;
    uint32_t vgprs = std::max<uint32_t>(kernel.vgprCount, 1);
    uint32_t rounded = (vgprs + granule - 1) / granule * granule;
    r.wavesPerSimdByRegisters = std::min<uint32_t>(8, 512 / rounded);
    if (kernel.groupSegmentFixedSize)
      r.workgroupsPerCuByLds = 160 * 1024 / kernel.groupSegmentFixedSize;
    // The kernel's code is its function symbol's range in its section.
    for (const llvm::object::SymbolRef &sym : (*object)->symbols()) {
      auto name = sym.getName();
      auto type = sym.getType();
      if (!name || !type || *name != kernel.name ||
          *type != llvm::object::SymbolRef::ST_Function)
        continue;
      auto section = sym.getSection();
      auto address = sym.getAddress();
      if (!section || !address || *section == (*object)->section_end())
        return fail("kernel " + kernel.name + ": bad symbol");
      auto contents = (*section)->getContents();
      if (!contents)
        return contents.takeError();
      uint64_t start = *address - (*section)->getAddress();
      uint64_t size = llvm::object::ELFSymbolRef(sym).getSize();
      if (start > contents->size())
        return fail("kernel " + kernel.name + ": code outside its section");
      if (size == 0) {
        // Hand-assembled code objects (aiter's) leave the size at 0.
        size = std::min<uint64_t>(codeEnd(**object, **section, *address) -
                                      *address,
                                  contents->size() - start);
        warn("kernel '" + kernel.name +
             "': function symbol has size 0; its "
             "code is read up to the next function symbol, an s_code_end or "
             "the end of its section");
      }
      if (size > contents->size() - start)
        return fail("kernel " + kernel.name + ": code outside its section");
      llvm::ArrayRef<uint8_t> code(
          reinterpret_cast<const uint8_t *>(contents->data()) + start, size);
      if (llvm::Error e = disassemble(*d, code, *address, r.mix, r.loop,
                                      r.profile, r.kernelProfile, r.codeBytes))
        return std::move(e);
    }
    if (!r.mix.total)
      return fail("kernel " + kernel.name + ": no code found for it");
    reports.push_back(std::move(r));
  }
  return reports;
}
