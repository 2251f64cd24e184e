//===- Interpreter.cpp - Wave scheduling and the op loop -------*- C++ -*-===//
//
// Runs the waves of a work-group: groups of lanes execute decoded ops in
// lockstep; divergent branches split groups; cross-lane ops and barriers
// wait for every live lane of the wave (see Exec.h).
//
//===----------------------------------------------------------------------===//

#include "Alu.h"
#include "Exec.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace fp4::emu;

std::string WaveExec::where(int lane) const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "kernel '" << ctx.kernel->name << "', work-group (" << wg->id[0] << ", "
     << wg->id[1] << ", " << wg->id[2] << ")";
  if (wave) {
    os << ", wave " << wave->id;
    if (lane >= 0) {
      unsigned item = wave->id * kWave + unsigned(lane);
      os << ", lane " << lane << " (work-item (" << wave->lid[0][lane] << ", "
         << wave->lid[1][lane] << ", " << wave->lid[2][lane] << "), flat "
         << item << ")";
    }
  }
  return s;
}

bool WaveExec::fail(const Op &op, int lane, const std::string &msg) {
  std::string text = "emulator: " + where(lane) + ": " + msg;
  if (curFn && op.inst < curFn->insts.size())
    text += "\n  at: " + describe(curFn->insts[op.inst]);
  ctx.setError(text);
  return false;
}

static std::string laneList(uint64_t m) {
  std::string s;
  unsigned shown = 0;
  for (uint64_t x = m; x; x &= x - 1) {
    unsigned l = ctz64(x);
    // Print runs as a-b.
    unsigned end = l;
    while (end + 1 < kWave && ((m >> (end + 1)) & 1))
      ++end;
    if (l > 0 && ((m >> (l - 1)) & 1))
      continue;
    if (!s.empty())
      s += ",";
    s += std::to_string(l);
    if (end > l)
      s += "-" + std::to_string(end);
    if (++shown > 16) {
      s += ",...";
      break;
    }
  }
  return s.empty() ? "none" : s;
}

/// The lanes of m that stand where lane l0 stands (same frame and pc).
static uint64_t lanesAt(const Wave &w, uint64_t m, unsigned l0) {
  uint64_t same = 0;
  FP4_FOR_LANES(m, L, {
    if (w.laneFrame[L] == w.laneFrame[l0] && w.lanePc[L] == w.lanePc[l0])
      same |= uint64_t(1) << L;
  });
  return same;
}

/// Sets a slot to v in every lane.
static void broadcast(uint64_t *slot, uint64_t v) {
  for (unsigned L = 0; L < kWave; ++L)
    slot[L] = v;
}

Frame *WaveExec::newFrame(Wave &w, const FuncCode &fn, uint32_t funcIndex) {
  Frame *f;
  if (!w.freeFrames.empty()) {
    f = w.freeFrames.back();
    w.freeFrames.pop_back();
  } else {
    w.frames.push_back(std::make_unique<Frame>());
    f = w.frames.back().get();
  }
  f->fn = &fn;
  f->caller = nullptr;
  f->callPc = 0;
  f->depth = 0;
  f->lanes = 0;
  size_t need = size_t(fn.numSlots) * kWave;
  if (f->regs.size() < need)
    f->regs.resize(need);
  uint64_t *R = f->regs.data();
  for (const auto &[slot, value] : ctx.kernel->consts[funcIndex])
    broadcast(slotPtr(R, slot), value);
  return f;
}

void WaveExec::freeFrame(Wave &w, Frame *f) { w.freeFrames.push_back(f); }

void WaveExec::dissolve(Wave &w, Frame *f, uint32_t pc, uint64_t m) {
  FP4_FOR_LANES(m, L, {
    w.lanePc[L] = pc;
    w.laneFrame[L] = f;
  });
  w.hasGroup = false;
}

