// The depth formula over its whole input range (D up to 2^44, the largest
// 14.8 triangle), against exact rational barycentric depth: the documented
// bound |z - z*| < 1 (exact when z* is an integer) and the documented widths.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedFromEnv } from '../../testbenches/rng.js';
import { bitLength, depthReciprocal, interpolateDepth } from './depth.js';
import { DEPTH_MAX } from './formats.js';

const SEED = seedFromEnv(0xde9_7a);

/** d0, d1, d2 >= 0 with 0 < D < 2^44, drawn at every magnitude so small and huge triangles both appear. */
const arbEdgeValues = fc
  .tuple(fc.integer({ min: 1, max: 44 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([bits, a, b, c]): [number, number, number] => {
    const scale = 2 ** bits - 1;
    const d = [a, b, c].map((f) => Math.floor((f * scale) / 3));
    if (d[0]! + d[1]! + d[2]! === 0) d[0] = 1;
    return d as [number, number, number];
  });
const arbDepths = fc.tuple(fc.integer({ min: 0, max: DEPTH_MAX }), fc.integer({ min: 0, max: DEPTH_MAX }), fc.integer({ min: 0, max: DEPTH_MAX }));

describe('depth interpolation', () => {
  it('is within 1 LSB of the exact barycentric depth (and exact when z* is an integer), for every triangle size', () => {
    fc.assert(
      fc.property(arbEdgeValues, arbDepths, (d, z) => {
        const got = BigInt(interpolateDepth(d, z));
        const D = BigInt(d[0] + d[1] + d[2]);
        const N = BigInt(d[0]) * BigInt(z[0]) + BigInt(d[1]) * BigInt(z[1]) + BigInt(d[2]) * BigInt(z[2]);
        expect(D * (got - 1n) < N, `z = ${got} is 1 or more above z* = ${N}/${D}`).toBe(true);
        expect(N < D * (got + 1n), `z = ${got} is 1 or more below z* = ${N}/${D}`).toBe(true);
        if (N % D === 0n) expect(got, `z* = ${N / D} is an integer`).toBe(N / D);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('uses a 26-bit normalised reciprocal and products within the documented widths', () => {
    fc.assert(
      fc.property(arbEdgeValues, arbDepths, (d, z) => {
        const D = BigInt(d[0] + d[1] + d[2]);
        const { n, shift } = depthReciprocal(D);
        expect(n >= 1n << 24n && n <= 1n << 25n).toBe(true);
        expect(shift).toBe(bitLength(D) + 24);
        const N = BigInt(d[0]) * BigInt(z[0]) + BigInt(d[1]) * BigInt(z[1]) + BigInt(d[2]) * BigInt(z[2]);
        expect(N < 1n << 68n && N * n < 1n << 93n).toBe(true);
        // The clamp never acts: the unclamped quotient is already <= DEPTH_MAX.
        expect((N * n) >> BigInt(shift) <= BigInt(DEPTH_MAX)).toBe(true);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('matches hand-computed values at the extremes', () => {
    // D = 1: n = 2^25 at shift 25, z = z of the weighted vertex exactly.
    expect(depthReciprocal(1n)).toEqual({ n: 1n << 25n, shift: 25 });
    expect(interpolateDepth([1, 0, 0], [DEPTH_MAX, 0, 0])).toBe(DEPTH_MAX);
    // D = 3 (L = 2): n = ceil(2^26 / 3) = 22369622; N = 3 * 7 = 21 -> floor(21 * 22369622 / 2^26) = 7 (flat stays exact).
    expect(depthReciprocal(3n)).toEqual({ n: 22369622n, shift: 26 });
    expect(interpolateDepth([1, 1, 1], [7, 7, 7])).toBe(7);
    // Midpoint of an edge: (z0 + z1) / 2 exactly representable stays exact when D is a power of two.
    expect(interpolateDepth([2 ** 20, 2 ** 20, 0], [100, 300, 999])).toBe(200);
    // Largest D (a screen-sized triangle): still within the bound.
    const big = 2 ** 44 - 1;
    expect(interpolateDepth([big, 0, 0], [12345, 0, 0])).toBe(12345);
  });

  it('rejects a non-positive edge sum', () => {
    expect(() => interpolateDepth([0, 0, 0], [1, 2, 3])).toThrow(/not positive/);
    expect(() => bitLength(0n)).toThrow(/not positive/);
  });
});
