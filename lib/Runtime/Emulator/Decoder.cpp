//===- Decoder.cpp - Lower LLVM IR functions to emulator ops ---*- C++ -*-===//
//
// Assigns every SSA value a run of register slots and lowers each
// instruction to one or a few Ops with slot operands, so that execution never
// looks at llvm::Instruction again. Phis become parallel copies on the edges
// that enter their block. Anything the interpreter cannot run is an error
// here, at load time, naming the instruction.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace fp4::emu;

const char *fp4::emu::opcName(Opc o) {
  switch (o) {
#define FP4_EMU_NAME(N)                                                        \
  case Opc::N:                                                                 \
    return #N;
    FP4_EMU_OPCODES(FP4_EMU_NAME)
#undef FP4_EMU_NAME
  }
  return "?";
}

bool fp4::emu::isCrossLane(Opc o) {
  switch (o) {
  case Opc::ReadFirstLane:
  case Opc::ReadLane:
  case Opc::WriteLane:
  case Opc::Ballot:
  case Opc::Bpermute:
  case Opc::Permute:
  case Opc::Swizzle:
  case Opc::Dpp:
  case Opc::PermlaneSwap:
  case Opc::WaveReduce:
  case Opc::MfmaScale:
  case Opc::Barrier:
    return true;
  default:
    return false;
  }
}

std::string fp4::emu::describe(const Instruction *inst) {
  if (!inst)
    return "<no instruction>";
  std::string s;
  raw_string_ostream os(s);
  inst->print(os);
  std::string out = StringRef(s).trim().str();
  if (out.size() > 300)
    out = out.substr(0, 300) + "...";
  const Function *f = inst->getFunction();
  out += " (in @" + (f ? f->getName().str() : std::string("?"));
  if (inst->getParent() && inst->getParent()->hasName())
    out += ", block %" + inst->getParent()->getName().str();
  out += ")";
  return out;
}

//===----------------------------------------------------------------------===//
// Type layouts
//===----------------------------------------------------------------------===//

static Error typeError(Type *ty, StringRef why) {
  std::string s;
  raw_string_ostream os(s);
  ty->print(os);
  return createStringError("emulator: unsupported type '%s': %s", s.c_str(),
                           why.str().c_str());
}

static Expected<Leaf> scalarLeaf(Program::Impl &impl, Type *ty) {
  Leaf l;
  if (auto *it = dyn_cast<IntegerType>(ty)) {
    if (it->getBitWidth() > 64)
      return typeError(ty, "integers wider than 64 bits are not supported");
    l.kind = EK::Int;
    l.bits = it->getBitWidth();
    return l;
  }
  if (ty->isHalfTy()) {
    l.kind = EK::Half;
    l.bits = 16;
    return l;
  }
  if (ty->isBFloatTy()) {
    l.kind = EK::BF16;
    l.bits = 16;
    return l;
  }
  if (ty->isFloatTy()) {
    l.kind = EK::F32;
    l.bits = 32;
    return l;
  }
  if (ty->isDoubleTy()) {
    l.kind = EK::F64;
    l.bits = 64;
    return l;
  }
  if (auto *pt = dyn_cast<PointerType>(ty)) {
    unsigned as = pt->getAddressSpace();
    if (as == 8) {
      l.kind = EK::Rsrc;
      l.bits = 128;
      l.slotsPerElem = 2;
      return l;
    }
    if (as == 7) {
      l.kind = EK::Fat;
      l.bits = 160;
      l.slotsPerElem = 3;
      return l;
    }
    if (as != 0 && as != 1 && as != 3 && as != 4 && as != 5)
      return typeError(ty, "address space not supported by the emulator");
    l.kind = EK::Ptr;
    l.bits = impl.dl->getPointerSizeInBits(as);
    return l;
  }
  return typeError(ty, "not a scalar the emulator supports");
}

