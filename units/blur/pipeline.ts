// The Blur rasterizer: a positioning front end, then PMT lanes.
//
//   in (MP: open and close positions, depth) -> [R0] -> positioning
//      (tuple tables -> SampleInTime -> Radius + SampleInLens, ceil(verts/SPF)
//       slots, SPF-sequenced) -> [Rp: positioned MP, its tuple and jitter]
//      -> lane rr (round robin)
//   lane l: BlurLane (bbox, setup + cull + reciprocal, iterator, blur sample
//      test, depth) -> out{l}
//
// The front end is the study's: sample in time and sample in lens, once.
// Everything per positioned MP after them is in the lane that gets it
// (raster-units.md: the published breakdown has one lane's bbox, cull,
// iterator, sample test and interpolation): its bbox, the edge setup's start
// values at the box's first sample, the cull from their sum, and the
// reciprocal of each front triangle's D (lane.ts).
//
// The tuple tables (tuple-table.ts) are instances of their own, one per
// consumer: t for sample in time, u and v for sample in lens, and the
// jitter (jx, jy), which goes with the positioned MP to the lanes.
//
// The front end holds an MP for its 64 tuples. Each tuple is positioned in
// posCycles = ceil(verts / slots) cycles: in phase p, slot s positions vertex
// p * slots + s; vertices of earlier phases wait in partial registers; the
// last phase loads Rp. Rp goes to the next lane in round robin when that lane
// is ready, so each lane works on its own tuple. After tuple 63 the front
// end takes the next MP in the same cycle. `motion` builds no lens units,
// `defocus` no time unit. See README.md.
import { defineModule, mux, muxN, ufixed, uint, type Fixed, type ModuleBuilder, type Signal, type StreamPorts, type UInt } from '../../hdl/index.js';
import { SampleInLens } from '../lens/module.js';
import { Radius } from '../lens/radius.js';
import { MP_ID_BITS, OOR_COUNT_BITS } from '../noblur/config.js';
import { stageRegs, validReg } from '../../hdl/lib/index.js';
import { BLUR_TUPLES, LENS_A_BITS, LENS_F_BITS, TUPLE_BITS, usesLens, usesTime } from '../raster-common/blur-formats.js';
import { COORD_INT_BITS, DEPTH_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { SampleInTime } from '../sample-time/module.js';
import { blurGeometryOf, type BlurConfig, type HybridConfig } from './config.js';
import { BlurLane, declareLaneOutput } from './lane.js';
import type { StampRecord } from '../noblur/ports.js';
import { fieldOf } from '../raster-common/stage-record.js';
import { TupleTable, type TupleField } from './tuple-table.js';

type Sigs = Record<string, Signal>;

/** A vertex of an input MP: its position (at shutter open, with x1, y1 at
 *  close when the mode moves it) and depth. */
export type BlurVertexIn = {
  readonly x: Fixed;
  readonly y: Fixed;
  readonly x1?: Fixed;
  readonly y1?: Fixed;
  readonly z: UInt;
};

/** Blur's and Hybrid's ports: the MP stream in (in_payload_v0_x, ...,
 *  in_payload_pair, in_payload_id), the lens registers (modes with a lens),
 *  the mode (Hybrid), the out-of-range count, idle, and one stream of stamp
 *  records per lane (out0, out1, ...). */
export type BlurPorts = {
  readonly in: StreamPorts<{ readonly v: readonly BlurVertexIn[]; readonly pair?: UInt; readonly id: UInt }>;
  readonly lensA?: UInt;
  readonly lensF?: UInt;
  readonly mode?: UInt;
  readonly oorCount: UInt;
  readonly idle: UInt;
  readonly out: readonly StreamPorts<StampRecord>[];
};

/** Blur at a fixed mode; with `hybrid`, the full front end plus a `mode`
 *  input (0: NoBlur 4x, 1: NoBlur 16x, 2: motion, 3: blur) that bypasses it
 *  in NoBlur modes (one pass per MP, no positioning) and the lens in motion. */
function buildRasterizer(m: ModuleBuilder, cfg: BlurConfig, hybrid: boolean): BlurPorts {
  const g = blurGeometryOf(cfg);
  const time = usesTime(g.mode);
  const lens = usesLens(g.mode);
  const nv = g.verts;
  const P = g.slots;
  const C = g.posCycles;
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);

  // ---- Ports --------------------------------------------------------------------------
  // Declared leaf by leaf (the fields depend on the mode), with the names and
  // order m.input('in', stream(bundle(...))) would give.
  const inValid = m.input('in_valid', uint(1));
  const inReady = m.output('in_ready', uint(1));
  const verts = Array.from({ length: nv }, (_, i): BlurVertexIn => {
    const c = (f: string): Fixed => m.input(`in_payload_v${i}_${f}`, coord);
    const x = c('x');
    const y = c('y');
    const moved = time ? { x1: c('x1'), y1: c('y1') } : {};
    return { x, y, ...moved, z: m.input(`in_payload_v${i}_z`, uint(DEPTH_BITS)) };
  });
  const pair = g.tvp ? m.input('in_payload_pair', uint(1)) : null;
  const id = m.input('in_payload_id', uint(MP_ID_BITS));
  // R0's fields: x_<i>, y_<i> (x1_<i>, y1_<i>), z_<i>, pair, id.
  const mpIn: Sigs = {};
  verts.forEach((v, i) => {
    for (const [f, s] of Object.entries(v)) mpIn[`${f}_${i}`] = s;
  });
  if (pair !== null) mpIn['pair'] = pair;
  mpIn['id'] = id;
  const lensA = lens ? m.input('lens_a', uint(LENS_A_BITS)) : null;
  const lensF = lens ? m.input('lens_f', uint(LENS_F_BITS)) : null;
  const modeIn = hybrid ? m.input('mode', uint(2)) : null;
  // Hybrid: blurOn = motion or blur (the front end runs); lensOn = blur.
  const blurOn = modeIn === null ? null : modeIn.bit(1).named('blur_on');
  const lensOn = modeIn === null ? null : modeIn.eq(3).named('lens_on');
  const oorCount = m.output('oor_count', uint(OOR_COUNT_BITS));
  const idle = m.output('idle', uint(1));

  // ---- R0: the MP being positioned, held for 64 tuples ------------------------------------
  const s0adv = m.wire('s0_adv', uint(1));
  const v0 = validReg('s0', s0adv, inValid);
  inReady.drive(s0adv);
  const r0 = stageRegs('s0', mpIn, s0adv.and(inValid));

  const tup = m.reg('tuple', uint(TUPLE_BITS), { init: 0 });
  const phBits = Math.max(1, Math.ceil(Math.log2(C)));
  const ph = m.reg('phase', uint(phBits), { init: 0 });
  const lastPosPhase = C === 1 ? m.lit(1, uint(1)) : ph.eq(C - 1);
  // In a NoBlur mode the MP passes in one cycle, unpositioned.
  const lastPhase = blurOn === null ? lastPosPhase : lastPosPhase.or(blurOn.not());

  // The tuple tables: the 64 (t, u, v, jx, jy) constants, read by the tuple counter, one instance per consumer.
  /** A tuple table instance's `fields`, in that order. */
  const table = <F extends TupleField>(name: string, fields: readonly F[]): UInt[] => {
    const t = m.instance(name, TupleTable, { fields });
    t.tuple.drive(tup);
    return fields.map((f) => t[f] ?? m.fail('missing port', `${name}.${f}`, `TupleTable ${name} was built with field ${f} but has no such output`));
  };
  const [tT = null] = time ? table('time_table', ['t']) : [];
  const [tU = null, tV = null] = lens ? table('lens_table', ['u', 'v']).map((f) => f.asSInt()) : [];
  const [jx, jy] = table('jitter', ['jx', 'jy']);

  // ---- Positioning slots ------------------------------------------------------------------
  /** Vertex (field) handled by slot s in the current phase; past the last vertex, v0 (unused). */
  const slotField = (s: number, f: string): Signal => {
    const cases = Array.from({ length: C }, (_, p) => r0[`${f}_${p * P + s < nv ? p * P + s : 0}`]!);
    return C === 1 ? cases[0]! : muxN(ph, cases);
  };
  const posCfg = { tvp: g.tvp, spf: cfg.spf };
  const timeCfg = { ...posCfg, time: cfg.time };
  let sx: Fixed[] = Array.from({ length: P }, (_, s) => slotField(s, 'x') as Fixed);
  let sy: Fixed[] = Array.from({ length: P }, (_, s) => slotField(s, 'y') as Fixed);
  if (time) {
    const tu = m.instance('time', SampleInTime, timeCfg);
    tu.t.drive(tT!);
    tu.slots.forEach((p, s) => {
      p.x0.drive(slotField(s, 'x'));
      p.y0.drive(slotField(s, 'y'));
      p.x1.drive(slotField(s, 'x1'));
      p.y1.drive(slotField(s, 'y1'));
    });
    sx = tu.slots.map((p) => p.x);
    sy = tu.slots.map((p) => p.y);
  }
  if (lens) {
    const rad = m.instance('radius', Radius, posCfg);
    rad.lensA.drive(lensA!);
    rad.lensF.drive(lensF!);
    const lu = m.instance('lens', SampleInLens, posCfg);
    lu.u.drive(tU!);
    lu.v.drive(tV!);
    lu.slots.forEach((p, s) => {
      const r = rad.slots[s]!;
      r.z.drive(slotField(s, 'z'));
      p.r.drive(r.r);
      p.x.drive(sx[s]!);
      p.y.drive(sy[s]!);
    });
    sx = lu.slots.map((p, s) => (lensOn === null ? p.xl : mux(lensOn, p.xl, sx[s]!)));
    sy = lu.slots.map((p, s) => (lensOn === null ? p.yl : mux(lensOn, p.yl, sy[s]!)));
  }

  // ---- Rp: the positioned MP, dispatched round robin ------------------------------------------
  const rpTaken = m.wire('rp_taken', uint(1));
  const rpV = m.wire('rp_v_w', uint(1));
  const rpFree = rpV.not().or(rpTaken);
  const go = v0.and(lastPhase.not().or(rpFree)).named('go');
  const fin = go.and(lastPhase).named('fin');
  const lastTuple = blurOn === null ? tup.eq(BLUR_TUPLES - 1) : tup.eq(BLUR_TUPLES - 1).or(blurOn.not());
  const release = fin.and(lastTuple).named('release');
  s0adv.drive(v0.not().or(release));
  if (C > 1) m.when(go, () => ph.set(mux(lastPhase, m.lit(0, uint(phBits)), ph.addWrap(1))));
  // Under fin, release is lastTuple: the counter wraps on its own count and
  // fin only enables it, so the handshake is an enable of the tuple counter,
  // not part of its next value (hdl/inventory/loops.ts).
  m.when(fin, () => tup.set(mux(lastTuple, m.lit(0, uint(TUPLE_BITS)), tup.addWrap(1))));

  const pos: Sigs = { id: r0['id']!, tuple: tup, jx: jx!, jy: jy! };
  if (g.tvp) pos['pair'] = r0['pair']!;
  for (let i = 0; i < nv; i++) {
    const p = Math.floor(i / P);
    const s = i - p * P;
    pos[`z${i}`] = r0[`z_${i}`]!;
    const raw = (v: Signal, f: 'x' | 'y'): Signal => (blurOn === null ? v : mux(blurOn, v as Fixed, r0[`${f}_${i}`] as Fixed));
    if (p === C - 1) {
      pos[`x${i}`] = raw(sx[s]!, 'x');
      pos[`y${i}`] = raw(sy[s]!, 'y');
    } else {
      // Positioned in an earlier phase: held until the last phase.
      const hold = go.and(ph.eq(p));
      const hx = m.reg(`part_x${i}`, coord, { en: hold, init: null });
      const hy = m.reg(`part_y${i}`, coord, { en: hold, init: null });
      hx.drive(sx[s]!);
      hy.drive(sy[s]!);
      pos[`x${i}`] = raw(hx, 'x');
      pos[`y${i}`] = raw(hy, 'y');
    }
  }
  // Every positioned MP goes to a lane (its cull is there).
  const rv = validReg('rp', rpFree, fin);
  rpV.drive(rv);
  const rp = stageRegs('rp', pos, fin);

  const rrBits = Math.max(1, Math.ceil(Math.log2(g.pmt)));
  const rr = m.reg('rr', uint(rrBits), { init: 0 });
  m.when(rpTaken, () => rr.set(g.pmt === 1 ? rr : mux(rr.eq(g.pmt - 1), m.lit(0, uint(rrBits)), rr.addWrap(1))));

  // ---- Lanes ------------------------------------------------------------------------------------
  const laneCfg = { tvp: g.tvp, k: g.k, b: g.b, hybrid, jitter: g.jitter, ...(cfg.edge === 'incremental' && { edge: cfg.edge }), ...(cfg.recip !== 'unrolled' && { recip: cfg.recip }) };
  const readies: UInt[] = [];
  const idles: UInt[] = [];
  const outs: StreamPorts<StampRecord>[] = [];
  let oorSum: UInt = m.lit(0, uint(3));
  const rpField = (name: string): Signal => fieldOf(m, rp, name, 'the lanes');
  for (let l = 0; l < g.pmt; l++) {
    const lane = m.instance(`lane${l}`, BlurLane, laneCfg);
    if (modeIn !== null) (lane.mode ?? m.fail('missing port', `lane${l}.mode`, 'a hybrid lane has a mode input')).drive(modeIn);
    lane.in.valid.drive(rv.and(g.pmt === 1 ? m.lit(1, uint(1)) : rr.eq(l)));
    const pl = lane.in.payload;
    pl.v.forEach((v, i) => {
      v.x.drive(rpField(`x${i}`));
      v.y.drive(rpField(`y${i}`));
      v.z.drive(rpField(`z${i}`));
    });
    pl.pair?.drive(rpField('pair'));
    pl.id.drive(rpField('id'));
    pl.tuple.drive(rpField('tuple'));
    pl.jx.drive(rpField('jx'));
    pl.jy.drive(rpField('jy'));
    readies.push(lane.in.ready);
    const out = declareLaneOutput(m, `out${l}`, laneCfg);
    out.valid.drive(lane.out.valid);
    lane.out.ready.drive(out.ready);
    m.connect(out.payload, lane.out.payload);
    outs.push(out);
    oorSum = oorSum.addWrap(lane.oorFire.zext(3));
    idles.push(lane.idle);
  }
  rpTaken.drive(rv.and(readies.length === 1 ? readies[0]! : muxN(rr, readies)));

  const count = m.reg('oor_counter', uint(OOR_COUNT_BITS), { init: 0 });
  count.drive(count.addWrap(oorSum.zext(OOR_COUNT_BITS)));
  oorCount.drive(count);
  idle.drive(idles.reduce((a, b) => a.and(b), v0.or(rv).not()));
  return {
    in: { valid: inValid, ready: inReady, payload: { v: verts, ...(pair !== null && { pair }), id } },
    ...(lensA !== null && lensF !== null && { lensA, lensF }),
    ...(modeIn !== null && { mode: modeIn }),
    oorCount,
    idle,
    out: outs,
  };
}

export const Blur = defineModule('Blur', (m, cfg: BlurConfig) => buildRasterizer(m, cfg, false));

/** Hybrid: the blur unit (both front-end units) that also runs NoBlur 4x
 *  and 16x, picked per frame by the `mode` input. */
export const Hybrid = defineModule('Hybrid', (m, cfg: HybridConfig) => buildRasterizer(m, { ...cfg, render: 'blur' }, true));

