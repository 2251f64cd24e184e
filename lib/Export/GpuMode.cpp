//===- GpuMode.cpp - GPU MODE amd-mxfp4-mm submission export ----*- C++ -*-===//
//
// Each shape is compiled in process as `fp4-gen gemm --b-layout preshuffled |
// fp4-opt --fp4-lower-to-hsaco` would, and its host function read as the
// launches to replay (SubmissionKernels.h: each launch's kernarg bytes are
// what fp4-run's KernelArgPacker packs). The Python that loads and launches
// the kernels is submission_runtime.py and the entry point
// submission_mm.py, copied verbatim after the data.
//
//===----------------------------------------------------------------------===//

#include "fp4/Export/GpuMode.h"

#include "SubmissionKernels.h"

#include "fp4/Dialect/MXFP4/Utils/ProblemBuilder.h"
#include "fp4/Tools/ToolMain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::fp4;

static const char kGemmEntry[] =
#include "SubmissionMm.inc"
    ;

// The problem's benchmark shapes, then its test shapes (task.yml of
// gpu-mode/reference-kernels problems/amd_202602/mxfp4-mm).
static const ExportShape kShapes[] = {
    {4, 2880, 512},   {16, 2112, 7168},  {32, 4096, 512}, {32, 2880, 512},
    {64, 7168, 2048}, {256, 3072, 1536}, {8, 2112, 7168}, {16, 3072, 1536},
    {64, 3072, 1536}, {256, 2880, 512}};

llvm::ArrayRef<ExportShape> mlir::fp4::getGpuModeShapes() { return kShapes; }

llvm::Expected<ExportShape> mlir::fp4::parseExportShape(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.split(parts, 'x');
  int64_t v[3];
  bool ok = parts.size() == 3;
  for (unsigned i = 0; ok && i < 3; ++i)
    ok = !parts[i].getAsInteger(10, v[i]) && v[i] > 0;
  if (!ok)
    return llvm::createStringError("a shape is MxNxK with positive integers "
                                   "(16x2112x7168), not '" +
                                   text + "'");
  return ExportShape{v[0], v[1], v[2]};
}

static llvm::Error shapeError(const ExportShape &s, const llvm::Twine &what) {
  return llvm::createStringError(
      llvm::formatv("shape {0}x{1}x{2}: ", s.m, s.n, s.k).str() + what);
}

/// Compiles one shape, as `fp4-gen gemm --b-layout preshuffled | fp4-opt
/// --fp4-lower-to-hsaco` would.
static llvm::Expected<submission::HostPlan>
compileShape(const ExportShape &shape, const LowerToHsacoOptions &opts,
             std::vector<submission::Hsaco> &hsacos) {
  mxfp4::GemmProblemSpec spec;
  spec.m = shape.m;
  spec.n = shape.n;
  spec.k = shape.k;
  spec.bLayout = mxfp4::Layout::preshuffled;
  if (llvm::Error e = mxfp4::checkGemmProblem(spec))
    return shapeError(shape, llvm::toString(std::move(e)));
  auto plan = submission::compileHostPlan(
      [&](OpBuilder &b, Location loc) {
        mxfp4::buildGemmProblem(b, loc, spec);
      },
      opts, hsacos);
  if (!plan)
    return shapeError(shape, llvm::toString(plan.takeError()));
  return plan;
}

static void printHeader(llvm::raw_ostream &os,
                        llvm::ArrayRef<ExportShape> shapes,
                        llvm::StringRef pipeline) {
  os << "\"\"\"GPU MODE amd-mxfp4-mm: an fp4-mlir submission.\n\n"
     << "Written by fp4-export gpumode, fp4-mlir " << getFp4Version()
     << " (LLVM and MLIR " << getLLVMVersion() << ").\n"
     << "Each kernel: fp4-gen gemm -m M -n N -k K --b-layout preshuffled,\n"
     << "compiled by " << pipeline << ".\n"
     << "Shapes (M x N x K):";
  unsigned column = 19;
  for (const ExportShape &shape : shapes) {
    std::string text =
        llvm::formatv(" {0}x{1}x{2}", shape.m, shape.n, shape.k).str();
    if (column + text.size() > 72) {
      os << "\n ";
      column = 1;
    }
    os << text;
    column += text.size();
  }
  os << ".\n\n"
     << "Imports torch, ctypes and the standard library only. The kernels\n"
     << "are loaded with HIP's module API on the libamdhip64 torch loaded\n"
     << "and take the inputs as given: bf16 A, B_shuffle and B_scale_sh in\n"
     << "aiter's layouts. A shape not listed above raises an error.\n"
     << "\"\"\"\n\n";
}

llvm::Expected<std::string>
mlir::fp4::exportGpuModeSubmission(const GpuModeExportOptions &options) {
  std::vector<ExportShape> shapes;
  if (options.problemShapes)
    shapes.assign(std::begin(kShapes), std::end(kShapes));
  for (const ExportShape &s : options.shapes)
    if (!llvm::is_contained(shapes, s))
      shapes.push_back(s);
  if (shapes.empty())
    return llvm::createStringError("no shape to export");

  std::vector<submission::EntrySource> entries;
  for (const ExportShape &s : shapes)
    entries.push_back({llvm::formatv("({0}, {1}, {2})", s.m, s.n, s.k).str(),
                       [s](const LowerToHsacoOptions &options,
                           std::vector<submission::Hsaco> &hsacos) {
                         return compileShape(s, options, hsacos);
                       }});
  submission::ProblemText text;
  text.header = [&](llvm::raw_ostream &os, llvm::StringRef pipeline) {
    printHeader(os, shapes, pipeline);
  };
  text.tableComment =
      "# (M, N, K) -> the bytes each host argument holds and the kernel\n"
      "# launches. \"args\" is the code object's kernel argument layout\n"
      "# (offset, size, value kind); \"kernarg\" the bytes fp4-mlir's\n"
      "# runtime packs for this launch with null pointers; \"pointers\"\n"
      "# where each tensor's address goes.\n";
  text.entryPoint = kGemmEntry;
  text.what = "shapes";
  return submission::exportSubmission(entries, text, options.sizeLimit);
}
