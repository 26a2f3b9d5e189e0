// The error bound that makes the 'newton' reciprocal exact (reciprocal.ts),
// computed in exact rationals from the same widths and seed table the
// hardware uses, so a change to either is re-proved (reciprocal.test.ts).
//
// With x = d / 2^W in [1/2, 1) and y an approximation of 1/x, write
// e(y) = 1 - x y. One step y' = y + y (1 - x' y) on x' = x - t (x truncated,
// 0 <= t < 2^-m) gives e(y') = e(y)^2 - x t y^2 exactly, and truncating y'
// to f fraction bits adds at most x 2^-f. So per seed interval
// [a, b) with seed y0:
//   |e0| <= max(|1 - a y0|, |1 - b y0|)                 (linear in x)
//   e1 in [-(b y0^2 2^-m1), e0^2 + b 2^-f1]
//   e2 in [-(b y1^2 2^-m2), e1^2]      (y2 is not truncated: q0 rounds y2 2^p)
// and |y2 2^p - 2^p / x| = 2^p |e2| / x <= 2^(p+1) |e2|. The rounding of q0
// adds 1/2, so |q0 - 2^(W+p) / d| < 1 when 1/2 + 2^(p+1) max|e2| < 1.
import { NEWTON, newtonSeed } from './reciprocal.js';

/** A non-negative rational num / den (BigInt). */
interface Q {
  n: bigint;
  d: bigint;
}
const q = (n: bigint, d: bigint): Q => ({ n, d });
const add = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
const max = (a: Q, b: Q): Q => (a.n * b.d >= b.n * a.d ? a : b);
const abs1minus = (a: Q): Q => (a.n >= a.d ? q(a.n - a.d, a.d) : q(a.d - a.n, a.d));
const pow2 = (k: number): bigint => 1n << BigInt(k);

export interface NewtonBound {
  /** Largest |e0| over all seed intervals (a float, for reading). */
  e0: number;
  /** Largest |e1| bound. */
  e1: number;
  /** Bound on |q0 - 2^(W+p) / d| at p = NEWTON.maxFrac; exact when below 1. */
  q0Error: number;
  /** The bound is below 1. */
  exact: boolean;
}

export function newtonBound(): NewtonBound {
  const k = NEWTON.seedBits;
  let e0max = q(0n, 1n);
  let e1max = q(0n, 1n);
  for (let i = 0; i < 2 ** k; i++) {
    const a = q(pow2(k) + BigInt(i), pow2(k + 1));
    const b = q(pow2(k) + BigInt(i) + 1n, pow2(k + 1));
    const y0 = q(BigInt(newtonSeed(i)), pow2(NEWTON.seedFrac));
    const e0 = max(abs1minus(mul(a, y0)), abs1minus(mul(b, y0)));
    e0max = max(e0max, e0);
    const low = mul(mul(b, mul(y0, y0)), q(1n, pow2(NEWTON.x1Bits)));
    const high = add(mul(e0, e0), mul(b, q(1n, pow2(NEWTON.y1Frac))));
    e1max = max(e1max, max(low, high));
  }
  // y1 <= (1 + |e1|) / x <= 2 (1 + |e1|).
  const y1 = mul(q(2n, 1n), add(q(1n, 1n), e1max));
  const e2 = max(mul(e1max, e1max), mul(mul(y1, y1), q(1n, pow2(NEWTON.x2Bits))));
  const err = add(q(1n, 2n), mul(q(pow2(NEWTON.maxFrac + 1), 1n), e2));
  const f = (x: Q): number => Number((x.n * pow2(60)) / x.d) / 2 ** 60;
  return { e0: f(e0max), e1: f(e1max), q0Error: f(err), exact: err.n < err.d };
}
