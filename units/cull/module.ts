// Back-face cull: twice the signed area of each triangle of an MP, from the
// 14.8 screen coordinates (the cull runs before the bbox makes coordinates
// local, so it sees full-width vertices). A2 > 0 is front-facing (clockwise
// with y down); zero-area and back-facing triangles cover nothing.
// Pairs: triangle 0 = (v0, v1, v2), triangle 1 = (v2, v1, v3), each culled
// on its own; a lone triangle in pair mode (pair = 0) has no triangle 1.
// The area doubles as D = d0 + d1 + d2 for depth interpolation, so it is an
// output too.
import { defineModule, ufixed, uint, type Fixed, type SInt, type Signal, type UInt } from '../../hdl/index.js';
import { COORD_BITS, COORD_INT_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';

export interface CullConfig {
  readonly tvp: boolean;
}

/** |A2| of a triangle with 14.8 vertices is at most (2^22 - 1)^2 < 2^44 (a
 *  triangle covers at most half its bounding rectangle). */
export const AREA_BITS = 2 * COORD_BITS;

interface XY {
  x: Fixed;
  y: Fixed;
}

/** A2 = (bx - ax)(cy - ay) - (by - ay)(cx - ax), exact as signed AREA_BITS + 1. */
function signedArea2(a: XY, b: XY, c: XY): SInt {
  // Each product and A2 itself are below 2^44 in magnitude (the bound
  // above), so products cut to 45 bits and a wrapping subtract are exact.
  const w = AREA_BITS + 1;
  const p1 = b.x.sub(a.x).mul(c.y.sub(a.y)).asSInt().trunc(w);
  const p2 = b.y.sub(a.y).mul(c.x.sub(a.x)).asSInt().trunc(w);
  return p1.subWrap(p2);
}

/** A2 > 0: sign bit clear and not zero (a zero detect, no comparator). */
function isPositive(a2: SInt): UInt {
  return a2.isNeg().not().and(a2.orR());
}

export const Cull = defineModule('Cull', (m, cfg: CullConfig) => {
  const nv = cfg.tvp ? 4 : 3;
  const v: XY[] = [];
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  for (let i = 0; i < nv; i++) v.push({ x: m.input(`x${i}`, coord), y: m.input(`y${i}`, coord) });
  const pair = cfg.tvp ? m.input('pair', uint(1)) : null;

  const a0 = signedArea2(v[0]!, v[1]!, v[2]!).named('a2_0');
  const front0 = m.output('front0', uint(1));
  const area0 = m.output('area0', uint(AREA_BITS));
  front0.drive(isPositive(a0));
  area0.drive(a0.bits(AREA_BITS - 1, 0));
  const ports: Record<string, Signal> = { front0, area0 };
  v.forEach((p, i) => {
    ports[`x${i}`] = p.x;
    ports[`y${i}`] = p.y;
  });
  if (pair !== null) {
    const a1 = signedArea2(v[2]!, v[1]!, v[3]!).named('a2_1');
    const front1 = m.output('front1', uint(1));
    const area1 = m.output('area1', uint(AREA_BITS));
    front1.drive(pair.and(isPositive(a1)));
    area1.drive(a1.bits(AREA_BITS - 1, 0));
    Object.assign(ports, { pair, front1, area1 });
  }
  return ports;
});
