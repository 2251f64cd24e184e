//===- fp4-report.cpp - static report of gfx950 kernels ---------*- C++ -*-===//
//
//   fp4-report module.mlir            kernels of a module compiled by fp4-opt
//   fp4-report kernel.hsaco --shape 16x2112x7168 --tile 16x64 --mfma 16
//
// Prints registers, LDS, scratch, spills, occupancy and the instruction mix
// of each kernel and, for a GEMM shape, the HBM bytes and the modeled MI355X
// time (docs/report.md).
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Registration/Registration.h"
#include "fp4/Report/Report.h"
#include "fp4/Tools/ToolMain.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
namespace cl = llvm::cl;
namespace rep = ::fp4::report;

static cl::OptionCategory reportCategory("fp4-report options");

static cl::opt<std::string> input(cl::Positional, cl::Required,
                                  cl::desc("<module.mlir | kernel.hsaco>"),
                                  cl::cat(reportCategory));
static cl::opt<std::string> shapeOpt("shape", cl::desc("GEMM shape MxNxK"),
                                     cl::init(""), cl::cat(reportCategory));
static cl::opt<std::string>
    tileOpt("tile", cl::desc("work-group tile MxN (for .hsaco)"), cl::init(""),
            cl::cat(reportCategory));
static cl::opt<int> mfmaOpt("mfma", cl::desc("MFMA size 16 or 32 (for .hsaco)"),
                            cl::init(16), cl::cat(reportCategory));
static cl::opt<bool> json("json", cl::desc("print JSON"), cl::init(false),
                          cl::cat(reportCategory));
static cl::opt<int64_t> iterationsOpt(
    "loop-iterations",
    cl::desc("K-loop iterations per wave (for .hsaco; a module says it)"),
    cl::init(0), cl::cat(reportCategory));
static cl::opt<int64_t>
    workgroupsOpt("workgroups",
                  cl::desc("work-groups of the launch (for .hsaco)"),
                  cl::init(0), cl::cat(reportCategory));
static cl::opt<int64_t> wavesOpt("waves",
                                 cl::desc("waves per work-group (for .hsaco)"),
                                 cl::init(0), cl::cat(reportCategory));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "fp4-report: " << message << "\n";
  return 1;
}

static bool parseDims(llvm::StringRef text, llvm::SmallVectorImpl<int64_t> &out,
                      unsigned count) {
  llvm::SmallVector<llvm::StringRef> parts;
  text.split(parts, 'x');
  if (parts.size() != count)
    return false;
  for (llvm::StringRef p : parts) {
    int64_t v;
    if (p.getAsInteger(10, v) || v < 1)
      return false;
    out.push_back(v);
  }
  return true;
}

namespace {
struct Target {
  std::string label;
  std::string hsaco;
  std::optional<rep::GemmShape> shape;
  int mfma = 16;
  int64_t tileM = 0, tileN = 0;
  int64_t iterationsPerWave = 0, workgroups = 0, waves = 0;
};
} // namespace

