//===- SubmissionKernels.cpp - what a GPU MODE submission launches -*- C++
//-*-===//

#include "SubmissionKernels.h"

#include "fp4/Registration/Registration.h"
#include "fp4/Runtime/DeviceIRSection.h"
#include "fp4/Tools/ToolMain.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Base64.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::fp4;
using namespace mlir::fp4::submission;
namespace rt = ::fp4::runtime;

static const char kRuntime[] =
#include "SubmissionRuntime.inc"
    ;

/// Scratch buffers start at multiples of this in the workspace: what the
/// kernels' widest loads need, and what torch gives a fresh tensor.
static constexpr int64_t kScratchAlignment = 256;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message.str());
}

static std::string describe(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << op->getName() << "' at " << op->getLoc();
  return text;
}

/// The ops that only name memory: the submission's buffers are what they
/// view, at the same address (no byte shift: memref.view is not here).
static bool isAddressPreservingView(Operation *op) {
  return isa<memref::SubViewOp, memref::ReinterpretCastOp, memref::CastOp,
             memref::CollapseShapeOp, memref::ExpandShapeOp,
             memref::MemorySpaceCastOp, memref::ExtractStridedMetadataOp>(op);
}

/// The argument or allocation `v` views; null for anything else.
static Value viewedBuffer(Value v) {
  while (v && !isa<BlockArgument>(v)) {
    Operation *def = v.getDefiningOp();
    if (isa<memref::AllocOp>(def))
      return v;
    if (!isAddressPreservingView(def))
      return {};
    v = def->getOperand(0);
  }
  return v;
}

static int64_t bufferBytes(MemRefType type) {
  return (type.getNumElements() * type.getElementTypeBitWidth() + 7) / 8;
}

static uint32_t constantSize(Value v) {
  std::optional<int64_t> c = getConstantIntValue(v);
  return c && *c > 0 && *c <= UINT32_MAX ? uint32_t(*c) : 0;
}

namespace {
/// Reads a compiled host function into a HostPlan.
class PlanReader {
public:
  PlanReader(func::FuncOp func, const llvm::StringMap<size_t> &binaries,
             std::vector<Hsaco> &hsacos)
      : func(func), binaries(binaries), hsacos(hsacos) {}

  llvm::Expected<HostPlan> read() {
    if (llvm::Error e = readArguments())
      return std::move(e);
    if (llvm::Error e = readBuffers())
      return std::move(e);
    for (auto launch : func.getOps<gpu::LaunchFuncOp>())
      if (llvm::Error e = readLaunch(launch))
        return std::move(e);
    if (plan.launches.empty())
      return fail("the host function launches no kernel");
    return std::move(plan);
  }

private:
  llvm::Error readArguments() {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      auto role = func.getArgAttrOfType<StringAttr>(i, "fp4.arg");
      auto type = dyn_cast<MemRefType>(func.getArgument(i).getType());
      if (!role || !type || !type.hasStaticShape())
        return fail("host argument #" + llvm::Twine(i) +
                    " has no fp4.arg role or static shape");
      plan.inputs.emplace_back(role.getValue().str(), bufferBytes(type));
      names[func.getArgument(i)] = role.getValue().str();
    }
    return llvm::Error::success();
  }

