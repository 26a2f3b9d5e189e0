// Blur and hybrid sample tests: lane sample positions (sample-positions.ts)
// in front of the shared edge-function test (point-test.ts).
//
// Edge values by multiplying per lane (the default, PointSampleTest) or,
// with edge=incremental, by Pineda's running sums (tile-walk.ts).
//
// BlurSampleTest: one sample per 2 x 2-pixel tile of a k x k-tile stamp, at
// the positioned MP's tuple offset (jx, jy) (jitter=tuple), or that offset
// shifted by the tile phase (jitter=tile).
// HybridSampleTest: the same lanes on three grids chosen by the frame's mode
// (0: NoBlur 4x cells, 1: NoBlur 16x cells, 2 and 3: blur tiles); the local
// stamp index arrives at the width of the finest grid (16x) and each grid
// uses its low bits.
import { cat, defineModule, mux, sfixed, uint, type ModuleBuilder, type Signal, type UInt } from '../../hdl/index.js';
import { localWidths } from '../raster-common/local-widths.js';
import { edgeValue, laneCoverage, type EdgeValue } from '../sample-test/edge-lane.js';
import { startValueType, tileWalk } from './tile-walk.js';
import { TILE_BITS, type BlurJitter } from '../raster-common/blur-formats.js';
import { SUBPIXEL_BITS } from '../raster-common/formats.js';
import { PointSampleTest } from './point-test.js';
import { cellPositions, tilePositions, type LanePos } from './sample-positions.js';
import { edgesOf } from '../bbox/edges.js';

export interface BlurSampleTestConfig {
  readonly tvp: boolean;
  readonly k: 1 | 2 | 4;
  readonly b: number;
  /** Runtime grid choice (NoBlur 4x, 16x, blur) instead of blur tiles only. */
  readonly hybrid: boolean;
  /** Edge values: multiply (p - a and two multiplies per edge per lane; the
   *  default) or incremental (Pineda: running sums from the edge setup's
   *  start value, tile-walk.ts). */
  readonly edge?: 'multiply' | 'incremental';
  /** Where a tuple samples in a tile (raster-common/blur-formats.ts). */
  readonly jitter: BlurJitter;
}

/** Bits of a local stamp index on a grid whose stamps are 2^stampBits units. */
export const localStampBitsOf = (b: number, stampBits: number): number => b + SUBPIXEL_BITS - stampBits;
/** Stamp phase bits the lanes need: 2 - log2 k (tile index mod 4 for
 *  jitter=tile; the Hybrid's cell phase needs no more), none for the Blur's
 *  jitter=tuple, whose tiles all sample alike. */
export const stampPhaseBitsOf = (k: number, hybrid: boolean, jitter: BlurJitter): number => (hybrid || jitter === 'tile' ? 2 - Math.log2(k) : 0);

/** The incremental form: no positions, no vertices; the walk's running
 *  sums and each lane's offset give E (tile-walk.ts). */
function incrementalTest(m: ModuleBuilder, cfg: BlurSampleTestConfig, hybrid: boolean): Record<string, Signal> {
  const { b, k, tvp } = cfg;
  const lanes = k * k;
  const ports: Record<string, Signal> = {};
  const inp = <S extends Signal>(name: string, s: S): S => (ports[name] = s);
  const widths = localWidths(b);
  const dBits = widths.area;
  const edgeFrac = 2 * SUBPIXEL_BITS;
  const edgeInt = widths.edge - edgeFrac;
  const pb = stampPhaseBitsOf(k, hybrid, cfg.jitter);
  const delta = sfixed(widths.delta - SUBPIXEL_BITS, SUBPIXEL_BITS);
  const edges = edgesOf(tvp).map((e) => ({
    ...e,
    dx: inp(`${e.name}_dx`, m.input(`${e.name}_dx`, delta)),
    dy: inp(`${e.name}_dy`, m.input(`${e.name}_dy`, delta)),
    bias: inp(`${e.name}_bias`, m.input(`${e.name}_bias`, uint(1))),
  }));
  const walk = tileWalk(m, { b, k, phaseBits: pb, jitter: cfg.jitter }, edges, {
    load: inp('load', m.input('load', uint(1))),
    step: inp('step', m.input('step', uint(1))),
    rowEnd: inp('rowEnd', m.input('row_end', uint(1))),
    e0: edges.map((e) => inp(`${e.name}_e0`, m.input(`${e.name}_e0`, startValueType(b)))),
    jx: inp('jx', m.input('jx', uint(TILE_BITS))),
    jy: inp('jy', m.input('jy', uint(TILE_BITS))),
    phaseX: pb > 0 ? inp('phaseX', m.input('phase_x', uint(pb))) : null,
    phaseY: pb > 0 ? inp('phaseY', m.input('phase_y', uint(pb))) : null,
    mode: hybrid ? inp('mode', m.input('mode', uint(2))) : null,
  });
  const front0 = inp('front0', m.input('front0', uint(1)));
  const front1 = tvp ? inp('front1', m.input('front1', uint(1))) : null;
  const out = (name: string, width: number): UInt => (ports[name] = m.output(name, uint(width))) as UInt;
  const hit: UInt[] = [];
  const tri: UInt[] = [];
  for (let l = 0; l < lanes; l++) {
    const value = new Map<string, EdgeValue>();
    edges.forEach((e, ei) => value.set(e.name, edgeValue(walk(l, ei).asFixed(edgeInt, edgeFrac, true).named(`lane${l}_${e.name}`), e.bias)));
    const { hit: h, tri: t, d } = laneCoverage(value, front0, front1, dBits, l);
    hit.push(h);
    if (t !== null) tri.push(t);
    d.forEach((x, n) => out(`lane${l}_d${n}`, dBits).drive(x));
  }
  out('hit', lanes).drive(lanes === 1 ? hit[0]! : cat(...hit.slice().reverse()));
  if (tvp) out('tri', lanes).drive(lanes === 1 ? tri[0]! : cat(...tri.slice().reverse()));
  return ports;
}

