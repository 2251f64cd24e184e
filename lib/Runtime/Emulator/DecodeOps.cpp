//===- DecodeOps.cpp - Lower casts, GEPs, atomics and calls ----*- C++ -*-===//

#include "Decoder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"

#include <optional>

using namespace llvm;
using namespace fp4::emu;

Error FunctionDecoder::lowerCast(const CastInst &inst) {
  Type *srcTy = inst.getSrcTy(), *dstTy = inst.getDestTy();
  auto a = slotOf(inst.getOperand(0)), d = slotOf(&inst);
  if (!a || !d)
    return fail(&inst, "bad operands");
  auto sl = layoutOf(srcTy), dlay = layoutOf(dstTy);
  if (!sl || !dlay)
    return fail(&inst, "unsupported type");
  if ((*sl)->leaves.size() != 1 || (*dlay)->leaves.size() != 1)
    return fail(&inst, "cast of an aggregate");
  const Leaf &s = (*sl)->leaves[0], &t = (*dlay)->leaves[0];
  Op op;
  op.a = *a;
  op.dst = *d;
  op.n = t.count;
  auto copy = [&]() {
    emitCopy(*a, *d, (*dlay)->slots);
    return Error::success();
  };
  auto truncTo = [&](unsigned bits) {
    op.code = Opc::Trunc;
    op.bits = bits;
    emit(op);
    return Error::success();
  };
  auto conv = [&](uint8_t kind, uint8_t from, uint32_t to) {
    op.code = Opc::FConv;
    op.sub = kind;
    op.bits = from;
    op.aux = to;
    emit(op);
    return Error::success();
  };
  switch (inst.getOpcode()) {
  case Instruction::Trunc:
    return truncTo(t.bits);
  case Instruction::ZExt:
    return copy();
  case Instruction::SExt:
    op.code = Opc::SExt;
    op.sub = s.bits;
    op.bits = t.bits;
    emit(op);
    return Error::success();
  case Instruction::FPTrunc:
  case Instruction::FPExt:
    return conv(kConvF2F, uint8_t(s.kind), uint32_t(t.kind));
  case Instruction::FPToUI:
    return conv(kConvF2UI, uint8_t(s.kind), t.bits);
  case Instruction::FPToSI:
    return conv(kConvF2SI, uint8_t(s.kind), t.bits);
  case Instruction::UIToFP:
    return conv(kConvUI2F, s.bits, uint32_t(t.kind));
  case Instruction::SIToFP:
    return conv(kConvSI2F, s.bits, uint32_t(t.kind));
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
    if (s.kind == EK::Rsrc || s.kind == EK::Fat || t.kind == EK::Rsrc ||
        t.kind == EK::Fat)
      return fail(&inst, "integer casts of buffer pointers");
    if (t.bits < s.bits)
      return truncTo(t.bits);
    return copy();
  case Instruction::AddrSpaceCast: {
    unsigned from = srcTy->getScalarType()->getPointerAddressSpace();
    unsigned to = dstTy->getScalarType()->getPointerAddressSpace();
    auto is64 = [](unsigned as) { return as == 0 || as == 1 || as == 4; };
    AsCastK k;
    if (is64(from) && is64(to))
      k = AsCastK::Identity;
    else if (from == 3 && to == 0)
      k = AsCastK::LocalToFlat;
    else if (from == 0 && to == 3)
      k = AsCastK::FlatToLocal;
    else if (from == 5 && to == 0)
      k = AsCastK::PrivToFlat;
    else if (from == 0 && to == 5)
      k = AsCastK::FlatToPriv;
    else if (from == 8 && to == 7)
      k = AsCastK::RsrcToFat;
    else
      return fail(&inst, "address space cast not supported");
    if (k == AsCastK::Identity)
      return copy();
    op.code = Opc::AsCast;
    op.sub = uint8_t(k);
    emit(op);
    return Error::success();
  }
  case Instruction::BitCast: {
    if (s.slotsPerElem != 1 || t.slotsPerElem != 1) {
      if (s.kind == t.kind)
        return copy();
      return fail(&inst, "bitcast of buffer pointers");
    }
    if (s.count == t.count && s.bits == t.bits)
      return copy(); // floats are kept as their bits
    op.code = Opc::Repack;
    op.aux = fc.repacks.size();
    fc.repacks.push_back({s.count, s.bits, t.count, t.bits});
    op.n = t.count;
    emit(op);
    return Error::success();
  }
  default:
    return fail(&inst, "cast not supported");
  }
}