  /// The allocations (scratch, and the output if one is returned), and a
  /// check that nothing but launches runs on the host.
  llvm::Error readBuffers() {
    if (!func.getBody().hasOneBlock())
      return fail("the host function has control flow; a submission only "
                  "replays launches");
    auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
    if (ret.getNumOperands() > 1)
      return fail("the host function returns more than one buffer");
    Value returned =
        ret.getNumOperands() ? viewedBuffer(ret.getOperand(0)) : Value();
    if (ret.getNumOperands() && (!returned || isa<BlockArgument>(returned)))
      return fail("the host function returns a buffer it did not allocate");
    for (Operation &op : func.getBody().front()) {
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        MemRefType type = alloc.getType();
        if (!type.hasStaticShape() || !alloc.getDynamicSizes().empty())
          return fail("the host function allocates a buffer of a size known "
                      "only at run time (" +
                      describe(&op) + ")");
        if (alloc.getResult() == returned) {
          auto role = func.getResultAttrOfType<StringAttr>(0, "fp4.arg");
          std::string text;
          llvm::raw_string_ostream os(text);
          os << type.getElementType();
          plan.output = Output{role ? role.getValue().str() : "output",
                               std::vector<int64_t>(type.getShape().begin(),
                                                    type.getShape().end()),
                               text};
          names[returned] = plan.output->role;
          continue;
        }
        Scratch s{"scratch" + std::to_string(plan.scratch.size()),
                  int64_t(llvm::alignTo(plan.scratchBytes, kScratchAlignment)),
                  bufferBytes(type)};
        plan.scratchBytes = s.offset + s.bytes;
        names[alloc.getResult()] = s.name;
        plan.scratch.push_back(s);
        continue;
      }
      if (isa<arith::ConstantOp, memref::DeallocOp, gpu::LaunchFuncOp,
              func::ReturnOp>(op) ||
          isAddressPreservingView(&op))
        continue;
      return fail("the host function runs " + describe(&op) +
                  " on the host; a submission only replays launches");
    }
    return llvm::Error::success();
  }

  llvm::Error readLaunch(gpu::LaunchFuncOp op) {
    Launch launch;
    launch.kernel = op.getKernelName().str();
    auto found = binaries.find(op.getKernelModuleName());
    if (found == binaries.end())
      return fail("no binary for " + launch.kernel);
    launch.hsaco = found->second;
    Hsaco &hsaco = hsacos[launch.hsaco];
    if (!llvm::is_contained(llvm::split(hsaco.kernels, ' '), launch.kernel))
      hsaco.kernels += (hsaco.kernels.empty() ? "" : " ") + launch.kernel;
    launch.config.grid = {constantSize(op.getGridSizeX()),
                          constantSize(op.getGridSizeY()),
                          constantSize(op.getGridSizeZ())};
    launch.config.block = {constantSize(op.getBlockSizeX()),
                           constantSize(op.getBlockSizeY()),
                           constantSize(op.getBlockSizeZ())};
    if (Value lds = op.getDynamicSharedMemorySize())
      launch.config.dynamicLdsBytes = constantSize(lds);
    if (!launch.config.grid.product() || !launch.config.block.product())
      return fail(launch.kernel + ": a grid or block size is not a constant");

    auto co = rt::readCodeObject(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(hsaco.bytes.data()),
        hsaco.bytes.size()));
    if (!co)
      return co.takeError();
    auto kernel = co->getKernel(launch.kernel);
    if (!kernel)
      return kernel.takeError();
    launch.args = kernel->args;
    rt::KernelArgPacker packer(*kernel);
    std::vector<std::string> buffers;
    for (Value operand : op.getKernelOperands()) {
      auto type = dyn_cast<MemRefType>(operand.getType());
      Value buffer = viewedBuffer(operand);
      if (!type || !buffer || !names.count(buffer))
        return fail(launch.kernel +
                    " takes an operand that is not a host buffer");
      // A bare pointer is the buffer's address: the view must start there.
      if (!type.getLayout().isIdentity())
        return fail(launch.kernel + " takes a view at an offset");
      buffers.push_back(names[buffer]);
      if (llvm::Error e = packer.addPointer(0))
        return e;
    }
    auto segment = packer.finish(launch.config);
    if (!segment)
      return segment.takeError();
    launch.kernarg = segment->bytes;
    for (auto [slot, buffer] : llvm::zip(segment->explicitSlots, buffers))
      launch.pointers.emplace_back(slot.offset, buffer);
    plan.launches.push_back(std::move(launch));
    return llvm::Error::success();
  }

  func::FuncOp func;
  const llvm::StringMap<size_t> &binaries;
  std::vector<Hsaco> &hsacos;
  HostPlan plan;
  llvm::DenseMap<Value, std::string> names; // buffer -> its role or name
};
} // namespace

llvm::Expected<HostPlan> mlir::fp4::submission::compileHostPlan(
    llvm::function_ref<void(OpBuilder &, Location)> build,
    const LowerToHsacoOptions &options, std::vector<Hsaco> &hsacos) {
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
  build(b, b.getUnknownLoc());
  PassManager pm(&context);
  buildLowerToHsacoPipeline(pm, options);
  if (failed(pm.run(*module)))
    return fail("fp4-lower-to-hsaco failed:" + diagnostics);

  llvm::StringMap<size_t> binaries;
  for (auto binary : module->getOps<gpu::BinaryOp>())
    for (Attribute a : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(a);
      if (object.getFormat() != gpu::CompilationTarget::Binary)
        continue;
      auto stripped = rt::stripDeviceIR(object.getObject().getValue());
      if (!stripped)
        return stripped.takeError();
      auto same = llvm::find_if(
          hsacos, [&](const Hsaco &h) { return h.bytes == *stripped; });
      binaries[binary.getName()] = same - hsacos.begin();
      if (same == hsacos.end())
        hsacos.push_back({"", std::move(*stripped)});
      break;
    }

  auto funcs = llvm::to_vector(module->getOps<func::FuncOp>());
  if (funcs.size() != 1)
    return fail("expected one host function");
  return PlanReader(funcs.front(), binaries, hsacos).read();
}

