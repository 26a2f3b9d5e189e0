// Cull against the golden edge functions: facing and A2 of each triangle.
// The cull is exact for every MP whose stamp-aligned box fits STP b, the MPs
// the pipeline walks (the rest it flags out of range, pipeline.test.ts). So:
// full-range MPs at b = 14 (where A2 needs all 44 bits); at every b, MPs
// whose vertices span exactly the widest extent a fitting box allows
// (2^(b+8) - 1 units, deltas and A2 at their extremes) and small tie-heavy
// ones; and the link to the pipeline's rule: every MP the golden bbox says
// fits lies within that extent, and one unit more never fits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbSmallMP } from '../../testbenches/raster/arbitraries.js';
import { peekU, pokeAll, unitSim } from '../../testbenches/raster/unit-sim.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { fitsStp, stampBBox } from '../raster-common/bbox.js';
import { signedArea2 } from '../raster-common/edge.js';
import { COORD_MAX, STAMP_SIZES, STP_INT_BITS, type Msaa } from '../raster-common/formats.js';
import { trianglesOf, type MP, type Vertex } from '../raster-common/mp.js';
import { Cull } from './module.js';

const coord = fc.integer({ min: 0, max: COORD_MAX });
const bigVertex = fc.record({ x: coord, y: coord, z: fc.constant(0) });
const arbBigMP: fc.Arbitrary<MP> = fc.tuple(bigVertex, bigVertex, bigVertex, bigVertex, fc.boolean()).map(([a, b, c, d, pair]) =>
  pair ? { kind: 'pair', v: [a, b, c, d], src: [0, 1] } : { kind: 'single', v: [a, b, c], src: [0] },
);
const corners: fc.Arbitrary<MP> = fc
  .tuple(fc.constantFrom(0, COORD_MAX), fc.constantFrom(0, COORD_MAX), fc.boolean())
  .map(([x, y, flip]) => ({ kind: 'single', v: flip ? [{ x: 0, y: 0, z: 0 }, { x, y: 0, z: 0 }, { x: 0, y, z: 0 }] : [{ x: 0, y: 0, z: 0 }, { x: 0, y, z: 0 }, { x, y: 0, z: 0 }], src: [0] }));

/** Widest vertex extent (units) of a box that fits STP b: 2^(b+8) - 1. */
const extentOf = (b: number): number => 2 ** (b + 8) - 1;

/** An MP whose vertices lie in a window `side` units wide and tall at a
 *  random place on the screen, offsets pulled towards the window's edges so
 *  deltas and A2 reach their extremes (and past them when side is one over). */
function arbWindowMP(side: number, pairs: boolean): fc.Arbitrary<MP> {
  const off = fc.oneof(fc.constantFrom(0, side - 1), fc.integer({ min: 0, max: side - 1 }));
  const origin = fc.oneof(fc.constant(0), fc.constant(COORD_MAX + 1 - side), fc.integer({ min: 0, max: COORD_MAX + 1 - side }));
  return fc.record({ ox: origin, oy: origin, xs: fc.array(off, { minLength: 4, maxLength: 4 }), ys: fc.array(off, { minLength: 4, maxLength: 4 }), pair: fc.boolean() }).map(
    ({ ox, oy, xs, ys, pair }): MP => {
      const v = xs.map((x, i): Vertex => ({ x: ox + x, y: oy + ys[i]!, z: 0 }));
      return pairs && pair ? { kind: 'pair', v: [v[0]!, v[1]!, v[2]!, v[3]!], src: [0, 1] } : { kind: 'single', v: [v[0]!, v[1]!, v[2]!], src: [0] };
    },
  );
}

function checkCull(mp: MP, tvp: boolean, b: number): void {
  const sim = unitSim(Cull, { tvp, b });
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
    expect(peekU(sim, `front${i}`), `front${i} of ${JSON.stringify(t)} at b = ${b}`).toBe(a2 > 0 ? 1n : 0n);
    if (a2 > 0) expect(peekU(sim, `area${i}`), `area${i} of ${JSON.stringify(t)} at b = ${b}`).toBe(BigInt(a2));
  });
  if (tvp && mp.kind === 'single') expect(peekU(sim, 'front1')).toBe(0n);
}

/** Triangle 0 only, for a single-triangle cull. */
const asSingle = (mp: MP): MP => (mp.kind === 'single' ? mp : { kind: 'single', v: [mp.v[0], mp.v[1], mp.v[2]], src: [0] });

describe('cull', () => {
  it('at b = 14 matches signedArea2 on full-range and tie-heavy MPs', () => {
    const arb = fc.record({ tvp: fc.boolean(), mp: fc.oneof(arbBigMP, corners, arbSmallMP(16, true), arbSmallMP(4, true)) });
    checkWithWaves('cull-vs-golden', arb, ({ tvp, mp }, ctx) => {
      ctx.attach(unitSim(Cull, { tvp, b: 14 }));
      checkCull(tvp ? mp : asSingle(mp), tvp, 14);
    }, { numRuns: 300 });
  });

  it('is exact at every STP for MPs spanning up to the widest extent a fitting box allows', () => {
    const arb = fc
      .record({ tvp: fc.boolean(), b: fc.constantFrom(...STP_INT_BITS) })
      .chain(({ tvp, b }) => fc.record({ tvp: fc.constant(tvp), b: fc.constant(b), mp: fc.oneof(arbWindowMP(extentOf(b) + 1, tvp), arbSmallMP(16, tvp)) }));
    checkWithWaves('cull-at-limit', arb, ({ tvp, b, mp }, ctx) => {
      ctx.attach(unitSim(Cull, { tvp, b }));
      checkCull(tvp ? mp : asSingle(mp), tvp, b);
    }, { numRuns: 400 });
  });

  it('reaches the extremes its widths are derived from (|delta| and A2 = 2^(b+8) - 1, (2^(b+8) - 1)^2)', () => {
    for (const b of STP_INT_BITS) {
      const M = extentOf(b);
      const o = Math.min(1000, COORD_MAX - M);
      // Right angle with legs M: A2 = M^2, front-facing (clockwise, y down).
      const front: MP = { kind: 'single', v: [{ x: o, y: o, z: 0 }, { x: o + M, y: o, z: 0 }, { x: o, y: o + M, z: 0 }], src: [0] };
      const back: MP = { kind: 'single', v: [front.v[0], front.v[2], front.v[1]], src: [0] };
      for (const tvp of [false, true]) {
        checkCull(front, tvp, b);
        checkCull(back, tvp, b);
      }
    }
  });

  it('covers every MP the pipeline walks: a box that fits keeps vertices within the extent, one unit more never fits', () => {
    const arb = fc
      .record({ b: fc.constantFrom(...STP_INT_BITS.filter((b) => b < 14)), msaa: fc.constantFrom<Msaa>(4, 16), k: fc.constantFrom(...STAMP_SIZES), over: fc.boolean() })
      .chain((c) => fc.record({ c: fc.constant(c), mp: arbWindowMP(extentOf(c.b) + (c.over ? 2 : 1), false) }));
    fc.assert(
      fc.property(arb, ({ c, mp }) => {
        const xs = mp.v.map((p) => p.x);
        const ys = mp.v.map((p) => p.y);
        const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
        const fits = fitsStp(stampBBox(mp.v, c.msaa, c.k), c.b as 4);
        if (fits) expect(extent).toBeLessThanOrEqual(extentOf(c.b));
        if (extent > extentOf(c.b)) expect(fits).toBe(false);
      }),
      { numRuns: 500, seed: 9 },
    );
  });
});
