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
import { cat, defineModule, sfixed, ufixed, uint, type Fixed, type Signal, type UInt } from '../../hdl/index.js';
import { edgesOf } from '../bbox/edges.js';
import { SUBPIXEL_BITS } from '../raster-common/formats.js';
import { localWidths } from '../raster-common/local-widths.js';
import { laneCoverage, multipliedEdge, relativeTo, type EdgeValue } from '../sample-test/edge-lane.js';

export interface PointTestConfig {
  readonly tvp: boolean;
  readonly lanes: number;
  readonly b: number;
}

export const PointSampleTest = defineModule('PointSampleTest', (m, cfg: PointTestConfig) => {
  const { b, lanes } = cfg;
  const widths = localWidths(b);
  const dBits = widths.area;
  // E as an sfixed with 16 fractional bits (1/256^2 units).
  const edgeFrac = 2 * SUBPIXEL_BITS;
  const edgeInt = widths.edge - edgeFrac;
  const nv = cfg.tvp ? 4 : 3;
  const ports: Record<string, Signal> = {};
  const inp = <S extends Signal>(name: string, s: S): S => (ports[name] = s);
  const out = (name: string, width: number): UInt => (ports[name] = m.output(name, uint(width))) as UInt;
  const local = ufixed(widths.span - SUBPIXEL_BITS, SUBPIXEL_BITS);
  const delta = sfixed(widths.delta - SUBPIXEL_BITS, SUBPIXEL_BITS);
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

  const hit: UInt[] = [];
  const tri: UInt[] = [];
  for (let l = 0; l < lanes; l++) {
    const px = inp(`lane${l}_px`, m.input(`lane${l}_px`, local));
    const py = inp(`lane${l}_py`, m.input(`lane${l}_py`, local));
    const from = relativeTo(px, py, vx, vy);
    const value = new Map<string, EdgeValue>();
    for (const e of edges) value.set(e.name, multipliedEdge(e, from(e.a), widths.edge, edgeInt, edgeFrac, `lane${l}_${e.name}`));
    const { hit: h, tri: t, d } = laneCoverage(value, front0, front1, dBits, l);
    hit.push(h);
    if (t !== null) tri.push(t);
    d.forEach((x, n) => out(`lane${l}_d${n}`, dBits).drive(x));
  }
  out('hit', lanes).drive(lanes === 1 ? hit[0]! : cat(...hit.slice().reverse()));
  if (cfg.tvp) out('tri', lanes).drive(lanes === 1 ? tri[0]! : cat(...tri.slice().reverse()));
  return ports;
});
