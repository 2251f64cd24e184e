//===- CodeObjectTest.cpp - reading well-formed code objects ----*- C++ -*-===//
//
// The code objects are compiled at build time from Inputs/kernels.ll and
// Inputs/big-lds.ll by llc + ld.lld (see CMakeLists.txt); the expected values
// below follow from the IR (argument types, LDS globals, attributes).
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/CodeObject.h"

#include "TestUtil.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace fp4::runtime;
using namespace fp4::runtime::test;

namespace {

struct ExpectedArg {
  const char *name;
  uint64_t offset, size;
  const char *kind;
  const char *addressSpace;
};

TEST(CodeObject, ReadsGfx950Kernels) {
  llvm::Expected<CodeObject> co =
      readCodeObject(codeObjectBytes("kernels-gfx950.hsaco"));
  FP4_ASSERT_OK(co);
  EXPECT_EQ(co->version, 6u);
  EXPECT_EQ(co->processor, "gfx950");
  EXPECT_EQ(co->machine, 0x04fu);
  EXPECT_EQ(co->xnack, FeatureSetting::Any);
  EXPECT_EQ(co->sramecc, FeatureSetting::Any);
  EXPECT_EQ(co->targetId, "amdgcn-amd-amdhsa--gfx950");
  EXPECT_EQ(co->metadataVersion, (std::vector<uint32_t>{1, 2}));
  ASSERT_EQ(co->kernels.size(), 2u);

  const KernelInfo *k = co->findKernel("add_lds");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->symbol, "add_lds.kd");
  EXPECT_EQ(k->groupSegmentFixedSize, 1024u); // 256 floats of LDS
  EXPECT_EQ(k->privateSegmentFixedSize, 0u);
  EXPECT_EQ(k->kernargSegmentAlign, 8u);
  EXPECT_EQ(k->wavefrontSize, 64u);
  EXPECT_EQ(k->maxFlatWorkgroupSize, 1024u);
  EXPECT_GT(k->sgprCount, 0u);
  EXPECT_GT(k->vgprCount, 0u);
  EXPECT_EQ(k->sgprSpillCount, 0u);
  EXPECT_EQ(k->vgprSpillCount, 0u);

  const ExpectedArg explicitArgs[] = {
      {"out", 0, 8, "global_buffer", "global"},
      {"in", 8, 8, "global_buffer", "global"},
      {"n", 16, 4, "by_value", ""},
      {"big", 24, 8, "by_value", ""},
      {"small", 32, 2, "by_value", ""},
      {"f", 36, 4, "by_value", ""},
  };
  std::vector<const KernelArgInfo *> args = k->explicitArgs();
  ASSERT_EQ(args.size(), std::size(explicitArgs));
  for (size_t i = 0; i < args.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(args[i]->name, explicitArgs[i].name);
    EXPECT_EQ(args[i]->offset, explicitArgs[i].offset);
    EXPECT_EQ(args[i]->size, explicitArgs[i].size);
    EXPECT_EQ(args[i]->valueKind, explicitArgs[i].kind);
    EXPECT_EQ(args[i]->addressSpace, explicitArgs[i].addressSpace);
    EXPECT_FALSE(args[i]->isHidden());
  }
  // Code object v5+ hidden arguments start right after the explicit ones.
  const KernelArgInfo *blockCountX = nullptr;
  for (const KernelArgInfo &a : k->args)
    if (a.valueKind == "hidden_block_count_x")
      blockCountX = &a;
  ASSERT_NE(blockCountX, nullptr);
  EXPECT_EQ(blockCountX->offset, 40u);
  EXPECT_EQ(blockCountX->size, 4u);
  EXPECT_TRUE(blockCountX->isHidden());
  for (const KernelArgInfo &a : k->args)
    EXPECT_LE(a.offset + a.size, k->kernargSegmentSize);

