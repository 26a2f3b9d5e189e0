// Widths of the rasterizer's bbox-local datapath at STP integer bits b, all
// derived from the one size limit the pipeline enforces: the STP fit of the
// stamp-aligned box (conventions.md, "bbox and STP"). An MP that fails it is
// flagged out of range and never walked, so none of these values is ever
// used for it; for every MP that passes, each width below is exact and, for
// the largest boxes that pass, the narrowest that is.
//
// Derivation. Let s = b + 8 (SUBPIXEL_BITS) and M = 2^s - 1. The fit says the
// box is at most 2^s units (1/256 px) per side, and every vertex and every
// tested sample lies in it, so each local coordinate (point minus box
// origin) is in [0, M]:
//   - local coordinate: unsigned s bits;
//   - the difference of two points (an edge delta, p - a, or a cull delta):
//     |d| <= M < 2^s, signed s + 1 bits; M itself occurs (a vertex on the
//     origin, another on the far side of a box exactly 2^s wide);
//   - an edge value E_{a->b}(p) = (bx - ax)(py - ay) - (by - ay)(px - ax) is
//     twice the signed area of (a, b, p), three points in an M x M square; a
//     triangle covers at most half of any rectangle that holds it, so
//     |E| <= M^2 < 2^(2s): signed 2s + 1 bits. Each of its two products is
//     a product of two differences, also at most M^2 in magnitude, so both
//     may be cut to 2s + 1 bits before the (wrapping, hence exact)
//     subtract. M^2 occurs (a = (0, 0), b = (M, 0), p = (0, M)), so no
//     narrower signed width holds every E;
//   - twice a triangle's signed area A2 = E_{v0->v1}(v2) is one such value;
//   - a non-negative one (d_i of a covered sample, D = A2 of a front
//     triangle) is in [0, M^2]: unsigned 2s bits.
import { SUBPIXEL_BITS } from './formats.js';
import { ParamError } from '../../hdl/errors.js';

export interface LocalWidths {
  /** s = b + 8: a local coordinate is unsigned s bits; a box that fits spans at most 2^s units. */
  readonly span: number;
  /** A difference of two local points (edge delta, p - a, cull delta): signed s + 1. */
  readonly delta: number;
  /** An edge value, a product of two deltas, twice a signed area: signed 2s + 1. */
  readonly edge: number;
  /** A non-negative edge value or area (d_i of a covered sample, D): unsigned 2s. */
  readonly area: number;
}

export function localWidths(b: number): LocalWidths {
  if (!Number.isInteger(b) || b < 0) throw new ParamError('stp', b, 'a non-negative integer', { message: `localWidths: STP integer bits ${b} must be a non-negative integer` });
  const span = b + SUBPIXEL_BITS;
  return { span, delta: span + 1, edge: 2 * span + 1, area: 2 * span };
}
