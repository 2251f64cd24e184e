//===- Shuffle.cpp - aiter shuffles of B and its scales ---------*- C++ -*-===//
//
// Each permutation is the literal offset formula of docs/
// reference-numerics.md, "Shuffled layouts (as aiter produces them)", applied
// element by element: slow, but obviously the formula.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/Shuffle.h"

#include <algorithm>
#include <string>

using namespace fp4::ref;

int64_t fp4::ref::shuffledWeightOffset(int64_t row, int64_t kb,
                                       int64_t kBytes) {
  return (row / 16) * 16 * kBytes + (kb / 32) * 512 + ((kb % 32) / 16) * 256 +
         (row % 16) * 16 + kb % 16;
}

static Status checkWeightArgs(const char *what, int64_t n, int64_t kBytes,
                              const void *in, const void *out) {
  if (n < 0 || kBytes < 0)
    return Status::error(std::string(what) + ": n (= " + std::to_string(n) +
                         ") and kBytes (= " + std::to_string(kBytes) +
                         ") must be non-negative");
  if (n % 16 != 0)
    return Status::error(std::string(what) + ": n (= " + std::to_string(n) +
                         ") must be a multiple of 16");
  if (kBytes % 16 != 0)
    return Status::error(std::string(what) +
                         ": kBytes (= " + std::to_string(kBytes) +
                         ") must be a multiple of 16 (K a multiple of 32)");
  if (n * kBytes > 0 && (!in || !out))
    return Status::error(std::string(what) + ": null data pointer");
  return Status::success();
}

Status fp4::ref::shuffleWeight16x16(const uint8_t *bq, int64_t n,
                                    int64_t kBytes, uint8_t *out) {
  Status status = checkWeightArgs("shuffleWeight16x16", n, kBytes, bq, out);
  if (!status.ok())
    return status;
  for (int64_t row = 0; row < n; ++row)
    for (int64_t kb = 0; kb < kBytes; ++kb)
      out[shuffledWeightOffset(row, kb, kBytes)] = bq[row * kBytes + kb];
  return Status::success();
}

Status fp4::ref::unshuffleWeight16x16(const uint8_t *shuffled, int64_t n,
                                      int64_t kBytes, uint8_t *out) {
  Status status =
      checkWeightArgs("unshuffleWeight16x16", n, kBytes, shuffled, out);
  if (!status.ok())
    return status;
  for (int64_t row = 0; row < n; ++row)
    for (int64_t kb = 0; kb < kBytes; ++kb)
      out[row * kBytes + kb] = shuffled[shuffledWeightOffset(row, kb, kBytes)];
  return Status::success();
}

ScaleShape fp4::ref::paddedScaleShape(int64_t n, int64_t kBlocks) {
  return {(n + 255) / 256 * 256, (kBlocks + 7) / 8 * 8};
}

int64_t fp4::ref::shuffledScaleOffset(int64_t row, int64_t kb,
                                      int64_t paddedCols) {
  return (row / 32) * 32 * paddedCols + (kb / 8) * 256 + (kb % 4) * 64 +
         (row % 16) * 4 + ((kb % 8) / 4) * 2 + (row % 32) / 16;
}

static Status checkScaleArgs(const char *what, int64_t n, int64_t kBlocks,
                             const void *in, const void *out) {
  if (n < 0 || kBlocks < 0)
    return Status::error(std::string(what) + ": n (= " + std::to_string(n) +
                         ") and kBlocks (= " + std::to_string(kBlocks) +
                         ") must be non-negative");
  if (n * kBlocks > 0 && (!in || !out))
    return Status::error(std::string(what) + ": null data pointer");
  return Status::success();
}

Status fp4::ref::shuffleScales(const uint8_t *scales, int64_t n,
                               int64_t kBlocks, uint8_t *out, uint8_t padByte) {
  Status status = checkScaleArgs("shuffleScales", n, kBlocks, scales, out);
  if (!status.ok())
    return status;
  ScaleShape padded = paddedScaleShape(n, kBlocks);
  std::fill(out, out + padded.rows * padded.cols, padByte);
  for (int64_t row = 0; row < n; ++row)
    for (int64_t kb = 0; kb < kBlocks; ++kb)
      out[shuffledScaleOffset(row, kb, padded.cols)] =
          scales[row * kBlocks + kb];
  return Status::success();
}

Status fp4::ref::unshuffleScales(const uint8_t *shuffled, int64_t n,
                                 int64_t kBlocks, uint8_t *out) {
  Status status = checkScaleArgs("unshuffleScales", n, kBlocks, shuffled, out);
  if (!status.ok())
    return status;
  int64_t paddedCols = paddedScaleShape(n, kBlocks).cols;
  for (int64_t row = 0; row < n; ++row)
    for (int64_t kb = 0; kb < kBlocks; ++kb)
      out[row * kBlocks + kb] =
          shuffled[shuffledScaleOffset(row, kb, paddedCols)];
  return Status::success();
}
