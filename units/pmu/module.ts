// Pixel merge unit in the DSL. Entries are quads of one primitive each in
// register-file memories (primitive id, depth, per-pixel edge lists, centre
// bit and nearest-sample rank, key); their coverage, facing and insertion
// stamps sit in registers, because every incoming quad is checked against
// all of them at once for overlap. A CAM on the quad position finds the
// entries of the same quad.
//
// States per incoming quad: IN (accept); OVERLAP (send out, oldest first,
// one per cycle, the buffered quads at this position whose coverage meets
// it; then a quad with no partial pixel goes to PLACE, which shades it);
// MERGE (one cycle per same-quad, same-facing entry, newest first, with no
// limit on how many: each pixel the two share an edge in merges, and the
// fragment covering the centre, else the nearer sample, keeps the pixel
// and takes the other's samples); RESOLVE (entries changed in MERGE with no
// partial pixel left leave, oldest first: shaded, or dropped when empty);
// PLACE (what is left of the quad: nothing, straight to shading, or into a
// free entry, else FIFO-evict the oldest first and INSERT). After a `last`
// quad (end of draw) FLUSH sends everything out, oldest first; with
// flush=merge each leaving entry is first loaded as the incoming quad and
// goes through MERGE, RESOLVE and PLACE (which shades what is left of it).
import { argMax, argMin, bundle, cat, defineModule, fsm, indexBits, indexToOneHot, mux, packFields, popCount, priorityEncode, splitFields, stream, uint, type UInt } from '../../hdl/index.js';
import type { MergeMsaa } from '../merge-common/samples.js';
import { type ChoiceBits, laterTakesShading, nearestRank } from '../qfm/datapath.js';
import type { PmuConfig } from './config.js';
import { EDGE_SLOTS, mergeEdgeListsHw } from './edges.js';

/** Insertion stamps, reset at each flush: a draw may insert up to 2^20 quads (pmuPayloads refuses more). */
export const PMU_STAMP_BITS = 20;

export function pmuShape(cfg: PmuConfig) {
  const msaa = Number(cfg.msaa) as MergeMsaa;
  const slotBits = 1 + 2 * cfg.vertexBits;
  return {
    msaa,
    depthBits: cfg.depthBits,
    triBits: cfg.triBits,
    rankBits: indexBits(msaa),
    coordBits: cfg.coordBits,
    vertexBits: cfg.vertexBits,
    slotBits,
    edgeBits: 4 * EDGE_SLOTS * slotBits,
    maskWidth: 2, // unused: the PMU keeps no triangle masks
  };
}

/** What an entry holds besides its key: per-pixel fields packed, pixel 0 low. */
interface PmuRec {
  readonly cov: UInt;
  readonly depth: UInt;
  readonly edges: UInt;
  readonly prim: UInt;
  readonly centre: UInt;
  readonly rank: UInt;
}

function muxPmu(sel: UInt, a: PmuRec, b: PmuRec): PmuRec {
  return {
    cov: mux(sel, a.cov, b.cov),
    depth: mux(sel, a.depth, b.depth),
    edges: mux(sel, a.edges, b.edges),
    prim: mux(sel, a.prim, b.prim),
    centre: mux(sel, a.centre, b.centre),
    rank: mux(sel, a.rank, b.rank),
  };
}

/** The in and out streams' payloads (a study's workload packs its stimulus for them before the module is built). */
export function pmuPorts(cfg: PmuConfig) {
  const s = pmuShape(cfg);
  const covW = 4 * s.msaa;
  const depthW = covW * s.depthBits;
  return {
    inQuad: bundle({ qx: uint(s.coordBits), qy: uint(s.coordBits), back: uint(1), cov: uint(covW), centre: uint(4), depth: uint(depthW), tri: uint(s.triBits), edges: uint(s.edgeBits), last: uint(1) }),
    outQuad: bundle({ qx: uint(s.coordBits), qy: uint(s.coordBits), back: uint(1), cov: uint(covW), depth: uint(depthW), prim: uint(s.triBits) }),
  };
}

