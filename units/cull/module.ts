// Back-face cull: twice the signed area of each triangle of an MP, A2 > 0 is
// front-facing (clockwise with y down); zero-area and back-facing triangles
// cover nothing. Pairs: triangle 0 = (v0, v1, v2), triangle 1 = (v2, v1, v3),
// each culled on its own; a lone triangle in pair mode (pair = 0) has no
// triangle 1. The area doubles as D = d0 + d1 + d2 for depth interpolation,
// so it is an output too.
//
// Width. The cull runs beside the bbox on the 14.8 vertices, but it only has
// to be exact for the MPs the pipeline walks: those whose stamp-aligned box
// fits STP b (BBox.fit). Anything else is flagged out of range by the
// pipeline whatever this unit says, and its area is never used. A box that
// fits is at most 2^(b+8) units a side, so every vertex delta is at most
// M = 2^(b+8) - 1 in magnitude and A2 at most M^2 (raster-common/
// local-widths.ts derives both and shows they are reached). The cull is
// therefore built on deltas relative to one vertex, signed b+9 bits, and
// products and A2 of signed 2b+17 bits, with D unsigned 2b+16:
//   - (bx - ax) mod 2^(b+9) depends only on the low b+9 bits of bx and ax,
//     and the true delta lies in [-M, M], which signed b+9 bits hold: so the
//     subtractors take only the coordinates' low b+9 bits and wrap;
//   - each product and A2 lie in [-M^2, M^2]: products cut to 2b+17 bits and
//     a wrapping subtract there are exact.
// At b = 14 every MP fits and this is the full 14.8 cull (23-bit deltas).
//
// Why the STP limit and no other: it is the one size limit the pipeline
// already enforces, detects (BBox.fit) and flags. A tighter cull limit (say
// the 8 x 8 pixels MPs almost always meet) would leave MPs the sample test
// walks without an exact facing or D, needing a second flag that makes the
// larger STP settings pointless; a looser one would carry bits no walked MP
// uses. The price: an MP that does not fit is flagged whatever its facing,
// since its sign is not known here.
import { defineModule, ufixed, uint, type Fixed, type SInt, type Signal, type UInt } from '../../hdl/index.js';
import { COORD_BITS, COORD_INT_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { localWidths } from '../raster-common/local-widths.js';

export interface CullConfig {
  readonly tvp: boolean;
  /** STP integer bits b: the cull is exact for every MP whose box fits 2^b pixels a side. */
  readonly b: number;
}

/** Width of the cull's area output (D): unsigned 2b+16. */
export function cullAreaBits(b: number): number {
  return localWidths(b).area;
}

interface XY {
  x: UInt;
  y: UInt;
}

export const Cull = defineModule('Cull', (m, cfg: CullConfig) => {
  const w = localWidths(cfg.b);
  const nv = cfg.tvp ? 4 : 3;
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  const ports: Record<string, Signal> = {};
  const v: XY[] = [];
  for (let i = 0; i < nv; i++) {
    const x = m.input(`x${i}`, coord);
    const y = m.input(`y${i}`, coord);
    Object.assign(ports, { [`x${i}`]: x, [`y${i}`]: y });
    // Only the low delta-width bits reach the subtractors (zero-extended at
    // b = 14, where the delta is one bit wider than a coordinate).
    const low = (c: Fixed): UInt => (w.delta <= COORD_BITS ? c.asUInt().trunc(w.delta) : c.asUInt().zext(w.delta));
    v.push({ x: low(x), y: low(y) });
  }
  const pair = cfg.tvp ? m.input('pair', uint(1)) : null;
  if (pair !== null) ports['pair'] = pair;

  /** A2 = (bx - ax)(cy - ay) - (by - ay)(cx - ax), relative to vertex a. */
  const signedArea2 = (a: XY, b: XY, c: XY, name: string): SInt => {
    const d = (p: UInt, q: UInt): SInt => p.subWrap(q).asSInt();
    const p1 = d(b.x, a.x).mul(d(c.y, a.y)).trunc(w.edge);
    const p2 = d(b.y, a.y).mul(d(c.x, a.x)).trunc(w.edge);
    return p1.subWrap(p2).named(name);
  };
  /** A2 > 0: sign bit clear and not zero (a zero detect, no comparator). */
  const isPositive = (a2: SInt): UInt => a2.isNeg().not().and(a2.orR());

  const tris: [XY, XY, XY][] = [[v[0]!, v[1]!, v[2]!]];
  if (pair !== null) tris.push([v[2]!, v[1]!, v[3]!]);
  tris.forEach(([a, b, c], t) => {
    const a2 = signedArea2(a, b, c, `a2_${t}`);
    const front = m.output(`front${t}`, uint(1));
    const area = m.output(`area${t}`, uint(w.area));
    front.drive(t === 1 && pair !== null ? pair.and(isPositive(a2)) : isPositive(a2));
    // The low 2b+16 bits are D whenever the triangle is front-facing.
    area.drive(a2.bits(w.area - 1, 0));
    Object.assign(ports, { [`front${t}`]: front, [`area${t}`]: area });
  });
  return ports;
});
