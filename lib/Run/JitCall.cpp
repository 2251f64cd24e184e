//===- JitCall.cpp - call an entry function through the JIT -----*- C++ -*-===//
//
// The entry gets `llvm.emit_c_interface`, so that its C wrapper takes each
// memref as a pointer to a descriptor {allocated, aligned, offset, sizes[r],
// strides[r]} and returns memref results through a pointer to their
// descriptors; the wrapper is called through ExecutionEngine's packed
// interface.
//
//===----------------------------------------------------------------------===//

#include "JitCall.h"

#include "fp4/Run/Jit.h"
#include "fp4/Runtime/GpuWrappers.h"
#include "fp4/Runtime/Npy.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace mlir;
using namespace mlir::fp4;
namespace rgpu = ::fp4::runtime::gpu;
namespace rt = ::fp4::runtime;
using llvm::Error;
using llvm::Expected;

static Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message.str());
}

HostMemRef::HostMemRef(std::string dtype, std::vector<int64_t> shape)
    : type(std::move(dtype)), dims(std::move(shape)) {
  size_t item = llvm::cantFail(rt::npyItemSize(type));
  numBytes = item;
  for (int64_t d : dims)
    numBytes *= size_t(d);
  bytes = static_cast<uint8_t *>(rgpu::allocateHost(numBytes, 64));
}

HostMemRef::HostMemRef(HostMemRef &&other)
    : type(std::move(other.type)), dims(std::move(other.dims)),
      bytes(std::exchange(other.bytes, nullptr)), numBytes(other.numBytes) {}

HostMemRef::~HostMemRef() {
  if (bytes)
    rgpu::freeHost(bytes);
}

