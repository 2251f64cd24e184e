//===- Internal.h - Decoded program form of the emulator --------*- C++ -*-===//
//
// The compact form that Program::load lowers LLVM IR into and that the
// interpreter executes. Every SSA value owns a run of 64-bit slots (one per
// scalar element; vectors and aggregates are flattened); a register file
// holds each slot for the 64 lanes of a wave contiguously (slot-major), so a
// wave-wide operation on a vector walks one contiguous array.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_RUNTIME_EMULATOR_INTERNAL_H
#define FP4_LIB_RUNTIME_EMULATOR_INTERNAL_H

#include "fp4/Runtime/Emulator/Emulator.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fp4::emu {

constexpr unsigned kWave = 64;
constexpr uint32_t kNoSlot = ~0u;

/// Fake address map of the emulated device (flat/global addresses).
constexpr uint64_t kGlobalBase = 0x100000000000ull;       // DeviceMemory
constexpr uint64_t kModuleBase = 0x0D0000000000ull;       // module globals
constexpr uint64_t kKernargBase = 0x0E0000000000ull;      // kernarg segment
constexpr uint64_t kDispatchBase = 0x0E0100000000ull;     // dispatch packet
constexpr uint64_t kLdsAperture = 0x0001000000000000ull;  // flat -> LDS
constexpr uint64_t kPrivAperture = 0x0002000000000000ull; // flat -> private
constexpr uint64_t kApertureSize = 0x100000000ull;

/// Kind of one scalar element.
enum class EK : uint8_t {
  Int,  // iN, N <= 64, stored zero-extended
  Half, // IEEE half bits
  BF16, // bfloat bits
  F32,  // float bits
  F64,  // double bits
  Ptr,  // pointer in a 32- or 64-bit address space
  Rsrc, // ptr addrspace(8) buffer resource: 2 slots (the 128-bit V#)
  Fat,  // ptr addrspace(7) buffer fat pointer: 3 slots (V#, offset)
};

/// A run of equal scalar elements inside a value and in its memory image.
struct Leaf {
  uint32_t slot = 0;      // first slot, relative to the value
  uint32_t memOffset = 0; // byte offset in the memory image
  uint32_t count = 1;
  EK kind = EK::Int;
  uint8_t bits = 0; // element width in bits
  uint8_t slotsPerElem = 1;
  bool packed = false; // sub-byte vector: elements bit-packed in memory
};

struct TypeLayout {
  uint32_t slots = 0;
  uint32_t storeSize = 0; // bytes read or written by a load or store
  std::vector<Leaf> leaves;
};

// clang-format off
/// Memory accesses: each runs as WaveExec::do<Name> (Memory.cpp).
#define FP4_EMU_MEMORY_OPCODES(X)                                              \
  X(Load) X(Store) X(Alloca) X(AtomicRMW) X(CmpXchg) X(MemCpy) X(MemSet)       \
  X(BufLoad) X(BufStore) X(BufAtomic) X(LoadToLds)
/// Cross-lane ops: all live lanes of the wave must meet here.
#define FP4_EMU_CROSS_LANE_OPCODES(X)                                          \
  X(ReadFirstLane) X(ReadLane) X(WriteLane) X(Ballot) X(Bpermute) X(Permute)   \
  X(Swizzle) X(Dpp) X(PermlaneSwap) X(WaveReduce) X(MfmaScale)
#define FP4_EMU_OPCODES(X)                                                     \
  /* control */                                                                \
  X(Br) X(CondBr) X(Switch) X(Ret) X(Unreachable) X(Call) X(Barrier) X(Nop)    \
  /* data movement */                                                          \
  X(Copy) X(Select) X(ExtractElt) X(InsertElt) X(Shuffle) X(Repack)            \
  /* integer */                                                                \
  X(Add) X(Sub) X(Mul) X(UDiv) X(SDiv) X(URem) X(SRem) X(Shl) X(LShr)          \
  X(AShr) X(And) X(Or) X(Xor) X(ICmp) X(Trunc) X(SExt) X(IntMinMax) X(Abs)     \
  X(FShl) X(FShr) X(Ctlz) X(Cttz) X(Ctpop) X(BitRev) X(BSwap) X(SatArith)      \
  X(OvfArith)                                                                  \
  /* float (op.bits = EK of the elements) */                                   \
  X(FBin) X(FNeg) X(FCmp) X(FMA) X(FUn) X(FMinMax) X(CopySign) X(LdExp)        \
  X(FrexpMant) X(FrexpExp) X(IsFPClass) X(FConv)                               \
  /* addresses and memory */                                                   \
  X(Gep) X(AsCast) X(MakeRsrc) FP4_EMU_MEMORY_OPCODES(X)                       \
  /* dispatch */                                                               \
  X(WorkitemId) X(WorkgroupId) X(Ockl) X(SpecialPtr) X(Mbcnt)                  \
  FP4_EMU_CROSS_LANE_OPCODES(X)                                                \
  /* gfx950 scaled conversions */                                              \
  X(CvtScaleTrunc) X(CvtScaleExt)
