//===- MoeAlign.h - (token, expert) pairs sorted by expert ------*- C++ -*-===//
//
// The routing step of a mixture-of-experts layer in the form its grouped
// GEMMs read (docs/moe.md, "Representation"): the layer's (token, expert)
// pairs grouped by expert, each expert's run padded to a multiple of the
// row block, one expert per row block. This is the oracle of the
// compiler's `mxfp4.moe_align`, written from that definition alone.
//
//===----------------------------------------------------------------------===//

#ifndef FP4_REFERENCE_MOEALIGN_H
#define FP4_REFERENCE_MOEALIGN_H

#include "fp4/Reference/Status.h"

#include <cstdint>

namespace fp4::ref {

/// The sizes of moeAlign's outputs: `rows` sorted entries in `blocks` row
/// blocks of blockM, an upper bound known from the sizes alone. With n =
/// min(experts, pairs) the most experts that can hold a pair, each run
/// pads at most blockM - 1 rows: blocks = (pairs + n (blockM - 1)) / blockM
/// (rounded down: the number of blocks is an integer), rows = blocks *
/// blockM.
struct MoeAlignSizes {
  int64_t rows = 0;
  int64_t blocks = 0;
};

/// The sizes for `pairs` pairs, or an error unless pairs >= 0, experts >= 1
/// and blockM >= 1 (and the sizes fit an int32 index).
Status moeAlignSizes(int64_t pairs, int64_t experts, int64_t blockM,
                     MoeAlignSizes &sizes);

/// Groups the pairs by expert. `ids[i]` is the expert of pair i (for a
/// layer's topk_ids [tokens, topk], i = token * topk + slot); an id outside
/// [0, experts) routes the pair nowhere. With c_e the pairs of expert e and
/// runs laid out in expert order, each padded to a multiple of blockM:
///  - sorted[rows]: expert e's run holds its pair indices in increasing
///    order, then `pairs` (the padding mark) up to the run's end; after the
///    last run, `pairs` too;
///  - blockExpert[blocks]: the expert of each row block of a run, -1 after
///    the last run;
///  - valid: the rows the runs take, sum of c_e rounded up to blockM;
///  - positions[pairs] (may be null): the row of each pair in `sorted`, -1
///    for a pair routed nowhere.
/// A kernel may order an expert's pairs differently (any order is a correct
/// routing: each row is computed alone); compare runs as sets.
Status moeAlign(const int32_t *ids, int64_t pairs, int64_t experts,
                int64_t blockM, int32_t *sorted, int32_t *blockExpert,
                int32_t *valid, int32_t *positions = nullptr);

} // namespace fp4::ref

#endif // FP4_REFERENCE_MOEALIGN_H
