//===- MoeAlignTest.cpp - pairs grouped by expert ----------------*- C++
//-*-===//
//
// moeAlign on a routing worked on paper, its sizes at the edges (no pair,
// fewer pairs than experts, one expert), and on random routings the
// properties that define it: every routed pair once, in its expert's run,
// runs in expert order padded to block_m, the rest marked.
//
//===----------------------------------------------------------------------===//

#include "fp4/Reference/MoeAlign.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace fp4::ref;

namespace {

struct Aligned {
  std::vector<int32_t> sorted, blockExpert, positions;
  int32_t valid = -1;
};

Aligned align(const std::vector<int32_t> &ids, int64_t experts,
              int64_t blockM) {
  MoeAlignSizes sizes;
  EXPECT_TRUE(moeAlignSizes(int64_t(ids.size()), experts, blockM, sizes).ok());
  Aligned a;
  a.sorted.assign(sizes.rows, -7);
  a.blockExpert.assign(sizes.blocks, -7);
  a.positions.assign(ids.size(), -7);
  Status s = moeAlign(ids.data(), int64_t(ids.size()), experts, blockM,
                      a.sorted.data(), a.blockExpert.data(), &a.valid,
                      a.positions.data());
  EXPECT_TRUE(s.ok()) << s.message();
  return a;
}

TEST(MoeAlign, ByHand) {
  // Two tokens, top-3 of 4 experts, blocks of 2: pairs 0..5 go to experts
  // 2 0 3 | 2 2 1. Expert 0 {1}, 1 {5}, 2 {0 3 4}, 3 {2}: runs of 2, 2, 4,
  // 2 rows. busy = min(4, 6) = 4, blocks = (6 + 4) / 2 = 5.
  Aligned a = align({2, 0, 3, 2, 2, 1}, 4, 2);
  EXPECT_EQ(a.valid, 10);
  EXPECT_EQ(a.sorted, (std::vector<int32_t>{1, 6, 5, 6, 0, 3, 4, 6, 2, 6}));
  EXPECT_EQ(a.blockExpert, (std::vector<int32_t>{0, 1, 2, 2, 3}));
  EXPECT_EQ(a.positions, (std::vector<int32_t>{4, 0, 8, 5, 6, 2}));
}

TEST(MoeAlign, EmptyExpertsAndUnroutedIds) {
  // Experts 1 and 3 get nothing; -1 and 4 route nowhere. Blocks of 4:
  // busy = 4, blocks = (6 + 12) / 4 = 4; runs: expert 0 {1 4}, 2 {0 3}.
  Aligned a = align({2, 0, -1, 2, 0, 4}, 4, 4);
  EXPECT_EQ(a.valid, 8);
  EXPECT_EQ(a.sorted, (std::vector<int32_t>{1, 4, 6, 6, 0, 3, 6, 6, 6, 6, 6, 6,
                                            6, 6, 6, 6}));
  EXPECT_EQ(a.blockExpert, (std::vector<int32_t>{0, 2, -1, -1}));
  EXPECT_EQ(a.positions, (std::vector<int32_t>{4, 0, -1, 5, 1, -1}));
}

TEST(MoeAlign, Sizes) {
  MoeAlignSizes s;
  ASSERT_TRUE(moeAlignSizes(0, 257, 32, s).ok());
  EXPECT_EQ(s.rows, 0);
  EXPECT_EQ(s.blocks, 0);
  // M = 4 tokens of the task's layer: 36 pairs, at most 36 experts busy.
  ASSERT_TRUE(moeAlignSizes(36, 257, 32, s).ok());
  EXPECT_EQ(s.blocks, (36 + 36 * 31) / 32);
  EXPECT_EQ(s.rows, s.blocks * 32);
  // One expert: its run alone, rounded up.
  ASSERT_TRUE(moeAlignSizes(33, 1, 32, s).ok());
  EXPECT_EQ(s.blocks, 2);
  EXPECT_FALSE(moeAlignSizes(-1, 4, 32, s).ok());
  EXPECT_FALSE(moeAlignSizes(4, 0, 32, s).ok());
  EXPECT_FALSE(moeAlignSizes(4, 4, 0, s).ok());
  EXPECT_FALSE(moeAlignSizes(int64_t(1) << 31, 4, 32, s).ok());
  std::vector<int32_t> ids(4, 0), out(1);
  int32_t valid;
  EXPECT_FALSE(moeAlign(ids.data(), 4, 2, 2, nullptr, out.data(), &valid).ok());
}

TEST(MoeAlign, RandomRoutingsKeepEveryPairOnce) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    int64_t experts = 1 + rng() % 40, blockM = 1 + rng() % 16;
    int64_t pairs = rng() % 300;
    std::vector<int32_t> ids(pairs);
    for (int32_t &id : ids)
      id = int32_t(rng() % (experts + 2)) - 1; // some unrouted
    Aligned a = align(ids, experts, blockM);
    SCOPED_TRACE(testing::Message() << "trial " << trial);
    std::vector<int> seen(pairs, 0);
    int64_t row = 0;
    for (int64_t e = 0; e < experts; ++e) {
      int64_t start = row;
      while (row < a.valid && a.sorted[row] != pairs &&
             ids[a.sorted[row]] == e) {
        ++seen[a.sorted[row]];
        if (row > start)
          EXPECT_LT(a.sorted[row - 1], a.sorted[row]);
        ++row;
      }
      if (row == start)
        continue; // an empty expert takes no rows
      EXPECT_EQ(start % blockM, 0);
      while (row % blockM)
        EXPECT_EQ(a.sorted[row++], pairs);
      for (int64_t b = start / blockM; b < row / blockM; ++b)
        EXPECT_EQ(a.blockExpert[b], e);
    }
    EXPECT_EQ(row, a.valid);
    for (int64_t i = 0; i < pairs; ++i) {
      EXPECT_EQ(seen[i], ids[i] >= 0 && ids[i] < experts ? 1 : 0) << i;
      // positions inverts sorted.
      if (seen[i])
        EXPECT_EQ(a.sorted[a.positions[i]], i);
      else
        EXPECT_EQ(a.positions[i], -1);
    }
    for (size_t r = row; r < a.sorted.size(); ++r)
      EXPECT_EQ(a.sorted[r], pairs);
    for (size_t b = row / blockM; b < a.blockExpert.size(); ++b)
      EXPECT_EQ(a.blockExpert[b], -1);
  }
}

} // namespace
