// The NoBlur rasterizer pipeline: bbox, setup with the cull, iterator +
// sample test, depth interpolation, with a register between stages and
// valid/ready between every pair of them.
//
//   in -> [R0] -> bbox -> [R1] -> edge setup + cull + reciprocal(s) -> [R2]
//      -> iterator + sample test -> [R3] -> depth interpolation -> [R4] -> out
//
// Each stage advances when it is empty or the stage after it advances; the
// iterator holds R2 for as many cycles as the MP has stamps, and that stall
// is what reaches back to in.ready (as does out.ready low). The cull works
// on what the edge setup computes (setup-stage.ts), so MPs with no
// front-facing triangle are dropped between R1 and R2 (never walked; they
// leave R1 without waiting); stamps with no covered sample pass R3 and R4
// and are not offered at the output (walked, nothing to report). An MP whose
// bbox does not fit STP is not walked: it takes one iterator cycle and
// leaves as one out-of-range record (oor = 1, its id, no hits), in order
// with the other results, and is counted in oor_count, whatever its facing:
// the cull is only exact for boxes that fit (cull/module.ts), so it cannot
// tell a large back-facing MP from a front-facing one. See README.md.
import { defineModule, mux, uint, type Signal, type UInt } from '../../hdl/index.js';
import { BBox } from '../bbox/module.js';
import { edgesOf } from '../bbox/edges.js';
import { DepthInterp, driveDepthFrom } from '../depth-interp/module.js';
import { Iterator } from '../iterator/module.js';
import { SampleTest } from '../sample-test/module.js';
import { geometryOf, OOR_COUNT_BITS, type NoblurConfig } from './config.js';
import { declareInput, declareStampOutput, type StampRecord } from './ports.js';
import { setupStage } from './setup-stage.js';
import { stageRegs, validReg } from '../../hdl/lib/index.js';
import { driveFromR2, driveFromWalk } from '../sample-test/walk-wiring.js';
import { uintFieldOf } from '../raster-common/stage-record.js';

type Sigs = Record<string, Signal>;

