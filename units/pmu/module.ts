// Pixel merge unit in the DSL. Entries are quads in register-file memories
// (depth, per-pixel edge lists, shading choice, key); their coverage, facing
// and insertion stamps sit in registers, because every incoming quad is
// checked against all of them at once for overlap. A CAM on the quad
// position finds the entries of the same quad.
//
// States per incoming quad: IN (accept); OVERLAP (send out, oldest first,
// one per cycle, the buffered quads at this position whose coverage meets
// it); MERGE (bypass a quad with no partial pixel, or merge each pixel into
// the newest of the N newest same-quad, same-facing entries holding a
// fragment there that shares an edge with it); RESOLVE (send out, oldest
// first, entries merged into that have no partial pixel left); PLACE (what
// is left of the quad: nothing, straight to shading, or into a free entry,
// else FIFO-evict the oldest first and INSERT). After a `last` quad
// (end of draw) FLUSH sends everything out, oldest first.
import { bundle, cat, defineModule, mux, stream, uint, type UInt } from '../../hdl/index.js';
import { countOnes, extremeOf, fields, indexBits, lowestSet, oneHot, pack } from '../merge-common/hw-lib.js';
import type { MergeMsaa } from '../merge-common/samples.js';
import { driveQuadOut, laterTakesShading, loneChoice, muxChoice, packChoices, pixelChoices } from '../qfm/datapath.js';
import type { PmuConfig } from './config.js';
import { EDGE_SLOTS, mergeEdgeListsHw } from './edges.js';

const S_IN = 0;
const S_OVERLAP = 1;
const S_MERGE = 2;
const S_RESOLVE = 3;
const S_PLACE = 4;
const S_INSERT = 5;
const S_FLUSH = 6;
export const PMU_STAMP_BITS = 16;

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

interface PmuRec {
  readonly cov: UInt;
  readonly depth: UInt;
  readonly edges: UInt;
  readonly src: UInt;
  readonly centre: UInt;
  readonly rank: UInt;
}

function muxPmu(sel: UInt, a: PmuRec, b: PmuRec): PmuRec {
  return {
    cov: mux(sel, a.cov, b.cov),
    depth: mux(sel, a.depth, b.depth),
    edges: mux(sel, a.edges, b.edges),
    ...muxChoice(sel, a, b),
  };
}