Error FunctionDecoder::lowerGep(const GetElementPtrInst &gep) {
  const DataLayout &dl = *impl.dl;
  auto base = slotOf(gep.getPointerOperand()), d = slotOf(&gep);
  if (!base || !d)
    return fail(&gep, "bad operands");
  unsigned as = gep.getAddressSpace();
  if (as == 8)
    return fail(&gep, "getelementptr on a buffer resource");
  GepDesc g;
  g.fat = as == 7;
  g.ptrBits = g.fat ? 32 : dl.getIndexSizeInBits(as);
  g.vectorBase = gep.getPointerOperandType()->isVectorTy();
  g.termBegin = fc.gepTerms.size();
  unsigned n = elemCount(gep.getType());
  if (g.fat && n != 1)
    return fail(&gep, "vector getelementptr on buffer fat pointers");
  for (auto it = gep_type_begin(&gep), e = gep_type_end(&gep); it != e; ++it) {
    const Value *idx = it.getOperand();
    if (StructType *st = it.getStructTypeOrNull()) {
      unsigned field =
          cast<ConstantInt>(idx->getType()->isVectorTy()
                                ? cast<Constant>(idx)->getSplatValue()
                                : idx)
              ->getZExtValue();
      g.constOffset += dl.getStructLayout(st)->getElementOffset(field);
      continue;
    }
    int64_t stride = it.getSequentialElementStride(dl).getFixedValue();
    if (auto *ci = dyn_cast<ConstantInt>(idx)) {
      g.constOffset += ci->getSExtValue() * stride;
      continue;
    }
    if (auto *c = dyn_cast<Constant>(idx)) {
      if (auto *splat = dyn_cast_or_null<ConstantInt>(c->getSplatValue())) {
        g.constOffset += splat->getSExtValue() * stride;
        continue;
      }
    }
    auto s = slotOf(idx);
    if (!s)
      return s.takeError();
    GepTerm t;
    t.slot = *s;
    t.scale = stride;
    t.bits = idx->getType()->getScalarSizeInBits();
    t.vector = idx->getType()->isVectorTy();
    fc.gepTerms.push_back(t);
  }
  g.termEnd = fc.gepTerms.size();
  Op op;
  op.code = Opc::Gep;
  op.a = *base;
  op.dst = *d;
  op.n = n;
  op.aux = fc.geps.size();
  fc.geps.push_back(g);
  emit(op);
  return Error::success();
}