  const KernelInfo *scale = co->findKernel("scale");
  ASSERT_NE(scale, nullptr);
  EXPECT_EQ(scale->maxFlatWorkgroupSize, 256u); // amdgpu-flat-work-group-size
  EXPECT_EQ(scale->groupSegmentFixedSize, 0u);
  EXPECT_EQ(scale->explicitArgs().size(), 2u);
}

TEST(CodeObject, DescriptorMatchesSymbolAndMetadata) {
  std::vector<uint8_t> bytes = codeObjectBytes("kernels-gfx950.hsaco");
  llvm::Expected<CodeObject> co = readCodeObject(bytes);
  FP4_ASSERT_OK(co);
  const KernelInfo &k = *co->findKernel("add_lds");

  // Find the descriptor independently through llvm::object.
  auto obj = llvm::object::ObjectFile::createObjectFile(llvm::MemoryBufferRef(
      llvm::toStringRef(llvm::ArrayRef<uint8_t>(bytes)), "kernels"));
  FP4_ASSERT_OK(obj);
  uint64_t address = 0;
  for (const llvm::object::SymbolRef &sym : (*obj)->symbols()) {
    llvm::Expected<llvm::StringRef> name = sym.getName();
    FP4_ASSERT_OK(name);
    if (*name == "add_lds.kd") {
      llvm::Expected<uint64_t> a = sym.getAddress();
      FP4_ASSERT_OK(a);
      address = *a;
    }
  }
  EXPECT_NE(address, 0u);
  EXPECT_EQ(k.descriptorAddress, address);
  // amd_kernel_code_t v3: group_segment_fixed_size, private_segment_fixed_size,
  // kernarg_size.
  EXPECT_EQ(llvm::support::endian::read32le(k.descriptor.data()), 1024u);
  EXPECT_EQ(llvm::support::endian::read32le(k.descriptor.data() + 4), 0u);
  EXPECT_EQ(llvm::support::endian::read32le(k.descriptor.data() + 8),
            k.kernargSegmentSize);
}

TEST(CodeObject, ImageIsACopyOfTheInput) {
  std::vector<uint8_t> bytes = codeObjectBytes("kernels-gfx950.hsaco");
  llvm::Expected<CodeObject> co = readCodeObject(bytes);
  FP4_ASSERT_OK(co);
  EXPECT_EQ(co->image, bytes);
}

TEST(CodeObject, ReadsVersion5) {
  llvm::Expected<CodeObject> co =
      readCodeObject(codeObjectBytes("kernels-gfx950-v5.hsaco"));
  FP4_ASSERT_OK(co);
  EXPECT_EQ(co->version, 5u);
  EXPECT_EQ(co->processor, "gfx950");
  EXPECT_NE(co->findKernel("add_lds"), nullptr);
}

TEST(CodeObject, ReadsExplicitFeatureSettings) {
  llvm::Expected<CodeObject> co =
      readCodeObject(codeObjectBytes("kernels-gfx950-xnack-off.hsaco"));
  FP4_ASSERT_OK(co);
  EXPECT_EQ(co->xnack, FeatureSetting::Off);
  EXPECT_EQ(co->sramecc, FeatureSetting::On);
  EXPECT_EQ(co->targetId, "amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-");
}

TEST(CodeObject, ReadsGfx942) {
  llvm::Expected<CodeObject> co =
      readCodeObject(codeObjectBytes("kernels-gfx942.hsaco"));
  FP4_ASSERT_OK(co);
  EXPECT_EQ(co->processor, "gfx942");
  EXPECT_EQ(co->targetId, "amdgcn-amd-amdhsa--gfx942");
}

TEST(CodeObject, BigLds) {
  llvm::Expected<CodeObject> co =
      readCodeObject(codeObjectBytes("big-lds-gfx950.hsaco"));
  FP4_ASSERT_OK(co);
  ASSERT_EQ(co->kernels.size(), 1u);
  EXPECT_EQ(co->kernels[0].groupSegmentFixedSize, 96u * 1024);
}

