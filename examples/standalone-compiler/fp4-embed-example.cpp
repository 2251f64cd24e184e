//===- fp4-embed-example.cpp - embed fp4-mlir in a C++ compiler -*- C++ -*-===//
//
// What a host compiler does to use fp4-mlir: register the dialects and the
// pipeline, build an mxfp4 GEMM with the dialect's builders, run
// `fp4-lower-to-hsaco` (parsed from text, as it was registered), and take
// the HSACO out of the gpu.binary ops.
//
//   fp4-embed-example [M N K]     (default: 16 2112 7168)
//
//===----------------------------------------------------------------------===//

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Registration/Registration.h"
#include "fp4/Runtime/CodeObject.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
namespace mxfp4 = mlir::fp4::mxfp4;

/// C[m,n] = quantize(A)[m,k] x B[n,k]^T with a pre-shuffled B, bf16 C.
static func::FuncOp buildGemm(OpBuilder &b, Location loc, int64_t m, int64_t n,
                              int64_t k) {
  Type bf16 = b.getBF16Type(), f4 = b.getType<Float4E2M1FNType>(),
       e8m0 = b.getType<Float8E8M0FNUType>();
  auto t = [](ArrayRef<int64_t> shape, Type e) {
    return RankedTensorType::get(shape, e);
  };
  auto aQ = t({m, k}, f4), aS = t({m, k / 32}, e8m0), c = t({m, n}, bf16);
  Type args[] = {t({m, k}, bf16), t({n, k}, f4),
                 t(mxfp4::getPreshuffledScalesShape(n, k), e8m0)};
  auto func =
      func::FuncOp::create(b, loc, "gemm", b.getFunctionType(args, {c}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  auto q = mxfp4::QuantizeOp::create(
      b, loc, aQ, aS, body->getArgument(0),
      mxfp4::ScaleModeAttr::get(b.getContext(), mxfp4::ScaleMode::even));
  auto mm = mxfp4::ScaledMatmulOp::create(
      b, loc, c, q.getValues(), q.getScales(), body->getArgument(1),
      body->getArgument(2),
      mxfp4::LayoutAttr::get(b.getContext(), mxfp4::Layout::preshuffled),
      mxfp4::GemmConfigAttr());
  func::ReturnOp::create(b, loc, mm.getResult());
  return func;
}

int main(int argc, char **argv) {
  int64_t m = 16, n = 2112, k = 7168;
  if (argc == 4) {
    m = std::atoll(argv[1]);
    n = std::atoll(argv[2]);
    k = std::atoll(argv[3]);
  }
  if (argc != 1 && argc != 4) {
    llvm::errs() << "usage: fp4-embed-example [M N K]\n";
    return 2;
  }
  if (m < 1 || n < 1 || n % 16 || k < 32 || k % 32) {
    llvm::errs() << "need M >= 1, N a multiple of 16, K a multiple of 32\n";
    return 2;
  }

  DialectRegistry registry;
  mlir::fp4::registerFp4Dialects(registry);
  mlir::fp4::registerAllFp4Passes();
  MLIRContext context(registry);
  context.loadDialect<mxfp4::MXFP4Dialect, func::FuncDialect>();

  OpBuilder b(&context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(b.getUnknownLoc());
  b.setInsertionPointToEnd(module->getBody());
  buildGemm(b, b.getUnknownLoc(), m, n, k);
  if (failed(verify(*module)))
    return 1;

  // The pipeline as registered, by name: this overload of
  // parsePassPipeline takes the elements to add to `pm`, without an anchor.
  auto pm = PassManager::on<ModuleOp>(&context);
  if (failed(parsePassPipeline("fp4-lower-to-hsaco{chip=gfx950}", pm,
                               llvm::errs())))
    return 1;
  if (failed(pm.run(*module)))
    return 1;

  llvm::outs() << "compiled " << m << "x" << n << "x" << k << " GEMM\n";
  int binaries = 0;
  for (auto binary : module->getOps<gpu::BinaryOp>()) {
    auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
    StringRef hsaco = object.getObject().getValue();
    auto co = ::fp4::runtime::readCodeObject(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(hsaco.data()), hsaco.size()));
    if (!co) {
      llvm::errs() << llvm::toString(co.takeError()) << "\n";
      return 1;
    }
    ++binaries;
    llvm::outs() << "gpu.binary @" << binary.getName() << ": HSACO "
                 << hsaco.size() << " bytes for " << co->processor << "\n";
    for (const auto &kernel : co->kernels)
      llvm::outs() << "  kernel " << kernel.name << ": " << kernel.vgprCount
                   << " VGPRs, " << kernel.sgprCount << " SGPRs, "
                   << kernel.groupSegmentFixedSize << " B LDS\n";
  }
  if (binaries == 0) {
    llvm::errs() << "the pipeline produced no gpu.binary\n";
    return 1;
  }
  return 0;
}
