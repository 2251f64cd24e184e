//===- Metadata.cpp - decode the NT_AMDGPU_METADATA note --------*- C++ -*-===//
//
// The note is a msgpack map (AMDGPUUsage, "Code Object V5 Metadata"). It is
// read with llvm::msgpack::Document after a structural pre-pass of our own:
// Document::readFromBlob orders map keys with DocNode::operator<, which hits
// llvm_unreachable on two array or map keys in one map, so a damaged note
// must be rejected before it gets there. The pre-pass allows only string map
// keys (all AMDGPU metadata keys are strings), no binary or extension
// objects, and a bounded nesting depth.
//
//===----------------------------------------------------------------------===//

#include "Detail.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/BinaryFormat/MsgPackReader.h"

#include <limits>

using namespace llvm;
using namespace fp4::runtime;
using namespace fp4::runtime::detail;

/// Deeper than the metadata ever nests (root map, kernels, kernel, args,
/// arg): a bound for the pre-pass stack.
static constexpr unsigned kMaxDepth = 16;

/// The largest kernarg segment accepted. HSA limits are far lower in
/// practice; the bound keeps a damaged size from becoming a huge allocation
/// in the argument packer.
static constexpr uint64_t kMaxKernargSegmentSize = 1 << 20;

static Error checkMsgPackStructure(StringRef blob) {
  msgpack::Reader reader(blob);
  struct Level {
    uint64_t remaining; // elements (array) or pairs (map) still to read
    bool isMap;
    bool expectKey;
  };
  SmallVector<Level, kMaxDepth> stack;
  bool readRoot = false;
  while (true) {
    while (!stack.empty() && stack.back().remaining == 0)
      stack.pop_back();
    if (stack.empty() && readRoot)
      return Error::success();
    msgpack::Object obj;
    Expected<bool> more = reader.read(obj);
    if (!more)
      return makeError("AMDGPU metadata is not valid msgpack: " +
                       toString(more.takeError()));
    if (!*more)
      return makeError("AMDGPU metadata msgpack ends in the middle of an "
                       "array or map");
    bool isKey = false;
    if (stack.empty()) {
      readRoot = true;
    } else if (stack.back().isMap) {
      isKey = stack.back().expectKey;
      if (!isKey)
        --stack.back().remaining;
      stack.back().expectKey = !isKey;
    } else {
      --stack.back().remaining;
    }
    if (isKey && obj.Kind != msgpack::Type::String)
      return makeError("AMDGPU metadata has a map key that is not a string");
    switch (obj.Kind) {
    case msgpack::Type::Array:
    case msgpack::Type::Map:
      if (stack.size() == kMaxDepth)
        return makeError("AMDGPU metadata nests deeper than " +
                         Twine(kMaxDepth) + " levels");
      stack.push_back({obj.Length, obj.Kind == msgpack::Type::Map, true});
      break;
    case msgpack::Type::Binary:
    case msgpack::Type::Extension:
    case msgpack::Type::Empty:
      return makeError("AMDGPU metadata holds a binary or extension object");
    default:
      break;
    }
  }
}

namespace {
/// Typed field access on one metadata map, with errors naming `where`.
class Fields {
public:
  Fields(msgpack::MapDocNode map, std::string where)
      : map(map), where(std::move(where)) {}

  bool has(StringRef key) { return map.find(key) != map.end(); }

  Expected<msgpack::DocNode> get(StringRef key) {
    auto it = map.find(key);
    if (it == map.end())
      return makeError(where + ": missing '" + key + "'");
    return it->second;
  }

  Expected<uint64_t> getUInt(StringRef key, uint64_t max) {
    Expected<msgpack::DocNode> node = get(key);
    if (!node)
      return node.takeError();
    uint64_t value;
    if (node->getKind() == msgpack::Type::UInt) {
      value = node->getUInt();
    } else if (node->getKind() == msgpack::Type::Int && node->getInt() >= 0) {
      value = uint64_t(node->getInt());
    } else {
      return makeError(where + ": '" + key + "' is not a non-negative integer");
    }
    if (value > max)
      return makeError(where + ": '" + key + "' is " + Twine(value) +
                       ", more than " + Twine(max));
    return value;
  }

  /// Like getUInt, but 0 when the key is absent.
  Expected<uint64_t> getOptionalUInt(StringRef key, uint64_t max) {
    return has(key) ? getUInt(key, max) : Expected<uint64_t>(0);
  }