Expected<std::string> mlir::fp4::npyDtypeOf(Type element) {
  if (element.isBF16())
    return std::string("<u2");
  if (element.isF16())
    return std::string("<f2");
  if (element.isF32())
    return std::string("<f4");
  if (element.isF64())
    return std::string("<f8");
  if (element.isIndex())
    return std::string("<i8");
  // fp8 elements are passed as their bytes, like fp4x2 and E8M0 data.
  if (isa<Float8E4M3FNType, Float8E5M2Type>(element))
    return std::string("|u1");
  if (auto i = dyn_cast<IntegerType>(element)) {
    // Signless bytes are raw data (fp4x2, e8m0): uint8, as elsewhere here.
    bool isUnsigned = i.isUnsigned() || (i.isSignless() && i.getWidth() == 8);
    switch (i.getWidth()) {
    case 8:
      return std::string(isUnsigned ? "|u1" : "|i1");
    case 16:
      return std::string(isUnsigned ? "<u2" : "<i2");
    case 32:
      return std::string(isUnsigned ? "<u4" : "<i4");
    case 64:
      return std::string(isUnsigned ? "<u8" : "<i8");
    default:
      break;
    }
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  element.print(os);
  return fail(
      "element type " + text +
      " has no .npy dtype (bf16, f16, f32, f64, index, fp8 as bytes and 8 "
      "to 64-bit integers are passed)");
}

namespace {
/// Descriptor words of one ranked memref.
struct Descriptor {
  std::vector<int64_t> words;
  void *pointer() { return words.data(); }
};
} // namespace

/// An argument the entry takes by value (an integer, index or float).
static bool isPassedByValue(Type t) {
  return isa<IntegerType, IndexType, FloatType>(t);
}

static Descriptor describe(HostMemRef &m) {
  size_t rank = m.shape().size();
  Descriptor d;
  d.words.assign(3 + 2 * rank, 0);
  auto p = reinterpret_cast<intptr_t>(m.data());
  d.words[0] = p;
  d.words[1] = p;
  int64_t stride = 1;
  for (size_t i = rank; i-- > 0;) {
    d.words[3 + i] = m.shape()[i];
    d.words[3 + rank + i] = stride;
    stride *= m.shape()[i];
  }
  return d;
}

/// Copies a returned memref (any strides) into a new HostMemRef.
static HostMemRef gather(const int64_t *words, size_t rank,
                         const std::string &dtype) {
  std::vector<int64_t> shape(words + 3, words + 3 + rank);
  const int64_t *strides = words + 3 + rank;
  HostMemRef out(dtype, shape);
  size_t item = llvm::cantFail(rt::npyItemSize(dtype));
  auto *base = reinterpret_cast<const uint8_t *>(words[1]) + words[2] * item;
  std::vector<int64_t> index(rank, 0);
  size_t count = out.size() / item;
  for (size_t n = 0; n < count; ++n) {
    int64_t offset = 0;
    for (size_t i = 0; i < rank; ++i)
      offset += index[i] * strides[i];
    std::memcpy(out.data() + n * item, base + offset * int64_t(item), item);
    for (size_t i = rank; i-- > 0;) {
      if (++index[i] < shape[i])
        break;
      index[i] = 0;
    }
  }
  return out;
}

Expected<JitCallResult>
mlir::fp4::callWithJit(ModuleOp module, func::FuncOp func,
                       std::vector<HostMemRef> &args, const RunOptions &options,
                       llvm::raw_ostream &log, llvm::StringRef label) {
  FunctionType type = func.getFunctionType();
  std::string name = func.getName().str();
  if (type.getNumInputs() != args.size())
    return fail(llvm::formatv("@{0} takes {1} arguments, {2} were given", name,
                              type.getNumInputs(), args.size()));
  for (auto [i, t] : llvm::enumerate(type.getInputs())) {
    // A scalar (an epilogue's alpha, say) is passed by value: a 0-d array.
    if (isPassedByValue(t)) {
      if (!args[i].shape().empty())
        return fail(llvm::formatv("argument #{0} of @{1} is a scalar {2}, "
                                  "the input has rank {3}",
                                  i, name, t, args[i].shape().size()));
      continue;
    }
    auto memref = dyn_cast<MemRefType>(t);
    if (!memref || !memref.getLayout().isIdentity())
      return fail(llvm::formatv("argument #{0} of @{1} is not a memref with "
                                "the identity layout: fp4-run passes those "
                                "only",
                                i, name));
    if (memref.getRank() != int64_t(args[i].shape().size()))
      return fail(llvm::formatv("argument #{0} of @{1} has rank {2}, the "
                                "input has {3}",
                                i, name, memref.getRank(),
                                args[i].shape().size()));
  }
  std::vector<std::pair<size_t, std::string>> resultTypes; // rank, dtype
  for (auto [i, t] : llvm::enumerate(type.getResults())) {
    auto memref = dyn_cast<MemRefType>(t);
    if (!memref)
      return fail(
          llvm::formatv("result #{0} of @{1} is not a memref", i, name));
    auto dtype = npyDtypeOf(memref.getElementType());
    if (!dtype)
      return dtype.takeError();
    resultTypes.emplace_back(memref.getRank(), *dtype);
  }

  // The code objects by name, for the runtime's messages (the lowering
  // turns the gpu.binary ops into globals), each with the device IR of its
  // fp4.device_ir property: the emulator runs the module as written (a
  // test may have edited that IR), not the copy inside the code object.
  struct Binary {
    std::string bytes, name, deviceIR;
  };
  std::vector<Binary> binaries;
  for (auto binary : module.getOps<gpu::BinaryOp>())
    for (Attribute a : binary.getObjects())
      if (auto object = dyn_cast<gpu::ObjectAttr>(a)) {
        std::string ir;
        if (DictionaryAttr props = object.getProperties())
          if (auto s = props.getAs<StringAttr>("fp4.device_ir"))
            ir = s.getValue().str();
        binaries.push_back({object.getObject().getValue().str(),
                            binary.getName().str(), std::move(ir)});
      }

  KernelArgConvention convention = getKernelArgConvention(module);
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(module.getContext()));
  // Every launch against its code object before anything runs, then the
  // host lowering.
  std::string diagnostics;
  {
    ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &d) {
      llvm::raw_string_ostream os(diagnostics);
      if (auto file = d.getLocation()->findInstanceOf<FileLineColLoc>())
        os << file.getFilename().getValue() << ":" << file.getLine() << ":"
           << file.getColumn();
      else
        os << d.getLocation();
      os << ": " << d << "\n";
      return success();
    });
    if (failed(verifyLaunches(module, options.device.chip)))
      return fail(llvm::StringRef(diagnostics).rtrim());
    if (failed(lowerHostToLLVM(module)))
      return fail("cannot lower the host code to LLVM: " +
                  llvm::StringRef(diagnostics).rtrim());
  }

  rgpu::RuntimeOptions runtime;
  runtime.device = options.device;
  runtime.errorMode = rgpu::ErrorMode::Record;
  runtime.fillAllocations = true;
  rgpu::configure(runtime);
  for (const Binary &b : binaries)
    rgpu::nameCodeObject(b.bytes.data(), b.bytes.size(), b.name, b.deviceIR);
  JitOptions jit;
  // printMemref* and memrefCopy, which host code may call.
  jit.sharedLibs = {mlirRunnerUtilsDir() + "/libmlir_c_runner_utils.so",
                    mlirRunnerUtilsDir() + "/libmlir_runner_utils.so"};
  auto engine = createExecutionEngine(module, jit);
  if (!engine)
    return fail("cannot JIT-compile the module: " +
                llvm::toString(engine.takeError()));

  std::vector<Descriptor> argDescriptors;
  for (HostMemRef &arg : args)
    argDescriptors.push_back(describe(arg));
  // The C wrapper takes a scalar by value: its packed slot points at the
  // value itself, a memref's at the pointer to its descriptor.
  size_t resultWords = 0;
  for (auto &[rank, dtype] : resultTypes)
    resultWords += 3 + 2 * rank;
  std::vector<int64_t> resultBuffer(std::max<size_t>(resultWords, 1));
  std::vector<void *> pointers, packed;
  void *resultPointer = resultBuffer.data();
  for (Descriptor &d : argDescriptors)
    pointers.push_back(d.pointer());
  if (!resultTypes.empty())
    packed.push_back(&resultPointer);
  for (auto [i, p] : llvm::enumerate(pointers))
    packed.push_back(isPassedByValue(type.getInput(i))
                         ? static_cast<void *>(args[i].data())
                         : static_cast<void *>(&p));

  llvm::DenseSet<intptr_t> inputs;
  for (HostMemRef &arg : args)
    inputs.insert(reinterpret_cast<intptr_t>(arg.data()));
  // What the program allocated for a result is the caller's to free.
  auto freeResults = [&] {
    llvm::DenseSet<intptr_t> freed;
    size_t at = 0;
    for (auto &[rank, dtype] : resultTypes) {
      intptr_t allocated = resultBuffer[at];
      if (allocated && !inputs.count(allocated) &&
          freed.insert(allocated).second)
        rgpu::freeHost(reinterpret_cast<void *>(allocated));
      at += 3 + 2 * rank;
    }
  };
  std::vector<rgpu::LaunchRecord> launches;
  for (unsigned i = 0, e = std::max(1u, options.repeat); i < e; ++i) {
    if (i > 0)
      freeResults();
    if (Error error = (*engine)->invokePacked("_mlir_ciface_" + name, packed))
      return fail("cannot call @" + name + ": " +
                  llvm::toString(std::move(error)));
    launches = rgpu::takeLaunches();
    if (std::optional<std::string> failure = rgpu::takeError())
      return fail(*failure);
  }
  std::string device = rgpu::deviceDescription();
  log << "fp4-run: " << label << " on "
      << (device.empty() ? std::string("no device (no kernel was launched)")
                         : device)
      << "\n";
  if (std::string why = rgpu::deviceFallbackReason();
      !why.empty() && options.device.kind == rt::DeviceKind::Auto)
    log << "fp4-run: no GPU used: " << why << "\n";
  log << "fp4-run: host code through the JIT, memref kernel arguments as "
      << (convention == KernelArgConvention::BarePointers
              ? "bare pointers (the module has fp4.bare_pointer_kernels)"
              : "descriptors")
      << "\n";
  for (const rgpu::LaunchRecord &l : launches) {
    log << llvm::formatv("launch {0}: grid {1}x{2}x{3}, block {4}: {5:f3} ms",
                         l.kernel, l.grid.x, l.grid.y, l.grid.z, l.block.x,
                         l.timing.milliseconds);
    if (l.timing.waveInstructions || l.timing.mfmaOps)
      log << llvm::formatv(" (emulated: {0} wave instructions, {1} MFMAs)",
                           l.timing.waveInstructions, l.timing.mfmaOps);
    log << "\n";
  }

  JitCallResult result;
  for (const rgpu::LaunchRecord &l : launches)
    result.launches.push_back(
        {l.kernel, rt::LaunchConfig{l.grid, l.block, l.dynamicLdsBytes},
         l.timing});
  size_t at = 0;
  for (auto &[rank, dtype] : resultTypes) {
    result.results.push_back(gather(resultBuffer.data() + at, rank, dtype));
    at += 3 + 2 * rank;
  }
  freeResults();
  return result;
}
