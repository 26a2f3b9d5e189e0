// The normalised reciprocal in both architectures against ceil(2^(W+p) / d)
// computed in BigInt: random normalised divisors of every width the depth
// interpolator uses (and odd ones), the ends of the range, and the ends of
// every seed interval of the 'newton' form (where its seed error peaks);
// and the error bound that makes 'newton' exact, recomputed from its widths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { NEWTON, newtonSeed, RECIPROCAL_ARCHS, type ReciprocalArch } from './reciprocal.js';
import { newtonBound } from './reciprocal-bound.js';
import { Reciprocals } from './test-designs.js';

const P = 24;
const sims = new SimulatorCache((c: { width: number; p: number; arch: ReciprocalArch }) => elaborate(Reciprocals, c));
const ceilRecip = (d: bigint, w: number, p: number): bigint => ((1n << BigInt(w + p)) + d - 1n) / d;

function check(width: number, arch: ReciprocalArch, d: bigint, p = P): void {
  const sim = sims.get({ width, p, arch });
  sim.poke('Reciprocals.d', d);
  expect(sim.peek('Reciprocals.n'), `${arch} W=${width} p=${p} d=${d}`).toBe(ceilRecip(d, width, p));
}

/** d in [2^(W-1), 2^W): uniform, or at a seed interval's ends (the top 7 bits fixed, the rest all zeros or all ones, +-1). */
function arbNormalised(w: number): fc.Arbitrary<bigint> {
  const top = 1n << BigInt(w - 1);
  const uniform = fc.bigInt({ min: top, max: (1n << BigInt(w)) - 1n });
  const edges = fc.tuple(fc.integer({ min: 0, max: 2 ** NEWTON.seedBits }), fc.constantFrom(-1n, 0n, 1n)).map(([i, dd]) => {
    const v = top + ((BigInt(i) << BigInt(w - 1)) >> BigInt(NEWTON.seedBits)) + dd;
    return v < top ? top : v >= 1n << BigInt(w) ? (1n << BigInt(w)) - 1n : v;
  });
  return fc.oneof(uniform, edges);
}

describe('normalised reciprocal', () => {
  it("'newton': its widths keep q0 within 1 of the quotient, so one remainder sign makes it exact", () => {
    const b = newtonBound();
    expect(b.e0).toBeLessThanOrEqual(2 ** -7);
    expect(b.exact, `bound ${b.q0Error}`).toBe(true);
    for (let i = 0; i < 2 ** NEWTON.seedBits; i++) {
      expect(newtonSeed(i)).toBeGreaterThanOrEqual(2 ** NEWTON.seedFrac);
      expect(newtonSeed(i)).toBeLessThan(2 ** (NEWTON.seedFrac + 1));
    }
  });

  for (const arch of RECIPROCAL_ARCHS) {
    it(`'${arch}' equals ceil(2^(W+${P}) / d) for every width the depth interpolator uses`, () => {
      const arb = fc.constantFrom(24, 25, 28, 32, 33, 36, 40, 44).chain((width) => fc.record({ width: fc.constant(width), d: arbNormalised(width) }));
      checkWithWaves(`reciprocal-${arch}`, arb, ({ width, d }, ctx) => {
        ctx.attach(sims.get({ width, p: P, arch }));
        check(width, arch, d);
      }, { numRuns: 600 });
    });
  }

  it('agree at the ends of the range and at p from 20 to 24', () => {
    for (const arch of RECIPROCAL_ARCHS) {
      for (const width of [24, 32, 44]) {
        const top = 1n << BigInt(width - 1);
        for (const d of [top, top + 1n, (1n << BigInt(width)) - 1n, (1n << BigInt(width)) - 2n, top + (top >> 1n)]) for (const p of [20, 22, 24]) check(width, arch, d, p);
      }
    }
  });

  it("'newton' refuses fraction widths its bound does not cover", () => {
    expect(() => elaborate(Reciprocals, { width: 32, p: 30, arch: 'newton' })).toThrow(/fraction bits p of the 'newton' form/);
  });
});
