//===- GemmData.cpp - inputs and reference output of a GEMM -----*- C++ -*-===//
//
// The data side of fp4-run. Everything numeric comes from the reference
// library (lib/Reference), never from the compiler.
//
//===----------------------------------------------------------------------===//

#include "GemmData.h"

#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Gemm.h"
#include "fp4/Reference/Packing.h"
#include "fp4/Reference/Random.h"
#include "fp4/Reference/Shuffle.h"
#include "fp4/Runtime/Npy.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::fp4;
namespace ref = ::fp4::ref;
using llvm::Error;

static Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message.str());
}

static Error fromStatus(const ref::Status &s) {
  return s.ok() ? Error::success() : fail(s.message());
}

llvm::Expected<GemmProblem> mlir::fp4::readGemmProblem(func::FuncOp func) {
  auto info = func->getAttrOfType<DictionaryAttr>("fp4.gemm");
  if (!info)
    return fail("function @" + func.getName() +
                " has no fp4.gemm attribute: it was not made by "
                "convert-mxfp4-to-amdgpu, so fp4-run cannot make its inputs");
  GemmProblem p;
  auto getInt = [&](StringRef key, int64_t &out) -> Error {
    auto a = info.getAs<IntegerAttr>(key);
    if (!a)
      return fail("fp4.gemm lacks the integer '" + key + "'");
    out = a.getInt();
    return Error::success();
  };
  if (Error e = getInt("m", p.m))
    return std::move(e);
  if (Error e = getInt("n", p.n))
    return std::move(e);
  if (Error e = getInt("k", p.k))
    return std::move(e);
  if (p.m < 1 || p.n < 1 || p.k < 32 || p.k % 32 != 0)
    return fail("fp4.gemm has an invalid shape");
  auto layout = info.getAs<StringAttr>("b_layout");
  auto mode = info.getAs<StringAttr>("scale_mode");
  auto quantizeA = info.getAs<BoolAttr>("quantize_a");
  if (!layout || !mode || !quantizeA)
    return fail("fp4.gemm lacks b_layout, scale_mode or quantize_a");
  p.preshuffled = layout.getValue() == "preshuffled";
  // The formats (fp4 when not said): an MLIR type name each.
  for (auto [key, format] :
       {std::pair{"a_format", &p.aFormat}, std::pair{"b_format", &p.bFormat}}) {
    auto name = info.getAs<StringAttr>(key);
    if (!name)
      continue;
    auto known = llvm::find_if(ref::kElementFormats, [&](ref::ElementFormat f) {
      return formatTypeName(f) == name.getValue();
    });
    if (known == std::end(ref::kElementFormats))
      return fail("fp4.gemm: '" + name.getValue() + "' is not an MX format");
    *format = *known;
  }
  // Checked here so that making the inputs (quantize, shuffle) cannot fail.
  if (p.preshuffled && p.n % 16 != 0)
    return fail("fp4.gemm: a pre-shuffled B needs N to be a multiple of 16");
  p.mode =
      mode.getValue() == "floor" ? ref::ScaleMode::Floor : ref::ScaleMode::Even;
  p.quantizeA = quantizeA.getValue();
  if (auto ties = info.getAs<StringAttr>("ties")) {
    if (ties.getValue() != "away" && ties.getValue() != "even")
      return fail("fp4.gemm: ties must be even or away, got '" +
                  ties.getValue() + "'");
    p.ties = ties.getValue() == "away" ? ref::Ties::Away : ref::Ties::Even;
  }
  if (p.quantizeA) {
    // A's element type is the one of the argument the function takes as A.
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      auto role = func.getArgAttrOfType<StringAttr>(i, "fp4.arg");
      if (!role || role.getValue() != "a")
        continue;
      Type element = getElementTypeOrSelf(func.getArgument(i).getType());
      if (element.isBF16())
        p.aElement = AElement::BF16;
      else if (element.isF16())
        p.aElement = AElement::F16;
      else if (element.isF32())
        p.aElement = AElement::F32;
      else
        return fail(llvm::formatv("argument #{0} of @{1} (A) has the element "
                                  "type {2}; fp4-run makes bf16, f16 or f32 "
                                  "data",
                                  i, func.getName(), element));
      return p;
    }
    return fail("@" + func.getName() +
                " quantizes A, but no argument has fp4.arg = \"a\"");
  }
  return p;
}