export const Pmu = defineModule('Pmu', (m, cfg: PmuConfig) => {
  const s = pmuShape(cfg);
  const E = cfg.entries;
  const ib = indexBits(E);
  const pw = 2 * s.coordBits;
  const covW = 4 * s.msaa;
  const depthW = covW * s.depthBits;
  const srcW = 4 * s.triBits;
  const rankW = 4 * s.rankBits;
  const full = (1 << s.msaa) - 1;
  const inp = m.input(
    'in',
    stream(bundle({ qx: uint(s.coordBits), qy: uint(s.coordBits), back: uint(1), cov: uint(covW), centre: uint(4), depth: uint(depthW), tri: uint(s.triBits), edges: uint(s.edgeBits), last: uint(1) })),
  );
  const out = m.output('out', stream(bundle({ qx: uint(s.coordBits), qy: uint(s.coordBits), back: uint(1), cov: uint(covW), depth: uint(depthW), src: uint(srcW) })));
  const occupancy = m.output('occupancy', uint(indexBits(E + 1) + 1));

  const state = m.reg('state', uint(3), { init: S_IN });
  const is = (k: number): UInt => state.eq(k);
  const [inS, overlapS, mergeS, resolveS, placeS, insertS, flushS] = [S_IN, S_OVERLAP, S_MERGE, S_RESOLVE, S_PLACE, S_INSERT, S_FLUSH].map(is) as [UInt, UInt, UInt, UInt, UInt, UInt, UInt];

  const incPos = m.reg('inc_pos', uint(pw), { init: 0 });
  const incBack = m.reg('inc_back', uint(1), { init: 0 });
  const incLast = m.reg('inc_last', uint(1), { init: 0 });
  const inc: PmuRec = {
    cov: m.reg('inc_cov', uint(covW), { init: 0 }),
    depth: m.reg('inc_depth', uint(depthW), { init: 0 }),
    edges: m.reg('inc_edges', uint(s.edgeBits), { init: 0 }),
    src: m.reg('inc_src', uint(srcW), { init: 0 }),
    centre: m.reg('inc_centre', uint(4), { init: 0 }),
    rank: m.reg('inc_rank', uint(rankW), { init: 0 }),
  };

  const mems = {
    depth: m.memory('e_depth', uint(depthW), E),
    edges: m.memory('e_edges', uint(s.edgeBits), E),
    src: m.memory('e_src', uint(srcW), E),
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
  const touched = m.reg('touched', uint(E), { init: 0 });

  const covAt = (idx: UInt): UInt => (E === 1 ? covs[0]! : covsMux(idx));
  function covsMux(idx: UInt): UInt {
    // An E-way multiplexer as a one-hot AND-OR.
    const hot = oneHot(m, idx, E);
    return covs.map((c, i) => mux(hot.bit(i), c, m.lit(0, uint(covW)))).reduce((a, b) => a.or(b));
  }
  const readRec = (idx: UInt): PmuRec => ({
    cov: covAt(idx),
    depth: mems.depth.read(idx, { sync: false }),
    edges: mems.edges.read(idx, { sync: false }),
    src: mems.src.read(idx, { sync: false }),
    centre: mems.centre.read(idx, { sync: false }),
    rank: mems.rank.read(idx, { sync: false }),
  });
  const partial = (cov: UInt): UInt => fields(cov, 4).map((c) => c.orR().and(c.ne(full))).reduce((a, b) => a.or(b));

  const posMatch = cam.match(incPos).and(valid).named('pos_match');
  const overlapVec = pack(covs.map((c) => c.and(inc.cov).orR())).and(posMatch).named('overlap');
  const nonPartialVec = pack(covs.map((c) => partial(c).not()));
  const resolveVec = touched.and(valid).and(nonPartialVec);
  // Which entry the output (and the victim logic) looks at in this state.
  const scanVec = mux(overlapS, overlapVec, mux(resolveS, resolveVec, valid));
  const pick = extremeOf(m, scanVec, stamps, ib, false);
  const pIdx = pick.idx.named('pick');
  const pRec = readRec(pIdx);
  const pKey = keyMem.read(pIdx, { sync: false });

  // Per-pixel merge candidates: the N newest same-quad, same-facing entries.
  let cands = posMatch.and(backVec.xor(mux(incBack, m.lit((1n << BigInt(E)) - 1n, uint(E)), m.lit(0, uint(E)))).not());
  const incCov = fields(inc.cov, 4);
  const incEdges = fields(inc.edges, 4);
  const taken: UInt[] = [0, 1, 2, 3].map(() => m.lit(0, uint(1)));
  const writes: { en: UInt; idx: UInt; rec: PmuRec }[] = [];
  for (let k = 0; k < cfg.recent; k++) {
    const c = extremeOf(m, cands, stamps, ib, true);
    cands = cands.and(oneHot(m, c.idx, E).not());
    const rec = readRec(c.idx);
    const cCov = fields(rec.cov, 4);
    const cEdges = fields(rec.edges, 4);
    const cZ = fields(rec.depth, 4);
    const iZ = fields(inc.depth, 4);
    const cC = pixelChoices(rec);
    const iC = pixelChoices(inc);
    const px = [0, 1, 2, 3].map((p) => {
      const em = mergeEdgeListsHw(m, cEdges[p]!, incEdges[p]!, s.vertexBits);
      const ok = c.found.and(cCov[p]!.orR()).and(incCov[p]!.orR()).and(em.ok).and(taken[p]!.not()).named(`pix_merge${k}_${p}`);
      taken[p] = taken[p]!.or(ok);
      return {
        ok,
        cov: mux(ok, cCov[p]!.or(incCov[p]!), cCov[p]!),
        depth: mux(ok, cZ[p]!.or(iZ[p]!), cZ[p]!),
        edges: mux(ok, em.merged, cEdges[p]!),
        // The buffered fragment came first: it keeps the shading on a centre tie.
        ...muxChoice(ok.and(laterTakesShading(cC[p]!, iC[p]!)), iC[p]!, cC[p]!),
      };
    });
    const any = px.map((x) => x.ok).reduce((a, b) => a.or(b));
    writes.push({
      en: any,
      idx: c.idx,
      rec: {
        cov: pack(px.map((x) => x.cov)),
        depth: pack(px.map((x) => x.depth)),
        edges: pack(px.map((x) => x.edges)),
        ...packChoices(px),
      },
    });
  }
  const keepPix = taken.map((t) => t.not());
  const keepMask = (perPixelWidth: number): UInt => pack(keepPix.map((k) => mux(k, m.lit((1n << BigInt(perPixelWidth)) - 1n, uint(perPixelWidth)), m.lit(0, uint(perPixelWidth)))));
  const remainder: PmuRec = {
    cov: inc.cov.and(keepMask(s.msaa)),
    depth: inc.depth.and(keepMask(s.msaa * s.depthBits)),
    edges: inc.edges.and(keepMask(EDGE_SLOTS * s.slotBits)),
    src: inc.src,
    centre: inc.centre.and(keepMask(1)),
    rank: inc.rank,
  };

  const incPartial = partial(inc.cov);
  const incEmpty = inc.cov.orR().not();
  const free = valid.not();
  const hasFree = free.orR();
  const freeIdx = lowestSet(m, free, ib);

  const outValid = overlapS
    .and(pick.found)
    .or(mergeS.and(incPartial.not()))
    .or(resolveS.and(pick.found))
    .or(placeS.and(incEmpty.not()).and(incPartial.not().or(hasFree.not())))
    .or(flushS.and(pick.found))
    .named('out_valid_w');
  const outInc = mergeS.or(placeS.and(incPartial.not()));
  const outRec = muxPmu(outInc, inc, pRec);
  const go = outValid.not().or(out.ready).named('go');
  const outKey = mux(outInc, cat(incPos, incBack), pKey);
  out.valid.drive(outValid);
  driveQuadOut(out.payload, outKey, outRec, s.coordBits);
  inp.ready.drive(inS);

  // Writes: merged entries in MERGE (one port per candidate), the quad into a free entry on insert.
  const doMerge = mergeS.and(incPartial);
  const insert = placeS.and(incPartial).and(hasFree).or(insertS).named('insert');
  writes.forEach((wr, k) => {
    const en = doMerge.and(wr.en);
    const idx = k === 0 ? mux(en, wr.idx, freeIdx) : wr.idx;
    const rec = k === 0 ? muxPmu(en, wr.rec, inc) : wr.rec;
    const wen = k === 0 ? en.or(insert) : en;
    mems.depth.write(idx, rec.depth, wen);
    mems.edges.write(idx, rec.edges, wen);
    mems.src.write(idx, rec.src, wen);
    mems.centre.write(idx, rec.centre, wen);
    mems.rank.write(idx, rec.rank, wen);
  });
  keyMem.write(freeIdx, cat(incPos, incBack), insert);
  cam.write(freeIdx, incPos, m.lit(1, uint(1)), insert);
  const zeroE = m.lit(0, uint(E));
  const insertHot = mux(insert, oneHot(m, freeIdx, E), zeroE);
  const mergeHots = writes.map((wr) => mux(doMerge.and(wr.en), oneHot(m, wr.idx, E), zeroE));
  covs.forEach((c, i) => {
    m.when(insertHot.bit(i), () => c.set(inc.cov));
    writes.forEach((wr, k) => m.when(mergeHots[k]!.bit(i), () => c.set(wr.rec.cov)));
  });
  stamps.forEach((st, i) => m.when(insertHot.bit(i), () => st.set(nextStamp)));
  m.when(insert, () => nextStamp.set(nextStamp.addWrap(1)));
  backVec.set(backVec.and(insertHot.not()).or(mux(incBack, insertHot, zeroE)));
  const leaving = go.and(overlapS.or(resolveS).or(flushS)).and(pick.found).or(go.and(placeS).and(incPartial).and(hasFree.not()));
  const clearP = mux(leaving, oneHot(m, pIdx, E), zeroE);
  valid.set(valid.and(clearP.not()).or(insertHot));
  m.when(doMerge, () => touched.set(mergeHots.reduce((a, b) => a.or(b))));
  m.when(resolveS.and(go), () => touched.set(touched.and(clearP.not())));

  const after = mux(incLast, m.lit(S_FLUSH, uint(3)), m.lit(S_IN, uint(3)));
  m.when(inS.and(inp.valid), () => {
    const p = inp.payload;
    state.set(S_OVERLAP);
    incPos.set(cat(p.qx, p.qy));
    incBack.set(p.back);
    incLast.set(p.last);
    inc.cov.set(p.cov);
    inc.depth.set(p.depth);
    inc.edges.set(p.edges);
    const choice = loneChoice(m, p.tri, p.centre, p.cov, s);
    inc.src.set(choice.src);
    inc.centre.set(choice.centre);
    inc.rank.set(choice.rank);
  });
  m.when(overlapS.and(pick.found.not()), () => state.set(S_MERGE));
  m.when(mergeS.and(go), () => {
    state.set(mux(incPartial, m.lit(S_RESOLVE, uint(3)), after));
    m.when(incPartial, () => {
      inc.cov.set(remainder.cov);
      inc.depth.set(remainder.depth);
      inc.edges.set(remainder.edges);
      inc.centre.set(remainder.centre);
    });
  });
  m.when(resolveS.and(pick.found.not()), () => state.set(S_PLACE));
  m.when(placeS.and(go), () => state.set(mux(incEmpty.not().and(incPartial).and(hasFree.not()), m.lit(S_INSERT, uint(3)), after)));
  m.when(insertS, () => state.set(after));
  m.when(flushS.and(pick.found.not()), () => {
    state.set(S_IN);
    nextStamp.set(0);
  });

  occupancy.drive(countOnes(m, valid, occupancy.width));
  return { in: inp, out, occupancy };
});
