// Stratified batch means: constant costs need the minimum, noisy costs
// follow the formula, and a difference between strata is not counted as
// noise.
import { describe, expect, it } from 'vitest';
import { stabilityOf } from './stability.js';

describe('stability of MP/cycle', () => {
  it('needs only the minimum when every batch costs the same', () => {
    const at = Array.from({ length: 1024 }, (_, i) => 100 * i);
    const s = stabilityOf(at, 102400, undefined, 32);
    expect([s.batch, s.batches, s.sd, s.mean, s.mpsFor1Percent]).toEqual([32, 32, 0, 100, 64]);
  });

  it('follows the batch-means formula for noisy batches', () => {
    // Batches of 2 MPs costing 90, 110, 90, 110: mean 100 (50 per MP), sd 11.547.
    const at = [0, 45, 90, 145, 200, 245, 290, 345].map((c) => 100 * c);
    const s = stabilityOf(at, 40000, undefined, 2, 'batch');
    expect(s.batch).toBe(2);
    expect(s.mean).toBe(5000);
    const se = 100 * Math.sqrt(((400 / 3) / 4) / 4);
    expect(s.sd).toBeCloseTo(se, 9);
    expect(s.relativeHalfWidth).toBeCloseTo((1.96 * se) / 5000, 9);
    expect(s.mpsFor1Percent).toBe(Math.ceil(8 * (s.relativeHalfWidth / 0.01) ** 2));
  });

  it('estimates a batch\'s variance from successive differences, which a trend along the stream does not inflate', () => {
    // Same batches: differences -20, +20, -20 give v = 3 x 400 / (2 x 3) = 200.
    const at = [0, 45, 90, 145, 200, 245, 290, 345].map((c) => 100 * c);
    const s = stabilityOf(at, 40000, undefined, 2);
    expect(s.sd).toBeCloseTo(100 * Math.sqrt(200 / 4 / 4), 9);
    // Batches costing 80, 90, 100, 110, 120 (a steady trend): the plain
    // variance counts the trend, successive differences only its steps.
    // (In hundreds of cycles, so a batch of 2 spans the 2000-cycle minimum.)
    const costs = [80, 90, 100, 110, 120].map((x) => 100 * x);
    const trend: number[] = [];
    let c = 0;
    for (const b of costs) {
      trend.push(c, c + b / 2);
      c += b;
    }
    const sd = stabilityOf(trend, c, undefined, 2);
    const plain = stabilityOf(trend, c, undefined, 2, 'batch');
    expect(sd.sd).toBeCloseTo((100 * Math.sqrt((4 * 100) / (2 * 4) / 5)) / 2, 9);
    expect(plain.sd).toBeCloseTo((100 * Math.sqrt(250 / 5)) / 2, 9);
    expect(sd.relativeHalfWidth).toBeLessThan(plain.relativeHalfWidth);
  });

  it('widens batches to span the minimum cycles when MPs are cheap', () => {
    const at = Array.from({ length: 4000 }, (_, i) => 4 * i);
    expect(stabilityOf(at, 16000).batch).toBe(500);
  });

  it('does not count the difference between strata as noise', () => {
    // Stratum 0: MPs cost 1000 cycles each; stratum 1: 3000.
    const at: number[] = [];
    let c = 0;
    for (let i = 0; i < 64; i++) {
      at.push(c);
      c += i < 32 ? 1000 : 3000;
    }
    const strata = at.map((_, i) => (i < 32 ? 0 : 1));
    const s = stabilityOf(at, c, strata, 8);
    expect(s.mean).toBe(2000);
    expect(s.sd).toBe(0);
    const pooled = stabilityOf(at, c, undefined, 8);
    expect(pooled.sd).toBeGreaterThan(0);
  });

  it('says it cannot tell when a stratum has fewer than two batches', () => {
    expect(stabilityOf([0, 5, 9], 20, undefined, 32).relativeHalfWidth).toBe(Infinity);
  });
});