StringRef mlir::fp4::formatTypeName(ref::ElementFormat format) {
  switch (format) {
  case ref::ElementFormat::E2M1:
    return "f4E2M1FN";
  case ref::ElementFormat::E4M3:
    return "f8E4M3FN";
  case ref::ElementFormat::E5M2:
    return "f8E5M2";
  case ref::ElementFormat::E2M3:
    return "f6E2M3FN";
  case ref::ElementFormat::E3M2:
    return "f6E3M2FN";
  }
  return "f4E2M1FN";
}

int64_t GemmProblem::aRowBytes() const { return ref::rowBytes(aFormat, k); }
int64_t GemmProblem::bRowBytes() const { return ref::rowBytes(bFormat, k); }

uint16_t mlir::fp4::floatToHalf(float value) {
  llvm::APFloat f(value);
  bool lost;
  f.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return uint16_t(f.bitcastToAPInt().getZExtValue());
}

float mlir::fp4::halfToFloat(uint16_t bits) {
  llvm::APFloat f(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits));
  bool lost;
  f.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return f.convertToFloat();
}

static std::vector<uint8_t> asBytes(const std::vector<uint16_t> &v) {
  std::vector<uint8_t> bytes(v.size() * 2);
  std::memcpy(bytes.data(), v.data(), bytes.size());
  return bytes;
}

/// The numpy dtype A is stored as ("<u2": bf16 bits).
static StringRef aDtype(AElement a) {
  switch (a) {
  case AElement::BF16:
    return "<u2";
  case AElement::F16:
    return "<f2";
  case AElement::F32:
    return "<f4";
  }
  return "<u2";
}

