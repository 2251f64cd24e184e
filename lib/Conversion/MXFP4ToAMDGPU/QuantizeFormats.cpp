//===- QuantizeFormats.cpp - MX element codes of any format -----*- C++ -*-===//
//
// The element encoding and decoding of the OCP MX formats other than E2M1
// (fp8 E4M3/E5M2, fp6 E2M3/E3M2; E2M1 has its own threshold code in
// QuantizeBlock.cpp), in integer arithmetic on 32 lanes, bit-exact with the
// reference library's encodeElement/decodeElement
// (docs/reference-numerics.md, "Other MX element formats"): round to
// nearest even, saturation to the largest finite code, the sign always
// kept.
//
//===----------------------------------------------------------------------===//

#include "QuantizeBlock.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::fp4;

namespace {
/// Terse i32 vector arithmetic on the 32 lanes of a block.
struct Lanes {
  OpBuilder &b;
  Location loc;
  VectorType type; // vector<32xi32>

  Value c(int64_t v) {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, b.getI32IntegerAttr(v)));
  }
  Value splat(Value scalar) {
    return vector::BroadcastOp::create(b, loc, type, scalar);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value band(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value shl(Value x, Value y) { return arith::ShLIOp::create(b, loc, x, y); }
  Value shr(Value x, Value y) { return arith::ShRUIOp::create(b, loc, x, y); }
  Value smax(Value x, Value y) { return arith::MaxSIOp::create(b, loc, x, y); }
  Value smin(Value x, Value y) { return arith::MinSIOp::create(b, loc, x, y); }
  Value umin(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
};
} // namespace

/// Packs 32 six-bit codes (i32 lanes) into 24 bytes, code i at bits
/// [6i, 6i + 6) of the little-endian stream: each 4 codes make 3 bytes.
static Value packSixBitCodes(OpBuilder &b, Location loc, Value codes) {
  auto gather = [&](int64_t first) {
    SmallVector<int64_t> idx;
    for (int64_t g = 0; g < 8; ++g)
      idx.push_back(4 * g + first);
    return vector::ShuffleOp::create(b, loc, codes, codes, idx).getResult();
  };
  auto i32x8 = VectorType::get({8}, b.getI32Type());
  Lanes l{b, loc, i32x8};
  // The 24-bit group of each 4 codes.
  Value group =
      l.bor(l.bor(gather(0), l.shl(gather(1), l.c(6))),
            l.bor(l.shl(gather(2), l.c(12)), l.shl(gather(3), l.c(18))));
  auto i8x8 = VectorType::get({8}, b.getI8Type());
  Value byte0 = arith::TruncIOp::create(b, loc, i8x8, group);
  Value byte1 = arith::TruncIOp::create(b, loc, i8x8, l.shr(group, l.c(8)));
  Value byte2 = arith::TruncIOp::create(b, loc, i8x8, l.shr(group, l.c(16)));
  // Interleave to byte0[g], byte1[g], byte2[g] for g = 0..7.
  Value b01 = vector::InterleaveOp::create(b, loc, byte0, byte1);
  SmallVector<int64_t> order;
  for (int64_t g = 0; g < 8; ++g) {
    order.push_back(2 * g);
    order.push_back(2 * g + 1);
    order.push_back(16 + g);
  }
  Value byte2Wide = vector::ShuffleOp::create(
      b, loc, byte2, byte2, llvm::to_vector(llvm::seq<int64_t>(0, 16)));
  return vector::ShuffleOp::create(b, loc, b01, byte2Wide, order);
}

Value mlir::fp4::emitEncodeElements(OpBuilder &b, Location loc, Value bits,
                                    Value scale, Value nonFinite, Type format) {
  mxfp4::MXFormatInfo f = mxfp4::getMXFormatInfo(format);
  auto i32Vec = cast<VectorType>(bits.getType());
  auto f32Vec = VectorType::get(i32Vec.getShape(), b.getF32Type());
  Lanes l{b, loc, i32Vec};
  using P = arith::CmpIPredicate;
  Value magnitude = l.band(bits, l.c(0x7FFFFFFF));
  Value field = l.shr(magnitude, l.c(23));
  Value mantissa = l.band(magnitude, l.c(0x7FFFFF));
  // The value as sig * 2^(t - 23), sig normalized to [2^23, 2^24): an f32
  // subnormal (field 0) is renormalized through its mantissa as an exact
  // f32 integer (uitofp of < 2^23), whose exponent field gives log2.
  Value asFloat = arith::BitcastOp::create(
      b, loc, i32Vec, arith::UIToFPOp::create(b, loc, f32Vec, mantissa));
  Value isSubnormal = l.cmp(P::eq, field, l.c(0));
  Value t = l.select(isSubnormal, l.sub(l.shr(asFloat, l.c(23)), l.c(276)),
                     l.sub(field, l.c(127)));
  Value sig =
      l.bor(l.select(isSubnormal, l.band(asFloat, l.c(0x7FFFFF)), mantissa),
            l.c(0x800000));
  sig = l.select(l.cmp(P::eq, magnitude, l.c(0)), l.c(0), sig);
  // v = |x| * 2^-scale has exponent e; the format's quantum there is
  // 2^(max(e, 1 - bias) - mbits), so n = RNE(sig >> r) counts quanta.
  Value e = l.sub(t, l.splat(scale));
  Value eClamped = l.smax(e, l.c(1 - f.bias));
  Value r = l.add(l.sub(eClamped, e), l.c(23 - f.mantissaBits));
  // Past 31 bits the result is 0 either way; shifts must stay below 32.
  r = l.umin(r, l.c(31));
  Value n = l.shr(sig, r);
  Value rest = l.band(sig, l.sub(l.shl(l.c(1), r), l.c(1)));
  Value half = l.shl(l.c(1), l.sub(r, l.c(1)));
  Value roundsUp = arith::OrIOp::create(
      b, loc, l.cmp(P::ugt, rest, half),
      arith::AndIOp::create(b, loc, l.cmp(P::eq, rest, half),
                            l.cmp(P::ne, l.band(n, l.c(1)), l.c(0))));
  n = l.add(n, arith::ExtUIOp::create(b, loc, i32Vec, roundsUp));
  // Subnormal and normal codes alike (a carry into the next binade, or
  // from the subnormals into the normals, is the next code), saturated.
  Value code =
      l.add(l.shl(l.add(eClamped, l.c(f.bias - 1)), l.c(f.mantissaBits)), n);
  code = l.smin(code, l.c(f.maxMagnitudeCode));
  Value sign = l.shl(l.shr(bits, l.c(31)), l.c(f.bits - 1));
  code = l.bor(code, sign);
  code = l.select(
      vector::BroadcastOp::create(
          b, loc, VectorType::get(i32Vec.getShape(), b.getI1Type()), nonFinite),
      l.c(0), code);

  int64_t size = i32Vec.getNumElements();
  auto valuesType = VectorType::get({size}, format);
  if (f.bits == 8) {
    Value bytes = arith::TruncIOp::create(
        b, loc, VectorType::get({size}, b.getI8Type()), code);
    return vector::BitCastOp::create(b, loc, valuesType, bytes);
  }
  assert(f.bits == 6 && size == 32 && "fp6 blocks of 32");
  return vector::BitCastOp::create(b, loc, valuesType,
                                   packSixBitCodes(b, loc, code));
}

/// The f32 bit pattern of the format's largest finite magnitude.
static int32_t largestBits(const mxfp4::MXFormatInfo &f) {
  float largest = float(f.largest());
  int32_t bits;
  std::memcpy(&bits, &largest, 4);
  return bits;
}

Value mlir::fp4::emitHardwareConversion(OpBuilder &b, Location loc, Value block,
                                        Value biased, Value scale,
                                        Value nonFinite, Type format) {
  mxfp4::MXFormatInfo f = mxfp4::getMXFormatInfo(format);
  auto blockType = cast<VectorType>(block.getType());
  int64_t size = blockType.getNumElements();
  auto f32Vec = VectorType::get({size}, b.getF32Type());
  auto i32 = b.getI32Type();
  auto c32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i32, v);
  };
  // In f32 (bf16 and f16 widen exactly): the instructions' f32 forms.
  Value x = blockType.getElementType().isF32()
                ? block
                : arith::ExtFOp::create(b, loc, f32Vec, block).getResult();
  // Clamped to +-largest * 2^scale, so that the conversion never meets a
  // magnitude beyond the format's largest finite value: the codes are then
  // the same whether it saturates or not (the floor rule leaves scaled
  // magnitudes up to 2^(emax+1)). The bound's exponent field is largest's
  // plus the scale, a normal f32 for every scale up to 127 - emax; above
  // (amax's bump carried to +Inf) amax / 2^scale is below 2: no bound.
  Value boundBits =
      arith::AddIOp::create(b, loc, c32(largestBits(f)),
                            arith::ShLIOp::create(b, loc, scale, c32(23)));
  Value unbounded = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                          scale, c32(127 - f.emax));
  boundBits =
      arith::SelectOp::create(b, loc, unbounded, c32(0x7F800000), boundBits);
  Value bound = vector::BroadcastOp::create(
      b, loc, f32Vec,
      arith::BitcastOp::create(b, loc, b.getF32Type(), boundBits));
  Value negBound = arith::NegFOp::create(b, loc, bound);
  x = arith::MinNumFOp::create(
      b, loc, arith::MaxNumFOp::create(b, loc, x, negBound), bound);
  // The scale operand: the block's E8M0 byte in an f32's exponent field
  // (byte 0 is +0.0, which the instructions read as 2^-127).
  Value scaleF32 = arith::BitcastOp::create(
      b, loc, b.getF32Type(), arith::ShLIOp::create(b, loc, biased, c32(23)));
  // v_cvt_scalef32_pk_{fp8,bf8}_f32: two values into half a dword.
  if (f.bits == 8)
    return emitPackedScaledTrunc(b, loc, x, scaleF32, nonFinite, format);
  // v_cvt_scalef32_2xpk16_{fp6,bf6}_f32: the whole block into 6 dwords.
  assert(f.bits == 6 && size == 32 && "fp6 blocks of 32");
  auto half = [&](int64_t first) {
    return vector::ShuffleOp::create(
        b, loc, x, x, llvm::to_vector(llvm::seq<int64_t>(first, first + 16)));
  };
  auto i32x6 = VectorType::get({6}, i32);
  Value codes;
  if (f.bias == 1)
    codes = ROCDL::CvtScaleF322xPk16Fp6F32Op::create(b, loc, i32x6, half(0),
                                                     half(16), scaleF32);
  else
    codes = ROCDL::CvtScaleF322xPk16Bf6F32Op::create(b, loc, i32x6, half(0),
                                                     half(16), scaleF32);
  Value zeros = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(i32x6, b.getI32IntegerAttr(0)));
  codes = arith::SelectOp::create(b, loc, nonFinite, zeros, codes);
  return vector::BitCastOp::create(b, loc, VectorType::get({size}, format),
                                   codes);
}

