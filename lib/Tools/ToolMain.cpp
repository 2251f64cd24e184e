//===- ToolMain.cpp - command-line set-up of the fp4 tools ------*- C++ -*-===//
//
// See fp4/Tools/ToolMain.h.
//
//===----------------------------------------------------------------------===//

#include "fp4/Tools/ToolMain.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

llvm::StringRef fp4::getFp4Version() { return FP4_VERSION; }

llvm::StringRef fp4::getLLVMVersion() { return LLVM_VERSION_STRING; }

void fp4::printFp4Version(llvm::raw_ostream &os) {
  os << "fp4-mlir " << getFp4Version() << "\n"
     << "  built with LLVM and MLIR " << getLLVMVersion() << "\n";
}

static void setVersionPrinter() {
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { fp4::printFp4Version(os); });
}

void fp4::setUpToolOptions(
    llvm::ArrayRef<const llvm::cl::OptionCategory *> categories) {
  // HideUnrelatedOptions works on one subcommand's option map; subcommands
  // (fp4-gen gemm, fp4-export gpumode) hold LLVM's options too.
  for (llvm::cl::SubCommand *sub : llvm::cl::getRegisteredSubcommands())
    llvm::cl::HideUnrelatedOptions(categories, *sub);
  setVersionPrinter();
}

void fp4::hideLLVMOptions() {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::StringRef name = entry.first;
    if (name == "help" || name == "version" || name == "help-hidden")
      continue;
    // Hidden, not ReallyHidden: --help-hidden still lists them, as llc's
    // does for the options it does not show by default.
    if (entry.second->getOptionHiddenFlag() == llvm::cl::NotHidden)
      entry.second->setHiddenFlag(llvm::cl::Hidden);
  }
  setVersionPrinter();
}
