//===- GpuModeMoe.cpp - GPU MODE moe-mxfp4 submission export ----*- C++ -*-===//
//
// Each configuration is the layer `fp4-gen moe` prints (buildMoeLayerProblem:
// the task's inputs as arguments, raw weight layouts), compiled in process
// by the default pipeline; its host function's launches, its scratch
// buffers and its output are what the submission replays
// (SubmissionKernels.h). The entry point is submission_moe.py.
//
//===----------------------------------------------------------------------===//

#include "fp4/Export/GpuMode.h"

#include "SubmissionKernels.h"

#include "fp4/Dialect/MXFP4/Utils/MoeLayerBuilder.h"
#include "fp4/Tools/ToolMain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::fp4;

static const char kMoeEntry[] =
#include "SubmissionMoe.inc"
    ;

// The problem's benchmark configurations, then its test ones (task.yml of
// gpu-mode/reference-kernels problems/amd_202602/moe-mxfp4): experts and
// top-k count the one shared expert.
static const MoeExportConfig kConfigs[] = {
    {4, 257, 7168, 256, 9},   {64, 257, 7168, 256, 9},
    {256, 257, 7168, 256, 9}, {64, 33, 7168, 2048, 9},
    {256, 33, 7168, 2048, 9}, {1024, 33, 7168, 2048, 9},
    {8, 17, 4096, 1024, 5},   {32, 33, 7168, 2048, 9},
    {128, 65, 4096, 1536, 7}};

llvm::ArrayRef<MoeExportConfig> mlir::fp4::getGpuModeMoeConfigs() {
  return kConfigs;
}

/// The configuration's five numbers joined by `separator`.
static std::string key(const MoeExportConfig &c, llvm::StringRef separator) {
  return llvm::formatv("{0}{5}{1}{5}{2}{5}{3}{5}{4}", c.tokens, c.experts,
                       c.dHidden, c.dExpert, c.topk, separator);
}

llvm::Expected<MoeExportConfig>
mlir::fp4::parseMoeExportConfig(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 5> parts;
  text.split(parts, 'x');
  int64_t v[5];
  bool ok = parts.size() == 5;
  for (unsigned i = 0; ok && i < 5; ++i)
    ok = !parts[i].getAsInteger(10, v[i]) && v[i] > 0;
  if (!ok)
    return llvm::createStringError(
        "a configuration is TOKENSxEXPERTSxD_HIDDENxD_EXPERTxTOPK with "
        "positive integers (4x257x7168x256x9), not '" +
        text + "'");
  return MoeExportConfig{v[0], v[1], v[2], v[3], v[4]};
}

static llvm::Expected<submission::HostPlan>
compileConfig(const MoeExportConfig &config, const LowerToHsacoOptions &opts,
              std::vector<submission::Hsaco> &hsacos) {
  auto error = [&](const llvm::Twine &what) {
    return llvm::createStringError("configuration " + key(config, "x") + ": " +
                                   what);
  };
  mxfp4::MoeLayerSpec spec{config.tokens, config.experts, config.topk,
                           config.dHidden, config.dExpert};
  if (llvm::Error e = mxfp4::checkMoeLayerProblem(spec))
    return error(llvm::toString(std::move(e)));
  auto plan = submission::compileHostPlan(
      [&](OpBuilder &b, Location loc) {
        mxfp4::buildMoeLayerProblem(b, loc, spec);
      },
      opts, hsacos);
  if (!plan)
    return error(llvm::toString(plan.takeError()));
  if (!plan->output || plan->output->elementType != "bf16")
    return error("the layer does not return a bf16 output");
  return plan;
}

static void printHeader(llvm::raw_ostream &os,
                        llvm::ArrayRef<MoeExportConfig> configs,
                        llvm::StringRef pipeline) {
  os << "\"\"\"GPU MODE moe-mxfp4: an fp4-mlir submission.\n\n"
     << "Written by fp4-export gpumode --problem moe-mxfp4, fp4-mlir "
     << getFp4Version() << "\n(LLVM and MLIR " << getLLVMVersion() << ").\n"
     << "Each layer: fp4-gen moe --tokens M --experts E --d-hidden H\n"
     << "--d-expert D --topk K (its default block_m, listed), compiled by\n"
     << pipeline << ".\n"
     << "Configurations (M x E x d_hidden x d_expert x top-k, block_m):\n";
  for (const MoeExportConfig &c : configs)
    os << "  " << key(c, "x") << ", block_m "
       << mxfp4::defaultMoeBlockM(c.tokens, c.experts, c.topk) << "\n";
  os << "\n"
     << "Imports torch, ctypes and the standard library only. The kernels\n"
     << "are loaded with HIP's module API on the libamdhip64 torch loaded\n"
     << "and take the task's tensors as given: bf16 hidden_states, the raw\n"
     << "(not pre-shuffled) fp4 weights and their E8M0 scales, topk_weights\n"
     << "and topk_ids. Per call, four launches: the routing; the zero fill\n"
     << "of the bf16 output, in the same launch as x's quantization where\n"
     << "the fusion model keeps that out of stage 1; stage 1 (gate and up,\n"
     << "SwiGLU, h quantized, and x's quantization otherwise); stage 2\n"
     << "adding each row, weighted, into its token's (packed bf16 atomics).\n"
     << "A configuration not listed above raises an error.\n"
     << "\"\"\"\n\n";
}

llvm::Expected<std::string>
mlir::fp4::exportGpuModeMoeSubmission(const GpuModeMoeExportOptions &options) {
  std::vector<MoeExportConfig> configs;
  if (options.problemConfigs)
    configs.assign(std::begin(kConfigs), std::end(kConfigs));
  for (const MoeExportConfig &c : options.configs)
    if (!llvm::is_contained(configs, c))
      configs.push_back(c);
  if (configs.empty())
    return llvm::createStringError("no configuration to export");

  std::vector<submission::EntrySource> entries;
  for (const MoeExportConfig &c : configs)
    entries.push_back(
        {"(" + key(c, ", ") + ")", [c](const LowerToHsacoOptions &options,
                                       std::vector<submission::Hsaco> &hsacos) {
           return compileConfig(c, options, hsacos);
         }});
  submission::ProblemText text;
  text.header = [&](llvm::raw_ostream &os, llvm::StringRef pipeline) {
    printHeader(os, configs, pipeline);
  };
  text.tableComment =
      "# (M, E, d_hidden, d_expert, top-k) -> the bytes of each input the\n"
      "# kernels read, the output (its name, shape, element type), the\n"
      "# scratch buffers (offset and bytes in one workspace tensor) and\n"
      "# the launches. \"args\" is the code object's kernel argument\n"
      "# layout (offset, size, value kind); \"kernarg\" the bytes\n"
      "# fp4-mlir's runtime packs for the launch with null pointers;\n"
      "# \"pointers\" where each buffer's address goes.\n";
  text.entryPoint = kMoeEntry;
  text.what = "configurations";
  return submission::exportSubmission(entries, text, options.sizeLimit);
}
