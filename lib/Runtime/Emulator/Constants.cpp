//===- Constants.cpp - Globals and constant operands -----------*- C++ -*-===//
//
// Lays out the module's global variables (LDS variables per kernel, the
// others in a module segment of global memory) and evaluates the constant
// operands of every function into register-slot images.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace fp4::emu;

static Error constError(const Constant *c, StringRef why) {
  std::string s;
  raw_string_ostream os(s);
  c->print(os);
  if (s.size() > 200)
    s = s.substr(0, 200) + "...";
  return createStringError("emulator: cannot evaluate constant '%s': %s",
                           s.c_str(), why.str().c_str());
}

static uint64_t maskBits(uint64_t v, unsigned bits) {
  return bits >= 64 ? v : v & ((uint64_t(1) << bits) - 1);
}

namespace {
/// Evaluates constants to slot values, for one kernel (LDS addresses depend
/// on the kernel's LDS layout).
class ConstEval {
public:
  ConstEval(Program::Impl &impl, const KernelCode *k) : impl(impl), k(k) {}

  Error into(const Constant *c, uint64_t *out) {
    Type *ty = c->getType();
    if (isa<UndefValue>(c) || isa<ConstantAggregateZero>(c) ||
        isa<ConstantPointerNull>(c) || isa<ConstantTokenNone>(c)) {
      auto lay = getLayout(impl, ty);
      if (!lay)
        return lay.takeError();
      for (uint32_t i = 0; i < impl.layouts[*lay].slots; ++i)
        out[i] = 0;
      return Error::success();
    }
    if (auto *cds = dyn_cast<ConstantDataSequential>(c)) {
      auto elay = getLayout(impl, cds->getElementType());
      if (!elay)
        return elay.takeError();
      uint32_t step = impl.layouts[*elay].slots;
      for (unsigned i = 0; i < cds->getNumElements(); ++i)
        if (Error e = into(cds->getElementAsConstant(i), out + i * step))
          return e;
      return Error::success();
    }
    if (isa<ConstantVector>(c) || isa<ConstantArray>(c) ||
        isa<ConstantStruct>(c)) {
      uint32_t off = 0;
      for (unsigned i = 0; i < c->getNumOperands(); ++i) {
        auto *e = cast<Constant>(c->getOperand(i));
        if (Error err = into(e, out + off))
          return err;
        auto lay = getLayout(impl, e->getType());
        if (!lay)
          return lay.takeError();
        off += impl.layouts[*lay].slots;
      }
      return Error::success();
    }
    if (ty->isVectorTy())
      return constError(c, "unsupported vector constant");
    auto v = scalar(c);
    if (!v)
      return v.takeError();
    out[0] = *v;
    return Error::success();
  }

  Expected<uint64_t> scalar(const Constant *c) {
    if (auto *ci = dyn_cast<ConstantInt>(c)) {
      if (ci->getBitWidth() > 64)
        return constError(c, "integer wider than 64 bits");
      return ci->getZExtValue();
    }
    if (auto *cf = dyn_cast<ConstantFP>(c))
      return cf->getValueAPF().bitcastToAPInt().getZExtValue();
    if (isa<UndefValue>(c) || isa<ConstantPointerNull>(c) ||
        isa<ConstantAggregateZero>(c))
      return 0;
    if (auto *gv = dyn_cast<GlobalVariable>(c))
      return globalAddress(gv);
    if (auto *ce = dyn_cast<ConstantExpr>(c))
      return expr(ce);
    if (isa<Function>(c))
      return constError(c, "function pointers are not supported");
    return constError(c, "unsupported constant kind");
  }

  Expected<uint64_t> globalAddress(const GlobalVariable *gv) {
    if (gv->getAddressSpace() == 3) {
      if (!k)
        return constError(gv, "LDS variable used outside a kernel's reach");
      auto it = k->ldsOffsets.find(gv);
      if (it == k->ldsOffsets.end())
        return constError(gv, "LDS variable without a placement");
      return uint64_t(it->second);
    }
    auto it = impl.globalAddrs.find(gv);
    if (it == impl.globalAddrs.end())
      return constError(gv, "global variable without storage (external?)");
    return it->second;
  }

