// One blur lane (PMT instantiates 1..4): a positioned MP (one tuple) in,
// records of covered tile samples out. The NoBlur stages, reused through
// their ports, on a grid of 2 x 2-pixel tiles:
//
//   in -> [R0] -> BBox -> [R1] -> EdgeSetup + Cull + Reciprocal(s) -> [R2]
//      -> Iterator + BlurSampleTest -> [R3] -> DepthInterp -> [R4] -> out
//
// The lane is the study's (raster-units.md: the published breakdown has one
// lane's bbox, cull, iterator, sample test and interpolation): the edge
// setup computes, once per positioned MP, each edge's start value E at the
// box's first sample (the box origin plus the tuple's jitter), the cull adds
// them up (twice the signed area is their sum) and drops a positioned MP
// with no front-facing triangle whose box fits between R1 and R2, and the
// reciprocal of each front triangle's D (the per-triangle half of
// interpolation) follows (noblur/setup-stage.ts). Handshake and drops as
// in NoBlur (units/noblur/README.md): a stage advances when empty or when
// the next one does; the iterator holds R2 for as many cycles as the box
// has stamps; a box beyond STP leaves as one out-of-range record (oor = 1)
// whatever its facing; a stamp with no covered sample is dropped at the
// output (see emit3).
import { bundle, defineModule, mux, stream, ufixed, uint, vec, type ModuleBuilder, type Signal, type StreamPorts, type UInt } from '../../hdl/index.js';
import { BBox } from '../bbox/module.js';
import { edgesOf } from '../bbox/edges.js';
import { cullAreaBits } from '../cull/module.js';
import { DepthInterp, driveDepthFrom } from '../depth-interp/module.js';
import { Iterator } from '../iterator/module.js';
import { MP_ID_BITS } from '../noblur/config.js';
import { declareStampOutput, type StampRecord, type VertexSig } from '../noblur/ports.js';
import { uintFieldOf } from '../raster-common/stage-record.js';
import { setupStage } from '../noblur/setup-stage.js';
import { stageRegs, validReg } from '../../hdl/lib/index.js';
import { TILE_BITS, TUPLE_BITS, type BlurJitter } from '../raster-common/blur-formats.js';
import { COORD_INT_BITS, DEPTH_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { driveFromR2, driveFromWalk } from '../sample-test/walk-wiring.js';
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
  /** The reciprocal's architecture (blurSchema.recip); absent: unrolled. */
  readonly recip?: 'unrolled' | 'radix4' | 'newton';
}

/** log2 of the stamp side (1/256 units) of the finest grid the lane walks. */
export function finestStampBits(cfg: BlurLaneConfig): number {
  return (cfg.hybrid ? 6 : TILE_BITS) + Math.log2(cfg.k);
}

type Sigs = Record<string, Signal>;

/** A lane's output stream of stamp records (with the tuple), as `name`
 *  (the lane's `out`, the Blur's `out<l>`). */
export function declareLaneOutput(m: ModuleBuilder, name: string, cfg: BlurLaneConfig): StreamPorts<StampRecord> {
  const lanes = cfg.k * cfg.k;
  return declareStampOutput(m, name, { tvp: cfg.tvp, lanes, stampIdxBits: COORD_INT_BITS + SUBPIXEL_BITS - finestStampBits(cfg), tupleBits: TUPLE_BITS });
}

/** A positioned MP as the front end sends it: vertices v0..v2 (v3 with
 *  TVP) {x, y, z}, pair (TVP), id, tuple, jitter. */
export type PositionedMp = {
  readonly v: readonly VertexSig[];
  readonly pair?: UInt;
  readonly id: UInt;
  readonly tuple: UInt;
  readonly jx: UInt;
  readonly jy: UInt;
};

