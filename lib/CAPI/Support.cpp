//===- Support.cpp - Fp4Status ----------------------------------*- C++ -*-===//

#include "Utils.h"

using namespace mlir::fp4;

// A failure is a heap std::string with the message; success is null.

Fp4Status capi::makeError(const llvm::Twine &message) {
  return Fp4Status{new std::string(message.str())};
}

Fp4Status capi::makeStatus(llvm::Error error) {
  if (!error)
    return Fp4Status{nullptr};
  return makeError(llvm::toString(std::move(error)));
}

Fp4Status capi::makeStatus(const ::fp4::ref::Status &status) {
  if (status.ok())
    return Fp4Status{nullptr};
  return makeError(status.message());
}

MlirStringRef fp4StatusGetMessage(Fp4Status status) {
  if (!status.ptr)
    return MlirStringRef{"", 0};
  return capi::toMlirStringRef(*static_cast<std::string *>(status.ptr));
}

void fp4StatusDestroy(Fp4Status status) {
  delete static_cast<std::string *>(status.ptr);
}
