//===- Moe.cpp - Reference mixture-of-experts layer -------------*- C++ -*-===//
//
// One (token, slot) pair at a time, as the task's per-token loop reads: no
// sorting by expert, no grouping, so that a grouped kernel's gathers,
// block padding and scatters are checked against something that has none.
// The dot products are those of referenceGemmQuantized (exact block sums,
// double across blocks), written again here over one row so that composing
// the GEMM reference per expert is an independent check of this file.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Moe.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Random.h"

#include <algorithm>
#include <cmath>
#include <new>
#include <string>

using namespace fp4::ref;

int64_t fp4::ref::moePaddedDim(int64_t d) {
  if (d <= 0)
    return 0;
  return (d + kMoePadAlign - 1) / kMoePadAlign * kMoePadAlign;
}

MoeShape fp4::ref::makeMoeShape(int64_t tokens, int64_t experts, int64_t hidden,
                                int64_t intermediate, int64_t topk) {
  MoeShape shape;
  shape.tokens = tokens;
  shape.experts = experts;
  shape.hidden = hidden;
  shape.intermediate = intermediate;
  shape.hiddenPad = moePaddedDim(hidden);
  shape.intermediatePad = moePaddedDim(intermediate);
  shape.topk = topk;
  return shape;
}

MoeTensors MoeProblem::tensors() const {
  MoeTensors t;
  t.hidden = hidden.data();
  t.topkIds = topkIds.data();
  t.topkWeights = topkWeights.data();
  t.gateUp = gateUp.data();
  t.gateUpScales = gateUpScales.data();
  t.down = down.data();
  t.downScales = downScales.data();
  return t;
}

//===----------------------------------------------------------------------===//
// Argument checks
//===----------------------------------------------------------------------===//

static std::string str(int64_t v) { return std::to_string(v); }

/// a * b * c, or -1 when it does not fit below 2^62 (every operand >= 0).
static int64_t product(int64_t a, int64_t b, int64_t c = 1) {
  const int64_t limit = int64_t(1) << 62;
  int64_t ab;
  if (__builtin_mul_overflow(a, b, &ab) || ab >= limit)
    return -1;
  int64_t abc;
  if (__builtin_mul_overflow(ab, c, &abc) || abc >= limit)
    return -1;
  return abc;
}

/// "`name` (= v) must be ..." unless `dim` and its padded size are usable.
static Status checkPadded(const char *what, const char *name, int64_t dim,
                          const char *padName, int64_t pad) {
  if (dim < 1)
    return Status::error(std::string(what) + ": " + name + " (= " + str(dim) +
                         ") must be at least 1");
  if (pad < dim || pad % kBlockSize != 0)
    return Status::error(std::string(what) + ": " + padName +
                         " (= " + str(pad) +
                         ") must be a multiple of 32 no smaller "
                         "than " +
                         name + " (= " + str(dim) + ")");
  return Status::success();
}

static Status checkShape(const char *what, const MoeShape &s) {
  if (s.tokens < 0)
    return Status::error(std::string(what) + ": tokens (= " + str(s.tokens) +
                         ") must be non-negative");
  if (s.experts < 1)
    return Status::error(std::string(what) + ": experts (= " + str(s.experts) +
                         ") must be at least 1");
  if (s.topk < 1)
    return Status::error(std::string(what) + ": topk (= " + str(s.topk) +
                         ") must be at least 1");
  Status st = checkPadded(what, "hidden", s.hidden, "hiddenPad", s.hiddenPad);
  if (!st.ok())
    return st;
  st = checkPadded(what, "intermediate", s.intermediate, "intermediatePad",
                   s.intermediatePad);
  if (!st.ok())
    return st;
  if (product(s.tokens, s.topk, std::max(s.hiddenPad, s.intermediatePad)) < 0 ||
      product(s.experts, s.intermediatePad, s.hiddenPad) < 0)
    return Status::error(std::string(what) + ": the sizes overflow");
  return Status::success();
}

//===----------------------------------------------------------------------===//
// Activation quantization and dot products
//===----------------------------------------------------------------------===//

/// Quantizes one row of k values (k % 32 == 0) into fp4x2 and scale bytes.
static void quantizeActivation(const float *row, int64_t k,
                               const MoeOptions &options, uint8_t *fp4x2,
                               uint8_t *scales) {
  uint8_t codes[kBlockSize];
  for (int64_t b = 0; b < k / kBlockSize; ++b) {
    const float *block = row + b * kBlockSize;
    uint8_t byte = quantizeBlock(block, options.mode, ElementFormat::E2M1,
                                 codes, options.ties);
    scales[b] = byte;
    packFp4x2(codes, kBlockSize, fp4x2 + b * kBlockSize / 2);
  }
}

