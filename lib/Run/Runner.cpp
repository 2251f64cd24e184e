//===- Runner.cpp - run a compiled fp4-mlir module --------------*- C++ -*-===//
//
// A small interpreter for the host functions that convert-mxfp4-to-amdgpu
// produces: memref arguments, views of them (collapse_shape,
// memory_space_cast), index constants and gpu.launch_func. Anything else in
// a host function is reported, not guessed at.
//
//===----------------------------------------------------------------------===//

#include "GemmData.h"
#include "JitCall.h"

#include "fp4/Reference/Check.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Gemm.h"
#include "fp4/Runtime/Npy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
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

static Error opError(Operation *op, const llvm::Twine &message) {
  std::string loc;
  llvm::raw_string_ostream os(loc);
  op->getLoc().print(os);
  return fail(loc + ": '" + op->getName().getStringRef() + "': " + message);
}

static FailureOr<int64_t> byteSize(MemRefType t) {
  if (!t.hasStaticShape())
    return failure();
  unsigned bits = t.getElementTypeBitWidth();
  if (bits % 8)
    return failure();
  return t.getNumElements() * (bits / 8);
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
  std::map<std::string, std::string> inputs = options.inputFiles;
  std::vector<HostMemRef> args;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    std::string key = std::to_string(i);
    auto it = inputs.find(key);
    if (it == inputs.end())
      if (auto role = func.getArgAttrOfType<StringAttr>(i, "fp4.arg"))
        it = inputs.find(role.getValue().str());
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref)
      return fail(llvm::formatv("argument #{0} of @{1} is not a memref", i,
                                func.getName()));
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
  for (const auto &[key, path] : options.outputFiles) {
    StringRef k(key);
    bool result = k.consume_front("r");
    unsigned index;
    if (k.getAsInteger(10, index) ||
        index >= (result ? func.getNumResults() : func.getNumArguments()))
      return fail("--output " + key + ": @" + func.getName() + " has no " +
                  (result ? "result " : "argument ") + k);
  }

  auto called = callWithJit(module, func, args, options, log);
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

namespace {
/// The state of one run: device buffers per host value, loaded binaries.
class HostInterpreter {
public:
  HostInterpreter(ModuleOp module, rt::Device &device, llvm::raw_ostream &log)
      : module(module), device(device), log(log) {}

  Error bindArgument(BlockArgument arg, llvm::ArrayRef<uint8_t> bytes,
                     bool isOutput);
  Error run(func::FuncOp func, unsigned repeat);
  Expected<std::vector<uint8_t>> readBack(Value v);

private:
  Error launch(gpu::LaunchFuncOp op, bool report);
  Expected<rt::LoadedModule *> loadBinary(StringRef name, Operation *user);
  Expected<int64_t> constantIndex(Value v, Operation *user);

  ModuleOp module;
  rt::Device &device;
  llvm::raw_ostream &log;
  llvm::DenseMap<Value, std::pair<uint64_t, int64_t>> buffers; // addr, bytes
  llvm::StringMap<std::unique_ptr<rt::LoadedModule>> loaded;

public:
  /// The launches of the last iteration.
  std::vector<LaunchReport> launches;
};
} // namespace

Error HostInterpreter::bindArgument(BlockArgument arg,
                                    llvm::ArrayRef<uint8_t> bytes,
                                    bool isOutput) {
  auto type = dyn_cast<MemRefType>(arg.getType());
  FailureOr<int64_t> size =
      type ? byteSize(type) : FailureOr<int64_t>(failure());
  if (failed(size))
    return fail(llvm::formatv("argument #{0} is not a static memref of whole "
                              "bytes",
                              arg.getArgNumber()));
  if (!isOutput && static_cast<int64_t>(bytes.size()) != *size)
    return fail(llvm::formatv("argument #{0} needs {1} bytes, got {2}",
                              arg.getArgNumber(), *size, bytes.size()));
  auto addr = device.allocate(*size);
  if (!addr)
    return addr.takeError();
  std::vector<uint8_t> init;
  if (isOutput) {
    // 0xFF bytes are NaN in bf16 and f32: elements a kernel forgets to
    // write fail the check instead of passing as zeros.
    init.assign(*size, 0xFF);
    bytes = init;
  }
  if (Error e = device.write(*addr, bytes))
    return e;
  buffers[arg] = {*addr, *size};
  return Error::success();
}

