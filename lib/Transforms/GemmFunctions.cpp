//===- GemmFunctions.cpp - the GEMM problem ABI -----------------*- C++ -*-===//
//
// A function that is one GEMM (what fp4-gen prints, what the GPU MODE
// problem is) is described for the tools that run it (fp4.gemm, fp4.arg
// roles), and after bufferization takes C as its last argument: the
// problem ABI of docs/runtime.md. Every other function keeps the signature
// bufferization gives it.
//
//===----------------------------------------------------------------------===//

#include "fp4/Transforms/Passes.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"
#include "fp4/Dialect/MXFP4/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::fp4 {
#define GEN_PASS_DEF_DESCRIBEGEMMS
#define GEN_PASS_DEF_GEMMRESULTSTOOUTPARAMS
#include "fp4/Transforms/Passes.h.inc"
} // namespace mlir::fp4

using namespace mlir;
using namespace mlir::fp4;

namespace {

constexpr StringLiteral kGemmAttr = "fp4.gemm", kRoleAttr = "fp4.arg";

/// Describes `func` (an mxfp4::isGemmFunction); fails with a diagnostic
/// when its operands are not distinct function arguments.
LogicalResult describeGemm(func::FuncOp func, StringRef aQuantizer) {
  Block &body = func.getBody().front();
  auto matmul = cast<func::ReturnOp>(body.getTerminator())
                    .getOperand(0)
                    .getDefiningOp<mxfp4::ScaledMatmulOp>();
  auto quantize = matmul.getA().getDefiningOp<mxfp4::QuantizeOp>();
  if (!matmul.getConfigAttr())
    return matmul.emitOpError("has no #mxfp4.config; run "
                              "mxfp4-select-config first");
  SmallVector<StringRef> roles(func.getNumArguments());
  // A function that reads an operand twice, or something computed, is not
  // the problem's GEMM: it is compiled, just not described.
  auto assign = [&](Value v, StringRef role) {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &body || !roles[arg.getArgNumber()].empty())
      return false;
    roles[arg.getArgNumber()] = role;
    return true;
  };
  bool described = (quantize ? assign(quantize.getInput(), "a")
                             : assign(matmul.getA(), "a") &&
                                   assign(matmul.getAScales(), "a_scales")) &&
                   (!quantize || quantize.getScales() == matmul.getAScales()) &&
                   assign(matmul.getB(), "b") &&
                   assign(matmul.getBScales(), "b_scales") &&
                   llvm::none_of(roles, [](StringRef r) { return r.empty(); });
  if (!described)
    return success();
  Builder b(func.getContext());
  for (auto [i, role] : llvm::enumerate(roles))
    func.setArgAttr(i, kRoleAttr, b.getStringAttr(role));
  func.setResultAttr(0, kRoleAttr, b.getStringAttr("c"));
  NamedAttrList info;
  info.append("m", b.getI64IntegerAttr(matmul.getM()));
  info.append("n", b.getI64IntegerAttr(matmul.getN()));
  info.append("k", b.getI64IntegerAttr(matmul.getK()));
  info.append("b_layout",
              b.getStringAttr(mxfp4::stringifyLayout(matmul.getBLayout())));
  info.append("scale_mode", b.getStringAttr(mxfp4::stringifyScaleMode(
                                quantize ? quantize.getScaleMode()
                                         : mxfp4::ScaleMode::even)));
  info.append("quantize_a", b.getBoolAttr(static_cast<bool>(quantize)));
  if (quantize && quantize.getTies() != mxfp4::Ties::even)
    info.append("ties",
                b.getStringAttr(mxfp4::stringifyTies(quantize.getTies())));
  info.append("a_quantizer", b.getStringAttr(aQuantizer));
  info.append("config", matmul.getConfigAttr());
  // The MX formats of A (given, or what the quantize makes) and B, where
  // not the problem's fp4.
  for (auto [key, values] : {std::pair{"a_format", matmul.getA()},
                             std::pair{"b_format", matmul.getB()}}) {
    Type format = values.getType().getElementType();
    if (!isa<Float4E2M1FNType>(format)) {
      std::string name;
      llvm::raw_string_ostream os(name);
      format.print(os);
      info.append(key, b.getStringAttr(name));
    }
  }
  func->setAttr(kGemmAttr, info.getDictionary(func.getContext()));
  return success();
}

struct DescribeGemmsPass
    : public fp4::impl::DescribeGemmsBase<DescribeGemmsPass> {
  using Base::Base;
  void runOnOperation() override {
    // The quantizer mxfp4-select-config recorded, else the option.
    StringRef quantizer = mxfp4::getAQuantizer(getOperation(), aQuantizer);
    if (quantizer != "exact" && quantizer != "hardware") {
      getOperation().emitError() << "a-quantizer must be exact or hardware, "
                                    "got '"
                                 << quantizer << "'";
      return signalPassFailure();
    }
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (mxfp4::isGemmFunction(func) && failed(describeGemm(func, quantizer)))
        return signalPassFailure();
  }
};

struct GemmResultsToOutParamsPass
    : public fp4::impl::GemmResultsToOutParamsBase<GemmResultsToOutParamsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bufferization::BufferResultsToOutParamsOpts options;
    options.filterFn = [](func::FuncOp *func) {
      return (*func)->hasAttr(kGemmAttr);
    };
    // The kernel writes the caller's buffer: no copy on the host.
    options.hoistStaticAllocs = true;
    // GEMM functions are the entry points tools call: public.
    options.modifyPublicFunctions = true;
    SmallVector<std::pair<func::FuncOp, DictionaryAttr>> described;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(kGemmAttr) && func.getNumResults() == 1)
        described.emplace_back(func, func.getResultAttrDict(0));
    if (failed(bufferization::promoteBufferResultsToOutParams(module, options)))
      return signalPassFailure();
    // C keeps its role as the new last argument.
    for (auto [func, attrs] : described) {
      unsigned c = func.getNumArguments() - 1;
      if (attrs)
        func.setArgAttrs(c, attrs);
      func.setArgAttr(c, kRoleAttr, StringAttr::get(&getContext(), "c"));
    }
  }
};

} // namespace
