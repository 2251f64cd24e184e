//===- GemmFuzzer.cpp - libFuzzer target: GEMMs from bytes ------*- C++ -*-===//
//
// fp4-opt-fuzzer mutates text, and most of its inputs stop in the parser.
// This target reads the input as the parameters of an mxfp4 GEMM problem
// (shapes, B layout, scale shapes, result type, scale mode, quantized or bf16
// A, an optional #mxfp4.config with any field values, the pipeline's mfma and
// a-quantizer options) and always writes a module that parses, so every
// execution reaches the verifiers and, when they accept it, the whole
// fp4-lower-to-hsaco pipeline. Values are drawn mostly near the legal ones
// and sometimes from the extremes (0, 2^31, 2^62, dynamic sizes).
//
// FP4_FUZZ_PRINT=1 in the environment prints each module and the pipeline
// options to stderr, so a finding reproduces with fp4-opt.
//
//===----------------------------------------------------------------------===//

#include "LowerText.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {
/// Draws the module's numbers from the fuzzer's bytes.
class Draw {
public:
  explicit Draw(FuzzedDataProvider &fdp) : fdp(fdp) {}

  /// A tensor dimension: mostly in [1, limit], sometimes an extreme or `?`.
  std::string dim(int64_t limit) {
    switch (fdp.ConsumeIntegralInRange<int>(0, 15)) {
    case 0:
      return "?";
    case 1:
      return pick({0, 1, 31, 33, 255, 257});
    case 2:
      return pick({int64_t(1) << 31, int64_t(1) << 40, int64_t(1) << 62});
    default:
      return std::to_string(fdp.ConsumeIntegralInRange<int64_t>(1, limit));
    }
  }

  /// K: mostly a multiple of 32.
  std::string k() {
    if (fdp.ConsumeIntegralInRange<int>(0, 7) == 0)
      return dim(1024);
    return std::to_string(32 * fdp.ConsumeIntegralInRange<int64_t>(1, 32));
  }

  /// A scale dimension derived from a value dimension, sometimes off.
  std::string derived(const std::string &base, int64_t num, int64_t den,
                      int64_t roundTo) {
    if (base == "?" || fdp.ConsumeIntegralInRange<int>(0, 15) == 0)
      return dim(64);
    int64_t v = std::stoll(base);
    int64_t q = (v * num + den - 1) / den;
    if (roundTo > 1)
      q = (q + roundTo - 1) / roundTo * roundTo;
    return std::to_string(q);
  }

  /// A config field: mostly small powers of two, sometimes anything.
  std::string field() {
    if (fdp.ConsumeIntegralInRange<int>(0, 7) == 0)
      return pick({-1, 0, 3, 1024, int64_t(1) << 31, int64_t(1) << 62});
    return std::to_string(int64_t(1) << fdp.ConsumeIntegralInRange<int>(0, 3));
  }

  bool flip() { return fdp.ConsumeBool(); }
  bool rarely() { return fdp.ConsumeIntegralInRange<int>(0, 7) == 0; }
  std::string pick(std::initializer_list<int64_t> values) {
    return std::to_string(
        values
            .begin()[fdp.ConsumeIntegralInRange<size_t>(0, values.size() - 1)]);
  }

private:
  FuzzedDataProvider &fdp;
};
} // namespace

/// `tensor<RxCxT>`.
static std::string tensor(const std::string &rows, const std::string &cols,
                          const char *element) {
  return "tensor<" + rows + "x" + cols + "x" + element + ">";
}

static std::string buildModule(Draw &d, fp4::LowerToHsacoOptions &options) {
  std::string m = d.dim(300), n = d.dim(600), k = d.k();
  bool preshuffled = d.flip();
  bool aQuantized = d.rarely();
  const char *out =
      d.rarely() ? (d.flip() ? "f16" : "f32") : (d.flip() ? "f32" : "bf16");
  std::string aValues = tensor(m, k, "f4E2M1FN");
  std::string aScales = tensor(m, d.derived(k, 1, 32, 1), "f8E8M0FNU");
  std::string bValues = tensor(n, k, "f4E2M1FN");
  std::string bScales =
      preshuffled
          ? tensor(d.derived(n, 1, 1, 256), d.derived(k, 1, 32, 8), "f8E8M0FNU")
          : tensor(n, d.derived(k, 1, 32, 1), "f8E8M0FNU");
  std::string result = tensor(m, n, out);

  std::string attrs;
  if (preshuffled)
    attrs += " b_layout = preshuffled";
  if (d.rarely() || d.rarely()) {
    attrs += " config(<mfma = " + d.pick({16, 32, 16, 32, 0, 8, 64}) +
             ", waves_m = " + d.field() + ", waves_n = " + d.field() +
             ", tiles_m = " + d.field() + ", tiles_n = " + d.field() +
             ", split_k = " + (d.rarely() ? d.field() : std::string("1"));
    if (d.flip())
      attrs += ", waves_k = " + d.field();
    attrs += ">)";
  }

  std::string text = "func.func @gemm(";
  std::string body;
  if (aQuantized) {
    text += "%a: " + aValues + ", %as: " + aScales;
  } else {
    std::string aBf16 = tensor(m, k, d.rarely() ? "f32" : "bf16");
    text += "%x: " + aBf16;
    body += "  %a, %as = mxfp4.quantize %x" +
            std::string(d.flip() ? " mode = floor" : "") + " : " + aBf16 +
            " -> " + aValues + ", " + aScales + "\n";
  }
  text += ", %b: " + bValues + ", %bs: " + bScales + ") -> " + result + " {\n";
  text += body;
  text += "  %c = mxfp4.scaled_matmul %a, %as, %b, %bs" + attrs + " : " +
          aValues + ", " + aScales + ", " + bValues + ", " + bScales + " -> " +
          result + "\n  return %c : " + result + "\n}\n";

  options.mfma = std::stoll(d.pick({0, 0, 16, 32}));
  options.aQuantizer = d.rarely() ? "hardware" : "exact";
  return text;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider fdp(data, size);
  Draw draw(fdp);
  fp4::LowerToHsacoOptions options;
  std::string text = buildModule(draw, options);
  static const bool print = std::getenv("FP4_FUZZ_PRINT") != nullptr;
  if (print)
    llvm::errs() << "// fp4-opt --fp4-lower-to-hsaco='mfma=" << options.mfma
                 << " a-quantizer=" << options.aQuantizer << "'\n"
                 << text;

  fp4fuzz::lowerText(text, "gemm", options);
  return 0;
}
