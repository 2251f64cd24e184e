//===- Reference.cpp - C API: the reference numerics ------------*- C++ -*-===//

#include "fp4-c/Reference.h"

#include "Utils.h"

#include "fp4/Reference/Reference.h"

#include <algorithm>
#include <cstring>

using namespace mlir::fp4;
namespace ref = ::fp4::ref;

static bool toScaleMode(const Fp4ScaleMode &mode, ref::ScaleMode &out) {
  switch (capi::enumValue(mode)) {
  case FP4_SCALE_MODE_EVEN:
    out = ref::ScaleMode::Even;
    return true;
  case FP4_SCALE_MODE_FLOOR:
    out = ref::ScaleMode::Floor;
    return true;
  }
  return false;
}

static Fp4Status badMode(const Fp4ScaleMode &mode) {
  return capi::makeError("unknown scale mode " +
                         llvm::Twine(capi::enumValue(mode)) +
                         "; use FP4_SCALE_MODE_EVEN or FP4_SCALE_MODE_FLOOR");
}

/// ref::quantizeRows for bf16 bits or f32 values, with the C mode checked.
template <typename Element>
static Fp4Status quantize(const Element *values, int64_t rows, int64_t k,
                          Fp4ScaleMode mode, uint8_t *fp4x2, uint8_t *scales) {
  ref::ScaleMode m;
  if (!toScaleMode(mode, m))
    return badMode(mode);
  return capi::makeStatus(ref::quantizeRows(values, rows, k, m, fp4x2, scales));
}

Fp4Status fp4QuantizeBf16(const uint16_t *bf16, int64_t rows, int64_t k,
                          Fp4ScaleMode mode, uint8_t *fp4x2, uint8_t *scales) {
  return quantize(bf16, rows, k, mode, fp4x2, scales);
}

Fp4Status fp4QuantizeF32(const float *f32, int64_t rows, int64_t k,
                         Fp4ScaleMode mode, uint8_t *fp4x2, uint8_t *scales) {
  return quantize(f32, rows, k, mode, fp4x2, scales);
}

Fp4Status fp4Dequantize(const uint8_t *fp4x2, const uint8_t *scales,
                        int64_t rows, int64_t k, float *out) {
  return capi::makeStatus(ref::dequantizeRows(fp4x2, scales, rows, k, out));
}

static bool toElementFormat(const Fp4ElementFormat &format,
                            ref::ElementFormat &out) {
  switch (capi::enumValue(format)) {
  case FP4_ELEMENT_E2M1:
    out = ref::ElementFormat::E2M1;
    return true;
  case FP4_ELEMENT_E4M3:
    out = ref::ElementFormat::E4M3;
    return true;
  case FP4_ELEMENT_E5M2:
    out = ref::ElementFormat::E5M2;
    return true;
  case FP4_ELEMENT_E2M3:
    out = ref::ElementFormat::E2M3;
    return true;
  case FP4_ELEMENT_E3M2:
    out = ref::ElementFormat::E3M2;
    return true;
  }
  return false;
}

static Fp4Status badFormat(const Fp4ElementFormat &format) {
  return capi::makeError("unknown element format " +
                         llvm::Twine(capi::enumValue(format)) +
                         "; use one of FP4_ELEMENT_E2M1 .. FP4_ELEMENT_E3M2");
}

Fp4Status fp4MxRowBytes(Fp4ElementFormat format, int64_t k, int64_t *bytes) {
  ref::ElementFormat f;
  if (!toElementFormat(format, f))
    return badFormat(format);
  if (!bytes || k < 0 || k % ref::kBlockSize != 0)
    return capi::makeError("fp4MxRowBytes: k (= " + llvm::Twine(k) +
                           ") must be a non-negative multiple of 32 and "
                           "`bytes` non-null");
  *bytes = ref::rowBytes(f, k);
  return capi::makeStatus(ref::Status::success());
}

/// Reads a caller's Fp4Ties, which may hold any value.
static bool toTies(const Fp4Ties &ties, ref::Ties &out) {
  switch (capi::enumValue(ties)) {
  case FP4_TIES_EVEN:
    out = ref::Ties::Even;
    return true;
  case FP4_TIES_AWAY:
    out = ref::Ties::Away;
    return true;
  default:
    return false;
  }
}

static Fp4Status badTies(const Fp4Ties &ties) {
  return capi::makeError("unknown tie rounding " +
                         llvm::Twine(capi::enumValue(ties)) +
                         "; use FP4_TIES_EVEN or FP4_TIES_AWAY");
}

