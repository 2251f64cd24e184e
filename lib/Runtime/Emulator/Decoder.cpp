//===- Decoder.cpp - Lower LLVM IR functions to emulator ops ---*- C++ -*-===//
//
// Assigns every SSA value a run of register slots and lowers each
// instruction to one or a few Ops with slot operands, so that execution never
// looks at llvm::Instruction again. Phis become parallel copies on the edges
// that enter their block. Anything the interpreter cannot run is an error
// here, at load time, naming the instruction. Casts, GEPs, atomics and calls
// are in DecodeOps.cpp, intrinsics in DecodeIntrinsics.cpp.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace fp4::emu;

//===----------------------------------------------------------------------===//
// FunctionDecoder
//===----------------------------------------------------------------------===//

Error FunctionDecoder::fail(const Instruction *inst, const Twine &why) {
  return createStringError("emulator: cannot run %s: %s",
                           describe(inst).c_str(), why.str().c_str());
}

Expected<const TypeLayout *> FunctionDecoder::layoutOf(Type *ty) {
  auto idx = getLayout(impl, ty);
  if (!idx)
    return idx.takeError();
  return &impl.layouts[*idx];
}

uint32_t FunctionDecoder::newSlots(uint32_t n) {
  uint32_t s = fc.numSlots;
  fc.numSlots += n;
  return s;
}

Expected<uint32_t> FunctionDecoder::slotOf(const Value *v) {
  auto it = slots.find(v);
  if (it != slots.end())
    return it->second;
  if (auto *c = dyn_cast<Constant>(v)) {
    auto lay = layoutOf(c->getType());
    if (!lay)
      return lay.takeError();
    uint32_t s = newSlots((*lay)->slots);
    slots[v] = s;
    fc.constants.push_back({s, c});
    return s;
  }
  if (isa<InlineAsm>(v))
    return createStringError("emulator: inline assembly is not supported "
                             "(in @%s)",
                             fc.name.c_str());
  std::string s;
  raw_string_ostream os(s);
  v->print(os);
  return createStringError("emulator: operand '%s' in @%s has no value",
                           s.c_str(), fc.name.c_str());
}

uint32_t FunctionDecoder::emit(Op op) {
  op.inst = curInst;
  fc.ops.push_back(op);
  return fc.ops.size() - 1;
}

Error FunctionDecoder::bindSlots(
    Op &op, const Instruction &inst,
    std::initializer_list<const Value *> operands) {
  assert(operands.size() <= 3 && "more operands than Op has fields");
  uint32_t *fields[] = {&op.a, &op.b, &op.c};
  unsigned i = 0;
  for (const Value *v : operands) {
    auto s = slotOf(v);
    if (!s) {
      consumeError(s.takeError());
      return fail(&inst, "bad operands");
    }
    *fields[i++] = *s;
  }
  if (inst.getType()->isVoidTy())
    return Error::success();
  auto d = slotOf(&inst);
  if (!d) {
    consumeError(d.takeError());
    return fail(&inst, "bad operands");
  }
  op.dst = *d;
  return Error::success();
}

Error FunctionDecoder::emitAccess(Op op, unsigned addrSpace, uint32_t layout,
                                  bool isVolatile) {
  op.aux = fc.mems.size();
  fc.mems.push_back({addrSpace, layout, isVolatile});
  emit(op);
  return Error::success();
}

void FunctionDecoder::emitCopy(uint32_t src, uint32_t dst, uint32_t slots) {
  Op op;
  op.code = Opc::Copy;
  op.a = src;
  op.dst = dst;
  op.n = slots;
  emit(op);
}

Expected<Leaf> FunctionDecoder::elemLeaf(Type *ty) {
  auto lay = layoutOf(ty);
  if (!lay)
    return lay.takeError();
  if ((*lay)->leaves.size() != 1)
    return typeError(ty, "expected a scalar or vector type");
  return (*lay)->leaves[0];
}

