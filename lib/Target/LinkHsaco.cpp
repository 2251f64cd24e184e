//===- LinkHsaco.cpp - link AMDGPU objects with in-process lld --*- C++ -*-===//
//
// An HSA code object is an ELF shared object: the AMDGPU backend's relocatable
// object must go through `ld.lld -shared`. Linking lld into the library means
// HSACO can be produced on a machine with no ROCm and no ld.lld on PATH.
//
//===----------------------------------------------------------------------===//

#include "fp4/Target/Hsaco.h"

#include "lld/Common/Driver.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <utility>

LLD_HAS_DRIVER(elf)

using namespace llvm;

namespace {
/// lld's ELF driver calls llvm::cl::ResetAllOptionOccurrences() on every
/// link, which puts every command-line option of the process back to its
/// default: fp4-opt's pass list (the --split-input-file chunks after the
/// first then ran no pass at all), --mlir-print-op-generic and the like
/// (ignored when the result was printed), any LLVM option an embedder set.
/// The registered options are taken out of the registry while lld runs and
/// put back after; lld is given no option to parse (no -mllvm), so it needs
/// none of them.
class HiddenCommandLineOptions {
public:
  HiddenCommandLineOptions() {
    for (cl::SubCommand *sub : cl::getRegisteredSubcommands()) {
      Saved &s = saved.emplace_back();
      s.sub = sub;
      std::swap(s.options, sub->OptionsMap);
      std::swap(s.positional, sub->PositionalOpts);
      std::swap(s.sink, sub->SinkOpts);
      s.consumeAfter = std::exchange(sub->ConsumeAfterOpt, nullptr);
    }
  }
  ~HiddenCommandLineOptions() {
    for (Saved &s : saved) {
      std::swap(s.options, s.sub->OptionsMap);
      // An option registered meanwhile (a library loaded by another thread)
      // is kept.
      for (auto &[name, option] : s.options)
        s.sub->OptionsMap.try_emplace(name, option);
      std::swap(s.positional, s.sub->PositionalOpts);
      std::swap(s.sink, s.sub->SinkOpts);
      s.sub->ConsumeAfterOpt = s.consumeAfter;
    }
  }

private:
  struct Saved {
    cl::SubCommand *sub;
    DenseMap<StringRef, cl::Option *> options;
    SmallVector<cl::Option *, 4> positional, sink;
    cl::Option *consumeAfter;
  };
  SmallVector<Saved, 2> saved;
};

/// Removes its files when it goes out of scope.
struct TempFiles {
  SmallVector<SmallString<128>, 2> paths;
  ~TempFiles() {
    for (auto &p : paths)
      sys::fs::remove(p);
  }
};
} // namespace

Expected<std::string> mlir::fp4::linkHsaco(StringRef objectFile) {
  TempFiles temps;
  SmallString<128> objPath, outPath;
  int fd;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("fp4-kernel", "o", fd, objPath))
    return createStringError(ec, "cannot create a temporary object file: " +
                                     ec.message());
  temps.paths.push_back(objPath);
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << objectFile;
    os.close();
    // An error left in the stream (a full disk) would make its destructor
    // call report_fatal_error.
    std::error_code ec = os.error();
    os.clear_error();
    if (ec)
      return createStringError(ec, "cannot write the temporary object file " +
                                       objPath + ": " + ec.message());
  }
  if (std::error_code ec =
          sys::fs::createTemporaryFile("fp4-kernel", "hsaco", outPath))
    return createStringError(ec, "cannot create a temporary HSACO file: " +
                                     ec.message());
  temps.paths.push_back(outPath);

  std::string diagnostics;
  raw_string_ostream diagStream(diagnostics);
  // --no-undefined, as clang links AMDGPU code objects: the loader resolves
  // no symbol, so a call to a function the module only declares would make
  // an HSACO that links but never loads.
  const char *args[] = {"ld.lld",        "-shared", "--no-undefined",
                        objPath.c_str(), "-o",      outPath.c_str()};
  // lld keeps global state per link; serialize links within the process.
  static std::mutex lldMutex;
  lld::Result result;
  {
    std::lock_guard<std::mutex> lock(lldMutex);
    HiddenCommandLineOptions hidden;
    result = lld::lldMain(args, diagStream, diagStream,
                          {{lld::Gnu, &lld::elf::link}});
  }
  if (result.retCode != 0)
    return createStringError(inconvertibleErrorCode(),
                             "lld failed to link the HSACO: " + diagnostics);

  auto buffer = MemoryBuffer::getFile(outPath, /*IsText=*/false);
  if (!buffer)
    return createStringError(buffer.getError(),
                             "cannot read the linked HSACO: " +
                                 buffer.getError().message());
  return (*buffer)->getBuffer().str();
}