export const Pmu = defineModule('Pmu', (m, cfg: PmuConfig) => {
  const s = pmuShape(cfg);
  const E = cfg.entries;
  const pw = 2 * s.coordBits;
  const covW = 4 * s.msaa;
  const depthW = covW * s.depthBits;
  const rankW = 4 * s.rankBits;
  const full = (1 << s.msaa) - 1;
  const flushMerge = cfg.flush === 'merge';
  const ports = pmuPorts(cfg);
  const inp = m.input('in', stream(ports.inQuad));
  const out = m.output('out', stream(ports.outQuad));
  const occupancy = m.output('occupancy', uint(indexBits(E + 1) + 1));

  const state = fsm(m, 'state', ['in', 'overlap', 'merge', 'resolve', 'place', 'insert', 'flush'] as const);
  const inS = state.is('in');
  const overlapS = state.is('overlap');
  const mergeS = state.is('merge');
  const resolveS = state.is('resolve');
  const placeS = state.is('place');
  const insertS = state.is('insert');
  const flushS = state.is('flush');

  const incPos = m.reg('inc_pos', uint(pw), { init: 0 });
  const incBack = m.reg('inc_back', uint(1), { init: 0 });
  const incLast = m.reg('inc_last', uint(1), { init: 0 });
  // The incoming quad (or, at flush=merge, the entry leaving) as an entry would hold it.
  const inc: PmuRec = {
    cov: m.reg('inc_cov', uint(covW), { init: 0 }),
    depth: m.reg('inc_depth', uint(depthW), { init: 0 }),
    edges: m.reg('inc_edges', uint(s.edgeBits), { init: 0 }),
    prim: m.reg('inc_prim', uint(s.triBits), { init: 0 }),
    centre: m.reg('inc_centre', uint(4), { init: 0 }),
    rank: m.reg('inc_rank', uint(rankW), { init: 0 }),
  };
  const flushing = m.reg('flushing', uint(1), { init: 0 });

  const mems = {
    depth: m.memory('e_depth', uint(depthW), E),
    edges: m.memory('e_edges', uint(s.edgeBits), E),
    prim: m.memory('e_prim', uint(s.triBits), E),
    centre: m.memory('e_centre', uint(4), E),
    rank: m.memory('e_rank', uint(rankW), E),
  };
  const keyMem = m.memory('e_key', uint(pw + 1), E);
  const cam = m.cam('e_cam', { entries: E, keyWidth: pw });
  const valid = m.reg('valid', uint(E), { init: 0 });
  const backVec = m.reg('back', uint(E), { init: 0 });
  const covs = Array.from({ length: E }, (_, i) => m.reg(`cov${i}`, uint(covW), { init: 0 }));
  const stamps = Array.from({ length: E }, (_, i) => m.reg(`stamp${i}`, uint(PMU_STAMP_BITS), { init: 0 }));
  const nextStamp = m.reg('next_stamp', uint(PMU_STAMP_BITS), { init: 0 });
  // Entries MERGE has looked at (visited) and changed (touched) for the quad in hand.
  const visited = m.reg('visited', uint(E), { init: 0 });
  const touched = m.reg('touched', uint(E), { init: 0 });

  const covAt = (idx: UInt): UInt => (E === 1 ? covs[0]! : covsMux(idx));
  function covsMux(idx: UInt): UInt {
    // An E-way multiplexer as a one-hot AND-OR.
    const hot = indexToOneHot(idx, E);
    return covs.map((c, i) => mux(hot.bit(i), c, m.lit(0, uint(covW)))).reduce((a, b) => a.or(b));
  }
  const readRec = (idx: UInt): PmuRec => ({
    cov: covAt(idx),
    depth: mems.depth.read(idx, { sync: false }),
    edges: mems.edges.read(idx, { sync: false }),
    prim: mems.prim.read(idx, { sync: false }),
    centre: mems.centre.read(idx, { sync: false }),
    rank: mems.rank.read(idx, { sync: false }),
  });
  const partial = (cov: UInt): UInt => splitFields(cov, 4).map((c) => c.orR().and(c.ne(full))).reduce((a, b) => a.or(b));

  const posMatch = cam.match(incPos).and(valid).named('pos_match');
  const overlapVec = packFields(covs.map((c) => c.and(inc.cov).orR())).and(posMatch).named('overlap');
  const nonPartialVec = packFields(covs.map((c) => partial(c).not()));
  const resolveVec = touched.and(valid).and(nonPartialVec);
  // Which entry the output (and the victim logic) looks at in this state.
  const scanVec = mux(overlapS, overlapVec, mux(resolveS, resolveVec, valid));
  const pick = argMin(scanVec, stamps);
  const pIdx = pick.index.named('pick');
  const pRec = readRec(pIdx);
  const pKey = keyMem.read(pIdx, { sync: false });
  const pEmpty = pRec.cov.orR().not();

  // MERGE: the newest same-quad, same-facing entry not yet visited, pixel by pixel against the quad in hand.
  const sameFacing = backVec.xor(mux(incBack, m.lit((1n << BigInt(E)) - 1n, uint(E)), m.lit(0, uint(E)))).not();
  const cand = argMax(posMatch.and(sameFacing).and(visited.not()), stamps);
  const cIdx = cand.index.named('cand');
  const cRec = readRec(cIdx);
  const cCov = splitFields(cRec.cov, 4);
  const iCov = splitFields(inc.cov, 4);
  const cEdges = splitFields(cRec.edges, 4);
  const iEdges = splitFields(inc.edges, 4);
  const cZ = splitFields(cRec.depth, 4);
  const iZ = splitFields(inc.depth, 4);
  // Per pixel: centre bit and nearest-sample rank, which decide who keeps a merged pixel (the PMU keeps no per-pixel source).
  const choices = (r: PmuRec): ChoiceBits[] => {
    const rank = splitFields(r.rank, 4);
    return [0, 1, 2, 3].map((p) => ({ src: r.prim, centre: r.centre.bit(p), rank: rank[p]! }));
  };
  const cC = choices(cRec);
  const iC = choices(inc);
  const zCov = m.lit(0, uint(s.msaa));
  const zDepth = m.lit(0, uint(s.msaa * s.depthBits));
  const zEdges = m.lit(0, uint(EDGE_SLOTS * s.slotBits));
  const zRank = m.lit(0, uint(s.rankBits));
  const zBit = m.lit(0, uint(1));
  const px = [0, 1, 2, 3].map((p) => {
    const em = mergeEdgeListsHw(m, cEdges[p]!, iEdges[p]!, s.vertexBits);
    const ok = cand.found.and(cCov[p]!.orR()).and(iCov[p]!.orR()).and(cCov[p]!.and(iCov[p]!).orR().not()).and(em.ok).named(`pix_merge${p}`);
    // The buffered fragment came first: it keeps the pixel on a tie.
    const incKeeps = ok.and(laterTakesShading(cC[p]!, iC[p]!));
    const entKeeps = ok.and(incKeeps.not());
    const merged = { cov: cCov[p]!.or(iCov[p]!), depth: cZ[p]!.or(iZ[p]!), edges: em.merged };
    // A side's pixel after the pair: merged when it keeps the pixel, cleared when the other side takes it, else as it was.
    const after = (own: { cov: UInt; depth: UInt; edges: UInt; centre: UInt; rank: UInt }, keeps: UInt, loses: UInt) => ({
      cov: mux(keeps, merged.cov, mux(loses, zCov, own.cov)),
      depth: mux(keeps, merged.depth, mux(loses, zDepth, own.depth)),
      edges: mux(keeps, merged.edges, mux(loses, zEdges, own.edges)),
      centre: mux(loses, zBit, own.centre),
      rank: mux(loses, zRank, own.rank),
    });
    return {
      ok,
      ent: after({ cov: cCov[p]!, depth: cZ[p]!, edges: cEdges[p]!, centre: cC[p]!.centre, rank: cC[p]!.rank }, entKeeps, incKeeps),
      inc: after({ cov: iCov[p]!, depth: iZ[p]!, edges: iEdges[p]!, centre: iC[p]!.centre, rank: iC[p]!.rank }, incKeeps, entKeeps),
    };
  });
  const anyMerge = px.map((x) => x.ok).reduce((a, b) => a.or(b)).named('any_merge');
  const packSide = (side: 'ent' | 'inc', prim: UInt): PmuRec => ({
    cov: packFields(px.map((x) => x[side].cov)),
    depth: packFields(px.map((x) => x[side].depth)),
    edges: packFields(px.map((x) => x[side].edges)),
    prim,
    centre: packFields(px.map((x) => x[side].centre)),
    rank: packFields(px.map((x) => x[side].rank)),
  });
  const entAfter = packSide('ent', cRec.prim);
  const incAfter = packSide('inc', inc.prim);

  const incPartial = partial(inc.cov);
  const incEmpty = inc.cov.orR().not();
  const free = valid.not();
  const hasFree = free.orR();
  const freeIdx = priorityEncode(free).index;

  // PLACE: the quad in hand (what is left of it) is shaded when it has no partial pixel, when it is an entry leaving at flush, or,
  // with no free entry, the oldest entry is shaded first (FIFO eviction).
  const placeInc = incEmpty.not().and(incPartial.not().or(flushing));
  const outValid = overlapS
    .and(pick.found)
    .or(resolveS.and(pick.found).and(pEmpty.not()))
    .or(placeS.and(incEmpty.not()).and(placeInc.or(hasFree.not())))
    .or(flushS.and(pick.found).and(flushMerge ? m.lit(0, uint(1)) : m.lit(1, uint(1))))
    .named('out_valid_w');
  const outInc = placeS.and(placeInc);
  const outRec = muxPmu(outInc, inc, pRec);
  const go = outValid.not().or(out.ready).named('go');
  const outKey = mux(outInc, cat(incPos, incBack), pKey);
  out.valid.drive(outValid);
  out.payload.qx.drive(outKey.bits(2 * s.coordBits, s.coordBits + 1));
  out.payload.qy.drive(outKey.bits(s.coordBits, 1));
  out.payload.back.drive(outKey.bit(0));
  out.payload.cov.drive(outRec.cov);
  out.payload.depth.drive(outRec.depth);
  out.payload.prim.drive(outRec.prim);
  inp.ready.drive(inS);

  // Storage writes: the merged candidate back in MERGE, or the quad in hand into a free entry.
  const writeCand = mergeS.and(cand.found).and(anyMerge);
  const insert = placeS.and(incEmpty.not()).and(placeInc.not()).and(hasFree).or(insertS).named('insert');
  const wIdx = mux(writeCand, cIdx, freeIdx);
  const wRec = muxPmu(writeCand, entAfter, inc);
  const wEn = writeCand.or(insert);
  mems.depth.write(wIdx, wRec.depth, wEn);
  mems.edges.write(wIdx, wRec.edges, wEn);
  mems.prim.write(wIdx, wRec.prim, wEn);
  mems.centre.write(wIdx, wRec.centre, wEn);
  mems.rank.write(wIdx, wRec.rank, wEn);
  keyMem.write(freeIdx, cat(incPos, incBack), insert);
  cam.write(freeIdx, incPos, m.lit(1, uint(1)), insert);
  const zeroE = m.lit(0, uint(E));
  const insertHot = mux(insert, indexToOneHot(freeIdx, E), zeroE);
  const candHot = mux(mergeS.and(cand.found), indexToOneHot(cIdx, E), zeroE);
  const writeHot = mux(writeCand, candHot, zeroE);
  covs.forEach((c, i) => {
    m.when(insertHot.bit(i), () => c.set(inc.cov));
    m.when(writeHot.bit(i), () => c.set(entAfter.cov));
  });
  stamps.forEach((st, i) => m.when(insertHot.bit(i), () => st.set(nextStamp)));
  m.when(insert, () => nextStamp.set(nextStamp.addWrap(1)));
  backVec.set(backVec.and(insertHot.not()).or(mux(incBack, insertHot, zeroE)));
  // Entries leaving: overlap, resolve (shaded or dropped when empty) and drain-flush outputs, a FIFO victim, and the entry a
  // merge-flush loads as the quad in hand.
  const leaving = go
    .and(overlapS.or(resolveS).or(flushS))
    .and(pick.found)
    .or(go.and(placeS).and(incEmpty.not()).and(placeInc.not()).and(hasFree.not()));
  const clearP = mux(leaving, indexToOneHot(pIdx, E), zeroE);
  valid.set(valid.and(clearP.not()).or(insertHot));

  const loadInc = (r: PmuRec, pos: UInt, back: UInt, last: UInt): void => {
    incPos.set(pos);
    incBack.set(back);
    incLast.set(last);
    inc.cov.set(r.cov);
    inc.depth.set(r.depth);
    inc.edges.set(r.edges);
    inc.prim.set(r.prim);
    inc.centre.set(r.centre);
    inc.rank.set(r.rank);
    visited.set(zeroE);
    touched.set(zeroE);
  };
  // After the quad in hand is placed: the next quad, or (on to) the flush.
  const after = mux(incLast.or(flushing), state.lit('flush'), state.lit('in'));
  m.when(inS.and(inp.valid), () => {
    const p = inp.payload;
    state.goto('overlap');
    const centre = p.centre.and(packFields(splitFields(p.cov, 4).map((c) => c.orR())));
    loadInc({ cov: p.cov, depth: p.depth, edges: p.edges, prim: p.tri, centre, rank: nearestRank(m, p.cov, s) }, cat(p.qx, p.qy), p.back, p.last);
  });
  m.when(overlapS.and(pick.found.not()), () => state.goto(mux(incPartial, state.lit('merge'), state.lit('place'))));
  m.when(mergeS, () => {
    m.when(cand.found, () => {
      visited.set(visited.or(candHot));
      m.when(anyMerge, () => {
        touched.set(touched.or(candHot));
        inc.cov.set(incAfter.cov);
        inc.depth.set(incAfter.depth);
        inc.edges.set(incAfter.edges);
        inc.centre.set(incAfter.centre);
        inc.rank.set(incAfter.rank);
      });
    });
    m.when(cand.found.not(), () => state.goto('resolve'));
  });
  m.when(resolveS.and(go), () => touched.set(touched.and(clearP.not())));
  m.when(resolveS.and(pick.found.not()), () => state.goto('place'));
  m.when(placeS.and(go), () => state.goto(mux(incEmpty.not().and(placeInc.not()).and(hasFree.not()), state.lit('insert'), after)));
  m.when(insertS, () => state.goto(after));
  if (flushMerge) {
    m.when(flushS.and(pick.found), () => {
      state.goto('merge');
      flushing.set(1);
      loadInc(pRec, pKey.bits(pw, 1), pKey.bit(0), m.lit(0, uint(1)));
    });
  }
  m.when(flushS.and(pick.found.not()), () => {
    state.goto('in');
    flushing.set(0);
    nextStamp.set(0);
  });

  occupancy.drive(popCount(valid).zext(occupancy.width));
  return { in: inp, out, occupancy };
});