/// ref::quantizeRows of a format, for bf16 bits or f32 values.
template <typename Element>
static Fp4Status mxQuantize(const Element *values, int64_t rows, int64_t k,
                            Fp4ScaleMode mode, Fp4ElementFormat format,
                            const Fp4Ties &ties, uint8_t *packed,
                            uint8_t *scales) {
  ref::ScaleMode m;
  if (!toScaleMode(mode, m))
    return badMode(mode);
  ref::ElementFormat f;
  if (!toElementFormat(format, f))
    return badFormat(format);
  ref::Ties t;
  if (!toTies(ties, t))
    return badTies(ties);
  return capi::makeStatus(
      ref::quantizeRows(values, rows, k, m, f, packed, scales, t));
}

Fp4Status fp4MxQuantizeBf16(const uint16_t *bf16, int64_t rows, int64_t k,
                            Fp4ScaleMode mode, Fp4ElementFormat format,
                            uint8_t *packed, uint8_t *scales) {
  return mxQuantize(bf16, rows, k, mode, format, FP4_TIES_EVEN, packed, scales);
}

Fp4Status fp4MxQuantizeF32(const float *f32, int64_t rows, int64_t k,
                           Fp4ScaleMode mode, Fp4ElementFormat format,
                           uint8_t *packed, uint8_t *scales) {
  return mxQuantize(f32, rows, k, mode, format, FP4_TIES_EVEN, packed, scales);
}

Fp4Status fp4MxQuantizeTiesBf16(const uint16_t *bf16, int64_t rows, int64_t k,
                                Fp4ScaleMode mode, Fp4ElementFormat format,
                                Fp4Ties ties, uint8_t *packed,
                                uint8_t *scales) {
  return mxQuantize(bf16, rows, k, mode, format, ties, packed, scales);
}

Fp4Status fp4MxQuantizeTiesF32(const float *f32, int64_t rows, int64_t k,
                               Fp4ScaleMode mode, Fp4ElementFormat format,
                               Fp4Ties ties, uint8_t *packed, uint8_t *scales) {
  return mxQuantize(f32, rows, k, mode, format, ties, packed, scales);
}

Fp4Status fp4MxDequantize(const uint8_t *packed, const uint8_t *scales,
                          int64_t rows, int64_t k, Fp4ElementFormat format,
                          float *out) {
  ref::ElementFormat f;
  if (!toElementFormat(format, f))
    return badFormat(format);
  return capi::makeStatus(ref::dequantizeRows(packed, scales, rows, k, f, out));
}

Fp4Status fp4MxReferenceGemmQuantized(Fp4ElementFormat aFormat,
                                      const uint8_t *a, const uint8_t *aScales,
                                      int64_t m, Fp4ElementFormat bFormat,
                                      const uint8_t *b, const uint8_t *bScales,
                                      int64_t n, int64_t k, float *c) {
  ref::ElementFormat af, bf;
  if (!toElementFormat(aFormat, af))
    return badFormat(aFormat);
  if (!toElementFormat(bFormat, bf))
    return badFormat(bFormat);
  return capi::makeStatus(
      ref::referenceGemmQuantized(af, a, aScales, m, bf, b, bScales, n, k, c));
}

Fp4Status fp4ShuffleWeight(const uint8_t *b, int64_t n, int64_t kBytes,
                           uint8_t *out) {
  return capi::makeStatus(ref::shuffleWeight16x16(b, n, kBytes, out));
}

Fp4Status fp4UnshuffleWeight(const uint8_t *shuffled, int64_t n, int64_t kBytes,
                             uint8_t *out) {
  return capi::makeStatus(ref::unshuffleWeight16x16(shuffled, n, kBytes, out));
}

Fp4Status fp4GetShuffledScalesShape(int64_t n, int64_t kBlocks, int64_t *rows,
                                    int64_t *cols) {
  if (n < 0 || kBlocks < 0)
    return capi::makeError("scale array sizes must be non-negative, got " +
                           llvm::Twine(n) + "x" + llvm::Twine(kBlocks));
  ref::ScaleShape shape = ref::paddedScaleShape(n, kBlocks);
  *rows = shape.rows;
  *cols = shape.cols;
  return Fp4Status{nullptr};
}

Fp4Status fp4ShuffleScales(const uint8_t *scales, int64_t n, int64_t kBlocks,
                           uint8_t *out, uint8_t padByte) {
  return capi::makeStatus(ref::shuffleScales(scales, n, kBlocks, out, padByte));
}

