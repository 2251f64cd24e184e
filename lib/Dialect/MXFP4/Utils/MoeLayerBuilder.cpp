//===- MoeLayerBuilder.cpp - the MXFP4 MoE layer as a function --*- C++ -*-===//

#include "fp4/Dialect/MXFP4/Utils/MoeLayerBuilder.h"

#include "fp4/Dialect/MXFP4/IR/MXFP4.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::fp4::mxfp4;

/// The arguments' fp4.arg roles, in order: the task's input names (the
/// result's is "output").
static constexpr llvm::StringLiteral kRoles[] = {
    "hidden_states", "gate_up_weight",    "gate_up_weight_scale",
    "down_weight",   "down_weight_scale", "topk_weights",
    "topk_ids"};

int64_t mlir::fp4::mxfp4::defaultMoeBlockM(int64_t tokens, int64_t experts,
                                           int64_t topk) {
  // In doubles: the sizes are not checked yet.
  double pairs = double(tokens) * double(topk);
  double busy = std::max(1.0, std::min(double(experts), pairs));
  return pairs < 32 * busy ? 16 : 32;
}

/// The spec's block_m, chosen where it names none.
static int64_t blockMOf(const MoeLayerSpec &s) {
  return s.blockM ? *s.blockM : defaultMoeBlockM(s.tokens, s.experts, s.topk);
}

llvm::Error mlir::fp4::mxfp4::checkMoeLayerProblem(const MoeLayerSpec &s) {
  int64_t blockM = blockMOf(s);
  auto fail = [](const llvm::Twine &message) {
    return llvm::createStringError(message.str());
  };
  if (s.tokens < 1 || s.experts < 1 || s.topk < 1 || s.dHidden < 1 ||
      s.dExpert < 1)
    return fail(llvm::formatv("tokens, experts, top-k, d_hidden and d_expert "
                              "must be positive, got {0}, {1}, {2}, {3}, {4}",
                              s.tokens, s.experts, s.topk, s.dHidden,
                              s.dExpert));
  if (s.topk > s.experts)
    return fail(llvm::formatv("top-k ({0}) cannot exceed the experts ({1})",
                              s.topk, s.experts));
  if (s.dHidden % kBlockSize || s.dExpert % kBlockSize)
    return fail(llvm::formatv("d_hidden and d_expert must be multiples of 32 "
                              "(one E8M0 scale per 32 values), got {0} and "
                              "{1}",
                              s.dHidden, s.dExpert));
  if (blockM < 16 || blockM > 256 || blockM % 16)
    return fail("block_m must be a multiple of 16 in [16, 256], got " +
                llvm::Twine(blockM));
  constexpr int64_t kMaxDim = int64_t(1) << 31;
  if (s.tokens > kMaxDim / s.topk || s.dHidden > kMaxDim ||
      s.dExpert > kMaxDim / 2 ||
      !getMoeAlignSizes(s.tokens * s.topk, s.experts, blockM))
    return fail("the layer's sorted rows do not fit an i32 row index");
  return llvm::Error::success();
}

namespace {
/// The pieces of the program, built in the order docs/design.md tells them.
struct LayerBuilder {
  OpBuilder &b;
  Location loc;
  const MoeLayerSpec &spec;
  Type bf16 = b.getBF16Type(), f32 = b.getF32Type(),
       f4 = b.getType<Float4E2M1FNType>(),
       e8m0 = b.getType<Float8E8M0FNUType>();

  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }

  /// Values and scales of `input` ([rows, K]), rounded with ties away from
  /// zero as aiter's fused MoE quantizer does.
  QuantizeOp quantize(Value input) {
    auto type = cast<RankedTensorType>(input.getType());
    int64_t rows = type.getDimSize(0), k = type.getDimSize(1);
    return QuantizeOp::create(b, loc, tensor({rows, k}, f4),
                              tensor({rows, k / kBlockSize}, e8m0), input,
                              ScaleMode::even, Ties::away);
  }

  /// Experts' rows [offset, offset + rows) of a 3-D weight or its scales.
  Value expertRows(Value weight, int64_t offset, int64_t rows) {
    auto type = cast<RankedTensorType>(weight.getType());
    SmallVector<int64_t> sizes = {type.getDimSize(0), rows, type.getDimSize(2)};
    return tensor::ExtractSliceOp::create(
        b, loc, tensor(sizes, type.getElementType()), weight, ValueRange{},
        ValueRange{}, ValueRange{}, b.getDenseI64ArrayAttr({0, offset, 0}),
        b.getDenseI64ArrayAttr(sizes), b.getDenseI64ArrayAttr({1, 1, 1}));
  }

