//===- NpyFuzzer.cpp - libFuzzer target: .npy parser ------------*- C++ -*-===//
//
// Each input is parsed as a .npy file. An accepted array must be
// self-consistent (its data is exactly numElements x itemSize bytes) and
// must survive serializeNpy + parseNpy unchanged; anything else must be an
// llvm::Error.
//
//===----------------------------------------------------------------------===//

#include "fp4/Runtime/Npy.h"

#include "llvm/Support/ErrorHandling.h"

#include <cstddef>
#include <cstdint>

using namespace fp4::runtime;

static void check(bool condition, const char *what) {
  if (!condition)
    llvm::report_fatal_error(llvm::Twine("fuzz invariant broken: ") + what);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<NpyArray> array =
      parseNpy(llvm::ArrayRef<uint8_t>(data, size));
  if (!array) {
    llvm::consumeError(array.takeError());
    return 0;
  }
  llvm::Expected<size_t> item = npyItemSize(array->dtype);
  check(bool(item), "accepted dtype has no item size");
  check(*item == array->itemSize(), "itemSize");
  check(array->numElements() >= 0, "negative element count");
  check(array->data.size() == uint64_t(array->numElements()) * *item,
        "data size is not numElements x itemSize");

  llvm::Expected<std::vector<uint8_t>> bytes =
      serializeNpy(array->dtype, array->shape, array->data);
  check(bool(bytes), "an accepted array cannot be serialized");
  llvm::Expected<NpyArray> again = parseNpy(*bytes);
  check(bool(again), "a serialized array cannot be parsed");
  check(again->dtype == array->dtype && again->shape == array->shape &&
            again->data == array->data,
        "serialize + parse changed the array");
  return 0;
}
