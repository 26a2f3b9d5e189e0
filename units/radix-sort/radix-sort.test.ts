import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { findUnit } from '../registry.js';
import { checkRadixConfig, type RadixSortConfig } from './config.js';
import { pairColumns, runSorter, runSorterColumns } from './drive.js';
import { canonicalRuns, goldenPasses, goldenSort, keyOf, type SortPair } from './golden.js';
import { RadixSorter } from './module.js';

const u32 = fc.integer({ min: 0, max: 2 ** 32 - 1 });

/** Key distributions the issue names, plus tile-shaped ones. */
function arbPairs(n: number, pidBits: number): fc.Arbitrary<SortPair[]> {
  const pidMax = 2 ** pidBits - 1;
  const withVals = (keys: fc.Arbitrary<{ pid: number; xy: number }[]>) => keys.map((ks) => ks.map((k, val) => ({ ...k, val })));
  const key = (pid: fc.Arbitrary<number>, xy: fc.Arbitrary<number>) => fc.record({ pid, xy });
  return fc.oneof(
    // all equal
    key(fc.integer({ min: 0, max: pidMax }), u32).map((k) => Array.from({ length: n }, () => k)).map((ks) => ks.map((k, val) => ({ ...k, val }))),
    // all distinct (as far as the key space allows), in a random order
    fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i), { minLength: n, maxLength: n }).map((perm) => perm.map((p, val) => ({ pid: p % (pidMax + 1), xy: (p * 2654435761) >>> 0, val }))),
    // few primitives over a tile's Morton range
    withVals(fc.array(key(fc.integer({ min: 0, max: Math.min(3, pidMax) }).map((p) => p + Math.floor(pidMax / 2)), fc.integer({ min: 0, max: 4095 })), { minLength: n, maxLength: n })),
    // adversarial: every key bit varies, ids and words at both extremes
    withVals(fc.array(key(fc.constantFrom(0, pidMax, 1, pidMax - 1 > 0 ? pidMax - 1 : 0), fc.constantFrom(0, 2 ** 32 - 1, 0x80000000, 0x7fffffff, 1)), { minLength: n, maxLength: n })),
    withVals(fc.array(key(fc.integer({ min: 0, max: pidMax }), u32), { minLength: n, maxLength: n })),
  );
}

describe('RadixSorter (DSL) against a plain sort', () => {
  it('outputs a permutation of its input, sorted by key, in the golden pass count', () => {
    const arb = fc
      .record({
        k: fc.constantFrom(2, 3, 4, 5, 8),
        keysPerCycle: fc.constantFrom('1', '2', '4', '8') as fc.Arbitrary<RadixSortConfig['keysPerCycle']>,
        capacityLog2: fc.constantFrom(4, 6, 8),
        pidBits: fc.constantFrom(3, 16, 32),
      })
      .chain((c) => fc.record({ cfg: fc.constant({ ...c, valBits: c.capacityLog2 } as RadixSortConfig), pairs: fc.integer({ min: 0, max: 2 ** c.capacityLog2 }).chain((n) => arbPairs(n, c.pidBits)) }));
    const sims = new SimulatorCache((c: RadixSortConfig) => elaborate(RadixSorter, c));
    checkWithWaves('radix-sort-vs-plain-sort', arb, (x, ctx) => {
      const sim = sims.get(x.cfg);
      ctx.attach(sim);
      // Two tiles back to back: the sorter must come back clean.
      for (const pairs of [x.pairs, x.pairs.slice(0, Math.floor(x.pairs.length / 3))]) {
        const r = runSorter(sim, x.cfg, pairs);
        const keys = r.sorted.map(keyOf);
        for (let i = 1; i < keys.length; i++) expect(keys[i - 1]! <= keys[i]!).toBe(true);
        expect(canonicalRuns(r.sorted)).toEqual(canonicalRuns(goldenSort(pairs)));
        expect(r.passes).toBe(goldenPasses(pairs, x.cfg.k));
        expect(r.overflow).toBe(false);
      }
    }, { numRuns: 30 });
  });

  it('cycle count depends only on pairs, passes, k and keys per cycle, not on key values', () => {
    const cfg: RadixSortConfig = { k: 4, keysPerCycle: '2', capacityLog2: 7, pidBits: 16, valBits: 7 };
    const sim = createSimulator(elaborate(RadixSorter, cfg));
    sim.reset();
    const a = Array.from({ length: 100 }, (_, i) => ({ pid: 7 + (i % 5), xy: (i * 37) % 64, val: i }));
    const b = Array.from({ length: 100 }, (_, i) => ({ pid: 300 + ((i * 3) % 5), xy: 4096 + ((i * 11) % 63), val: 99 - i }));
    expect(goldenPasses(a, 4)).toBe(goldenPasses(b, 4));
    expect(runSorter(sim, cfg, a).cycles).toEqual(runSorter(sim, cfg, b).cycles);
  });
});

describe('RadixSorter bad input', () => {
  const cfg: RadixSortConfig = { k: 8, keysPerCycle: '1', capacityLog2: 4, pidBits: 8, valBits: 4 };
  const sim = createSimulator(elaborate(RadixSorter, cfg));
  sim.reset();
  it('a key wider than the configured key width names pidBits and the valid range', () => {
    expect(() => runSorter(sim, cfg, [{ pid: 256, xy: 0, val: 0 }])).toThrow(/pidBits=8; valid ids 0\.\.255/);
    // The same check on columns, and on a value past valBits.
    expect(() => runSorterColumns(sim, cfg, pairColumns([{ pid: 256, xy: 0, val: 0 }]))).toThrow(/pidBits=8; valid ids 0\.\.255/);
    expect(() => runSorterColumns(sim, cfg, pairColumns([{ pid: 1, xy: 0, val: 16 }]))).toThrow(/value 16 exceeds valBits=4; valid 0\.\.15/);
  });
  it('a tile larger than the buffers names capacityLog2 and the valid range', () => {
    const pairs = Array.from({ length: 17 }, (_, i) => ({ pid: 0, xy: i, val: i % 16 }));
    expect(() => runSorter(sim, cfg, pairs)).toThrow(/capacityLog2=4 \(16 pairs\); valid capacityLog2 5\.\.20/);
    expect(() => runSorterColumns(sim, cfg, pairColumns(pairs))).toThrow(/capacityLog2=4 \(16 pairs\); valid capacityLog2 5\.\.20/);
  });
  it('a digit width with no sensible pass count names k and the valid range', () => {
    expect(() => checkRadixConfig({ ...cfg, k: 1 })).toThrow(/k=1 .*valid 2\.\.16/);
    expect(() => findUnit('radix-sort').elaborate('k=17')).toThrow(/k=17 is not valid; allowed: integer 2\.\.16/);
  });
  it('overflowing pairs are dropped and flagged by the hardware too', () => {
    const pairs = Array.from({ length: 20 }, (_, i) => ({ pid: 0, xy: i, val: i % 16 }));
    const r = runSorter(sim, cfg, pairs, { check: false });
    expect(r.overflow).toBe(true);
    expect(r.sorted.length).toBe(16);
  });
});