/// The code objects of a compiled module, with the GEMM each kernel computes.
static llvm::Expected<std::vector<Target>> targetsFromModule(ModuleOp module) {
  std::vector<Target> targets;
  llvm::StringMap<func::FuncOp> launchers;
  module.walk([&](gpu::LaunchFuncOp op) {
    launchers[op.getKernelModuleName()] = op->getParentOfType<func::FuncOp>();
  });
  for (auto binary : module.getOps<gpu::BinaryOp>()) {
    for (Attribute a : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(a);
      if (object.getFormat() != gpu::CompilationTarget::Binary)
        continue;
      Target t;
      t.label = binary.getName().str();
      t.hsaco = object.getObject().getValue().str();
      if (func::FuncOp f = launchers.lookup(binary.getName()))
        if (auto info = f->getAttrOfType<DictionaryAttr>("fp4.gemm")) {
          auto config = info.getAs<mlir::fp4::mxfp4::GemmConfigAttr>("config");
          auto get = [&](StringRef k) {
            auto v = info.getAs<IntegerAttr>(k);
            return v ? v.getInt() : 0;
          };
          if (config) {
            t.shape = rep::GemmShape{get("m"), get("n"), get("k")};
            t.mfma = config.getMfma();
            t.tileM = config.getTileM();
            t.tileN = config.getTileN();
            int64_t steps = llvm::divideCeil(get("k"), config.getMfmaK());
            t.iterationsPerWave = llvm::divideCeil(steps, config.getWavesK());
            t.workgroups = llvm::divideCeil(get("m"), t.tileM) *
                           llvm::divideCeil(get("n"), t.tileN);
            t.waves = config.getWaves();
          }
        }
      targets.push_back(std::move(t));
    }
  }
  if (targets.empty())
    return llvm::createStringError(
        "the module holds no gpu.binary; compile it with fp4-opt "
        "--fp4-lower-to-hsaco first");
  return targets;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::fp4::setUpToolOptions({&reportCategory});
  cl::ParseCommandLineOptions(argc, argv,
                              "fp4-report: static report of gfx950 kernels\n");
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(input, /*IsText=*/false);
  if (!buffer)
    return fail("cannot read " + input + ": " + buffer.getError().message());
  llvm::StringRef bytes = (*buffer)->getBuffer();

  std::vector<Target> targets;
  if (bytes.starts_with("\x7f"
                        "ELF")) {
    Target t;
    t.label = input;
    t.hsaco = bytes.str();
    targets.push_back(std::move(t));
  } else {
    DialectRegistry registry;
    mlir::fp4::registerFp4Dialects(registry);
    MLIRContext context(registry);
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(bytes, input),
                                 llvm::SMLoc());
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(sourceMgr, &context);
    if (!module)
      return fail("cannot parse " + input + " as an ELF code object or MLIR");
    auto fromModule = targetsFromModule(*module);
    if (!fromModule)
      return fail(llvm::toString(fromModule.takeError()));
    targets = std::move(*fromModule);
  }

  // Command-line shape and tile override what the module says.
  llvm::SmallVector<int64_t> dims, tile;
  if (!shapeOpt.empty() && !parseDims(shapeOpt, dims, 3))
    return fail("--shape takes MxNxK, got '" + shapeOpt + "'");
  if (!tileOpt.empty() && !parseDims(tileOpt, tile, 2))
    return fail("--tile takes MxN, got '" + tileOpt + "'");
  if (mfmaOpt != 16 && mfmaOpt != 32)
    return fail("--mfma must be 16 or 32");
  for (Target &t : targets) {
    if (!dims.empty())
      t.shape = rep::GemmShape{dims[0], dims[1], dims[2]};
    if (iterationsOpt)
      t.iterationsPerWave = iterationsOpt;
    if (workgroupsOpt)
      t.workgroups = workgroupsOpt;
    if (wavesOpt)
      t.waves = wavesOpt;
    if (!tile.empty()) {
      t.tileM = tile[0];
      t.tileN = tile[1];
      t.mfma = mfmaOpt;
    }
  }

  llvm::json::Array jsonKernels;
  for (const Target &t : targets) {
    auto reports = rep::analyzeCodeObject(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(t.hsaco.data()), t.hsaco.size()));
    if (!reports)
      return fail(t.label + ": " + llvm::toString(reports.takeError()));
    std::optional<rep::Estimate> estimate;
    if (t.shape && t.tileM && t.tileN)
      estimate = rep::estimateGemm(*t.shape, t.mfma, t.tileM, t.tileN);
    for (const rep::KernelReport &r : *reports) {
      if (estimate && t.iterationsPerWave && t.workgroups && t.waves)
        rep::addIssueTime(*estimate, r.loop, t.iterationsPerWave, t.workgroups,
                          t.waves);
      if (json) {
        std::string text;
        llvm::raw_string_ostream os(text);
        rep::printKernelReportJson(r, os);
        auto value = llvm::json::parse(text);
        llvm::json::Object *obj = value ? value->getAsObject() : nullptr;
        if (obj && estimate) {
          (*obj)["shape"] =
              llvm::formatv("{0}x{1}x{2}", t.shape->m, t.shape->n, t.shape->k)
                  .str();
          (*obj)["hbm_bytes"] = estimate->hbmBytes;
          (*obj)["floor_us"] = estimate->floorSeconds * 1e6;
          (*obj)["issue_us"] = estimate->issueSeconds * 1e6;
          (*obj)["model_us"] = estimate->modelSeconds * 1e6;
        }
        if (value)
          jsonKernels.push_back(std::move(*value));
        continue;
      }
      rep::printKernelReport(r, llvm::outs());
      if (estimate)
        llvm::outs() << llvm::formatv(
            "  model for {0}x{1}x{2} (tile {3}x{4}, {5}x{5} MFMA): HBM {6:f2} "
            "MB, "
            "memory {7:f2} us, MFMA {8:f2} us, floor {9:f2} us, issue {10:f2} "
            "us, modeled {11:f2} us\n",
            t.shape->m, t.shape->n, t.shape->k, t.tileM, t.tileN, t.mfma,
            estimate->hbmBytes / 1e6, estimate->memorySeconds * 1e6,
            estimate->mfmaSeconds * 1e6, estimate->floorSeconds * 1e6,
            estimate->issueSeconds * 1e6, estimate->modelSeconds * 1e6);
    }
  }
  if (json)
    llvm::outs() << llvm::json::Value(std::move(jsonKernels)) << "\n";
  return 0;
}
