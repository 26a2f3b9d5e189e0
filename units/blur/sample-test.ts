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
import { cat, defineModule, mux, sfixed, uint, type Fixed, type ModuleBuilder, type UInt } from '../../hdl/index.js';
import type { EdgeDeltas, LocalVertex, WalkInputs } from '../raster-common/edge-ports.js';
import { driven, feeds, type CoverageOutputs } from '../sample-test/module.js';
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

/** A blur or hybrid sample test's ports: the walk inputs of its edge form,
 *  the tuple's jitter, the mode (hybrid), the local vertices (multiply),
 *  each edge's deltas and bias (edgesOf order), the facings, the coverage. */
export type BlurSampleTestPorts = WalkInputs & {
  readonly jx: UInt;
  readonly jy: UInt;
  readonly mode?: UInt;
  readonly v?: readonly LocalVertex[];
  readonly edges: readonly EdgeDeltas[];
  readonly front0: UInt;
  readonly front1?: UInt;
} & CoverageOutputs;

/** The incremental form: no positions, no vertices; the walk's running
 *  sums and each lane's offset give E (tile-walk.ts). */
function incrementalTest(m: ModuleBuilder, cfg: BlurSampleTestConfig, hybrid: boolean): BlurSampleTestPorts {
  const { b, k, tvp } = cfg;
  const lanes = k * k;
  const widths = localWidths(b);
  const dBits = widths.area;
  const edgeFrac = 2 * SUBPIXEL_BITS;
  const edgeInt = widths.edge - edgeFrac;
  const pb = stampPhaseBitsOf(k, hybrid, cfg.jitter);
  const delta = sfixed(widths.delta - SUBPIXEL_BITS, SUBPIXEL_BITS);
  const edges = edgesOf(tvp).map((e) => ({
    ...e,
    dx: m.input(`${e.name}_dx`, delta),
    dy: m.input(`${e.name}_dy`, delta),
    bias: m.input(`${e.name}_bias`, uint(1)),
  }));
  const io = {
    load: m.input('load', uint(1)),
    step: m.input('step', uint(1)),
    rowEnd: m.input('row_end', uint(1)),
    e0: edges.map((e) => m.input(`${e.name}_e0`, startValueType(b))),
    jx: m.input('jx', uint(TILE_BITS)),
    jy: m.input('jy', uint(TILE_BITS)),
    phaseX: pb > 0 ? m.input('phase_x', uint(pb)) : null,
    phaseY: pb > 0 ? m.input('phase_y', uint(pb)) : null,
    mode: hybrid ? m.input('mode', uint(2)) : null,
  };
  const walk = tileWalk(m, { b, k, phaseBits: pb, jitter: cfg.jitter }, edges, io);
  const front0 = m.input('front0', uint(1));
  const front1 = tvp ? m.input('front1', uint(1)) : null;
  const hit: UInt[] = [];
  const tri: UInt[] = [];
  const laneOuts: UInt[][] = [];
  for (let l = 0; l < lanes; l++) {
    const value = new Map<string, EdgeValue>();
    edges.forEach((e, ei) => value.set(e.name, edgeValue(walk(l, ei).asFixed(edgeInt, edgeFrac, true).named(`lane${l}_${e.name}`), e.bias)));
    const { hit: h, tri: t, d } = laneCoverage(value, front0, front1, dBits, l);
    hit.push(h);
    if (t !== null) tri.push(t);
    laneOuts.push(d.map((x, n) => driven(m.output(`lane${l}_d${n}`, uint(dBits)), x)));
  }
  const hitOut = driven(m.output('hit', uint(lanes)), lanes === 1 ? hit[0]! : cat(...hit.slice().reverse()));
  const triOut = tvp ? driven(m.output('tri', uint(lanes)), lanes === 1 ? tri[0]! : cat(...tri.slice().reverse())) : null;
  const { phaseX, phaseY, mode, ...walkIo } = io;
  return {
    edges: edges.map(({ dx, dy, bias }) => ({ dx, dy, bias })),
    ...walkIo,
    ...(phaseX !== null && phaseY !== null && { phaseX, phaseY }),
    ...(mode !== null && { mode }),
    front0,
    ...(front1 !== null && { front1 }),
    lanes: laneOuts,
    hit: hitOut,
    ...(triOut !== null && { tri: triOut }),
  };
}

function sampleTest(hybrid: boolean) {
  return (m: ModuleBuilder, cfg: BlurSampleTestConfig): BlurSampleTestPorts => {
    if (cfg.edge === 'incremental') return incrementalTest(m, cfg, hybrid);
    const { b, k, tvp } = cfg;
    const kb = Math.log2(k);
    const lanes = k * k;
    const finest = hybrid ? 6 + kb : TILE_BITS + kb;
    const ls = localStampBitsOf(b, finest);
    const pb = stampPhaseBitsOf(k, hybrid, cfg.jitter);
    const stampX = m.input('stamp_x', uint(ls));
    const stampY = m.input('stamp_y', uint(ls));
    const phX = pb > 0 ? m.input('phase_x', uint(pb)) : null;
    const phY = pb > 0 ? m.input('phase_y', uint(pb)) : null;
    const jx = m.input('jx', uint(TILE_BITS));
    const jy = m.input('jy', uint(TILE_BITS));
    const mode = hybrid ? m.input('mode', uint(2)) : null;
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
    pt.lanes.forEach((lane, l) => {
      lane.px.drive(pos[l]!.x.named(`lane${l}_px`));
      lane.py.drive(pos[l]!.y.named(`lane${l}_py`));
    });
    // The point test's inputs, passed through: an input of the same type, named as the port.
    const fixedIn = (port: Fixed, name: string): Fixed => feeds(m.input(name, port.type), port);
    const uintIn = (port: UInt, name: string): UInt => feeds(m.input(name, port.type), port);
    const v = pt.v.map((p, i): LocalVertex => ({ x: fixedIn(p.x, `lx${i}`), y: fixedIn(p.y, `ly${i}`) }));
    const edges = pt.edges.map((p, ei): EdgeDeltas => {
      const e = edgesOf(tvp)[ei]!.name;
      return { dx: fixedIn(p.dx, `${e}_dx`), dy: fixedIn(p.dy, `${e}_dy`), bias: uintIn(p.bias, `${e}_bias`) };
    });
    const front0 = uintIn(pt.front0, 'front0');
    const front1 = pt.front1 === undefined ? null : uintIn(pt.front1, 'front1');
    /** An output named `name` of `port`'s type, driven by it. */
    const out = (port: UInt, name: string): UInt => driven(m.output(name, uint(port.width)), port);
    const hit = out(pt.hit, 'hit');
    const tri = pt.tri === undefined ? null : out(pt.tri, 'tri');
    const laneOuts = pt.lanes.map((lane, l) => lane.d.map((d, n) => out(d, `lane${l}_d${n}`)));
    return {
      stampX,
      stampY,
      ...(phX !== null && phY !== null && { phaseX: phX, phaseY: phY }),
      jx,
      jy,
      ...(mode !== null && { mode }),
      v,
      edges,
      front0,
      ...(front1 !== null && { front1 }),
      hit,
      ...(tri !== null && { tri }),
      lanes: laneOuts,
    };
  };
}

export const BlurSampleTest = defineModule('BlurSampleTest', sampleTest(false));
export const HybridSampleTest = defineModule('HybridSampleTest', sampleTest(true));
