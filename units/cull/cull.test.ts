// Cull against the golden edge functions: facing and A2 of each triangle,
// over the full 14.8 range (where A2 needs all 44 bits) and on small
// triangles full of ties (degenerate ones included), singles and pairs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbSmallMP } from '../../testbenches/raster/arbitraries.js';
import { peekU, pokeAll, unitSim } from '../../testbenches/raster/unit-sim.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { signedArea2 } from '../raster-common/edge.js';
import { COORD_MAX } from '../raster-common/formats.js';
import { trianglesOf, type MP } from '../raster-common/mp.js';
import { Cull } from './module.js';

const coord = fc.integer({ min: 0, max: COORD_MAX });
const bigVertex = fc.record({ x: coord, y: coord, z: fc.constant(0) });
const arbBigMP: fc.Arbitrary<MP> = fc.tuple(bigVertex, bigVertex, bigVertex, bigVertex, fc.boolean()).map(([a, b, c, d, pair]) =>
  pair ? { kind: 'pair', v: [a, b, c, d], src: [0, 1] } : { kind: 'single', v: [a, b, c], src: [0] },
);
const corners: fc.Arbitrary<MP> = fc
  .tuple(fc.constantFrom(0, COORD_MAX), fc.constantFrom(0, COORD_MAX), fc.boolean())
  .map(([x, y, flip]) => ({ kind: 'single', v: flip ? [{ x: 0, y: 0, z: 0 }, { x, y: 0, z: 0 }, { x: 0, y, z: 0 }] : [{ x: 0, y: 0, z: 0 }, { x: 0, y, z: 0 }, { x, y: 0, z: 0 }], src: [0] }));

function checkCull(mp: MP, tvp: boolean): void {
  const sim = unitSim(Cull, { tvp });
  const nv = tvp ? 4 : 3;
  const inputs: Record<string, number> = {};
  for (let i = 0; i < nv; i++) {
    const v = mp.v[i] ?? mp.v[0];
    inputs[`x${i}`] = v.x;
    inputs[`y${i}`] = v.y;
  }
  if (tvp) inputs['pair'] = mp.kind === 'pair' ? 1 : 0;
  pokeAll(sim, inputs);
  trianglesOf(mp).forEach((t, i) => {
    const a2 = signedArea2(t);
    expect(peekU(sim, `front${i}`), `front${i} of ${JSON.stringify(t)}`).toBe(a2 > 0 ? 1n : 0n);
    if (a2 > 0) expect(peekU(sim, `area${i}`)).toBe(BigInt(a2));
  });
  if (tvp && mp.kind === 'single') expect(peekU(sim, 'front1')).toBe(0n);
}

describe('cull', () => {
  it('matches signedArea2 on full-range and tie-heavy MPs', () => {
    const arb = fc.record({ tvp: fc.boolean(), mp: fc.oneof(arbBigMP, corners, arbSmallMP(16, true), arbSmallMP(4, true)) });
    checkWithWaves('cull-vs-golden', arb, ({ tvp, mp }, ctx) => {
      const sim = unitSim(Cull, { tvp });
      ctx.attach(sim);
      checkCull(tvp || mp.kind === 'single' ? mp : { kind: 'single', v: [mp.v[0], mp.v[1], mp.v[2]], src: [0] }, tvp);
    }, { numRuns: 400 });
  });
});
