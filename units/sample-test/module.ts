// The sample test: every edge function at each of the stamp's k x k samples,
// on bbox-local b.8 coordinates, and the inside test per triangle. Widths are
// the STP datapath (raster-common/local-widths.ts, with the proof): p - a
// and the edge deltas are signed b+9, each product and E at most
// (2^(b+8) - 1)^2 in magnitude, so signed 2b+17. A sample is
// inside an edge when E - bias >= 0 (bias from the edge setup: the top-left
// rule as an integer). Pairs: triangle 1 tests the shared edge v2->v1, whose
// value is -E12 and whose bias is 1 - bias12 (v1 != v2, or both triangles are
// degenerate and culled), so its test is exactly the complement of triangle
// 0's: no sample can be claimed twice, by construction.
//
// Outputs per lane: hit, which triangle (pairs), and the owning triangle's
// d0, d1, d2 (the edge values opposite each vertex, >= 0 and below
// 2^(2b+16) for a covered sample) for depth interpolation.
import { cat, defineModule, muxN, sfixed, sint, ufixed, uint, type Fixed, type SInt, type Signal, type UInt } from '../../hdl/index.js';
import type { EdgeDeltas, LocalVertex, WalkInputs } from '../raster-common/edge-ports.js';
import { SUBPIXEL_BITS } from '../raster-common/formats.js';
import { localWidths } from '../raster-common/local-widths.js';
import { edgesOf } from '../bbox/edges.js';
import { laneOffsets } from './lane-offsets.js';
import { incrementalEdges } from './incremental.js';
import { edgeValue, laneCoverage, multipliedEdge, relativeTo, type EdgeValue } from './edge-lane.js';

export interface SampleTestConfig {
  readonly tvp: boolean;
  readonly msaa: 4 | 16;
  readonly k: number;
  readonly b: number;
  readonly stampBits: number;
  readonly phaseBits: number;
  /** Edge values: two multiplies per edge per lane, or Pineda's running sums (see incremental.ts). */
  readonly edge?: 'multiply' | 'incremental';
}

/** A sample test's coverage outputs: per lane d0..d2 of the owning
 *  triangle, the hit bits and (pairs) which triangle owns each lane. */
export type CoverageOutputs = {
  readonly lanes: readonly (readonly UInt[])[];
  readonly hit: UInt;
  readonly tri?: UInt;
};

/** The sample test's ports: the walk inputs of its edge form, the local
 *  vertices (multiply), each edge's deltas and bias (edgesOf order), the
 *  facing of each triangle, and the coverage outputs. */
export type SampleTestPorts = WalkInputs & {
  readonly v?: readonly LocalVertex[];
  readonly edges: readonly EdgeDeltas[];
  readonly front0: UInt;
  readonly front1?: UInt;
} & CoverageOutputs;