Expected<uint32_t> fp4::emu::getLayout(Program::Impl &impl, Type *ty) {
  auto it = impl.layoutIndex.find(ty);
  if (it != impl.layoutIndex.end())
    return it->second;
  TypeLayout lay;
  const DataLayout &dl = *impl.dl;
  if (ty->isVoidTy()) {
    // Empty layout.
  } else if (auto *vt = dyn_cast<FixedVectorType>(ty)) {
    auto leaf = scalarLeaf(impl, vt->getElementType());
    if (!leaf)
      return leaf.takeError();
    if (leaf->slotsPerElem != 1)
      return typeError(ty, "vectors of buffer pointers are not supported");
    leaf->count = vt->getNumElements();
    leaf->packed = leaf->bits % 8 != 0;
    lay.slots = leaf->count;
    lay.leaves.push_back(*leaf);
    lay.storeSize = dl.getTypeStoreSize(ty);
  } else if (auto *st = dyn_cast<StructType>(ty)) {
    const StructLayout *sl = dl.getStructLayout(st);
    for (unsigned i = 0; i < st->getNumElements(); ++i) {
      auto sub = getLayout(impl, st->getElementType(i));
      if (!sub)
        return sub.takeError();
      const TypeLayout &s = impl.layouts[*sub];
      for (Leaf l : s.leaves) {
        l.slot += lay.slots;
        l.memOffset += sl->getElementOffset(i);
        lay.leaves.push_back(l);
      }
      lay.slots += s.slots;
    }
    lay.storeSize = dl.getTypeStoreSize(ty);
  } else if (auto *at = dyn_cast<ArrayType>(ty)) {
    auto sub = getLayout(impl, at->getElementType());
    if (!sub)
      return sub.takeError();
    const TypeLayout s = impl.layouts[*sub];
    uint64_t stride = dl.getTypeAllocSize(at->getElementType());
    if (uint64_t(s.slots) * at->getNumElements() > 65536)
      return typeError(ty, "array value too large to hold in registers");
    for (uint64_t i = 0; i < at->getNumElements(); ++i) {
      for (Leaf l : s.leaves) {
        l.slot += lay.slots;
        l.memOffset += i * stride;
        lay.leaves.push_back(l);
      }
      lay.slots += s.slots;
    }
    lay.storeSize = dl.getTypeStoreSize(ty);
  } else {
    auto leaf = scalarLeaf(impl, ty);
    if (!leaf)
      return leaf.takeError();
    lay.slots = leaf->slotsPerElem;
    lay.leaves.push_back(*leaf);
    lay.storeSize = dl.getTypeStoreSize(ty);
  }
  uint32_t idx = impl.layouts.size();
  impl.layouts.push_back(std::move(lay));
  impl.layoutIndex[ty] = idx;
  return idx;
}

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

