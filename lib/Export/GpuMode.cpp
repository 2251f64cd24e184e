//===- GpuMode.cpp - GPU MODE amd-mxfp4-mm submission export ----*- C++ -*-===//
//
// Each shape is compiled in process as `fp4-gen gemm --b-layout preshuffled |
// fp4-opt --fp4-lower-to-hsaco` would; the host function's launches say
// which kernel runs with which grid and block on which arguments, and the
// runtime's KernelArgPacker makes each launch's kernarg bytes (pointers left
// zero, their offsets recorded), so the file packs exactly what fp4-run
// packs. The Python that loads and launches the kernels is
// submission_runtime.py, copied verbatim after the data.
//
//===----------------------------------------------------------------------===//

#include "fp4/Export/GpuMode.h"

#include "fp4/Dialect/MXFP4/Utils/ProblemBuilder.h"
#include "fp4/Pipelines/Pipelines.h"
#include "fp4/Registration/Registration.h"
#include "fp4/Runtime/CodeObject.h"
#include "fp4/Runtime/DeviceIRSection.h"
#include "fp4/Runtime/KernelArgs.h"
#include "fp4/Tools/ToolMain.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Base64.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::fp4;
namespace rt = ::fp4::runtime;

static const char kRuntime[] =
#include "SubmissionRuntime.inc"
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

namespace {
struct Launch {
  std::string kernel;
  size_t hsaco = 0;
  rt::LaunchConfig config;
  std::vector<uint8_t> kernarg;
  std::vector<std::pair<uint32_t, std::string>> pointers; // offset, role
  std::vector<rt::KernelArgInfo> args;
};
struct Compiled {
  ExportShape shape;
  std::vector<std::pair<std::string, int64_t>> bytes; // role, size
  std::vector<Launch> launches;
};
struct Hsaco {
  std::string kernels, bytes;
};
} // namespace

static llvm::Error shapeError(const ExportShape &s, const llvm::Twine &what) {
  return llvm::createStringError(
      llvm::formatv("shape {0}x{1}x{2}: ", s.m, s.n, s.k).str() + what);
}

static uint32_t constantSize(Value v) {
  std::optional<int64_t> c = getConstantIntValue(v);
  return c && *c > 0 && *c <= UINT32_MAX ? uint32_t(*c) : 0;
}