Fp4Status fp4UnshuffleScales(const uint8_t *shuffled, int64_t n,
                             int64_t kBlocks, uint8_t *out) {
  return capi::makeStatus(ref::unshuffleScales(shuffled, n, kBlocks, out));
}

Fp4Status fp4ReferenceGemm(const uint16_t *aBf16, int64_t m, int64_t k,
                           const uint8_t *bFp4x2, const uint8_t *bScales,
                           int64_t n, Fp4ScaleMode mode, float *c) {
  ref::ScaleMode sm;
  if (!toScaleMode(mode, sm))
    return badMode(mode);
  return capi::makeStatus(
      ref::referenceGemm(aBf16, m, k, bFp4x2, bScales, n, sm, c));
}

Fp4Status fp4ReferenceGemmQuantized(const uint8_t *aFp4x2,
                                    const uint8_t *aScales, int64_t m,
                                    const uint8_t *bFp4x2,
                                    const uint8_t *bScales, int64_t n,
                                    int64_t k, float *c) {
  return capi::makeStatus(ref::referenceGemmQuantized(
      aFp4x2, aScales, m, bFp4x2, bScales, n, k, c));
}

static ref::MoeShape toMoeShape(const Fp4MoeShape &s) {
  ref::MoeShape shape;
  shape.tokens = s.tokens;
  shape.experts = s.experts;
  shape.hidden = s.hidden;
  shape.intermediate = s.intermediate;
  shape.hiddenPad = s.hiddenPad;
  shape.intermediatePad = s.intermediatePad;
  shape.topk = s.topk;
  return shape;
}

/// A C bool read through its bytes: a caller may store any value there.
static bool boolValue(const bool &b) {
  unsigned char byte;
  std::memcpy(&byte, &b, 1);
  return byte != 0;
}

Fp4Status fp4MoeReference(Fp4MoeShape shape, Fp4MoeOptions options,
                          const uint16_t *hidden, const int32_t *topkIds,
                          const float *topkWeights, const uint8_t *gateUp,
                          const uint8_t *gateUpScales, const uint8_t *down,
                          const uint8_t *downScales, uint16_t *out,
                          float *outF32) {
  ref::MoeOptions o;
  if (!toScaleMode(options.scaleMode, o.mode))
    return badMode(options.scaleMode);
  if (!toTies(options.ties, o.ties))
    return badTies(options.ties);
  o.intermediateBf16 = !boolValue(options.intermediateF32);
  ref::MoeTensors t;
  t.hidden = hidden;
  t.topkIds = topkIds;
  t.topkWeights = topkWeights;
  t.gateUp = gateUp;
  t.gateUpScales = gateUpScales;
  t.down = down;
  t.downScales = downScales;
  return capi::makeStatus(
      ref::moeReference(toMoeShape(shape), o, t, out, outF32));
}

/// The C spec as the library's, the scale mode checked.
static Fp4Status toMoeGenSpec(const Fp4MoeGenSpec &c, ref::MoeGenSpec &spec) {
  if (!toScaleMode(c.weightScaleMode, spec.weightMode))
    return badMode(c.weightScaleMode);
  spec.tokens = c.tokens;
  spec.routedExperts = c.routedExperts;
  spec.sharedExperts = c.sharedExperts;
  spec.hidden = c.hidden;
  spec.intermediate = c.intermediate;
  spec.routedTopk = c.routedTopk;
  spec.hiddenPad = c.hiddenPad;
  spec.intermediatePad = c.intermediatePad;
  if (c.allowedExperts && c.routedExperts > 0)
    spec.allowedExperts.assign(c.allowedExperts,
                               c.allowedExperts + c.routedExperts);
  return Fp4Status{nullptr};
}

Fp4Status fp4MoeAlignSizes(int64_t pairs, int64_t experts, int64_t blockM,
                           int64_t *rows, int64_t *blocks) {
  ref::MoeAlignSizes sizes;
  ref::Status st = ref::moeAlignSizes(pairs, experts, blockM, sizes);
  if (!st.ok())
    return capi::makeStatus(st);
  if (!rows || !blocks)
    return capi::makeError("fp4MoeAlignSizes: null output pointer");
  *rows = sizes.rows;
  *blocks = sizes.blocks;
  return Fp4Status{nullptr};
}