static unsigned elemCount(Type *ty) {
  if (auto *vt = dyn_cast<FixedVectorType>(ty))
    return vt->getNumElements();
  return 1;
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
      switch (bo->getOpcode()) {
      case Instruction::Add: op.code = Opc::Add; break;
      case Instruction::Sub: op.code = Opc::Sub; break;
      case Instruction::Mul: op.code = Opc::Mul; break;
      case Instruction::UDiv: op.code = Opc::UDiv; break;
      case Instruction::SDiv: op.code = Opc::SDiv; break;
      case Instruction::URem: op.code = Opc::URem; break;
      case Instruction::SRem: op.code = Opc::SRem; break;
      case Instruction::Shl: op.code = Opc::Shl; break;
      case Instruction::LShr: op.code = Opc::LShr; break;
      case Instruction::AShr: op.code = Opc::AShr; break;
      case Instruction::And: op.code = Opc::And; break;
      case Instruction::Or: op.code = Opc::Or; break;
      case Instruction::Xor: op.code = Opc::Xor; break;
      default:
        return fail(&inst, "integer operation on a non-integer");
      }
    } else if (isFloatKind(leaf->kind)) {
      op.code = Opc::FBin;
      op.bits = uint8_t(leaf->kind);
      switch (bo->getOpcode()) {
      case Instruction::FAdd: op.sub = uint8_t(FBinK::Add); break;
      case Instruction::FSub: op.sub = uint8_t(FBinK::Sub); break;
      case Instruction::FMul: op.sub = uint8_t(FBinK::Mul); break;
      case Instruction::FDiv: op.sub = uint8_t(FBinK::Div); break;
      case Instruction::FRem: op.sub = uint8_t(FBinK::Rem); break;
      default:
        return fail(&inst, "float operation on a non-float");
      }
    } else {
      return fail(&inst, "binary operation on unsupported element type");
    }
    emit(op);
    return Error::success();
  }

  switch (inst.getOpcode()) {
  case Instruction::FNeg: {
    auto leaf = elemLeaf(ty);
    auto a = S(inst.getOperand(0)), d = S(&inst);
    if (!leaf || !a || !d)
      return fail(&inst, "bad operands");
    op.code = Opc::FNeg;
    op.bits = uint8_t(leaf->kind);
    op.n = leaf->count;
    op.a = *a;
    op.dst = *d;
    emit(op);
    return Error::success();
  }
  case Instruction::ICmp:
  case Instruction::FCmp: {
    auto *cmp = cast<CmpInst>(&inst);
    auto leaf = elemLeaf(cmp->getOperand(0)->getType());
    if (!leaf)
      return fail(&inst, toString(leaf.takeError()));
    auto a = S(cmp->getOperand(0)), b = S(cmp->getOperand(1)), d = S(cmp);
    if (!a || !b || !d)
      return fail(&inst, "bad operands");
    op.a = *a;
    op.b = *b;
    op.dst = *d;
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
    auto c = S(sel->getCondition()), t = S(sel->getTrueValue()),
         f = S(sel->getFalseValue()), d = S(sel);
    auto lay = layoutOf(ty);
    if (!c || !t || !f || !d || !lay)
      return fail(&inst, "bad operands");
    op.code = Opc::Select;
    op.a = *c;
    op.b = *t;
    op.c = *f;
    op.dst = *d;
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
    auto v = S(ee->getVectorOperand()), i = S(ee->getIndexOperand()),
         d = S(ee);
    if (!v || !i || !d)
      return fail(&inst, "bad operands");
    op.code = Opc::ExtractElt;
    op.a = *v;
    op.b = *i;
    op.dst = *d;
    op.n = elemCount(ee->getVectorOperandType());
    op.bits = ee->getIndexOperand()->getType()->getIntegerBitWidth();
    emit(op);
    return Error::success();
  }
  case Instruction::InsertElement: {
    auto *ie = cast<InsertElementInst>(&inst);
    auto v = S(ie->getOperand(0)), e = S(ie->getOperand(1)),
         i = S(ie->getOperand(2)), d = S(ie);
    if (!v || !e || !i || !d)
      return fail(&inst, "bad operands");
    op.code = Opc::InsertElt;
    op.a = *v;
    op.b = *e;
    op.c = *i;
    op.dst = *d;
    op.n = elemCount(ty);
    op.bits = ie->getOperand(2)->getType()->getIntegerBitWidth();
    emit(op);
    return Error::success();
  }
  case Instruction::ShuffleVector: {
    auto *sv = cast<ShuffleVectorInst>(&inst);
    auto a = S(sv->getOperand(0)), b = S(sv->getOperand(1)), d = S(sv);
    if (!a || !b || !d)
      return fail(&inst, "bad operands");
    op.code = Opc::Shuffle;
    op.a = *a;
    op.b = *b;
    op.dst = *d;
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
    auto off = memberSlot(ev->getAggregateOperand()->getType(),
                          ev->getIndices());
    auto lay = layoutOf(ty);
    if (!a || !d || !off || !lay)
      return fail(&inst, "bad operands");
    op.code = Opc::Copy;
    op.a = *a + *off;
    op.dst = *d;
    op.n = (*lay)->slots;
    emit(op);
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
    op.code = Opc::Copy;
    op.a = *a;
    op.dst = *d;
    op.n = (*lay)->slots;
    emit(op);
    op.a = *v;
    op.dst = *d + *off;
    op.n = (*vlay)->slots;
    emit(op);
    return Error::success();
  }
  case Instruction::GetElementPtr:
    return lowerGep(cast<GetElementPtrInst>(inst));
  case Instruction::Load: {
    auto *ld = cast<LoadInst>(&inst);
    auto p = S(ld->getPointerOperand()), d = S(ld);
    auto lay = getLayout(impl, ty);
    if (!p || !d || !lay)
      return fail(&inst, "bad operands");
    if (ld->getPointerOperandType()->isVectorTy())
      return fail(&inst, "loads through vectors of pointers");
    op.code = Opc::Load;
    op.a = *p;
    op.dst = *d;
    op.aux = fc.mems.size();
    fc.mems.push_back({ld->getPointerAddressSpace(), *lay, ld->isVolatile()});
    emit(op);
    return Error::success();
  }
  case Instruction::Store: {
    auto *st = cast<StoreInst>(&inst);
    auto v = S(st->getValueOperand()), p = S(st->getPointerOperand());
    auto lay = getLayout(impl, st->getValueOperand()->getType());
    if (!v || !p || !lay)
      return fail(&inst, "bad operands");
    if (st->getPointerOperandType()->isVectorTy())
      return fail(&inst, "stores through vectors of pointers");
    op.code = Opc::Store;
    op.a = *v;
    op.b = *p;
    op.aux = fc.mems.size();
    fc.mems.push_back({st->getPointerAddressSpace(), *lay, st->isVolatile()});
    emit(op);
    return Error::success();
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
    auto p = S(cx->getPointerOperand()), c = S(cx->getCompareOperand()),
         n = S(cx->getNewValOperand()), d = S(cx);
    auto leaf = elemLeaf(cx->getCompareOperand()->getType());
    auto lay = getLayout(impl, cx->getCompareOperand()->getType());
    if (!p || !c || !n || !d || !leaf || !lay)
      return fail(&inst, "bad operands");
    if (leaf->count != 1 || leaf->slotsPerElem != 1)
      return fail(&inst, "cmpxchg on a non-scalar");
    op.code = Opc::CmpXchg;
    op.a = *p;
    op.b = *c;
    op.c = *n;
    op.dst = *d;
    op.bits = leaf->bits;
    op.aux = fc.mems.size();
    fc.mems.push_back({cx->getPointerAddressSpace(), *lay, cx->isVolatile()});
    emit(op);
    return Error::success();
  }
  case Instruction::Fence:
    // The emulator is sequentially consistent: fences order nothing more.
    return Error::success();
  case Instruction::Freeze: {
    auto a = S(inst.getOperand(0)), d = S(&inst);
    auto lay = layoutOf(ty);
    if (!a || !d || !lay)
      return fail(&inst, "bad operands");
    op.code = Opc::Copy;
    op.a = *a;
    op.dst = *d;
    op.n = (*lay)->slots;
    emit(op);
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
    op.code = Opc::Copy;
    op.n = (*dlay)->slots;
    emit(op);
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
      unsigned field = cast<ConstantInt>(idx->getType()->isVectorTy()
                                             ? cast<Constant>(idx)
                                                   ->getSplatValue()
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
  auto p = slotOf(rmw.getPointerOperand()), v = slotOf(rmw.getValOperand()),
       d = slotOf(&rmw);
  auto leaf = elemLeaf(rmw.getValOperand()->getType());
  auto lay = getLayout(impl, rmw.getValOperand()->getType());
  if (!p || !v || !d || !leaf || !lay)
    return fail(&rmw, "bad operands");
  if (leaf->count != 1 || leaf->slotsPerElem != 1)
    return fail(&rmw, "atomicrmw on a vector");
  RmwK k;
  switch (rmw.getOperation()) {
  case AtomicRMWInst::Xchg: k = RmwK::Xchg; break;
  case AtomicRMWInst::Add: k = RmwK::Add; break;
  case AtomicRMWInst::Sub: k = RmwK::Sub; break;
  case AtomicRMWInst::And: k = RmwK::And; break;
  case AtomicRMWInst::Nand: k = RmwK::Nand; break;
  case AtomicRMWInst::Or: k = RmwK::Or; break;
  case AtomicRMWInst::Xor: k = RmwK::Xor; break;
  case AtomicRMWInst::Max: k = RmwK::Max; break;
  case AtomicRMWInst::Min: k = RmwK::Min; break;
  case AtomicRMWInst::UMax: k = RmwK::UMax; break;
  case AtomicRMWInst::UMin: k = RmwK::UMin; break;
  case AtomicRMWInst::FAdd: k = RmwK::FAdd; break;
  case AtomicRMWInst::FSub: k = RmwK::FSub; break;
  case AtomicRMWInst::FMax: k = RmwK::FMax; break;
  case AtomicRMWInst::FMin: k = RmwK::FMin; break;
  case AtomicRMWInst::FMaximum: k = RmwK::FMaximum; break;
  case AtomicRMWInst::FMinimum: k = RmwK::FMinimum; break;
  case AtomicRMWInst::UIncWrap: k = RmwK::UIncWrap; break;
  case AtomicRMWInst::UDecWrap: k = RmwK::UDecWrap; break;
  case AtomicRMWInst::USubCond: k = RmwK::USubCond; break;
  case AtomicRMWInst::USubSat: k = RmwK::USubSat; break;
  default:
    return fail(&rmw, "atomicrmw operation not supported");
  }
  Op op;
  op.code = Opc::AtomicRMW;
  op.sub = uint8_t(k);
  op.a = *p;
  op.b = *v;
  op.dst = *d;
  op.bits = isFloatKind(leaf->kind) ? uint8_t(leaf->kind) : leaf->bits;
  op.c = isFloatKind(leaf->kind) ? 1 : 0; // immediate: float flag
  op.aux = fc.mems.size();
  fc.mems.push_back({rmw.getPointerAddressSpace(), *lay, rmw.isVolatile()});
  emit(op);
  return Error::success();
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
  auto a = slotOf(call.getArgOperand(0)), d = slotOf(&call);
  if (!a || !d)
    return fail(&call, "bad operands");
  Op op;
  op.code = Opc::Ockl;
  op.sub = uint8_t(k);
  op.a = *a;
  op.dst = *d;
  op.bits = call.getType()->getIntegerBitWidth();
  emit(op);
  return Error::success();
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
