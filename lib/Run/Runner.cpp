//===- Runner.cpp - run a compiled fp4-mlir module --------------*- C++ -*-===//
//
// Every entry function runs through the JIT (JitCall.h): its host code is
// lowered with upstream passes and its launches go to the mgpu* runtime
// wrappers. A GEMM function (`fp4.gemm`) gets inputs made like the
// reference problem's (or read from .npy files) by role, and its C, result
// 0 (or, from modules compiled before the one-path pipeline, the argument
// with fp4.arg = "c"), is checked against the reference library.
//
//===----------------------------------------------------------------------===//

#include "GemmData.h"
#include "JitCall.h"

#include "fp4/Reference/Check.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Gemm.h"
#include "fp4/Runtime/Npy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::fp4;
namespace rt = ::fp4::runtime;
namespace ref = ::fp4::ref;
using llvm::Error;
using llvm::Expected;

static Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message.str());
}

/// Runs a function without `fp4.gemm` through the JIT: every argument from
/// a .npy file (or, when only written, 0xFF bytes), outputs to .npy files.
static Expected<RunResult> runGeneral(ModuleOp module, func::FuncOp func,
                                      const RunOptions &options,
                                      llvm::raw_ostream &log) {
  if (options.check)
    return fail("--check compares a GEMM with the reference: @" +
                func.getName() + " has no fp4.gemm attribute");
  if (!options.outputFile.empty())
    return fail("@" + func.getName() +
                " is not a GEMM function: name what to write with "
                "--output N=FILE.npy (argument N) or rN=FILE.npy (result N)");
  for (const auto &[key, path] : options.outputFiles) {
    StringRef k(key);
    bool result = k.consume_front("r");
    unsigned index;
    if (k.getAsInteger(10, index) ||
        index >= (result ? func.getNumResults() : func.getNumArguments()))
      return fail("--output " + key + ": @" + func.getName() + " has no " +
                  (result ? "result " : "argument ") + k);
  }

  std::map<std::string, std::string> inputs = options.inputFiles;
  std::vector<HostMemRef> args;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    std::string key = std::to_string(i);
    auto it = inputs.find(key);
    if (it == inputs.end())
      if (auto role = func.getArgAttrOfType<StringAttr>(i, "fp4.arg"))
        it = inputs.find(role.getValue().str());
    // A scalar argument comes as a 0-d array (numpy.save of a numpy
    // scalar) and is passed by value.
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref && isa<IntegerType, IndexType, FloatType>(type))
      memref = MemRefType::get({}, type);
    if (!memref)
      return fail(llvm::formatv("argument #{0} of @{1} is neither a memref "
                                "nor a scalar: {2}",
                                i, func.getName(), type));
    auto dtype = npyDtypeOf(memref.getElementType());
    if (!dtype)
      return fail(llvm::formatv("argument #{0} of @{1}: {2}", i, func.getName(),
                                llvm::toString(dtype.takeError())));
    if (it == inputs.end()) {
      if (!options.outputFiles.count(key) || !memref.hasStaticShape())
        return fail(llvm::formatv(
            "argument #{0} of @{1} needs an input: --input {0}=FILE.npy", i,
            func.getName()));
      HostMemRef &arg = args.emplace_back(*dtype, memref.getShape().vec());
      std::memset(arg.data(), 0xFF, arg.size());
      continue;
    }
    std::string what = "--input " + it->first + "=" + it->second;
    std::string path = it->second;
    inputs.erase(it);
    auto array = rt::readNpy(path);
    if (!array)
      return fail(what + ": " + llvm::toString(array.takeError()));
    bool shapeOk = int64_t(array->shape.size()) == memref.getRank();
    for (size_t d = 0; shapeOk && d < array->shape.size(); ++d)
      shapeOk =
          memref.isDynamicDim(d) || memref.getDimSize(d) == array->shape[d];
    std::string got;
    for (int64_t d : array->shape)
      got += (got.empty() ? "" : "x") + std::to_string(d);
    // A signless integer takes either signedness of its width.
    auto intKind = [](StringRef d) {
      return d.size() == 3 && (d[1] == 'i' || d[1] == 'u');
    };
    bool dtypeOk =
        array->dtype == *dtype ||
        (memref.getElementType().isSignlessInteger() && intKind(*dtype) &&
         intKind(array->dtype) && array->dtype[2] == (*dtype)[2]);
    if (!dtypeOk || !shapeOk) {
      std::string want;
      for (int64_t d : memref.getShape())
        want +=
            (want.empty() ? "" : "x") +
            (ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d));
      return fail(llvm::formatv("{0}: argument #{1} is {2} (a {3} array of "
                                "{4}), got a {5} array of {6}",
                                what, i, memref, want, *dtype, got,
                                array->dtype));
    }
    HostMemRef &arg = args.emplace_back(*dtype, array->shape);
    std::memcpy(arg.data(), array->data.data(), arg.size());
  }
  if (!inputs.empty())
    return fail("--input " + inputs.begin()->first + ": @" + func.getName() +
                " has no such argument");
  auto called = callWithJit(module, func, args, options, log,
                            "@" + func.getName().str() + " through the JIT");
  if (!called)
    return called.takeError();
  for (const auto &[key, path] : options.outputFiles) {
    StringRef k(key);
    bool result = k.consume_front("r");
    unsigned index = 0;
    k.getAsInteger(10, index);
    HostMemRef &m = result ? called->results[index] : args[index];
    if (Error e = rt::writeNpy(path, m.dtype(), m.shape(),
                               llvm::ArrayRef<uint8_t>(m.data(), m.size())))
      return std::move(e);
    log << "fp4-run: wrote " << (result ? "result #" : "argument #") << index
        << " to " << path << "\n";
  }
  RunResult run;
  run.launches = std::move(called->launches);
  return run;
}