Status WaveExec::divergenceError(Wave &w) {
  uint64_t live = w.active & ~w.exited;
  std::string msg = "lanes of the wave diverged at a cross-lane operation "
                    "or barrier (all live lanes must reach the same one):";
  uint64_t left = live;
  while (left) {
    unsigned l0 = ctz64(left);
    uint64_t same = lanesAt(w, left, l0);
    const Frame *f = w.laneFrame[l0];
    msg += "\n  lanes " + laneList(same) +
           " wait at: " + describe(f->fn->insts[f->fn->ops[w.lanePc[l0]].inst]);
    left &= ~same;
  }
  if (w.exited)
    msg += "\n  lanes " + laneList(w.exited) + " already returned";
  return failNoInst(msg);
}

Status WaveExec::failNoInst(const std::string &msg) {
  Op none;
  none.inst = ~0u; // no instruction to show
  fail(none, -1, msg);
  return Status::Error;
}

Status WaveExec::runWave(Wave &w) {
  wave = &w;
  for (;;) {
    if (ctx.abort)
      return Status::Error;
    if (!w.hasGroup) {
      uint64_t run = w.running;
      if (run == 0) {
        uint64_t live = w.active & ~w.exited;
        if (live == 0) {
          w.state = WaveState::Done;
          return Status::Done;
        }
        // Every live lane is parked: they must all be at one op.
        unsigned l0 = ctz64(live);
        if (lanesAt(w, live, l0) != live || w.exited)
          return divergenceError(w);
        w.running = live;
        w.gf = w.laneFrame[l0];
        w.gpc = w.lanePc[l0];
        w.gmask = live;
        w.hasGroup = true;
      } else {
        // Deepest frame first, then the smallest pc.
        unsigned best = ctz64(run);
        FP4_FOR_LANES(run, L, {
          const Frame *a = w.laneFrame[L], *b = w.laneFrame[best];
          if (a->depth > b->depth ||
              (a->depth == b->depth && w.lanePc[L] < w.lanePc[best]))
            best = L;
        });
        w.gf = w.laneFrame[best];
        w.gpc = w.lanePc[best];
        w.gmask = lanesAt(w, run, best);
        w.hasGroup = true;
      }
    }
    Status s = execGroup(w);
    if (s != Status::Continue)
      return s;
  }
}

/// Parallel copies of a CFG edge (the phis of the target block).
static void edgeCopies(const FuncCode &fn, const Edge &e, uint64_t *R,
                       uint64_t M, bool full) {
  if (e.copyBegin == e.copyEnd)
    return;
  const SlotCopy *cp = fn.copies.data();
  if (!e.needTemp) {
    for (uint32_t i = e.copyBegin; i < e.copyEnd; ++i) {
      uint64_t *d = slotPtr(R, cp[i].dst);
      const uint64_t *s = slotPtr(R, cp[i].src);
      if (full)
        std::memcpy(d, s, kWave * 8);
      else
        FP4_FOR_LANES(M, L, d[L] = s[L]);
    }
    return;
  }
  thread_local std::vector<uint64_t> tmp;
  tmp.resize(size_t(e.copyEnd - e.copyBegin) * kWave);
  for (uint32_t i = e.copyBegin; i < e.copyEnd; ++i)
    std::memcpy(&tmp[size_t(i - e.copyBegin) * kWave], slotPtr(R, cp[i].src),
                kWave * 8);
  for (uint32_t i = e.copyBegin; i < e.copyEnd; ++i) {
    uint64_t *d = slotPtr(R, cp[i].dst);
    const uint64_t *s = &tmp[size_t(i - e.copyBegin) * kWave];
    if (full)
      std::memcpy(d, s, kWave * 8);
    else
      FP4_FOR_LANES(M, L, d[L] = s[L]);
  }
}

/// A case label for each opcode of an FP4_EMU_*_OPCODES group.
#define FP4_EMU_CASE(N) case Opc::N:

