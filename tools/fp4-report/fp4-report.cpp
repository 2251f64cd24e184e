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
#include "mlir/IR/Matchers.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cmath>
#include <optional>

using namespace mlir;
namespace cl = llvm::cl;
namespace rep = ::fp4::report;

static cl::OptionCategory reportCategory("fp4-report options");

static cl::opt<std::string> input(cl::Positional, cl::Required,
                                  cl::desc("<module.mlir | kernel.hsaco>"),
                                  cl::cat(reportCategory));
static cl::list<std::string> shapeOpt("shape",
                                      cl::desc("GEMM shapes MxNxK[,MxNxK...]"),
                                      cl::CommaSeparated,
                                      cl::cat(reportCategory));
static cl::opt<std::string>
    tileOpt("tile",
            cl::desc("work-group tile MxN (for a code object whose kernel "
                     "name does not end in one)"),
            cl::init(""), cl::cat(reportCategory));
static cl::opt<int64_t>
    splitsOpt("splits",
              cl::desc("K splits across work-groups (for a code object)"),
              cl::init(1), cl::cat(reportCategory));
static cl::opt<std::string>
    aFormatOpt("a-format",
               cl::desc("A in HBM: bf16, or fp4 (with E8M0 scales); default "
                        "fp4 for aiter's a4w4 kernels, bf16 otherwise"),
               cl::init(""), cl::cat(reportCategory));
static cl::opt<bool> json("json", cl::desc("print JSON"), cl::init(false),
                          cl::cat(reportCategory));
static cl::opt<double> iterationsOpt(
    "loop-iterations",
    cl::desc("K-loop iterations per wave, fractional for a loop of several "
             "K steps per iteration (default: from the shape)"),
    cl::init(0), cl::cat(reportCategory));
static cl::opt<int64_t>
    workgroupsOpt("workgroups",
                  cl::desc("work-groups of the launch (default: from the "
                           "shape and the tile)"),
                  cl::init(0), cl::cat(reportCategory));
static cl::opt<int64_t>
    wavesOpt("waves",
             cl::desc("waves per work-group (default: from the metadata)"),
             cl::init(0), cl::cat(reportCategory));
static cl::opt<int64_t> bMatricesOpt(
    "b-matrices",
    cl::desc("distinct [N, K] B matrices the launch reads (a grouped launch: "
             "each B of each expert with rows; default 1)"),
    cl::init(1), cl::cat(reportCategory));
static cl::opt<int64_t> aRowsOpt(
    "a-rows",
    cl::desc("rows of A the launch reads from HBM (a gathered launch: the "
             "tokens, each read once; default M)"),
    cl::init(0), cl::cat(reportCategory));
static cl::opt<int64_t> cRowsOpt(
    "c-rows",
    cl::desc("rows of C the launch writes (a scattered launch: the routed "
             "pairs, its padding rows write nothing; default M)"),
    cl::init(0), cl::cat(reportCategory));
static cl::opt<std::string>
    cFormatOpt("c-format",
               cl::desc("C in HBM: bf16 (the default), f32, or fp4 (with "
                        "E8M0 scales)"),
               cl::init("bf16"), cl::cat(reportCategory));
static cl::list<std::string>
    paramOpt("model-param",
             cl::desc("override a model constant, name=value (launch_us, "
                      "latency_cycles, loaded_latency_cycles, "
                      "cu_bytes_per_cycle, hbm_tbps)"),
             cl::CommaSeparated, cl::cat(reportCategory));

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
/// One code object to report on, with what a module says about its launch.
struct Target {
  std::string label;
  std::string hsaco;
  bool fromModule = false;
  std::optional<rep::GemmShape> shape;
  int64_t tileM = 0, tileN = 0;
  double iterationsPerWave = 0;
  int64_t workgroups = 0, waves = 0;
  double aBytes = 2, bBytes = 0.5 + 1.0 / 32;
};

/// HBM bytes per element of MX values of the format fp4.gemm names (an
/// MLIR type name; fp4 when absent), scales included.
static double mxBytesPerElement(StringAttr format) {
  StringRef name = format ? format.getValue() : "f4E2M1FN";
  double bits = name.starts_with("f8") ? 8 : name.starts_with("f6") ? 6 : 4;
  return bits / 8 + 1.0 / 32;
}
} // namespace

/// A constant index operand of a launch, or 0.
static int64_t constantOf(Value v) {
  IntegerAttr attr;
  if (v && matchPattern(v, m_Constant(&attr)))
    return attr.getInt();
  return 0;
}