static Expected<func::FuncOp> findEntry(ModuleOp module, StringRef name) {
  SmallVector<func::FuncOp> candidates;
  for (auto f : module.getOps<func::FuncOp>()) {
    if (!name.empty()
            ? f.getName() == name
            : !f.isExternal() && !f.getOps<gpu::LaunchFuncOp>().empty())
      candidates.push_back(f);
  }
  if (candidates.size() == 1)
    return candidates.front();
  if (!name.empty())
    return fail("no function @" + name + " in the module");
  if (candidates.empty())
    return fail("no function in the module launches a kernel; compile it with "
                "fp4-opt --fp4-lower-to-hsaco first");
  return fail("several functions launch kernels; choose one with --entry");
}

static std::vector<float> toFloats(const std::vector<uint8_t> &bytes,
                                   Type elementType) {
  std::vector<float> out;
  if (elementType.isF32()) {
    out.resize(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), bytes.size());
    return out;
  }
  out.resize(bytes.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) {
    auto bits = uint16_t(bytes[2 * i] | bytes[2 * i + 1] << 8);
    out[i] = elementType.isF16() ? halfToFloat(bits) : ref::bf16ToFloat(bits);
  }
  return out;
}

static Expected<RunResult>
finishGemm(const GemmProblem &problem, const GemmInputs &inputs,
           Type outputElement, const std::vector<uint8_t> &bytes,
           const RunOptions &options, llvm::raw_ostream &log);

/// Where a GEMM function's C is: result `index` (the one-path ABI) or
/// argument `index` (modules compiled before it).
struct OutputPlace {
  bool isResult = false;
  unsigned index = 0;
  MemRefType type;
};

/// Finds C: the result or argument with fp4.arg = "c", which must be a
/// static [M, N] memref of bf16, f16 or f32.
static Expected<OutputPlace> findOutput(func::FuncOp func,
                                        const GemmProblem &problem) {
  std::optional<OutputPlace> found;
  auto consider = [&](bool isResult, unsigned i, Type type) -> Error {
    auto role = isResult ? func.getResultAttrOfType<StringAttr>(i, "fp4.arg")
                         : func.getArgAttrOfType<StringAttr>(i, "fp4.arg");
    if (!role || role.getValue() != "c")
      return Error::success();
    std::string what =
        llvm::formatv("{0} #{1} of @{2} (C)", isResult ? "result" : "argument",
                      i, func.getName());
    if (found)
      return fail(what + ": C is already " +
                  (found->isResult ? "result #" : "argument #") +
                  llvm::Twine(found->index));
    auto memref = dyn_cast<MemRefType>(type);
    Type element = memref ? memref.getElementType() : Type();
    if (!memref || !memref.hasStaticShape() || memref.getRank() != 2 ||
        memref.getDimSize(0) != problem.m ||
        memref.getDimSize(1) != problem.n ||
        !(element.isBF16() || element.isF16() || element.isF32()))
      return fail(llvm::formatv("{0} is {1}, not a {2}x{3} memref of bf16, "
                                "f16 or f32",
                                what, type, problem.m, problem.n));
    found = OutputPlace{isResult, i, memref};
    return Error::success();
  };
  for (auto [i, t] : llvm::enumerate(func.getResultTypes()))
    if (Error e = consider(true, i, t))
      return std::move(e);
  for (auto [i, t] : llvm::enumerate(func.getArgumentTypes()))
    if (Error e = consider(false, i, t))
      return std::move(e);
  if (!found)
    return fail("@" + func.getName() +
                " returns no C: no result (or argument) has fp4.arg = \"c\"");
  return *found;
}

