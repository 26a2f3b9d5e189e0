// The rounded-up reciprocal of a normalised divisor, as a datapath library
// offers it: n = ceil(2^(W+p) / d) for a W-bit d with its top bit set
// (d in [2^(W-1), 2^W), so n in (2^p, 2^(p+1)], p + 2 bits), in three
// architectures that compute the same bits and trade area for delay, the way
// a library divider comes in several implementations that the designer (or
// a sweep) picks by timing:
//
// - 'restoring': ceil(2^M / d) = floor((2^M - 1) / d) + 1, M = W + p. With d
//   normalised the first W - 1 quotient bits are 0 and leave the remainder
//   2^(W-1) - 1, so p + 1 rows remain, each a (W+1)-bit subtract and a W-bit
//   mux: small, but p + 1 carry chains in series.
// - 'radix4': the same recurrence two quotient bits a row: t = 4 r + 3 (two
//   more dividend ones), its digit floor(t / d) in 0..3 from three
//   subtracts side by side (t - d, t - 2d, t - 3d; 3d formed once), the
//   remainder picked by a 4-way mux: (p + 1) / 2 carry chains, each a little
//   longer, about three subtracts a row.
// - 'newton': Newton-Raphson from a seed table, then one correction:
//     x = d / 2^W in [1/2, 1); y0 = seed[the 6 bits after d's leading one]
//     (64 entries of 1.10, the interval's minimax reciprocal 2^18 / (129 + 2i)
//     rounded); two iterations y <- y + y (1 - x y) (the first on the top 20
//     bits of x, y1 kept to 20 fraction bits; the second on the top 32);
//     q0 = y2 2^p rounded; then the remainder's sign: q0 d - 2^(W+p) lies in
//     (-d, d), so its low W + 1 bits are it exactly, and n = q0 + 1 when it
//     is negative. Five multipliers in three levels instead of p + 1 rows.
//   Why it is exact: |q0 - 2^(W+p) / d| < 1, which leaves exactly one of q0,
//   q0 + 1 as the ceiling, told apart by the remainder's sign. The bound
//   (reciprocal-bound.ts, checked by reciprocal.test.ts): the seed's
//   relative error is at most 2^-7 (interval half-width), the first
//   iteration squares it and adds its truncations (x1 to 2^-20, y1 to
//   2^-20): |1 - x y1| < 2^-13.98; the second squares that and adds x's
//   truncation to 32 bits; with p <= 24 the error of y2 2^p is below 0.15,
//   and the rounding adds 1/2.
import { cat, mux, muxN } from '../ops.js';
import type { UInt } from '../signal.js';
import { constOf, requireCount, requireUInt } from './util.js';

/** The reciprocal's architectures (same bits, different area and delay; see above). */
export type ReciprocalArch = 'restoring' | 'radix4' | 'newton';
/** Every ReciprocalArch, in the order a sweep lists them. */
export const RECIPROCAL_ARCHS: readonly ReciprocalArch[] = ['restoring', 'radix4', 'newton'];

/** Newton-Raphson widths (reciprocal-bound.ts proves them). */
export const NEWTON = {
  /** Seed table index: the bits after the divisor's leading one. */
  seedBits: 6,
  /** Seed fraction bits (1.10; the leading 1 is implied). */
  seedFrac: 10,
  /** Bits of x the first iteration reads, and fraction bits of y1. */
  x1Bits: 20,
  y1Frac: 20,
  /** Bits of x the second iteration reads. */
  x2Bits: 32,
  /** Largest p the bound holds for; and the smallest the final shift supports. */
  maxFrac: 24,
  minFrac: 20,
} as const;

/** Seed i (raw 1.10): the minimax reciprocal of its interval
 *  [1/2 + i/128, 1/2 + (i+1)/128), the reciprocal of the midpoint,
 *  256 / (129 + 2i), rounded. */
export function newtonSeed(i: number): number {
  const k = NEWTON.seedBits;
  return Math.round(2 ** (NEWTON.seedFrac + k + 2) / (2 ** (k + 1) + 1 + 2 * i));
}

function restoring(d: UInt, p: number): UInt {
  const w = d.width;
  let r: UInt = constOf(d.owner, 2n ** BigInt(w - 1) - 1n, w);
  const q: UInt[] = [];
  for (let row = 0; row <= p; row++) {
    const t = cat(r, constOf(d.owner, 1, 1));
    // t < 2 d, so t - d lies in (-2^W, 2^W): in W+1 wrapping bits its top
    // bit is the borrow, and whichever branch is taken fits back into W bits.
    const diff = t.subWrap(d.zext(w + 1));
    const take = diff.bit(w).not();
    r = mux(take, diff.trunc(w), t.trunc(w));
    q.push(take);
  }
  return cat(...q).add(1);
}