  Expected<std::string> getString(StringRef key) {
    Expected<msgpack::DocNode> node = get(key);
    if (!node)
      return node.takeError();
    if (!node->isString())
      return makeError(where + ": '" + key + "' is not a string");
    return node->getString().str();
  }

  Expected<std::string> getOptionalString(StringRef key) {
    return has(key) ? getString(key) : Expected<std::string>(std::string());
  }

  Expected<msgpack::ArrayDocNode> getArray(StringRef key) {
    Expected<msgpack::DocNode> node = get(key);
    if (!node)
      return node.takeError();
    if (!node->isArray())
      return makeError(where + ": '" + key + "' is not an array");
    return node->getArray();
  }

  const std::string &context() const { return where; }

private:
  msgpack::MapDocNode map;
  std::string where;
};
} // namespace

// Assigns the result of a Fields getter to `dst`, or returns its error.
#define FP4_ASSIGN_OR_RETURN(dst, expr)                                        \
  do {                                                                         \
    auto valueOrError = (expr);                                                \
    if (!valueOrError)                                                         \
      return valueOrError.takeError();                                         \
    dst = std::move(*valueOrError);                                            \
  } while (false)

static Error decodeArg(msgpack::DocNode node, Fields &kernel, unsigned index,
                       uint64_t segmentSize, KernelArgInfo &arg) {
  std::string where = kernel.context() + " argument " + std::to_string(index);
  if (!node.isMap())
    return makeError(where + " is not a map");
  Fields f(node.getMap(), where);
  FP4_ASSIGN_OR_RETURN(arg.name, f.getOptionalString(".name"));
  FP4_ASSIGN_OR_RETURN(arg.offset, f.getUInt(".offset", segmentSize));
  FP4_ASSIGN_OR_RETURN(arg.size, f.getUInt(".size", segmentSize));
  FP4_ASSIGN_OR_RETURN(arg.valueKind, f.getString(".value_kind"));
  FP4_ASSIGN_OR_RETURN(arg.addressSpace, f.getOptionalString(".address_space"));
  if (arg.offset + arg.size > segmentSize)
    return makeError(where + " (offset " + Twine(arg.offset) + ", size " +
                     Twine(arg.size) + ") ends past kernarg_segment_size " +
                     Twine(segmentSize));
  if (arg.valueKind.empty())
    return makeError(where + ": empty '.value_kind'");
  return Error::success();
}

static Error checkArgsDisjoint(const KernelInfo &k, const std::string &where) {
  std::vector<const KernelArgInfo *> sorted;
  for (const KernelArgInfo &a : k.args)
    if (a.size)
      sorted.push_back(&a);
  llvm::sort(sorted, [](const KernelArgInfo *a, const KernelArgInfo *b) {
    return a->offset < b->offset;
  });
  for (size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i - 1]->offset + sorted[i - 1]->size > sorted[i]->offset)
      return makeError(where + ": arguments at offsets " +
                       Twine(sorted[i - 1]->offset) + " and " +
                       Twine(sorted[i]->offset) + " overlap");
  return Error::success();
}

