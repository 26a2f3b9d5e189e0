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
import { defineModule, ufixed, uint, type Fixed, type Signal, type UInt } from '../../hdl/index.js';
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

export const SampleInTime = defineModule('SampleInTime', (m, cfg: SampleTimeConfig) => {
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  const t = m.input('t', uint(TIME_BITS));
  const ports: Record<string, Signal> = { t };
  const lerp2 = (cfg.time ?? 'lerp2') === 'lerp2';
  const oneMinusT = lerp2 ? m.lit(TIME_ONE, uint(TIME_BITS + 1)).subWrap(t.zext(TIME_BITS + 1)).named('one_minus_t') : null;
  for (let s = 0; s < slotsOf(cfg); s++) {
    for (const axis of ['x', 'y'] as const) {
      const open = m.input(`${axis}0_${s}`, coord);
      const close = m.input(`${axis}1_${s}`, coord);
      const out = m.output(`${axis}_${s}`, coord);
      out.drive((oneMinusT === null ? blendAt(open, close, t) : blend2At(open, close, t, oneMinusT)).named(`${axis}_t_${s}`));
      Object.assign(ports, { [`${axis}0_${s}`]: open, [`${axis}1_${s}`]: close, [`${axis}_${s}`]: out });
    }
  }
  return ports;
});