/// Compiles one shape and describes its launches; HSACOs are appended to
/// `hsacos` (stripped of the device IR the emulator needs).
static llvm::Expected<Compiled> compileShape(const ExportShape &shape,
                                             const LowerToHsacoOptions &opts,
                                             std::vector<Hsaco> &hsacos) {
  mxfp4::GemmProblemSpec spec;
  spec.m = shape.m;
  spec.n = shape.n;
  spec.k = shape.k;
  spec.bLayout = mxfp4::Layout::preshuffled;
  if (llvm::Error e = mxfp4::checkGemmProblem(spec))
    return shapeError(shape, llvm::toString(std::move(e)));

  DialectRegistry registry;
  registerFp4Dialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    diagnostics += "\n  " + d.str();
    return success();
  });
  OpBuilder b(&context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(b.getUnknownLoc());
  b.setInsertionPointToEnd(module->getBody());
  mxfp4::buildGemmProblem(b, b.getUnknownLoc(), spec);
  PassManager pm(&context);
  buildLowerToHsacoPipeline(pm, opts);
  if (failed(pm.run(*module)))
    return shapeError(shape, "fp4-lower-to-hsaco failed:" + diagnostics);

  Compiled out{shape, {}, {}};
  llvm::StringMap<size_t> binaries;
  for (auto binary : module->getOps<gpu::BinaryOp>())
    for (Attribute a : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(a);
      if (object.getFormat() != gpu::CompilationTarget::Binary)
        continue;
      auto stripped = rt::stripDeviceIR(object.getObject().getValue());
      if (!stripped)
        return shapeError(shape, llvm::toString(stripped.takeError()));
      binaries[binary.getName()] = hsacos.size();
      hsacos.push_back({"", std::move(*stripped)});
      break;
    }

  auto funcs = llvm::to_vector(module->getOps<func::FuncOp>());
  if (funcs.size() != 1)
    return shapeError(shape, "expected one host function");
  func::FuncOp func = funcs.front();
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    auto role = func.getArgAttrOfType<StringAttr>(i, "fp4.arg");
    auto type = dyn_cast<MemRefType>(func.getArgument(i).getType());
    if (!role || !type || !type.hasStaticShape())
      return shapeError(shape, "host argument #" + llvm::Twine(i) +
                                   " has no fp4.arg role or static shape");
    out.bytes.emplace_back(role.getValue().str(),
                           type.getNumElements() *
                               type.getElementTypeBitWidth() / 8);
  }

  llvm::Error error = llvm::Error::success();
  func.walk([&](gpu::LaunchFuncOp op) {
    if (error)
      return WalkResult::interrupt();
    Launch launch;
    launch.kernel = op.getKernelName().str();
    auto found = binaries.find(op.getKernelModuleName());
    if (found == binaries.end()) {
      error = shapeError(shape, "no binary for " + launch.kernel);
      return WalkResult::interrupt();
    }
    launch.hsaco = found->second;
    Hsaco &hsaco = hsacos[launch.hsaco];
    if (!hsaco.kernels.empty())
      hsaco.kernels += " ";
    hsaco.kernels += launch.kernel;
    launch.config.grid = {constantSize(op.getGridSizeX()),
                          constantSize(op.getGridSizeY()),
                          constantSize(op.getGridSizeZ())};
    launch.config.block = {constantSize(op.getBlockSizeX()),
                           constantSize(op.getBlockSizeY()),
                           constantSize(op.getBlockSizeZ())};
    if (Value lds = op.getDynamicSharedMemorySize())
      launch.config.dynamicLdsBytes = constantSize(lds);

    auto co = rt::readCodeObject(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(hsaco.bytes.data()),
        hsaco.bytes.size()));
    if (!co) {
      error = shapeError(shape, llvm::toString(co.takeError()));
      return WalkResult::interrupt();
    }
    auto kernel = co->getKernel(launch.kernel);
    if (!kernel) {
      error = shapeError(shape, llvm::toString(kernel.takeError()));
      return WalkResult::interrupt();
    }
    launch.args = kernel->args;
    rt::KernelArgPacker packer(*kernel);
    std::vector<std::string> roles;
    for (Value operand : op.getKernelOperands()) {
      int64_t arg = mxfp4::getViewedArgument(operand, func);
      if (arg < 0 || !isa<MemRefType>(operand.getType())) {
        error = shapeError(shape, launch.kernel + " takes an operand that is "
                                                  "not a host buffer");
        return WalkResult::interrupt();
      }
      roles.push_back(out.bytes[arg].first);
      if (llvm::Error e = packer.addPointer(0)) {
        error = shapeError(shape, llvm::toString(std::move(e)));
        return WalkResult::interrupt();
      }
    }
    auto segment = packer.finish(launch.config);
    if (!segment) {
      error = shapeError(shape, llvm::toString(segment.takeError()));
      return WalkResult::interrupt();
    }
    launch.kernarg = segment->bytes;
    for (auto [slot, role] : llvm::zip(segment->explicitSlots, roles))
      launch.pointers.emplace_back(slot.offset, role);
    out.launches.push_back(std::move(launch));
    return WalkResult::advance();
  });
  if (error)
    return std::move(error);
  if (out.launches.empty())
    return shapeError(shape, "the host function launches no kernel");
  return out;
}

/// `text` as Python string literals of at most 76 characters, one per line,
/// none of which holds the word GPU MODE refuses (base64 could spell it).
static void printBase64(llvm::raw_ostream &os, llvm::StringRef text,
                        llvm::StringRef indent) {
  while (!text.empty()) {
    llvm::StringRef line = text.take_front(76);
    size_t bad = line.lower().find("str"
                                   "eam");
    if (bad != llvm::StringRef::npos)
      line = line.take_front(bad + 3);
    os << indent << '"' << line << "\"\n";
    text = text.drop_front(line.size());
  }
}

static std::string hex(llvm::ArrayRef<uint8_t> bytes) {
  std::string s;
  for (uint8_t byte : bytes)
    s += llvm::formatv("{0:x-2}", byte).str();
  return s;
}