// clang-format on

enum class Opc : uint16_t {
#define FP4_EMU_ENUM(N) N,
  FP4_EMU_OPCODES(FP4_EMU_ENUM)
#undef FP4_EMU_ENUM
};
const char *opcName(Opc o);

/// Sub-operations (Op::sub).
enum class FBinK : uint8_t { Add, Sub, Mul, Div, Rem };
enum class FUnK : uint8_t {
  Abs,
  Floor,
  Ceil,
  Trunc,
  RoundEven,
  Round,
  Sqrt,
  Exp2,
  Log2,
  Exp,
  Log,
  Rcp,
  Rsq,
  Canonicalize,
  Fract,
  Sin,
  Cos
};
enum class FMinMaxK : uint8_t {
  MinNum,
  MaxNum,
  Minimum,
  Maximum,
  MinimumNum,
  MaximumNum
};
enum class IntMinMaxK : uint8_t { SMin, SMax, UMin, UMax };
enum class SatK : uint8_t { UAdd, USub, SAdd, SSub };
enum class OvfK : uint8_t { UAdd, SAdd, USub, SSub, UMul, SMul };
enum class AsCastK : uint8_t {
  Identity,
  LocalToFlat,
  FlatToLocal,
  PrivToFlat,
  FlatToPriv,
  RsrcToFat
};
enum class OcklK : uint8_t {
  LocalId,
  GroupId,
  LocalSize,
  NumGroups,
  GlobalId,
  GlobalSize
};
enum class SpecialPtrK : uint8_t { Kernarg, ImplicitArg, Dispatch };
enum class RmwK : uint8_t {
  Xchg,
  Add,
  Sub,
  And,
  Nand,
  Or,
  Xor,
  Max,
  Min,
  UMax,
  UMin,
  FAdd,
  FSub,
  FMax,
  FMin,
  UIncWrap,
  UDecWrap,
  USubCond,
  USubSat,
  FMaximum,
  FMinimum
};
enum class BarrierK : uint8_t { Full, Signal, Wait };
enum class ReduceK : uint8_t { UMin, UMax, Min, Max, Add, Sub, And, Or, Xor };

/// One decoded operation. Operands are slot numbers of the frame.
struct Op {
  Opc code = Opc::Nop;
  uint8_t bits = 0; // integer width, or the EK of float elements
  uint8_t sub = 0;  // sub-operation / predicate / flags
  uint32_t n = 1;   // element count (vector length) or slot count
  uint32_t dst = kNoSlot, a = kNoSlot, b = kNoSlot, c = kNoSlot;
  uint32_t aux = 0;  // side-table index or immediate
  uint32_t inst = 0; // FuncCode::insts index, for diagnostics
};

/// Control-flow edge with the phi copies it performs.
struct Edge {
  uint32_t target = 0; // pc
  uint32_t copyBegin = 0, copyEnd = 0;
  bool needTemp = false; // some copy reads a slot another copy writes
};
struct SlotCopy {
  uint32_t dst, src;
};
struct SwitchTable {
  uint32_t defaultEdge;
  std::vector<std::pair<uint64_t, uint32_t>> cases; // value -> edge
};
struct GepTerm {
  uint32_t slot;
  int64_t scale;
  uint8_t bits; // index width (sign-extended)
  bool vector;  // one index per result element
};
struct GepDesc {
  int64_t constOffset = 0;
  uint32_t termBegin = 0, termEnd = 0;
  bool vectorBase = false;
  uint8_t ptrBits = 64; // wrap width of the result
  bool fat = false;     // addrspace(7): offset lives in slot 2
};
/// A memory access: its address space and the value's layout.
struct MemDesc {
  unsigned addrSpace = 0;
  uint32_t layout = 0;     // index into Program layouts
  bool isVolatile = false; // kept for diagnostics; no effect here
};
struct CallDesc {
  uint32_t callee = 0;                 // FuncCode index
  std::vector<uint32_t> argSlots;      // first slot of each argument
  std::vector<uint32_t> argSlotCounts; // slots of each argument
  uint32_t resultSlots = 0;
};
struct RepackDesc {
  uint32_t srcCount, srcBits, dstCount, dstBits;
};

