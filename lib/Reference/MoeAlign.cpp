//===- MoeAlign.cpp - (token, expert) pairs sorted by expert ----*- C++ -*-===//

#include "fp4/Reference/MoeAlign.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

using namespace fp4::ref;

Status fp4::ref::moeAlignSizes(int64_t pairs, int64_t experts, int64_t blockM,
                               MoeAlignSizes &sizes) {
  if (pairs < 0 || experts < 1 || blockM < 1)
    return Status::error("moeAlign: needs pairs >= 0, experts >= 1 and "
                         "blockM >= 1, got " +
                         std::to_string(pairs) + ", " +
                         std::to_string(experts) + ", " +
                         std::to_string(blockM));
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  int64_t busy = std::min(experts, pairs);
  if (pairs > kMax || blockM > kMax || busy > kMax / blockM ||
      pairs > kMax - busy * (blockM - 1))
    return Status::error("moeAlign: " + std::to_string(pairs) +
                         " pairs in blocks of " + std::to_string(blockM) +
                         " do not fit an int32 index");
  sizes.blocks = (pairs + busy * (blockM - 1)) / blockM;
  sizes.rows = sizes.blocks * blockM; // <= pairs + busy (blockM - 1)
  return Status::success();
}

Status fp4::ref::moeAlign(const int32_t *ids, int64_t pairs, int64_t experts,
                          int64_t blockM, int32_t *sorted, int32_t *blockExpert,
                          int32_t *valid, int32_t *positions) {
  MoeAlignSizes sizes;
  Status status = moeAlignSizes(pairs, experts, blockM, sizes);
  if (!status.ok())
    return status;
  if ((pairs > 0 && !ids) || (sizes.rows > 0 && !sorted) ||
      (sizes.blocks > 0 && !blockExpert) || !valid)
    return Status::error("moeAlign: null array");
  // Each expert's pairs, in increasing pair order.
  std::vector<std::vector<int32_t>> runs(experts);
  if (positions)
    std::fill(positions, positions + pairs, -1);
  for (int64_t i = 0; i < pairs; ++i)
    if (ids[i] >= 0 && ids[i] < experts)
      runs[ids[i]].push_back(int32_t(i));
  int64_t row = 0;
  for (int64_t e = 0; e < experts; ++e) {
    int64_t padded = (int64_t(runs[e].size()) + blockM - 1) / blockM * blockM;
    for (int64_t b = row / blockM; b < (row + padded) / blockM; ++b)
      blockExpert[b] = int32_t(e);
    std::copy(runs[e].begin(), runs[e].end(), sorted + row);
    if (positions)
      for (size_t i = 0; i < runs[e].size(); ++i)
        positions[runs[e][i]] = int32_t(row + int64_t(i));
    std::fill(sorted + row + runs[e].size(), sorted + row + padded,
              int32_t(pairs));
    row += padded;
  }
  *valid = int32_t(row);
  std::fill(sorted + row, sorted + sizes.rows, int32_t(pairs));
  std::fill(blockExpert + row / blockM, blockExpert + sizes.blocks, -1);
  return Status::success();
}