  Expected<uint64_t> expr(const ConstantExpr *ce) {
    const DataLayout &dl = *impl.dl;
    unsigned bits =
        ce->getType()->isPointerTy()
            ? dl.getPointerSizeInBits(ce->getType()->getPointerAddressSpace())
            : ce->getType()->getScalarSizeInBits();
    switch (ce->getOpcode()) {
    case Instruction::GetElementPtr: {
      auto *gep = cast<GEPOperator>(ce);
      auto base = scalar(cast<Constant>(gep->getPointerOperand()));
      if (!base)
        return base.takeError();
      unsigned as = gep->getPointerAddressSpace();
      APInt off(dl.getIndexSizeInBits(as), 0);
      if (!gep->accumulateConstantOffset(dl, off))
        return constError(ce, "non-constant getelementptr offset");
      return maskBits(*base + off.getSExtValue(), bits);
    }
    case Instruction::BitCast:
    case Instruction::IntToPtr:
    case Instruction::PtrToInt:
    case Instruction::Trunc: {
      if (ce->getType()->isVectorTy() ||
          ce->getOperand(0)->getType()->isVectorTy())
        return constError(ce, "vector constant expression");
      auto v = scalar(ce->getOperand(0));
      if (!v)
        return v.takeError();
      return maskBits(*v, bits);
    }
    case Instruction::AddrSpaceCast: {
      auto v = scalar(ce->getOperand(0));
      if (!v)
        return v.takeError();
      unsigned from = ce->getOperand(0)->getType()->getPointerAddressSpace();
      unsigned to = ce->getType()->getPointerAddressSpace();
      if (from == 3 && to == 0)
        return kLdsAperture + *v;
      if (from == 5 && to == 0)
        return kPrivAperture + *v;
      if (to == 3 && *v >= kLdsAperture && *v < kLdsAperture + kApertureSize)
        return *v - kLdsAperture;
      return maskBits(*v, bits);
    }
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Xor: {
      auto a = scalar(ce->getOperand(0)), b = scalar(ce->getOperand(1));
      if (!a || !b)
        return joinErrors(a.takeError(), b.takeError());
      uint64_t r = ce->getOpcode() == Instruction::Add   ? *a + *b
                   : ce->getOpcode() == Instruction::Sub ? *a - *b
                                                         : *a ^ *b;
      return maskBits(r, bits);
    }
    default:
      return constError(ce, "unsupported constant expression");
    }
  }

  /// Memory image of `c` at `dst` (zero-initialized by the caller).
  Error bytes(const Constant *c, uint8_t *dst) {
    const DataLayout &dl = *impl.dl;
    Type *ty = c->getType();
    if (isa<UndefValue>(c) || isa<ConstantAggregateZero>(c) ||
        isa<ConstantPointerNull>(c))
      return Error::success();
    if (auto *cds = dyn_cast<ConstantDataSequential>(c)) {
      if (cds->getElementByteSize() * 8 !=
          cds->getElementType()->getPrimitiveSizeInBits())
        return constError(c, "sub-byte element initializer");
      StringRef raw = cds->getRawDataValues();
      std::memcpy(dst, raw.data(), raw.size());
      return Error::success();
    }
    if (auto *st = dyn_cast<ConstantStruct>(c)) {
      const StructLayout *sl = dl.getStructLayout(st->getType());
      for (unsigned i = 0; i < st->getNumOperands(); ++i)
        if (Error e = bytes(st->getOperand(i), dst + sl->getElementOffset(i)))
          return e;
      return Error::success();
    }
    if (isa<ConstantArray>(c) || isa<ConstantVector>(c)) {
      Type *et = isa<ConstantArray>(c) ? cast<ArrayType>(ty)->getElementType()
                                       : cast<VectorType>(ty)->getElementType();
      if (isa<ConstantVector>(c) && et->getPrimitiveSizeInBits() % 8)
        return constError(c, "sub-byte vector initializer");
      uint64_t stride = isa<ConstantArray>(c) ? dl.getTypeAllocSize(et)
                                              : dl.getTypeStoreSize(et);
      for (unsigned i = 0; i < c->getNumOperands(); ++i)
        if (Error e = bytes(cast<Constant>(c->getOperand(i)), dst + i * stride))
          return e;
      return Error::success();
    }
    auto v = scalar(c);
    if (!v)
      return v.takeError();
    uint64_t size = dl.getTypeStoreSize(ty);
    if (size > 8)
      return constError(c, "scalar initializer wider than 8 bytes");
    std::memcpy(dst, &*v, size); // little-endian host and device
    return Error::success();
  }

private:
  Program::Impl &impl;
  const KernelCode *k;
};
} // namespace

Error fp4::emu::evalConstant(Program::Impl &impl, const KernelCode *k,
                             const Constant *c, std::vector<uint64_t> &out) {
  auto lay = getLayout(impl, c->getType());
  if (!lay)
    return lay.takeError();
  out.assign(impl.layouts[*lay].slots, 0);
  return ConstEval(impl, k).into(c, out.data());
}

