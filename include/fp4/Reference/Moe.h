//===- Moe.h - Reference mixture-of-experts layer ---------------*- C++ -*-===//
//
// The MXFP4 mixture-of-experts layer of GPU MODE's moe-mxfp4 task, token by
// token (docs/reference-numerics.md, "Mixture of experts"), and a seeded
// generator of the task's inputs. The weights are the task's raw (plain,
// unshuffled) arrays; the padded dimensions follow the task's rule.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_MOE_H
#define FP4_REFERENCE_MOE_H

#include "fp4/Reference/Quantize.h"
#include "fp4/Reference/Status.h"

#include <cstdint>
#include <vector>

namespace fp4::ref {

/// The task pads d_hidden and d_expert to multiples of 256.
constexpr int64_t kMoePadAlign = 256;

/// `d` rounded up to a multiple of kMoePadAlign (0 for d <= 0).
int64_t moePaddedDim(int64_t d);

/// The sizes of one layer. Arrays (row-major, plain layouts):
///   hidden        bf16  [tokens, hidden]
///   topkIds       int32 [tokens, topk]   expert of each (token, slot)
///   topkWeights   f32   [tokens, topk]
///   gateUp        fp4x2 [experts, 2 * intermediatePad, hiddenPad / 2]
///   gateUpScales  E8M0  [experts, 2 * intermediatePad, hiddenPad / 32]
///   down          fp4x2 [experts, hiddenPad, intermediatePad / 2]
///   downScales    E8M0  [experts, hiddenPad, intermediatePad / 32]
///   out           bf16  [tokens, hidden]
/// Rows [0, intermediate) of an expert's gateUp are the gate projection,
/// rows [intermediatePad, intermediatePad + intermediate) the up projection.
struct MoeShape {
  int64_t tokens = 0;          ///< M
  int64_t experts = 0;         ///< E, routed and shared together
  int64_t hidden = 0;          ///< d_hidden
  int64_t intermediate = 0;    ///< d_expert
  int64_t hiddenPad = 0;       ///< d_hidden_pad: >= hidden, a multiple of 32
  int64_t intermediatePad = 0; ///< d_expert_pad: >= intermediate, % 32 == 0
  int64_t topk = 0;            ///< experts per token, routed and shared
};

/// The shape with both padded dimensions set by the task's rule
/// (moePaddedDim).
MoeShape makeMoeShape(int64_t tokens, int64_t experts, int64_t hidden,
                      int64_t intermediate, int64_t topk);

/// The choices the task leaves to the implementation, with the reference's
/// defaults.
struct MoeOptions {
  /// The block scale rule of the activation quantizer (x and h). aiter's
  /// fused_moe uses Even.
  ScaleMode mode = ScaleMode::Even;
  /// Tie rounding of the activation quantizer: Even is the library's
  /// quantizeBlock, aiter's dynamic_mxfp4_quant and gfx950's conversions;
  /// Away is aiter's fused_dynamic_mxfp4_quant_moe_sort, which quantizes x
  /// and h inside fused_moe.
  Ties ties = Ties::Even;
  /// Round h to bf16 before quantizing it, as aiter's stage 1 writes h as
  /// bf16; false quantizes the f32 value.
  bool intermediateBf16 = true;
};

/// Non-owning views of the layer's input arrays (layouts under MoeShape).
struct MoeTensors {
  const uint16_t *hidden = nullptr;
  const int32_t *topkIds = nullptr;
  const float *topkWeights = nullptr;
  const uint8_t *gateUp = nullptr;
  const uint8_t *gateUpScales = nullptr;
  const uint8_t *down = nullptr;
  const uint8_t *downScales = nullptr;
};

/// What moeReference computed on the way, for tests of single stages.
/// Pairs are (token, slot), pair p = token * topk + slot.
struct MoeTrace {
  std::vector<uint8_t> hiddenFp4;    ///< x quantized, [tokens, hiddenPad / 2]
  std::vector<uint8_t> hiddenScales; ///< [tokens, hiddenPad / 32]
  std::vector<float> gate, up;       ///< f32 [pairs, intermediate]
  std::vector<float> h;      ///< h before quantization [pairs, intermediatePad]
  std::vector<uint8_t> hFp4; ///< [pairs, intermediatePad / 2]
  std::vector<uint8_t> hScales; ///< [pairs, intermediatePad / 32]
  std::vector<float> y;         ///< f32 [pairs, hidden], before the weight
};

/// The layer, token by token. For token t and slot k, with e = topkIds[t, k]
/// and w = topkWeights[t, k]:
///  1. x = hidden[t] padded with zeros to hiddenPad, quantized to MXFP4 per
///     1x32 block (options.mode, options.ties);
///  2. g[j] = x . gate[e][j], u[j] = x . up[e][j] for j < intermediate, each
///     as referenceGemmQuantized computes a dot product (exact block sums,
///     double across blocks, one rounding to f32);
///     h[j] = SiLU(g[j]) * u[j] = g / (1 + exp(-g)) * u in double, rounded to
///     f32, then to bf16 when options.intermediateBf16; h[j] = 0 for
///     intermediate <= j < intermediatePad;
///  3. h quantized to MXFP4 per 1x32 block as x was;
///  4. y[n] = h . down[e][n] for n < hidden, as in step 2 (f32);
///  5. out[t][n] = sum over k in slot order (0, 1, ..., topk - 1) of
///     double(w) * double(y[n]), added in double, rounded once to f32
///     (outF32) and then to bf16 (outBf16, RNE).
/// Blocks of weights past the last one holding a real column (those lying
/// wholly in the padding) are never read, nor are rows past intermediate
/// (gate, up) and hidden (down); the padded columns of a partial last
/// block multiply x's or h's zeros. An expert no token chooses is never read.
/// A slot may name the same expert as another slot; it is added twice.
///
/// outF32 and trace may be null. Fails, writing nothing, unless the sizes
/// are as MoeShape says (tokens >= 0, experts, hidden, intermediate, topk
/// >= 1), every id is in [0, experts) and the pointers are non-null where
/// their arrays are non-empty.
Status moeReference(const MoeShape &shape, const MoeOptions &options,
                    const MoeTensors &tensors, uint16_t *outBf16,
                    float *outF32 = nullptr, MoeTrace *trace = nullptr);

//===----------------------------------------------------------------------===//
// Inputs shaped like the task's generate_input
//===----------------------------------------------------------------------===//

/// The parameters of the task's generate_input (dhidden, dexpert,
/// nroutedexperts, nexpertspertoken, nsharedexperts, bs).
struct MoeGenSpec {
  int64_t tokens = 0;        ///< bs
  int64_t routedExperts = 0; ///< nroutedexperts
  int64_t sharedExperts = 1; ///< nsharedexperts: ids routedExperts, ...
  int64_t hidden = 0;        ///< dhidden
  int64_t intermediate = 0;  ///< dexpert
  int64_t routedTopk = 0;    ///< nexpertspertoken
  /// 0: the task's rule, moePaddedDim; otherwise a multiple of 32 at least
  /// the dimension.
  int64_t hiddenPad = 0, intermediatePad = 0;
  /// Empty, or one flag per routed expert: the top-k is taken among the
  /// experts whose flag is non-zero (the scores, and so the weights, are
  /// still the softmax over all routed experts). See moeRouteAllTokensTo and
  /// moeLeaveExpertsEmpty.
  std::vector<uint8_t> allowedExperts;
  /// The scale rule the weights are quantized with.
  ScaleMode weightMode = ScaleMode::Even;
};

/// The task's inputs, owned (layouts as MoeShape says).
struct MoeProblem {
  MoeShape shape;
  std::vector<uint16_t> hidden;
  std::vector<int32_t> topkIds;
  std::vector<float> topkWeights;
  std::vector<uint8_t> gateUp, gateUpScales, down, downScales;