static Error decodeKernel(msgpack::DocNode node, unsigned index,
                          KernelInfo &k) {
  std::string where = "AMDGPU metadata: kernel " + std::to_string(index);
  if (!node.isMap())
    return makeError(where + " is not a map");
  Fields f(node.getMap(), where);
  FP4_ASSIGN_OR_RETURN(k.name, f.getString(".name"));
  Fields kf(node.getMap(), where + " ('" + k.name + "')");
  constexpr uint64_t u32 = std::numeric_limits<uint32_t>::max();
  FP4_ASSIGN_OR_RETURN(k.symbol, kf.getString(".symbol"));
  FP4_ASSIGN_OR_RETURN(
      k.kernargSegmentSize,
      kf.getUInt(".kernarg_segment_size", kMaxKernargSegmentSize));
  FP4_ASSIGN_OR_RETURN(k.kernargSegmentAlign,
                       kf.getUInt(".kernarg_segment_align", 4096));
  if (!isPowerOf2_64(k.kernargSegmentAlign))
    return makeError(kf.context() + ": '.kernarg_segment_align' " +
                     Twine(k.kernargSegmentAlign) + " is not a power of 2");
  FP4_ASSIGN_OR_RETURN(k.groupSegmentFixedSize,
                       kf.getUInt(".group_segment_fixed_size", u32));
  FP4_ASSIGN_OR_RETURN(k.privateSegmentFixedSize,
                       kf.getUInt(".private_segment_fixed_size", u32));
  FP4_ASSIGN_OR_RETURN(k.wavefrontSize, kf.getUInt(".wavefront_size", u32));
  if (k.wavefrontSize != 32 && k.wavefrontSize != 64)
    return makeError(kf.context() + ": '.wavefront_size' is " +
                     Twine(k.wavefrontSize) + ", not 32 or 64");
  FP4_ASSIGN_OR_RETURN(k.maxFlatWorkgroupSize,
                       kf.getUInt(".max_flat_workgroup_size", 1024));
  if (k.maxFlatWorkgroupSize == 0)
    return makeError(kf.context() + ": '.max_flat_workgroup_size' is 0");
  FP4_ASSIGN_OR_RETURN(k.sgprCount, kf.getUInt(".sgpr_count", u32));
  FP4_ASSIGN_OR_RETURN(k.vgprCount, kf.getUInt(".vgpr_count", u32));
  FP4_ASSIGN_OR_RETURN(k.agprCount, kf.getOptionalUInt(".agpr_count", u32));
  FP4_ASSIGN_OR_RETURN(k.sgprSpillCount,
                       kf.getOptionalUInt(".sgpr_spill_count", u32));
  FP4_ASSIGN_OR_RETURN(k.vgprSpillCount,
                       kf.getOptionalUInt(".vgpr_spill_count", u32));
  if (kf.has(".args")) {
    msgpack::ArrayDocNode args;
    FP4_ASSIGN_OR_RETURN(args, kf.getArray(".args"));
    unsigned i = 0;
    for (msgpack::DocNode &argNode : args) {
      KernelArgInfo arg;
      if (Error e = decodeArg(argNode, kf, i++, k.kernargSegmentSize, arg))
        return e;
      k.args.push_back(std::move(arg));
    }
  }
  return checkArgsDisjoint(k, kf.context());
}

Error fp4::runtime::detail::decodeMetadata(StringRef blob, CodeObject &co) {
  if (Error e = checkMsgPackStructure(blob))
    return e;
  msgpack::Document doc;
  if (!doc.readFromBlob(blob, /*Multi=*/false))
    return makeError("AMDGPU metadata msgpack is malformed (truncated or a "
                     "duplicate key)");
  msgpack::DocNode &root = doc.getRoot();
  if (!root.isMap())
    return makeError("AMDGPU metadata is not a msgpack map");
  Fields top(root.getMap(), "AMDGPU metadata");

  msgpack::ArrayDocNode version;
  FP4_ASSIGN_OR_RETURN(version, top.getArray("amdhsa.version"));
  for (msgpack::DocNode &v : version) {
    if (v.getKind() != msgpack::Type::UInt || v.getUInt() > 0xffff)
      return makeError("AMDGPU metadata: 'amdhsa.version' holds a "
                       "non-integer or out of range entry");
    co.metadataVersion.push_back(uint32_t(v.getUInt()));
  }
  if (co.metadataVersion.size() != 2 || co.metadataVersion[0] != 1)
    return makeError("AMDGPU metadata: 'amdhsa.version' is not [1, minor]; "
                     "only code object v3+ metadata (version 1.x) is read");

  // `amdhsa.target` is optional for the loader: hand-assembled code objects
  // (aiter's) omit it, and e_flags say the same thing.
  if (top.has("amdhsa.target")) {
    FP4_ASSIGN_OR_RETURN(co.targetId, top.getString("amdhsa.target"));
  } else {
    co.targetId = targetIdFromFlags(co);
    co.warnings.push_back("AMDGPU metadata has no 'amdhsa.target'; using "
                          "the e_flags target '" +
                          co.targetId + "'");
  }

  msgpack::ArrayDocNode kernels;
  FP4_ASSIGN_OR_RETURN(kernels, top.getArray("amdhsa.kernels"));
  StringSet<> names;
  unsigned index = 0;
  for (msgpack::DocNode &node : kernels) {
    KernelInfo k;
    if (Error e = decodeKernel(node, index++, k))
      return e;
    if (!names.insert(k.name).second)
      return makeError("AMDGPU metadata: two kernels are named '" + k.name +
                       "'");
    co.kernels.push_back(std::move(k));
  }
  return Error::success();
}