Status WaveExec::execGroup(Wave &w) {
  Frame *f = w.gf;
  uint32_t pc = w.gpc;
  const uint64_t M = w.gmask;
  const FuncCode *fn = f->fn;
  curFn = fn;
  const Op *ops = fn->ops.data();
  uint64_t *R = f->regs.data();
  bool full = M == f->lanes;
  const unsigned lanes = popcount64(M);
  uint64_t nOps = 0;
  const uint64_t limit = ctx.opts.maxWaveInstructionsPerGroup;
  AluFault fault;

  // Leaves the loop: accounts the executed ops.
  auto account = [&]() {
    ctx.waveInstrs.fetch_add(nOps, std::memory_order_relaxed);
    ctx.laneInstrs.fetch_add(nOps * lanes, std::memory_order_relaxed);
    wg->instrs += nOps;
  };
  auto error = [&]() {
    account();
    return Status::Error;
  };
  // Leaves the loop: the scheduler picks the next group.
  auto regroup = [&]() {
    account();
    return Status::Continue;
  };
  auto converged = [&]() { return M == (w.active & ~w.exited) && !w.exited; };
  auto park = [&]() {
    w.running &= ~M;
    dissolve(w, f, pc, M);
    return regroup();
  };
  auto takeEdge = [&](uint32_t edge, uint64_t m) {
    const Edge &e = fn->edges[edge];
    edgeCopies(*fn, e, R, m, full && m == M);
    return e.target;
  };
  // The lanes m take the edge and wait at its target for the scheduler.
  auto takeEdgeApart = [&](uint32_t edge, uint64_t m) {
    dissolve(w, f, takeEdge(edge, m), m);
  };
  // After a divergent branch, a group that reaches a pc at or beyond where
  // other lanes of its frame stand lets them catch up, so that the groups
  // merge at the join and run in lockstep again (as under EXEC).
  auto mustYield = [&](uint32_t target) {
    uint64_t others = w.running & ~M;
    if (!others)
      return false;
    bool yield = false;
    FP4_FOR_LANES(others, L, {
      if (w.laneFrame[L] == f && w.lanePc[L] <= target)
        yield = true;
    });
    return yield;
  };
  // The whole group takes the edge; true when it must then yield at pc.
  auto jump = [&](uint32_t edge) {
    pc = takeEdge(edge, M);
    return mustYield(pc);
  };
  auto yieldAt = [&](uint32_t target) {
    dissolve(w, f, target, M);
    return regroup();
  };
  // Branches are where a runaway loop spins: stop it at the limit.
  auto overLimit = [&](const Op &op) {
    if (!limit || wg->instrs + nOps <= limit)
      return false;
    fail(op, -1,
         "more than " + std::to_string(limit) +
             " wave instructions in one work-group (a runaway loop?)");
    return true;
  };

  for (;;) {
    const Op &op = ops[pc];
    ++nOps;
    switch (op.code) {
    case Opc::Nop:
      break;
    case Opc::Br:
      if (jump(op.aux))
        return yieldAt(pc);
      if (overLimit(op))
        return error();
      continue;
    case Opc::CondBr: {
      const uint64_t *cond = slotPtr(R, op.a);
      uint64_t t = 0;
      FP4_FOR_LANES(M, L, t |= (cond[L] & 1) << L);
      if (overLimit(op))
        return error();
      if (t == M || t == 0) {
        if (jump(t ? op.aux : op.b))
          return yieldAt(pc);
        continue;
      }
      // Divergence: each side takes its edge; the scheduler picks next.
      takeEdgeApart(op.aux, t);
      takeEdgeApart(op.b, M & ~t);
      return regroup();
    }
    case Opc::Switch: {
      if (overLimit(op))
        return error();
      const SwitchTable &tab = fn->switches[op.aux];
      const uint64_t *v = slotPtr(R, op.a);
      uint32_t edgeOf[kWave];
      uint32_t firstEdge = ~0u;
      bool uniform = true;
      FP4_FOR_LANES(M, L, {
        uint32_t e = tab.defaultEdge;
        for (const auto &cs : tab.cases)
          if (cs.first == v[L]) {
            e = cs.second;
            break;
          }
        edgeOf[L] = e;
        if (firstEdge == ~0u)
          firstEdge = e;
        else if (e != firstEdge)
          uniform = false;
      });
      if (uniform) {
        if (jump(firstEdge))
          return yieldAt(pc);
        continue;
      }
      uint64_t left = M;
      while (left) {
        uint32_t e = edgeOf[ctz64(left)];
        uint64_t sub = 0;
        FP4_FOR_LANES(left, L, {
          if (edgeOf[L] == e)
            sub |= uint64_t(1) << L;
        });
        takeEdgeApart(e, sub);
        left &= ~sub;
      }
      return regroup();
    }
    case Opc::Ret: {
      if (!f->caller) { // kernel returns: the lanes are done
        w.exited |= M;
        w.running &= ~M;
        f->lanes &= ~M;
        w.hasGroup = false;
        return regroup();
      }
      Frame *caller = f->caller;
      const Op &call = caller->fn->ops[f->callPc];
      uint64_t *CR = caller->regs.data();
      for (uint32_t i = 0; i < op.n; ++i) {
        const uint64_t *s = slotPtr(R, op.a + i);
        uint64_t *d = slotPtr(CR, call.dst + i);
        FP4_FOR_LANES(M, L, d[L] = s[L]);
      }
      popPrivate(w, *f, M);
      f->lanes &= ~M;
      uint32_t back = f->callPc + 1;
      if (f->lanes == 0)
        freeFrame(w, f);
      // Continue in the caller; let the scheduler merge with lanes there.
      dissolve(w, caller, back, M);
      return regroup();
    }
    case Opc::Unreachable:
      fail(op, int(ctz64(M)), "reached 'unreachable'");
      return error();
    case Opc::Call: {
      const CallDesc &cd = fn->calls[op.aux];
      const FuncCode &callee = ctx.prog->funcs[cd.callee];
      if (f->depth > 256) {
        fail(op, int(ctz64(M)), "call stack deeper than 256 frames");
        return error();
      }
      Frame *nf = newFrame(w, callee, cd.callee);
      nf->caller = f;
      nf->callPc = pc;
      nf->depth = f->depth + 1;
      nf->lanes = M;
      uint64_t *NR = nf->regs.data();
      for (size_t i = 0; i < cd.argSlots.size(); ++i)
        for (uint32_t s = 0; s < cd.argSlotCounts[i]; ++s)
          std::memcpy(slotPtr(NR, callee.argSlots[i] + s),
                      slotPtr(R, cd.argSlots[i] + s), kWave * 8);
      FP4_FOR_LANES(M, L, {
        nf->privSp[L] = w.privSp[L];
        nf->privObjs[L] = uint32_t(w.privObjs[L].size());
      });
      account();
      nOps = 0;
      f = nf;
      fn = &callee;
      curFn = fn;
      ops = fn->ops.data();
      R = NR;
      full = true;
      pc = 0;
      w.gf = f;
      continue;
    }
    case Opc::Barrier: {
      if (!converged())
        return park();
      BarrierK k = BarrierK(op.sub);
      if (k != BarrierK::Wait)
        ++w.signals;
      if (k == BarrierK::Signal)
        break;
      w.waitTarget = w.signals;
      w.blockedPc = pc;
      w.blockedFn = fn;
      w.gf = f;
      w.gpc = pc + 1;
      w.state = WaveState::Blocked;
      account();
      return Status::Blocked;
    }
    case Opc::MakeRsrc: {
      // V# dwords: base[31:0] | base[47:32], stride<<16 | num_records |
      // flags; kept as two slots.
      const uint64_t *base = slotPtr(R, op.a), *stride = slotPtr(R, op.b),
                     *num = slotPtr(R, op.c), *flags = slotPtr(R, op.aux);
      uint64_t *d0 = slotPtr(R, op.dst), *d1 = slotPtr(R, op.dst + 1);
      uint64_t *d2 = op.sub ? slotPtr(R, op.dst + 2) : nullptr;
      FP4_FOR_LANES(M, L, {
        d0[L] = (base[L] & 0xFFFFFFFFFFFFull) | ((stride[L] & 0xFFFF) << 48);
        d1[L] = (num[L] & 0xFFFFFFFFull) | ((flags[L] & 0xFFFFFFFFull) << 32);
        if (d2)
          d2[L] = 0;
      });
      break;
    }
      // Memory accesses (Memory.cpp).
      FP4_EMU_MEMORY_OPCODES(FP4_EMU_CASE)
      if (!doMemory(op, R, M))
        return error();
      break;
    case Opc::WorkitemId: {
      uint64_t *d = slotPtr(R, op.dst);
      const uint32_t *id = w.lid[op.sub];
      FP4_FOR_LANES(M, L, d[L] = id[L]);
      break;
    }
    case Opc::WorkgroupId: {
      uint64_t *d = slotPtr(R, op.dst);
      uint64_t v = wg->id[op.sub];
      FP4_FOR_LANES(M, L, d[L] = v);
      break;
    }
    case Opc::Ockl: {
      uint64_t *d = slotPtr(R, op.dst);
      const uint64_t *dim = slotPtr(R, op.a);
      const uint32_t blk[3] = {ctx.block.x, ctx.block.y, ctx.block.z};
      const uint32_t grd[3] = {ctx.grid.x, ctx.grid.y, ctx.grid.z};
      uint64_t m = maskOf(op.bits);
      FP4_FOR_LANES(M, L, {
        uint64_t k = dim[L] & 0xFFFFFFFFu;
        uint64_t v;
        bool ok = k < 3;
        switch (OcklK(op.sub)) {
        case OcklK::LocalId:
          v = ok ? w.lid[k][L] : 0;
          break;
        case OcklK::GroupId:
          v = ok ? wg->id[k] : 0;
          break;
        case OcklK::LocalSize:
          v = ok ? blk[k] : 1;
          break;
        case OcklK::NumGroups:
          v = ok ? grd[k] : 1;
          break;
        case OcklK::GlobalId:
          v = ok ? uint64_t(wg->id[k]) * blk[k] + w.lid[k][L] : 0;
          break;
        default:
          v = ok ? uint64_t(grd[k]) * blk[k] : 1;
          break;
        }
        d[L] = v & m;
      });
      break;
    }
    case Opc::SpecialPtr: {
      uint64_t v = SpecialPtrK(op.sub) == SpecialPtrK::Kernarg ? kKernargBase
                   : SpecialPtrK(op.sub) == SpecialPtrK::ImplicitArg
                       ? ctx.implicitArgAddr
                       : kDispatchBase;
      uint64_t *d = slotPtr(R, op.dst);
      FP4_FOR_LANES(M, L, d[L] = v);
      break;
    }
    case Opc::Mbcnt: {
      // Counts the mask bits of lanes below this one (lo: lanes 0-31,
      // hi: lanes 32-63).
      uint64_t *d = slotPtr(R, op.dst);
      const uint64_t *mk = slotPtr(R, op.a), *acc = slotPtr(R, op.b);
      bool hi = op.sub;
      FP4_FOR_LANES(M, L, {
        uint64_t below;
        if (!hi)
          below = L >= 32 ? 0xFFFFFFFFull : (uint64_t(1) << L) - 1;
        else
          below = L < 32 ? 0 : (uint64_t(1) << (L - 32)) - 1;
        d[L] = (popcount64(mk[L] & 0xFFFFFFFFu & below) + acc[L]) & 0xFFFFFFFFu;
      });
      break;
    }
      // Cross-lane ops run once every live lane of the wave is here.
      FP4_EMU_CROSS_LANE_OPCODES(FP4_EMU_CASE)
      if (!converged())
        return park();
      if (!doCrossLane(op, R, M))
        return error();
      break;
    case Opc::CvtScaleTrunc:
      if (!doCvtTrunc(op, R, M, full))
        return error();
      break;
    case Opc::CvtScaleExt:
      doCvtExt(op, R, M, full);
      break;
    default:
      if (!execAlu(*fn, op, R, M, full, fault)) {
        fail(op, fault.lane,
             fault.what.empty()
                 ? std::string("internal: op ") + opcName(op.code) +
                       " has no implementation"
                 : fault.what);
        return error();
      }
      break;
    }
    ++pc;
  }
}