Expected<uint32_t> FunctionDecoder::edgeTo(const BasicBlock *from,
                                           const BasicBlock *to) {
  Edge e;
  e.target = 0; // patched once block starts are known
  e.copyBegin = fc.copies.size();
  for (const PHINode &phi : to->phis()) {
    auto dst = slotOf(&phi);
    if (!dst)
      return dst.takeError();
    const Value *in = phi.getIncomingValueForBlock(from);
    auto src = slotOf(in);
    if (!src)
      return src.takeError();
    auto lay = layoutOf(phi.getType());
    if (!lay)
      return lay.takeError();
    for (uint32_t i = 0; i < (*lay)->slots; ++i)
      fc.copies.push_back({*dst + i, *src + i});
  }
  e.copyEnd = fc.copies.size();
  llvm::DenseSet<uint32_t> written;
  for (uint32_t i = e.copyBegin; i < e.copyEnd; ++i)
    written.insert(fc.copies[i].dst);
  for (uint32_t i = e.copyBegin; i < e.copyEnd; ++i)
    if (written.count(fc.copies[i].src))
      e.needTemp = true;
  uint32_t idx = fc.edges.size();
  fc.edges.push_back(e);
  edgeTargets.push_back(to);
  return idx;
}

Error FunctionDecoder::run() {
  const Function &f = *fc.fn;
  // Blocks in reverse post-order: forward edges go to larger pcs.
  ReversePostOrderTraversal<const Function *> rpo(&f);
  std::vector<const BasicBlock *> order(rpo.begin(), rpo.end());

  // Slots: parameters, then every value-producing instruction.
  for (const Argument &arg : f.args()) {
    auto lay = getLayout(impl, arg.getType());
    if (!lay)
      return lay.takeError();
    uint32_t s = newSlots(impl.layouts[*lay].slots);
    slots[&arg] = s;
    fc.argSlots.push_back(s);
    fc.argLayouts.push_back(*lay);
  }
  for (const BasicBlock *bb : order)
    for (const Instruction &inst : *bb) {
      if (inst.getType()->isVoidTy())
        continue;
      auto lay = layoutOf(inst.getType());
      if (!lay)
        return fail(&inst, toString(lay.takeError()));
      slots[&inst] = newSlots((*lay)->slots);
    }
  if (!f.getReturnType()->isVoidTy()) {
    auto lay = layoutOf(f.getReturnType());
    if (!lay)
      return lay.takeError();
    fc.retSlots = (*lay)->slots;
  }

  llvm::DenseMap<const BasicBlock *, uint32_t> blockPc;
  for (const BasicBlock *bb : order) {
    blockPc[bb] = fc.ops.size();
    for (const Instruction &inst : *bb) {
      if (isa<PHINode>(inst))
        continue;
      curInst = fc.insts.size();
      fc.insts.push_back(&inst);
      if (Error e = lower(inst))
        return e;
    }
  }
  for (size_t i = 0; i < fc.edges.size(); ++i)
    fc.edges[i].target = blockPc[edgeTargets[i]];
  return Error::success();
}