static void printHeader(llvm::raw_ostream &os,
                        llvm::ArrayRef<Compiled> compiled,
                        llvm::StringRef pipeline) {
  os << "\"\"\"GPU MODE amd-mxfp4-mm: an fp4-mlir submission.\n\n"
     << "Written by fp4-export gpumode, fp4-mlir " << getFp4Version()
     << " (LLVM and MLIR " << getLLVMVersion() << ").\n"
     << "Each kernel: fp4-gen gemm -m M -n N -k K --b-layout preshuffled,\n"
     << "compiled by " << pipeline << ".\n"
     << "Shapes (M x N x K):";
  unsigned column = 19;
  for (const Compiled &c : compiled) {
    std::string text =
        llvm::formatv(" {0}x{1}x{2}", c.shape.m, c.shape.n, c.shape.k).str();
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
     << "\"\"\"\n\n"
     << "import base64\nimport ctypes\nimport os\nimport struct\n\n"
     << "import torch\n\n"
     << "FP4_MLIR_VERSION = \"" << getFp4Version() << "\"\n"
     << "PIPELINE = \"" << pipeline << "\"\n\n";
}

static void printKernels(llvm::raw_ostream &os,
                         llvm::ArrayRef<Compiled> compiled) {
  os << "# (M, N, K) -> the bytes each host argument holds and the kernel\n"
     << "# launches. \"args\" is the code object's kernel argument layout\n"
     << "# (offset, size, value kind); \"kernarg\" the bytes fp4-mlir's\n"
     << "# runtime packs for this launch with null pointers; \"pointers\"\n"
     << "# where each tensor's address goes.\n"
     << "KERNELS = {\n";
  for (const Compiled &c : compiled) {
    os << llvm::formatv("    ({0}, {1}, {2}): {{\n", c.shape.m, c.shape.n,
                        c.shape.k)
       << "        \"bytes\": {";
    llvm::interleaveComma(c.bytes, os, [&](const auto &rb) {
      os << '"' << rb.first << "\": " << rb.second;
    });
    os << "},\n        \"launches\": (\n";
    for (const Launch &l : c.launches) {
      const rt::LaunchConfig &cfg = l.config;
      os << "            {\"kernel\": \"" << l.kernel
         << "\", \"hsaco\": " << l.hsaco << ",\n"
         << llvm::formatv("             \"grid\": ({0}, {1}, {2}), \"block\": "
                          "({3}, {4}, {5}), \"lds\": {6},\n",
                          cfg.grid.x, cfg.grid.y, cfg.grid.z, cfg.block.x,
                          cfg.block.y, cfg.block.z, cfg.dynamicLdsBytes)
         << "             \"args\": (";
      for (const rt::KernelArgInfo &a : l.args)
        os << "\n                 (" << a.offset << ", " << a.size << ", \""
           << a.valueKind << "\"),";
      os << "),\n             \"kernarg\": \"" << hex(l.kernarg) << "\",\n"
         << "             \"pointers\": (";
      llvm::interleaveComma(l.pointers, os, [&](const auto &p) {
        os << "(" << p.first << ", \"" << p.second << "\")";
      });
      os << ",)},\n";
    }
    os << "        ),\n    },\n";
  }
  os << "}\n\n";
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

  LowerToHsacoOptions pipelineOptions;
  if (llvm::Error e = checkLowerToHsacoOptions(pipelineOptions))
    return std::move(e);
  std::string pipeline = llvm::formatv(
      "fp4-lower-to-hsaco{{chip={0} mfma={1} a-quantizer={2} opt-level={3}}",
      pipelineOptions.chip.getValue(), pipelineOptions.mfma.getValue(),
      pipelineOptions.aQuantizer.getValue(),
      pipelineOptions.optLevel.getValue());

  std::vector<Hsaco> hsacos;
  std::vector<Compiled> compiled;
  for (const ExportShape &s : shapes) {
    auto c = compileShape(s, pipelineOptions, hsacos);
    if (!c)
      return c.takeError();
    compiled.push_back(std::move(*c));
  }

  std::string text;
  llvm::raw_string_ostream os(text);
  printHeader(os, compiled, pipeline);
  printKernels(os, compiled);
  os << "# The code objects (gfx950 HSACO), base64.\nHSACO = (\n";
  for (const Hsaco &h : hsacos) {
    os << "    # " << h.kernels << ", " << h.bytes.size() << " bytes\n"
       << "    (\n";
    printBase64(os, llvm::encodeBase64(h.bytes), "        ");
    os << "    ),\n";
  }
  os << ")\n\n" << kRuntime;

  // Everything but the base64 is fixed text and names; make sure.
  if (llvm::StringRef(text).lower().find("str"
                                         "eam") != std::string::npos)
    return llvm::createStringError(
        "internal error: the submission would hold a word GPU MODE refuses");
  if (text.size() > options.sizeLimit)
    return llvm::createStringError(llvm::formatv(
        "the submission would be {0} bytes, over the limit of {1} (GPU MODE "
        "refuses files over 1000000 bytes); export fewer shapes",
        text.size(), options.sizeLimit));
  return text;
}