export const NoBlur = defineModule('NoBlur', (m, cfg: NoblurConfig) => {
  const g = geometryOf(cfg);
  const inp = declareInput(m, g);
  const out = declareStampOutput(m, 'out', g);
  const oorCount = m.output('oor_count', uint(OOR_COUNT_BITS));
  const idle = m.output('idle', uint(1));
  const nv = g.verts;
  const edges = edgesOf(g.tvp);

  // Ready chain, back to front; each stage's advance is declared first and
  // driven once the stage after it exists.
  const adv1 = m.wire('adv1', uint(1));
  const adv3 = m.wire('adv3', uint(1));

  // ---- R0: the MP as it arrived ---------------------------------------------
  const s0v = m.wire('s0_adv', uint(1));
  const v0 = validReg('s0', s0v, inp.valid);
  s0v.drive(v0.not().or(adv1));
  inp.ready.drive(s0v);
  const r0 = stageRegs('s0', { id: inp.id, v: inp.verts, pair: inp.pair ?? undefined }, s0v.and(inp.valid));

  // ---- Stage 1: bbox -> R1 --------------------------------------------------
  const bbox = m.instance('bbox', BBox, { tvp: g.tvp, b: g.b, stampBits: g.stampBits });
  // BBox has typed ports (a vec of vertices, an optional pair flag): one
  // connect, checked for shape at elaboration.
  m.connect({ v: bbox.v, pair: bbox.pair }, { v: r0.v.map(({ x, y }) => ({ x, y })), pair: r0.pair });
  const adv2 = m.wire('adv2', uint(1));
  const v1 = validReg('s1', adv1, v0);
  // (adv1 is driven once the cull and the reciprocal are known, below.)
  const s1: Sigs = {
    id: r0.id,
    oor: bbox.fit.not(),
    originX: bbox.originX,
    originY: bbox.originY,
    lastX: bbox.lastX,
    lastY: bbox.lastY,
  };
  if (r0.pair) s1['pair'] = r0.pair;
  bbox.l.forEach((p, i) => Object.assign(s1, { [`lx${i}`]: p.x, [`ly${i}`]: p.y }));
  r0.v.forEach((p, i) => Object.assign(s1, { [`z${i}`]: p.z }));
  const taken1 = adv1.and(v0);
  const r1 = stageRegs('s1', s1, taken1);

  // ---- Stage 2: edge setup + cull + reciprocal(s) -> R2 -------------------------
  const incremental = cfg.edge === 'incremental';
  const stage2 = setupStage(m, { tvp: g.tvp, b: g.b, edge: cfg.edge, recip: cfg.recip }, r1, null, taken1);
  const setup = stage2.setup;
  const s2: Sigs = { ...stage2.s2 };
  for (const k of ['id', 'oor', 'originX', 'originY', 'lastX', 'lastY']) s2[k] = r1[k]!;
  // The incremental sample test holds its own start values (loaded with R2), not the vertices.
  for (let i = 0; i < nv; i++) Object.assign(s2, incremental ? {} : { [`lx${i}`]: r1[`lx${i}`]!, [`ly${i}`]: r1[`ly${i}`]! }, { [`z${i}`]: r1[`z${i}`]! });
  const take2 = adv2.and(stage2.ready).named('take2');
  const v2 = validReg('s2', adv2, v1.and(stage2.keep).and(stage2.ready));
  // An MP the cull drops leaves R1 at once, whatever R2 does.
  adv1.drive(v1.not().or(take2).or(stage2.keep.not()));
  const load2 = take2.and(v1).and(stage2.keep).named('load2');
  const r2 = stageRegs('s2', s2, load2);

  // ---- Stage 3: iterator + sample test -> R3 ------------------------------------
  const iter = m.instance('iter', Iterator, { localStampBits: g.localStampBits, stampIdxBits: g.stampIdxBits });
  iter.valid.drive(v2);
  iter.advance.drive(adv3);
  iter.single.drive(r2['oor']!);
  iter.lastX.drive(r2['lastX']!);
  iter.lastY.drive(r2['lastY']!);
  iter.originX.drive(r2['originX']!);
  iter.originY.drive(r2['originY']!);
  adv2.drive(iter.take);

  const st = m.instance('sample', SampleTest, { tvp: g.tvp, msaa: g.msaa, k: g.k, b: g.b, stampBits: g.stampBits, phaseBits: g.phaseBits, edge: cfg.edge });
  driveFromWalk(m, st, iter, setup, { incremental, edges, load: load2, phaseBits: g.phaseBits });
  driveFromR2(m, st, r2, edges);

  const oor2 = r2['oor'] as UInt;
  // An out-of-range MP's sample test ran on truncated coordinates: mask it.
  const hit3 = mux(oor2, m.lit(0, uint(g.lanes)), st.hit).named('hit3');
  // Every stamp the iterator fires moves on, covered or not: whether a stamp
  // is worth reporting depends on the sample test, and letting that decide a
  // valid bit would put the whole sample test on the loop the stall forms
  // (s3_valid -> advance -> iterator counters -> sample test -> s3_valid),
  // which no pipelining could cut. Uncovered stamps are dropped at the
  // output instead (out_valid below).
  const emit3 = iter.fire.named('emit3');
  const adv4 = m.wire('adv4', uint(1));
  const v3 = validReg('s3', adv3, emit3);
  adv3.drive(v3.not().or(adv4));
  const s3: Sigs = { id: r2['id']!, oor: oor2, stampX: iter.absX, stampY: iter.absY, hit: hit3 };
  if (st.tri !== undefined) s3['tri'] = st.tri;
  for (let i = 0; i < nv; i++) s3[`z${i}`] = r2[`z${i}`]!;
  for (let t = 0; t < g.tris; t++) Object.assign(s3, { [`n${t}`]: r2[`n${t}`]!, [`len${t}`]: r2[`len${t}`]! });
  st.lanes.forEach((d, l) => d.forEach((x, i) => (s3[`lane${l}_d${i}`] = x)));
  const r3 = stageRegs('s3', s3, emit3);

  const count = m.reg('oor_counter', uint(OOR_COUNT_BITS), { init: 0 });
  m.when(iter.fire.and(oor2), () => count.set(count.addWrap(1)));
  oorCount.drive(count);

  // ---- Stage 4: depth interpolation -> R4 -> out ------------------------------------
  const depth = m.instance('depth', DepthInterp, { tvp: g.tvp, lanes: g.lanes, dBits: g.dBits });
  driveDepthFrom(m, depth, r3);
  const v4 = validReg('s4', adv4, v3);
  adv4.drive(v4.not().or(out.ready));
  const r3u = (name: string): UInt => uintFieldOf(m, r3, name, 'R4');
  const s4: StampRecord = { oor: r3u('oor'), id: r3u('id'), stamp_x: r3u('stampX'), stamp_y: r3u('stampY'), hit: r3u('hit'), ...(g.tvp && { tri: r3u('tri') }), z: depth.lanes.map((p) => p.z) };
  const r4 = stageRegs('s4', s4, adv4.and(v3));
  // A record leaves only if it reports something: an out-of-range MP or a
  // covered sample. Its data is registered, so this is no loop either; an
  // empty record waits for out_ready like any other (the consumer never sees it).
  const visible4 = r4.oor.or(r4.hit.orR()).named('visible4');
  out.valid.drive(v4.and(visible4));
  m.connect(out.payload, r4);

  idle.drive(v0.or(v1).or(v2).or(v3).or(v4).not());
  return { in: inp.ports, out: { valid: out.valid, ready: out.ready, payload: out.payload }, oorCount, idle };
});
