// The blur sample test: one sample per 2 x 2-pixel tile of the stamp (k x k
// tiles, lane = j k + i), at the positioned MP's tuple offset (jx, jy)
// shifted by the tile's phase (blur.md, "Blur sampling"), then every edge
// function and the inside test per triangle, exactly as NoBlur's sample test
// does it on bbox-local b.8 coordinates (E signed 2b+18, E - bias >= 0 by a
// sign bit and a zero detect; pairs test the shared edge as the exact
// complement). The tile shift moves whole 64-unit cells, so the sample's
// offset in its tile is cat(jx[8:6] + ax, jx[5:0]): a 3-bit add per lane.
import { cat, defineModule, muxN, sfixed, ufixed, uint, type Fixed, type Signal, type UInt } from '../../hdl/index.js';
import { edgesOf } from '../bbox/edges.js';
import { TILE_BITS, TILE_PERIOD, XY_CELL_BITS } from '../raster-common/blur-formats.js';
import { TILE_SHIFT_TABLE } from '../raster-common/blur-samples.js';
import { SUBPIXEL_BITS } from '../raster-common/formats.js';

export interface BlurSampleTestConfig {
  readonly tvp: boolean;
  readonly k: 1 | 2 | 4;
  readonly b: number;
  readonly phaseBits: number;
}

export const BlurSampleTest = defineModule('BlurSampleTest', (m, cfg: BlurSampleTestConfig) => {
  const { b, k, phaseBits: pb } = cfg;
  const kBits = Math.log2(k);
  const ls = b + SUBPIXEL_BITS - TILE_BITS - kBits;
  const lanes = k * k;
  const dBits = 2 * b + 16;
  const nv = cfg.tvp ? 4 : 3;
  const ports: Record<string, Signal> = {};
  const inp = <S extends Signal>(name: string, s: S): S => (ports[name] = s);
  const out = (name: string, width: number): UInt => (ports[name] = m.output(name, uint(width))) as UInt;

  const stampX = inp('stampX', m.input('stamp_x', uint(ls)));
  const stampY = inp('stampY', m.input('stamp_y', uint(ls)));
  const phaseX = pb > 0 ? inp('phaseX', m.input('phase_x', uint(pb))) : null;
  const phaseY = pb > 0 ? inp('phaseY', m.input('phase_y', uint(pb))) : null;
  const jx = inp('jx', m.input('jx', uint(TILE_BITS)));
  const jy = inp('jy', m.input('jy', uint(TILE_BITS)));
  const local = ufixed(b, SUBPIXEL_BITS);
  const delta = sfixed(b + 1, SUBPIXEL_BITS);
  const vx: Fixed[] = [];
  const vy: Fixed[] = [];
  for (let i = 0; i < nv; i++) {
    vx.push(inp(`lx${i}`, m.input(`lx${i}`, local)));
    vy.push(inp(`ly${i}`, m.input(`ly${i}`, local)));
  }
  const edges = edgesOf(cfg.tvp).map((e) => ({
    ...e,
    dx: inp(`${e.name}_dx`, m.input(`${e.name}_dx`, delta)),
    dy: inp(`${e.name}_dy`, m.input(`${e.name}_dy`, delta)),
    bias: inp(`${e.name}_bias`, m.input(`${e.name}_bias`, uint(1))),
  }));
  const front0 = inp('front0', m.input('front0', uint(1)));
  const front1 = cfg.tvp ? inp('front1', m.input('front1', uint(1))) : null;

  const cellShift = TILE_BITS - XY_CELL_BITS;
  /** Lane (i, j)'s tile shift (in cells) along one axis: a constant, or one per stamp phase. */
  const shiftOf = (i: number, j: number, axis: 'ax' | 'ay'): UInt => {
    const phases = 1 << pb;
    const consts: UInt[] = [];
    for (let ph = 0; ph < phases * phases; ph++) {
      const txm = ((ph % phases) * k + i) % TILE_PERIOD;
      const tym = (Math.floor(ph / phases) * k + j) % TILE_PERIOD;
      consts.push(m.lit(TILE_SHIFT_TABLE[tym * TILE_PERIOD + txm]![axis], uint(cellShift)));
    }
    return phaseX === null || phaseY === null ? consts[0]! : muxN(cat(phaseY, phaseX), consts);
  };
  const offsetIn = (j: UInt, shift: UInt): UInt => cat(j.bits(TILE_BITS - 1, XY_CELL_BITS).addWrap(shift), j.bits(XY_CELL_BITS - 1, 0));

  const hit: UInt[] = [];
  const tri: UInt[] = [];
  for (let l = 0; l < lanes; l++) {
    const i = l % k;
    const j = Math.floor(l / k);
    const tileX = kBits === 0 ? stampX : cat(stampX, m.lit(i, uint(kBits)));
    const tileY = kBits === 0 ? stampY : cat(stampY, m.lit(j, uint(kBits)));
    const px = cat(tileX, offsetIn(jx, shiftOf(i, j, 'ax'))).asFixed(b, SUBPIXEL_BITS, false).named(`lane${l}_px`);
    const py = cat(tileY, offsetIn(jy, shiftOf(i, j, 'ay'))).asFixed(b, SUBPIXEL_BITS, false).named(`lane${l}_py`);
    const rel = new Map<number, { x: Fixed; y: Fixed }>();
    const from = (a: number): { x: Fixed; y: Fixed } => {
      let r = rel.get(a);
      if (r === undefined) rel.set(a, (r = { x: px.sub(vx[a]!), y: py.sub(vy[a]!) }));
      return r;
    };
    const value = new Map<string, { e: Fixed; pass: UInt }>();
    for (const e of edges) {
      // |E| < 2^(2b+17) for local coordinates (conventions.md), so a wrapping
      // subtract at 2b+18 bits is exact.
      const p1 = e.dx.mul(from(e.a).y).asSInt();
      const p2 = e.dy.mul(from(e.a).x).asSInt();
      const ev = p1.subWrap(p2).asFixed(2 * b + 2, 2 * SUBPIXEL_BITS, true).named(`lane${l}_${e.name}`);
      const raw = ev.asSInt();
      value.set(e.name, { e: ev, pass: raw.isNeg().not().and(raw.orR().or(e.bias.not())) });
    }
    const get = (name: string): { e: Fixed; pass: UInt } => value.get(name)!;
    const low = (f: Fixed): UInt => f.bits(dBits - 1, 0);
    const in0 = front0.and(get('e12').pass).and(get('e20').pass).and(get('e01').pass).named(`lane${l}_in0`);
    let d = [low(get('e12').e), low(get('e20').e), low(get('e01').e)];
    if (front1 !== null) {
      const in1 = front1.and(get('e12').pass.not()).and(get('e13').pass).and(get('e32').pass).named(`lane${l}_in1`);
      const d1 = [low(get('e13').e), low(get('e32').e), get('e12').e.asSInt().neg().bits(dBits - 1, 0)];
      d = d.map((x, n) => muxN(in1, [x, d1[n]!]));
      hit.push(in0.or(in1));
      tri.push(in1);
    } else {
      hit.push(in0);
    }
    d.forEach((x, n) => out(`lane${l}_d${n}`, dBits).drive(x));
  }
  out('hit', lanes).drive(lanes === 1 ? hit[0]! : cat(...hit.slice().reverse()));
  if (cfg.tvp) out('tri', lanes).drive(lanes === 1 ? tri[0]! : cat(...tri.slice().reverse()));
  return ports;
});