Error FunctionDecoder::lower(const Instruction &inst) {
  auto S = [&](const Value *v) { return slotOf(v); };
  Op op;
  Type *ty = inst.getType();

  if (auto *bo = dyn_cast<BinaryOperator>(&inst)) {
    auto a = S(bo->getOperand(0)), b = S(bo->getOperand(1)), d = S(bo);
    if (!a || !b || !d)
      return joinErrors(joinErrors(a.takeError(), b.takeError()),
                        d.takeError());
    auto leaf = elemLeaf(ty);
    if (!leaf)
      return fail(&inst, toString(leaf.takeError()));
    op.a = *a;
    op.b = *b;
    op.dst = *d;
    op.n = leaf->count;
    if (leaf->kind == EK::Int) {
      op.bits = leaf->bits;
      static const std::pair<unsigned, Opc> kIntOps[] = {
          {Instruction::Add, Opc::Add},   {Instruction::Sub, Opc::Sub},
          {Instruction::Mul, Opc::Mul},   {Instruction::UDiv, Opc::UDiv},
          {Instruction::SDiv, Opc::SDiv}, {Instruction::URem, Opc::URem},
          {Instruction::SRem, Opc::SRem}, {Instruction::Shl, Opc::Shl},
          {Instruction::LShr, Opc::LShr}, {Instruction::AShr, Opc::AShr},
          {Instruction::And, Opc::And},   {Instruction::Or, Opc::Or},
          {Instruction::Xor, Opc::Xor}};
      std::optional<Opc> code = lookup(kIntOps, bo->getOpcode());
      if (!code)
        return fail(&inst, "integer operation on a non-integer");
      op.code = *code;
    } else if (isFloatKind(leaf->kind)) {
      op.code = Opc::FBin;
      op.bits = uint8_t(leaf->kind);
      static const std::pair<unsigned, FBinK> kFloatOps[] = {
          {Instruction::FAdd, FBinK::Add},
          {Instruction::FSub, FBinK::Sub},
          {Instruction::FMul, FBinK::Mul},
          {Instruction::FDiv, FBinK::Div},
          {Instruction::FRem, FBinK::Rem}};
      std::optional<FBinK> k = lookup(kFloatOps, bo->getOpcode());
      if (!k)
        return fail(&inst, "float operation on a non-float");
      op.sub = uint8_t(*k);
    } else {
      return fail(&inst, "binary operation on unsupported element type");
    }
    emit(op);
    return Error::success();
  }

  switch (inst.getOpcode()) {
  case Instruction::FNeg: {
    auto leaf = elemLeaf(ty);
    if (Error e = bindSlots(op, inst, {inst.getOperand(0)}))
      return e;
    if (!leaf)
      return fail(&inst, "bad operands");
    op.code = Opc::FNeg;
    op.bits = uint8_t(leaf->kind);
    op.n = leaf->count;
    emit(op);
    return Error::success();
  }
  case Instruction::ICmp:
  case Instruction::FCmp: {
    auto *cmp = cast<CmpInst>(&inst);
    auto leaf = elemLeaf(cmp->getOperand(0)->getType());
    if (!leaf)
      return fail(&inst, toString(leaf.takeError()));
    if (Error e = bindSlots(op, inst, {cmp->getOperand(0), cmp->getOperand(1)}))
      return e;
    op.n = leaf->count;
    op.sub = uint8_t(cmp->getPredicate());
    if (inst.getOpcode() == Instruction::ICmp) {
      if (leaf->kind != EK::Int && leaf->kind != EK::Ptr)
        return fail(&inst, "icmp on unsupported type");
      op.code = Opc::ICmp;
      op.bits = leaf->bits;
    } else {
      op.code = Opc::FCmp;
      op.bits = uint8_t(leaf->kind);
    }
    emit(op);
    return Error::success();
  }
  case Instruction::Select: {
    auto *sel = cast<SelectInst>(&inst);
    if (Error e = bindSlots(
            op, inst,
            {sel->getCondition(), sel->getTrueValue(), sel->getFalseValue()}))
      return e;
    auto lay = layoutOf(ty);
    if (!lay)
      return fail(&inst, "bad operands");
    op.code = Opc::Select;
    op.n = (*lay)->slots;
    op.sub = sel->getCondition()->getType()->isVectorTy() ? 0 : 1;
    emit(op);
    return Error::success();
  }
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::FPTrunc:
  case Instruction::FPExt:
  case Instruction::FPToUI:
  case Instruction::FPToSI:
  case Instruction::UIToFP:
  case Instruction::SIToFP:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
    return lowerCast(cast<CastInst>(inst));
  case Instruction::ExtractElement: {
    auto *ee = cast<ExtractElementInst>(&inst);
    if (Error e = bindSlots(op, inst,
                            {ee->getVectorOperand(), ee->getIndexOperand()}))
      return e;
    op.code = Opc::ExtractElt;
    op.n = elemCount(ee->getVectorOperandType());
    op.bits = ee->getIndexOperand()->getType()->getIntegerBitWidth();
    emit(op);
    return Error::success();
  }
  case Instruction::InsertElement: {
    auto *ie = cast<InsertElementInst>(&inst);
    if (Error e = bindSlots(
            op, inst,
            {ie->getOperand(0), ie->getOperand(1), ie->getOperand(2)}))
      return e;
    op.code = Opc::InsertElt;
    op.n = elemCount(ty);
    op.bits = ie->getOperand(2)->getType()->getIntegerBitWidth();
    emit(op);
    return Error::success();
  }
  case Instruction::ShuffleVector: {
    auto *sv = cast<ShuffleVectorInst>(&inst);
    if (Error e = bindSlots(op, inst, {sv->getOperand(0), sv->getOperand(1)}))
      return e;
    op.code = Opc::Shuffle;
    op.n = elemCount(ty);
    op.c = elemCount(sv->getOperand(0)->getType()); // immediate: input length
    op.aux = fc.shuffleMasks.size();
    for (int m : sv->getShuffleMask())
      fc.shuffleMasks.push_back(m);
    emit(op);
    return Error::success();
  }
  case Instruction::ExtractValue: {
    auto *ev = cast<ExtractValueInst>(&inst);
    auto a = S(ev->getAggregateOperand()), d = S(ev);
    auto off =
        memberSlot(ev->getAggregateOperand()->getType(), ev->getIndices());
    auto lay = layoutOf(ty);
    if (!a || !d || !off || !lay)
      return fail(&inst, "bad operands");
    emitCopy(*a + *off, *d, (*lay)->slots);
    return Error::success();
  }
  case Instruction::InsertValue: {
    auto *iv = cast<InsertValueInst>(&inst);
    auto a = S(iv->getAggregateOperand()), v = S(iv->getInsertedValueOperand()),
         d = S(iv);
    auto off = memberSlot(ty, iv->getIndices());
    auto lay = layoutOf(ty);
    auto vlay = layoutOf(iv->getInsertedValueOperand()->getType());
    if (!a || !v || !d || !off || !lay || !vlay)
      return fail(&inst, "bad operands");
    emitCopy(*a, *d, (*lay)->slots);
    emitCopy(*v, *d + *off, (*vlay)->slots);
    return Error::success();
  }
  case Instruction::GetElementPtr:
    return lowerGep(cast<GetElementPtrInst>(inst));
  case Instruction::Load:
  case Instruction::Store: {
    // load: dst = *a; store: *b = a.
    bool isStore = isa<StoreInst>(inst);
    const Value *val = isStore ? inst.getOperand(0) : &inst;
    const Value *ptr = getLoadStorePointerOperand(&inst);
    auto v = S(val), p = S(ptr);
    auto lay = getLayout(impl, val->getType());
    if (!v || !p || !lay)
      return fail(&inst, "bad operands");
    if (ptr->getType()->isVectorTy())
      return fail(&inst, Twine(isStore ? "stores" : "loads") +
                             " through vectors of pointers");
    op.code = isStore ? Opc::Store : Opc::Load;
    op.a = isStore ? *v : *p;
    if (isStore)
      op.b = *p;
    else
      op.dst = *v;
    return emitAccess(op, getLoadStoreAddressSpace(&inst), *lay,
                      inst.isVolatile());
  }
  case Instruction::Alloca: {
    auto *al = cast<AllocaInst>(&inst);
    if (al->getAddressSpace() != 5)
      return fail(&inst, "alloca outside addrspace(5)");
    auto d = S(al);
    if (!d)
      return d.takeError();
    uint64_t elemSize = impl.dl->getTypeAllocSize(al->getAllocatedType());
    op.code = Opc::Alloca;
    op.dst = *d;
    op.bits = Log2(al->getAlign());
    if (auto *cnt = dyn_cast<ConstantInt>(al->getArraySize())) {
      op.aux = uint32_t(elemSize * cnt->getZExtValue());
    } else {
      auto c = S(al->getArraySize());
      if (!c)
        return c.takeError();
      op.a = *c;
      op.aux = uint32_t(elemSize);
      op.sub = al->getArraySize()->getType()->getIntegerBitWidth();
    }
    emit(op);
    return Error::success();
  }
  case Instruction::AtomicRMW:
    return lowerAtomicRMW(cast<AtomicRMWInst>(inst));
  case Instruction::AtomicCmpXchg: {
    auto *cx = cast<AtomicCmpXchgInst>(&inst);
    if (Error e = bindSlots(op, inst,
                            {cx->getPointerOperand(), cx->getCompareOperand(),
                             cx->getNewValOperand()}))
      return e;
    auto leaf = elemLeaf(cx->getCompareOperand()->getType());
    auto lay = getLayout(impl, cx->getCompareOperand()->getType());
    if (!leaf || !lay)
      return fail(&inst, "bad operands");
    if (leaf->count != 1 || leaf->slotsPerElem != 1)
      return fail(&inst, "cmpxchg on a non-scalar");
    op.code = Opc::CmpXchg;
    op.bits = leaf->bits;
    return emitAccess(op, cx->getPointerAddressSpace(), *lay, cx->isVolatile());
  }
  case Instruction::Fence:
    // The emulator is sequentially consistent: fences order nothing more.
    return Error::success();
  case Instruction::Freeze: {
    auto a = S(inst.getOperand(0)), d = S(&inst);
    auto lay = layoutOf(ty);
    if (!a || !d || !lay)
      return fail(&inst, "bad operands");
    emitCopy(*a, *d, (*lay)->slots);
    return Error::success();
  }
  case Instruction::Br: {
    auto *br = cast<BranchInst>(&inst);
    if (br->isUnconditional()) {
      auto e = edgeTo(br->getParent(), br->getSuccessor(0));
      if (!e)
        return e.takeError();
      op.code = Opc::Br;
      op.aux = *e;
      emit(op);
      return Error::success();
    }
    auto c = S(br->getCondition());
    auto et = edgeTo(br->getParent(), br->getSuccessor(0));
    auto ef = edgeTo(br->getParent(), br->getSuccessor(1));
    if (!c || !et || !ef)
      return fail(&inst, "bad operands");
    op.code = Opc::CondBr;
    op.a = *c;
    op.aux = *et;
    op.b = *ef; // immediate: edge index
    emit(op);
    return Error::success();
  }
  case Instruction::Switch: {
    auto *sw = cast<SwitchInst>(&inst);
    auto c = S(sw->getCondition());
    if (!c)
      return c.takeError();
    SwitchTable tab;
    auto def = edgeTo(sw->getParent(), sw->getDefaultDest());
    if (!def)
      return def.takeError();
    tab.defaultEdge = *def;
    for (auto &cs : sw->cases()) {
      auto e = edgeTo(sw->getParent(), cs.getCaseSuccessor());
      if (!e)
        return e.takeError();
      tab.cases.push_back({cs.getCaseValue()->getZExtValue(), *e});
    }
    op.code = Opc::Switch;
    op.a = *c;
    op.aux = fc.switches.size();
    fc.switches.push_back(std::move(tab));
    emit(op);
    return Error::success();
  }
  case Instruction::Ret: {
    auto *ret = cast<ReturnInst>(&inst);
    op.code = Opc::Ret;
    if (Value *v = ret->getReturnValue()) {
      auto s = S(v);
      if (!s)
        return s.takeError();
      op.a = *s;
      op.n = fc.retSlots;
    } else {
      op.n = 0;
    }
    emit(op);
    return Error::success();
  }
  case Instruction::Unreachable:
    op.code = Opc::Unreachable;
    emit(op);
    return Error::success();
  case Instruction::Call:
    return lowerCall(cast<CallInst>(inst));
  default:
    break;
  }
  return fail(&inst, "instruction not supported by the emulator");
}