Fp4Status fp4MoeAlign(const int32_t *ids, int64_t pairs, int64_t experts,
                      int64_t blockM, int32_t *sorted, int32_t *blockExpert,
                      int32_t *valid, int32_t *positions) {
  return capi::makeStatus(ref::moeAlign(ids, pairs, experts, blockM, sorted,
                                        blockExpert, valid, positions));
}

Fp4Status fp4MoeGenShape(Fp4MoeGenSpec spec, Fp4MoeShape *shape) {
  ref::MoeGenSpec s;
  Fp4Status status = toMoeGenSpec(spec, s);
  if (!fp4StatusIsOk(status))
    return status;
  if (!shape)
    return capi::makeError("fp4MoeGenShape: no output shape (null pointer)");
  ref::MoeShape r;
  ref::Status st = ref::moeGenShape(s, r);
  if (!st.ok())
    return capi::makeStatus(st);
  *shape = Fp4MoeShape{r.tokens,    r.experts,         r.hidden, r.intermediate,
                       r.hiddenPad, r.intermediatePad, r.topk};
  return Fp4Status{nullptr};
}

Fp4Status fp4MoeGenerate(Fp4MoeGenSpec spec, uint64_t seed, uint16_t *hidden,
                         int32_t *topkIds, float *topkWeights, uint8_t *gateUp,
                         uint8_t *gateUpScales, uint8_t *down,
                         uint8_t *downScales) {
  ref::MoeGenSpec s;
  Fp4Status status = toMoeGenSpec(spec, s);
  if (!fp4StatusIsOk(status))
    return status;
  ref::MoeShape shape;
  ref::Status st = ref::moeGenShape(s, shape);
  if (!st.ok())
    return capi::makeStatus(st);
  if ((shape.tokens > 0 && (!hidden || !topkIds || !topkWeights)) || !gateUp ||
      !gateUpScales || !down || !downScales)
    return capi::makeError("fp4MoeGenerate: no output array (null pointer)");
  ref::MoeProblem p;
  st = ref::generateMoe(s, seed, p);
  if (!st.ok())
    return capi::makeStatus(st);
  std::copy(p.hidden.begin(), p.hidden.end(), hidden);
  std::copy(p.topkIds.begin(), p.topkIds.end(), topkIds);
  std::copy(p.topkWeights.begin(), p.topkWeights.end(), topkWeights);
  std::copy(p.gateUp.begin(), p.gateUp.end(), gateUp);
  std::copy(p.gateUpScales.begin(), p.gateUpScales.end(), gateUpScales);
  std::copy(p.down.begin(), p.down.end(), down);
  std::copy(p.downScales.begin(), p.downScales.end(), downScales);
  return Fp4Status{nullptr};
}

void fp4F32ToBf16(const float *in, int64_t count, uint16_t *out) {
  if (count > 0)
    ref::toBf16(in, count, out);
}

void fp4Bf16ToF32(const uint16_t *in, int64_t count, float *out) {
  if (count > 0)
    ref::fromBf16(in, count, out);
}

Fp4CheckResult fp4CheckOutput(const float *out, const float *ref, int64_t count,
                              double atol, double rtol) {
  ref::CheckResult r = ::fp4::ref::checkOutput(
      out, ref, std::max<int64_t>(count, 0), atol, rtol);
  return Fp4CheckResult{r.mismatches, r.nanMismatches, r.worstAbsErr,
                        r.worstIndex, r.firstMismatch};
}

Fp4Status fp4RandnBf16(uint64_t seed, int64_t count, uint16_t *out) {
  if (count < 0)
    return capi::makeError("count must be non-negative, got " +
                           llvm::Twine(count));
  if (count > 0 && !out)
    return capi::makeError("no output array (null pointer)");
  std::vector<uint16_t> values = ref::randnBf16(seed, count);
  std::copy(values.begin(), values.end(), out);
  return Fp4Status{nullptr};
}

Fp4Status fp4RandnBf16Blocked(uint64_t seed, int64_t rows, int64_t k,
                              uint16_t *out) {
  if (rows < 0 || k < 0 || k % 32 != 0)
    return capi::makeError("blocked data needs rows >= 0 and k a non-negative "
                           "multiple of 32, got " +
                           llvm::Twine(rows) + "x" + llvm::Twine(k));
  if (rows * k > 0 && !out)
    return capi::makeError("no output array (null pointer)");
  std::vector<uint16_t> values = ref::randnBf16Blocked(seed, rows, k);
  std::copy(values.begin(), values.end(), out);
  return Fp4Status{nullptr};
}