Expected<int64_t> HostInterpreter::constantIndex(Value v, Operation *user) {
  IntegerAttr attr;
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    attr = dyn_cast<IntegerAttr>(c.getValue());
  if (!attr)
    return opError(user, "launch sizes must be constants");
  return attr.getInt();
}

Expected<rt::LoadedModule *> HostInterpreter::loadBinary(StringRef name,
                                                         Operation *user) {
  auto it = loaded.find(name);
  if (it != loaded.end())
    return it->second.get();
  auto binary = SymbolTable::lookupNearestSymbolFrom<gpu::BinaryOp>(
      module, StringAttr::get(module.getContext(), name));
  if (!binary)
    return opError(user,
                   "no gpu.binary @" + name + " (was the module serialized?)");
  if (binary.getObjects().size() != 1)
    return opError(user, "gpu.binary @" + name + " must hold one object");
  auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
  if (object.getFormat() != gpu::CompilationTarget::Binary)
    return opError(user, "gpu.binary @" + name + " holds no binary object");
  StringRef hsaco = object.getObject().getValue();
  StringRef ir;
  if (DictionaryAttr props = object.getProperties())
    if (auto s = props.getAs<StringAttr>("fp4.device_ir"))
      ir = s.getValue();
  rt::KernelImage image{
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(hsaco.data()),
                              hsaco.size()),
      ir};
  auto mod = device.load(image);
  if (!mod)
    return fail("gpu.binary @" + name + ": " + llvm::toString(mod.takeError()));
  return (loaded[name] = std::move(*mod)).get();
}

Error HostInterpreter::launch(gpu::LaunchFuncOp op, bool report) {
  auto mod = loadBinary(op.getKernelModuleName(), op);
  if (!mod)
    return mod.takeError();
  StringRef kernelName = op.getKernelName();
  auto kernel = (*mod)->codeObject().getKernel(kernelName);
  if (!kernel)
    return opError(op, llvm::toString(kernel.takeError()));
  rt::KernelArgPacker packer(*kernel);
  for (Value arg : op.getKernelOperands()) {
    auto it = buffers.find(arg);
    if (it == buffers.end())
      return opError(op, "kernel operands must be memref arguments or views "
                         "of them");
    if (Error e = packer.addPointer(it->second.first))
      return opError(op, llvm::toString(std::move(e)));
  }
  // HIP's module launch has neither clusters nor streams to order on.
  if (op.hasClusterSize())
    return opError(op, "cluster sizes are not supported by fp4-run");
  if (!op.getAsyncDependencies().empty() || op.getAsyncToken() ||
      op.getAsyncObject())
    return opError(op, "asynchronous launches are not supported by fp4-run");
  rt::LaunchConfig config;
  int64_t dims[6];
  Value sizes[6] = {op.getGridSizeX(),  op.getGridSizeY(),  op.getGridSizeZ(),
                    op.getBlockSizeX(), op.getBlockSizeY(), op.getBlockSizeZ()};
  static const char *names[6] = {"grid x",  "grid y",  "grid z",
                                 "block x", "block y", "block z"};
  for (int i = 0; i < 6; ++i) {
    auto v = constantIndex(sizes[i], op);
    if (!v)
      return v.takeError();
    if (*v < 1 || *v > UINT32_MAX)
      return opError(op, llvm::formatv("launch size {0} = {1} is out of range "
                                       "(1 to 2^32-1)",
                                       names[i], *v));
    dims[i] = *v;
  }
  config.grid = {uint32_t(dims[0]), uint32_t(dims[1]), uint32_t(dims[2])};
  config.block = {uint32_t(dims[3]), uint32_t(dims[4]), uint32_t(dims[5])};
  if (Value dynamicLds = op.getDynamicSharedMemorySize()) {
    auto v = constantIndex(dynamicLds, op);
    if (!v)
      return v.takeError();
    if (*v < 0 || *v > UINT32_MAX)
      return opError(op, llvm::formatv("dynamic_shared_memory_size = {0} is "
                                       "out of range (0 to 2^32-1)",
                                       *v));
    config.dynamicLdsBytes = uint32_t(*v);
  }
  auto segment = packer.finish(config);
  if (!segment)
    return opError(op, llvm::toString(segment.takeError()));
  auto timing = device.launch(**mod, kernelName, *segment);
  if (!timing)
    return fail("kernel " + kernelName + ": " +
                llvm::toString(timing.takeError()));
  if (report)
    launches.push_back({kernelName.str(), config, *timing});
  if (report) {
    log << llvm::formatv("launch {0}: grid {1}x{2}x{3}, block {4}: {5:f3} ms",
                         kernelName, dims[0], dims[1], dims[2], dims[3],
                         timing->milliseconds);
    if (device.isEmulator())
      log << llvm::formatv(" (emulated: {0} wave instructions, {1} MFMAs)",
                           timing->waveInstructions, timing->mfmaOps);
    log << "\n";
  }
  return Error::success();
}

