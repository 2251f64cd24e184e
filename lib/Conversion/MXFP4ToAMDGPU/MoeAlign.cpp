//===- MoeAlign.cpp - the routing kernel of an MoE layer --------*- C++ -*-===//
//
// mxfp4.workgroup_moe_align inside its kernel: one work-group groups the
// (token, expert) pairs by expert (docs/moe.md, "Routing on the device"):
//   1. count each expert's pairs with LDS atomics;
//   2. the work-group scans the counts, each rounded up to block_m, into
//      each expert's first row (the run's cursor) and the total: each
//      work-item sums a chunk of experts, the chunk sums are scanned in
//      log2(work-items) steps through LDS (Hillis-Steele), and each
//      work-item writes its chunk's cursors;
//   3. every work-item writes its experts' block ids and padding marks,
//      and the tails past the last run;
//   4. each pair takes the next row of its expert's run with an LDS atomic
//      increment of the cursor, and records it in `positions`.
// Pairs of one expert land in the order their atomics do, which the op
// leaves unspecified; everything else is determined.
//
//===----------------------------------------------------------------------===//

#include "KernelOpsToAMDGPU.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::fp4;

namespace {
/// Index and i32 arithmetic at one place of one builder.
struct Emitter {
  OpBuilder &b;
  Location loc;

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value i32(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  }
  Value toIndex(Value v) {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  }
  Value toI32(Value v) {
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), v);
  }
  /// `v` rounded up to a multiple of `m` (non-negative i32 values).
  Value roundUp(Value v, int64_t m) {
    Value q = arith::DivUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, v, i32(m - 1)), i32(m));
    return arith::MulIOp::create(b, loc, q, i32(m));
  }
  Value load(Value memref, Value at) {
    return memref::LoadOp::create(b, loc, memref, ValueRange{at});
  }
  void store(Value v, Value memref, Value at) {
    memref::StoreOp::create(b, loc, v, memref, ValueRange{at});
  }
  /// for (iv = lb; iv < ub; iv += step) body(iv)
  void loop(Value lb, Value ub, Value step,
            function_ref<void(Emitter &, Value)> body) {
    scf::ForOp::create(
        b, loc, lb, ub, step, ValueRange{},
        [&](OpBuilder &nested, Location l, Value iv, ValueRange) {
          Emitter inner{nested, l};
          body(inner, iv);
          scf::YieldOp::create(nested, l);
        });
  }
  void ifThen(Value cond, function_ref<void(Emitter &)> body) {
    scf::IfOp::create(b, loc, cond, [&](OpBuilder &nested, Location l) {
      Emitter inner{nested, l};
      body(inner);
      scf::YieldOp::create(nested, l);
    });
  }
};