/// A GEMM function: its arguments by role from the generated (or given)
/// inputs, called through the JIT, C checked.
static Expected<RunResult> runGemm(ModuleOp module, func::FuncOp func,
                                   const RunOptions &options,
                                   llvm::raw_ostream &log) {
  if (!options.outputFiles.empty())
    return fail("@" + func.getName() +
                " is a GEMM function: --output FILE.npy writes C");
  auto problem = readGemmProblem(func);
  if (!problem)
    return problem.takeError();
  auto output = findOutput(func, *problem);
  if (!output)
    return output.takeError();
  GemmInputs inputs = makeGemmInputs(*problem, options.data, options.seed);
  for (const auto &[role, path] : options.inputFiles)
    if (Error e = loadGemmInput(*problem, inputs, role, path))
      return std::move(e);
  if (!options.inputsDir.empty())
    if (Error e = writeGemmInputs(*problem, inputs, options.inputsDir, log))
      return std::move(e);

  std::vector<HostMemRef> args;
  for (BlockArgument arg : func.getArguments()) {
    unsigned i = arg.getArgNumber();
    auto role = func.getArgAttrOfType<StringAttr>(i, "fp4.arg");
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!role || !type || !type.hasStaticShape())
      return fail(llvm::formatv("argument #{0} of @{1} is not a static "
                                "memref with an fp4.arg role",
                                i, func.getName()));
    auto dtype = npyDtypeOf(type.getElementType());
    if (!dtype)
      return dtype.takeError();
    HostMemRef &m = args.emplace_back(*dtype, type.getShape().vec());
    if (!output->isResult && output->index == i) {
      // 0xFF bytes are NaN in bf16, f16 and f32: elements a kernel forgets
      // to write fail the check instead of passing as zeros.
      std::memset(m.data(), 0xFF, m.size());
      continue;
    }
    auto it = inputs.abi.find(role.getValue().str());
    if (it == inputs.abi.end())
      return fail(llvm::formatv("argument #{0} of @{1} has the role '{2}', "
                                "which is not a, a_scales, b or b_scales of "
                                "this problem",
                                i, func.getName(), role.getValue()));
    if (it->second.size() != m.size())
      return fail(llvm::formatv("argument #{0} needs {1} bytes, got {2}", i,
                                m.size(), it->second.size()));
    std::memcpy(m.data(), it->second.data(), m.size());
  }

  std::string label = llvm::formatv(
      "@{0} ({1}x{2}x{3}, B {4})", func.getName(), problem->m, problem->n,
      problem->k, problem->preshuffled ? "pre-shuffled" : "plain");
  auto called = callWithJit(module, func, args, options, log, label);
  if (!called)
    return called.takeError();
  HostMemRef &c =
      output->isResult ? called->results[output->index] : args[output->index];
  std::vector<uint8_t> bytes(c.data(), c.data() + c.size());
  auto run = finishGemm(*problem, inputs, output->type.getElementType(), bytes,
                        options, log);
  if (run)
    run->launches = std::move(called->launches);
  return run;
}

Expected<RunResult> mlir::fp4::runModule(ModuleOp module,
                                         const RunOptions &options,
                                         llvm::raw_ostream &log) {
  auto entry = findEntry(module, options.entry);
  if (!entry)
    return entry.takeError();
  if (!(*entry)->hasAttr("fp4.gemm"))
    return runGeneral(module, *entry, options, log);
  return runGemm(module, *entry, options, log);
}

static Expected<RunResult>
finishGemm(const GemmProblem &problem_, const GemmInputs &inputs,
           Type outputElement, const std::vector<uint8_t> &bytes_,
           const RunOptions &options, llvm::raw_ostream &log) {
  const GemmProblem *problem = &problem_;
  const std::vector<uint8_t> *bytes = &bytes_;
  if (!options.outputFile.empty()) {
    auto dtype = npyDtypeOf(outputElement);
    if (!dtype)
      return dtype.takeError();
    if (Error e = rt::writeNpy(options.outputFile, *dtype,
                               {problem->m, problem->n}, *bytes))
      return std::move(e);
    log << "fp4-run: wrote C to " << options.outputFile << "\n";
  }

  RunResult result;
  if (!options.check)
    return result;
  auto expected = referenceOutput(*problem, inputs);
  if (!expected)
    return expected.takeError();
  if (outputElement.isBF16()) {
    // The problem's reference output is bf16: round the f32 reference.
    std::vector<uint16_t> rounded(expected->size());
    ref::toBf16(expected->data(), expected->size(), rounded.data());
    ref::fromBf16(rounded.data(), rounded.size(), expected->data());
  } else if (outputElement.isF16()) {
    for (float &v : *expected)
      v = halfToFloat(floatToHalf(v));
  }
  std::vector<float> got = toFloats(*bytes, outputElement);
  ref::CheckResult check =
      ref::checkOutput(got.data(), expected->data(), got.size());
  result.checked = true;
  result.passed = check.ok();
  if (options.data == InputData::NonFinite) {
    // A check where the reference has no NaN, or nothing else, proves
    // nothing about the NaN rule: say what it had, and fail it then.
    int64_t nan = 0, inf = 0;
    for (float v : *expected) {
      nan += std::isnan(v);
      inf += std::isinf(v);
    }
    int64_t finite = int64_t(expected->size()) - nan - inf;
    log << llvm::formatv("nonfinite: the reference has {0} NaN, {1} infinite "
                         "and {2} finite of {3} outputs\n",
                         nan, inf, finite, expected->size());
    if (nan == 0 || finite == 0) {
      log << "check: vacuous (the data needs NaN and finite outputs: "
             "M >= 2 or N >= 6)\n";
      result.passed = false;
    }
  }
  result.mismatches = check.mismatches;
  result.worstAbsErr = check.worstAbsErr;
  log << "check: "
      << ref::describe(check, got.data(), expected->data(), got.size()) << "\n"
      << (result.passed ? "PASSED" : "FAILED") << "\n";
  return result;
}
