/*===- reference.c - C API: reference numerics on hand-computed values ----===*\
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: fp4-capi-reference-test 2>&1 | FileCheck %s

#include "common.h"

#include <math.h>

static uint16_t bf16(float f) {
  uint16_t b;
  fp4F32ToBf16(&f, 1, &b);
  return b;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);

  /* Block 0: amax 6 -> scale 2^0 (byte 127) in both modes; element 2j and
     2j+1 share byte j, low nibble first. Block 1: amax 7 = 1.75 * 2^2: even
     mode bumps the scale to 2^1 (byte 128) and 7/2 = 3.5 ties to the even
     code 6 (4.0); floor mode keeps 2^0 and 7 saturates to code 7 (6.0). */
  float x[64] = {0};
  x[0] = 6.0f;  /* code 7 */
  x[1] = 0.5f;  /* code 1 */
  x[2] = -1.5f; /* code 0xB */
  x[3] = 0.25f; /* tie 0 / 0.5: even code 0 */
  x[4] = -0.0f; /* sign kept: code 8 */
  x[5] = 2.5f;  /* tie 2 / 3: even code 4 (2.0) */
  x[32] = 7.0f;
  x[33] = 1.0f; /* even: 0.5 -> code 1; floor: 1.0 -> code 2 */
  uint16_t xb[64];
  fp4F32ToBf16(x, 64, xb);
  uint8_t q[32], s[2];
  report("quantize even",
         fp4QuantizeBf16(xb, 1, 64, FP4_SCALE_MODE_EVEN, q, s));
  printf("even: scales %u %u bytes %02x %02x %02x %02x %02x\n", s[0], s[1],
         q[0], q[1], q[2], q[16], q[17]);
  // CHECK: quantize even: ok
  // CHECK: even: scales 127 128 bytes 17 0b 48 16 00
  report("quantize floor",
         fp4QuantizeF32(x, 1, 64, FP4_SCALE_MODE_FLOOR, q, s));
  printf("floor: scales %u %u bytes %02x %02x %02x %02x\n", s[0], s[1], q[0],
         q[1], q[16], q[17]);
  // CHECK: quantize floor: ok
  // CHECK: floor: scales 127 127 bytes 17 0b 27 00

  float back[64];
  report("dequantize", fp4Dequantize(q, s, 1, 64, back));
  printf("dequantized: %g %g %g %g %g %g | %g %g\n", back[0], back[1], back[2],
         back[3], back[4], back[5], back[32], back[33]);
  // CHECK: dequantize: ok
  // CHECK: dequantized: 6 0.5 -1.5 0 -0 2 | 6 1

  report("quantize K=48",
         fp4QuantizeBf16(xb, 1, 48, FP4_SCALE_MODE_EVEN, q, s));
  // CHECK: quantize K=48: error: {{.*}}48{{.*}}
  report("quantize mode 5", fp4QuantizeBf16(xb, 1, 64, (Fp4ScaleMode)5, q, s));
  // CHECK: quantize mode 5: error: unknown scale mode 5; use FP4_SCALE_MODE_EVEN or FP4_SCALE_MODE_FLOOR
  report("quantize into NULL",
         fp4QuantizeBf16(xb, 1, 64, FP4_SCALE_MODE_EVEN, NULL, s));
  // CHECK: quantize into NULL: error: {{.+}}

  /* Shuffled B: byte (row 1, kb 0) of a [16, 32] array goes to offset 16,
     byte (0, 16) to 256 (the second half of the first 512-byte group). */
  enum { N = 32, KB = 64 };
  static uint8_t plain[N * KB], shuffled[N * KB], again[N * KB];
  for (int i = 0; i < N * KB; ++i)
    plain[i] = (uint8_t)(i * 7 + 3);
  report("shuffle B", fp4ShuffleWeight(plain, N, KB, shuffled));
  printf("shuffled[16] == plain[1][0]: %d, shuffled[256] == plain[0][16]: %d, "
         "shuffled[512] == plain[0][32]: %d\n",
         shuffled[16] == plain[1 * KB + 0], shuffled[256] == plain[16],
         shuffled[512] == plain[32]);
  // CHECK: shuffle B: ok
  // CHECK: shuffled[16] == plain[1][0]: 1, shuffled[256] == plain[0][16]: 1, shuffled[512] == plain[0][32]: 1
  report("unshuffle B", fp4UnshuffleWeight(shuffled, N, KB, again));
  printf("round trip: %d\n", memcmp(plain, again, sizeof plain) == 0);
  // CHECK: unshuffle B: ok
  // CHECK: round trip: 1
  report("shuffle N=15", fp4ShuffleWeight(plain, 15, KB, shuffled));
  // CHECK: shuffle N=15: error: {{.*}}15{{.*}}

  /* Shuffled scales of [40, 3]: padded to [256, 8]; scale (16, 0) sits at
     offset 1, scale (0, 1) at 64, scale (32, 0) at 32 * 8 = 256. */
  int64_t rows, cols;
  report("scale shape", fp4GetShuffledScalesShape(40, 3, &rows, &cols));
  printf("padded: %lldx%lld\n", (long long)rows, (long long)cols);
  // CHECK: scale shape: ok
  // CHECK: padded: 256x8
  report("scale shape -1", fp4GetShuffledScalesShape(-1, 3, &rows, &cols));
  // CHECK: scale shape -1: error: scale array sizes must be non-negative, got -1x3
  static uint8_t scales[40 * 3], sh[256 * 8], sback[40 * 3];
  for (int i = 0; i < 40 * 3; ++i)
    scales[i] = (uint8_t)(100 + i);
  report("shuffle scales", fp4ShuffleScales(scales, 40, 3, sh, 0xEE));
  printf("sh[1] == s[16][0]: %d, sh[64] == s[0][1]: %d, sh[256] == s[32][0]: "
         "%d, padding 0x%02x\n",
         sh[1] == scales[16 * 3], sh[64] == scales[1],
         sh[256] == scales[32 * 3], sh[256 * 8 - 1]);
  // CHECK: shuffle scales: ok
  // CHECK: sh[1] == s[16][0]: 1, sh[64] == s[0][1]: 1, sh[256] == s[32][0]: 1, padding 0xee
  report("unshuffle scales", fp4UnshuffleScales(sh, 40, 3, sback));
  printf("round trip: %d\n", memcmp(scales, sback, sizeof scales) == 0);
  // CHECK: unshuffle scales: ok
  // CHECK: round trip: 1

  /* Reference GEMM, 2x2x64 by hand: A row 0 = 1.0 everywhere, row 1 = 0.5
     in block 0 and -2 in block 1; B row 0 = 1.5 everywhere, row 1 = 1.0 in
     block 0 only. C = [[96, 32], [-72, 16]]. */
  uint16_t a[2 * 64], bb[2 * 64];
  for (int i = 0; i < 64; ++i) {
    a[i] = bf16(1.0f);
    a[64 + i] = bf16(i < 32 ? 0.5f : -2.0f);
    bb[i] = bf16(1.5f);
    bb[64 + i] = bf16(i < 32 ? 1.0f : 0.0f);
  }
  uint8_t bq[2 * 32], bs[2 * 2];
  report("quantize B", fp4QuantizeBf16(bb, 2, 64, FP4_SCALE_MODE_EVEN, bq, bs));
  float c[4];
  report("reference GEMM",
         fp4ReferenceGemm(a, 2, 64, bq, bs, 2, FP4_SCALE_MODE_EVEN, c));
  printf("C = [[%g, %g], [%g, %g]]\n", c[0], c[1], c[2], c[3]);
  // CHECK: quantize B: ok
  // CHECK: reference GEMM: ok
  // CHECK: C = {{\[\[}}96, 32], [-72, 16]]
  uint8_t aq[2 * 32], as[2 * 2];
  report("quantize A", fp4QuantizeBf16(a, 2, 64, FP4_SCALE_MODE_EVEN, aq, as));
  float c2[4];
  report("reference GEMM quantized",
         fp4ReferenceGemmQuantized(aq, as, 2, bq, bs, 2, 64, c2));
  printf("same: %d\n", memcmp(c, c2, sizeof c) == 0);
  // CHECK: reference GEMM quantized: ok
  // CHECK: same: 1
  report("reference GEMM K=40",
         fp4ReferenceGemm(a, 2, 40, bq, bs, 2, FP4_SCALE_MODE_EVEN, c));
  // CHECK: reference GEMM K=40: error: {{.*}}40{{.*}}

  /* The acceptance check: 0.01 + 0.01 |ref|, NaN matching NaN. */
  float ref[4] = {1.0f, 100.0f, 0.0f, NAN};
  float out[4] = {1.019f, 101.5f, 0.0f, NAN};
  Fp4CheckResult r = fp4CheckOutput(out, ref, 4, 0.01, 0.01);
  printf("check: %lld mismatches, first %lld, nan %lld\n",
         (long long)r.mismatches, (long long)r.firstMismatch,
         (long long)r.nanMismatches);
  // CHECK: check: 1 mismatches, first 1, nan 0
  out[3] = 1.0f;
  r = fp4CheckOutput(out, ref, 4, 0.01, 0.01);
  printf("check: %lld mismatches, nan %lld\n", (long long)r.mismatches,
         (long long)r.nanMismatches);
  // CHECK: check: 2 mismatches, nan 1

  /* Seeded data: the same seed gives the same values, another seed not. */
  uint16_t r1[64], r2[64], r3[64];
  fp4RandnBf16(5, 64, r1);
  fp4RandnBf16(5, 64, r2);
  fp4RandnBf16(6, 64, r3);
  printf("same seed: %d, other seed: %d\n", memcmp(r1, r2, sizeof r1) == 0,
         memcmp(r1, r3, sizeof r1) == 0);
  // CHECK: same seed: 1, other seed: 0
  report("blocked K=33", fp4RandnBf16Blocked(1, 2, 33, r1));
  // CHECK: blocked K=33: error: blocked data needs rows >= 0 and k a non-negative multiple of 32, got 2x33
  /* The other MX formats: fp6 E2M3 packs four elements in three bytes
     (element i at bits 6i of the little-endian group). Floor rule, amax
     7.5: scale 2^(2 - 2) = 1; 7.5 -> code 0x1F, 1.0 -> 0x08, -0.5 -> 0x24
     (sign 0x20 | subnormal 0.5 = 4 / 8), 0 -> 0: the 24 bits 0x2421f. */
  int64_t rowBytes = 0;
  report("fp6 row bytes", fp4MxRowBytes(FP4_ELEMENT_E2M3, 64, &rowBytes));
  printf("fp6 row: %lld bytes\n", (long long)rowBytes);
  // CHECK: fp6 row bytes: ok
  // CHECK: fp6 row: 48 bytes
  float y[32] = {7.5f, 1.0f, -0.5f, 0.0f};
  uint8_t p6[24], s6[1];
  report("fp6 quantize", fp4MxQuantizeF32(y, 1, 32, FP4_SCALE_MODE_FLOOR,
                                          FP4_ELEMENT_E2M3, p6, s6));
  printf("fp6: scale %u bytes %02x %02x %02x\n", s6[0], p6[0], p6[1], p6[2]);
  // CHECK: fp6 quantize: ok
  // CHECK: fp6: scale 127 bytes 1f 42 02
  float back6[32];
  report("fp6 dequantize",
         fp4MxDequantize(p6, s6, 1, 32, FP4_ELEMENT_E2M3, back6));
  printf("fp6 values: %g %g %g %g\n", back6[0], back6[1], back6[2], back6[3]);
  // CHECK: fp6 dequantize: ok
  // CHECK: fp6 values: 7.5 1 -0.5 0
  /* Ties: with amax 6 the floor scale is 1; 2.5, 1.25, 0.25, 5 and -2.5
     lie halfway between E2M1 values. Even: codes 7 4 2 0 6 c (6 2 1 0 4
     -2); away: 7 5 3 1 7 d (6 3 1.5 0.5 6 -3). fp4x2 bytes: element 2i in
     the low nibble of byte i. */
  float t[32] = {6.0f, 2.5f, 1.25f, 0.25f, 5.0f, -2.5f};
  uint8_t te[16], ta[16], ts[1];
  report("ties even",
         fp4MxQuantizeTiesF32(t, 1, 32, FP4_SCALE_MODE_FLOOR, FP4_ELEMENT_E2M1,
                              FP4_TIES_EVEN, te, ts));
  report("ties away",
         fp4MxQuantizeTiesF32(t, 1, 32, FP4_SCALE_MODE_FLOOR, FP4_ELEMENT_E2M1,
                              FP4_TIES_AWAY, ta, ts));
  printf("even: %02x %02x %02x, away: %02x %02x %02x\n", te[0], te[1], te[2],
         ta[0], ta[1], ta[2]);
  // CHECK: ties even: ok
  // CHECK: ties away: ok
  // CHECK: even: 47 02 c6, away: 57 13 d7
  report("ties 7", fp4MxQuantizeTiesF32(t, 1, 32, FP4_SCALE_MODE_FLOOR,
                                        FP4_ELEMENT_E2M1, (Fp4Ties)7, ta, ts));
  // CHECK: ties 7: error: unknown tie rounding 7; use FP4_TIES_EVEN or FP4_TIES_AWAY
  /* W4A8: fp8 E4M3 A times fp4 B equals the dequantized product. */
  float a8[64] = {0}, b4[64] = {0};
  a8[0] = 3.0f, a8[1] = -0.75f, b4[0] = 2.0f, b4[1] = 4.0f;
  uint8_t aq8[64], as8[2], bq4[32], bs4[2];
  report("fp8 quantize", fp4MxQuantizeF32(a8, 1, 64, FP4_SCALE_MODE_FLOOR,
                                          FP4_ELEMENT_E4M3, aq8, as8));
  report("fp4 quantize", fp4MxQuantizeF32(b4, 1, 64, FP4_SCALE_MODE_FLOOR,
                                          FP4_ELEMENT_E2M1, bq4, bs4));
  float c8;
  report("W4A8 GEMM",
         fp4MxReferenceGemmQuantized(FP4_ELEMENT_E4M3, aq8, as8, 1,
                                     FP4_ELEMENT_E2M1, bq4, bs4, 1, 64, &c8));
  printf("W4A8: %g\n", c8);
  // CHECK: W4A8 GEMM: ok
  // CHECK: W4A8: 3
  report("format 9", fp4MxRowBytes((Fp4ElementFormat)9, 64, &rowBytes));
  // CHECK: format 9: error: unknown element format 9; use one of FP4_ELEMENT_E2M1 .. FP4_ELEMENT_E3M2

  /* The MoE layer by hand (as unittests/Reference/MoeTest.cpp): d_hidden =
     d_expert = 32, experts 0 and 1 routed, 2 shared, top-1 + shared. Only
     gate/up row 0 and down column 0 are non-zero: h = [h0, 0, ...], y = q(h0)
     * down[:, 0]. Token 0: expert 0 has g = x3 = 3, u = 2 x1 = 2, h0 =
     SiLU(3) * 2 = 5.72 -> 6; the shared one g = x3 + x4 = 3, u = -2 x2 = 1,
     h0 = 2.86 -> 3. Token 1: expert 1 has g = -x0 = 4, u = x4 = 1, h0 = 3.93
     -> 4 (the even rule bumps its scale); shared g = 1, u = -2, h0 = -1.46
     -> -1.5. out = 0.25 * 6 * [1, -0.5, 4, 0] + 3 * [1, 0, -1, 0.5] and
     0.5 * 4 * [0.5, 1, 0, -2] - 1.5 * [1, 0, -1, 0.5]. */
  static float moeX[2 * 32], gateUpF[3 * 64 * 32], downF[3 * 32 * 32];
  moeX[0] = 2, moeX[1] = 1, moeX[2] = -0.5f, moeX[3] = 3;
  moeX[32] = -4, moeX[34] = 1, moeX[36] = 1;
