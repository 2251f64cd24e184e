//===- ToolMain.h - command-line set-up shared by the fp4 tools -*- C++ -*-===//
//
// What makes the fp4 tools behave like llc and opt on the command line:
// each tool puts its options in its own category and `--help` lists only
// those (LLVM registers a few hundred backend options, `--amdgpu-...`,
// `--aarch64-...`, in every process that links libLLVM; they stay usable
// and `--help-hidden` lists them); `--version` names the fp4-mlir version
// and the LLVM it was built with.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_TOOLS_TOOLMAIN_H
#define FP4_TOOLS_TOOLMAIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
namespace cl {
class OptionCategory;
} // namespace cl
} // namespace llvm

namespace mlir {
namespace fp4 {

/// The fp4-mlir version, "MAJOR.MINOR.PATCH" (CMake's PROJECT_VERSION).
llvm::StringRef getFp4Version();

/// The LLVM release the project was built against ("22.1.8").
llvm::StringRef getLLVMVersion();

/// Prints `fp4-mlir <version>` and the LLVM release, one per line.
void printFp4Version(llvm::raw_ostream &os);

/// For tools that parse with cl::ParseCommandLineOptions: `--help` shows the
/// options of `categories` (and LLVM's generic --help/--version) for the
/// top level and every subcommand; `--version` prints printFp4Version.
/// Call before parsing, after every option of the tool exists.
void setUpToolOptions(
    llvm::ArrayRef<const llvm::cl::OptionCategory *> categories);

/// For MlirOptMain tools, whose MLIR options share LLVM's general category:
/// marks every option registered so far (LLVM's, from static constructors)
/// hidden, except --help/--version, and sets the version printer. Call at
/// the start of main, before MLIR registers its options.
void hideLLVMOptions();

} // namespace fp4
} // namespace mlir

#endif // FP4_TOOLS_TOOLMAIN_H
