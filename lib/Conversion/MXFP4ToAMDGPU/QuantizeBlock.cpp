//===- QuantizeBlock.cpp - in-register MXFP4 quantization -------*- C++ -*-===//

#include "QuantizeBlock.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::fp4;

namespace {
/// One E2M1 decision threshold `c = 1.mantissa * 2^exponent`, and whether a
/// magnitude equal to it rounds up (the tie goes to the even code above).
struct Threshold {
  int32_t mantissaBits; // f32 mantissa field of c
  int32_t exponent;     // unbiased exponent of c
  bool tieRoundsUp;
};
// 0.25 0.75 1.25 1.75 2.5 3.5 5: the midpoints between 0 0.5 1 1.5 2 3 4 6.
constexpr Threshold kThresholds[] = {
    {0x000000, -2, false}, {0x400000, -1, true}, {0x200000, 0, false},
    {0x600000, 0, true},   {0x200000, 1, false}, {0x600000, 1, true},
    {0x200000, 2, false}};
} // namespace

static Value i32Const(OpBuilder &b, Location loc, int32_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
}

/// f32 bit pattern of `t * 2^scale` for an i32 `scale` in [-127, 127]: a
/// normal number, a subnormal (right shift of the implicit bit, exact since
/// the thresholds have at most three significant bits and the shift is at
/// most 3), or +Inf when it is beyond the f32 range.
static Value thresholdBits(OpBuilder &b, Location loc, Value scale,
                           const Threshold &t) {
  Value biased =
      arith::AddIOp::create(b, loc, scale, i32Const(b, loc, t.exponent + 127));
  Value normal = arith::OrIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, biased, i32Const(b, loc, 23)),
      i32Const(b, loc, t.mantissaBits));
  Value shift =
      arith::SubIOp::create(b, loc, i32Const(b, loc, 1), biased); // 1 - E
  Value subnormal = arith::ShRUIOp::create(
      b, loc, i32Const(b, loc, 0x800000 | t.mantissaBits), shift);
  Value isSubnormal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle,
                                            biased, i32Const(b, loc, 0));
  Value overflows = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                          biased, i32Const(b, loc, 255));
  Value bits = arith::SelectOp::create(b, loc, isSubnormal, subnormal, normal);
  return arith::SelectOp::create(b, loc, overflows,
                                 i32Const(b, loc, 0x7F800000), bits);
}

/// Packs a vector of 4-bit codes (in i16 or i32 lanes) as fp4x2, element 2i
/// in the low nibble of byte i, and reinterprets it as E2M1 values.
static Value packCodes(OpBuilder &b, Location loc, Value codes) {
  auto type = cast<VectorType>(codes.getType());
  int64_t size = type.getNumElements();
  SmallVector<int64_t> evens, odds;
  for (int64_t i = 0; i < size; i += 2) {
    evens.push_back(i);
    odds.push_back(i + 1);
  }
  Value even = vector::ShuffleOp::create(b, loc, codes, codes, evens);
  Value odd = vector::ShuffleOp::create(b, loc, codes, codes, odds);
  auto half = VectorType::get({size / 2}, type.getElementType());
  Value four = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(half, b.getIntegerAttr(type.getElementType(), 4)));
  Value packed = arith::OrIOp::create(b, loc, even,
                                      arith::ShLIOp::create(b, loc, odd, four));
  Value bytes = arith::TruncIOp::create(
      b, loc, VectorType::get({size / 2}, b.getI8Type()), packed);
  return vector::BitCastOp::create(
      b, loc, VectorType::get({size}, b.getType<Float4E2M1FNType>()), bytes);
}

static Value emitExactCodes(OpBuilder &b, Location loc, Value bits,
                            Value magnitude, Value scale, Value nonFinite,
                            bool tiesAway);
static Value emitExactCodesBf16(OpBuilder &b, Location loc, Value block,
                                Value scale, Value nonFinite, bool tiesAway);

