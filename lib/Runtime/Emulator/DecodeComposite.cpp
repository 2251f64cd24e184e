//===- DecodeComposite.cpp - Intrinsics lowered specially ------*- C++ -*-===//
//
// vector.reduce.* (a chain of scalar ops) and the gfx950 scaled conversions
// (cvt.scalef32.*, whose sources are listed element by element).
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"
#include "Numerics.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;
using namespace fp4::emu;

std::optional<CvtInfo> fp4::emu::scaledCvtInfo(Intrinsic::ID id) {
  switch (id) {
  // float -> fp4, two values into one byte of an i32.
  case Intrinsic::amdgcn_cvt_scalef32_pk_fp4_f32:
  case Intrinsic::amdgcn_cvt_scalef32_pk_fp4_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk_fp4_bf16:
    return CvtInfo{MiniFormat::E2M1, true, true, true};
  // float -> fp8/bf8, two values into one half of a <2 x i16>.
  case Intrinsic::amdgcn_cvt_scalef32_pk_fp8_f32:
  case Intrinsic::amdgcn_cvt_scalef32_pk_fp8_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk_fp8_bf16:
    return CvtInfo{MiniFormat::E4M3, true, true, false};
  case Intrinsic::amdgcn_cvt_scalef32_pk_bf8_f32:
  case Intrinsic::amdgcn_cvt_scalef32_pk_bf8_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk_bf8_bf16:
    return CvtInfo{MiniFormat::E5M2, true, true, false};
  // Whole-register packs.
  case Intrinsic::amdgcn_cvt_scalef32_pk8_fp4_f32:
  case Intrinsic::amdgcn_cvt_scalef32_pk8_fp4_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk8_fp4_bf16:
    return CvtInfo{MiniFormat::E2M1, true, false, false};
  case Intrinsic::amdgcn_cvt_scalef32_pk8_fp8_f32:
  case Intrinsic::amdgcn_cvt_scalef32_pk8_fp8_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk8_fp8_bf16:
    return CvtInfo{MiniFormat::E4M3, true, false, false};
  case Intrinsic::amdgcn_cvt_scalef32_pk8_bf8_f32:
  case Intrinsic::amdgcn_cvt_scalef32_pk8_bf8_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk8_bf8_bf16:
    return CvtInfo{MiniFormat::E5M2, true, false, false};
  case Intrinsic::amdgcn_cvt_scalef32_pk32_fp6_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk32_fp6_bf16:
  case Intrinsic::amdgcn_cvt_scalef32_pk16_fp6_f32:
  case Intrinsic::amdgcn_cvt_scalef32_pk16_fp6_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk16_fp6_bf16:
  case Intrinsic::amdgcn_cvt_scalef32_2xpk16_fp6_f32:
    return CvtInfo{MiniFormat::E2M3, true, false, false};
  case Intrinsic::amdgcn_cvt_scalef32_pk32_bf6_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk32_bf6_bf16:
  case Intrinsic::amdgcn_cvt_scalef32_pk16_bf6_f32:
  case Intrinsic::amdgcn_cvt_scalef32_pk16_bf6_f16:
  case Intrinsic::amdgcn_cvt_scalef32_pk16_bf6_bf16:
  case Intrinsic::amdgcn_cvt_scalef32_2xpk16_bf6_f32:
    return CvtInfo{MiniFormat::E3M2, true, false, false};
  // narrow -> float.
  case Intrinsic::amdgcn_cvt_scalef32_pk_f32_fp4:
  case Intrinsic::amdgcn_cvt_scalef32_pk_f16_fp4:
  case Intrinsic::amdgcn_cvt_scalef32_pk_bf16_fp4:
    return CvtInfo{MiniFormat::E2M1, false, false, true};
  case Intrinsic::amdgcn_cvt_scalef32_f32_fp8:
    return CvtInfo{MiniFormat::E4M3, false, false, true};
  case Intrinsic::amdgcn_cvt_scalef32_f32_bf8:
    return CvtInfo{MiniFormat::E5M2, false, false, true};
  case Intrinsic::amdgcn_cvt_scalef32_pk_f32_fp8:
  case Intrinsic::amdgcn_cvt_scalef32_pk_f16_fp8:
  case Intrinsic::amdgcn_cvt_scalef32_pk_bf16_fp8:
    return CvtInfo{MiniFormat::E4M3, false, false, false};
  case Intrinsic::amdgcn_cvt_scalef32_pk_f32_bf8:
  case Intrinsic::amdgcn_cvt_scalef32_pk_f16_bf8:
  case Intrinsic::amdgcn_cvt_scalef32_pk_bf16_bf8:
    return CvtInfo{MiniFormat::E5M2, false, false, false};
  case Intrinsic::amdgcn_cvt_scalef32_pk32_f32_fp6:
  case Intrinsic::amdgcn_cvt_scalef32_pk32_f16_fp6:
  case Intrinsic::amdgcn_cvt_scalef32_pk32_bf16_fp6:
    return CvtInfo{MiniFormat::E2M3, false, false, false};
  case Intrinsic::amdgcn_cvt_scalef32_pk32_f32_bf6:
  case Intrinsic::amdgcn_cvt_scalef32_pk32_f16_bf6:
  case Intrinsic::amdgcn_cvt_scalef32_pk32_bf16_bf6:
    return CvtInfo{MiniFormat::E3M2, false, false, false};
  default:
    return std::nullopt;
  }
}

