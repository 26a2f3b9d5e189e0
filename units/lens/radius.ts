// Radius: each vertex's signed defocus radius from its depth, thin-lens
// circle of confusion r = A (1 - F / z) (blur.md, "Lens model"): A is the
// CoC radius at infinity (8.8 px), F the focus depth (0.24), both per-frame
// registers. Built as one A F product (u40) shared by the slots, then per slot a
// saturating divider q = min(2^17 - 1, floor(A F / z)) and r = A - q
// clamped to +-RADIUS_MAX. The divider first tests A F >= z 2^17 (the
// quotient would need more than 17 bits, or z = 0), else runs 17 restoring
// rows: the quotient never needs more, because A - q already saturates for
// q > A + RADIUS_MAX.
import { cat, defineModule, mux, sint, uint, type ModuleBuilder, type SInt, type UInt } from '../../hdl/index.js';
import { LENS_A_BITS, LENS_F_BITS, RADIUS_BITS, RADIUS_MAX, RADIUS_QUOT_BITS } from '../raster-common/blur-formats.js';
import { DEPTH_BITS } from '../raster-common/formats.js';
import { slotsOf, type PositionerConfig } from '../sample-time/config.js';

const QB = RADIUS_QUOT_BITS;

/** min(2^QB - 1, floor(k / z)): a saturation test and QB restoring rows. */
function saturatingQuotient(m: ModuleBuilder, k: UInt, z: UInt): UInt {
  const zw = z.width;
  const over = k.shr(QB).ge(z); // k >= z 2^QB (always when z = 0)
  // r < z before each row, so (r << 1 | next bit of k) < 2 z < 2^(zw+1).
  const hiK = k.shr(QB);
  let r: UInt = hiK.width >= zw ? hiK.trunc(zw) : hiK.zext(zw);
  const q: UInt[] = [];
  for (let j = QB - 1; j >= 0; j--) {
    const t = cat(r, k.bit(j));
    const diff = t.subWrap(z.zext(zw + 1));
    const take = diff.bit(zw).not();
    r = mux(take, diff.trunc(zw), t.trunc(zw));
    q.push(take);
  }
  return mux(over, m.lit(2 ** QB - 1, uint(QB)), cat(...q));
}

/** One slot of Radius: a vertex's depth z in (port z_s), its radius r out (r_s). */
export type RadiusSlotPorts = {
  readonly z: UInt;
  readonly r: SInt;
};

export const Radius = defineModule('Radius', (m, cfg: PositionerConfig) => {
  const a = m.input('lens_a', uint(LENS_A_BITS));
  const f = m.input('lens_f', uint(LENS_F_BITS));
  const k = a.mul(f).named('lens_k'); // A F: u37
  const slots = Array.from({ length: slotsOf(cfg) }, (_, s): RadiusSlotPorts => {
    const z = m.input(`z_${s}`, uint(DEPTH_BITS));
    const q = saturatingQuotient(m, k, z).named(`quot_${s}`);
    const raw = a.sub(q); // A - q in [-(2^17 - 1), 2^16 - 1]
    const low = raw.lt(-RADIUS_MAX);
    const high = raw.gt(RADIUS_MAX);
    const r = mux(low, m.lit(-RADIUS_MAX, sint(raw.width)), mux(high, m.lit(RADIUS_MAX, sint(raw.width)), raw)).trunc(RADIUS_BITS);
    const out = m.output(`r_${s}`, sint(RADIUS_BITS));
    out.drive(r);
    return { z, r: out };
  });
  return { lensA: a, lensF: f, slots };
});
