// The edge-function half of a sample test, with the samples' bbox-local
// positions as inputs: every edge function at each lane's sample, the
// inside test per triangle and the owning triangle's d0..d2, on local b.8
// coordinates exactly as NoBlur's sample test computes them (widths from
// raster-common/local-widths.ts, with the proof: a box that fits STP b is at
// most 2^(b+8) - 1 units a side, so each product and E are at most
// (2^(b+8) - 1)^2 in magnitude, signed 2b+17; E - bias >= 0 as a sign bit
// and a zero detect; a pair's triangle 1 tests the shared edge as the exact
// complement of triangle 0's). The blur and hybrid sample tests put
// positions in front.
import { cat, defineModule, sfixed, ufixed, uint, type Fixed, type UInt } from '../../hdl/index.js';
import type { EdgeDeltas, LocalVertex } from '../raster-common/edge-ports.js';
import { driven } from '../sample-test/module.js';
import { edgesOf } from '../bbox/edges.js';
import { SUBPIXEL_BITS } from '../raster-common/formats.js';
import { localWidths } from '../raster-common/local-widths.js';
import { laneCoverage, multipliedEdge, relativeTo, type EdgeValue } from '../sample-test/edge-lane.js';

export interface PointTestConfig {
  readonly tvp: boolean;
  readonly lanes: number;
  readonly b: number;
}

/** One lane of the point test: its sample's local position in, d0..d2 of the owning triangle out. */
export type PointLanePorts = {
  readonly px: Fixed;
  readonly py: Fixed;
  readonly d: readonly UInt[];
};

/** The point test's ports: local vertices, each edge's deltas and bias
 *  (edgesOf order), the facings, the lanes, the hit (and pairs' tri) bits. */
export type PointTestPorts = {
  readonly v: readonly LocalVertex[];
  readonly edges: readonly EdgeDeltas[];
  readonly front0: UInt;
  readonly front1?: UInt;
  readonly lanes: readonly PointLanePorts[];
  readonly hit: UInt;
  readonly tri?: UInt;
};

export const PointSampleTest = defineModule('PointSampleTest', (m, cfg: PointTestConfig): PointTestPorts => {
  const { b, lanes } = cfg;
  const widths = localWidths(b);
  const dBits = widths.area;
  // E as an sfixed with 16 fractional bits (1/256^2 units).
  const edgeFrac = 2 * SUBPIXEL_BITS;
  const edgeInt = widths.edge - edgeFrac;
  const nv = cfg.tvp ? 4 : 3;
  const local = ufixed(widths.span - SUBPIXEL_BITS, SUBPIXEL_BITS);
  const delta = sfixed(widths.delta - SUBPIXEL_BITS, SUBPIXEL_BITS);
  const v = Array.from({ length: nv }, (_, i): LocalVertex => ({ x: m.input(`lx${i}`, local), y: m.input(`ly${i}`, local) }));
  const vx = v.map((p) => p.x);
  const vy = v.map((p) => p.y);
  const edges = edgesOf(cfg.tvp).map((e) => ({
    ...e,
    dx: m.input(`${e.name}_dx`, delta),
    dy: m.input(`${e.name}_dy`, delta),
    bias: m.input(`${e.name}_bias`, uint(1)),
  }));
  const front0 = m.input('front0', uint(1));
  const front1 = cfg.tvp ? m.input('front1', uint(1)) : null;

  const hit: UInt[] = [];
  const tri: UInt[] = [];
  const lanePorts = Array.from({ length: lanes }, (_, l): PointLanePorts => {
    const px = m.input(`lane${l}_px`, local);
    const py = m.input(`lane${l}_py`, local);
    const from = relativeTo(px, py, vx, vy);
    const value = new Map<string, EdgeValue>();
    for (const e of edges) value.set(e.name, multipliedEdge(e, from(e.a), widths.edge, edgeInt, edgeFrac, `lane${l}_${e.name}`));
    const { hit: h, tri: t, d } = laneCoverage(value, front0, front1, dBits, l);
    hit.push(h);
    if (t !== null) tri.push(t);
    return { px, py, d: d.map((x, n) => driven(m.output(`lane${l}_d${n}`, uint(dBits)), x)) };
  });
  const hitOut = driven(m.output('hit', uint(lanes)), lanes === 1 ? hit[0]! : cat(...hit.slice().reverse()));
  const triOut = cfg.tvp ? driven(m.output('tri', uint(lanes)), lanes === 1 ? tri[0]! : cat(...tri.slice().reverse())) : null;
  return {
    v,
    edges: edges.map(({ dx, dy, bias }) => ({ dx, dy, bias })),
    front0,
    ...(front1 !== null && { front1 }),
    lanes: lanePorts,
    hit: hitOut,
    ...(triOut !== null && { tri: triOut }),
  };
});