Error HostInterpreter::run(func::FuncOp func, unsigned repeat) {
  for (unsigned iteration = 0; iteration < repeat; ++iteration) {
    for (Operation &op : func.getBody().front()) {
      if (auto collapse = dyn_cast<memref::CollapseShapeOp>(op)) {
        buffers[collapse.getResult()] = buffers.lookup(collapse.getSrc());
      } else if (auto cast = dyn_cast<memref::MemorySpaceCastOp>(op)) {
        buffers[cast.getResult()] = buffers.lookup(cast.getSource());
      } else if (isa<arith::ConstantOp>(op)) {
        // Read where used.
      } else if (auto launchOp = dyn_cast<gpu::LaunchFuncOp>(op)) {
        if (Error e = launch(launchOp, /*report=*/iteration + 1 == repeat))
          return e;
      } else if (isa<func::ReturnOp>(op)) {
        break;
      } else {
        return opError(&op, "is not supported in a host function by fp4-run");
      }
    }
  }
  return Error::success();
}

Expected<std::vector<uint8_t>> HostInterpreter::readBack(Value v) {
  auto [addr, size] = buffers.lookup(v);
  std::vector<uint8_t> bytes(size);
  if (Error e = device.read(addr, bytes))
    return std::move(e);
  return bytes;
}

static std::vector<float> toFloats(const std::vector<uint8_t> &bytes,
                                   Type elementType) {
  std::vector<float> out;
  if (elementType.isF32()) {
    out.resize(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), bytes.size());
  } else {
    out.resize(bytes.size() / 2);
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = ref::bf16ToFloat(uint16_t(bytes[2 * i] | bytes[2 * i + 1] << 8));
  }
  return out;
}

static Expected<RunResult>
finishGemm(const GemmProblem &problem, const GemmInputs &inputs,
           Type outputElement, const std::vector<uint8_t> &bytes,
           const RunOptions &options, llvm::raw_ostream &log);