Value mlir::fp4::emitPackedScaledTrunc(OpBuilder &b, Location loc, Value block,
                                       Value scaleF32, Value nonFinite,
                                       Type format) {
  int64_t size = cast<VectorType>(block.getType()).getNumElements();
  // One dword holds 8 fp4 or 4 fp8 codes; each conversion fills a pair.
  int64_t perDword = 32 / format.getIntOrFloatBitWidth();
  auto dwordType = VectorType::get({perDword}, format);
  auto i32x1 = VectorType::get({1}, b.getI32Type());
  // The dwords are appended to `all` as they are made, then reinterpreted as
  // the block's codes.
  Value all;
  for (int64_t dword = 0; dword < size / perDword; ++dword) {
    Value packed;
    for (int64_t pair = 0; pair < perDword / 2; ++pair) {
      int64_t first = dword * perDword + pair * 2;
      Value two = vector::ShuffleOp::create(
          b, loc, block, block, ArrayRef<int64_t>{first, first + 1});
      packed = amdgpu::PackedScaledTruncOp::create(
          b, loc, dwordType, two, scaleF32, b.getI32IntegerAttr(pair), packed);
    }
    Value bits = vector::BitCastOp::create(b, loc, i32x1, packed);
    all = all ? vector::ShuffleOp::create(
                    b, loc, all, bits,
                    llvm::to_vector(llvm::seq<int64_t>(0, dword + 1)))
                    .getResult()
              : bits;
  }
  auto dwordsType = cast<VectorType>(all.getType());
  Value zeros = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(dwordsType, b.getI32IntegerAttr(0)));
  all = arith::SelectOp::create(b, loc, nonFinite, zeros, all);
  return vector::BitCastOp::create(b, loc, VectorType::get({size}, format),
                                   all);
}

/// The E2M1 codes of a block by gfx950's v_cvt_scalef32_pk_fp4_* (two
/// elements per instruction). The instruction divides by 2^(E-127), E the
/// exponent field of its f32 scale operand, and rounds to nearest even with
/// saturation whatever the MODE register says (docs/design.md). The operand
/// is the block's E8M0 byte shifted into that field, `E << 23` (E = 0 is
/// +0.0, which the instruction reads as 2^-127); `biased` is in [0, 254], so
/// E = 0xFF is never passed. A non-finite block (`nonFinite`) gets zero
/// codes, whatever the conversion made of its NaN or Inf, as in the exact
/// path and the reference library.
static Value emitHardwareCodes(OpBuilder &b, Location loc, Value block,
                               Value biased, Value nonFinite) {
  Value scaleBits = arith::ShLIOp::create(b, loc, biased, i32Const(b, loc, 23));
  Value scaleF32 = arith::BitcastOp::create(b, loc, b.getF32Type(), scaleBits);
  return emitPackedScaledTrunc(b, loc, block, scaleF32, nonFinite,
                               b.getType<Float4E2M1FNType>());
}

QuantizedBlock mlir::fp4::emitQuantizeBlock(OpBuilder &b, Location loc,
                                            Value block, mxfp4::ScaleMode mode,
                                            mxfp4::Ties ties,
                                            QuantizeMethod method,
                                            Type format) {
  if (!format)
    format = b.getType<Float4E2M1FNType>();
  bool tiesAway = ties == mxfp4::Ties::away;
  assert((!tiesAway || isa<Float4E2M1FNType>(format)) &&
         "ties = away is fp4 only (the verifiers say so)");
  int64_t emax = mxfp4::getMXFormatInfo(format).emax;
  auto blockType = cast<VectorType>(block.getType());
  int64_t size = blockType.getNumElements();
  auto f32Vec = VectorType::get({size}, b.getF32Type());
  auto i32Vec = VectorType::get({size}, b.getI32Type());
  auto splat = [&](int32_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(i32Vec, b.getI32IntegerAttr(v)));
  };

  // Widening bf16/f16 to f32 is exact, so the f32 bits carry the value.
  Value wide = blockType.getElementType().isF32()
                   ? block
                   : arith::ExtFOp::create(b, loc, f32Vec, block).getResult();
  Value bits = arith::BitcastOp::create(b, loc, i32Vec, wide);
  Value magnitude = arith::AndIOp::create(b, loc, bits, splat(0x7FFFFFFF));

  // Non-negative floats order like their bit patterns, NaN above Inf.
  Value amax = vector::ReductionOp::create(b, loc, vector::CombiningKind::MAXUI,
                                           magnitude);
  Value nonFinite = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                          amax, i32Const(b, loc, 0x7F800000));
  Value rounded = amax;
  if (mode == mxfp4::ScaleMode::even)
    rounded = arith::AddIOp::create(b, loc, amax, i32Const(b, loc, 0x200000));
  // floor(log2(amax_r)) - emax from the exponent field. A zero or
  // subnormal amax_r (field 0) clamps to -127; a field of 255 means the
  // rounding carried a finite amax to +Inf, whose log2 clamps to +127.
  Value field = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, rounded, i32Const(b, loc, 23)),
      i32Const(b, loc, 0xFF));
  Value fromField = arith::MaxSIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, field, i32Const(b, loc, 127 + emax)),
      i32Const(b, loc, -127));
  Value isInfField = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           field, i32Const(b, loc, 255));
  Value scale = arith::SelectOp::create(b, loc, isInfField,
                                        i32Const(b, loc, 127), fromField);

  // The E8M0 byte of a finite block, in [0, 254].
  Value biased = arith::AddIOp::create(b, loc, scale, i32Const(b, loc, 127));
  Value scaleByte = arith::SelectOp::create(b, loc, nonFinite,
                                            i32Const(b, loc, 0xFF), biased);
  scaleByte = arith::TruncIOp::create(b, loc, b.getI8Type(), scaleByte);

  if (!isa<Float4E2M1FNType>(format))
    return {method == QuantizeMethod::Hardware
                ? emitHardwareConversion(b, loc, block, biased, scale,
                                         nonFinite, format)
                : emitEncodeElements(b, loc, bits, scale, nonFinite, format),
            scaleByte};
  if (method == QuantizeMethod::Hardware && !tiesAway)
    return {emitHardwareCodes(b, loc, block, biased, nonFinite), scaleByte};
  if (blockType.getElementType().isBF16())
    return {emitExactCodesBf16(b, loc, block, scale, nonFinite, tiesAway),
            scaleByte};
  return {emitExactCodes(b, loc, bits, magnitude, scale, nonFinite, tiesAway),
          scaleByte};
}