/// vector.reduce.* as a chain of scalar ops over the vector's slots (in
/// element order, which is a valid order for every reduction).
Error FunctionDecoder::lowerVectorReduce(const CallInst &call) {
  Intrinsic::ID id = call.getIntrinsicID();
  bool hasStart = id == Intrinsic::vector_reduce_fadd ||
                  id == Intrinsic::vector_reduce_fmul;
  const Value *vec = call.getArgOperand(hasStart ? 1 : 0);
  auto v = slotOf(vec), d = slotOf(&call);
  auto leaf = elemLeaf(vec->getType());
  if (!v || !d || !leaf)
    return fail(&call, "bad operands");
  // The scalar op (code, sub) that folds in one element.
  using K = std::pair<Opc, uint8_t>;
  static const std::pair<Intrinsic::ID, K> kFold[] = {
      {Intrinsic::vector_reduce_add, {Opc::Add, 0}},
      {Intrinsic::vector_reduce_mul, {Opc::Mul, 0}},
      {Intrinsic::vector_reduce_and, {Opc::And, 0}},
      {Intrinsic::vector_reduce_or, {Opc::Or, 0}},
      {Intrinsic::vector_reduce_xor, {Opc::Xor, 0}},
      {Intrinsic::vector_reduce_smin,
       {Opc::IntMinMax, uint8_t(IntMinMaxK::SMin)}},
      {Intrinsic::vector_reduce_smax,
       {Opc::IntMinMax, uint8_t(IntMinMaxK::SMax)}},
      {Intrinsic::vector_reduce_umin,
       {Opc::IntMinMax, uint8_t(IntMinMaxK::UMin)}},
      {Intrinsic::vector_reduce_umax,
       {Opc::IntMinMax, uint8_t(IntMinMaxK::UMax)}},
      {Intrinsic::vector_reduce_fadd, {Opc::FBin, uint8_t(FBinK::Add)}},
      {Intrinsic::vector_reduce_fmul, {Opc::FBin, uint8_t(FBinK::Mul)}},
      {Intrinsic::vector_reduce_fmin,
       {Opc::FMinMax, uint8_t(FMinMaxK::MinNum)}},
      {Intrinsic::vector_reduce_fmax,
       {Opc::FMinMax, uint8_t(FMinMaxK::MaxNum)}},
      {Intrinsic::vector_reduce_fminimum,
       {Opc::FMinMax, uint8_t(FMinMaxK::Minimum)}},
      {Intrinsic::vector_reduce_fmaximum,
       {Opc::FMinMax, uint8_t(FMinMaxK::Maximum)}}};
  std::optional<K> fold = lookup(kFold, id);
  if (!fold)
    return fail(&call, "vector reduction not supported by the emulator");
  Op op;
  op.bits = isFloatKind(leaf->kind) ? uint8_t(leaf->kind) : leaf->bits;
  op.code = fold->first;
  op.sub = fold->second;
  op.n = 1;
  uint32_t acc;
  unsigned first = 0;
  if (hasStart) {
    auto s = slotOf(call.getArgOperand(0));
    if (!s)
      return s.takeError();
    acc = *s;
  } else {
    acc = *v;
    first = 1;
  }
  if (first == leaf->count) { // one-element vector, no start value
    emitCopy(acc, *d, 1);
    return Error::success();
  }
  for (unsigned i = first; i < leaf->count; ++i) {
    op.a = acc;
    op.b = *v + i;
    op.dst = i + 1 == leaf->count ? *d : newSlots(1);
    emit(op);
    acc = op.dst;
  }
  return Error::success();
}

