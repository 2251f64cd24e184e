//===- MoeTest.cpp - Reference MoE layer and its generator ------*- C++ -*-===//
//
// A two-token, three-expert layer computed on paper; the layer against the
// GEMM reference composed expert by expert (gathered rows, padding, partial
// blocks); empty experts and padding poisoned with NaN scales; the routing
// weights; the activation quantizer's options; argument errors; and the
// generator's routing against the task's distribution.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Moe.h"
#include "fp4/Reference/Formats.h"
#include "fp4/Reference/Gemm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

using namespace fp4::ref;

namespace {

//===----------------------------------------------------------------------===//
// The layer composed from referenceGemmQuantized, expert by expert
//===----------------------------------------------------------------------===//

struct Composed {
  std::vector<uint16_t> outBf16;
  std::vector<float> outF32;
  std::vector<float> y; // [pairs, hidden]
};

/// The layer as a grouped implementation computes it: x quantized once, then
/// per expert the rows of the tokens that chose it gathered, two GEMMs
/// (gate, up) over the whole padded K, SiLU * up rounded to bf16, h
/// quantized, one GEMM (down) over the padded K, scattered back per pair;
/// the pairs of a token added in slot order in double.
Composed composeFromGemms(const MoeProblem &p) {
  const MoeShape &s = p.shape;
  const int64_t m = s.tokens, dh = s.hidden, de = s.intermediate,
                dhp = s.hiddenPad, dep = s.intermediatePad, topk = s.topk;
  std::vector<uint16_t> xPad(m * dhp, 0);
  for (int64_t t = 0; t < m; ++t)
    std::copy_n(p.hidden.begin() + t * dh, dh, xPad.begin() + t * dhp);
  std::vector<uint8_t> xq(m * dhp / 2), xs(m * dhp / 32);
  EXPECT_TRUE(
      quantizeRows(xPad.data(), m, dhp, ScaleMode::Even, xq.data(), xs.data())
          .ok());

  Composed c;
  c.y.assign(m * topk * dh, NAN);
  for (int64_t e = 0; e < s.experts; ++e) {
    std::vector<int64_t> pairs;
    for (int64_t i = 0; i < m * topk; ++i)
      if (p.topkIds[i] == e)
        pairs.push_back(i);
    const int64_t r = pairs.size();
    if (r == 0)
      continue;
    std::vector<uint8_t> aq(r * dhp / 2), as(r * dhp / 32);
    for (int64_t i = 0; i < r; ++i) {
      int64_t t = pairs[i] / topk;
      std::copy_n(xq.begin() + t * dhp / 2, dhp / 2, aq.begin() + i * dhp / 2);
      std::copy_n(xs.begin() + t * dhp / 32, dhp / 32,
                  as.begin() + i * dhp / 32);
    }
    const uint8_t *gu = p.gateUp.data() + e * 2 * dep * dhp / 2;
    const uint8_t *guS = p.gateUpScales.data() + e * 2 * dep * dhp / 32;
    std::vector<float> g(r * de), u(r * de);
    EXPECT_TRUE(referenceGemmQuantized(aq.data(), as.data(), r, gu, guS, de,
                                       dhp, g.data())
                    .ok());
    EXPECT_TRUE(referenceGemmQuantized(aq.data(), as.data(), r,
                                       gu + dep * dhp / 2, guS + dep * dhp / 32,
                                       de, dhp, u.data())
                    .ok());
    std::vector<float> h(r * dep, 0.0f);
    for (int64_t i = 0; i < r; ++i)
      for (int64_t j = 0; j < de; ++j) {
        double gd = g[i * de + j];
        float hv =
            doubleToFloat(gd / (1.0 + std::exp(-gd)) * double(u[i * de + j]));
        h[i * dep + j] = bf16ToFloat(floatToBf16(hv));
      }
    std::vector<uint8_t> hq(r * dep / 2), hs(r * dep / 32);
    EXPECT_TRUE(
        quantizeRows(h.data(), r, dep, ScaleMode::Even, hq.data(), hs.data())
            .ok());
    std::vector<float> y(r * dh);
    EXPECT_TRUE(referenceGemmQuantized(
                    hq.data(), hs.data(), r, p.down.data() + e * dhp * dep / 2,
                    p.downScales.data() + e * dhp * dep / 32, dh, dep, y.data())
                    .ok());
    for (int64_t i = 0; i < r; ++i)
      std::copy_n(y.begin() + i * dh, dh, c.y.begin() + pairs[i] * dh);
  }
  c.outF32.resize(m * dh);
  c.outBf16.resize(m * dh);
  for (int64_t t = 0; t < m; ++t)
    for (int64_t n = 0; n < dh; ++n) {
      double acc = 0.0;
      for (int64_t k = 0; k < topk; ++k)
        acc += double(p.topkWeights[t * topk + k]) *
               double(c.y[(t * topk + k) * dh + n]);
      c.outF32[t * dh + n] = doubleToFloat(acc);
      c.outBf16[t * dh + n] = floatToBf16(c.outF32[t * dh + n]);
    }
  return c;
}

/// moeReference on a problem with the default options.
struct Result {
  std::vector<uint16_t> outBf16;
  std::vector<float> outF32;
  MoeTrace trace;
};

Result run(const MoeProblem &p, const MoeOptions &options = MoeOptions()) {
  Result r;
  r.outBf16.assign(p.shape.tokens * p.shape.hidden, 0xFFFF);
  r.outF32.assign(p.shape.tokens * p.shape.hidden, NAN);
  Status st = moeReference(p.shape, options, p.tensors(), r.outBf16.data(),
                           r.outF32.data(), &r.trace);
  EXPECT_TRUE(st.ok()) << st.message();
  return r;
}

MoeProblem generate(const MoeGenSpec &spec, uint64_t seed) {
  MoeProblem p;
  Status st = generateMoe(spec, seed, p);
  EXPECT_TRUE(st.ok()) << st.message();
  return p;
}

/// 6 routed experts (top 3) and a shared one; d_hidden 96 and d_expert 40
/// padded to 256 by the task's rule: each has a partial block and whole
/// padding blocks.
MoeGenSpec smallSpec(int64_t tokens) {
  MoeGenSpec spec;
  spec.tokens = tokens;
  spec.routedExperts = 6;
  spec.sharedExperts = 1;
  spec.hidden = 96;
  spec.intermediate = 40;
  spec.routedTopk = 3;
  return spec;
}

void expectSameAsComposed(const MoeProblem &p) {
  Result r = run(p);
  Composed c = composeFromGemms(p);
  EXPECT_EQ(r.trace.y, c.y);
  EXPECT_EQ(r.outF32, c.outF32);
  EXPECT_EQ(r.outBf16, c.outBf16);
}

//===----------------------------------------------------------------------===//
// A layer on paper
//===----------------------------------------------------------------------===//

/// d_hidden = d_expert = 32 (no padding), experts 0 and 1 routed, 2 shared,
/// top-1 routed + shared. Only row 0 of gate, up and column 0 of down are
/// non-zero, so h = [h0, 0, ...] and y = h0 * down[:, 0]. Every weight row
/// holds one value, or two equal ones, so it quantizes exactly.
MoeProblem handProblem() {
  MoeProblem p;
  p.shape = MoeShape{/*tokens=*/2,           /*experts=*/3,
                     /*hidden=*/32,
                     /*intermediate=*/32,    /*hiddenPad=*/32,
                     /*intermediatePad=*/32, /*topk=*/2};
  // x: token 0 amax 3 (scale 2^-1), token 1 amax 4 (scale 1): both exact.
  std::vector<float> x(2 * 32, 0.0f);
  x[0] = 2, x[1] = 1, x[2] = -0.5f, x[3] = 3;
  x[32] = -4, x[34] = 1, x[36] = 1;
  for (float v : x)
    p.hidden.push_back(floatToBf16(v));
  p.topkIds = {0, 2, 1, 2};
  p.topkWeights = {0.25f, 1.0f, 0.5f, 1.0f};

  // gateUp [3, 64, 32]: gate row 0 = row 0, up row 0 = row 32.
  std::vector<float> gu(3 * 64 * 32, 0.0f), dn(3 * 32 * 32, 0.0f);
  auto gate = [&](int e, int i) -> float & { return gu[(e * 64) * 32 + i]; };
  auto up = [&](int e, int i) -> float & { return gu[(e * 64 + 32) * 32 + i]; };
  auto down = [&](int e, int n) -> float & { return dn[(e * 32 + n) * 32]; };
  gate(0, 3) = 1, up(0, 1) = 2;                  // g = x3,      u = 2 x1
  gate(1, 0) = -1, up(1, 4) = 1;                 // g = -x0,     u = x4
  gate(2, 3) = 1, gate(2, 4) = 1, up(2, 2) = -2; // g = x3 + x4, u = -2 x2
  down(0, 0) = 1, down(0, 1) = -0.5f, down(0, 2) = 4;
  down(1, 0) = 0.5f, down(1, 1) = 1, down(1, 3) = -2;
  down(2, 0) = 1, down(2, 2) = -1, down(2, 3) = 0.5f;
  p.gateUp.resize(gu.size() / 2);
  p.gateUpScales.resize(gu.size() / 32);
  p.down.resize(dn.size() / 2);
  p.downScales.resize(dn.size() / 32);
  EXPECT_TRUE(quantizeRows(gu.data(), 3 * 64, 32, ScaleMode::Even,
                           p.gateUp.data(), p.gateUpScales.data())
                  .ok());
  EXPECT_TRUE(quantizeRows(dn.data(), 3 * 32, 32, ScaleMode::Even,
                           p.down.data(), p.downScales.data())
                  .ok());
  return p;
}

TEST(MoeReference, TinyLayerByHand) {
  // Token 0, expert 0: g = 3, u = 2, h0 = SiLU(3) * 2 = 5.7154 -> bf16
  //   5.71875; amax 5.7 = 1.43 * 4: scale 1, 5.7 -> 6. y = 6 * [1, -0.5, 4].
  // Token 0, shared: g = 3, u = -2 * -0.5 = 1, h0 = 2.8577 -> 2.859375;
  //   scale 2^-1, 5.72 -> 6: h = 3. y = 3 * [1, 0, -1, 0.5].
  // Token 1, expert 1: g = 4, u = 1, h0 = 3.9281 -> 3.921875; Even bumps
  //   1.96 * 2 to scale 1: 3.92 -> 4. y = 4 * [0.5, 1, 0, -2].
  // Token 1, shared: g = 0 + 1 = 1, u = -2, h0 = -1.4621 -> -1.4609375;
  //   scale 2^-2, -5.84 -> -6: h = -1.5. y = -1.5 * [1, 0, -1, 0.5].
  // out[0] = 0.25 * [6, -3, 24, 0] + [3, 0, -3, 1.5] = [4.5, -0.75, 3, 1.5]
  // out[1] = 0.5 * [2, 4, 0, -8] + [-1.5, 0, 1.5, -0.75]
  //        = [-0.5, 2, 1.5, -4.75]
  MoeProblem p = handProblem();
  Result r = run(p);
  const float want[2][4] = {{4.5f, -0.75f, 3, 1.5f}, {-0.5f, 2, 1.5f, -4.75f}};
  for (int t = 0; t < 2; ++t)
    for (int n = 0; n < 32; ++n) {
      float w = n < 4 ? want[t][n] : 0.0f;
      EXPECT_EQ(r.outF32[t * 32 + n], w) << "token " << t << " column " << n;
      EXPECT_EQ(r.outBf16[t * 32 + n], floatToBf16(w));
    }
  // The stages: x's scale bytes, h before and after quantization.
  EXPECT_EQ(r.trace.hiddenScales, (std::vector<uint8_t>{126, 127}));
  EXPECT_EQ(r.trace.gate[0 * 32], 3.0f);
  EXPECT_EQ(r.trace.up[0 * 32], 2.0f);
  EXPECT_EQ(r.trace.h[0 * 32], 5.71875f);
  EXPECT_EQ(r.trace.h[1 * 32], 2.859375f);
  EXPECT_EQ(r.trace.h[2 * 32], 3.921875f);
  EXPECT_EQ(r.trace.h[3 * 32], -1.4609375f);
  EXPECT_EQ(r.trace.h[0 * 32 + 1], 0.0f);
  EXPECT_EQ(r.trace.hScales, (std::vector<uint8_t>{127, 126, 127, 125}));
  EXPECT_EQ(r.trace.hFp4[0 * 16], 0x07); // 6
  EXPECT_EQ(r.trace.hFp4[2 * 16], 0x06); // 4
  EXPECT_EQ(r.trace.hFp4[3 * 16], 0x0F); // -6

  // Floor (strict OCP) quantizes h = 3.92 with scale 2^-1: 7.84 saturates
  // to 6, h = 3, and out[1] = 0.5 * [1.5, 3, 0, -6] + shared.
  MoeOptions floor;
  floor.mode = ScaleMode::Floor;
  Result f = run(p, floor);
  const float want1[4] = {-0.75f, 1.5f, 1.5f, -3.75f};
  for (int n = 0; n < 4; ++n) {
    EXPECT_EQ(f.outF32[n], want[0][n]);
    EXPECT_EQ(f.outF32[32 + n], want1[n]);
  }
  EXPECT_EQ(f.trace.hScales[2], 126);
}

TEST(MoeReference, TiesAwayFollowsAitersFusedQuantizer) {
  // One token, amax 6 (scale 1): the ties 2.5, 1.25, 0.25, -2.5 go to the
  // even code by default and away from zero with Ties::Away; 0.75, 1.75
  // and 3.5 give the same code either way.
  MoeProblem p = handProblem();
  p.shape.tokens = 1;
  const float x[8] = {6, 2.5f, 1.25f, 0.25f, -2.5f, 0.75f, 1.75f, 3.5f};
  for (int i = 0; i < 32; ++i)
    p.hidden[i] = floatToBf16(i < 8 ? x[i] : 0.0f);
  MoeOptions away;
  away.ties = Ties::Away;
  Result even = run(p), a = run(p, away);
  EXPECT_EQ(even.trace.hiddenScales[0], 127);
  EXPECT_EQ(a.trace.hiddenScales[0], 127);
  //                  bytes: (6, 2.5) (1.25, 0.25) (-2.5, 0.75) (1.75, 3.5)
  const uint8_t wantEven[4] = {0x47, 0x02, 0x2C, 0x64};
  const uint8_t wantAway[4] = {0x57, 0x13, 0x2D, 0x64};
  for (int j = 0; j < 4; ++j) {
    EXPECT_EQ(even.trace.hiddenFp4[j], wantEven[j]) << j;
    EXPECT_EQ(a.trace.hiddenFp4[j], wantAway[j]) << j;
  }
  // Expert 0's gate reads x3 (0.25): 0 with even ties, 0.5 away.
  EXPECT_EQ(even.trace.gate[0], 0.0f);
  EXPECT_EQ(a.trace.gate[0], 0.5f);
}

//===----------------------------------------------------------------------===//
// Against the GEMM reference, expert by expert
//===----------------------------------------------------------------------===//

TEST(MoeReference, EqualsGemmReferencePerExpert) {
  expectSameAsComposed(generate(smallSpec(9), 1));
}

TEST(MoeReference, SingleToken) {
  MoeProblem p = generate(smallSpec(1), 2);
  ASSERT_EQ(p.shape.tokens, 1);
  expectSameAsComposed(p);
}

TEST(MoeReference, NoTokens) {
  MoeProblem p = generate(smallSpec(0), 3);
  EXPECT_TRUE(moeReference(p.shape, MoeOptions(), p.tensors(), nullptr).ok());
}

TEST(MoeReference, EveryTokenOnOneExpert) {
  MoeGenSpec spec = smallSpec(7);
  spec.routedTopk = 1;
  ASSERT_TRUE(moeRouteAllTokensTo(spec, 4).ok());
  MoeProblem p = generate(spec, 4);
  for (int64_t t = 0; t < 7; ++t) {
    EXPECT_EQ(p.topkIds[t * 2], 4);
    EXPECT_EQ(p.topkIds[t * 2 + 1], 6); // the shared expert
  }
  expectSameAsComposed(p);
  // Top 3 on experts 1, 2, 3: each of them gets every token.
  spec = smallSpec(5);
  ASSERT_TRUE(moeRouteAllTokensTo(spec, 1).ok());
  p = generate(spec, 5);
  for (int64_t t = 0; t < 5; ++t) {
    std::set<int32_t> ids(p.topkIds.begin() + t * 4,
                          p.topkIds.begin() + t * 4 + 3);
    EXPECT_EQ(ids, (std::set<int32_t>{1, 2, 3}));
  }
  expectSameAsComposed(p);
}

//===----------------------------------------------------------------------===//
// What is never read
//===----------------------------------------------------------------------===//

TEST(MoeReference, EmptyExpertsAreNeverRead) {
  MoeGenSpec spec = smallSpec(8);
  ASSERT_TRUE(moeLeaveExpertsEmpty(spec, {1, 4}).ok());
  MoeProblem p = generate(spec, 6);
  for (int32_t id : p.topkIds)
    EXPECT_TRUE(id != 1 && id != 4) << id;
  Result before = run(p);
  // NaN scales and 6s everywhere in the empty experts' weights.
  const MoeShape &s = p.shape;
  for (int e : {1, 4}) {
    int64_t guBytes = 2 * s.intermediatePad * s.hiddenPad / 2;
    int64_t dnBytes = s.hiddenPad * s.intermediatePad / 2;
    std::fill_n(p.gateUp.begin() + e * guBytes, guBytes, 0x77);
    std::fill_n(p.gateUpScales.begin() + e * guBytes / 16, guBytes / 16, 0xFF);
    std::fill_n(p.down.begin() + e * dnBytes, dnBytes, 0x77);
    std::fill_n(p.downScales.begin() + e * dnBytes / 16, dnBytes / 16, 0xFF);
  }
  Result after = run(p);
  EXPECT_EQ(before.outF32, after.outF32);
  EXPECT_EQ(before.outBf16, after.outBf16);
  // The check can fail: poisoning an expert in use changes the output.
  std::fill_n(p.downScales.begin() +
                  p.topkIds[0] * s.hiddenPad * s.intermediatePad / 32,
              1, 0xFF);
  EXPECT_TRUE(std::isnan(run(p).outF32[0]));
}

TEST(MoeReference, PaddingIsNeverRead) {
  // d_hidden 96 = 3 blocks of 32 and d_expert 40 = 1.25 blocks, both padded
  // to 8 blocks: poison the padding rows and the blocks lying wholly in the
  // padding.
  MoeProblem p = generate(smallSpec(6), 7);
  Result before = run(p);
  const MoeShape &s = p.shape;
  const int64_t dhp = s.hiddenPad, dep = s.intermediatePad;
  for (int64_t e = 0; e < s.experts; ++e) {
    for (int64_t row = 0; row < 2 * dep; ++row) {
      int64_t r = e * 2 * dep + row;
      bool padRow = row % dep >= s.intermediate;
      for (int64_t b = 0; b < dhp / 32; ++b)
        if (padRow || b >= 3)
          p.gateUpScales[r * dhp / 32 + b] = 0xFF;
    }
    for (int64_t row = 0; row < dhp; ++row) {
      int64_t r = e * dhp + row;
      for (int64_t b = 0; b < dep / 32; ++b)
        if (row >= s.hidden || b >= 2)
          p.downScales[r * dep / 32 + b] = 0xFF;
    }
  }
  Result after = run(p);
  EXPECT_EQ(before.outF32, after.outF32);
  // The partial block (columns 32..63 of down, 40..63 padding) is read: its
  // padding codes multiply h's zeros.
  for (int64_t e = 0; e < s.experts; ++e)
    for (int64_t row = 0; row < s.hidden; ++row)
      for (int64_t byte = 20; byte < 32; ++byte)
        p.down[(e * dhp + row) * dep / 2 + byte] = 0x77;
  EXPECT_EQ(run(p).outF32, before.outF32);
}

//===----------------------------------------------------------------------===//
// Routing weights
//===----------------------------------------------------------------------===//

TEST(MoeReference, TopkWeightsAreApplied) {
  MoeProblem p = generate(smallSpec(4), 8);
  const int64_t dh = p.shape.hidden, topk = p.shape.topk;
  Result base = run(p);
  // Only slot 1 counts, with weight 1, then 0.5 (exact), then -1.
  for (float w : {1.0f, 0.5f, -1.0f}) {
    MoeProblem q = p;
    for (int64_t i = 0; i < 4 * topk; ++i)
      q.topkWeights[i] = i % topk == 1 ? w : 0.0f;
    Result r = run(q);
    for (int64_t t = 0; t < 4; ++t)
      for (int64_t n = 0; n < dh; ++n)
        EXPECT_EQ(r.outF32[t * dh + n],
                  w * base.trace.y[(t * topk + 1) * dh + n]);
  }
  // Every weight 0: +0 everywhere.
  MoeProblem z = p;
  std::fill(z.topkWeights.begin(), z.topkWeights.end(), 0.0f);
  Result r = run(z);
  EXPECT_TRUE(std::all_of(r.outBf16.begin(), r.outBf16.end(),
                          [](uint16_t v) { return v == 0; }));
  // The slots of a token in another order: the same output.
  MoeProblem rev = p;
  for (int64_t t = 0; t < 4; ++t) {
    std::reverse(rev.topkIds.begin() + t * topk,
                 rev.topkIds.begin() + (t + 1) * topk);
    std::reverse(rev.topkWeights.begin() + t * topk,
                 rev.topkWeights.begin() + (t + 1) * topk);
  }
  EXPECT_EQ(run(rev).outBf16, base.outBf16);
  // A slot repeated counts twice: ids {a, a} weights {w, w} equal {a} 2w.
  MoeProblem twice = p;
  for (int64_t t = 0; t < 4; ++t) {
    twice.topkIds[t * topk + 1] = twice.topkIds[t * topk];
    twice.topkWeights[t * topk + 1] = twice.topkWeights[t * topk];
  }
  MoeProblem doubled = p;
  for (int64_t t = 0; t < 4; ++t) {
    doubled.topkIds[t * topk + 1] = doubled.topkIds[t * topk];
    doubled.topkWeights[t * topk] *= 2;
    doubled.topkWeights[t * topk + 1] = 0.0f;
  }
  EXPECT_EQ(run(twice).outF32, run(doubled).outF32);
}

TEST(MoeReference, IntermediateBf16Option) {
  MoeProblem p = generate(smallSpec(3), 9);
  MoeOptions f32;
  f32.intermediateBf16 = false;
  Result a = run(p), b = run(p, f32);
  auto isBf16 = [](float v) { return bf16ToFloat(floatToBf16(v)) == v; };
  EXPECT_TRUE(std::all_of(a.trace.h.begin(), a.trace.h.end(), isBf16));
  EXPECT_FALSE(std::all_of(b.trace.h.begin(), b.trace.h.end(), isBf16));
  // Not the same layer: where the rounding moves an element of h across an
  // E2M1 midpoint, or a block's amax across the bump, y changes by a step.
  EXPECT_NE(a.outF32, b.outF32);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// The message of moeReference on `shape` with the hand problem's arrays.
std::string errorOf(const MoeShape &shape, const MoeTensors &t, uint16_t *out) {
  Status st = moeReference(shape, MoeOptions(), t, out);
  EXPECT_FALSE(st.ok());
  return st.message();
}

TEST(MoeReference, RejectsBadArguments) {
  MoeProblem p = handProblem();
  std::vector<uint16_t> out(64, 0xAAAA);
  MoeTensors t = p.tensors();
  auto with = [&](auto change) {
    MoeShape s = p.shape;
    change(s);
    return errorOf(s, t, out.data());
  };
  EXPECT_EQ(with([](MoeShape &s) { s.tokens = -1; }),
            "moeReference: tokens (= -1) must be non-negative");
  EXPECT_EQ(with([](MoeShape &s) { s.experts = 0; }),
            "moeReference: experts (= 0) must be at least 1");
  EXPECT_EQ(with([](MoeShape &s) { s.topk = 0; }),
            "moeReference: topk (= 0) must be at least 1");
  EXPECT_EQ(with([](MoeShape &s) { s.hidden = 0; }),
            "moeReference: hidden (= 0) must be at least 1");
  EXPECT_EQ(with([](MoeShape &s) { s.hiddenPad = 48; }),
            "moeReference: hiddenPad (= 48) must be a multiple of 32 no "
            "smaller than hidden (= 32)");
  EXPECT_EQ(with([](MoeShape &s) { s.intermediate = 33; }),
            "moeReference: intermediatePad (= 32) must be a multiple of 32 no "
            "smaller than intermediate (= 33)");
  EXPECT_EQ(with([](MoeShape &s) {
              s.experts = int64_t(1) << 40;
              s.hiddenPad = s.intermediatePad = int64_t(1) << 20;
            }),
            "moeReference: the sizes overflow");

  std::vector<int32_t> ids = p.topkIds;
  ids[3] = 3;
  t.topkIds = ids.data();
  EXPECT_EQ(errorOf(p.shape, t, out.data()),
            "moeReference: topkIds[1][1] (= 3) is not an expert in [0, 3)");
  ids[3] = -1;
  EXPECT_EQ(errorOf(p.shape, t, out.data()),
            "moeReference: topkIds[1][1] (= -1) is not an expert in [0, 3)");
  t = p.tensors();
  t.hidden = nullptr;
  EXPECT_NE(errorOf(p.shape, t, out.data()).find("null"), std::string::npos);
  t = p.tensors();
  t.downScales = nullptr;
  EXPECT_NE(errorOf(p.shape, t, out.data()).find("null weight"),
            std::string::npos);
  EXPECT_NE(errorOf(p.shape, p.tensors(), nullptr).find("null"),
            std::string::npos);
  // The output was never written.
  EXPECT_TRUE(std::all_of(out.begin(), out.end(),
                          [](uint16_t v) { return v == 0xAAAA; }));
}

TEST(MoeGenerate, RejectsBadSpecs) {
  auto error = [](const MoeGenSpec &spec) {
    MoeProblem p;
    Status st = generateMoe(spec, 1, p);
    EXPECT_FALSE(st.ok());
    return st.message();
  };
  MoeGenSpec spec = smallSpec(2);
  spec.routedTopk = 7;
  EXPECT_EQ(error(spec),
            "generateMoe: routedTopk (= 7) exceeds routedExperts (= 6)");
  spec = smallSpec(2);
  spec.routedTopk = 0, spec.sharedExperts = 0;
  EXPECT_NE(error(spec).find("at least one expert"), std::string::npos);
  spec = smallSpec(2);
  spec.hiddenPad = 100;
  EXPECT_EQ(error(spec), "generateMoe: hiddenPad (= 100) must be a multiple "
                         "of 32 no smaller than hidden (= 96)");
  spec = smallSpec(-1);
  EXPECT_NE(error(spec).find("non-negative"), std::string::npos);
  spec = smallSpec(2);
  spec.sharedExperts = int64_t(1) << 40;
  EXPECT_EQ(error(spec), "generateMoe: 6 routed and 1099511627776 shared "
                         "experts do not fit the int32 ids");
  spec = smallSpec(2);
  spec.allowedExperts = {1, 1, 1};
  EXPECT_EQ(error(spec),
            "generateMoe: allowedExperts has 3 flags for 6 routed experts");
  spec = smallSpec(2);
  ASSERT_TRUE(moeLeaveExpertsEmpty(spec, {0, 1, 2, 3}).ok());
  EXPECT_EQ(error(spec), "generateMoe: only 2 routed experts are allowed, "
                         "fewer than routedTopk (= 3)");

  spec = smallSpec(2);
  Status st = moeRouteAllTokensTo(spec, 4);
  EXPECT_EQ(st.message(), "moeRouteAllTokensTo: routed experts [4, 7) are "
                          "not a non-empty range of the 6 routed experts");
  st = moeLeaveExpertsEmpty(spec, {6});
  EXPECT_EQ(st.message(),
            "moeLeaveExpertsEmpty: 6 is not a routed expert in [0, 6)");
}

//===----------------------------------------------------------------------===//
// The generator
//===----------------------------------------------------------------------===//

TEST(MoeGenerate, Shapes) {
  EXPECT_EQ(moePaddedDim(7168), 7168);
  EXPECT_EQ(moePaddedDim(1536), 1536);
  EXPECT_EQ(moePaddedDim(100), 256);
  EXPECT_EQ(moePaddedDim(257), 512);
  MoeShape s = makeMoeShape(4, 257, 7168, 256, 9);
  EXPECT_EQ(s.hiddenPad, 7168);
  EXPECT_EQ(s.intermediatePad, 256);
  MoeGenSpec spec = smallSpec(5);
  spec.hiddenPad = 128;
  ASSERT_TRUE(moeGenShape(spec, s).ok());
  EXPECT_EQ(s.experts, 7);
  EXPECT_EQ(s.topk, 4);
  EXPECT_EQ(s.hiddenPad, 128);
  EXPECT_EQ(s.intermediatePad, 256);
  MoeProblem p = generate(spec, 1);
  EXPECT_EQ(p.hidden.size(), 5u * 96);
  EXPECT_EQ(p.topkIds.size(), 5u * 4);
  EXPECT_EQ(p.gateUp.size(), 7u * 512 * 64);
  EXPECT_EQ(p.gateUpScales.size(), 7u * 512 * 4);
  EXPECT_EQ(p.down.size(), 7u * 128 * 128);
  EXPECT_EQ(p.downScales.size(), 7u * 128 * 8);
}

TEST(MoeGenerate, RoutingLikeTheTask) {
  // 512 tokens, top 4 of 16 routed experts and one shared.
  MoeGenSpec spec;
  spec.tokens = 512;
  spec.routedExperts = 16;
  spec.hidden = 256;
  spec.intermediate = 32;
  spec.routedTopk = 4;
  spec.hiddenPad = 256;
  spec.intermediatePad = 32;
  MoeProblem p = generate(spec, 11);
  std::vector<int64_t> count(17, 0);
  for (int64_t t = 0; t < 512; ++t) {
    const int32_t *ids = p.topkIds.data() + t * 5;
    const float *w = p.topkWeights.data() + t * 5;
    EXPECT_EQ(ids[4], 16);
    EXPECT_EQ(w[4], 1.0f);
    std::set<int32_t> distinct(ids, ids + 4);
    EXPECT_EQ(distinct.size(), 4u);
    float sum = 0;
    for (int k = 0; k < 4; ++k) {
      EXPECT_LT(ids[k], 16);
      EXPECT_GT(w[k], 0.0f);
      EXPECT_EQ(bf16ToFloat(floatToBf16(w[k])), w[k]);
      if (k > 0) {
        EXPECT_LE(w[k], w[k - 1]);
      }
      sum += w[k];
    }
    // Softmax scores of the top 4 of 16: more than 4/16, less than 1.
    EXPECT_GT(sum, 0.25f);
    EXPECT_LT(sum, 1.0f);
    for (int k = 0; k < 5; ++k)
      ++count[ids[k]];
  }
  // Near-uniform: each routed expert is chosen about 512 * 4 / 16 = 128
  // times (binomial standard deviation about 10).
  for (int e = 0; e < 16; ++e) {
    EXPECT_GT(count[e], 80) << e;
    EXPECT_LT(count[e], 176) << e;
  }
  EXPECT_EQ(count[16], 512);

  // Seeded: the same inputs again, others for another seed.
  MoeProblem again = generate(spec, 11), other = generate(spec, 12);
  EXPECT_EQ(p.hidden, again.hidden);
  EXPECT_EQ(p.topkIds, again.topkIds);
  EXPECT_EQ(p.gateUp, again.gateUp);
  EXPECT_EQ(p.downScales, again.downScales);
  EXPECT_NE(p.hidden, other.hidden);
  EXPECT_NE(p.gateUp, other.gateUp);
}

TEST(MoeGenerate, WeightsAreScaledNormals) {
  // gate/up ~ N(0, 1/d_hidden), down ~ N(0, 1/d_expert), then MXFP4.
  MoeGenSpec spec = smallSpec(1);
  spec.hidden = 256, spec.intermediate = 64, spec.intermediatePad = 64;
  MoeProblem p = generate(spec, 13);
  auto rms = [](const std::vector<uint8_t> &q, const std::vector<uint8_t> &s) {
    // One row per scale block.
    std::vector<float> v(q.size() * 2);
    EXPECT_TRUE(
        dequantizeRows(q.data(), s.data(), s.size(), 32, v.data()).ok());
    double sum = 0;
    for (float x : v)
      sum += double(x) * x;
    return std::sqrt(sum / v.size());
  };
  EXPECT_NEAR(rms(p.gateUp, p.gateUpScales), 1 / 16.0, 0.1 / 16);
  EXPECT_NEAR(rms(p.down, p.downScales), 1 / 8.0, 0.1 / 8);
  const int64_t n = p.hidden.size();
  double sum = 0;
  for (uint16_t v : p.hidden)
    sum += double(bf16ToFloat(v)) * bf16ToFloat(v);
  EXPECT_NEAR(std::sqrt(sum / n), 1.0, 0.2);
}

} // namespace