Expected<uint32_t> FunctionDecoder::memberSlot(Type *aggTy,
                                               ArrayRef<unsigned> indices) {
  uint32_t off = 0;
  Type *cur = aggTy;
  for (unsigned idx : indices) {
    if (auto *st = dyn_cast<StructType>(cur)) {
      for (unsigned i = 0; i < idx; ++i) {
        auto lay = layoutOf(st->getElementType(i));
        if (!lay)
          return lay.takeError();
        off += (*lay)->slots;
      }
      cur = st->getElementType(idx);
    } else if (auto *at = dyn_cast<ArrayType>(cur)) {
      auto lay = layoutOf(at->getElementType());
      if (!lay)
        return lay.takeError();
      off += idx * (*lay)->slots;
      cur = at->getElementType();
    } else {
      return typeError(aggTy, "bad aggregate index");
    }
  }
  return off;
}

Error fp4::emu::decodeModule(Program::Impl &impl) {
  Module &m = *impl.module;
  for (Function &f : m) {
    if (f.isDeclaration())
      continue;
    impl.funcIndex[&f] = impl.funcs.size();
    FuncCode fc;
    fc.name = f.getName().str();
    fc.fn = &f;
    impl.funcs.push_back(std::move(fc));
  }
  for (FuncCode &fc : impl.funcs) {
    FunctionDecoder dec(impl, fc);
    if (Error e = dec.run())
      return e;
  }
  return Error::success();
}
