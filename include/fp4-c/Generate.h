/*===- fp4-c/Generate.h - build MXFP4 problem modules -------------*- C -*-===*\
|*                                                                            *|
|* Builds the GEMM function `fp4-gen gemm` prints, for any shape, and the     *|
|* MoE layer `fp4-gen moe` prints, as module text ready for                   *|
|* fp4CompileToHsaco.                                                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FP4_C_GENERATE_H
#define FP4_C_GENERATE_H

#include "fp4-c/Reference.h"
#include "fp4-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// How B and its scales are laid out in memory.
enum Fp4BLayout {
  /// [N, K/2] bytes and [N, K/32] scales.
  FP4_B_LAYOUT_PLAIN = 0,
  /// aiter's shuffle_weight (16,16) and e8m0_shuffle.
  FP4_B_LAYOUT_PRESHUFFLED = 1,
};
typedef enum Fp4BLayout Fp4BLayout;

enum Fp4OutType {
  FP4_OUT_BF16 = 0,
  FP4_OUT_F32 = 1,
};
typedef enum Fp4OutType Fp4OutType;

/// C[M,N] = quantize(A)[M,K] x B[N,K]^T.
struct Fp4GemmSpec {
  int64_t m, n, k;
  Fp4BLayout bLayout;
  Fp4OutType out;
  Fp4ScaleMode scaleMode;
  /// A arrives quantized (fp4 values + scales) instead of bf16; scaleMode
  /// is then unused.
  bool aQuantized;
  /// Function name; empty: "gemm_MxNxK".
  MlirStringRef name;
};
typedef struct Fp4GemmSpec Fp4GemmSpec;

/// The default spec of fp4-gen: pre-shuffled B, bf16 C, even scales.
FP4_CAPI_EXPORTED Fp4GemmSpec fp4GemmSpecGetDefault(int64_t m, int64_t n,
                                                    int64_t k);

/// Builds and verifies the GEMM module of `spec` and prints it through
/// `callback` (possibly in several pieces). Fails with the reason (K not a
/// multiple of 32, N not a multiple of 16 with a pre-shuffled B, ...) without
/// calling `callback`.
FP4_CAPI_EXPORTED Fp4Status fp4GenerateGemm(Fp4GemmSpec spec,
                                            MlirStringCallback callback,
                                            void *userData);

/// The GPU MODE moe-mxfp4 layer: `tokens` tokens, each routed to `topk` of
/// `experts` experts (shared ones included), d_hidden and d_expert as the
/// weights hold them; the function's arguments are the task's inputs
/// (their names as fp4.arg roles).
struct Fp4MoeLayerSpec {
  int64_t tokens, experts, topk, dHidden, dExpert;
  /// moe_align's row block; 0: fp4MoeDefaultBlockM's.
  int64_t blockM;
  /// Function name; empty: "moe_layer".
  MlirStringRef name;
};
typedef struct Fp4MoeLayerSpec Fp4MoeLayerSpec;

/// The row block a layer gets when its spec names none: 16 where an expert
/// with rows expects fewer than 32 of them, else 32.
FP4_CAPI_EXPORTED int64_t fp4MoeDefaultBlockM(int64_t tokens, int64_t experts,
                                              int64_t topk);

/// Builds and verifies the layer of `spec` (what `fp4-gen moe` prints) and
/// prints it through `callback`. Fails with the reason (a size below 1,
/// top-k above the experts, d_hidden or d_expert not a multiple of 32,
/// block_m not a multiple of 16 in [16, 256], ...) without calling
/// `callback`.
FP4_CAPI_EXPORTED Fp4Status fp4GenerateMoeLayer(Fp4MoeLayerSpec spec,
                                                MlirStringCallback callback,
                                                void *userData);

#ifdef __cplusplus
}
#endif

#endif /* FP4_C_GENERATE_H */