function radix4(d: UInt, p: number): UInt {
  const o = d.owner;
  const w = d.width;
  const rw = w + 2;
  const d1 = d.zext(rw);
  const d2 = d.shl(1).zext(rw);
  const d3 = d1.addWrap(d2).named('recip_d3');
  let r: UInt = constOf(o, 2n ** BigInt(w - 1) - 1n, w);
  const q: UInt[] = [];
  // An odd count of quotient bits starts with one radix-2 row.
  if ((p + 1) % 2 === 1) {
    const t = cat(r, constOf(o, 1, 1));
    const diff = t.subWrap(d.zext(w + 1));
    const take = diff.bit(w).not();
    r = mux(take, diff.trunc(w), t.trunc(w));
    q.push(take);
  }
  for (let row = 0; row < Math.floor((p + 1) / 2); row++) {
    // t = 4 r + 3 < 4 d: its digit floor(t / d) is the most multiples of d it holds.
    const t = cat(r, constOf(o, 3, 2));
    const c = [d1, d2, d3].map((m) => t.subWrap(m));
    const ok = c.map((x) => x.bit(rw - 1).not());
    const hi = ok[1]!;
    const lo = mux(hi, ok[2]!, ok[0]!);
    r = muxN(cat(hi, lo), [t, c[0]!, c[1]!, c[2]!]).trunc(w);
    q.push(hi, lo);
  }
  return cat(...q).add(1);
}

function newton(d: UInt, p: number): UInt {
  const o = d.owner;
  const w = d.width;
  const N = NEWTON;
  // x to 32 bits (zero-padded below a narrower d: exact).
  const x2 = w >= N.x2Bits ? d.bits(w - 1, w - N.x2Bits) : cat(d, constOf(o, 0, N.x2Bits - w));
  const x1 = x2.bits(N.x2Bits - 1, N.x2Bits - N.x1Bits);
  const idx = x2.bits(N.x2Bits - 2, N.x2Bits - 1 - N.seedBits);
  const seeds = Array.from({ length: 2 ** N.seedBits }, (_, i) => constOf(o, newtonSeed(i) - 2 ** N.seedFrac, N.seedFrac));
  const y0 = cat(constOf(o, 1, 1), muxN(idx, seeds)).named('recip_seed');
  // Iteration 1: e1 = 1 - x1 y0 in 2^-30 units (|e1| < 2^-6.9: 26 signed bits hold it).
  const f1 = N.x1Bits + N.seedFrac;
  const e1 = constOf(o, 2n ** BigInt(f1), f1 + 2).sub(x1.mul(y0)).trunc(26);
  // y1 = y0 + y0 e1, to 2^-20: Y0 2^10 + floor(Y0 e1 / 2^20).
  const y1 = y0.shl(N.y1Frac - N.seedFrac).toSInt().add(y0.toSInt().mul(e1).shr(N.seedFrac + f1 - N.y1Frac)).named('recip_y1');
  // Iteration 2: e2 = 1 - x2 y1 in 2^-52 units (|e2| < 2^-13.9: 41 signed bits).
  const f2 = N.x2Bits + N.y1Frac;
  const y1u = y1.trunc(N.y1Frac + 2).asUInt();
  const e2 = constOf(o, 2n ** BigInt(f2), f2 + 2).sub(x2.mul(y1u)).trunc(41);
  // q0 = round(y2 2^p) = Y1 2^(p-20) + round(Y1 e2 / 2^(72-p)): Y1 2^52 is a
  // whole multiple of 2^(72-p) for p >= 20.
  const corr = y1u.toSInt().mul(e2).add(2n ** BigInt(f2 + N.y1Frac - p - 1)).shr(f2 + N.y1Frac - p);
  const q0 = y1u.shl(p - N.y1Frac).toSInt().add(corr).trunc(p + 3).asUInt().trunc(p + 2).named('recip_q0');
  // The remainder q0 d - 2^(W+p) lies in (-d, d): its low W+1 bits are it.
  const qLow = q0.width > w + 1 ? q0.trunc(w + 1) : q0;
  const rem = qLow.mul(d).trunc(w + 1);
  return q0.add(rem.bit(w)).trunc(p + 2);
}

/** n = ceil(2^(W+p) / d) for d (W bits, top bit set), p + 2 bits wide. */
export function normalisedReciprocal(d: UInt, p: number, arch: ReciprocalArch): UInt {
  requireUInt(d, 'normalisedReciprocal');
  requireCount(d.owner, d.width, 2, 'normalisedReciprocal: the divisor width', d.label);
  if (arch !== 'newton') {
    requireCount(d.owner, p, 0, 'normalisedReciprocal: fraction bits p', d.label);
    return arch === 'restoring' ? restoring(d, p) : radix4(d, p);
  }
  requireCount(d.owner, p, NEWTON.minFrac, "normalisedReciprocal: fraction bits p of the 'newton' form (its widths are proven for this range)", d.label, NEWTON.maxFrac);
  return newton(d, p);
}
