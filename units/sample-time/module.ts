// Sample in time: where each vertex is at the tuple's shutter time t, on the
// 14.8 grid. The blend x0 (1 - t) + x1 t is built as x0 + t (x1 - x0): one
// signed multiply per coordinate instead of two, and because x0 2^12 is a
// whole multiple of the rounding step the result is the same number (the
// golden model computes the two-product form). Rounding is half up:
// floor((t (x1 - x0) + 2^11) / 2^12), an add and an arithmetic shift. The
// result lies between x0 and x1, so it always fits 14.8 unsigned.
// One slot positions one vertex; the unit has ceil(verts / SPF) slots.
import { defineModule, ufixed, uint, type Fixed, type Signal, type UInt } from '../../hdl/index.js';
import { TIME_BITS } from '../raster-common/blur-formats.js';
import { COORD_BITS, COORD_INT_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { slotsOf, type PositionerConfig } from './config.js';

/** One coordinate at time t. */
export function blendAt(open: Fixed, close: Fixed, t: UInt): Fixed {
  const delta = close.asUInt().sub(open.asUInt()); // s23
  const step = delta.mul(t.toSInt()).add(2 ** (TIME_BITS - 1)).shr(TIME_BITS); // s25
  const at = open.asUInt().toSInt().add(step); // s26, in [min, max] of the ends
  return at.bits(COORD_BITS - 1, 0).asFixed(COORD_INT_BITS, SUBPIXEL_BITS, false);
}

export const SampleInTime = defineModule('SampleInTime', (m, cfg: PositionerConfig) => {
  const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
  const t = m.input('t', uint(TIME_BITS));
  const ports: Record<string, Signal> = { t };
  for (let s = 0; s < slotsOf(cfg); s++) {
    for (const axis of ['x', 'y'] as const) {
      const open = m.input(`${axis}0_${s}`, coord);
      const close = m.input(`${axis}1_${s}`, coord);
      const out = m.output(`${axis}_${s}`, coord);
      out.drive(blendAt(open, close, t).named(`${axis}_t_${s}`));
      Object.assign(ports, { [`${axis}0_${s}`]: open, [`${axis}1_${s}`]: close, [`${axis}_${s}`]: out });
    }
  }
  return ports;
});
