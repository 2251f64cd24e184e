//===- Decoder.h - Lower LLVM IR functions to emulator ops -----*- C++ -*-===//

#ifndef FP4_LIB_RUNTIME_EMULATOR_DECODER_H
#define FP4_LIB_RUNTIME_EMULATOR_DECODER_H

#include "Internal.h"
#include "Numerics.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"

#include <optional>

namespace fp4::emu {

inline bool isFloatKind(EK k) {
  return k == EK::Half || k == EK::BF16 || k == EK::F32 || k == EK::F64;
}

/// Error for a type the emulator cannot hold (Layout.cpp).
llvm::Error typeError(llvm::Type *ty, llvm::StringRef why);

inline unsigned elemCount(llvm::Type *ty) {
  if (auto *vt = llvm::dyn_cast<llvm::FixedVectorType>(ty))
    return vt->getNumElements();
  return 1;
}

/// What `table` maps `key` to, if it lists the key.
template <class K, class V, size_t N, class Key>
std::optional<V> lookup(const std::pair<K, V> (&table)[N], const Key &key) {
  for (const auto &[k, v] : table)
    if (k == key)
      return v;
  return std::nullopt;
}

/// FConv sub-kinds.
enum : uint8_t { kConvF2F, kConvF2SI, kConvF2UI, kConvSI2F, kConvUI2F };

/// How a gfx950 scaled conversion packs or unpacks (see CvtScaleTrunc /
/// CvtScaleExt in the interpreter).
struct CvtInfo {
  MiniFormat fmt;
  bool trunc;     // float -> narrow
  bool hasOld;    // first operand is the value to merge into
  bool selIsByte; // the selector picks a byte (else a 16-bit half)
};

/// The packing of a cvt.scalef32.* intrinsic, if `id` is one
/// (DecodeComposite.cpp).
std::optional<CvtInfo> scaledCvtInfo(llvm::Intrinsic::ID id);

/// Lowers one function into its FuncCode.
class FunctionDecoder {
public:
  FunctionDecoder(Program::Impl &impl, FuncCode &fc) : impl(impl), fc(fc) {}
  llvm::Error run();

private:
  llvm::Error lower(const llvm::Instruction &inst);
  llvm::Error lowerCast(const llvm::CastInst &inst);
  llvm::Error lowerGep(const llvm::GetElementPtrInst &gep);
  llvm::Error lowerAtomicRMW(const llvm::AtomicRMWInst &rmw);
  llvm::Error lowerCall(const llvm::CallInst &call);
  llvm::Error lowerBuiltin(const llvm::CallInst &call);
  /// DecodeIntrinsics.cpp.
  llvm::Error lowerIntrinsic(const llvm::CallInst &call);
  llvm::Error lowerVectorReduce(const llvm::CallInst &call);
  llvm::Error lowerScaledCvt(const llvm::CallInst &call, const CvtInfo &info);

  llvm::Error fail(const llvm::Instruction *inst, const llvm::Twine &why);
  llvm::Expected<uint32_t> slotOf(const llvm::Value *v);
  llvm::Expected<const TypeLayout *> layoutOf(llvm::Type *ty);
  llvm::Expected<Leaf> elemLeaf(llvm::Type *ty);
  llvm::Expected<uint32_t> memberSlot(llvm::Type *aggTy,
                                      llvm::ArrayRef<unsigned> indices);
  llvm::Expected<uint32_t> edgeTo(const llvm::BasicBlock *from,
                                  const llvm::BasicBlock *to);
  uint32_t newSlots(uint32_t n);
  uint32_t emit(Op op);
  /// Sets op.a, op.b, op.c to the slots of `operands` (in that order) and
  /// op.dst to that of inst's result, if it has one; "bad operands" if a
  /// value has no slot.
  llvm::Error bindSlots(Op &op, const llvm::Instruction &inst,
                        std::initializer_list<const llvm::Value *> operands);
  /// Emits a memory access op, its MemDesc recorded in op.aux (never fails:
  /// lowerings return it).
  llvm::Error emitAccess(Op op, unsigned addrSpace, uint32_t layout,
                         bool isVolatile);
  /// Emits a copy of `slots` slots from src to dst.
  void emitCopy(uint32_t src, uint32_t dst, uint32_t slots);

  Program::Impl &impl;
  FuncCode &fc;
  llvm::DenseMap<const llvm::Value *, uint32_t> slots;
  std::vector<const llvm::BasicBlock *> edgeTargets;
  uint32_t curInst = 0;
};

} // namespace fp4::emu

#endif // FP4_LIB_RUNTIME_EMULATOR_DECODER_H
