//===- DecodeIntrinsics.cpp - Lower intrinsic calls to ops -----*- C++ -*-===//
//
// Maps each supported generic and amdgcn intrinsic to an Op. Intrinsics with
// more than three value operands keep the rest in FuncCode::extra. Anything
// not listed here is rejected at load time with the call's text.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"
#include "Numerics.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;
using namespace fp4::emu;

Error FunctionDecoder::lowerIntrinsic(const CallInst &call) {
  Intrinsic::ID id = call.getIntrinsicID();
  Type *ty = call.getType();
  auto arg = [&](unsigned i) { return call.getArgOperand(i); };
  Error err = Error::success();
  auto S = [&](const Value *v) -> uint32_t {
    auto s = slotOf(v);
    if (!s) {
      err = joinErrors(std::move(err), s.takeError());
      return 0;
    }
    return *s;
  };
  auto imm = [&](unsigned i) -> int64_t {
    if (auto *c = dyn_cast<ConstantInt>(arg(i)))
      return c->getSExtValue();
    err = joinErrors(std::move(err),
                     fail(&call, "operand " + Twine(i) + " must be constant"));
    return 0;
  };
  auto finish = [&](Op op) -> Error {
    if (err)
      return std::move(err);
    emit(op);
    return Error::success();
  };
  auto leafOf = [&](Type *t) -> Leaf {
    auto l = elemLeaf(t);
    if (!l) {
      err = joinErrors(std::move(err), l.takeError());
      return Leaf();
    }
    return *l;
  };
  auto slotsOf = [&](Type *t) -> uint32_t {
    auto l = layoutOf(t);
    if (!l) {
      err = joinErrors(std::move(err), l.takeError());
      return 0;
    }
    return (*l)->slots;
  };
  Op op;
  if (!ty->isVoidTy())
    op.dst = S(&call);

  // op.a, op.b, op.c (the first n of them) = the slots of arg(0), arg(1),
  // arg(2).
  auto operands = [&](unsigned n) {
    uint32_t *fields[] = {&op.a, &op.b, &op.c};
    for (unsigned i = 0; i < n; ++i)
      *fields[i] = S(arg(i));
  };
  // An op on each element of `ty`, its operands arg(0) to arg(n - 1);
  // op.bits holds the element kind of a float op, else the element width.
  auto elementwise = [&](Opc code, uint8_t sub, unsigned n, bool isFloat) {
    Leaf l = leafOf(ty);
    op.code = code;
    op.sub = sub;
    op.bits = isFloat ? uint8_t(l.kind) : l.bits;
    op.n = l.count;
    operands(n);
    return finish(op);
  };
  auto unaryF = [&](FUnK k) {
    return elementwise(Opc::FUn, uint8_t(k), 1, true);
  };
  auto intBin = [&](Opc code, uint8_t sub) {
    return elementwise(code, sub, 2, false);
  };
  // The dimension (0, 1, 2) of an intrinsic of an x, y, z family.
  auto dim = [&](Intrinsic::ID x, Intrinsic::ID y) -> uint8_t {
    return id == x ? 0 : id == y ? 1 : 2;
  };
  auto copyArg0 = [&]() {
    op.code = Opc::Copy;
    op.a = S(arg(0));
    op.n = slotsOf(ty);
    return finish(op);
  };
  auto nop = [&]() { return Error::success(); };

  if (auto info = scaledCvtInfo(id))
    return lowerScaledCvt(call, *info);

  switch (id) {
  // Hints and markers: nothing to execute.
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::assume:
  case Intrinsic::donothing:
  case Intrinsic::sideeffect:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::invariant_end:
  case Intrinsic::pseudoprobe:
  case Intrinsic::var_annotation:
  case Intrinsic::amdgcn_s_waitcnt:
  case Intrinsic::amdgcn_sched_barrier:
  case Intrinsic::amdgcn_sched_group_barrier:
  case Intrinsic::amdgcn_iglp_opt:
  case Intrinsic::amdgcn_s_setprio:
  case Intrinsic::amdgcn_s_sleep:
  case Intrinsic::amdgcn_s_nop:
  case Intrinsic::amdgcn_wave_barrier: // lanes of a wave run in lockstep here
                                       // already
    return nop();
  case Intrinsic::expect:
  case Intrinsic::expect_with_probability:
  case Intrinsic::ptr_annotation:
  case Intrinsic::launder_invariant_group:
  case Intrinsic::strip_invariant_group:
  case Intrinsic::invariant_start:
    if (id == Intrinsic::invariant_start)
      return nop();
    return copyArg0();
  case Intrinsic::ptrmask:
    return intBin(Opc::And, 0);

  // Integer.
  case Intrinsic::smin:
    return intBin(Opc::IntMinMax, uint8_t(IntMinMaxK::SMin));
  case Intrinsic::smax:
    return intBin(Opc::IntMinMax, uint8_t(IntMinMaxK::SMax));
  case Intrinsic::umin:
    return intBin(Opc::IntMinMax, uint8_t(IntMinMaxK::UMin));
  case Intrinsic::umax:
    return intBin(Opc::IntMinMax, uint8_t(IntMinMaxK::UMax));
  case Intrinsic::uadd_sat:
    return intBin(Opc::SatArith, uint8_t(SatK::UAdd));
  case Intrinsic::usub_sat:
    return intBin(Opc::SatArith, uint8_t(SatK::USub));
  case Intrinsic::sadd_sat:
    return intBin(Opc::SatArith, uint8_t(SatK::SAdd));
  case Intrinsic::ssub_sat:
    return intBin(Opc::SatArith, uint8_t(SatK::SSub));
  case Intrinsic::abs:
  case Intrinsic::ctpop:
  case Intrinsic::bitreverse:
  case Intrinsic::bswap:
  case Intrinsic::ctlz:
  case Intrinsic::cttz: {
    Opc code = id == Intrinsic::abs          ? Opc::Abs
               : id == Intrinsic::ctpop      ? Opc::Ctpop
               : id == Intrinsic::bitreverse ? Opc::BitRev
               : id == Intrinsic::bswap      ? Opc::BSwap
               : id == Intrinsic::ctlz       ? Opc::Ctlz
                                             : Opc::Cttz;
    return elementwise(code, 0, 1, false);
  }
  case Intrinsic::fshl:
  case Intrinsic::fshr:
    return elementwise(id == Intrinsic::fshl ? Opc::FShl : Opc::FShr, 0, 3,
                       false);
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::umul_with_overflow:
  case Intrinsic::smul_with_overflow: {
    Leaf l = leafOf(arg(0)->getType());
    if (l.count != 1)
      return fail(&call, "vector overflow intrinsics are not supported");
    OvfK k = id == Intrinsic::uadd_with_overflow   ? OvfK::UAdd
             : id == Intrinsic::sadd_with_overflow ? OvfK::SAdd
             : id == Intrinsic::usub_with_overflow ? OvfK::USub
             : id == Intrinsic::ssub_with_overflow ? OvfK::SSub
             : id == Intrinsic::umul_with_overflow ? OvfK::UMul
                                                   : OvfK::SMul;
    op.code = Opc::OvfArith;
    op.sub = uint8_t(k);
    op.bits = l.bits;
    operands(2);
    return finish(op);
  }

  // Float.
  case Intrinsic::fabs:
    return unaryF(FUnK::Abs);
  case Intrinsic::floor:
    return unaryF(FUnK::Floor);
  case Intrinsic::ceil:
    return unaryF(FUnK::Ceil);
  case Intrinsic::trunc:
    return unaryF(FUnK::Trunc);
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
  case Intrinsic::roundeven:
    return unaryF(FUnK::RoundEven);
  case Intrinsic::round:
    return unaryF(FUnK::Round);
  case Intrinsic::sqrt:
  case Intrinsic::amdgcn_sqrt:
    return unaryF(FUnK::Sqrt);
  case Intrinsic::exp2:
  case Intrinsic::amdgcn_exp2:
    return unaryF(FUnK::Exp2);
  case Intrinsic::log2:
  case Intrinsic::amdgcn_log:
    return unaryF(FUnK::Log2);
  case Intrinsic::exp:
    return unaryF(FUnK::Exp);
  case Intrinsic::log:
    return unaryF(FUnK::Log);
  case Intrinsic::sin:
    return unaryF(FUnK::Sin);
  case Intrinsic::cos:
    return unaryF(FUnK::Cos);
  case Intrinsic::amdgcn_rcp:
    return unaryF(FUnK::Rcp);
  case Intrinsic::amdgcn_rsq:
    return unaryF(FUnK::Rsq);
  case Intrinsic::amdgcn_fract:
    return unaryF(FUnK::Fract);
  case Intrinsic::canonicalize:
    return unaryF(FUnK::Canonicalize);
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
  case Intrinsic::minimum:
  case Intrinsic::maximum:
  case Intrinsic::minimumnum:
  case Intrinsic::maximumnum: {
    FMinMaxK k = id == Intrinsic::minnum       ? FMinMaxK::MinNum
                 : id == Intrinsic::maxnum     ? FMinMaxK::MaxNum
                 : id == Intrinsic::minimum    ? FMinMaxK::Minimum
                 : id == Intrinsic::maximum    ? FMinMaxK::Maximum
                 : id == Intrinsic::minimumnum ? FMinMaxK::MinimumNum
                                               : FMinMaxK::MaximumNum;
    return elementwise(Opc::FMinMax, uint8_t(k), 2, true);
  }
  case Intrinsic::copysign:
    return elementwise(Opc::CopySign, 0, 2, true);
  case Intrinsic::fma:
  case Intrinsic::fmuladd:
    return elementwise(Opc::FMA, 0, 3, true);
  case Intrinsic::ldexp: // op.sub: the width of the integer exponent
    return elementwise(Opc::LdExp, leafOf(arg(1)->getType()).bits, 2, true);
  case Intrinsic::frexp: {
    // {mantissa, exponent}: two ops writing the two halves of the result.
    Leaf l = leafOf(arg(0)->getType());
    op.code = Opc::FrexpMant;
    op.bits = uint8_t(l.kind);
    op.n = l.count;
    op.a = S(arg(0));
    uint32_t base = op.dst;
    if (err)
      return std::move(err);
    emit(op);
    op.code = Opc::FrexpExp;
    op.dst = base + l.count;
    op.sub = cast<StructType>(ty)->getElementType(1)->getScalarSizeInBits();
    return finish(op);
  }
  case Intrinsic::amdgcn_frexp_mant:
  case Intrinsic::amdgcn_frexp_exp: {
    Leaf l = leafOf(arg(0)->getType());
    op.code =
        id == Intrinsic::amdgcn_frexp_mant ? Opc::FrexpMant : Opc::FrexpExp;
    op.bits = uint8_t(l.kind);
    op.n = l.count;
    op.a = S(arg(0));
    op.sub = ty->getScalarSizeInBits();
    return finish(op);
  }
  case Intrinsic::is_fpclass: {
    Leaf l = leafOf(arg(0)->getType());
    op.code = Opc::IsFPClass;
    op.bits = uint8_t(l.kind);
    op.n = l.count;
    op.a = S(arg(0));
    op.aux = uint32_t(imm(1));
    return finish(op);
  }

  case Intrinsic::vector_reduce_add:
  case Intrinsic::vector_reduce_mul:
  case Intrinsic::vector_reduce_and:
  case Intrinsic::vector_reduce_or:
  case Intrinsic::vector_reduce_xor:
  case Intrinsic::vector_reduce_smin:
  case Intrinsic::vector_reduce_smax:
  case Intrinsic::vector_reduce_umin:
  case Intrinsic::vector_reduce_umax:
  case Intrinsic::vector_reduce_fadd:
  case Intrinsic::vector_reduce_fmul:
  case Intrinsic::vector_reduce_fmin:
  case Intrinsic::vector_reduce_fmax:
  case Intrinsic::vector_reduce_fminimum:
  case Intrinsic::vector_reduce_fmaximum:
    return lowerVectorReduce(call);

  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove: {
    op.code = Opc::MemCpy;
    operands(3);
    op.bits = arg(2)->getType()->getIntegerBitWidth();
    op.aux = (arg(0)->getType()->getPointerAddressSpace() << 8) |
             arg(1)->getType()->getPointerAddressSpace();
    return finish(op);
  }
  case Intrinsic::memset:
  case Intrinsic::memset_inline: {
    op.code = Opc::MemSet;
    operands(3);
    op.bits = arg(2)->getType()->getIntegerBitWidth();
    op.aux = arg(0)->getType()->getPointerAddressSpace();
    return finish(op);
  }

  // Dispatch.
  case Intrinsic::amdgcn_workitem_id_x:
  case Intrinsic::amdgcn_workitem_id_y:
  case Intrinsic::amdgcn_workitem_id_z:
    op.code = Opc::WorkitemId;
    op.sub =
        dim(Intrinsic::amdgcn_workitem_id_x, Intrinsic::amdgcn_workitem_id_y);
    return finish(op);
  case Intrinsic::amdgcn_workgroup_id_x:
  case Intrinsic::amdgcn_workgroup_id_y:
  case Intrinsic::amdgcn_workgroup_id_z:
    op.code = Opc::WorkgroupId;
    op.sub =
        dim(Intrinsic::amdgcn_workgroup_id_x, Intrinsic::amdgcn_workgroup_id_y);
    return finish(op);
  case Intrinsic::amdgcn_kernarg_segment_ptr:
  case Intrinsic::amdgcn_implicitarg_ptr:
  case Intrinsic::amdgcn_dispatch_ptr:
    op.code = Opc::SpecialPtr;
    op.sub = uint8_t(
        id == Intrinsic::amdgcn_kernarg_segment_ptr ? SpecialPtrK::Kernarg
        : id == Intrinsic::amdgcn_implicitarg_ptr   ? SpecialPtrK::ImplicitArg
                                                    : SpecialPtrK::Dispatch);
    return finish(op);
  case Intrinsic::amdgcn_wavefrontsize: {
    auto c = slotOf(ConstantInt::get(ty, kWave));
    if (!c)
      return c.takeError();
    op.code = Opc::Copy;
    op.a = *c;
    return finish(op);
  }
  case Intrinsic::amdgcn_mbcnt_lo:
  case Intrinsic::amdgcn_mbcnt_hi:
    op.code = Opc::Mbcnt;
    op.sub = id == Intrinsic::amdgcn_mbcnt_hi;
    operands(2);
    return finish(op);

  // Cross-lane.
  case Intrinsic::amdgcn_readfirstlane:
  case Intrinsic::amdgcn_readlane:
    op.code =
        id == Intrinsic::amdgcn_readlane ? Opc::ReadLane : Opc::ReadFirstLane;
    op.n = slotsOf(ty);
    op.a = S(arg(0));
    if (id == Intrinsic::amdgcn_readlane)
      op.b = S(arg(1));
    return finish(op);
  case Intrinsic::amdgcn_writelane:
    op.code = Opc::WriteLane;
    op.n = slotsOf(ty);
    operands(3);
    return finish(op);
  case Intrinsic::amdgcn_ballot:
    op.code = Opc::Ballot;
    op.bits = ty->getIntegerBitWidth();
    op.a = S(arg(0));
    return finish(op);
  case Intrinsic::amdgcn_icmp:
  case Intrinsic::amdgcn_fcmp: {
    // A compare into a fresh i1 slot, then a ballot of it.
    Leaf l = leafOf(arg(0)->getType());
    Op cmp;
    cmp.code = id == Intrinsic::amdgcn_icmp ? Opc::ICmp : Opc::FCmp;
    cmp.bits = id == Intrinsic::amdgcn_icmp ? l.bits : uint8_t(l.kind);
    cmp.sub = uint8_t(imm(2));
    cmp.a = S(arg(0));
    cmp.b = S(arg(1));
    cmp.dst = newSlots(1);
    if (err)
      return std::move(err);
    emit(cmp);
    op.code = Opc::Ballot;
    op.bits = ty->getIntegerBitWidth();
    op.a = cmp.dst;
    return finish(op);
  }
  case Intrinsic::amdgcn_ds_bpermute:
  case Intrinsic::amdgcn_ds_permute:
    op.code =
        id == Intrinsic::amdgcn_ds_bpermute ? Opc::Bpermute : Opc::Permute;
    operands(2);
    return finish(op);
  case Intrinsic::amdgcn_ds_swizzle:
    op.code = Opc::Swizzle;
    op.a = S(arg(0));
    op.aux = uint32_t(imm(1));
    return finish(op);
  case Intrinsic::amdgcn_update_dpp:
  case Intrinsic::amdgcn_mov_dpp: {
    if (slotsOf(ty) != 1)
      return fail(&call, "DPP on a multi-register value");
    bool upd = id == Intrinsic::amdgcn_update_dpp;
    op.code = Opc::Dpp;
    op.bits = ty->getPrimitiveSizeInBits();
    op.a = upd ? S(arg(0)) : kNoSlot;
    op.b = S(arg(upd ? 1 : 0));
    unsigned k = upd ? 2 : 1;
    op.aux = fc.extra.size();
    fc.extra.push_back(uint32_t(imm(k)));     // dpp_ctrl
    fc.extra.push_back(uint32_t(imm(k + 1))); // row_mask
    fc.extra.push_back(uint32_t(imm(k + 2))); // bank_mask
    fc.extra.push_back(uint32_t(imm(k + 3))); // bound_ctrl
    return finish(op);
  }
  case Intrinsic::amdgcn_permlane16_swap:
  case Intrinsic::amdgcn_permlane32_swap:
    op.code = Opc::PermlaneSwap;
    op.sub = id == Intrinsic::amdgcn_permlane16_swap ? 16 : 32;
    operands(2);
    return finish(op);
  case Intrinsic::amdgcn_wave_reduce_umin:
  case Intrinsic::amdgcn_wave_reduce_umax:
  case Intrinsic::amdgcn_wave_reduce_min:
  case Intrinsic::amdgcn_wave_reduce_max:
  case Intrinsic::amdgcn_wave_reduce_add:
  case Intrinsic::amdgcn_wave_reduce_sub:
  case Intrinsic::amdgcn_wave_reduce_and:
  case Intrinsic::amdgcn_wave_reduce_or:
  case Intrinsic::amdgcn_wave_reduce_xor: {
    ReduceK k = id == Intrinsic::amdgcn_wave_reduce_umin   ? ReduceK::UMin
                : id == Intrinsic::amdgcn_wave_reduce_umax ? ReduceK::UMax
                : id == Intrinsic::amdgcn_wave_reduce_min  ? ReduceK::Min
                : id == Intrinsic::amdgcn_wave_reduce_max  ? ReduceK::Max
                : id == Intrinsic::amdgcn_wave_reduce_add  ? ReduceK::Add
                : id == Intrinsic::amdgcn_wave_reduce_sub  ? ReduceK::Sub
                : id == Intrinsic::amdgcn_wave_reduce_and  ? ReduceK::And
                : id == Intrinsic::amdgcn_wave_reduce_or   ? ReduceK::Or
                                                           : ReduceK::Xor;
    if (!ty->isIntegerTy())
      return fail(&call, "float wave reductions are not supported");
    op.code = Opc::WaveReduce;
    op.sub = uint8_t(k);
    op.bits = ty->getIntegerBitWidth();
    op.a = S(arg(0));
    return finish(op);
  }
  case Intrinsic::amdgcn_s_barrier:
    op.code = Opc::Barrier;
    op.sub = uint8_t(BarrierK::Full);
    return finish(op);
  case Intrinsic::amdgcn_s_barrier_signal:
  case Intrinsic::amdgcn_s_barrier_wait: {
    bool sig = id == Intrinsic::amdgcn_s_barrier_signal;
    if (imm(0) != -1)
      return fail(&call, "only the work-group barrier (-1) is supported");
    op.code = Opc::Barrier;
    op.sub = uint8_t(sig ? BarrierK::Signal : BarrierK::Wait);
    return finish(op);
  }

  case Intrinsic::amdgcn_mfma_scale_f32_16x16x128_f8f6f4:
  case Intrinsic::amdgcn_mfma_scale_f32_32x32x64_f8f6f4: {
    bool big = id == Intrinsic::amdgcn_mfma_scale_f32_32x32x64_f8f6f4;
    int64_t cbsz = imm(3), blgp = imm(4), opA = imm(5), opB = imm(7);
    if (err)
      return std::move(err);
    if (cbsz < 0 || cbsz > 4 || blgp < 0 || blgp > 4)
      return fail(&call, "cbsz/blgp must be 0..4 (fp8, bf8, fp6, bf6, fp4)");
    if (opA < 0 || opA > 3 || opB < 0 || opB > 3)
      return fail(&call, "scale op_sel must be 0..3");
    unsigned needA = miniFormatBits(MiniFormat(cbsz)); // dwords = bits
    unsigned needB = miniFormatBits(MiniFormat(blgp));
    unsigned haveA = slotsOf(arg(0)->getType());
    unsigned haveB = slotsOf(arg(1)->getType());
    if (leafOf(arg(0)->getType()).bits != 32 ||
        leafOf(arg(1)->getType()).bits != 32)
      return fail(&call, "MFMA operands must be vectors of i32");
    if (haveA < needA || haveB < needB)
      return fail(&call, "MFMA operand vector too short for its format (fp8 "
                         "needs 8 dwords, fp6 6, fp4 4)");
    op.code = Opc::MfmaScale;
    op.n = big ? 32 : 16;
    operands(3);
    op.sub = uint8_t(cbsz | (blgp << 3));
    op.bits = uint8_t(opA | (opB << 2));
    op.aux = fc.extra.size();
    fc.extra.push_back(S(arg(6)));
    fc.extra.push_back(S(arg(8)));
    return finish(op);
  }

  // Buffers.
  case Intrinsic::amdgcn_make_buffer_rsrc: {
    unsigned as = ty->getPointerAddressSpace();
    if (as != 7 && as != 8)
      return fail(&call, "make.buffer.rsrc must produce addrspace(7) or (8)");
    if (arg(0)->getType()->getPointerAddressSpace() == 3 ||
        arg(0)->getType()->getPointerAddressSpace() == 5)
      return fail(&call, "buffer resources over LDS/private are unsupported");
    op.code = Opc::MakeRsrc;
    op.sub = as == 7;
    operands(3);
    op.aux = S(arg(3));
    return finish(op);
  }
  case Intrinsic::amdgcn_raw_ptr_buffer_load: {
    auto lay = getLayout(impl, ty);
    if (!lay)
      return lay.takeError();
    op.code = Opc::BufLoad;
    operands(3);
    op.aux = fc.mems.size();
    fc.mems.push_back({8, *lay, false});
    return finish(op);
  }
  case Intrinsic::amdgcn_raw_ptr_buffer_store: {
    auto lay = getLayout(impl, arg(0)->getType());
    if (!lay)
      return lay.takeError();
    op.code = Opc::BufStore;
    operands(3);
    op.aux = fc.extra.size();
    fc.extra.push_back(S(arg(3)));
    fc.extra.push_back(fc.mems.size());
    fc.mems.push_back({8, *lay, false});
    return finish(op);
  }
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_swap:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_add:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_sub:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_smin:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_umin:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_smax:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_umax:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_and:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_or:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_xor:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_fadd:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_fmin:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_fmax:
  case Intrinsic::amdgcn_raw_ptr_buffer_atomic_cmpswap: {
    bool cmpswap = id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_cmpswap;
    RmwK k = id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_swap   ? RmwK::Xchg
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_add  ? RmwK::Add
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_sub  ? RmwK::Sub
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_smin ? RmwK::Min
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_umin ? RmwK::UMin
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_smax ? RmwK::Max
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_umax ? RmwK::UMax
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_and  ? RmwK::And
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_or   ? RmwK::Or
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_xor  ? RmwK::Xor
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_fadd ? RmwK::FAdd
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_fmin ? RmwK::FMin
             : id == Intrinsic::amdgcn_raw_ptr_buffer_atomic_fmax ? RmwK::FMax
                                                                  : RmwK::Xchg;
    Leaf l = leafOf(ty);
    if (l.count != 1)
      return fail(&call, "vector buffer atomics are not supported");
    auto lay = getLayout(impl, ty);
    if (!lay)
      return lay.takeError();
    unsigned base = cmpswap ? 1 : 0; // cmpswap: (data, cmp, rsrc, ...)
    op.code = Opc::BufAtomic;
    op.sub = uint8_t(k);
    bool isF = isFloatKind(l.kind);
    op.bits = isF ? uint8_t(l.kind) : l.bits;
    op.a = S(arg(0));
    op.b = S(arg(base + 1));
    op.c = S(arg(base + 2));
    op.aux = fc.extra.size();
    fc.extra.push_back(S(arg(base + 3)));
    fc.extra.push_back(fc.mems.size());
    fc.extra.push_back(cmpswap ? S(arg(1)) : kNoSlot);
    fc.extra.push_back(isF);
    fc.mems.push_back({8, *lay, false});
    return finish(op);
  }
  case Intrinsic::amdgcn_global_load_lds:
  case Intrinsic::amdgcn_load_to_lds:
  case Intrinsic::amdgcn_raw_ptr_buffer_load_lds: {
    bool rsrc = id == Intrinsic::amdgcn_raw_ptr_buffer_load_lds;
    op.code = Opc::LoadToLds;
    operands(2);
    int64_t size = imm(2);
    if (size != 1 && size != 2 && size != 4 && size != 12 && size != 16)
      return fail(&call, "load-to-LDS size must be 1, 2, 4, 12 or 16");
    op.n = uint32_t(size);
    unsigned srcAs = arg(0)->getType()->getPointerAddressSpace();
    op.sub = rsrc ? 2 : srcAs == 7 ? 1 : 0;
    op.aux = fc.extra.size();
    if (rsrc) {
      fc.extra.push_back(S(arg(3)));        // voffset
      fc.extra.push_back(S(arg(4)));        // soffset
      fc.extra.push_back(uint32_t(imm(5))); // imm offset
    } else {
      fc.extra.push_back(kNoSlot);
      fc.extra.push_back(kNoSlot);
      fc.extra.push_back(uint32_t(imm(3)));
    }
    return finish(op);
  }
  default:
    break;
  }
  if (err)
    return err;
  return fail(&call, "intrinsic not supported by the emulator");
}