/// The 32 six-bit codes of 24 bytes (i32 lanes).
static Value unpackSixBitCodes(OpBuilder &b, Location loc, Value bytes) {
  auto i32x8 = VectorType::get({8}, b.getI32Type());
  Lanes l{b, loc, i32x8};
  auto byteOf = [&](int64_t k) {
    SmallVector<int64_t> idx;
    for (int64_t g = 0; g < 8; ++g)
      idx.push_back(3 * g + k);
    Value v = vector::ShuffleOp::create(b, loc, bytes, bytes, idx);
    return arith::ExtUIOp::create(b, loc, i32x8, v).getResult();
  };
  Value group = l.bor(
      byteOf(0), l.bor(l.shl(byteOf(1), l.c(8)), l.shl(byteOf(2), l.c(16))));
  SmallVector<Value> codes;
  for (int64_t j = 0; j < 4; ++j)
    codes.push_back(l.band(l.shr(group, l.c(6 * j)), l.c(0x3F)));
  // codes[j][g] is element 4g + j.
  Value c01 = vector::InterleaveOp::create(b, loc, codes[0], codes[1]);
  Value c23 = vector::InterleaveOp::create(b, loc, codes[2], codes[3]);
  SmallVector<int64_t> order;
  for (int64_t g = 0; g < 8; ++g)
    for (int64_t j : {2 * g, 2 * g + 1, 16 + 2 * g, 16 + 2 * g + 1})
      order.push_back(j);
  return vector::ShuffleOp::create(b, loc, c01, c23, order);
}