Error fp4::emu::layoutGlobals(Program::Impl &impl) {
  const DataLayout &dl = *impl.dl;
  uint64_t offset = 0;
  for (GlobalVariable &gv : impl.module->globals()) {
    unsigned as = gv.getAddressSpace();
    if (as == 3)
      continue;
    if (as != 0 && as != 1 && as != 4)
      return constError(&gv, "global variable in an unsupported address space");
    if (gv.isDeclaration()) {
      if (gv.use_empty())
        continue;
      return constError(&gv, "external global variable has no definition");
    }
    uint64_t align = dl.getPreferredAlign(&gv).value();
    offset = alignTo(offset, std::max<uint64_t>(align, 256));
    impl.globalAddrs[&gv] = kModuleBase + offset;
    offset += std::max<uint64_t>(dl.getTypeAllocSize(gv.getValueType()), 1);
    offset += 4096; // unmapped gap: overruns of one global are caught
  }
  impl.moduleSegment.assign(offset, 0);
  ConstEval ev(impl, nullptr);
  for (GlobalVariable &gv : impl.module->globals()) {
    auto it = impl.globalAddrs.find(&gv);
    if (it == impl.globalAddrs.end() || !gv.hasInitializer())
      continue;
    uint8_t *dst = impl.moduleSegment.data() + (it->second - kModuleBase);
    if (Error e = ev.bytes(gv.getInitializer(), dst))
      return e;
  }
  return Error::success();
}

static void collectLds(const Constant *c,
                       SmallPtrSetImpl<const GlobalVariable *> &out,
                       SmallPtrSetImpl<const Constant *> &seen) {
  if (!seen.insert(c).second)
    return;
  if (auto *gv = dyn_cast<GlobalVariable>(c)) {
    if (gv->getAddressSpace() == 3)
      out.insert(gv);
    return;
  }
  for (const Use &u : c->operands())
    if (auto *cc = dyn_cast<Constant>(u.get()))
      collectLds(cc, out, seen);
}

Error fp4::emu::buildKernelConstants(Program::Impl &impl, KernelCode &k) {
  const DataLayout &dl = *impl.dl;
  // Functions the kernel can reach.
  std::vector<bool> reach(impl.funcs.size(), false);
  std::vector<uint32_t> work{k.func};
  reach[k.func] = true;
  while (!work.empty()) {
    uint32_t f = work.back();
    work.pop_back();
    for (const CallDesc &cd : impl.funcs[f].calls)
      if (!reach[cd.callee]) {
        reach[cd.callee] = true;
        work.push_back(cd.callee);
      }
  }
  // LDS variables they use, laid out in module order; zero-sized or external
  // ones are the dynamic LDS and go after the static allocation.
  SmallPtrSet<const GlobalVariable *, 16> used;
  SmallPtrSet<const Constant *, 32> seen;
  for (size_t f = 0; f < impl.funcs.size(); ++f)
    if (reach[f])
      for (auto &[slot, c] : impl.funcs[f].constants)
        collectLds(c, used, seen);
  uint64_t offset = 0;
  std::vector<const GlobalVariable *> dynamic;
  for (const GlobalVariable &gv : impl.module->globals()) {
    if (gv.getAddressSpace() != 3 || !used.count(&gv))
      continue;
    uint64_t size = dl.getTypeAllocSize(gv.getValueType());
    if (gv.isDeclaration() || size == 0) {
      dynamic.push_back(&gv);
      continue;
    }
    if (gv.hasInitializer() && !isa<UndefValue>(gv.getInitializer()))
      return constError(&gv, "LDS variables cannot have an initializer");
    uint64_t align = gv.getAlign() ? gv.getAlign()->value()
                                   : dl.getPreferredAlign(&gv).value();
    offset = alignTo(offset, align);
    k.ldsOffsets[&gv] = uint32_t(offset);
    offset += size;
  }
  k.staticLds = uint32_t(offset);
  for (const GlobalVariable *gv : dynamic) {
    uint64_t align = gv->getAlign() ? gv->getAlign()->value()
                                    : dl.getPreferredAlign(gv).value();
    k.dynamicLdsAlign = std::max<uint32_t>(k.dynamicLdsAlign, align);
  }
  uint32_t dynOffset = alignTo(k.staticLds, k.dynamicLdsAlign);
  for (const GlobalVariable *gv : dynamic)
    k.ldsOffsets[gv] = dynOffset;

  ConstEval ev(impl, &k);
  k.consts.assign(impl.funcs.size(), {});
  std::vector<uint64_t> tmp;
  for (size_t f = 0; f < impl.funcs.size(); ++f) {
    if (!reach[f])
      continue;
    for (auto &[slot, c] : impl.funcs[f].constants) {
      auto lay = getLayout(impl, c->getType());
      if (!lay)
        return lay.takeError();
      tmp.assign(impl.layouts[*lay].slots, 0);
      if (Error e = ev.into(c, tmp.data()))
        return e;
      for (uint32_t i = 0; i < tmp.size(); ++i)
        k.consts[f].push_back({slot + i, tmp[i]});
    }
  }
  return Error::success();
}
