import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeRng, seedFromEnv, splitmix32 } from './rng.js';

describe('seeded rng', () => {
  it('replays the same stream from the same seed and differs across seeds', () => {
    const a = makeRng(42);
    const b = makeRng(42);
    const c = makeRng(43);
    const xs = Array.from({ length: 100 }, () => a.u32());
    expect(Array.from({ length: 100 }, () => b.u32())).toEqual(xs);
    expect(Array.from({ length: 100 }, () => c.u32())).not.toEqual(xs);
    expect(a.seed).toBe(42);
  });

  it('draws integers uniformly within inclusive bounds', () => {
    const r = makeRng(7);
    const counts = new Array<number>(6).fill(0);
    let outOfRange = 0;
    for (let i = 0; i < 60000; i++) {
      const v = r.int(-2, 3);
      if (v < -2 || v > 3 || !Number.isInteger(v)) outOfRange++;
      else counts[v + 2]!++;
    }
    expect(outOfRange).toBe(0);
    // Each bucket expects 10000; 5 sigma is about 456.
    for (const n of counts) expect(Math.abs(n - 10000), `seed 7 counts ${counts}`).toBeLessThan(500);
    expect(() => r.int(3, 2)).toThrow(/bad range/);
  });

  it('floats are in [0, 1) and ranges scale them', () => {
    const r = makeRng(9);
    for (let i = 0; i < 10000; i++) {
      const f = r.float();
      expect(f >= 0 && f < 1).toBe(true);
      const g = r.range(-3, 5);
      expect(g >= -3 && g < 5).toBe(true);
    }
  });

  it('forks deterministic, label-dependent children', () => {
    const parent = makeRng(1);
    expect(parent.fork('a').u32()).toBe(makeRng(1).fork('a').u32());
    expect(parent.fork('a').u32()).not.toBe(parent.fork('b').u32());
    expect(parent.fork(0).u32()).not.toBe(parent.fork(1).u32());
  });

  it('splitmix32 is a 32-bit mixer and seeds come from GFXRTL_SEED when set', () => {
    expect(splitmix32(0)).toBeGreaterThanOrEqual(0);
    expect(splitmix32(0)).toBeLessThan(2 ** 32);
    expect(splitmix32(1)).not.toBe(splitmix32(2));
    expect(seedFromEnv(5, {})).toBe(5);
    expect(seedFromEnv(5, { GFXRTL_SEED: '123' })).toBe(123);
    expect(() => seedFromEnv(5, { GFXRTL_SEED: 'x' })).toThrow(/GFXRTL_SEED/);
  });

  it('fast-check properties run from a fixed seed unless GFXRTL_SEED names one (fast-check-seed.ts)', () => {
    expect(fc.readConfigureGlobal().seed).toBe(seedFromEnv(20100625));
  });
});