struct WorkgroupMoeAlignLowering
    : public OpRewritePattern<mxfp4::WorkgroupMoeAlignOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(mxfp4::WorkgroupMoeAlignOp op,
                                PatternRewriter &rewriter) const override {
    if (std::string why = whyKernelOpUnsupported(op); !why.empty())
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    // The work-items stride over pairs and experts by the work-group size,
    // a constant (gpu.block_dim would need the device library).
    std::optional<ArrayRef<int32_t>> blockSize = func.getKnownBlockSize();
    if (!blockSize || (*blockSize)[1] != 1 || (*blockSize)[2] != 1)
      return rewriter.notifyMatchFailure(
          op, "needs a kernel of a known 1-D work-group size");
    int64_t experts = op.getExperts(), blockM = op.getBlockM();
    Emitter e{rewriter, loc};
    auto lds = [&](int64_t size) {
      auto workgroup = gpu::AddressSpaceAttr::get(rewriter.getContext(),
                                                  gpu::AddressSpace::Workgroup);
      return func.addWorkgroupAttribution(
          MemRefType::get({size}, rewriter.getI32Type(),
                          MemRefLayoutAttrInterface(), workgroup),
          loc);
    };
    // counts[e] for each expert, then the rows all runs take; cursor[e]:
    // expert e's next free row.
    Value counts = lds(experts + 1), cursor = lds(experts);
    Value sorted = op.getSorted(), blockExpert = op.getBlockExpert();
    Value ids = op.getTopkIds();
    MemrefView idsView = makeMemrefView(rewriter, loc, ids);
    Value topk = memref::DimOp::create(rewriter, loc, ids, 1);
    Value pairs = arith::MulIOp::create(
        rewriter, loc, memref::DimOp::create(rewriter, loc, ids, 0), topk);
    Value rows = memref::DimOp::create(rewriter, loc, sorted, 0);
    Value blocks = memref::DimOp::create(rewriter, loc, blockExpert, 0);
    Value tid = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
    Value threads =
        arith::ConstantIndexOp::create(rewriter, loc, (*blockSize)[0]);
    Value zero = e.index(0), one = e.index(1);
    Value expertCount = e.index(experts);
    Value padMark = e.toI32(pairs);
    // The expert of pair `pair` and whether it is one of the op's.
    auto expertOf = [&](Emitter &x, Value pair) -> std::pair<Value, Value> {
      Value token = arith::DivUIOp::create(x.b, x.loc, pair, topk);
      Value slot = arith::RemUIOp::create(x.b, x.loc, pair, topk);
      Value id = memref::LoadOp::create(
          x.b, x.loc, idsView.buffer,
          ValueRange{idsView.at(x.b, x.loc, {token, slot})});
      Value routed = arith::CmpIOp::create(
          x.b, x.loc, arith::CmpIPredicate::ult, id, x.i32(experts));
      return {x.toIndex(id), routed};
    };
    auto barrier = [&] { gpu::BarrierOp::create(rewriter, loc); };

    // 1. Counts.
    e.loop(tid, e.index(experts + 1), threads,
           [&](Emitter &x, Value i) { x.store(x.i32(0), counts, i); });
    barrier();
    e.loop(tid, pairs, threads, [&](Emitter &x, Value pair) {
      auto [id, routed] = expertOf(x, pair);
      x.ifThen(routed, [&](Emitter &y) {
        memref::AtomicRMWOp::create(y.b, y.loc, arith::AtomicRMWKind::addi,
                                    y.i32(1), counts, ValueRange{id});
      });
    });
    barrier();
    // 2. The scan. Work-item t owns experts [t * chunk, (t + 1) * chunk)
    // (clamped to E): the sum of their runs, scanned across the
    // work-group, gives its first expert's row.
    int64_t workItems = (*blockSize)[0];
    int64_t chunk = llvm::divideCeil(experts, workItems);
    Value sums = lds(workItems);
    Value lo = arith::MinUIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, tid, e.index(chunk)), expertCount);
    Value hi = arith::MinUIOp::create(
        rewriter, loc, arith::AddIOp::create(rewriter, loc, lo, e.index(chunk)),
        expertCount);
    // Runs of experts [lo, hi) from `start`; `writeCursors`: each expert's
    // first row into cursor as it goes. Returns the row after them.
    auto runs = [&](Value start, bool writeCursors) {
      auto loop = scf::ForOp::create(
          rewriter, loc, lo, hi, one, ValueRange{start},
          [&](OpBuilder &nested, Location l, Value expert, ValueRange acc) {
            Emitter y{nested, l};
            if (writeCursors)
              y.store(acc[0], cursor, expert);
            Value run = y.roundUp(y.load(counts, expert), blockM);
            scf::YieldOp::create(
                nested, l,
                ValueRange{arith::AddIOp::create(nested, l, acc[0], run)});
          });
      return loop.getResult(0);
    };
    Value own = runs(e.i32(0), /*writeCursors=*/false);
    e.store(own, sums, tid);
    barrier();
    // Inclusive scan of the chunk sums: after the step of distance d, sums[t]
    // holds the sum of the chunks (t - 2d, t]. Each step reads, meets the
    // others at a barrier, then writes.
    for (int64_t d = 1; d < workItems; d *= 2) {
      Value mine = e.load(sums, tid);
      Value dIndex = e.index(d);
      Value hasOther = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::uge, tid, dIndex);
      Value otherAt = arith::SelectOp::create(
          rewriter, loc, hasOther,
          arith::SubIOp::create(rewriter, loc, tid, dIndex), zero);
      Value other = arith::SelectOp::create(rewriter, loc, hasOther,
                                            e.load(sums, otherAt), e.i32(0));
      barrier();
      e.store(arith::AddIOp::create(rewriter, loc, mine, other), sums, tid);
      barrier();
    }
    Value inclusive = e.load(sums, tid);
    (void)runs(arith::SubIOp::create(rewriter, loc, inclusive, own),
               /*writeCursors=*/true);
    // The last work-item's inclusive sum is every run's: the rows they take.
    Value last = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       tid, e.index(workItems - 1));
    e.ifThen(last, [&](Emitter &x) {
      x.store(inclusive, counts, expertCount);
      x.store(inclusive, op.getValid(), zero);
    });
    barrier();
    // 3. Block ids and padding marks: per expert, and past the last run.
    Value bm = e.index(blockM);
    e.loop(tid, expertCount, threads, [&](Emitter &x, Value expert) {
      Value start = x.toIndex(x.load(cursor, expert));
      Value count = x.load(counts, expert);
      Value end = x.toIndex(arith::AddIOp::create(x.b, x.loc, x.toI32(start),
                                                  x.roundUp(count, blockM)));
      Value expertId = x.toI32(expert);
      x.loop(arith::DivUIOp::create(x.b, x.loc, start, bm),
             arith::DivUIOp::create(x.b, x.loc, end, bm), one,
             [&](Emitter &y, Value block) {
               y.store(expertId, blockExpert, block);
             });
      x.loop(arith::AddIOp::create(x.b, x.loc, start, x.toIndex(count)), end,
             one,
             [&](Emitter &y, Value row) { y.store(padMark, sorted, row); });
    });
    Value used = e.toIndex(e.load(counts, expertCount));
    Value usedBlocks = arith::DivUIOp::create(rewriter, loc, used, bm);
    e.loop(arith::AddIOp::create(rewriter, loc, usedBlocks, tid), blocks,
           threads, [&](Emitter &x, Value block) {
             x.store(x.i32(-1), blockExpert, block);
           });
    e.loop(arith::AddIOp::create(rewriter, loc, used, tid), rows, threads,
           [&](Emitter &x, Value row) { x.store(padMark, sorted, row); });
    barrier();
    // 4. Each routed pair takes its row, which its position records (-1
    // for a pair routed nowhere).
    MemrefView positions = makeMemrefView(rewriter, loc, op.getPositions());
    e.loop(tid, pairs, threads, [&](Emitter &x, Value pair) {
      auto [id, routed] = expertOf(x, pair);
      auto taken = scf::IfOp::create(
          x.b, x.loc, routed,
          [&](OpBuilder &b, Location l) {
            Emitter y{b, l};
            Value row =
                memref::AtomicRMWOp::create(b, l, arith::AtomicRMWKind::addi,
                                            y.i32(1), cursor, ValueRange{id});
            y.store(y.toI32(pair), sorted, y.toIndex(row));
            scf::YieldOp::create(b, l, row);
          },
          [&](OpBuilder &b, Location l) {
            scf::YieldOp::create(b, l, Emitter{b, l}.i32(-1));
          });
      Value token = arith::DivUIOp::create(x.b, x.loc, pair, topk);
      Value slot = arith::RemUIOp::create(x.b, x.loc, pair, topk);
      x.store(taken.getResult(0), positions.buffer,
              positions.at(x.b, x.loc, {token, slot}));
    });
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::fp4::populateMoeAlignLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<WorkgroupMoeAlignLowering>(patterns.getContext());
}
