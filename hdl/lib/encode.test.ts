import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { highestSet, lowestSet } from './models.js';
import { Encoders } from './test-designs.js';

const sims = new SimulatorCache((w: number) => elaborate(Encoders, { width: w }));

function expectedOf(x: bigint, idx: number, w: number): Record<string, bigint> {
  const lo = lowestSet(x, w);
  const hi = highestSet(x, w);
  let pop = 0;
  let orIdx = 0;
  for (let i = 0; i < w; i++) {
    if ((x >> BigInt(i)) & 1n) {
      pop++;
      orIdx |= i;
    }
  }
  return {
    lo_valid: lo === null ? 0n : 1n,
    lo_index: BigInt(lo ?? 0),
    hi_index: BigInt(hi ?? 0),
    first_lo: lo === null ? 0n : 1n << BigInt(lo),
    first_hi: hi === null ? 0n : 1n << BigInt(hi),
    oh_index: BigInt(orIdx),
    decoded: idx < w ? 1n << BigInt(idx) : 0n,
    pop: BigInt(pop),
    lzc: BigInt(hi === null ? w : w - 1 - hi),
    tzc: BigInt(lo === null ? w : lo),
    blen: BigInt(hi === null ? 0 : hi + 1),
    smear: hi === null ? 0n : (1n << BigInt(hi + 1)) - 1n,
    min_lo_hi: BigInt(Math.min(lo ?? 0, hi ?? 0)),
    max_lo_hi: BigInt(Math.max(lo ?? 0, hi ?? 0)),
  };
}

describe('encoders and bit counts', () => {
  it('match a bit-loop model for widths 1 to 70', () => {
    const arb = fc
      .record({ w: fc.oneof(fc.integer({ min: 1, max: 17 }), fc.constantFrom(31, 32, 33, 53, 64, 70)), seed: fc.bigInt({ min: 0n, max: (1n << 70n) - 1n }), sparse: fc.integer({ min: 0, max: 3 }), idx: fc.nat() })
      .map((r) => {
        // Sparse inputs (few bits set) reach the interesting encoder cases.
        let x = r.seed & ((1n << BigInt(r.w)) - 1n);
        for (let k = 0; k < r.sparse; k++) x &= (x >> BigInt(k + 1)) | (r.seed >> 40n);
        return { w: r.w, x, idx: r.idx % 2 ** Math.max(1, Math.ceil(Math.log2(r.w))) };
      });
    checkWithWaves('lib-encoders', arb, ({ w, x, idx }, ctx) => {
      const sim = sims.get(w);
      ctx.attach(sim);
      sim.poke('x', x);
      sim.poke('idx', idx);
      const want = expectedOf(x, idx, w);
      for (const [k, v] of Object.entries(want)) expect({ w, x, port: k, value: sim.peek(k) }).toEqual({ w, x, port: k, value: v });
    }, { numRuns: 300 });
  });

  it('every one-hot input of 1 to 9 bits round-trips through oneHotToIndex and indexToOneHot', () => {
    for (let w = 1; w <= 9; w++) {
      const sim = sims.get(w);
      for (let i = 0; i < w; i++) {
        sim.poke('x', 1n << BigInt(i));
        sim.poke('idx', i);
        expect(sim.peek('oh_index')).toBe(BigInt(i));
        expect(sim.peek('decoded')).toBe(1n << BigInt(i));
      }
    }
  });
});