Value mlir::fp4::emitDecodeElements(OpBuilder &b, Location loc, Value storage,
                                    Type format) {
  mxfp4::MXFormatInfo f = mxfp4::getMXFormatInfo(format);
  auto storageType = cast<VectorType>(storage.getType());
  int64_t size = f.bits == 6 ? storageType.getNumElements() / 3 * 4
                             : storageType.getNumElements();
  auto i32Vec = VectorType::get({size}, b.getI32Type());
  auto f32Vec = VectorType::get({size}, b.getF32Type());
  Lanes l{b, loc, i32Vec};
  using P = arith::CmpIPredicate;
  Value code;
  if (f.bits == 8) {
    Value bytes = storage;
    if (!storageType.getElementType().isInteger(8))
      bytes = vector::BitCastOp::create(
          b, loc, VectorType::get({size}, b.getI8Type()), storage);
    code = arith::ExtUIOp::create(b, loc, i32Vec, bytes);
  } else {
    assert(f.bits == 6 && size == 32 && "fp6 blocks of 32");
    code = unpackSixBitCodes(b, loc, storage);
  }
  int64_t magnitudeMask = (1 << (f.bits - 1)) - 1;
  Value magnitude = l.band(code, l.c(magnitudeMask));
  Value field = l.shr(magnitude, l.c(f.mantissaBits));
  Value mantissa = l.band(magnitude, l.c((1 << f.mantissaBits) - 1));
  // Normal: the f32 with the same exponent and mantissa; subnormal: the
  // mantissa times the smallest subnormal, exact in f32.
  Value normal = l.bor(l.shl(l.add(field, l.c(127 - f.bias)), l.c(23)),
                       l.shl(mantissa, l.c(23 - f.mantissaBits)));
  Value unit = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(f32Vec, b.getF32FloatAttr(std::ldexp(
                                         1.0f, 1 - f.bias - f.mantissaBits))));
  Value subnormal = arith::BitcastOp::create(
      b, loc, i32Vec,
      arith::MulFOp::create(
          b, loc, arith::UIToFPOp::create(b, loc, f32Vec, mantissa), unit));
  Value valueBits = l.select(l.cmp(P::eq, field, l.c(0)), subnormal, normal);
  // E4M3's NaN (S.1111.111), E5M2's Inf and NaN (S.11111.xx).
  if (f.bits == 8 && f.bias == 7)
    valueBits = l.select(l.cmp(P::eq, magnitude, l.c(0x7F)), l.c(0x7FC00000),
                         valueBits);
  if (f.bits == 8 && f.bias == 15) {
    Value special = l.cmp(P::eq, field, l.c(31));
    Value infOrNaN = l.select(l.cmp(P::eq, mantissa, l.c(0)), l.c(0x7F800000),
                              l.c(0x7FC00000));
    valueBits = l.select(special, infOrNaN, valueBits);
  }
  Value sign = l.shl(l.shr(code, l.c(f.bits - 1)), l.c(31));
  return arith::BitcastOp::create(b, loc, f32Vec, l.bor(valueBits, sign));
}