static std::string describePipeline(const LowerToHsacoOptions &options) {
  return llvm::formatv(
      "fp4-lower-to-hsaco{{chip={0} mfma={1} a-quantizer={2} opt-level={3}}",
      options.chip.getValue(), options.mfma.getValue(),
      options.aQuantizer.getValue(), options.optLevel.getValue());
}

/// The imports every submission has (torch, ctypes, the standard library)
/// and its FP4_MLIR_VERSION and PIPELINE, after the problem's docstring.
static void printImports(llvm::raw_ostream &os, llvm::StringRef pipeline) {
  os << "import base64\nimport ctypes\nimport os\nimport struct\n\n"
     << "import torch\n\n"
     << "FP4_MLIR_VERSION = \"" << getFp4Version() << "\"\n"
     << "PIPELINE = \"" << pipeline << "\"\n\n";
}

static std::string hex(llvm::ArrayRef<uint8_t> bytes) {
  std::string s;
  for (uint8_t byte : bytes)
    s += llvm::formatv("{0:x-2}", byte).str();
  return s;
}

/// One KERNELS entry, `key` the Python tuple it is filed under.
static void printEntry(llvm::raw_ostream &os, llvm::StringRef key,
                       const HostPlan &plan) {
  os << "    " << key << ": {\n"
     << "        \"bytes\": {";
  llvm::interleaveComma(plan.inputs, os, [&](const auto &rb) {
    os << '"' << rb.first << "\": " << rb.second;
  });
  os << "},\n";
  if (plan.output) {
    os << "        \"output\": (\"" << plan.output->role << "\", (";
    llvm::interleaveComma(plan.output->shape, os);
    os << (plan.output->shape.size() == 1 ? ",), \"" : "), \"")
       << plan.output->elementType << "\"),\n";
  }
  if (!plan.scratch.empty()) {
    os << "        \"scratch\": {";
    llvm::interleaveComma(plan.scratch, os, [&](const Scratch &s) {
      os << '"' << s.name << "\": (" << s.offset << ", " << s.bytes << ")";
    });
    os << "},\n        \"scratch_bytes\": " << plan.scratchBytes << ",\n";
  }
  os << "        \"launches\": (\n";
  for (const Launch &l : plan.launches) {
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

/// The HSACO tuple, base64 in string literals.
static void printHsacos(llvm::raw_ostream &os, llvm::ArrayRef<Hsaco> hsacos) {
  os << "# The code objects (gfx950 HSACO), base64.\nHSACO = (\n";
  for (const Hsaco &h : hsacos) {
    os << "    # " << h.kernels << ", " << h.bytes.size() << " bytes\n"
       << "    (\n";
    printBase64(os, llvm::encodeBase64(h.bytes), "        ");
    os << "    ),\n";
  }
  os << ")\n\n";
}

/// Checks the finished text: no word GPU MODE refuses, at most `sizeLimit`
/// bytes (`what` says what to export fewer of).
static llvm::Error checkSubmission(llvm::StringRef text, uint64_t sizeLimit,
                                   llvm::StringRef what) {
  // Everything but the base64 is fixed text and names; make sure.
  if (text.lower().find("str"
                        "eam") != std::string::npos)
    return fail(
        "internal error: the submission would hold a word GPU MODE refuses");
  if (text.size() > sizeLimit)
    return fail(llvm::formatv(
        "the submission would be {0} bytes, over the limit of {1} (GPU MODE "
        "refuses files over 1000000 bytes); export fewer {2}",
        text.size(), sizeLimit, what));
  return llvm::Error::success();
}

llvm::Expected<std::string>
mlir::fp4::submission::exportSubmission(llvm::ArrayRef<EntrySource> entries,
                                        const ProblemText &problem,
                                        uint64_t sizeLimit) {
  LowerToHsacoOptions options;
  if (llvm::Error e = checkLowerToHsacoOptions(options))
    return std::move(e);
  std::vector<Hsaco> hsacos;
  std::vector<HostPlan> plans;
  for (const EntrySource &entry : entries) {
    auto plan = entry.compile(options, hsacos);
    if (!plan)
      return plan.takeError();
    plans.push_back(std::move(*plan));
  }

  std::string text;
  llvm::raw_string_ostream os(text);
  std::string pipeline = describePipeline(options);
  problem.header(os, pipeline);
  printImports(os, pipeline);
  os << problem.tableComment << "KERNELS = {\n";
  for (auto [entry, plan] : llvm::zip(entries, plans))
    printEntry(os, entry.key, plan);
  os << "}\n\n";
  printHsacos(os, hsacos);
  os << kRuntime << problem.entryPoint;
  if (llvm::Error e = checkSubmission(text, sizeLimit, problem.what))
    return std::move(e);
  return text;
}