#define GATE(e, i) gateUpF[(e)*64 * 32 + (i)]
#define UP(e, i) gateUpF[((e)*64 + 32) * 32 + (i)]
#define DOWN(e, n) downF[((e)*32 + (n)) * 32]
  GATE(0, 3) = 1, UP(0, 1) = 2;
  GATE(1, 0) = -1, UP(1, 4) = 1;
  GATE(2, 3) = 1, GATE(2, 4) = 1, UP(2, 2) = -2;
  DOWN(0, 0) = 1, DOWN(0, 1) = -0.5f, DOWN(0, 2) = 4;
  DOWN(1, 0) = 0.5f, DOWN(1, 1) = 1, DOWN(1, 3) = -2;
  DOWN(2, 0) = 1, DOWN(2, 2) = -1, DOWN(2, 3) = 0.5f;
  static uint16_t moeXb[2 * 32], moeOut[2 * 32];
  static uint8_t guQ[3 * 64 * 16], guS[3 * 64], dnQ[3 * 32 * 16], dnS[3 * 32];
  static float moeOutF[2 * 32];
  fp4F32ToBf16(moeX, 2 * 32, moeXb);
  require(
      report("quantize gate_up", fp4QuantizeF32(gateUpF, 3 * 64, 32,
                                                FP4_SCALE_MODE_EVEN, guQ, guS)),
      "quantize gate_up");
  require(
      report("quantize down",
             fp4QuantizeF32(downF, 3 * 32, 32, FP4_SCALE_MODE_EVEN, dnQ, dnS)),
      "quantize down");
  // CHECK: quantize gate_up: ok
  // CHECK: quantize down: ok
  Fp4MoeShape moe = {2, 3, 32, 32, 32, 32, 2};
  Fp4MoeOptions moeOpts = {FP4_SCALE_MODE_EVEN, FP4_TIES_EVEN, false};
  int32_t ids[4] = {0, 2, 1, 2};
  float weights[4] = {0.25f, 1.0f, 0.5f, 1.0f};
  report("moe reference", fp4MoeReference(moe, moeOpts, moeXb, ids, weights,
                                          guQ, guS, dnQ, dnS, moeOut, moeOutF));
  float outF[8];
  for (int i = 0; i < 4; ++i) {
    fp4Bf16ToF32(&moeOut[i], 1, &outF[i]);
    fp4Bf16ToF32(&moeOut[32 + i], 1, &outF[4 + i]);
  }
  printf("moe out: %g %g %g %g | %g %g %g %g; f32 %g, rest zero: %d\n", outF[0],
         outF[1], outF[2], outF[3], outF[4], outF[5], outF[6], outF[7],
         moeOutF[32 + 3], moeOut[4] == 0 && moeOut[63] == 0);
  // CHECK: moe reference: ok
  // CHECK: moe out: 4.5 -0.75 3 1.5 | -0.5 2 1.5 -4.75; f32 -4.75, rest zero: 1
  /* Strict OCP scales: h0 = 3.93 of token 1 gets scale 2^-1 and saturates
     to 3, so its expert adds 0.5 * 3 * [0.5, 1, 0, -2]. */
  moeOpts.scaleMode = FP4_SCALE_MODE_FLOOR;
  report("moe floor", fp4MoeReference(moe, moeOpts, moeXb, ids, weights, guQ,
                                      guS, dnQ, dnS, moeOut, NULL));
  fp4Bf16ToF32(&moeOut[32], 4, outF);
  printf("moe floor token 1: %g %g %g %g\n", outF[0], outF[1], outF[2],
         outF[3]);
  // CHECK: moe floor: ok
  // CHECK: moe floor token 1: -0.75 1.5 1.5 -3.75
  moeOpts.scaleMode = FP4_SCALE_MODE_EVEN;
  ids[3] = 3;
  report("moe id 3", fp4MoeReference(moe, moeOpts, moeXb, ids, weights, guQ,
                                     guS, dnQ, dnS, moeOut, NULL));
  // CHECK: moe id 3: error: moeReference: topkIds[1][1] (= 3) is not an expert in [0, 3)
  ids[3] = 2;
  moeOpts.ties = (Fp4Ties)7;
  report("moe ties 7", fp4MoeReference(moe, moeOpts, moeXb, ids, weights, guQ,
                                       guS, dnQ, dnS, moeOut, NULL));
  // CHECK: moe ties 7: error: unknown tie rounding 7; use FP4_TIES_EVEN or FP4_TIES_AWAY
  moeOpts.ties = FP4_TIES_AWAY;
  moe.intermediatePad = 48;
  report("moe pad 48", fp4MoeReference(moe, moeOpts, moeXb, ids, weights, guQ,
                                       guS, dnQ, dnS, moeOut, NULL));
  // CHECK: moe pad 48: error: moeReference: intermediatePad (= 48) must be a multiple of 32 no smaller than intermediate (= 32)
  moe.intermediatePad = 32;
  report("moe no weights", fp4MoeReference(moe, moeOpts, moeXb, ids, weights,
                                           NULL, guS, dnQ, dnS, moeOut, NULL));
  // CHECK: moe no weights: error: moeReference: null weight or scale pointer

  /* The generator: 3 tokens, top 2 of 4 routed experts (only 1 and 2
     allowed, so every token is on both) and the shared expert 4. */
  uint8_t allowed[4] = {0, 1, 1, 0};
  Fp4MoeGenSpec gen = {3, 4, 1, 64, 32, 2, 0, 0, allowed, FP4_SCALE_MODE_EVEN};
  Fp4MoeShape gs;
  report("moe shape", fp4MoeGenShape(gen, &gs));
  printf("moe shape: tokens %lld experts %lld topk %lld pads %lld %lld\n",
         (long long)gs.tokens, (long long)gs.experts, (long long)gs.topk,
         (long long)gs.hiddenPad, (long long)gs.intermediatePad);
  // CHECK: moe shape: ok
  // CHECK: moe shape: tokens 3 experts 5 topk 3 pads 256 256
  uint16_t *gx = malloc(3 * 64 * sizeof(uint16_t));
  int32_t gids[9];
  float gw[9];
  size_t guBytes = 5 * 512 * 128, dnBytes = 5 * 256 * 128;
  uint8_t *gq = malloc(guBytes), *gsc = malloc(guBytes / 16);
  uint8_t *dq = malloc(dnBytes), *dsc = malloc(dnBytes / 16);
  report("moe generate",
         fp4MoeGenerate(gen, 7, gx, gids, gw, gq, gsc, dq, dsc));
  int onAllowed = 1;
  for (int t = 0; t < 3; ++t)
    onAllowed &= gids[3 * t] + gids[3 * t + 1] == 3 && gids[3 * t + 2] == 4 &&
                 gw[3 * t + 2] == 1.0f && gw[3 * t] >= gw[3 * t + 1] &&
                 gw[3 * t + 1] > 0.0f;
  printf("routed to 1 and 2, shared last: %d\n", onAllowed);
  // CHECK: moe generate: ok
  // CHECK: routed to 1 and 2, shared last: 1
  uint16_t gout[3 * 64];
  float goutF[3 * 64];
  moeOpts.ties = FP4_TIES_EVEN;
  report("moe on generated", fp4MoeReference(gs, moeOpts, gx, gids, gw, gq, gsc,
                                             dq, dsc, gout, goutF));
  int rounded = 1, nonzero = 0;
  for (int i = 0; i < 3 * 64; ++i) {
    uint16_t b;
    fp4F32ToBf16(&goutF[i], 1, &b);
    rounded &= b == gout[i];
    nonzero += gout[i] != 0;
  }
  printf("bf16 of f32: %d, non-zero: %d\n", rounded, nonzero > 150);
  // CHECK: moe on generated: ok
  // CHECK: bf16 of f32: 1, non-zero: 1
  gen.routedTopk = 5;
  report("moe top 5 of 4", fp4MoeGenShape(gen, &gs));
  // CHECK: moe top 5 of 4: error: generateMoe: routedTopk (= 5) exceeds routedExperts (= 4)
  free(gx), free(gq), free(gsc), free(dq), free(dsc);

  /* The routing grouped by expert: two tokens, top-3 of 4 experts, blocks
     of 2 (docs/moe.md): runs 0 {1}, 1 {5}, 2 {0 3 4}, 3 {2}, the pair
     count 6 marking padding. */
  int32_t route[6] = {2, 0, 3, 2, 2, 1}, sortedIds[10], blockIds[5], valid;
  int32_t pos[6];
  int64_t alignRows, alignBlocks;
  report("align sizes", fp4MoeAlignSizes(6, 4, 2, &alignRows, &alignBlocks));
  report("align",
         fp4MoeAlign(route, 6, 4, 2, sortedIds, blockIds, &valid, pos));
  printf("rows %lld blocks %lld valid %d:", (long long)alignRows,
         (long long)alignBlocks, valid);
  for (int i = 0; i < 10; ++i)
    printf(" %d", sortedIds[i]);
  printf(" |");
  for (int i = 0; i < 5; ++i)
    printf(" %d", blockIds[i]);
  printf(" |");
  for (int i = 0; i < 6; ++i)
    printf(" %d", pos[i]);
  printf("\n");
  // CHECK: align sizes: ok
  // CHECK: align: ok
  // CHECK: rows 10 blocks 5 valid 10: 1 6 5 6 0 3 4 6 2 6 | 0 1 2 2 3 | 4 0 8 5 6 2
  report("align 0 experts",
         fp4MoeAlignSizes(6, 0, 2, &alignRows, &alignBlocks));
  // CHECK: align 0 experts: error: moeAlign: needs pairs >= 0, experts >= 1 and blockM >= 1, got 6, 0, 2

  printf("done\n");
  // CHECK: done
  return 0;
}
