// QFM merge buffer in the DSL. Entries live in register-file memories (one
// per field) indexed by slot; a CAM holds each slot's key (quad x, y,
// facing) and a valid vector says which slots hold an entry. FIFO order is
// an insertion stamp per slot: the newest matching entries and the oldest
// entry come out of comparator trees, so a slot freed in the middle (a
// full-coverage eviction) is reused at once, as in the golden model.
//
// One quad fragment takes: a cycle to accept it (IN), a cycle to look it up
// and merge, bypass or insert it (MERGE); when the buffer is full, a cycle to
// FIFO-evict the oldest entry after trying to merge it into the newest
// entries of its own key (EVICT) and one to insert (INSERT). A fragment
// marked `last` (end of grid) is followed by FLUSH: one entry out per cycle,
// oldest first; with flush=merge each leaving entry first tries to merge
// into the newest entries of its own key, through EVICT's datapath.
// Outputs wait for out.ready; empty quads are dropped.
import { argMax, argMin, bundle, cat, defineModule, fsm, indexBits, indexToOneHot, mux, popCount, priorityEncode, stream, uint, type UInt } from '../../hdl/index.js';
import type { MergeMsaa } from '../merge-common/samples.js';
import type { QfmConfig } from './config.js';
import { canMerge, driveQuadOut, loneChoice, mergeRecs, muxRec, type QuadRec, type QuadShape, recWidths } from './datapath.js';

/** Insertion stamps: a grid may insert up to 2^16 quad fragments. */
export const QFM_STAMP_BITS = 16;

export function qfmShape(cfg: QfmConfig): QuadShape & { coordBits: number } {
  const msaa = Number(cfg.msaa) as MergeMsaa;
  return { msaa, depthBits: cfg.depthBits, maskWidth: cfg.maskWidth, triBits: indexBits(cfg.maskWidth), rankBits: indexBits(msaa), coordBits: cfg.coordBits };
}

export function qfmPorts(cfg: QfmConfig) {
  const s = qfmShape(cfg);
  const w = recWidths(s);
  return {
    inQuad: bundle({
      qx: uint(s.coordBits),
      qy: uint(s.coordBits),
      back: uint(1),
      cov: uint(w.cov),
      centre: uint(4),
      depth: uint(w.depth),
      tri: uint(s.triBits),
      adj: uint(s.maskWidth),
      last: uint(1),
    }),
    outQuad: bundle({
      qx: uint(s.coordBits),
      qy: uint(s.coordBits),
      back: uint(1),
      cov: uint(w.cov),
      depth: uint(w.depth),
      src: uint(w.src),
      tris: uint(s.maskWidth),
    }),
  };
}

