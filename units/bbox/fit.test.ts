// StampFit (the fit check the Blur front end's cull needs) against the STP
// fit computed by floor division from the vertex extremes, on the Hybrid's
// three grids at once (blur tiles, 16x cells, 4x cells, each k x k), for
// small MPs, MPs at the size limit of one grid and one stamp beyond it, and
// pairs with and without their fourth vertex.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbLimitMP, arbSmallMP } from '../../testbenches/raster/arbitraries.js';
import { peekU, pokeAll, unitSim } from '../../testbenches/raster/unit-sim.js';
import { checkWithWaves } from '../../testbenches/property.js';
import type { Vertex } from '../raster-common/mp.js';
import { StampFit } from './fit.js';

/** Stamp-aligned box of 2^sb-unit stamps fits 2^(b+8) units a side. */
function fitsOn(v: readonly Vertex[], sb: number, b: number): boolean {
  const side = 2 ** sb;
  const span = (cs: number[]): number => (Math.floor(Math.max(...cs) / side) - Math.floor(Math.min(...cs) / side) + 1) * side;
  return span(v.map((p) => p.x)) <= 2 ** (b + 8) && span(v.map((p) => p.y)) <= 2 ** (b + 8);
}

const arbCase = fc.record({ b: fc.constantFrom(4, 6, 8, 10, 14), k: fc.constantFrom(1, 2, 4), tvp: fc.boolean() }).chain(({ b, k, tvp }) => {
  const kb = Math.log2(k);
  const grids = [9 + kb, 6 + kb, 7 + kb];
  const limit = b < 14 ? grids.flatMap((stampBits) => [true, false].map((fits) => arbLimitMP({ b, stampBits, fits, square: false, pairs: tvp }))) : [];
  return fc.record({ b: fc.constant(b), grids: fc.constant(grids), tvp: fc.constant(tvp), mp: fc.oneof(arbSmallMP(16, tvp, 6), ...limit) });
});

describe('stamp fit', () => {
  it('matches the fit of the stamp-aligned box on every grid', () => {
    checkWithWaves('stamp-fit-vs-golden', arbCase, ({ b, grids, tvp, mp }, ctx) => {
      const sim = unitSim(StampFit, { tvp, b, grids });
      ctx.attach(sim);
      const inputs: Record<string, number> = {};
      for (let i = 0; i < (tvp ? 4 : 3); i++) {
        const v = mp.v[i] ?? mp.v[0];
        Object.assign(inputs, { [`v${i}_x`]: v.x, [`v${i}_y`]: v.y });
      }
      if (tvp) inputs['pair'] = mp.kind === 'pair' ? 1 : 0;
      pokeAll(sim, inputs);
      const want = grids.reduce((acc, sb, g) => acc | ((fitsOn(mp.v, sb, b) ? 1 : 0) << g), 0);
      expect(peekU(sim, 'fit')).toBe(BigInt(want));
    }, { numRuns: 400 });
  });
});