/// emitExactCodes on bf16 bit patterns. A bf16 is the top half of its f32,
/// and every threshold times 2^scale has its significant bits in that half
/// (at most 3 of them, shifted right by at most 3 when subnormal), so the
/// comparisons can be made on 16 bits. They are made without compare masks:
/// for non-negative 15-bit values, `m > t` is the sign bit of `t - m` and
/// `m >= t` that of `t - 1 - m`. On gfx950 the 16-bit lanes pair up into
/// packed instructions (v_pk_sub_u16, v_pk_lshrrev_b16, v_pk_add_u16).
static Value emitExactCodesBf16(OpBuilder &b, Location loc, Value block,
                                Value scale, Value nonFinite, bool tiesAway) {
  auto blockType = cast<VectorType>(block.getType());
  int64_t size = blockType.getNumElements();
  auto i16Vec = VectorType::get({size}, b.getI16Type());
  auto splat = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(i16Vec, b.getI16IntegerAttr(v)));
  };
  Value bits = arith::BitcastOp::create(b, loc, i16Vec, block);
  Value magnitude = arith::AndIOp::create(b, loc, bits, splat(0x7FFF));
  Value fifteen = splat(15);
  Value code = splat(0);
  for (const Threshold &t : kThresholds) {
    Value t32 = thresholdBits(b, loc, scale, t);
    if (t.tieRoundsUp || tiesAway) // m >= t  <=>  m > t - 1
      t32 = arith::SubIOp::create(b, loc, t32, i32Const(b, loc, 1 << 16));
    Value t16 = arith::TruncIOp::create(
        b, loc, b.getI16Type(),
        arith::ShRUIOp::create(b, loc, t32, i32Const(b, loc, 16)));
    Value diff = arith::SubIOp::create(
        b, loc, vector::BroadcastOp::create(b, loc, i16Vec, t16), magnitude);
    code = arith::AddIOp::create(b, loc, code,
                                 arith::ShRUIOp::create(b, loc, diff, fifteen));
  }
  Value sign = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, splat(12)), splat(8));
  code = arith::OrIOp::create(b, loc, code, sign);
  code = arith::SelectOp::create(b, loc, nonFinite, splat(0), code);

  return packCodes(b, loc, code);
}

/// The E2M1 codes of a block by exact integer comparisons (see the header):
/// `bits` and `magnitude` are the elements' f32 bit patterns with and without
/// the sign, `scale` the block's i32 scale exponent.
static Value emitExactCodes(OpBuilder &b, Location loc, Value bits,
                            Value magnitude, Value scale, Value nonFinite,
                            bool tiesAway) {
  auto i32Vec = cast<VectorType>(bits.getType());
  auto splat = [&](int32_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(i32Vec, b.getI32IntegerAttr(v)));
  };
  // code = number of thresholds passed (0..7), then the sign in bit 3.
  Value code = splat(0);
  for (const Threshold &t : kThresholds) {
    Value tBits = vector::BroadcastOp::create(b, loc, i32Vec,
                                              thresholdBits(b, loc, scale, t));
    Value passed = arith::CmpIOp::create(b, loc,
                                         t.tieRoundsUp || tiesAway
                                             ? arith::CmpIPredicate::uge
                                             : arith::CmpIPredicate::ugt,
                                         magnitude, tBits);
    code = arith::AddIOp::create(
        b, loc, code, arith::ExtUIOp::create(b, loc, i32Vec, passed));
  }
  Value sign = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, splat(28)), splat(8));
  code = arith::OrIOp::create(b, loc, code, sign);
  code = arith::SelectOp::create(b, loc, nonFinite, splat(0), code);

  return packCodes(b, loc, code);
}