/// A's bytes in its type; every value must be exact in it.
static std::vector<uint8_t> aBytes(AElement type, const std::vector<float> &a) {
  std::vector<uint8_t> bytes;
  if (type == AElement::F32) {
    bytes.resize(a.size() * 4);
    std::memcpy(bytes.data(), a.data(), bytes.size());
    return bytes;
  }
  std::vector<uint16_t> bits(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    bits[i] =
        type == AElement::F16 ? floatToHalf(a[i]) : ref::floatToBf16(a[i]);
  return asBytes(bits);
}

/// Random data made in A's own type: the bf16 samples with the low bits
/// that f16 (3 more) or f32 (16 more) carry filled at random, so that the
/// kernel's f16/f32 quantizer meets values bf16 cannot hold. Zeros,
/// subnormals and non-finite values stay as they are.
static void fillLowBits(AElement type, uint64_t seed, std::vector<float> &a) {
  if (type == AElement::BF16)
    return;
  ref::Rng rng(seed);
  for (float &v : a) {
    if (type == AElement::F32) {
      uint32_t bits = ref::floatBits(v);
      uint32_t exponent = (bits >> 23) & 0xFF;
      if (exponent != 0 && exponent != 0xFF)
        v = ref::floatFromBits(bits | uint32_t(rng.uniformInt(0, 0xFFFF)));
      continue;
    }
    uint16_t half = floatToHalf(v);
    uint16_t exponent = (half >> 10) & 0x1F;
    if (exponent != 0 && exponent != 0x1F)
      half |= uint16_t(rng.uniformInt(0, 7));
    v = halfToFloat(half);
  }
}

/// Refreshes the ABI bytes of B and its scales from the plain copies.
static void shuffleB(const GemmProblem &p, GemmInputs &in) {
  if (!p.preshuffled) {
    in.abi["b"] = in.bQ;
    in.abi["b_scales"] = in.bScales;
    return;
  }
  std::vector<uint8_t> b(in.bQ.size());
  // The reference calls below cannot fail: readGemmProblem checked the shape.
  (void)ref::shuffleWeight16x16(in.bQ.data(), p.n, p.k / 2, b.data());
  ref::ScaleShape shape = ref::paddedScaleShape(p.n, p.k / 32);
  std::vector<uint8_t> s(shape.rows * shape.cols);
  // Padding is 0xFF (NaN): a kernel that reads it produces NaN and fails.
  (void)ref::shuffleScales(in.bScales.data(), p.n, p.k / 32, s.data(), 0xFF);
  in.abi["b"] = std::move(b);
  in.abi["b_scales"] = std::move(s);
}

GemmInputs mlir::fp4::makeGemmInputs(const GemmProblem &p, InputData data,
                                     uint64_t seed) {
  // The reference calls below cannot fail: readGemmProblem checked the shape.
  GemmInputs in;
  std::vector<uint16_t> aBf16, b;
  std::vector<float> a;
  switch (data) {
  case InputData::Randn:
    aBf16 = ref::randnBf16(seed, p.m * p.k);
    b = ref::randnBf16(seed + 1, p.n * p.k);
    break;
  case InputData::Blocked:
    aBf16 = ref::randnBf16Blocked(seed, p.m, p.k);
    b = ref::randnBf16Blocked(seed + 1, p.n, p.k);
    break;
  case InputData::Edge:
  case InputData::NonFinite:
    makeEdgeInputs(p, data == InputData::NonFinite, seed, a, b);
    break;
  }
  if (a.empty()) {
    a.resize(aBf16.size());
    ref::fromBf16(aBf16.data(), int64_t(aBf16.size()), a.data());
    if (p.quantizeA)
      fillLowBits(p.aElement, seed + 2, a);
  }
  if (p.quantizeA) {
    in.a = a;
    in.abi["a"] = aBytes(p.aElement, a);
  } else {
    in.aQ.resize(p.m * p.aRowBytes());
    in.aScales.resize(p.m * p.k / 32);
    (void)ref::quantizeRows(a.data(), p.m, p.k, p.mode, p.aFormat, in.aQ.data(),
                            in.aScales.data());
    in.abi["a"] = in.aQ;
    in.abi["a_scales"] = in.aScales;
  }
  // B is quantized like the problem's B_q: the reference ("even") mode.
  in.bQ.resize(p.n * p.bRowBytes());
  in.bScales.resize(p.n * p.k / 32);
  (void)ref::quantizeRows(b.data(), p.n, p.k, ref::ScaleMode::Even, p.bFormat,
                          in.bQ.data(), in.bScales.data());
  shuffleB(p, in);
  return in;
}

Error mlir::fp4::loadGemmInput(const GemmProblem &p, GemmInputs &in,
                               StringRef role, StringRef path) {
  auto arr = ::fp4::runtime::readNpy(path);
  if (!arr)
    return fail("--input " + role + "=" + path + ": " +
                llvm::toString(arr.takeError()));
  auto expectShape = [&](std::vector<int64_t> shape,
                         llvm::ArrayRef<StringRef> dtypes) -> Error {
    if (arr->shape != shape || !llvm::is_contained(dtypes, arr->dtype)) {
      auto dims = [](llvm::ArrayRef<int64_t> s) {
        std::string text;
        for (int64_t d : s)
          text += (text.empty() ? "" : "x") + std::to_string(d);
        return s.empty() ? std::string("0-d") : text;
      };
      return fail("--input " + role + "=" + path + ": expected a " +
                  dims(shape) + " array of " +
                  llvm::join(dtypes.begin(), dtypes.end(), " or ") +
                  ", got a " + dims(arr->shape) + " array of " + arr->dtype);
    }
    return Error::success();
  };
  ref::ScaleShape padded = ref::paddedScaleShape(p.n, p.k / 32);
  if (role == "a" && p.quantizeA) {
    // bf16 A: its bits, or f32 values that bf16 holds; f16 and f32 A: their
    // own type.
    if (p.aElement == AElement::BF16) {
      if (Error e = expectShape({p.m, p.k}, {"<u2", "<f4"}))
        return e;
    } else if (Error e = expectShape({p.m, p.k}, {aDtype(p.aElement)})) {
      return e;
    }
    in.a.resize(p.m * p.k);
    for (int64_t i = 0; i < p.m * p.k; ++i) {
      const uint8_t *at = arr->data.data() + i * arr->itemSize();
      uint16_t bits16;
      if (arr->dtype == "<f4") {
        std::memcpy(&in.a[i], at, 4);
      } else {
        std::memcpy(&bits16, at, 2);
        in.a[i] = arr->dtype == "<f2" ? halfToFloat(bits16)
                                      : ref::bf16ToFloat(bits16);
      }
      // f32 values for a bf16 A must be bf16-exact: the kernel reads bf16.
      float f = in.a[i];
      if (p.aElement == AElement::BF16 && arr->dtype == "<f4" && f == f &&
          ref::bf16ToFloat(ref::floatToBf16(f)) != f)
        return fail(llvm::formatv("--input a={0}: element ({1}, {2}) = "
                                  "{3:e8} is not exactly representable in "
                                  "bf16",
                                  path, i / p.k, i % p.k, f));
    }
    in.abi["a"] = aBytes(p.aElement, in.a);
    return Error::success();
  }
  if (role == "a" || role == "a_scales") {
    if (p.quantizeA)
      return fail("--input a_scales: this module quantizes A itself");
    bool values = role == "a";
    if (Error e =
            expectShape({p.m, values ? p.aRowBytes() : p.k / 32}, {"|u1"}))
      return e;
    (values ? in.aQ : in.aScales) = arr->data;
    in.abi[role.str()] = arr->data;
    return Error::success();
  }
  if (role == "b") {
    if (Error e = expectShape({p.n, p.bRowBytes()}, {"|u1"}))
      return e;
    in.abi["b"] = arr->data;
    if (!p.preshuffled) {
      in.bQ = arr->data;
      return Error::success();
    }
    return fromStatus(ref::unshuffleWeight16x16(arr->data.data(), p.n, p.k / 2,
                                                in.bQ.data()));
  }
  if (role == "b_scales") {
    if (p.preshuffled) {
      if (Error e = expectShape({padded.rows, padded.cols}, {"|u1"}))
        return e;
      in.abi["b_scales"] = arr->data;
      return fromStatus(ref::unshuffleScales(arr->data.data(), p.n, p.k / 32,
                                             in.bScales.data()));
    }
    if (Error e = expectShape({p.n, p.k / 32}, {"|u1"}))
      return e;
    in.bScales = in.abi["b_scales"] = arr->data;
    return Error::success();
  }
  return fail("--input: unknown role '" + role +
              "' (expected a, a_scales, b or b_scales)");
}

llvm::Expected<std::vector<float>>
mlir::fp4::referenceOutput(const GemmProblem &p, const GemmInputs &in) {
  std::vector<float> c(p.m * p.n);
  const uint8_t *aQ = in.aQ.data(), *aScales = in.aScales.data();
  std::vector<uint8_t> q, scales;
  if (p.quantizeA) {
    // The reference quantizer on A's values (f32; bf16 and f16 widened
    // exactly).
    q.resize(p.m * p.aRowBytes());
    scales.resize(p.m * p.k / 32);
    if (Error e = fromStatus(ref::quantizeRows(in.a.data(), p.m, p.k, p.mode,
                                               p.aFormat, q.data(),
                                               scales.data(), p.ties)))
      return std::move(e);
    aQ = q.data();
    aScales = scales.data();
  }
  if (Error e = fromStatus(ref::referenceGemmQuantized(
          p.aFormat, aQ, aScales, p.m, p.bFormat, in.bQ.data(),
          in.bScales.data(), p.n, p.k, c.data())))
    return std::move(e);
  return c;
}

Error mlir::fp4::writeGemmInputs(const GemmProblem &p, const GemmInputs &in,
                                 StringRef dir, llvm::raw_ostream &log) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return fail("cannot create " + dir + ": " + ec.message());
  ref::ScaleShape padded = ref::paddedScaleShape(p.n, p.k / 32);
  for (const auto &[role, bytes] : in.abi) {
    std::vector<int64_t> shape;
    StringRef dtype = "|u1";
    if (role == "a" && p.quantizeA) {
      shape = {p.m, p.k};
      dtype = aDtype(p.aElement);
    } else if (role == "a") {
      shape = {p.m, p.aRowBytes()};
    } else if (role == "a_scales") {
      shape = {p.m, p.k / 32};
    } else if (role == "b") {
      shape = {p.n, p.bRowBytes()};
    } else if (p.preshuffled) {
      shape = {padded.rows, padded.cols};
    } else {
      shape = {p.n, p.k / 32};
    }
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, role + ".npy");
    if (Error e = ::fp4::runtime::writeNpy(path, dtype, shape, bytes))
      return e;
    log << "fp4-run: wrote input " << role << " to " << path << "\n";
  }
  return Error::success();
}