function sampleTest(hybrid: boolean) {
  return (m: ModuleBuilder, cfg: BlurSampleTestConfig): Record<string, Signal> => {
    if (cfg.edge === 'incremental') return incrementalTest(m, cfg, hybrid);
    const { b, k, tvp } = cfg;
    const kb = Math.log2(k);
    const lanes = k * k;
    const nv = tvp ? 4 : 3;
    const ports: Record<string, Signal> = {};
    const inp = <S extends Signal>(name: string, s: S): S => (ports[name] = s);
    const finest = hybrid ? 6 + kb : TILE_BITS + kb;
    const ls = localStampBitsOf(b, finest);
    const pb = stampPhaseBitsOf(k, hybrid, cfg.jitter);
    const stampX = inp('stampX', m.input('stamp_x', uint(ls)));
    const stampY = inp('stampY', m.input('stamp_y', uint(ls)));
    const phX = pb > 0 ? inp('phaseX', m.input('phase_x', uint(pb))) : null;
    const phY = pb > 0 ? inp('phaseY', m.input('phase_y', uint(pb))) : null;
    const jx = inp('jx', m.input('jx', uint(TILE_BITS)));
    const jy = inp('jy', m.input('jy', uint(TILE_BITS)));
    const mode = hybrid ? inp('mode', m.input('mode', uint(2))) : null;
    /** Stamp index and phase (cat(phase y, phase x)) at one grid's width. */
    const at = (sb: number, phaseBits: number): [UInt, UInt, UInt | null] => {
      const w = localStampBitsOf(b, sb);
      const phase = phaseBits === 0 || phX === null || phY === null ? null : cat(phY.bits(phaseBits - 1, 0), phX.bits(phaseBits - 1, 0));
      return [stampX.trunc(w), stampY.trunc(w), phase];
    };
    const [tx, ty, tph] = at(TILE_BITS + kb, pb);
    let pos: LanePos[] = tilePositions(m, b, k, cfg.jitter, tx, ty, tph, pb, jx, jy);
    if (mode !== null) {
      const pb16 = Math.max(0, SUBPIXEL_BITS - 6 - kb);
      const pb4 = Math.max(0, SUBPIXEL_BITS - 7 - kb);
      const [x16, y16, ph16] = at(6 + kb, pb16);
      const [x4, y4, ph4] = at(7 + kb, pb4);
      const p16 = cellPositions(m, b, k, 16, x16, y16, ph16, pb16);
      const p4 = cellPositions(m, b, k, 4, x4, y4, ph4, pb4);
      const blurMode = mode.bit(1);
      const is16 = mode.bit(0);
      pos = pos.map((p, l) => ({
        x: mux(blurMode, p.x, mux(is16, p16[l]!.x, p4[l]!.x)),
        y: mux(blurMode, p.y, mux(is16, p16[l]!.y, p4[l]!.y)),
      }));
    }
    const pt = m.instance('points', PointSampleTest, { tvp, lanes, b });
    pos.forEach((p, l) => {
      pt[`lane${l}_px`]!.drive(p.x.named(`lane${l}_px`));
      pt[`lane${l}_py`]!.drive(p.y.named(`lane${l}_py`));
    });
    for (let i = 0; i < nv; i++) {
      pt[`lx${i}`]!.drive(inp(`lx${i}`, m.input(`lx${i}`, pt[`lx${i}`]!.type)));
      pt[`ly${i}`]!.drive(inp(`ly${i}`, m.input(`ly${i}`, pt[`ly${i}`]!.type)));
    }
    for (const e of edgesOf(tvp)) {
      for (const f of ['dx', 'dy', 'bias']) pt[`${e.name}_${f}`]!.drive(inp(`${e.name}_${f}`, m.input(`${e.name}_${f}`, pt[`${e.name}_${f}`]!.type)));
    }
    pt['front0']!.drive(inp('front0', m.input('front0', uint(1))));
    if (tvp) pt['front1']!.drive(inp('front1', m.input('front1', uint(1))));
    const outs = ['hit', ...(tvp ? ['tri'] : []), ...Array.from({ length: lanes }, (_, l) => [0, 1, 2].map((n) => `lane${l}_d${n}`)).flat()];
    for (const name of outs) {
      const o = m.output(name, pt[name]!.type);
      o.drive(pt[name]!);
      ports[name] = o;
    }
    return ports;
  };
}

export const BlurSampleTest = defineModule('BlurSampleTest', sampleTest(false));
export const HybridSampleTest = defineModule('HybridSampleTest', sampleTest(true));