  MoeTensors tensors() const;
};

/// The shape generateMoe produces for `spec` (the padding resolved, experts
/// = routed + shared, topk = routedTopk + sharedExperts), or an error saying
/// what is wrong with the spec.
Status moeGenShape(const MoeGenSpec &spec, MoeShape &shape);

/// Inputs distributed as the task's generate_input draws them, from one
/// Rng(seed) in the task's order:
///  - hidden: N(0, 1) rounded to bf16 (randnBf16's distribution);
///  - router [routedExperts, hidden]: N(0, 1) in bf16 divided by
///    sqrt(hidden), rounded to bf16; logits = hidden . router^T (double,
///    rounded to f32 then bf16, as F.linear in bf16), softmax over the
///    routed experts (double, rounded to bf16), the routedTopk largest
///    scores (ties to the lower id; among allowedExperts when given), in
///    decreasing order, their bf16 scores as f32 weights; then the shared
///    experts routedExperts, ... with weight 1.0;
///  - gateUp: [experts, 2 intermediatePad, hiddenPad] N(0, 1) bf16 divided
///    by sqrt(hidden) (padding included, as the task draws it), rounded to
///    bf16 and quantized per row with spec.weightMode; then down
///    [experts, hiddenPad, intermediatePad] divided by sqrt(intermediate).
/// The values differ from torch's (another generator); the distribution is
/// the same. Cost: one normal sample per weight, so the task's benchmark
/// shapes (about 10^9 weights) take minutes; tests use small ones.
Status generateMoe(const MoeGenSpec &spec, uint64_t seed, MoeProblem &problem);

/// Sets spec.allowedExperts so that every token is routed to the routed
/// experts [first, first + routedTopk): they receive all tokens, every other
/// routed expert none (with routedTopk = 1, every token on one expert).
Status moeRouteAllTokensTo(MoeGenSpec &spec, int64_t first);

/// Clears the flags of `experts` in spec.allowedExperts (setting every flag
/// first when it is empty), so that those routed experts receive no token.
Status moeLeaveExpertsEmpty(MoeGenSpec &spec,
                            const std::vector<int64_t> &experts);

} // namespace fp4::ref

#endif // FP4_REFERENCE_MOE_H