/// The code objects of a compiled module, with the GEMM each kernel computes
/// and its launch (grid and block from the gpu.launch_func).
static llvm::Expected<std::vector<Target>> targetsFromModule(ModuleOp module) {
  std::vector<Target> targets;
  llvm::StringMap<gpu::LaunchFuncOp> launches;
  module.walk(
      [&](gpu::LaunchFuncOp op) { launches[op.getKernelModuleName()] = op; });
  for (auto binary : module.getOps<gpu::BinaryOp>()) {
    for (Attribute a : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(a);
      if (object.getFormat() != gpu::CompilationTarget::Binary)
        continue;
      Target t;
      t.label = binary.getName().str();
      t.hsaco = object.getObject().getValue().str();
      t.fromModule = true;
      gpu::LaunchFuncOp launch = launches.lookup(binary.getName());
      auto f = launch ? launch->getParentOfType<func::FuncOp>() : nullptr;
      auto info = f ? f->getAttrOfType<DictionaryAttr>("fp4.gemm") : nullptr;
      auto config = info
                        ? info.getAs<mlir::fp4::mxfp4::GemmConfigAttr>("config")
                        : nullptr;
      if (config) {
        auto get = [&](StringRef k) {
          auto v = info.getAs<IntegerAttr>(k);
          return v ? v.getInt() : 0;
        };
        t.shape = rep::GemmShape{get("m"), get("n"), get("k")};
        t.tileM = config.getTileM();
        t.tileN = config.getTileN();
        int64_t splitK = std::max<int64_t>(config.getSplitK(), 1);
        int64_t steps = llvm::divideCeil(llvm::divideCeil(get("k"), splitK),
                                         config.getMfmaK());
        // The loop takes `stages` K steps per iteration (the last
        // iteration's missing steps run after it, counted here as a part).
        t.iterationsPerWave =
            double(llvm::divideCeil(steps, config.getWavesK())) /
            config.getStages();
        gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
        t.workgroups = constantOf(grid.x) * constantOf(grid.y) *
                       std::max<int64_t>(constantOf(grid.z), 1);
        if (!t.workgroups)
          t.workgroups = llvm::divideCeil(get("m"), t.tileM) *
                         llvm::divideCeil(get("n"), t.tileN) * splitK;
        int64_t block = constantOf(launch.getBlockSizeOperandValues().x);
        t.waves = block ? llvm::divideCeil(block, 64) : config.getWaves();
        auto quantizeA = info.getAs<BoolAttr>("quantize_a");
        t.aBytes = quantizeA && !quantizeA.getValue()
                       ? mxBytesPerElement(info.getAs<StringAttr>("a_format"))
                       : 2;
        t.bBytes = mxBytesPerElement(info.getAs<StringAttr>("b_format"));
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

/// The tile a kernel's name ends in ("..._32x128E" -> 32, 128), if any.
static bool tileFromName(StringRef name, int64_t &tileM, int64_t &tileN) {
  name = name.rtrim("E");
  StringRef last = name.rsplit('_').second;
  auto [m, n] = last.split('x');
  return !m.getAsInteger(10, tileM) && !n.getAsInteger(10, tileN) &&
         tileM > 0 && tileN > 0;
}

/// aiter's a4w4 GEMMs (A in fp4 with E8M0 scales, as measured).
static bool isAiterA4W4(StringRef name) {
  return name.contains("f4gemm") && name.contains("per1x32Fp4");
}

static void printEstimate(const rep::GemmLaunch &l, const rep::Estimate &e,
                          llvm::raw_ostream &os) {
  const rep::GemmShape &s = l.shape;
  os << llvm::formatv(
      "  model v2 for {0}x{1}x{2}: tile {3}x{4}, {5} work-groups of {6} "
      "waves, {7:f2} loop iterations per wave\n",
      s.m, s.n, s.k, l.tileM, l.tileN, l.workgroups, l.wavesPerWorkgroup,
      l.iterationsPerWave);
  os << llvm::formatv("    {0} work-groups per CU at once, {1} waves per "
                      "SIMD, {2} rounds\n",
                      e.residentWorkgroups, e.wavesPerSimd, e.rounds);
  os << llvm::formatv(
      "    cycles per iteration: mfma {0:f0}, valu {1:f0}, issue {2:f0}, "
      "latency {3:f0}, bandwidth {4:f0} -> {5:f0}\n",
      e.mfmaCycles, e.valuCycles, e.issueCycles, e.latencyCycles,
      e.bandwidthCycles, e.iterationCycles);
  os << llvm::formatv("    HBM {0:f2} MB in {1:f2} us; compute {2:f2} us; "
                      "modeled {3:f2} us ({4} bound)\n",
                      e.hbmBytes / 1e6, e.hbmSeconds * 1e6,
                      e.computeSeconds * 1e6, e.modelSeconds * 1e6, e.bound);
}

static void addEstimateJson(const rep::GemmLaunch &l, const rep::Estimate &e,
                            llvm::json::Object &o) {
  const rep::GemmShape &s = l.shape;
  o["shape"] = llvm::formatv("{0}x{1}x{2}", s.m, s.n, s.k).str();
  o["tile"] = llvm::formatv("{0}x{1}", l.tileM, l.tileN).str();
  o["workgroups"] = l.workgroups;
  o["waves"] = l.wavesPerWorkgroup;
  o["iterations_per_wave"] = l.iterationsPerWave;
  o["hbm_bytes"] = e.hbmBytes;
  o["hbm_us"] = e.hbmSeconds * 1e6;
  o["mfma_us"] = e.mfmaSeconds * 1e6;
  o["floor_us"] = e.floorSeconds * 1e6;
  o["resident_workgroups"] = e.residentWorkgroups;
  o["model_waves_per_simd"] = e.wavesPerSimd;
  o["rounds"] = e.rounds;
  o["load_latency_cycles"] = e.loadLatencyCycles;
  o["cycles_mfma"] = e.mfmaCycles;
  o["cycles_valu"] = e.valuCycles;
  o["cycles_issue"] = e.issueCycles;
  o["cycles_latency"] = e.latencyCycles;
  o["cycles_bandwidth"] = e.bandwidthCycles;
  o["cycles_iteration"] = e.iterationCycles;
  o["compute_us"] = e.computeSeconds * 1e6;
  o["bound"] = e.bound;
  o["model_us"] = e.modelSeconds * 1e6;
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

  std::vector<rep::GemmShape> shapes;
  for (const std::string &text : shapeOpt) {
    llvm::SmallVector<int64_t> dims;
    if (!parseDims(text, dims, 3))
      return fail("--shape takes MxNxK, got '" + text + "'");
    shapes.push_back({dims[0], dims[1], dims[2]});
  }
  llvm::SmallVector<int64_t> tile;
  if (!tileOpt.empty() && !parseDims(tileOpt, tile, 2))
    return fail("--tile takes MxN, got '" + tileOpt + "'");
  if (splitsOpt < 1)
    return fail("--splits must be at least 1");
  if (!aFormatOpt.empty() && aFormatOpt != "bf16" && aFormatOpt != "fp4")
    return fail("--a-format takes bf16 or fp4, got '" + aFormatOpt + "'");
  if (cFormatOpt != "bf16" && cFormatOpt != "f32" && cFormatOpt != "fp4")
    return fail("--c-format takes bf16, f32 or fp4, got '" + cFormatOpt + "'");
  if (bMatricesOpt < 1)
    return fail("--b-matrices must be at least 1, got " +
                llvm::Twine(bMatricesOpt.getValue()));
  if (iterationsOpt.getNumOccurrences() && !(iterationsOpt > 0))
    return fail(llvm::formatv("--loop-iterations must be positive, got {0}",
                              iterationsOpt.getValue())
                    .str());
  for (cl::opt<int64_t> *rows : {&aRowsOpt, &cRowsOpt})
    if (rows->getNumOccurrences() && *rows < 1)
      return fail("--" + rows->ArgStr + " must be at least 1, got " +
                  llvm::Twine(rows->getValue()));
  rep::MachineModel machine;
  for (const std::string &p : paramOpt) {
    auto [name, value] = StringRef(p).split('=');
    double v;
    if (value.getAsDouble(v) || !(v >= 0) || !machine.set(name, v))
      return fail("--model-param takes launch_us, latency_cycles, "
                  "loaded_latency_cycles, cu_bytes_per_cycle or hbm_tbps "
                  "=<number>, got '" +
                  p + "'");
  }

  llvm::json::Array jsonKernels;
  std::vector<std::string> warned;
  for (const Target &t : targets) {
    std::vector<std::string> warnings;
    auto reports = rep::analyzeCodeObject(
        llvm::ArrayRef<uint8_t>(
            reinterpret_cast<const uint8_t *>(t.hsaco.data()), t.hsaco.size()),
        &warnings);
    if (!reports)
      return fail(t.label + ": " + llvm::toString(reports.takeError()));
    // Each warning once, even when several kernels or shapes repeat it.
    for (const std::string &w : warnings) {
      if (llvm::is_contained(warned, w))
        continue;
      warned.push_back(w);
      llvm::errs() << "fp4-report: warning: " << t.label << ": " << w << "\n";
    }
    for (const rep::KernelReport &r : *reports) {
      // The launches to model: the module's own, or each --shape.
      std::vector<std::optional<rep::GemmLaunch>> launches;
      std::vector<rep::GemmShape> kernelShapes = shapes;
      if (kernelShapes.empty() && t.shape)
        kernelShapes.push_back(*t.shape);
      for (const rep::GemmShape &shape : kernelShapes) {
        rep::GemmLaunch l;
        l.shape = shape;
        bool sameShape = t.shape && t.shape->m == shape.m &&
                         t.shape->n == shape.n && t.shape->k == shape.k;
        l.tileM = t.tileM, l.tileN = t.tileN;
        if (!tile.empty())
          l.tileM = tile[0], l.tileN = tile[1];
        if (!l.tileM && !tileFromName(r.info.name, l.tileM, l.tileN))
          return fail(t.label + ": kernel '" + r.info.name +
                      "': its name gives no tile; pass --tile MxN");
        l.wavesPerWorkgroup =
            wavesOpt ? wavesOpt
            : t.waves
                ? t.waves
                : llvm::divideCeil(r.info.maxFlatWorkgroupSize,
                                   std::max<uint32_t>(r.info.wavefrontSize, 1));
        bool own = sameShape && t.fromModule && tile.empty();
        // aiter's launch convention: grid (N/tile_N, M/tile_M, splits).
        l.workgroups = own ? t.workgroups
                           : llvm::divideCeil(shape.n, l.tileN) *
                                 llvm::divideCeil(shape.m, l.tileM) * splitsOpt;
        if (iterationsOpt.getNumOccurrences()) {
          l.iterationsPerWave = iterationsOpt;
        } else if (own) {
          // A wave with fewer K steps than the loop's stages runs none of
          // its iterations, and LLVM may remove it: straight-line code is
          // one pass, as Model.cpp rates it.
          l.iterationsPerWave = r.loop.total ? t.iterationsPerWave : 1;
        } else {
          const rep::LoopProfile &p =
              r.loop.total ? r.profile : r.kernelProfile;
          double kStep =
              rep::kPerIteration(p, l.wavesPerWorkgroup, l.tileM, l.tileN);
          if (kStep <= 0)
            return fail(t.label + ": kernel '" + r.info.name +
                        "' has no MFMAs; pass --loop-iterations");
          // Each K slice is rounded up to the loop's step; unrolled loops
          // exit between stages, so count in stages of one vmcnt wait each.
          double stages = std::max<double>(p.vmWaits, 1);
          double slice = double(llvm::divideCeil(shape.k, splitsOpt));
          l.iterationsPerWave = std::ceil(slice / (kStep / stages)) / stages;
        }
        if (workgroupsOpt)
          l.workgroups = workgroupsOpt;
        l.aBytesPerElement = t.aBytes;
        l.bBytesPerElement = t.bBytes;
        if (!t.fromModule && isAiterA4W4(r.info.name))
          l.aBytesPerElement = 0.5 + 1.0 / 32;
        if (!aFormatOpt.empty())
          l.aBytesPerElement = aFormatOpt == "bf16" ? 2 : 0.5 + 1.0 / 32;
        l.bMatrices = double(bMatricesOpt);
        l.aRowsRead = aRowsOpt;
        l.cRowsWritten = cRowsOpt;
        l.cBytesPerElement = cFormatOpt == "f32"   ? 4
                             : cFormatOpt == "fp4" ? 0.5 + 1.0 / 32
                                                   : 2;
        launches.push_back(l);
      }
      if (launches.empty())
        launches.push_back(std::nullopt);
      if (!json)
        rep::printKernelReport(r, llvm::outs());
      for (const auto &l : launches) {
        std::optional<rep::Estimate> e;
        if (l)
          e = rep::estimateGemm(r, *l, machine);
        if (!json) {
          if (e)
            printEstimate(*l, *e, llvm::outs());
          continue;
        }
        std::string text;
        llvm::raw_string_ostream os(text);
        rep::printKernelReportJson(r, os);
        auto value = llvm::json::parse(text);
        if (!value)
          return fail(llvm::toString(value.takeError()));
        if (llvm::json::Object *obj = value->getAsObject(); obj && e)
          addEstimateJson(*l, *e, *obj);
        jsonKernels.push_back(std::move(*value));
      }
    }
  }
  if (json)
    llvm::outs() << llvm::json::Value(std::move(jsonKernels)) << "\n";
  return 0;
}
