//===- Layout.cpp - Type layouts and op names ------------------*- C++ -*-===//
//
// How a value of each IR type is spread over register slots and over its
// memory image (DataLayout offsets), plus names used in diagnostics.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/IR/Instructions.h"
#include "llvm/Support/Format.h"
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

std::string fp4::emu::hexAddr(uint64_t addr) {
  std::string s;
  raw_string_ostream os(s);
  os << format_hex(addr, 2);
  return s;
}

//===----------------------------------------------------------------------===//
// Type layouts
//===----------------------------------------------------------------------===//

Error fp4::emu::typeError(Type *ty, StringRef why) {
  std::string s;
  raw_string_ostream os(s);
  ty->print(os);
  return createStringError("emulator: unsupported type '%s': %s", s.c_str(),
                           why.str().c_str());
}

static Expected<Leaf> scalarLeaf(Program::Impl &impl, Type *ty) {
  auto leaf = [](EK kind, unsigned bits, uint8_t slotsPerElem = 1) {
    Leaf l;
    l.kind = kind;
    l.bits = bits;
    l.slotsPerElem = slotsPerElem;
    return l;
  };
  if (auto *it = dyn_cast<IntegerType>(ty)) {
    if (it->getBitWidth() > 64)
      return typeError(ty, "integers wider than 64 bits are not supported");
    return leaf(EK::Int, it->getBitWidth());
  }
  if (ty->isHalfTy())
    return leaf(EK::Half, 16);
  if (ty->isBFloatTy())
    return leaf(EK::BF16, 16);
  if (ty->isFloatTy())
    return leaf(EK::F32, 32);
  if (ty->isDoubleTy())
    return leaf(EK::F64, 64);
  if (auto *pt = dyn_cast<PointerType>(ty)) {
    unsigned as = pt->getAddressSpace();
    if (as == 8)
      return leaf(EK::Rsrc, 128, 2);
    if (as == 7)
      return leaf(EK::Fat, 160, 3);
    if (as != 0 && as != 1 && as != 3 && as != 4 && as != 5)
      return typeError(ty, "address space not supported by the emulator");
    return leaf(EK::Ptr, impl.dl->getPointerSizeInBits(as));
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