/** The lane's input stream `in` of positioned MPs (ports in_payload_v0_x, ..., in_payload_jy). */
function positionedMpInput(m: ModuleBuilder, tvp: boolean): StreamPorts<PositionedMp> {
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  const vertex = bundle({ x: coord, y: coord, z: uint(DEPTH_BITS) });
  const common = { id: uint(MP_ID_BITS), tuple: uint(TUPLE_BITS), jx: uint(TILE_BITS), jy: uint(TILE_BITS) };
  // vec(n, vertex) under v gives the ports in_payload_v0_x, ..., v2_z (v3_z).
  return tvp ? m.input('in', stream(bundle({ v: vec(4, vertex), pair: uint(1), ...common }))) : m.input('in', stream(bundle({ v: vec(3, vertex), ...common })));
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

  const inp = positionedMpInput(m, tvp);
  const q = inp.payload;
  const out = declareLaneOutput(m, 'out', cfg);
  const oorFire = m.output('oor_fire', uint(1));
  // The frame's grid (hybrid): held constant while the lane is busy.
  const mode = hybrid ? m.input('mode', uint(2)) : null;
  const idle = m.output('idle', uint(1));

  const adv1 = m.wire('adv1', uint(1));
  const adv3 = m.wire('adv3', uint(1));

  // ---- R0 ---------------------------------------------------------------------
  const s0v = m.wire('s0_adv', uint(1));
  const v0 = validReg('s0', s0v, inp.valid);
  s0v.drive(v0.not().or(adv1));
  inp.ready.drive(s0v);
  const mpIn: Sigs = { id: q.id, tuple: q.tuple, jx: q.jx, jy: q.jy };
  q.v.forEach((v, i) => Object.assign(mpIn, { [`x${i}`]: v.x, [`y${i}`]: v.y, [`z${i}`]: v.z }));
  if (q.pair !== undefined) mpIn['pair'] = q.pair;
  const r0 = stageRegs('s0', mpIn, s0v.and(inp.valid));

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
  const adv2 = m.wire('adv2', uint(1));
  const v1 = validReg('s1', adv1, v0);
  // (adv1 is driven once the cull is known, below.)
  const s1: Sigs = {
    id: r0['id']!,
    tuple: r0['tuple']!,
    jx: r0['jx']!,
    jy: r0['jy']!,
    oor: (bbox['fit'] as UInt).not(),
    originX: bbox['originX']!,
    originY: bbox['originY']!,
    lastX: bbox['lastX']!,
    lastY: bbox['lastY']!,
  };
  if (tvp) s1['pair'] = r0['pair']!;
  for (let i = 0; i < nv; i++) Object.assign(s1, { [`lx${i}`]: bbox[`lx${i}`]!, [`ly${i}`]: bbox[`ly${i}`]!, [`z${i}`]: r0[`z${i}`]! });
  const taken1 = adv1.and(v0);
  const r1 = stageRegs('s1', s1, taken1);

  // ---- Stage 2: edge setup, cull, reciprocal(s) --------------------------------------
  // The incremental sample test starts its running sums from E at the box
  // origin plus the tuple's jitter (in the Hybrid's NoBlur modes, no jitter).
  const incremental = cfg.edge === 'incremental';
  const jit = (j: Signal): Signal => (mode === null ? j : mux(mode.bit(1), j as UInt, m.lit(0, uint(TILE_BITS))));
  const stage2 = setupStage(m, { tvp, b, edge: incremental ? 'incremental' : 'multiply', recip: cfg.recip ?? 'unrolled', jitterBits: TILE_BITS }, r1, { jx: jit(r1['jx']!), jy: jit(r1['jy']!) }, taken1);
  const setup = stage2.setup;
  const s2: Sigs = { ...stage2.s2 };
  for (const key of ['id', 'tuple', 'jx', 'jy', 'oor', 'originX', 'originY', 'lastX', 'lastY']) s2[key] = r1[key]!;
  // The incremental sample test holds its own start values (loaded with R2), not the vertices.
  for (let i = 0; i < nv; i++) Object.assign(s2, incremental ? {} : { [`lx${i}`]: r1[`lx${i}`]!, [`ly${i}`]: r1[`ly${i}`]! }, { [`z${i}`]: r1[`z${i}`]! });
  const take2 = adv2.and(stage2.ready);
  const v2 = validReg('s2', adv2, v1.and(stage2.keep).and(stage2.ready));
  // A positioned MP the cull drops leaves R1 at once, whatever R2 does.
  adv1.drive(v1.not().or(take2).or(stage2.keep.not()));
  const load2 = take2.and(v1).and(stage2.keep).named('load2');
  const r2 = stageRegs('s2', s2, load2);

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
  if (mode !== null) (st.mode ?? m.fail('missing port', 'mode', 'the hybrid sample test has no mode input')).drive(mode);
  driveFromWalk(m, st, iter, setup, { incremental, edges, load: load2, phaseBits });
  st.jx.drive(r2['jx']!);
  st.jy.drive(r2['jy']!);
  driveFromR2(m, st, r2, edges);

  const oor2 = r2['oor'] as UInt;
  const hit3 = mux(oor2, m.lit(0, uint(lanes)), st.hit).named('hit3');
  // Every stamp the iterator fires moves on, covered or not, and an
  // uncovered one is dropped at the output (as in NoBlur): a valid bit
  // decided by the hits would put the sample test on the stall's loop
  // (s3_valid -> adv3 -> iterator -> sample test -> s3_valid), and with
  // edge=incremental the running sums, which the stall steps, are state on
  // it that no pipelining could cut. Both edge forms thus share every
  // control signal, and so every cycle (their hits are the same bits).
  const emit3 = iter.fire.named('emit3');
  const adv4 = m.wire('adv4', uint(1));
  const v3 = validReg('s3', adv3, emit3);
  adv3.drive(v3.not().or(adv4));
  const s3: Sigs = { id: r2['id']!, tuple: r2['tuple']!, oor: oor2, stampX: iter.absX, stampY: iter.absY, hit: hit3 };
  if (st.tri !== undefined) s3['tri'] = st.tri;
  for (let i = 0; i < nv; i++) s3[`z${i}`] = r2[`z${i}`]!;
  for (let t = 0; t < tris; t++) Object.assign(s3, { [`n${t}`]: r2[`n${t}`]!, [`len${t}`]: r2[`len${t}`]! });
  st.lanes.forEach((d, l) => d.forEach((x, i) => (s3[`lane${l}_d${i}`] = x)));
  const r3 = stageRegs('s3', s3, emit3);
  oorFire.drive(iter.fire.and(oor2));

  // ---- Stage 4: depth interpolation --------------------------------------------------
  const depth = m.instance('depth', DepthInterp, { tvp, lanes, dBits });
  driveDepthFrom(m, depth, r3);
  const v4 = validReg('s4', adv4, v3);
  adv4.drive(v4.not().or(out.ready));
  const r3u = (name: string): UInt => uintFieldOf(m, r3, name, 'R4');
  const s4: StampRecord = {
    oor: r3u('oor'),
    id: r3u('id'),
    tuple: r3u('tuple'),
    stamp_x: r3u('stampX'),
    stamp_y: r3u('stampY'),
    hit: r3u('hit'),
    ...(tvp && { tri: r3u('tri') }),
    z: depth.lanes.map((p) => p.z),
  };
  const r4 = stageRegs('s4', s4, adv4.and(v3));
  // A record leaves only if it reports something: out of range, or a hit.
  // From registers, so no loop; an empty one waits for out_ready like any other.
  out.valid.drive(v4.and(r4.oor.or(r4.hit.orR())).named('visible4'));
  m.connect(out.payload, r4);

  idle.drive(v0.or(v1).or(v2).or(v3).or(v4).not());
  return { in: inp, out, oorFire, idle, ...(mode === null ? {} : { mode }) };
});