Error FunctionDecoder::lowerAtomicRMW(const AtomicRMWInst &rmw) {
  Op op;
  if (Error e =
          bindSlots(op, rmw, {rmw.getPointerOperand(), rmw.getValOperand()}))
    return e;
  auto leaf = elemLeaf(rmw.getValOperand()->getType());
  auto lay = getLayout(impl, rmw.getValOperand()->getType());
  if (!leaf || !lay)
    return fail(&rmw, "bad operands");
  // A vector only as gfx950's packed adds have it (global_atomic_pk_add_bf16
  // and _f16): two 16-bit floats, each added on its own.
  bool packedAdd = leaf->count == 2 && leaf->slotsPerElem == 1 &&
                   isFloatKind(leaf->kind) && leaf->bits == 16 &&
                   rmw.getOperation() == AtomicRMWInst::FAdd;
  if ((leaf->count != 1 && !packedAdd) || leaf->slotsPerElem != 1)
    return fail(&rmw, "atomicrmw on a vector (other than a packed add of "
                      "two 16-bit floats)");
  using B = AtomicRMWInst;
  static const std::pair<B::BinOp, RmwK> kRmw[] = {
      {B::Xchg, RmwK::Xchg},         {B::Add, RmwK::Add},
      {B::Sub, RmwK::Sub},           {B::And, RmwK::And},
      {B::Nand, RmwK::Nand},         {B::Or, RmwK::Or},
      {B::Xor, RmwK::Xor},           {B::Max, RmwK::Max},
      {B::Min, RmwK::Min},           {B::UMax, RmwK::UMax},
      {B::UMin, RmwK::UMin},         {B::FAdd, RmwK::FAdd},
      {B::FSub, RmwK::FSub},         {B::FMax, RmwK::FMax},
      {B::FMin, RmwK::FMin},         {B::FMaximum, RmwK::FMaximum},
      {B::FMinimum, RmwK::FMinimum}, {B::UIncWrap, RmwK::UIncWrap},
      {B::UDecWrap, RmwK::UDecWrap}, {B::USubCond, RmwK::USubCond},
      {B::USubSat, RmwK::USubSat}};
  std::optional<RmwK> k = lookup(kRmw, rmw.getOperation());
  if (!k)
    return fail(&rmw, "atomicrmw operation not supported");
  op.code = Opc::AtomicRMW;
  op.sub = uint8_t(*k);
  op.n = leaf->count;
  op.bits = isFloatKind(leaf->kind) ? uint8_t(leaf->kind) : leaf->bits;
  op.c = isFloatKind(leaf->kind) ? 1 : 0; // immediate: float flag
  return emitAccess(op, rmw.getPointerAddressSpace(), *lay, rmw.isVolatile());
}

Error FunctionDecoder::lowerCall(const CallInst &call) {
  const Function *callee = call.getCalledFunction();
  if (call.isInlineAsm())
    return fail(&call, "inline assembly is not supported");
  if (!callee)
    return fail(&call, "indirect calls are not supported");
  if (callee->isIntrinsic())
    return lowerIntrinsic(call);
  if (callee->isDeclaration())
    return lowerBuiltin(call);
  auto it = impl.funcIndex.find(callee);
  if (it == impl.funcIndex.end())
    return fail(&call, "callee not decoded");
  CallDesc cd;
  cd.callee = it->second;
  for (const Use &arg : call.args()) {
    auto s = slotOf(arg.get());
    auto lay = layoutOf(arg->getType());
    if (!s || !lay)
      return fail(&call, "bad argument");
    cd.argSlots.push_back(*s);
    cd.argSlotCounts.push_back((*lay)->slots);
  }
  Op op;
  op.code = Opc::Call;
  if (!call.getType()->isVoidTy()) {
    auto d = slotOf(&call);
    auto lay = layoutOf(call.getType());
    if (!d || !lay)
      return fail(&call, "bad result");
    op.dst = *d;
    cd.resultSlots = (*lay)->slots;
  }
  op.aux = fc.calls.size();
  fc.calls.push_back(std::move(cd));
  emit(op);
  return Error::success();
}

/// The device-library (ockl) work-item queries that MLIR's gpu-to-rocdl
/// lowering calls for gpu.block_dim / gpu.grid_dim; their meaning is fixed
/// by the OpenCL/HIP work-item functions.
Error FunctionDecoder::lowerBuiltin(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  OcklK k;
  if (name == "__ockl_get_local_id")
    k = OcklK::LocalId;
  else if (name == "__ockl_get_group_id")
    k = OcklK::GroupId;
  else if (name == "__ockl_get_local_size")
    k = OcklK::LocalSize;
  else if (name == "__ockl_get_num_groups")
    k = OcklK::NumGroups;
  else if (name == "__ockl_get_global_id")
    k = OcklK::GlobalId;
  else if (name == "__ockl_get_global_size")
    k = OcklK::GlobalSize;
  else
    return fail(&call, "call to an external function the emulator does not "
                       "provide (link the device library into the module or "
                       "avoid the call)");
  if (call.arg_size() != 1 || !call.getType()->isIntegerTy())
    return fail(&call, "unexpected signature of " + name);
  Op op;
  if (Error e = bindSlots(op, call, {call.getArgOperand(0)}))
    return e;
  op.code = Opc::Ockl;
  op.sub = uint8_t(k);
  op.bits = call.getType()->getIntegerBitWidth();
  emit(op);
  return Error::success();
}