/// 32 float values (f32) of a block: its 16 fp4x2 bytes and scale byte.
/// E2M1 magnitude codes 1..7 are 0.5, 1, 1.5, 2, 3, 4, 6: code 1 is 0.5,
/// code c >= 2 is (1 + (c & 1) / 2) * 2^((c >> 1) - 1); bit 3 is the sign.
/// The scale byte s is 2^(s - 127) (s = 0 the subnormal 2^-127, 0xFF NaN);
/// every product is exact in f32 (a two-bit significand times a power of
/// two, no smaller than 2^-128).
/// The f32 factor 2^(s - 127) of an E8M0 scale byte (i8): 0 is the
/// subnormal 2^-127, 0xFF NaN.
static Value emitScaleFactor(OpBuilder &b, Location loc, Value scale) {
  auto i32 = b.getI32Type();
  auto c32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i32, v);
  };
  auto eq = [&](Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  };
  Value s = arith::ExtUIOp::create(b, loc, i32, scale);
  Value sBits = arith::ShLIOp::create(b, loc, s, c32(23));
  sBits =
      arith::SelectOp::create(b, loc, eq(s, c32(0)), c32(0x00400000), sBits);
  sBits =
      arith::SelectOp::create(b, loc, eq(s, c32(0xFF)), c32(0x7FC00000), sBits);
  return arith::BitcastOp::create(b, loc, b.getF32Type(), sBits);
}

Value mlir::fp4::emitDequantizeBlock(OpBuilder &b, Location loc, Value bytes,
                                     Value scale, Type format) {
  if (format && !isa<Float4E2M1FNType>(format)) {
    Value values = emitDecodeElements(b, loc, bytes, format);
    Value factor = vector::BroadcastOp::create(b, loc, values.getType(),
                                               emitScaleFactor(b, loc, scale));
    return arith::MulFOp::create(b, loc, values, factor);
  }
  struct {
    OpBuilder &b;
    Location loc;
    Value splat(VectorType t, int64_t v) {
      return arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(t, b.getIntegerAttr(t.getElementType(), v)));
    }
    Value eq(Value x, Value y) {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
    }
    Value select(Value c, Value x, Value y) {
      return arith::SelectOp::create(b, loc, c, x, y);
    }
  } e{b, loc};
  auto i32x16 = VectorType::get({mxfp4::kBlockSize / 2}, b.getI32Type());
  auto i32x32 = VectorType::get({mxfp4::kBlockSize}, b.getI32Type());
  Value wide = arith::ExtUIOp::create(b, loc, i32x16, bytes);
  Value lo = arith::AndIOp::create(b, loc, wide, e.splat(i32x16, 0xF));
  Value hi = arith::ShRUIOp::create(b, loc, wide, e.splat(i32x16, 4));
  // Element 2i is the low nibble of byte i.
  Value codes = vector::InterleaveOp::create(b, loc, lo, hi);
  Value mag = arith::AndIOp::create(b, loc, codes, e.splat(i32x32, 7));
  Value sign = arith::ShLIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, codes, e.splat(i32x32, 3)),
      e.splat(i32x32, 31));
  Value exponent = arith::ShLIOp::create(
      b, loc,
      arith::AddIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, mag, e.splat(i32x32, 1)),
          e.splat(i32x32, 126)),
      e.splat(i32x32, 23));
  Value mantissa = arith::ShLIOp::create(
      b, loc, arith::AndIOp::create(b, loc, mag, e.splat(i32x32, 1)),
      e.splat(i32x32, 22));
  Value bits = arith::OrIOp::create(b, loc, exponent, mantissa);
  bits = e.select(e.eq(mag, e.splat(i32x32, 1)), e.splat(i32x32, 0x3F000000),
                  bits);
  bits = e.select(e.eq(mag, e.splat(i32x32, 0)), e.splat(i32x32, 0), bits);
  bits = arith::OrIOp::create(b, loc, bits, sign);
  auto f32x32 = VectorType::get({mxfp4::kBlockSize}, b.getF32Type());
  Value values = arith::BitcastOp::create(b, loc, f32x32, bits);

  Value factor = vector::BroadcastOp::create(b, loc, f32x32,
                                             emitScaleFactor(b, loc, scale));
  return arith::MulFOp::create(b, loc, values, factor);
}
