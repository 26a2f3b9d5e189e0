// One lane of edge tests, shared by NoBlur's stamp sample test and Blur's
// point sample test (both DSL; the golden models compute coverage on their
// own, in raster-common). Widths and their proof: raster-common/local-widths.ts.
import { muxN, type Fixed, type UInt } from '../../hdl/index.js';

/** An edge as the sample test sees it: its start vertex, deltas and
 *  top-left bias (bbox/edges.ts names the edges). */
export interface LaneEdge {
  readonly name: string;
  readonly a: number;
  readonly dx: Fixed;
  readonly dy: Fixed;
  readonly bias: UInt;
}

export interface EdgeValue {
  e: Fixed;
  pass: UInt;
}

/** E - bias >= 0 with bias in {0, 1}: E is not negative, and not zero when
 *  the bias is 1. A sign bit and a zero detect, no subtractor. */
export function edgeValue(ev: Fixed, bias: UInt): EdgeValue {
  const raw = ev.asSInt();
  return { e: ev, pass: raw.isNeg().not().and(raw.orR().or(bias.not())) };
}

/** p - a per start vertex, built once and shared by the edges that leave
 *  it (a pair's v1->v2 and v1->v3). */
export function relativeTo(px: Fixed, py: Fixed, vx: readonly Fixed[], vy: readonly Fixed[]): (a: number) => { x: Fixed; y: Fixed } {
  const rel = new Map<number, { x: Fixed; y: Fixed }>();
  return (a) => {
    let r = rel.get(a);
    if (r === undefined) rel.set(a, (r = { x: px.sub(vx[a]!), y: py.sub(vy[a]!) }));
    return r;
  };
}

/** E = dx (py - ay) - dy (px - ax): each product and E are at most
 *  (2^(b+8) - 1)^2 in magnitude, so the products cut to `edgeBits` (2b+17)
 *  and a wrapping subtract there are exact. */
export function multipliedEdge(e: LaneEdge, from: { x: Fixed; y: Fixed }, edgeBits: number, edgeInt: number, edgeFrac: number, name: string): EdgeValue {
  const p1 = e.dx.mul(from.y).asSInt().trunc(edgeBits);
  const p2 = e.dy.mul(from.x).asSInt().trunc(edgeBits);
  return edgeValue(p1.subWrap(p2).asFixed(edgeInt, edgeFrac, true).named(name), e.bias);
}

export interface LaneCoverage {
  hit: UInt;
  /** Pairs: 1 when triangle 1 owns the sample. */
  tri: UInt | null;
  /** The owning triangle's d0, d1, d2 (dBits each). */
  d: UInt[];
}

/** The inside test per triangle and the owner's edge values. Triangle 1 of
 *  a pair tests the shared edge v2->v1 as the exact complement of triangle
 *  0's (-E12, bias 1 - bias12), so no sample is claimed twice. */
export function laneCoverage(value: ReadonlyMap<string, EdgeValue>, front0: UInt, front1: UInt | null, dBits: number, l: number): LaneCoverage {
  const get = (name: string): EdgeValue => value.get(name)!;
  const low = (f: Fixed): UInt => f.bits(dBits - 1, 0);
  const in0 = front0.and(get('e12').pass).and(get('e20').pass).and(get('e01').pass).named(`lane${l}_in0`);
  const d = [low(get('e12').e), low(get('e20').e), low(get('e01').e)];
  if (front1 === null) return { hit: in0, tri: null, d };
  const in1 = front1.and(get('e12').pass.not()).and(get('e13').pass).and(get('e32').pass).named(`lane${l}_in1`);
  const d1 = [low(get('e13').e), low(get('e32').e), get('e12').e.asSInt().neg().bits(dBits - 1, 0)];
  const owned = d.map((x, i) => muxN(in1, [x, d1[i]!]));
  return { hit: in0.or(in1), tri: in1, d: owned };
}
