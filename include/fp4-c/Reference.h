/*===- fp4-c/Reference.h - MXFP4 reference numerics ---------------*- C -*-===*\
|*                                                                            *|
|* Thin wrappers over the reference library (include/fp4/Reference): block    *|
|* quantization, dequantization, aiter's shuffled layouts of B and its        *|
|* scales, the reference GEMM, the MoE layer and its inputs, the acceptance   *|
|* check and the seeded test data. bf16 values are passed as their uint16_t   *|
|* bit patterns. Arrays are row-major; the caller allocates every output.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_REFERENCE_H
#define FP4_C_REFERENCE_H

#include "fp4-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How the block scale of a quantized block is chosen.
enum Fp4ScaleMode {
  /// aiter's reference: amax rounded up at 1.75 * 2^e (the default).
  FP4_SCALE_MODE_EVEN = 0,
  /// Strict OCP MX v1.0: floor(log2(amax)) - 2.
  FP4_SCALE_MODE_FLOOR = 1,
};
typedef enum Fp4ScaleMode Fp4ScaleMode;

/// Quantizes a [rows, k] bf16 matrix along k (k % 32 == 0): `fp4x2` gets
/// rows * k / 2 bytes (element 2j in the low nibble of byte j), `scales`
/// rows * k / 32 E8M0 bytes.
FP4_CAPI_EXPORTED Fp4Status fp4QuantizeBf16(const uint16_t *bf16, int64_t rows,
                                            int64_t k, Fp4ScaleMode mode,
                                            uint8_t *fp4x2, uint8_t *scales);

/// The same for f32 input.
FP4_CAPI_EXPORTED Fp4Status fp4QuantizeF32(const float *f32, int64_t rows,
                                           int64_t k, Fp4ScaleMode mode,
                                           uint8_t *fp4x2, uint8_t *scales);

/// Dequantizes [rows, k] MXFP4 data to f32 (rows * k values).
FP4_CAPI_EXPORTED Fp4Status fp4Dequantize(const uint8_t *fp4x2,
                                          const uint8_t *scales, int64_t rows,
                                          int64_t k, float *out);

/// aiter's shuffle_weight (16,16) of a plain [n, kBytes] fp4x2 array (n and
/// kBytes multiples of 16) into `out` (n * kBytes bytes), and its inverse.
FP4_CAPI_EXPORTED Fp4Status fp4ShuffleWeight(const uint8_t *b, int64_t n,
                                             int64_t kBytes, uint8_t *out);
FP4_CAPI_EXPORTED Fp4Status fp4UnshuffleWeight(const uint8_t *shuffled,
                                               int64_t n, int64_t kBytes,
                                               uint8_t *out);

/// The padded [rows, cols] shape of the e8m0_shuffle of [n, kBlocks] scales:
/// {ceil(n/256)*256, ceil(kBlocks/8)*8}. Fails on negative sizes.
FP4_CAPI_EXPORTED Fp4Status fp4GetShuffledScalesShape(int64_t n,
                                                      int64_t kBlocks,
                                                      int64_t *rows,
                                                      int64_t *cols);

/// aiter's e8m0_shuffle of plain [n, kBlocks] scales into `out` (of the
/// padded shape above), padding filled with `padByte`, and its inverse
/// (which reads only the real positions).
FP4_CAPI_EXPORTED Fp4Status fp4ShuffleScales(const uint8_t *scales, int64_t n,
                                             int64_t kBlocks, uint8_t *out,
                                             uint8_t padByte);
FP4_CAPI_EXPORTED Fp4Status fp4UnshuffleScales(const uint8_t *shuffled,
                                               int64_t n, int64_t kBlocks,
                                               uint8_t *out);

/// The reference GEMM: A bf16 [m, k] quantized with `mode`, B fp4x2 [n, k/2]
/// with scales [n, k/32] (plain layout), C f32 [m, n].
FP4_CAPI_EXPORTED Fp4Status fp4ReferenceGemm(const uint16_t *aBf16, int64_t m,
                                             int64_t k, const uint8_t *bFp4x2,
                                             const uint8_t *bScales, int64_t n,
                                             Fp4ScaleMode mode, float *c);

/// The reference GEMM of two quantized operands (plain layouts).
FP4_CAPI_EXPORTED Fp4Status fp4ReferenceGemmQuantized(
    const uint8_t *aFp4x2, const uint8_t *aScales, int64_t m,
    const uint8_t *bFp4x2, const uint8_t *bScales, int64_t n, int64_t k,
    float *c);

/// The OCP MX element formats the scaled MFMA multiplies (issue 21).
enum Fp4ElementFormat {
  FP4_ELEMENT_E2M1 = 0, ///< fp4 (f4E2M1FN): two per byte, low nibble first
  FP4_ELEMENT_E4M3 = 1, ///< fp8 (f8E4M3FN): one byte
  FP4_ELEMENT_E5M2 = 2, ///< fp8 (f8E5M2): one byte
  FP4_ELEMENT_E2M3 = 3, ///< fp6 (f6E2M3FN): four in three bytes
  FP4_ELEMENT_E3M2 = 4, ///< fp6 (f6E3M2FN): four in three bytes
};
typedef enum Fp4ElementFormat Fp4ElementFormat;

/// The bytes of one packed row of `k` elements (k % 32 == 0) in `format`:
/// k / 2, k or 3 k / 4. Rows are packed as a little-endian bit stream,
/// element i at bits [b i, b i + b) (docs/reference-numerics.md).
FP4_CAPI_EXPORTED Fp4Status fp4MxRowBytes(Fp4ElementFormat format, int64_t k,
                                          int64_t *bytes);

/// Quantizes a [rows, k] bf16 (or f32) matrix along k to `format`: `packed`
/// gets rows * fp4MxRowBytes(format, k) bytes, `scales` rows * k / 32 E8M0
/// bytes. For E2M1 the same bytes as fp4QuantizeBf16.
FP4_CAPI_EXPORTED Fp4Status fp4MxQuantizeBf16(const uint16_t *bf16,
                                              int64_t rows, int64_t k,
                                              Fp4ScaleMode mode,
                                              Fp4ElementFormat format,
                                              uint8_t *packed, uint8_t *scales);
FP4_CAPI_EXPORTED Fp4Status fp4MxQuantizeF32(const float *f32, int64_t rows,
                                             int64_t k, Fp4ScaleMode mode,
                                             Fp4ElementFormat format,
                                             uint8_t *packed, uint8_t *scales);

/// How a quantizer rounds an element halfway between two codes.
enum Fp4Ties {
  /// To the even code: OCP's conversion, the library's default.
  FP4_TIES_EVEN = 0,
  /// To the larger magnitude, as aiter's fused MoE quantizer
  /// (fused_dynamic_mxfp4_quant_moe_sort).
  FP4_TIES_AWAY = 1,
};
typedef enum Fp4Ties Fp4Ties;

/// fp4MxQuantizeBf16/F32 with the tie rounding chosen (theirs is
/// FP4_TIES_EVEN).
FP4_CAPI_EXPORTED Fp4Status fp4MxQuantizeTiesBf16(
    const uint16_t *bf16, int64_t rows, int64_t k, Fp4ScaleMode mode,
    Fp4ElementFormat format, Fp4Ties ties, uint8_t *packed, uint8_t *scales);
FP4_CAPI_EXPORTED Fp4Status fp4MxQuantizeTiesF32(const float *f32, int64_t rows,
                                                 int64_t k, Fp4ScaleMode mode,
                                                 Fp4ElementFormat format,
                                                 Fp4Ties ties, uint8_t *packed,
                                                 uint8_t *scales);

/// Dequantizes [rows, k] packed data of `format` to f32 (rows * k values).
FP4_CAPI_EXPORTED Fp4Status fp4MxDequantize(const uint8_t *packed,
                                            const uint8_t *scales, int64_t rows,
                                            int64_t k, Fp4ElementFormat format,
                                            float *out);

/// The reference GEMM of two quantized operands of any formats (plain
/// layouts, packed rows): A [m, k] in `aFormat`, B [n, k] in `bFormat`,
/// C f32 [m, n].
FP4_CAPI_EXPORTED Fp4Status fp4MxReferenceGemmQuantized(
    Fp4ElementFormat aFormat, const uint8_t *a, const uint8_t *aScales,
    int64_t m, Fp4ElementFormat bFormat, const uint8_t *b,
    const uint8_t *bScales, int64_t n, int64_t k, float *c);

/// The sizes of a mixture-of-experts layer (GPU MODE moe-mxfp4; the arrays
/// and the semantics: fp4/Reference/Moe.h, docs/reference-numerics.md,
/// "Mixture of experts"). Arrays, row-major, plain (unshuffled) layouts:
///   hidden bf16 [tokens, hidden], topkIds int32 and topkWeights f32
///   [tokens, topk], gateUp fp4x2 [experts, 2 intermediatePad, hiddenPad / 2]
///   with scales [experts, 2 intermediatePad, hiddenPad / 32] (gate: rows
///   [0, intermediate), up: rows [intermediatePad, intermediatePad +
///   intermediate)), down fp4x2 [experts, hiddenPad, intermediatePad / 2]
///   with scales [experts, hiddenPad, intermediatePad / 32], out bf16
///   [tokens, hidden].
struct Fp4MoeShape {
  int64_t tokens;          ///< M
  int64_t experts;         ///< E, routed and shared together
  int64_t hidden;          ///< d_hidden
  int64_t intermediate;    ///< d_expert
  int64_t hiddenPad;       ///< d_hidden_pad: a multiple of 32, >= hidden
  int64_t intermediatePad; ///< d_expert_pad: a multiple of 32, >= d_expert
  int64_t topk;            ///< experts per token, routed and shared
};
typedef struct Fp4MoeShape Fp4MoeShape;

/// The options of fp4MoeReference; all zero is the default.
struct Fp4MoeOptions {
  /// The activation quantizer's scale rule.
  Fp4ScaleMode scaleMode;
  /// The activation quantizer's tie rounding (x and h): FP4_TIES_AWAY is
  /// aiter's fused MoE quantizer.
  Fp4Ties ties;
  /// Quantize h from its f32 value instead of rounding it to bf16 first.
  bool intermediateF32;
};
typedef struct Fp4MoeOptions Fp4MoeOptions;

/// The layer, token by token (fp4::ref::moeReference): `out` gets bf16
/// [tokens, hidden]; `outF32`, when not NULL, the f32 value each bf16 was
/// rounded from. Fails, writing nothing, on a bad shape, an id outside
/// [0, experts) or a NULL array that is not empty.
FP4_CAPI_EXPORTED Fp4Status fp4MoeReference(
    Fp4MoeShape shape, Fp4MoeOptions options, const uint16_t *hidden,
    const int32_t *topkIds, const float *topkWeights, const uint8_t *gateUp,
    const uint8_t *gateUpScales, const uint8_t *down, const uint8_t *downScales,
    uint16_t *out, float *outF32);

/// The parameters of the task's input generator.
struct Fp4MoeGenSpec {
  int64_t tokens;        ///< bs
  int64_t routedExperts; ///< nroutedexperts
  int64_t sharedExperts; ///< nsharedexperts (ids routedExperts, ...)
  int64_t hidden;        ///< dhidden
  int64_t intermediate;  ///< dexpert
  int64_t routedTopk;    ///< nexpertspertoken
  /// 0: the task's rule (rounded up to a multiple of 256).
  int64_t hiddenPad, intermediatePad;
  /// NULL, or `routedExperts` flags: the top-k is taken among the experts
  /// whose flag is not zero (every token on the same experts, empty experts).
  const uint8_t *allowedExperts;
  /// The scale rule the weights are quantized with.
  Fp4ScaleMode weightScaleMode;
};
typedef struct Fp4MoeGenSpec Fp4MoeGenSpec;

/// The shape fp4MoeGenerate produces for `spec` (experts = routed + shared,
/// topk = routedTopk + sharedExperts, the padding resolved): the sizes of
/// the arrays to allocate.
FP4_CAPI_EXPORTED Fp4Status fp4MoeGenShape(Fp4MoeGenSpec spec,
                                           Fp4MoeShape *shape);

/// Inputs distributed as the task's generate_input draws them (seeded, the
/// same on every platform up to libm's last bit): randn hidden states, a
/// softmax top-k router over the routed experts (weights the softmax
/// scores, in decreasing order) with the shared experts last at weight 1.0,
/// randn weights divided by sqrt(d_hidden) (gate, up) and sqrt(d_expert)
/// (down), quantized per row. The arrays are laid out as Fp4MoeShape says.
FP4_CAPI_EXPORTED Fp4Status fp4MoeGenerate(Fp4MoeGenSpec spec, uint64_t seed,
                                           uint16_t *hidden, int32_t *topkIds,
                                           float *topkWeights, uint8_t *gateUp,
                                           uint8_t *gateUpScales, uint8_t *down,
                                           uint8_t *downScales);

/// The sizes of fp4MoeAlign's outputs for `pairs` (token, expert) pairs
/// (fp4::ref::moeAlignSizes): `rows` sorted entries in `blocks` row blocks.
FP4_CAPI_EXPORTED Fp4Status fp4MoeAlignSizes(int64_t pairs, int64_t experts,
                                             int64_t blockM, int64_t *rows,
                                             int64_t *blocks);

/// The pairs grouped by expert, each expert's run padded to a multiple of
/// blockM (fp4::ref::moeAlign): `ids` [pairs] (topk_ids flattened), `sorted`
/// [rows] the pair indices (`pairs` marks padding), `blockExpert` [blocks]
/// each row block's expert (-1 past the runs), `valid` the rows the runs
/// take, `positions` [pairs] (NULL: not wanted) each pair's row in
/// `sorted` (-1: routed nowhere).
FP4_CAPI_EXPORTED Fp4Status fp4MoeAlign(const int32_t *ids, int64_t pairs,
                                        int64_t experts, int64_t blockM,
                                        int32_t *sorted, int32_t *blockExpert,
                                        int32_t *valid, int32_t *positions);

/// f32 -> bf16 (round to nearest even) and bf16 -> f32 (exact), `count`
/// values; a negative count converts nothing.
FP4_CAPI_EXPORTED void fp4F32ToBf16(const float *in, int64_t count,
                                    uint16_t *out);
FP4_CAPI_EXPORTED void fp4Bf16ToF32(const uint16_t *in, int64_t count,
                                    float *out);

/// The outcome of fp4CheckOutput.
struct Fp4CheckResult {
  /// Elements that fail |out - ref| <= atol + rtol * |ref| (NaN/Inf must
  /// match exactly).
  int64_t mismatches;
  /// Of those, the ones where out or ref is NaN or +-Inf.
  int64_t nanMismatches;
  /// Largest |out - ref| where both are finite, and where (-1 if nowhere).
  double worstAbsErr;
  int64_t worstIndex;
  /// The first failing element, -1 if none.
  int64_t firstMismatch;
};
typedef struct Fp4CheckResult Fp4CheckResult;

/// The problem's acceptance rule on `count` f32 values.
FP4_CAPI_EXPORTED Fp4CheckResult fp4CheckOutput(const float *out,
                                                const float *ref, int64_t count,
                                                double atol, double rtol);

/// `count` N(0,1) samples rounded to bf16, from a seeded generator that gives
/// the same values on every platform.
FP4_CAPI_EXPORTED Fp4Status fp4RandnBf16(uint64_t seed, int64_t count,
                                         uint16_t *out);

/// A [rows, k] bf16 matrix of N(0,1) samples with every 32-element block
/// scaled by its own power of two (k % 32 == 0), as fp4-run --data blocked.
FP4_CAPI_EXPORTED Fp4Status fp4RandnBf16Blocked(uint64_t seed, int64_t rows,
                                                int64_t k, uint16_t *out);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_REFERENCE_H */