#undef FP4_EMU_CASE

void WaveExec::initWave(Wave &w, unsigned index, unsigned firstItem,
                        unsigned items) {
  w.id = index;
  w.active = items >= kWave ? ~uint64_t(0) : (uint64_t(1) << items) - 1;
  w.exited = 0;
  w.running = w.active;
  w.hasGroup = false;
  w.state = WaveState::Ready;
  w.signals = w.waitTarget = 0;
  w.freeFrames.clear();
  for (auto &fr : w.frames)
    w.freeFrames.push_back(fr.get());
  const Dim3 &b = ctx.block;
  for (unsigned L = 0; L < kWave; ++L) {
    unsigned flat = firstItem + L;
    w.lid[0][L] = flat % b.x;
    w.lid[1][L] = (flat / b.x) % b.y;
    w.lid[2][L] = flat / (b.x * b.y);
    w.privSp[L] = 16; // private address 0 stays null
    w.privObjs[L].clear();
  }
  // The kernel frame: constants, then the arguments from the kernarg segment.
  const KernelCode &k = *ctx.kernel;
  const FuncCode &fn = ctx.prog->funcs[k.func];
  Frame *f = newFrame(w, fn, k.func);
  f->lanes = w.active;
  uint64_t *R = f->regs.data();
  for (size_t i = 0; i < fn.argSlots.size(); ++i) {
    const std::vector<uint64_t> &vals = ctx.argValues[i];
    for (size_t s = 0; s < vals.size(); ++s)
      broadcast(slotPtr(R, fn.argSlots[i] + uint32_t(s)), vals[s]);
  }
  FP4_FOR_LANES(w.active, L, {
    w.laneFrame[L] = f;
    w.lanePc[L] = 0;
  });
  w.gf = f;
  w.gpc = 0;
  w.gmask = w.active;
  w.hasGroup = true;
}