/// gfx950 v_cvt_scalef32_*: see CvtScaleTrunc / CvtScaleExt in the
/// interpreter for the packing. Sources are listed element by element in
/// FuncCode::extra so that scalar pairs and vectors look the same.
Error FunctionDecoder::lowerScaledCvt(const CallInst &call,
                                      const CvtInfo &info) {
  unsigned nargs = call.arg_size();
  auto d = slotOf(&call);
  if (!d)
    return d.takeError();
  auto dl = layoutOf(call.getType());
  if (!dl)
    return dl.takeError();
  auto immArg = [&](unsigned i) -> int64_t {
    if (auto *c = dyn_cast<ConstantInt>(call.getArgOperand(i)))
      return int64_t(c->getZExtValue());
    return -1;
  };
  Op op;
  op.dst = *d;
  op.n = (*dl)->slots;
  op.sub = uint8_t(info.fmt);
  unsigned fbits = miniFormatBits(info.fmt);
  if (info.trunc) {
    // Operands: [old,] sources..., scale [, selector].
    unsigned first = info.hasOld ? 1 : 0;
    unsigned scaleIdx = info.hasOld ? nargs - 2 : nargs - 1;
    std::vector<uint32_t> srcs;
    EK srcKind = EK::F32;
    for (unsigned i = first; i < scaleIdx; ++i) {
      const Value *v = call.getArgOperand(i);
      auto s = slotOf(v);
      auto l = elemLeaf(v->getType());
      if (!s || !l)
        return fail(&call, "bad operands");
      srcKind = l->kind;
      for (unsigned e = 0; e < l->count; ++e)
        srcs.push_back(*s + e);
    }
    auto scale = slotOf(call.getArgOperand(scaleIdx));
    if (!scale)
      return scale.takeError();
    unsigned shift = 0;
    if (info.hasOld) {
      int64_t sel = immArg(nargs - 1);
      if (sel < 0)
        return fail(&call, "selector must be constant");
      shift = info.selIsByte ? unsigned(sel) * 8 : unsigned(sel) * 16;
      auto old = slotOf(call.getArgOperand(0));
      if (!old)
        return old.takeError();
      op.a = *old;
    }
    auto rl = elemLeaf(call.getType());
    if (!rl)
      return rl.takeError();
    op.code = Opc::CvtScaleTrunc;
    op.bits = uint8_t(srcKind);
    op.b = rl->bits; // immediate: bits per result element
    op.c = shift;    // immediate: bit position of the packed field
    op.aux = fc.extra.size();
    fc.extra.push_back(*scale);
    fc.extra.push_back(srcs.size());
    fc.extra.insert(fc.extra.end(), srcs.begin(), srcs.end());
    if (srcs.size() * fbits + shift > op.n * rl->bits)
      return fail(&call, "packed result does not fit");
    emit(op);
    return Error::success();
  }
  // Narrow -> float: (src, scale [, selector]).
  auto src = slotOf(call.getArgOperand(0));
  auto sl = elemLeaf(call.getArgOperand(0)->getType());
  auto scale = slotOf(call.getArgOperand(1));
  auto rl = elemLeaf(call.getType());
  if (!src || !sl || !scale || !rl)
    return fail(&call, "bad operands");
  unsigned start = 0;
  if (nargs == 3) {
    int64_t sel = immArg(2);
    if (sel < 0)
      return fail(&call, "selector must be constant");
    // fp4 and single fp8 picks choose a byte; pk fp8 picks a 16-bit half.
    start = info.selIsByte ? unsigned(sel) * 8 : unsigned(sel) * 16;
  }
  op.code = Opc::CvtScaleExt;
  op.a = *src;
  op.b = sl->bits; // immediate: bits per source element
  op.c = start;    // immediate: first bit
  op.bits = uint8_t(rl->kind);
  op.aux = fc.extra.size();
  fc.extra.push_back(*scale);
  if (start + op.n * fbits > sl->count * sl->bits)
    return fail(&call, "selected field out of the source");
  emit(op);
  return Error::success();
}