/// A function lowered to ops, laid out in reverse post-order of its blocks
/// (which lets the scheduler reconverge diverged lanes by running the
/// smallest program counter first).
struct FuncCode {
  std::string name;
  const llvm::Function *fn = nullptr;
  uint32_t numSlots = 0;
  std::vector<uint32_t> argSlots;   // first slot of each parameter
  std::vector<uint32_t> argLayouts; // layout index of each parameter
  std::vector<Op> ops;
  std::vector<const llvm::Instruction *> insts;
  std::vector<Edge> edges;
  std::vector<SlotCopy> copies;
  std::vector<SwitchTable> switches;
  std::vector<GepTerm> gepTerms;
  std::vector<GepDesc> geps;
  std::vector<MemDesc> mems;
  std::vector<CallDesc> calls;
  std::vector<int32_t> shuffleMasks;
  std::vector<RepackDesc> repacks;
  std::vector<uint32_t> extra; // operand lists of ops with > 3 operands
  /// Constants used as operands: (first slot, constant).
  std::vector<std::pair<uint32_t, const llvm::Constant *>> constants;
  uint32_t retSlots = 0;
};

/// Constants of one function evaluated for one kernel: (slot, bits).
using ConstImage = std::vector<std::pair<uint32_t, uint64_t>>;

struct KernelCode {
  std::string name;
  uint32_t func = 0; // FuncCode index
  std::vector<KernelArgSlot> abiSlots;
  uint32_t explicitBytes = 0;
  uint32_t staticLds = 0;
  uint32_t dynamicLdsAlign = 1;
  /// !reqd_work_group_size, when the kernel has it (0 = none).
  uint32_t reqdBlock[3] = {0, 0, 0};
  llvm::DenseMap<const llvm::GlobalVariable *, uint32_t> ldsOffsets;
  /// ConstImage of every function (indexed like Program::Impl::funcs).
  std::vector<ConstImage> consts;
};

struct Program::Impl {
  std::unique_ptr<llvm::LLVMContext> ctx;
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<llvm::DataLayout> dl;
  std::vector<FuncCode> funcs;
  llvm::DenseMap<const llvm::Function *, uint32_t> funcIndex;
  std::vector<KernelCode> kernels;
  llvm::StringMap<uint32_t> kernelIndex;
  std::vector<TypeLayout> layouts;
  llvm::DenseMap<llvm::Type *, uint32_t> layoutIndex;
  /// Module globals outside LDS: one segment at kModuleBase.
  std::vector<uint8_t> moduleSegment;
  llvm::DenseMap<const llvm::GlobalVariable *, uint64_t> globalAddrs;
};

/// Builds Program::Impl from a parsed module (Decoder.cpp).
llvm::Error decodeModule(Program::Impl &impl);
/// Layout of a type, or an error naming it (Decoder.cpp).
llvm::Expected<uint32_t> getLayout(Program::Impl &impl, llvm::Type *ty);
/// Evaluates constants for a kernel (Constants.cpp).
llvm::Error layoutGlobals(Program::Impl &impl);
llvm::Error buildKernelConstants(Program::Impl &impl, KernelCode &k);
/// Writes `c` as `layout` into slot values (one uint64_t per slot).
llvm::Error evalConstant(Program::Impl &impl, const KernelCode *k,
                         const llvm::Constant *c, std::vector<uint64_t> &out);

/// Text of an instruction for diagnostics, e.g. "%5 = load i32, ... (in @f)".
std::string describe(const llvm::Instruction *inst);
/// An address for diagnostics, e.g. "0x100000000000" (Layout.cpp).
std::string hexAddr(uint64_t addr);

} // namespace fp4::emu

#endif // FP4_LIB_RUNTIME_EMULATOR_INTERNAL_H