Status WaveExec::deadlockError(WorkGroup &g) {
  std::string msg = "barrier deadlock: not every wave of the work-group "
                    "reaches the barrier:";
  for (unsigned i = 0; i < g.numWaves; ++i) {
    Wave &w = *g.waves[i];
    msg += "\n  wave " + std::to_string(i) + ": ";
    if (w.state == WaveState::Done)
      msg +=
          "returned after " + std::to_string(w.signals) + " barrier arrival(s)";
    else
      msg += "waits at " +
             describe(w.blockedFn->insts[w.blockedFn->ops[w.blockedPc].inst]) +
             " (arrival " + std::to_string(w.waitTarget) + ")";
  }
  wave = nullptr;
  curFn = nullptr;
  return failNoInst(msg);
}

bool WaveExec::runWorkGroup(WorkGroup &g) {
  wg = &g;
  wave = nullptr;
  g.instrs = 0;
  const Dim3 &b = ctx.block;
  unsigned items = b.x * b.y * b.z;
  g.numWaves = (items + kWave - 1) / kWave;
  while (g.waves.size() < g.numWaves)
    g.waves.push_back(std::make_unique<Wave>());
  for (unsigned i = 0; i < g.numWaves; ++i)
    initWave(*g.waves[i], i, i * kWave, std::min(kWave, items - i * kWave));
  ctx.waves.fetch_add(g.numWaves, std::memory_order_relaxed);
  g.lds.assign(ctx.ldsBytes, 0xCD); // unwritten LDS reads show up as 0xCD

  for (;;) {
    bool progress = false, allDone = true;
    for (unsigned i = 0; i < g.numWaves; ++i) {
      Wave &w = *g.waves[i];
      if (w.state == WaveState::Done)
        continue;
      allDone = false;
      if (w.state == WaveState::Blocked) {
        bool release = true;
        for (unsigned j = 0; j < g.numWaves; ++j)
          if (j != i && g.waves[j]->signals < w.waitTarget)
            release = false;
        if (!release)
          continue;
        w.state = WaveState::Ready;
        w.hasGroup = true; // resumes after the barrier
      }
      progress = true;
      Status s = runWave(w);
      if (s == Status::Error)
        return false;
    }
    if (allDone)
      return true;
    if (!progress)
      return deadlockError(g) != Status::Error;
  }
}
