// Depth interpolation of one sample lane: N = d0 z0 + d1 z1 + d2 z2, then
// z = floor(N n / 2^(L+24)) clamped to 0.24, with the triangle's normalised
// reciprocal n and L = bitLength(D) from the setup stage. Widths follow
// conventions.md for a box that fits STP b (dBits = 2b + 16): N < 2^(2b+40),
// N n < 2^(2b+65). Only lanes whose sample is covered have a defined result.
import { defineModule, mux, uint } from '../../hdl/index.js';
import { DEPTH_BITS, DEPTH_RECIP_FRAC_BITS } from '../raster-common/formats.js';
import { lenBitsOf, RECIP_BITS } from './reciprocal.js';

export interface DepthLaneConfig {
  readonly dBits: number;
}

export const DepthLane = defineModule('DepthLane', (m, cfg: DepthLaneConfig) => {
  const w = cfg.dBits;
  const d = [0, 1, 2].map((i) => m.input(`d${i}`, uint(w)));
  const zv = [0, 1, 2].map((i) => m.input(`z${i}`, uint(DEPTH_BITS)));
  const n = m.input('n', uint(RECIP_BITS));
  const len = m.input('len', uint(lenBitsOf(w)));
  const z = m.output('z', uint(DEPTH_BITS));

  // Covered sample: every d_i >= 0 and sum d_i = D < 2^w, so every partial
  // sum of N is at most (2^24 - 1) D < 2^(w+24): wrapping adds are exact.
  const num = d[0]!.mul(zv[0]!).addWrap(d[1]!.mul(zv[1]!)).addWrap(d[2]!.mul(zv[2]!)).named('num');
  // N n < 2^(L+24) 2^25 <= 2^(w+49).
  const prod = num.mul(n).trunc(w + DEPTH_BITS + RECIP_BITS - 1).named('prod');
  // R = L + P: the constant part of the shift is wiring, only L is a barrel
  // shift. Its result q = floor(N n / 2^(L+24)) < 2^25 (the bound above), so
  // only 25 bits of it can be non-zero: the shifter is a funnel that, largest
  // step first, keeps after each step only the bits the smaller steps can
  // still bring into the low 25 (25 + 2^k - 1 after the 2^k step). And since
  // L <= w, L has bitLength(w) bits: one step per bit, no more.
  const qBits = DEPTH_BITS + 1;
  let q = prod.shr(DEPTH_RECIP_FRAC_BITS);
  for (let k = lenBitsOf(w) - 1; k >= 0; k--) {
    const step = 2 ** k;
    const keep = Math.min(qBits + step - 1, q.width);
    const moved = step >= q.width ? m.lit(0, uint(keep)) : q.shr(step);
    const fitted = moved.width >= keep ? moved.trunc(keep) : moved.zext(keep);
    q = mux(len.bit(k), fitted, q.trunc(keep));
  }
  q = q.trunc(qBits).named('quot');
  // The clamp of the definition: on these 25 bits only bit 24 can exceed 0.24.
  const over = q.bit(DEPTH_BITS);
  z.drive(mux(over, m.lit(2 ** DEPTH_BITS - 1, uint(DEPTH_BITS)), q.trunc(DEPTH_BITS)));
  return { d0: d[0]!, d1: d[1]!, d2: d[2]!, z0: zv[0]!, z1: zv[1]!, z2: zv[2]!, n, len, z };
});