  /// An elementwise linalg.generic over 2-D operands into a new tensor.
  Value
  elementwise(ValueRange inputs, RankedTensorType resultType,
              function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
    Value init = tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                         resultType.getElementType());
    AffineMap id = b.getMultiDimIdentityMap(2);
    SmallVector<AffineMap> maps(inputs.size() + 1, id);
    SmallVector<utils::IteratorType> iterators(2,
                                               utils::IteratorType::parallel);
    return linalg::GenericOp::create(
               b, loc, resultType, inputs, init, maps, iterators,
               [&](OpBuilder &nb, Location nloc, ValueRange args) {
                 linalg::YieldOp::create(nb, nloc,
                                         body(nb, nloc, args.drop_back()));
               })
        .getResult(0);
  }
};
} // namespace

func::FuncOp
mlir::fp4::mxfp4::buildMoeLayerProblem(OpBuilder &b, Location loc,
                                       const MoeLayerSpec &requested) {
  MoeLayerSpec spec = requested;
  spec.blockM = blockMOf(requested);
  LayerBuilder l{b, loc, spec};
  int64_t m = spec.tokens, e = spec.experts, k = spec.topk, h = spec.dHidden,
          d = spec.dExpert;
  auto [rows, blocks] = *getMoeAlignSizes(m * k, e, *spec.blockM);
  SmallVector<Type> args = {l.tensor({m, h}, l.bf16),
                            l.tensor({e, 2 * d, h}, l.f4),
                            l.tensor({e, 2 * d, h / kBlockSize}, l.e8m0),
                            l.tensor({e, h, d}, l.f4),
                            l.tensor({e, h, d / kBlockSize}, l.e8m0),
                            l.tensor({m, k}, l.f32),
                            l.tensor({m, k}, b.getI32Type())};
  auto outType = l.tensor({m, h}, l.bf16);
  std::string name = spec.name.empty() ? "moe_layer" : spec.name;
  auto func =
      func::FuncOp::create(b, loc, name, b.getFunctionType(args, {outType}));
  for (auto [i, role] : llvm::enumerate(kRoles))
    func.setArgAttr(i, "fp4.arg", b.getStringAttr(role));
  func.setResultAttr(0, "fp4.arg", b.getStringAttr("output"));

  OpBuilder::InsertionGuard guard(b);
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value x = body->getArgument(0), gateUp = body->getArgument(1),
        gateUpScales = body->getArgument(2), down = body->getArgument(3),
        downScales = body->getArgument(4), weights = body->getArgument(5),
        ids = body->getArgument(6);
  auto i32 = b.getI32Type();

  // The routing: pairs sorted by expert into row blocks of block_m.
  auto align = MoeAlignOp::create(
      b, loc, l.tensor({rows}, i32), l.tensor({blocks}, i32),
      l.tensor({1}, i32), l.tensor({m, k}, i32), ids, b.getI64IntegerAttr(e),
      b.getI64IntegerAttr(*spec.blockM));

  // Stage 1: gate and up over each pair's token row, SwiGLU, h quantized.
  QuantizeOp xq = l.quantize(x);
  auto stage1 = [&](int64_t offset) {
    return GroupedMatmulOp::create(
        b, loc, l.tensor({rows, d}, l.f32), xq.getValues(), xq.getScales(),
        align.getSorted(), align.getBlockExpert(),
        l.expertRows(gateUp, offset, d), l.expertRows(gateUpScales, offset, d),
        Value(), Value(), b.getI64IntegerAttr(k),
        b.getI64IntegerAttr(*spec.blockM), GemmConfigAttr());
  };
  Value gate = stage1(0), up = stage1(d);
  Value hidden = l.elementwise(
      {gate, up}, l.tensor({rows, d}, l.bf16),
      [&](OpBuilder &nb, Location nl, ValueRange v) -> Value {
        // SiLU(g) = g / (1 + exp(-g)), times up; h is rounded to bf16
        // before its quantization, as the task's bf16 reference has it.
        Value one = arith::ConstantOp::create(nb, nl, nb.getF32FloatAttr(1));
        Value exp =
            math::ExpOp::create(nb, nl, arith::NegFOp::create(nb, nl, v[0]));
        Value silu = arith::DivFOp::create(
            nb, nl, v[0], arith::AddFOp::create(nb, nl, one, exp));
        Value product = arith::MulFOp::create(nb, nl, silu, v[1]);
        return arith::TruncFOp::create(nb, nl, l.bf16, product);
      });
  QuantizeOp hq = l.quantize(hidden);

  // Stage 2 and the combine: each row added, weighted, into its token's
  // row of the bf16 output (packed bf16 atomics, as aiter's stage 2 adds).
  Value out = GroupedMatmulOp::create(
      b, loc, outType, hq.getValues(), hq.getScales(), Value(),
      align.getBlockExpert(), down, downScales, align.getSorted(), weights,
      IntegerAttr(), b.getI64IntegerAttr(*spec.blockM), GemmConfigAttr());
  func::ReturnOp::create(b, loc, out);
  return func;
}
