// Depth interpolation, exactly as the hardware must compute it (bit for bit).
// z = floor(N * n / 2^(L+P)), N = d0 z0 + d1 z1 + d2 z2, D = d0 + d1 + d2,
// L = bitLength(D), n = ceil(2^(L+P) / D), P = DEPTH_RECIP_FRAC_BITS.
// Rounding the reciprocal up (not down) makes a flat triangle's depth exact
// and keeps every result within 1 LSB of the true barycentric depth.
// The reciprocal is normalised (a leading-zero count picks L) so n always has
// P+2 bits whatever the triangle size, like a real reciprocal unit; a fixed
// shift would need a 69-bit reciprocal to serve both 1/65536-px^2 slivers and
// screen-sized triangles. Written in BigInt straight from the formula.

import { DEPTH_MAX, DEPTH_RECIP_FRAC_BITS } from './formats.js';
import { InternalError } from '../../hdl/errors.js';

/** Number of bits of a positive integer (bitLength(1) = 1, bitLength(2^k) = k + 1). */
export function bitLength(x: bigint): number {
  if (x <= 0n) throw new InternalError(`bitLength: ${x} is not positive`);
  return x.toString(2).length;
}

/** The normalised reciprocal of D > 0: shift R = bitLength(D) + P and n = ceil(2^R / D), in [2^P, 2^(P+1)]. */
export function depthReciprocal(D: bigint): { readonly n: bigint; readonly shift: number } {
  const shift = bitLength(D) + DEPTH_RECIP_FRAC_BITS;
  return { n: ((1n << BigInt(shift)) + D - 1n) / D, shift };
}

/**
 * Interpolated 0.24 depth of a covered sample from its edge values d (d[i]
 * weights vertex i, all >= 0, sum > 0) and the vertex depths z.
 * The clamp to [0, DEPTH_MAX] never acts for covered samples (conventions.md)
 * but is part of the definition so out-of-contract inputs stay in range.
 */
export function interpolateDepth(
  d: readonly [number, number, number],
  z: readonly [number, number, number],
): number {
  const [d0, d1, d2] = d.map((x) => BigInt(x)) as [bigint, bigint, bigint];
  const D = d0 + d1 + d2;
  if (D <= 0n) throw new InternalError(`interpolateDepth: d0 + d1 + d2 = ${D} is not positive`);
  const N = d0 * BigInt(z[0]) + d1 * BigInt(z[1]) + d2 * BigInt(z[2]);
  const { n, shift } = depthReciprocal(D);
  const q = (N * n) >> BigInt(shift);
  const clamped = q < 0n ? 0n : q > BigInt(DEPTH_MAX) ? BigInt(DEPTH_MAX) : q;
  return Number(clamped);
}