export const SampleTest = defineModule('SampleTest', (m, cfg: SampleTestConfig): SampleTestPorts => {
  const { b, k, stampBits: sb, phaseBits: pb } = cfg;
  const ls = b + SUBPIXEL_BITS - sb;
  const lanes = k * k;
  const widths = localWidths(b);
  const dBits = widths.area;
  // E as an sfixed with 16 fractional bits (1/256^2 units).
  const edgeFrac = 2 * SUBPIXEL_BITS;
  const edgeInt = widths.edge - edgeFrac;
  const nv = cfg.tvp ? 4 : 3;

  const incremental = cfg.edge === 'incremental';
  // The incremental form tracks the stamp through the iterator's steps instead.
  const stampX = incremental ? null : m.input('stamp_x', uint(ls));
  const stampY = incremental ? null : m.input('stamp_y', uint(ls));
  const phaseY = pb > 0 ? m.input('phase_y', uint(pb)) : null;
  const phaseX = pb > 0 ? m.input('phase_x', uint(pb)) : null;
  const phase = phaseY !== null && phaseX !== null ? cat(phaseY, phaseX) : null;
  const local = ufixed(b, SUBPIXEL_BITS);
  const delta = sfixed(b + 1, SUBPIXEL_BITS);
  const v = incremental ? null : Array.from({ length: nv }, (_, i): LocalVertex => ({ x: m.input(`lx${i}`, local), y: m.input(`ly${i}`, local) }));
  const vx: Fixed[] = v?.map((p) => p.x) ?? [];
  const vy: Fixed[] = v?.map((p) => p.y) ?? [];
  const edges = edgesOf(cfg.tvp).map((e) => ({
    ...e,
    dx: m.input(`${e.name}_dx`, delta),
    dy: m.input(`${e.name}_dy`, delta),
    bias: m.input(`${e.name}_bias`, uint(1)),
  }));
  const front0 = m.input('front0', uint(1));
  const front1 = cfg.tvp ? m.input('front1', uint(1)) : null;

  const table = laneOffsets(cfg);
  /** The lane's offset inside the stamp: a constant, or a constant per phase. */
  const offset = (l: number, axis: 'ox' | 'oy'): UInt => {
    const consts = table[l]!.map((o) => m.lit(o[axis], uint(sb)));
    return phase === null ? consts[0]! : muxN(phase, consts);
  };

  const walkIo = incremental
    ? { load: m.input('load', uint(1)), step: m.input('step', uint(1)), rowEnd: m.input('row_end', uint(1)), e0: edges.map((e): SInt => m.input(`${e.name}_e0`, sint(widths.edge))) }
    : null;
  const walk = walkIo === null ? null : incrementalEdges(m, cfg, edges, walkIo);

  const hit: UInt[] = [];
  const tri: UInt[] = [];
  const laneOuts: UInt[][] = [];
  for (let l = 0; l < lanes; l++) {
    // The stamp corner is stamp index << stampBits, so the sample's local
    // coordinate is the stamp index with the lane offset as its low bits.
    const px = stampX === null ? null : cat(stampX, offset(l, 'ox')).asFixed(b, SUBPIXEL_BITS, false).named(`lane${l}_px`);
    const py = stampY === null ? null : cat(stampY, offset(l, 'oy')).asFixed(b, SUBPIXEL_BITS, false).named(`lane${l}_py`);
    const from = px === null || py === null ? null : relativeTo(px, py, vx, vy);
    const value = new Map<string, EdgeValue>();
    for (const [ei, e] of edges.entries()) {
      const name = `lane${l}_${e.name}`;
      value.set(e.name, walk !== null ? edgeValue(walk(l, ei, phase).asFixed(edgeInt, edgeFrac, true).named(name), e.bias) : multipliedEdge(e, from!(e.a), widths.edge, edgeInt, edgeFrac, name));
    }
    const { hit: h, tri: t, d } = laneCoverage(value, front0, front1, dBits, l);
    hit.push(h);
    if (t !== null) tri.push(t);
    laneOuts.push(d.map((x, i) => driven(m.output(`lane${l}_d${i}`, uint(dBits)), x)));
  }
  // Lane l is bit l (lane = j k + i, row-major in the stamp).
  const hitOut = driven(m.output('hit', uint(lanes)), cat(...hit.slice().reverse()));
  const triOut = cfg.tvp ? driven(m.output('tri', uint(lanes)), cat(...tri.slice().reverse())) : null;
  return {
    ...(stampX !== null && stampY !== null && { stampX, stampY }),
    ...(phaseY !== null && phaseX !== null && { phaseY, phaseX }),
    ...(v !== null && { v }),
    edges: edges.map(({ dx, dy, bias }) => ({ dx, dy, bias })),
    front0,
    ...(front1 !== null && { front1 }),
    ...walkIo,
    lanes: laneOuts,
    hit: hitOut,
    ...(triOut !== null && { tri: triOut }),
  };
});

/** `out` driven by `x`; returns `out`. */
export function driven<S extends Signal>(out: S, x: Signal): S {
  out.drive(x);
  return out;
}

/** `input` driving `port` (an input passed through to a child's port); returns `input`. */
export function feeds<S extends Signal>(input: S, port: Signal): S {
  port.drive(input);
  return input;
}
