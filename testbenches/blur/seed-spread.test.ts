// The quantiles behind the confidence intervals, against published tables,
// and the spread across seeds on hand-made rates.
import { describe, expect, it } from 'vitest';
import { acrossSeeds, chiSquareQuantile, normalQuantile, rms, studentT975 } from './seed-spread.js';

describe('quantiles', () => {
  it('match the tables', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959964, 5);
    // chi-square(9): 2.700 and 19.023 (tables); Wilson-Hilferty within 1%.
    expect(chiSquareQuantile(0.025, 9) / 2.7).toBeCloseTo(1, 1);
    expect(chiSquareQuantile(0.975, 9) / 19.023).toBeCloseTo(1, 2);
    // 1 and 2 degrees of freedom (2 and 3 seeds), exact: 0.000982 / 5.024 and 0.0506 / 7.378.
    expect(chiSquareQuantile(0.025, 1) / 0.000982).toBeCloseTo(1, 2);
    expect(chiSquareQuantile(0.975, 1) / 5.024).toBeCloseTo(1, 3);
    expect(chiSquareQuantile(0.025, 2) / 0.0506).toBeCloseTo(1, 2);
    expect(chiSquareQuantile(0.975, 2) / 7.378).toBeCloseTo(1, 3);
    expect([studentT975(1), studentT975(2), studentT975(15), studentT975(30)]).toEqual([12.706, 4.303, 2.131, 2.042]);
    expect(studentT975(60)).toBeCloseTo(2.0003, 3);
    expect(studentT975(1000)).toBeCloseTo(1.9623, 3);
  });

  it('refuse what has no quantile', () => {
    expect(() => studentT975(0)).toThrow(/df 0/);
    expect(() => normalQuantile(1)).toThrow(/p 1/);
  });
});

describe('the spread across seeds', () => {
  it('is 1.96 sd / mean with the chi-square interval of the sd around it', () => {
    const s = acrossSeeds([9, 10, 11]);
    expect(s.across).toBeCloseTo((1.96 * 1) / 10, 12);
    expect(s.acrossLow).toBeLessThan(s.across);
    expect(s.acrossHigh).toBeGreaterThan(s.across);
    expect(rms([3, 4])).toBeCloseTo(Math.sqrt(12.5), 12);
    expect(() => acrossSeeds([1])).toThrow(/at least 2/);
  });
});