/// A GEMM function through the JIT: the same inputs and check as the
/// interpreter's, the host code lowered and run like any other program.
static Expected<RunResult> runGemmWithJit(ModuleOp module, func::FuncOp func,
                                          const GemmProblem &problem,
                                          GemmInputs &inputs,
                                          const RunOptions &options,
                                          llvm::raw_ostream &log) {
  std::vector<HostMemRef> args;
  int output = -1;
  Type outputElement;
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
    if (role.getValue() == "c") {
      output = i;
      outputElement = type.getElementType();
      std::memset(m.data(), 0xFF, m.size());
      continue;
    }
    auto it = inputs.abi.find(role.getValue().str());
    if (it == inputs.abi.end())
      return fail("argument role '" + role.getValue() + "' is unknown");
    if (it->second.size() != m.size())
      return fail(llvm::formatv("argument #{0} needs {1} bytes, got {2}", i,
                                m.size(), it->second.size()));
    std::memcpy(m.data(), it->second.data(), m.size());
  }
  if (output < 0)
    return fail("@" + func.getName() +
                " has no output argument (fp4.arg = \"c\")");
  auto called = callWithJit(module, func, args, options, log);
  if (!called)
    return called.takeError();
  std::vector<uint8_t> bytes(args[output].data(),
                             args[output].data() + args[output].size());
  auto run = finishGemm(problem, inputs, outputElement, bytes, options, log);
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
  func::FuncOp func = *entry;
  if (!func->hasAttr("fp4.gemm"))
    return runGeneral(module, func, options, log);
  if (!options.outputFiles.empty())
    return fail("@" + func.getName() +
                " is a GEMM function: --output FILE.npy writes C");
  auto problem = readGemmProblem(func);
  if (!problem)
    return problem.takeError();
  GemmInputs inputs = makeGemmInputs(*problem, options.data, options.seed);
  for (const auto &[role, path] : options.inputFiles)
    if (Error e = loadGemmInput(*problem, inputs, role, path))
      return std::move(e);

  if (!options.inputsDir.empty())
    if (Error e = writeGemmInputs(*problem, inputs, options.inputsDir, log))
      return std::move(e);

  if (options.jit)
    return runGemmWithJit(module, func, *problem, inputs, options, log);

  std::string fallback;
  auto device = rt::openDevice(options.device, &fallback);
  if (!device)
    return device.takeError();
  log << "fp4-run: @" << func.getName() << " (" << problem->m << "x"
      << problem->n << "x" << problem->k << ", B "
      << (problem->preshuffled ? "pre-shuffled" : "plain") << ") on "
      << (*device)->describe() << "\n";
  if (!fallback.empty() && options.device.kind == rt::DeviceKind::Auto)
    log << "fp4-run: no GPU used: " << fallback << "\n";

  HostInterpreter interp(module, **device, log);
  Value output;
  Type outputElement;
  for (BlockArgument arg : func.getArguments()) {
    auto role =
        func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), "fp4.arg");
    if (!role)
      return fail(llvm::formatv("argument #{0} of @{1} has no fp4.arg role",
                                arg.getArgNumber(), func.getName()));
    bool isOutput = role.getValue() == "c";
    if (isOutput) {
      output = arg;
      outputElement = cast<MemRefType>(arg.getType()).getElementType();
    } else if (!inputs.abi.count(role.getValue().str())) {
      return fail("argument role '" + role.getValue() + "' is unknown");
    }
    if (Error e = interp.bindArgument(
            arg,
            isOutput
                ? llvm::ArrayRef<uint8_t>()
                : llvm::ArrayRef<uint8_t>(inputs.abi[role.getValue().str()]),
            isOutput))
      return std::move(e);
  }
  if (!output)
    return fail("@" + func.getName() +
                " has no output argument (fp4.arg = \"c\")");
  if (Error e = interp.run(func, std::max(1u, options.repeat)))
    return std::move(e);
  auto bytes = interp.readBack(output);
  if (!bytes)
    return bytes.takeError();
  auto run = finishGemm(*problem, inputs, outputElement, *bytes, options, log);
  if (run)
    run->launches = std::move(interp.launches);
  return run;
}

static Expected<RunResult>
finishGemm(const GemmProblem &problem_, const GemmInputs &inputs,
           Type outputElement, const std::vector<uint8_t> &bytes_,
           const RunOptions &options, llvm::raw_ostream &log) {
  const GemmProblem *problem = &problem_;
  const std::vector<uint8_t> *bytes = &bytes_;
  if (!options.outputFile.empty()) {
    bool f32 = outputElement.isF32();
    if (Error e = rt::writeNpy(options.outputFile, f32 ? "<f4" : "<u2",
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
  if (!outputElement.isF32()) {
    // The problem's reference output is bf16: round the f32 reference.
    std::vector<uint16_t> rounded(expected->size());
    ref::toBf16(expected->data(), expected->size(), rounded.data());
    ref::fromBf16(rounded.data(), rounded.size(), expected->data());
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
