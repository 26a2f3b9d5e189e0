// One blur lane (PMT instantiates 1..4): a positioned MP (one tuple) in,
// records of covered tile samples out. The NoBlur stages after the cull,
// reused through their ports, on a grid of 2 x 2-pixel tiles:
//
//   in -> [R0] -> BBox -> [R1] -> EdgeSetup -> [R2]
//      -> Iterator + BlurSampleTest -> [R3] -> DepthInterp -> [R4] -> out
//
// The back-face cull is not in the lane (raster-units.md: a lane is bbox,
// iterator, sample test, interpolation): the front end culls once per
// positioned MP (pipeline.ts) and sends each positioned MP with its facing
// bits and each triangle's normalised reciprocal of D (n, L: the per-
// triangle half of interpolation, computed once per positioned MP there),
// having dropped those with no front-facing triangle whose box fits. So every MP a lane receives is walked, or, when its box does not
// fit STP, leaves as one out-of-range record (oor = 1), whatever its facing.
// Handshake and drops as in NoBlur (units/noblur/README.md): a stage
// advances when empty or when the next one does; the iterator holds R2 for
// as many cycles as the box has stamps; a stamp with no covered sample is
// dropped at the output (see emit3).
import { defineModule, mux, stream, bundle, ufixed, uint, type Signal, type UInt } from '../../hdl/index.js';
import { BBox } from '../bbox/module.js';
import { EdgeSetup } from '../bbox/edge-setup.js';
import { edgesOf } from '../bbox/edges.js';
import { cullAreaBits } from '../cull/module.js';
import { DepthInterp } from '../depth-interp/module.js';
import { lenBitsOf, RECIP_BITS } from '../depth-interp/reciprocal.js';
import { Iterator } from '../iterator/module.js';
import { MP_ID_BITS } from '../noblur/config.js';
import { stageRegs, validReg } from '../noblur/stage.js';
import { TILE_BITS, TUPLE_BITS, type BlurJitter } from '../raster-common/blur-formats.js';
import { COORD_INT_BITS, DEPTH_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { driveFromWalk } from '../sample-test/walk-wiring.js';
import { BlurSampleTest, HybridSampleTest, stampPhaseBitsOf } from './sample-test.js';

export interface BlurLaneConfig {
  readonly tvp: boolean;
  readonly k: 1 | 2 | 4;
  readonly b: number;
  /** Hybrid lane: a `mode` input picks the grid (0: 4x cells, 1: 16x cells, 2/3: blur tiles). */
  readonly hybrid: boolean;
  /** Sample test edge values (blurSchema.edge); absent: multiply. */
  readonly edge?: 'multiply' | 'incremental';
  /** Where a tuple samples in a tile (blurSchema.jitter). */
  readonly jitter: BlurJitter;
}

/** log2 of the stamp side (1/256 units) of the finest grid the lane walks. */
export function finestStampBits(cfg: BlurLaneConfig): number {
  return (cfg.hybrid ? 6 : TILE_BITS) + Math.log2(cfg.k);
}

type Sigs = Record<string, Signal>;

/** Payload fields of a lane's output stream, in port order. */
export function laneOutputFields(cfg: BlurLaneConfig): [string, number][] {
  const idx = COORD_INT_BITS + SUBPIXEL_BITS - finestStampBits(cfg);
  const lanes = cfg.k * cfg.k;
  const f: [string, number][] = [['oor', 1], ['id', MP_ID_BITS], ['tuple', TUPLE_BITS], ['stamp_x', idx], ['stamp_y', idx], ['hit', lanes]];
  if (cfg.tvp) f.push(['tri', lanes]);
  for (let l = 0; l < lanes; l++) f.push([`z${l}`, DEPTH_BITS]);
  return f;
}

/** A positioned MP as the front end sends it: vertices, tuple, jitter, the
 *  cull's facing bits and, per triangle, n and L of 1 / D (D = A2, exact for
 *  every box that fits STP b). */
export function positionedMpBundle(tvp: boolean, b: number) {
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  const vertex = bundle({ x: coord, y: coord, z: uint(DEPTH_BITS) });
  const n = uint(RECIP_BITS);
  const len = uint(lenBitsOf(cullAreaBits(b)));
  const common = { id: uint(MP_ID_BITS), tuple: uint(TUPLE_BITS), jx: uint(TILE_BITS), jy: uint(TILE_BITS), front0: uint(1), n0: n, len0: len };
  return tvp
    ? bundle({ v0: vertex, v1: vertex, v2: vertex, v3: vertex, pair: uint(1), front1: uint(1), n1: n, len1: len, ...common })
    : bundle({ v0: vertex, v1: vertex, v2: vertex, ...common });
}

export const BlurLane = defineModule('BlurLane', (m, cfg: BlurLaneConfig) => {
  const { tvp, k, b, hybrid } = cfg;
  const nv = tvp ? 4 : 3;
  const tris = tvp ? 2 : 1;
  const kb = Math.log2(k);
  const finest = finestStampBits(cfg);
  const idxBits = COORD_INT_BITS + SUBPIXEL_BITS - finest;
  const localStampBits = b + SUBPIXEL_BITS - finest;
  const phaseBits = stampPhaseBitsOf(k, hybrid, cfg.jitter);
  const lanes = k * k;
  const dBits = cullAreaBits(b);
  const edges = edgesOf(tvp);

  const inp = m.input('in', stream(positionedMpBundle(tvp, b)));
  const q = inp.payload as unknown as Record<string, Signal & { x?: Signal }>;
  const verts = Array.from({ length: nv }, (_, i) => q[`v${i}`] as unknown as { x: Signal; y: Signal; z: Signal });
  const outValid = m.output('out_valid', uint(1));
  const outReady = m.input('out_ready', uint(1));
  const outPayload: Record<string, UInt> = {};
  for (const [name, w] of laneOutputFields(cfg)) outPayload[name] = m.output(`out_payload_${name}`, uint(w));
  const oorFire = m.output('oor_fire', uint(1));
  // The frame's grid (hybrid): held constant while the lane is busy.
  const mode = hybrid ? m.input('mode', uint(2)) : null;
  const idle = m.output('idle', uint(1));

  const adv1 = m.wire('adv1', uint(1));
  const adv3 = m.wire('adv3', uint(1));

  // ---- R0 ---------------------------------------------------------------------
  const s0v = m.wire('s0_adv', uint(1));
  const v0 = validReg(m, 's0', s0v, inp.valid);
  s0v.drive(v0.not().or(adv1));
  inp.ready.drive(s0v);
  const mpIn: Sigs = { id: q['id']!, tuple: q['tuple']!, jx: q['jx']!, jy: q['jy']!, front0: q['front0']!, n0: q['n0']!, len0: q['len0']! };
  verts.forEach((v, i) => Object.assign(mpIn, { [`x${i}`]: v.x, [`y${i}`]: v.y, [`z${i}`]: v.z }));
  if (tvp) Object.assign(mpIn, { pair: q['pair']!, front1: q['front1']!, n1: q['n1']!, len1: q['len1']! });
  const r0 = stageRegs(m, 's0', mpIn, s0v.and(inp.valid));

  // ---- Stage 1: bbox on the grid of the mode ---------------------------------
  // One bbox per grid (blur tiles; hybrid adds 16x and 4x cells), picked by
  // the mode; indices widen to the finest grid's width.
  const grids = hybrid ? [TILE_BITS + kb, 6 + kb, 7 + kb] : [TILE_BITS + kb];
  const boxes = grids.map((sb, n) => {
    const box = m.instance(n === 0 ? 'bbox' : `bbox${n}`, BBox, { tvp, b, stampBits: sb });
    box.v.forEach((p, i) => {
      p.x.drive(r0[`x${i}`]!);
      p.y.drive(r0[`y${i}`]!);
    });
    if (tvp) box.pair!.drive(r0['pair']!);
    // Flat names over the bbox's ports: fit, originX.., lx<i>, ly<i>.
    const flat: Record<string, Signal> = { fit: box.fit, originX: box.originX, originY: box.originY, lastX: box.lastX, lastY: box.lastY };
    box.l.forEach((p, i) => Object.assign(flat, { [`lx${i}`]: p.x, [`ly${i}`]: p.y }));
    return flat;
  });
  const pick = (name: string, width: number | null): Signal => {
    const widen = (sig: Signal): Signal => (width === null ? sig : (sig as UInt).zext(width));
    const [tile, c16, c4] = boxes.map((bx) => widen(bx[name]!));
    if (mode === null || c16 === undefined || c4 === undefined) return tile!;
    return mux(mode.bit(1), tile!, mux(mode.bit(0), c16, c4));
  };
  const bbox: Sigs = {
    fit: pick('fit', null),
    originX: pick('originX', idxBits),
    originY: pick('originY', idxBits),
    lastX: pick('lastX', localStampBits),
    lastY: pick('lastY', localStampBits),
  };
  for (let i = 0; i < nv; i++) Object.assign(bbox, { [`lx${i}`]: pick(`lx${i}`, null), [`ly${i}`]: pick(`ly${i}`, null) });
  // Culled in the front end: every MP here is walked or flagged.
  const adv2 = m.wire('adv2', uint(1));
  const v1 = validReg(m, 's1', adv1, v0);
  adv1.drive(v1.not().or(adv2));
  const s1: Sigs = {
    id: r0['id']!,
    tuple: r0['tuple']!,
    jx: r0['jx']!,
    jy: r0['jy']!,
    front0: r0['front0']!,
    oor: (bbox['fit'] as UInt).not(),
    originX: bbox['originX']!,
    originY: bbox['originY']!,
    lastX: bbox['lastX']!,
    lastY: bbox['lastY']!,
    n0: r0['n0']!,
    len0: r0['len0']!,
  };
  if (tvp) Object.assign(s1, { front1: r0['front1']!, n1: r0['n1']!, len1: r0['len1']! });
  for (let i = 0; i < nv; i++) Object.assign(s1, { [`lx${i}`]: bbox[`lx${i}`]!, [`ly${i}`]: bbox[`ly${i}`]!, [`z${i}`]: r0[`z${i}`]! });
  const r1 = stageRegs(m, 's1', s1, adv1.and(v0));

  // ---- Stage 2: edge setup ----------------------------------------------------------
  // The incremental sample test starts its running sums from E at the box
  // origin plus the tuple's jitter (in the Hybrid's NoBlur modes, no jitter).
  const incremental = cfg.edge === 'incremental';
  const setup = m.instance('setup', EdgeSetup, incremental ? { tvp, b, origin: true, jitterBits: TILE_BITS } : { tvp, b });
  for (let i = 0; i < nv; i++) {
    setup[`lx${i}`]!.drive(r1[`lx${i}`]!);
    setup[`ly${i}`]!.drive(r1[`ly${i}`]!);
  }
  if (incremental) {
    const jit = (j: Signal): Signal => (mode === null ? j : mux(mode.bit(1), j as UInt, m.lit(0, uint(TILE_BITS))));
    setup['jx']!.drive(jit(r1['jx']!));
    setup['jy']!.drive(jit(r1['jy']!));
  }
  const s2: Sigs = {};
  for (const key of ['id', 'tuple', 'jx', 'jy', 'front0', 'front1', 'oor', 'originX', 'originY', 'lastX', 'lastY']) if (r1[key]) s2[key] = r1[key];
  // The incremental sample test holds its own start values (loaded with R2), not the vertices.
  for (let i = 0; i < nv; i++) Object.assign(s2, incremental ? {} : { [`lx${i}`]: r1[`lx${i}`]!, [`ly${i}`]: r1[`ly${i}`]! }, { [`z${i}`]: r1[`z${i}`]! });
  for (const e of edges) for (const f of ['dx', 'dy', 'bias']) s2[`${e.name}_${f}`] = setup[`${e.name}_${f}`]!;
  for (let t = 0; t < tris; t++) {
    Object.assign(s2, { [`n${t}`]: r1[`n${t}`]!, [`len${t}`]: r1[`len${t}`]! });
  }
  const v2 = validReg(m, 's2', adv2, v1);
  const r2 = stageRegs(m, 's2', s2, adv2.and(v1));

  // ---- Stage 3: iterator + blur sample test ----------------------------------------
  const iter = m.instance('iter', Iterator, { localStampBits, stampIdxBits: idxBits });
  iter.valid.drive(v2);
  iter.advance.drive(adv3);
  iter.single.drive(r2['oor']!);
  iter.lastX.drive(r2['lastX']!);
  iter.lastY.drive(r2['lastY']!);
  iter.originX.drive(r2['originX']!);
  iter.originY.drive(r2['originY']!);
  adv2.drive(iter.take);

  const st = m.instance('sample', hybrid ? HybridSampleTest : BlurSampleTest, { tvp, k, b, hybrid, jitter: cfg.jitter, ...(incremental && { edge: 'incremental' as const }) });
  if (mode !== null) st['mode']!.drive(mode);
  driveFromWalk(st, iter, setup, { incremental, edges, load: adv2.and(v1), phaseBits });
  st['jx']!.drive(r2['jx']!);
  st['jy']!.drive(r2['jy']!);
  for (let i = 0; i < nv && !incremental; i++) {
    st[`lx${i}`]!.drive(r2[`lx${i}`]!);
    st[`ly${i}`]!.drive(r2[`ly${i}`]!);
  }
  for (const e of edges) for (const f of ['dx', 'dy', 'bias']) st[`${e.name}_${f}`]!.drive(r2[`${e.name}_${f}`]!);
  st['front0']!.drive(r2['front0']!);
  if (tvp) st['front1']!.drive(r2['front1']!);

  const oor2 = r2['oor'] as UInt;
  const hit3 = mux(oor2, m.lit(0, uint(lanes)), st['hit'] as UInt).named('hit3');
  // Every stamp the iterator fires moves on, covered or not, and an
  // uncovered one is dropped at the output (as in NoBlur): a valid bit
  // decided by the hits would put the sample test on the stall's loop
  // (s3_valid -> adv3 -> iterator -> sample test -> s3_valid), and with
  // edge=incremental the running sums, which the stall steps, are state on
  // it that no pipelining could cut. Both edge forms thus share every
  // control signal, and so every cycle (their hits are the same bits).
  const emit3 = iter.fire.named('emit3');
  const adv4 = m.wire('adv4', uint(1));
  const v3 = validReg(m, 's3', adv3, emit3);
  adv3.drive(v3.not().or(adv4));
  const s3: Sigs = { id: r2['id']!, tuple: r2['tuple']!, oor: oor2, stampX: iter.absX, stampY: iter.absY, hit: hit3 };
  if (tvp) s3['tri'] = st['tri']!;
  for (let i = 0; i < nv; i++) s3[`z${i}`] = r2[`z${i}`]!;
  for (let t = 0; t < tris; t++) Object.assign(s3, { [`n${t}`]: r2[`n${t}`]!, [`len${t}`]: r2[`len${t}`]! });
  for (let l = 0; l < lanes; l++) for (let i = 0; i < 3; i++) s3[`lane${l}_d${i}`] = st[`lane${l}_d${i}`]!;
  const r3 = stageRegs(m, 's3', s3, emit3);
  oorFire.drive(iter.fire.and(oor2));

  // ---- Stage 4: depth interpolation --------------------------------------------------
  const depth = m.instance('depth', DepthInterp, { tvp, lanes, dBits });
  for (const key of Object.keys(depth)) {
    if (/^lane\d+_z$/.test(key)) continue;
    depth[key]!.drive(r3[key]!);
  }
  const v4 = validReg(m, 's4', adv4, v3);
  adv4.drive(v4.not().or(outReady));
  const s4: Sigs = { oor: r3['oor']!, id: r3['id']!, tuple: r3['tuple']!, stamp_x: r3['stampX']!, stamp_y: r3['stampY']!, hit: r3['hit']! };
  if (tvp) s4['tri'] = r3['tri']!;
  for (let l = 0; l < lanes; l++) s4[`z${l}`] = depth[`lane${l}_z`]!;
  const r4 = stageRegs(m, 's4', s4, adv4.and(v3));
  // A record leaves only if it reports something: out of range, or a hit.
  // From registers, so no loop; an empty one waits for out_ready like any other.
  outValid.drive(v4.and((r4['oor'] as UInt).or((r4['hit'] as UInt).orR())).named('visible4'));
  for (const [key, s] of Object.entries(r4)) outPayload[key]!.drive(s);

  idle.drive(v0.or(v1).or(v2).or(v3).or(v4).not());
  return { in: inp, out: { valid: outValid, ready: outReady, payload: outPayload }, oorFire, idle, ...(mode === null ? {} : { mode }) };
});