/// Twice the E2M1 value of a code, signed: exact small integers.
static const int8_t kTwice[16] = {0,  1,  2,  3,  4,  6,  8,  12,
                                  -0, -1, -2, -3, -4, -6, -8, -12};

/// One quantized activation row, decoded once: twice its values and its
/// scales.
struct DecodedRow {
  std::vector<int8_t> twice;
  std::vector<double> scales;

  void assign(const uint8_t *fp4x2, const uint8_t *scaleBytes, int64_t k) {
    twice.resize(k);
    scales.resize(k / kBlockSize);
    for (int64_t i = 0; i < k; ++i)
      twice[i] = kTwice[fp4At(fp4x2, i)];
    for (int64_t b = 0; b < k / kBlockSize; ++b)
      scales[b] = decodeE8M0(scaleBytes[b]);
  }
};

/// The dot product of a decoded row and one fp4x2 weight row over its first
/// `blocks` blocks: each block's integer sum exactly, scaled by both scales
/// (exact), the blocks added in double in ascending order, rounded once to
/// f32. A scale byte 0xFF makes it NaN.
static float dotRow(const DecodedRow &a, const uint8_t *wRow,
                    const uint8_t *wScales, int64_t blocks) {
  double acc = 0.0;
  for (int64_t b = 0; b < blocks; ++b) {
    const int8_t *x = a.twice.data() + b * kBlockSize;
    const uint8_t *w = wRow + b * kBlockSize / 2;
    int32_t dot = 0;
    for (int64_t j = 0; j < kBlockSize / 2; ++j) {
      dot += int32_t(x[2 * j]) * kTwice[w[j] & 0xF];
      dot += int32_t(x[2 * j + 1]) * kTwice[w[j] >> 4];
    }
    acc += double(dot) * 0.25 * a.scales[b] * decodeE8M0(wScales[b]);
  }
  return doubleToFloat(acc);
}

//===----------------------------------------------------------------------===//
// The layer
//===----------------------------------------------------------------------===//

