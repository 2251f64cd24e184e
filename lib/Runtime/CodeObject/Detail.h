//===- Detail.h - code object reader internals ------------------*- C++ -*-===//
//
// Pieces of the code object reader shared between its source files and kept
// out of the public header: target id parsing and the metadata decoder.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_LIB_RUNTIME_CODEOBJECT_DETAIL_H
#define FP4_LIB_RUNTIME_CODEOBJECT_DETAIL_H

#include "fp4/Runtime/CodeObject.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace fp4::runtime::detail {

inline llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// A target id split into its parts: "gfx950:sramecc+:xnack-" or the same
/// behind "amdgcn-amd-amdhsa--". A feature not named is `Any`.
struct TargetId {
  std::string processor;
  FeatureSetting xnack = FeatureSetting::Any;
  FeatureSetting sramecc = FeatureSetting::Any;
};

/// Parses a target id. With `requireTriple`, the "amdgcn-amd-amdhsa--"
/// prefix must be there (as in `amdhsa.target`); otherwise it is optional.
llvm::Expected<TargetId> parseTargetId(llvm::StringRef text,
                                       bool requireTriple);

/// The `amdhsa.target` string that `co`'s e_flags stand for (processor,
/// xnack and sramecc as read by the header checks).
std::string targetIdFromFlags(const CodeObject &co);

/// Decodes the msgpack payload of an NT_AMDGPU_METADATA note into `co`'s
/// targetId, metadataVersion and kernels (descriptors not filled). Needs
/// the header fields of `co` (for a note without `amdhsa.target`).
llvm::Error decodeMetadata(llvm::StringRef blob, CodeObject &co);

} // namespace fp4::runtime::detail

#endif // FP4_LIB_RUNTIME_CODEOBJECT_DETAIL_H