export const Qfm = defineModule('Qfm', (m, cfg: QfmConfig) => {
  const s = qfmShape(cfg);
  const w = recWidths(s);
  const E = cfg.entries;
  const kw = 2 * s.coordBits + 1;
  const ports = qfmPorts(cfg);
  const inp = m.input('in', stream(ports.inQuad));
  const out = m.output('out', stream(ports.outQuad));
  const occupancy = m.output('occupancy', uint(indexBits(E + 1) + 1));

  const state = fsm(m, 'state', ['in', 'merge', 'evict', 'insert', 'flush'] as const);
  const inS = state.is('in');
  const mergeS = state.is('merge');
  const evictS = state.is('evict');
  const insertS = state.is('insert');
  const flushS = state.is('flush');
  // The oldest entry leaves and first tries merge-before-evict: a FIFO victim, and at flush=merge every flushed entry.
  const leaveS = cfg.flush === 'merge' ? evictS.or(flushS) : evictS;

  // The fragment being placed, as an entry would hold it.
  const incKey = m.reg('inc_key', uint(kw), { init: 0 });
  const incLast = m.reg('inc_last', uint(1), { init: 0 });
  const inc: QuadRec = {
    cov: m.reg('inc_cov', uint(w.cov), { init: 0 }),
    depth: m.reg('inc_depth', uint(w.depth), { init: 0 }),
    tri: m.reg('inc_trimask', uint(w.tri), { init: 0 }),
    adj: m.reg('inc_adj', uint(w.adj), { init: 0 }),
    src: m.reg('inc_src', uint(w.src), { init: 0 }),
    centre: m.reg('inc_centre', uint(4), { init: 0 }),
    rank: m.reg('inc_rank', uint(w.rank), { init: 0 }),
  };

  // Entry storage.
  const mems = {
    cov: m.memory('e_cov', uint(w.cov), E),
    depth: m.memory('e_depth', uint(w.depth), E),
    tri: m.memory('e_tri', uint(w.tri), E),
    adj: m.memory('e_adj', uint(w.adj), E),
    src: m.memory('e_src', uint(w.src), E),
    centre: m.memory('e_centre', uint(4), E),
    rank: m.memory('e_rank', uint(w.rank), E),
  };
  const keyMem = m.memory('e_key', uint(kw), E);
  const cam = m.cam('e_cam', { entries: E, keyWidth: kw });
  const valid = m.reg('valid', uint(E), { init: 0 });
  const stamps = Array.from({ length: E }, (_, i) => m.reg(`stamp${i}`, uint(QFM_STAMP_BITS), { init: 0 }));
  const nextStamp = m.reg('next_stamp', uint(QFM_STAMP_BITS), { init: 0 });
  const readRec = (idx: UInt): QuadRec => ({
    cov: mems.cov.read(idx, { sync: false }),
    depth: mems.depth.read(idx, { sync: false }),
    tri: mems.tri.read(idx, { sync: false }),
    adj: mems.adj.read(idx, { sync: false }),
    src: mems.src.read(idx, { sync: false }),
    centre: mems.centre.read(idx, { sync: false }),
    rank: mems.rank.read(idx, { sync: false }),
  });

  // Oldest entry: FIFO victim in EVICT, next out in FLUSH.
  const oldest = argMin(valid, stamps);
  const oIdx = oldest.index.named('oldest');
  const oRec = readRec(oIdx);
  const oKey = keyMem.read(oIdx, { sync: false });

  // The N newest entries with the looked-up key (the victim's own slot excluded in EVICT).
  const lookupKey = mux(leaveS, oKey, incKey);
  const allOnes = m.lit((1n << BigInt(E)) - 1n, uint(E));
  let cands = cam.match(lookupKey).and(valid).and(mux(leaveS, indexToOneHot(oIdx, E).not(), allOnes)).named('match');
  const other = muxRec(leaveS, oRec, inc);
  const tries: { ok: UInt; idx: UInt; rec: QuadRec }[] = [];
  for (let k = 0; k < cfg.recent; k++) {
    const c = argMax(cands, stamps);
    const rec = readRec(c.index);
    tries.push({ ok: c.found.and(canMerge(rec, other)).named(`can_merge${k}`), idx: c.index, rec });
    cands = cands.and(indexToOneHot(c.index, E).not());
  }
  // The newest that passes wins.
  let anyOk = tries[tries.length - 1]!.ok;
  let tIdx = tries[tries.length - 1]!.idx;
  let tRec = tries[tries.length - 1]!.rec;
  for (let k = tries.length - 2; k >= 0; k--) {
    const t = tries[k]!;
    tIdx = mux(t.ok, t.idx, tIdx);
    tRec = muxRec(t.ok, t.rec, tRec);
    anyOk = anyOk.or(t.ok);
  }
  anyOk = anyOk.named('merge');
  // A leaving entry is the earlier of the pair.
  const merged = mergeRecs(muxRec(leaveS, oRec, tRec), muxRec(leaveS, tRec, inc), s);
  const mergedFull = merged.cov.andR().named('merged_full');
  const incFull = inc.cov.andR();
  const oNonEmpty = oRec.cov.orR();
  const anyValid = valid.orR();
  const free = valid.not();
  const hasFree = free.orR();
  const freeIdx = priorityEncode(free).index;

  // Output: a merged quad that became full, a full fragment bypassing, a FIFO victim, or a flushed entry.
  const outValid = mergeS
    .and(mux(anyOk, mergedFull, incFull))
    .or(evictS.and(mux(anyOk, mergedFull, oNonEmpty)))
    .or(flushS.and(anyValid).and(cfg.flush === 'merge' ? mux(anyOk, mergedFull, oNonEmpty) : oNonEmpty))
    .named('out_valid_w');
  const outRec = muxRec(anyOk.and(mergeS.or(leaveS)), merged, muxRec(mergeS, inc, oRec));
  const outKey = mux(mergeS, incKey, oKey);
  const go = outValid.not().or(out.ready).named('go');

  out.valid.drive(outValid);
  driveQuadOut(out.payload, outKey, outRec, s.coordBits);
  out.payload.tris.drive(outRec.tri);
  inp.ready.drive(inS);

  // Storage writes: the merged entry back into its slot, or the fragment into a free slot.
  const writeMerged = go.and(anyOk).and(mergeS.or(leaveS));
  const insert = go.and(insertS.or(mergeS.and(anyOk.not()).and(incFull.not()).and(hasFree))).named('insert');
  const wIdx = mux(writeMerged, tIdx, freeIdx);
  const wRec = muxRec(writeMerged, merged, inc);
  const wEn = writeMerged.or(insert);
  for (const k of Object.keys(mems) as (keyof QuadRec)[]) mems[k].write(wIdx, wRec[k], wEn);
  keyMem.write(freeIdx, incKey, insert);
  cam.write(freeIdx, incKey, m.lit(1, uint(1)), insert);
  const insertHot = mux(insert, indexToOneHot(freeIdx, E), m.lit(0, uint(E)));
  stamps.forEach((st, i) => m.when(insertHot.bit(i), () => st.set(nextStamp)));

  const zero = m.lit(0, uint(E));
  const clearT = mux(writeMerged.and(mergedFull), indexToOneHot(tIdx, E), zero);
  const clearO = mux(go.and(evictS.or(flushS.and(anyValid))), indexToOneHot(oIdx, E), zero);
  valid.set(valid.and(clearT.or(clearO).not()).or(insertHot));

  const after = mux(incLast, state.lit('flush'), state.lit('in'));
  m.when(inS.and(inp.valid), () => {
    state.goto('merge');
    const p = inp.payload;
    incKey.set(cat(p.qx, p.qy, p.back));
    incLast.set(p.last);
    inc.cov.set(p.cov);
    inc.depth.set(p.depth);
    inc.tri.set(indexToOneHot(p.tri, s.maskWidth));
    inc.adj.set(p.adj);
    const choice = loneChoice(m, p.tri, p.centre, p.cov, s);
    inc.src.set(choice.src);
    inc.centre.set(choice.centre);
    inc.rank.set(choice.rank);
  });
  m.when(mergeS.and(go), () => {
    state.goto(mux(anyOk.or(incFull).or(hasFree), after, state.lit('evict')));
  });
  m.when(evictS.and(go), () => state.goto('insert'));
  m.when(insertS, () => state.goto(after));
  m.when(flushS.and(anyValid.not()), () => {
    state.goto('in');
    nextStamp.set(0);
  });
  m.when(insert, () => nextStamp.set(nextStamp.addWrap(1)));

  // Occupancy, for throughput studies and waveforms.
  occupancy.drive(popCount(valid).zext(occupancy.width));
  return { in: inp, out, occupancy };

});