TEST(CodeObject, RequireTarget) {
  llvm::Expected<CodeObject> gfx950 =
      readCodeObject(codeObjectBytes("kernels-gfx950.hsaco"));
  llvm::Expected<CodeObject> gfx942 =
      readCodeObject(codeObjectBytes("kernels-gfx942.hsaco"));
  llvm::Expected<CodeObject> xnackOff =
      readCodeObject(codeObjectBytes("kernels-gfx950-xnack-off.hsaco"));
  FP4_ASSERT_OK(gfx950);
  FP4_ASSERT_OK(gfx942);
  FP4_ASSERT_OK(xnackOff);

  EXPECT_EQ(errorOf(requireTarget(*gfx950, "gfx950")), "");
  EXPECT_EQ(errorOf(requireTarget(*gfx950, "amdgcn-amd-amdhsa--gfx950")), "");
  // Built for "any": runs with either setting.
  EXPECT_EQ(errorOf(requireTarget(*gfx950, "gfx950:xnack+:sramecc-")), "");
  EXPECT_EQ(errorOf(requireTarget(*gfx942, "gfx950")),
            "code object is for gfx942, not gfx950");
  EXPECT_EQ(errorOf(requireTarget(*gfx950, "gfx942")),
            "code object is for gfx950, not gfx942");

  EXPECT_EQ(errorOf(requireTarget(*xnackOff, "gfx950")), "");
  EXPECT_EQ(errorOf(requireTarget(*xnackOff, "gfx950:xnack-")), "");
  std::string e = errorOf(requireTarget(*xnackOff, "gfx950:xnack+"));
  EXPECT_NE(e.find("built with xnack off"), std::string::npos) << e;
  e = errorOf(requireTarget(*xnackOff, "gfx950:sramecc-"));
  EXPECT_NE(e.find("sramecc on"), std::string::npos) << e;

  e = errorOf(requireTarget(*gfx950, "gfx950:bogus+"));
  EXPECT_NE(e.find("unknown feature 'bogus'"), std::string::npos) << e;
  e = errorOf(requireTarget(*gfx950, "gfx950:xnack"));
  EXPECT_NE(e.find("does not end in '+' or '-'"), std::string::npos) << e;
  e = errorOf(requireTarget(*gfx950, ""));
  EXPECT_NE(e.find("names no processor"), std::string::npos) << e;
}

TEST(CodeObject, GetKernelListsKnownNames) {
  llvm::Expected<CodeObject> co =
      readCodeObject(codeObjectBytes("kernels-gfx950.hsaco"));
  FP4_ASSERT_OK(co);
  llvm::Expected<const KernelInfo &> k = co->getKernel("scale");
  FP4_ASSERT_OK(k);
  EXPECT_EQ(k->name, "scale");
  EXPECT_EQ(errorOf(co->getKernel("nope")),
            "code object has no kernel 'nope' (it has 'add_lds', 'scale')");
}

TEST(CodeObject, ReadFromFile) {
  llvm::Expected<CodeObject> co = readCodeObjectFile(
      std::string(FP4_RT_CODE_OBJECT_DIR) + "/kernels-gfx950.hsaco");
  FP4_ASSERT_OK(co);
  EXPECT_EQ(co->kernels.size(), 2u);
  std::string e = errorOf(readCodeObjectFile("/nonexistent/x.hsaco"));
  EXPECT_NE(e.find("cannot read code object '/nonexistent/x.hsaco'"),
            std::string::npos)
      << e;
}

TEST(CodeObject, ProcessorNames) {
  EXPECT_EQ(processorForMachine(0x04f), "gfx950");
  EXPECT_EQ(processorForMachine(0x04c), "gfx942");
  EXPECT_EQ(processorForMachine(0x03f), "gfx90a");
  EXPECT_EQ(processorForMachine(0x05f), "gfx9-4-generic");
  EXPECT_EQ(processorForMachine(0x0ff), "");
  EXPECT_EQ(processorForMachine(0), "");
}

} // namespace
