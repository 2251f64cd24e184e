//===- Program.cpp - Load and decode an LLVM IR module ---------*- C++ -*-===//

#include "Decoder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace fp4::emu;

/// The AMDGPU data layout (LLVM 22), used when a module carries none.
static const char *kAmdgpuDataLayout =
    "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-"
    "p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-"
    "v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-"
    "v2048:2048-n32:64-S32-A5-G1-ni:7:8:9";

Program::Program(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Program::~Program() = default;

/// Kernarg ABI: each parameter at its natural (ABI) alignment, in order.
static Error buildKernel(Program::Impl &impl, const Function &f,
                         KernelCode &k) {
  const DataLayout &dl = *impl.dl;
  uint64_t off = 0;
  for (const Argument &arg : f.args()) {
    Type *ty = arg.getType();
    Align al = dl.getABITypeAlign(ty);
    uint64_t size = dl.getTypeAllocSize(ty);
    if (Type *byref = arg.getParamByRefType()) {
      al = arg.getParamAlign().value_or(dl.getABITypeAlign(byref));
      size = dl.getTypeAllocSize(byref);
    }
    off = alignTo(off, al);
    k.abiSlots.push_back({uint32_t(off), uint32_t(size)});
    off += size;
  }
  k.explicitBytes = uint32_t(off);
  if (MDNode *md = f.getMetadata("reqd_work_group_size")) {
    if (md->getNumOperands() != 3)
      return createStringError("emulator: bad !reqd_work_group_size on @%s",
                               f.getName().str().c_str());
    for (unsigned d = 0; d < 3; ++d) {
      auto *c = mdconst::dyn_extract<ConstantInt>(md->getOperand(d));
      if (!c)
        return createStringError("emulator: bad !reqd_work_group_size on @%s",
                                 f.getName().str().c_str());
      k.reqdBlock[d] = uint32_t(c->getZExtValue());
    }
  }
  return Error::success();
}

Expected<std::unique_ptr<Program>> Program::load(StringRef irOrBitcode) {
  auto impl = std::make_unique<Impl>();
  impl->ctx = std::make_unique<LLVMContext>();
  SMDiagnostic diag;
  // The IR text parser reads up to a terminating NUL: hand it a copy that
  // has one, whatever the caller's buffer ends with.
  auto buf = MemoryBuffer::getMemBufferCopy(irOrBitcode, "kernel");
  impl->module = parseIR(buf->getMemBufferRef(), diag, *impl->ctx);
  if (!impl->module) {
    std::string s;
    raw_string_ostream os(s);
    diag.print("emulator", os);
    return createStringError("emulator: cannot parse the LLVM IR: %s",
                             s.c_str());
  }
  {
    std::string s;
    raw_string_ostream os(s);
    if (verifyModule(*impl->module, &os))
      return createStringError("emulator: the LLVM IR is invalid: %s",
                               s.c_str());
  }
  Module &m = *impl->module;
  if (m.getDataLayoutStr().empty())
    m.setDataLayout(kAmdgpuDataLayout);
  impl->dl = std::make_unique<DataLayout>(m.getDataLayout());

  if (Error e = layoutGlobals(*impl))
    return std::move(e);
  if (Error e = decodeModule(*impl))
    return std::move(e);
  for (const Function &f : m) {
    if (f.isDeclaration() || f.getCallingConv() != CallingConv::AMDGPU_KERNEL)
      continue;
    KernelCode k;
    k.name = f.getName().str();
    k.func = impl->funcIndex.lookup(&f);
    if (Error e = buildKernel(*impl, f, k))
      return std::move(e);
    if (Error e = buildKernelConstants(*impl, k))
      return std::move(e);
    impl->kernelIndex[k.name] = impl->kernels.size();
    impl->kernels.push_back(std::move(k));
  }
  if (impl->kernels.empty())
    return createStringError("emulator: the module defines no kernel "
                             "(amdgpu_kernel function)");
  return std::unique_ptr<Program>(new Program(std::move(impl)));
}

std::vector<std::string> Program::kernelNames() const {
  std::vector<std::string> out;
  for (const KernelCode &k : impl_->kernels)
    out.push_back(k.name);
  return out;
}

Expected<KernelInfo> Program::kernelInfo(StringRef name) const {
  auto it = impl_->kernelIndex.find(name);
  if (it == impl_->kernelIndex.end())
    return createStringError("emulator: no kernel named '%s'",
                             name.str().c_str());
  const KernelCode &k = impl_->kernels[it->second];
  KernelInfo info;
  info.name = k.name;
  info.abiArgSlots = k.abiSlots;
  info.explicitKernargBytes = k.explicitBytes;
  info.staticLdsBytes = k.staticLds;
  return info;
}