/// moeReference's body, on checked arguments.
static void runMoe(const MoeShape &shape, const MoeOptions &options,
                   const MoeTensors &t, uint16_t *outBf16, float *outF32,
                   MoeTrace *trace) {
  const int64_t m = shape.tokens, topk = shape.topk, dh = shape.hidden,
                de = shape.intermediate, dhp = shape.hiddenPad,
                dep = shape.intermediatePad;
  const int64_t pairs = m * topk;
  if (trace) {
    *trace = MoeTrace();
    trace->hiddenFp4.resize(m * dhp / 2);
    trace->hiddenScales.resize(m * dhp / kBlockSize);
    trace->gate.resize(pairs * de);
    trace->up.resize(pairs * de);
    trace->h.resize(pairs * dep);
    trace->hFp4.resize(pairs * dep / 2);
    trace->hScales.resize(pairs * dep / kBlockSize);
    trace->y.resize(pairs * dh);
  }

  // Blocks holding at least one real column; the rest are padding.
  const int64_t hiddenBlocks = (dh + kBlockSize - 1) / kBlockSize;
  const int64_t expertBlocks = (de + kBlockSize - 1) / kBlockSize;
  // Row strides of the weights, in bytes.
  const int64_t guRowBytes = dhp / 2, guScaleRow = dhp / kBlockSize;
  const int64_t dnRowBytes = dep / 2, dnScaleRow = dep / kBlockSize;

  std::vector<float> xRow(dhp, 0.0f), hRow(dep, 0.0f);
  std::vector<uint8_t> xq(dhp / 2), xs(dhp / kBlockSize), hq(dep / 2),
      hs(dep / kBlockSize);
  std::vector<float> g(de), u(de), y(dh);
  std::vector<double> acc(dh);
  DecodedRow x, h;

  for (int64_t tok = 0; tok < m; ++tok) {
    // 1. x, zero-padded to hiddenPad and quantized.
    for (int64_t i = 0; i < dh; ++i)
      xRow[i] = bf16ToFloat(t.hidden[tok * dh + i]);
    quantizeActivation(xRow.data(), dhp, options, xq.data(), xs.data());
    x.assign(xq.data(), xs.data(), dhp);
    if (trace) {
      std::copy(xq.begin(), xq.end(), trace->hiddenFp4.begin() + tok * dhp / 2);
      std::copy(xs.begin(), xs.end(),
                trace->hiddenScales.begin() + tok * dhp / kBlockSize);
    }

    std::fill(acc.begin(), acc.end(), 0.0);
    for (int64_t k = 0; k < topk; ++k) {
      const int64_t pair = tok * topk + k;
      const int64_t e = t.topkIds[pair];
      // 2. Stage 1: gate rows [0, de), up rows [dep, dep + de) of expert e.
      const uint8_t *gu = t.gateUp + e * 2 * dep * guRowBytes;
      const uint8_t *guS = t.gateUpScales + e * 2 * dep * guScaleRow;
      for (int64_t j = 0; j < de; ++j) {
        g[j] =
            dotRow(x, gu + j * guRowBytes, guS + j * guScaleRow, hiddenBlocks);
        u[j] = dotRow(x, gu + (dep + j) * guRowBytes,
                      guS + (dep + j) * guScaleRow, hiddenBlocks);
        double gd = g[j];
        float hv = doubleToFloat(gd / (1.0 + std::exp(-gd)) * double(u[j]));
        hRow[j] = options.intermediateBf16 ? bf16ToFloat(floatToBf16(hv)) : hv;
      }
      // 3. h quantized (its padding is zero).
      quantizeActivation(hRow.data(), dep, options, hq.data(), hs.data());
      h.assign(hq.data(), hs.data(), dep);
      // 4. Stage 2: rows [0, dh) of expert e's down projection.
      const uint8_t *dn = t.down + e * dhp * dnRowBytes;
      const uint8_t *dnS = t.downScales + e * dhp * dnScaleRow;
      for (int64_t n = 0; n < dh; ++n)
        y[n] =
            dotRow(h, dn + n * dnRowBytes, dnS + n * dnScaleRow, expertBlocks);
      // 5. The weighted sum, in slot order, in double.
      const double w = t.topkWeights[pair];
      for (int64_t n = 0; n < dh; ++n)
        acc[n] += w * double(y[n]);

      if (trace) {
        std::copy(g.begin(), g.end(), trace->gate.begin() + pair * de);
        std::copy(u.begin(), u.end(), trace->up.begin() + pair * de);
        std::copy(hRow.begin(), hRow.end(), trace->h.begin() + pair * dep);
        std::copy(hq.begin(), hq.end(), trace->hFp4.begin() + pair * dep / 2);
        std::copy(hs.begin(), hs.end(),
                  trace->hScales.begin() + pair * dep / kBlockSize);
        std::copy(y.begin(), y.end(), trace->y.begin() + pair * dh);
      }
    }
    for (int64_t n = 0; n < dh; ++n) {
      float v = doubleToFloat(acc[n]);
      if (outF32)
        outF32[tok * dh + n] = v;
      outBf16[tok * dh + n] = floatToBf16(v);
    }
  }
}

Status fp4::ref::moeReference(const MoeShape &shape, const MoeOptions &options,
                              const MoeTensors &t, uint16_t *outBf16,
                              float *outF32, MoeTrace *trace) {
  Status status = checkShape("moeReference", shape);
  if (!status.ok())
    return status;
  const int64_t m = shape.tokens, topk = shape.topk;
  if (m > 0 && (!t.hidden || !t.topkIds || !t.topkWeights || !outBf16))
    return Status::error("moeReference: null hidden, topkIds, topkWeights or "
                         "output pointer");
  if (m > 0 && (!t.gateUp || !t.gateUpScales || !t.down || !t.downScales))
    return Status::error("moeReference: null weight or scale pointer");
  for (int64_t i = 0; i < m * topk; ++i)
    if (t.topkIds[i] < 0 || t.topkIds[i] >= shape.experts)
      return Status::error("moeReference: topkIds[" + str(i / topk) + "][" +
                           str(i % topk) + "] (= " + str(t.topkIds[i]) +
                           ") is not an expert in [0, " + str(shape.experts) +
                           ")");
  try {
    runMoe(shape, options, t, outBf16, outF32, trace);
  } catch (const std::bad_alloc &) {
    return Status::error("moeReference: out of memory");
  }
  return Status::success();
}

//===----------------------------------------------------------------------===//
// The generator
//===----------------------------------------------------------------------===//

