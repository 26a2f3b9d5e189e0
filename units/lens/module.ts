// Sample in lens: each vertex moved by the tuple's lens position (u, v)
// times its defocus radius r: x += u r, y += v r. u, v are signed 1.10 and
// r signed 6.8, so u r is s.18 in 1/256 px after dropping 10 bits, rounded
// half up (add 2^9, arithmetic shift). The moved vertex is clamped to the
// 14.8 screen: a vertex pushed past an edge stays on it (blur.md).
import { defineModule, mux, sint, ufixed, uint, type Fixed, type SInt } from '../../hdl/index.js';
import { LENS_UV_BITS, LENS_UV_FRAC_BITS, RADIUS_BITS } from '../raster-common/blur-formats.js';
import { COORD_BITS, COORD_INT_BITS, COORD_MAX, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { slotsOf, type PositionerConfig } from '../sample-time/config.js';

/** clamp(c + round(w r / 2^10), 0, COORD_MAX). */
export function shiftBy(c: Fixed, w: SInt, r: SInt, maxLit: Fixed, zeroLit: Fixed): Fixed {
  const off = w.mul(r).add(2 ** (LENS_UV_FRAC_BITS - 1)).shr(LENS_UV_FRAC_BITS); // s16
  const sum = c.asUInt().toSInt().add(off); // s24
  const hi = sum.gt(COORD_MAX);
  const lo = sum.isNeg();
  const inRange = sum.bits(COORD_BITS - 1, 0).asFixed(COORD_INT_BITS, SUBPIXEL_BITS, false);
  return mux(lo, zeroLit, mux(hi, maxLit, inRange));
}

/** One slot of SampleInLens: a vertex's radius r and position (x, y) in,
 *  the moved position (xl, yl) out (ports r_s, x_s, xl_s, y_s, yl_s). */
export type LensSlotPorts = {
  readonly r: SInt;
  readonly x: Fixed;
  readonly xl: Fixed;
  readonly y: Fixed;
  readonly yl: Fixed;
};

export const SampleInLens = defineModule('SampleInLens', (m, cfg: PositionerConfig) => {
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  const u = m.input('u', sint(LENS_UV_BITS));
  const v = m.input('v', sint(LENS_UV_BITS));
  const maxLit = m.lit(COORD_MAX, uint(COORD_BITS)).asFixed(COORD_INT_BITS, SUBPIXEL_BITS, false);
  const zeroLit = m.lit(0, uint(COORD_BITS)).asFixed(COORD_INT_BITS, SUBPIXEL_BITS, false);
  const slots = Array.from({ length: slotsOf(cfg) }, (_, s): LensSlotPorts => {
    const r = m.input(`r_${s}`, sint(RADIUS_BITS));
    /** One axis: the input, and the output moved by w r. */
    const axis = (name: 'x' | 'y', w: SInt): [Fixed, Fixed] => {
      const inp = m.input(`${name}_${s}`, coord);
      const out = m.output(`${name}l_${s}`, coord);
      out.drive(shiftBy(inp, w, r, maxLit, zeroLit).named(`${name}_lens_${s}`));
      return [inp, out];
    };
    const [x, xl] = axis('x', u);
    const [y, yl] = axis('y', v);
    return { r, x, xl, y, yl };
  });
  return { u, v, slots };
});
