// Batch-means stability: constant costs need the minimum, noisy costs need
// more, and the estimate matches the formula on a hand-made run.
import { describe, expect, it } from 'vitest';
import { stabilityOf } from './stability.js';

describe('stability of MP/cycle', () => {
  it('needs only the minimum when every batch costs the same', () => {
    const at = Array.from({ length: 128 }, (_, i) => 10 * i);
    const s = stabilityOf(at, 1280, 32);
    expect(s.batches).toBe(4);
    expect(s.sd).toBe(0);
    expect(s.mpsFor1Percent).toBe(64);
  });

  it('follows (1.96 sd / (0.01 mean))^2 batches for noisy batches', () => {
    // Batches of 2 MPs costing 90, 110, 90, 110: mean 100, sd 11.547.
    const at = [0, 45, 90, 145, 200, 245, 290, 345];
    const s = stabilityOf(at, 400, 2);
    expect(s.mean).toBe(100);
    expect(s.sd).toBeCloseTo(11.547, 3);
    expect(s.mpsFor1Percent).toBe(2 * Math.ceil(((1.96 * s.sd) / 1) ** 2));
    expect(s.relativeHalfWidth).toBeCloseTo((1.96 * s.sd) / 2 / 100, 6);
  });

  it('says it cannot tell with fewer than two batches', () => {
    expect(stabilityOf([0, 5, 9], 20, 32).relativeHalfWidth).toBe(Infinity);
  });
});