Status fp4::ref::moeGenShape(const MoeGenSpec &spec, MoeShape &shape) {
  const char *what = "generateMoe";
  if (spec.tokens < 0 || spec.routedExperts < 0 || spec.sharedExperts < 0 ||
      spec.routedTopk < 0)
    return Status::error(std::string(what) + ": tokens (= " + str(spec.tokens) +
                         "), routedExperts (= " + str(spec.routedExperts) +
                         "), sharedExperts (= " + str(spec.sharedExperts) +
                         ") and routedTopk (= " + str(spec.routedTopk) +
                         ") must be non-negative");
  if (spec.routedExperts > INT32_MAX - spec.sharedExperts)
    return Status::error(std::string(what) + ": " + str(spec.routedExperts) +
                         " routed and " + str(spec.sharedExperts) +
                         " shared experts do not fit the int32 ids");
  if (spec.routedTopk > spec.routedExperts)
    return Status::error(
        std::string(what) + ": routedTopk (= " + str(spec.routedTopk) +
        ") exceeds routedExperts (= " + str(spec.routedExperts) + ")");
  if (spec.routedTopk + spec.sharedExperts < 1)
    return Status::error(std::string(what) +
                         ": every token needs at least one expert (routedTopk "
                         "and sharedExperts are both 0)");
  int64_t hiddenPad =
      spec.hiddenPad ? spec.hiddenPad : moePaddedDim(spec.hidden);
  int64_t intermediatePad = spec.intermediatePad
                                ? spec.intermediatePad
                                : moePaddedDim(spec.intermediate);
  Status st = checkPadded(what, "hidden", spec.hidden, "hiddenPad", hiddenPad);
  if (!st.ok())
    return st;
  st = checkPadded(what, "intermediate", spec.intermediate, "intermediatePad",
                   intermediatePad);
  if (!st.ok())
    return st;
  if (!spec.allowedExperts.empty()) {
    if (int64_t(spec.allowedExperts.size()) != spec.routedExperts)
      return Status::error(std::string(what) + ": allowedExperts has " +
                           str(spec.allowedExperts.size()) + " flags for " +
                           str(spec.routedExperts) + " routed experts");
    int64_t allowed =
        std::count_if(spec.allowedExperts.begin(), spec.allowedExperts.end(),
                      [](uint8_t f) { return f != 0; });
    if (allowed < spec.routedTopk)
      return Status::error(std::string(what) + ": only " + str(allowed) +
                           " routed experts are allowed, fewer than "
                           "routedTopk (= " +
                           str(spec.routedTopk) + ")");
  }
  MoeShape s;
  s.tokens = spec.tokens;
  s.experts = spec.routedExperts + spec.sharedExperts;
  s.hidden = spec.hidden;
  s.intermediate = spec.intermediate;
  s.hiddenPad = hiddenPad;
  s.intermediatePad = intermediatePad;
  s.topk = spec.routedTopk + spec.sharedExperts;
  st = checkShape(what, s);
  if (!st.ok())
    return st;
  if (product(s.tokens, spec.routedExperts) < 0 ||
      product(spec.routedExperts, s.hidden) < 0)
    return Status::error(std::string(what) + ": the sizes overflow");
  shape = s;
  return Status::success();
}

/// One N(0, 1) sample in bf16 (as randnBf16), divided by `divisor` and
/// rounded to bf16 again: torch.randn(..., dtype=bfloat16) / divisor.
static float scaledNormal(Rng &rng, float divisor) {
  float sample = bf16ToFloat(floatToBf16(static_cast<float>(rng.normal())));
  return bf16ToFloat(floatToBf16(sample / divisor));
}

/// `rows` rows of `k` weights drawn by scaledNormal and quantized row by row
/// into fp4x2 and scale arrays.
static void drawWeights(Rng &rng, int64_t rows, int64_t k, float divisor,
                        ScaleMode mode, uint8_t *fp4x2, uint8_t *scales) {
  std::vector<float> row(k);
  for (int64_t r = 0; r < rows; ++r) {
    for (float &v : row)
      v = scaledNormal(rng, divisor);
    (void)quantizeRows(row.data(), 1, k, mode, fp4x2 + r * (k / 2),
                       scales + r * (k / kBlockSize)); // checked by the caller
  }
}

