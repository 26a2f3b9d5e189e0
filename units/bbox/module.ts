// bbox: min/max over the MP's vertices (3, or 4 for a pair), snapped outward
// to the stamp grid (k x k sample cells, so the iterator walks whole stamps),
// the STP fit check, and the vertices made bbox-local. Everything after this
// unit works on local b.8 coordinates, which is what lets a small STP shrink
// the sample test; the fit check is what keeps that from ever being wrong.
//
// Grid arithmetic is bit slicing: a stamp is 2^stampBits 1/256-units wide, so
// a coordinate's stamp index is coord >> stampBits and the stamp-aligned box
// origin is that index << stampBits (conventions.md: cx0 = k floor(cell/k)).
import { bundle, cat, defineModule, mux, ufixed, uint, vec, type Fixed, type UInt } from '../../hdl/index.js';
import { COORD_BITS, COORD_INT_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';

export interface BBoxConfig {
  readonly tvp: boolean;
  /** STP integer bits b. */
  readonly b: number;
  /** log2 of the stamp side in 1/256 units. */
  readonly stampBits: number;
}

function min(a: UInt, b: UInt): UInt {
  return mux(a.lt(b), a, b);
}
function max(a: UInt, b: UInt): UInt {
  return mux(a.lt(b), b, a);
}

export const BBox = defineModule('BBox', (m, cfg: BBoxConfig) => {
  const sb = cfg.stampBits;
  const idxBits = COORD_BITS - sb;
  // A box that fits STP b spans at most 2^(b+8) units = 2^localStamp stamps.
  const localStamp = cfg.b + SUBPIXEL_BITS - sb;
  const nv = cfg.tvp ? 4 : 3;
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  // Ports v0_x, v0_y, v1_x, ...: the MP's vertices as one typed vector.
  const v = m.input('v', vec(nv, bundle({ x: coord, y: coord })));
  const xs = v.map((p) => p.x);
  const ys = v.map((p) => p.y);
  const pair = cfg.tvp ? m.input('pair', uint(1)) : undefined;
  // A lone triangle in pair mode: v3 is not part of the MP; stand v0 in for
  // it so the min/max tree stays the same shape.
  const standIn = (c: Fixed[]): Fixed[] => (pair === undefined ? c : c.map((x, i) => (i === 3 ? mux(pair, x, c[0] ?? x) : x)));
  const stampIdx = (c: Fixed): UInt => c.asUInt().shr(sb);
  // The box only needs the extreme stamp indices, and c -> c >> stampBits
  // is monotonic, so min(c) >> sb = min(c >> sb): the min/max tree
  // compares and muxes idxBits-wide stamp indices, not 22-bit coordinates.
  const ex = standIn(xs).map(stampIdx);
  const ey = standIn(ys).map(stampIdx);
  const x0 = ex.reduce(min).named('stamp_x0');
  const y0 = ey.reduce(min).named('stamp_y0');
  const x1 = ex.reduce(max).named('stamp_x1');
  const y1 = ey.reduce(max).named('stamp_y1');
  const spanX = x1.subWrap(x0).named('span_x');
  const spanY = y1.subWrap(y0).named('span_y');
  // Fit: (span + 1) stamps <= 2^localStamp, i.e. no span bit at or above
  // localStamp. At b = 14 the box can never leave the screen, so it always fits.
  const fitsAxis = (span: UInt): UInt => (localStamp >= idxBits ? m.lit(1, uint(1)) : span.shr(localStamp).eq(0));

  const originX = m.output('origin_x', uint(idxBits));
  const originY = m.output('origin_y', uint(idxBits));
  const lastX = m.output('last_x', uint(localStamp));
  const lastY = m.output('last_y', uint(localStamp));
  const fit = m.output('fit', uint(1));
  originX.drive(x0);
  originY.drive(y0);
  lastX.drive(spanX.trunc(localStamp));
  lastY.drive(spanY.trunc(localStamp));
  fit.drive(fitsAxis(spanX).and(fitsAxis(spanY)));

  // Local coordinate = coord - origin: the low stampBits are unchanged and
  // only the stamp index is subtracted. When the box fits, the local stamp
  // index is below 2^localStamp, and the low localStamp bits of a wrapping
  // difference depend only on the operands' low localStamp bits: a
  // localStamp-bit subtractor is exact (otherwise the value is never used).
  const local = ufixed(cfg.b, SUBPIXEL_BITS);
  const toLocal = (c: Fixed, o: UInt): Fixed =>
    cat(stampIdx(c).trunc(localStamp).subWrap(o.trunc(localStamp)), c.bits(sb - 1, 0)).asFixed(cfg.b, SUBPIXEL_BITS, false);
  // Ports l0_x, l0_y, ...: the vertices in bbox-local coordinates.
  const l = m.output('l', vec(nv, bundle({ x: local, y: local })));
  m.connect(
    l,
    v.map((p) => ({ x: toLocal(p.x, x0), y: toLocal(p.y, y0) })),
  );
  return { v, pair, originX, originY, lastX, lastY, fit, l };
});
