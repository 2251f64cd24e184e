//===- LinkHsaco.cpp - link AMDGPU objects with in-process lld ---*- C++
//-*-===//
//
// An HSA code object is an ELF shared object: the AMDGPU backend's relocatable
// object must go through `ld.lld -shared`. Linking lld into the library means
// HSACO can be produced on a machine with no ROCm and no ld.lld on PATH.
//
//===----------------------------------------------------------------------===//

#include "fp4/Target/Hsaco.h"

#include "lld/Common/Driver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

LLD_HAS_DRIVER(elf)

using namespace llvm;

namespace {
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
    return createStringError(ec, "cannot create a temporary object file");
  temps.paths.push_back(objPath);
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << objectFile;
  }
  if (std::error_code ec =
          sys::fs::createTemporaryFile("fp4-kernel", "hsaco", outPath))
    return createStringError(ec, "cannot create a temporary HSACO file");
  temps.paths.push_back(outPath);

  std::string diagnostics;
  raw_string_ostream diagStream(diagnostics);
  const char *args[] = {"ld.lld", "-shared", objPath.c_str(), "-o",
                        outPath.c_str()};
  // lld keeps global state per link; serialize links within the process.
  static std::mutex lldMutex;
  lld::Result result;
  {
    std::lock_guard<std::mutex> lock(lldMutex);
    result = lld::lldMain(args, diagStream, diagStream,
                          {{lld::Gnu, &lld::elf::link}});
  }
  if (result.retCode != 0)
    return createStringError(inconvertibleErrorCode(),
                             "lld failed to link the HSACO: " + diagnostics);

  auto buffer = MemoryBuffer::getFile(outPath, /*IsText=*/false);
  if (!buffer)
    return createStringError(buffer.getError(), "cannot read the linked HSACO");
  return (*buffer)->getBuffer().str();
}