/// generateMoe's body, on a checked spec.
static MoeProblem generate(const MoeGenSpec &spec, const MoeShape &s,
                           uint64_t seed) {
  const int64_t m = s.tokens, dh = s.hidden, dhp = s.hiddenPad,
                dep = s.intermediatePad, routed = spec.routedExperts;
  MoeProblem p;
  p.shape = s;
  Rng rng(seed);

  p.hidden.resize(m * dh);
  for (uint16_t &v : p.hidden)
    v = floatToBf16(static_cast<float>(rng.normal()));

  // The router: softmax over the routed experts of bf16 logits, top-k.
  const float hiddenRoot = static_cast<float>(std::sqrt(double(dh)));
  std::vector<float> router(routed * dh);
  for (float &v : router)
    v = scaledNormal(rng, hiddenRoot);
  p.topkIds.resize(m * s.topk);
  p.topkWeights.resize(m * s.topk);
  std::vector<double> logit(routed);
  std::vector<float> score(routed);
  std::vector<int64_t> order(routed);
  for (int64_t tok = 0; tok < m; ++tok) {
    double largest = -INFINITY;
    for (int64_t e = 0; e < routed; ++e) {
      double dot = 0.0;
      for (int64_t i = 0; i < dh; ++i)
        dot += double(bf16ToFloat(p.hidden[tok * dh + i])) * router[e * dh + i];
      logit[e] = bf16ToFloat(floatToBf16(doubleToFloat(dot)));
      largest = std::max(largest, logit[e]);
    }
    double sum = 0.0;
    for (int64_t e = 0; e < routed; ++e)
      sum += std::exp(logit[e] - largest);
    for (int64_t e = 0; e < routed; ++e)
      score[e] = bf16ToFloat(
          floatToBf16(doubleToFloat(std::exp(logit[e] - largest) / sum)));
    order.clear();
    for (int64_t e = 0; e < routed; ++e)
      if (spec.allowedExperts.empty() || spec.allowedExperts[e])
        order.push_back(e);
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t a, int64_t b) { return score[a] > score[b]; });
    for (int64_t k = 0; k < s.topk; ++k) {
      bool isRouted = k < spec.routedTopk;
      p.topkIds[tok * s.topk + k] = static_cast<int32_t>(
          isRouted ? order[k] : routed + k - spec.routedTopk);
      p.topkWeights[tok * s.topk + k] = isRouted ? score[order[k]] : 1.0f;
    }
  }

  // The weights, gate and up of every expert, then down of every expert.
  p.gateUp.resize(s.experts * 2 * dep * dhp / 2);
  p.gateUpScales.resize(s.experts * 2 * dep * dhp / kBlockSize);
  p.down.resize(s.experts * dhp * dep / 2);
  p.downScales.resize(s.experts * dhp * dep / kBlockSize);
  drawWeights(rng, s.experts * 2 * dep, dhp, hiddenRoot, spec.weightMode,
              p.gateUp.data(), p.gateUpScales.data());
  drawWeights(rng, s.experts * dhp, dep,
              static_cast<float>(std::sqrt(double(s.intermediate))),
              spec.weightMode, p.down.data(), p.downScales.data());
  return p;
}

Status fp4::ref::generateMoe(const MoeGenSpec &spec, uint64_t seed,
                             MoeProblem &problem) {
  MoeShape s;
  Status status = moeGenShape(spec, s);
  if (!status.ok())
    return status;
  try {
    problem = generate(spec, s, seed);
  } catch (const std::bad_alloc &) {
    return Status::error("generateMoe: out of memory for " + str(s.experts) +
                         " experts of " + str(2 * s.intermediatePad) + "x" +
                         str(s.hiddenPad) + " weights");
  }
  return Status::success();
}

Status fp4::ref::moeRouteAllTokensTo(MoeGenSpec &spec, int64_t first) {
  if (first < 0 || spec.routedTopk < 1 ||
      first + spec.routedTopk > spec.routedExperts)
    return Status::error("moeRouteAllTokensTo: routed experts [" + str(first) +
                         ", " + str(first + spec.routedTopk) +
                         ") are not a non-empty range of the " +
                         str(spec.routedExperts) + " routed experts");
  spec.allowedExperts.assign(spec.routedExperts, 0);
  std::fill(spec.allowedExperts.begin() + first,
            spec.allowedExperts.begin() + first + spec.routedTopk, 1);
  return Status::success();
}

Status fp4::ref::moeLeaveExpertsEmpty(MoeGenSpec &spec,
                                      const std::vector<int64_t> &experts) {
  for (int64_t e : experts)
    if (e < 0 || e >= spec.routedExperts)
      return Status::error("moeLeaveExpertsEmpty: " + str(e) +
                           " is not a routed expert in [0, " +
                           str(spec.routedExperts) + ")");
  if (spec.allowedExperts.empty())
    spec.allowedExperts.assign(std::max<int64_t>(spec.routedExperts, 0), 1);
  if (int64_t(spec.allowedExperts.size()) != spec.routedExperts)
    return Status::error("moeLeaveExpertsEmpty: allowedExperts has " +
                         str(spec.allowedExperts.size()) + " flags for " +
                         str(spec.routedExperts) + " routed experts");
  for (int64_t e : experts)
    spec.allowedExperts[e] = 0;
  return Status::success();
}
