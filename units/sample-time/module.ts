// Sample in time: where each vertex is at the tuple's shutter time t, on the
// 14.8 grid, x(t) = x0 (1 - t) + x1 t rounded half up (blur.md). Two forms
// of the same number (the golden model computes the first):
// - lerp2 (the study's: "x(t) = x0 (1 - t) + x1 t", two multiplies per
//   coordinate): floor((x0 (2^12 - t) + x1 t + 2^11) / 2^12), with 2^12 - t
//   formed once per unit (13 bits: t = 0 gives 2^12);
// - lerp1: x0 + t (x1 - x0), one signed multiply per coordinate; because
//   x0 2^12 is a whole multiple of the rounding step, rounding half up,
//   floor((t (x1 - x0) + 2^11) / 2^12), an add and an arithmetic shift, gives
//   the same number.
// The result lies between x0 and x1, so it always fits 14.8 unsigned.
// One slot positions one vertex; the unit has ceil(verts / SPF) slots.
import { defineModule, ufixed, uint, type Fixed, type UInt } from '../../hdl/index.js';
import { TIME_BITS, TIME_ONE } from '../raster-common/blur-formats.js';
import { COORD_BITS, COORD_INT_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { slotsOf, type SampleTimeConfig } from './config.js';

const half = 2 ** (TIME_BITS - 1);
const asCoord = (u: UInt): Fixed => u.bits(COORD_BITS - 1, 0).asFixed(COORD_INT_BITS, SUBPIXEL_BITS, false);

/** lerp1: one coordinate at time t, x0 + ((t (x1 - x0) + 2^11) >> 12). */
export function blendAt(open: Fixed, close: Fixed, t: UInt): Fixed {
  const delta = close.asUInt().sub(open.asUInt()); // s23
  const step = delta.mul(t.toSInt()).add(half).shr(TIME_BITS); // s25
  const at = open.asUInt().toSInt().add(step); // s26, in [min, max] of the ends
  return asCoord(at.asUInt());
}

/** lerp2: one coordinate from its two products, (x0 (2^12 - t) + x1 t + 2^11) >> 12, given 2^12 - t. */
export function blend2At(open: Fixed, close: Fixed, t: UInt, oneMinusT: UInt): Fixed {
  const sum = open.asUInt().mul(oneMinusT).add(close.asUInt().mul(t)).add(half); // < 2^35
  return asCoord(sum.shr(TIME_BITS));
}

/** One slot of SampleInTime: a vertex's open (x0, y0) and close (x1, y1)
 *  positions in, its position (x, y) at the shutter time out (ports
 *  x0_s, x1_s, x_s, y0_s, y1_s, y_s). */
export type TimeSlotPorts = {
  readonly x0: Fixed;
  readonly x1: Fixed;
  readonly x: Fixed;
  readonly y0: Fixed;
  readonly y1: Fixed;
  readonly y: Fixed;
};

export const SampleInTime = defineModule('SampleInTime', (m, cfg: SampleTimeConfig) => {
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  const t = m.input('t', uint(TIME_BITS));
  const lerp2 = (cfg.time ?? 'lerp2') === 'lerp2';
  const oneMinusT = lerp2 ? m.lit(TIME_ONE, uint(TIME_BITS + 1)).subWrap(t.zext(TIME_BITS + 1)).named('one_minus_t') : null;
  const slots = Array.from({ length: slotsOf(cfg) }, (_, s): TimeSlotPorts => {
    /** One axis: its open and close positions in, the position at t out. */
    const axis = (name: 'x' | 'y'): [Fixed, Fixed, Fixed] => {
      const open = m.input(`${name}0_${s}`, coord);
      const close = m.input(`${name}1_${s}`, coord);
      const out = m.output(`${name}_${s}`, coord);
      out.drive((oneMinusT === null ? blendAt(open, close, t) : blend2At(open, close, t, oneMinusT)).named(`${name}_t_${s}`));
      return [open, close, out];
    };
    const [x0, x1, x] = axis('x');
    const [y0, y1, y] = axis('y');
    return { x0, x1, x, y0, y1, y };
  });
  return { t, slots };
});
