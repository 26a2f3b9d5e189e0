import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { constrainedFrontiers, costAtRate, dominates as dominatesBy, markPareto as markBy, paretoFront as frontBy, paretoMask as maskBy, scorerOf } from './pareto.js';

// The rasterizer objectives: higher performance density, lower energy.
interface Scored {
  perfDensity: number;
  energyPerMpJ: number;
}
const score = scorerOf<Scored>(
  { x: { key: 'perfDensity', better: 'higher', display: { label: '', unit: '', scale: 1 } }, y: { key: 'energyPerMpJ', better: 'lower', display: { label: '', unit: '', scale: 1 } } },
  (p, k) => (k === 'perfDensity' ? p.perfDensity : p.energyPerMpJ),
);
const dominates = (a: Scored, b: Scored): boolean => dominatesBy(a, b, score);
const paretoMask = (ps: readonly Scored[]): boolean[] => maskBy(ps, score);
const paretoFront = <T extends Scored>(ps: readonly T[]): T[] => frontBy(ps, score);
const markPareto = <T extends Scored & { mode: string; pareto: boolean }>(rows: T[]): void => markBy(rows, score);

// Small integer grids make ties and exact duplicates common, which is where
// frontier code goes wrong.
const point = fc.record({ perfDensity: fc.integer({ min: 1, max: 12 }), energyPerMpJ: fc.integer({ min: 1, max: 12 }) });
const cloud = fc.array(point, { maxLength: 60 });

describe('paretoMask', () => {
  it('no frontier point is dominated by any point', () => {
    fc.assert(
      fc.property(cloud, (ps) => {
        const mask = paretoMask(ps);
        ps.forEach((p, i) => {
          if (mask[i]) expect(ps.some((q) => dominates(q, p))).toBe(false);
        });
      }),
    );
  });

  it('every point off the frontier is dominated by some frontier point', () => {
    fc.assert(
      fc.property(cloud, (ps) => {
        const mask = paretoMask(ps);
        const front = ps.filter((_, i) => mask[i]);
        ps.forEach((p, i) => {
          if (!mask[i]) expect(front.some((q) => dominates(q, p))).toBe(true);
        });
      }),
    );
  });

  it('agrees with the quadratic definition on continuous values', () => {
    const real = fc.record({ perfDensity: fc.double({ min: 1e-3, max: 1e3, noNaN: true }), energyPerMpJ: fc.double({ min: 1e-15, max: 1e-9, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(real, { maxLength: 80 }), (ps) => {
        const brute = ps.map((p) => !ps.some((q) => dominates(q, p)));
        expect(paretoMask(ps)).toEqual(brute);
      }),
    );
  });

  it('keeps exact duplicates together and never puts non-finite points on it', () => {
    const ps: Scored[] = [
      { perfDensity: 2, energyPerMpJ: 1 },
      { perfDensity: 2, energyPerMpJ: 1 },
      { perfDensity: 1, energyPerMpJ: 1 },
      { perfDensity: NaN, energyPerMpJ: 0.1 },
      { perfDensity: Infinity, energyPerMpJ: 0.1 },
    ];
    expect(paretoMask(ps)).toEqual([true, true, false, false, false]);
  });

  it('paretoFront sorts by density for plotting', () => {
    const f = paretoFront([
      { perfDensity: 3, energyPerMpJ: 3 },
      { perfDensity: 1, energyPerMpJ: 1 },
      { perfDensity: 2, energyPerMpJ: 2 },
      { perfDensity: 2, energyPerMpJ: 5 },
    ]);
    expect(f.map((p) => p.perfDensity)).toEqual([1, 2, 3]);
  });
});

describe('per mode, constrained, at a rate', () => {
  const row = (mode: string, sts: string, perfDensity: number, energyPerMpJ: number, powerDensity: number) => ({
    mode, params: { sts }, perfDensity, energyPerMpJ, powerDensity, pareto: false,
  });

  it('marks each mode against itself only', () => {
    const rows = [row('a', '1x1', 1, 1, 1), row('a', '1x1', 2, 2, 1), row('a', '2x2', 0.5, 3, 1), row('b', '1x1', 0.1, 9, 1)];
    markPareto(rows);
    expect(rows.map((r) => r.pareto)).toEqual([true, true, false, true]);
  });

  it('restricts the frontier to each value of an axis', () => {
    const rows = [row('a', '1x1', 1, 1, 1), row('a', '1x1', 2, 2, 1), row('a', '2x2', 0.5, 3, 1), row('a', '2x2', 0.4, 4, 1)];
    const g = constrainedFrontiers(rows, ['sts'], score);
    expect(g.map((x) => [x.value, x.count, x.frontier.length])).toEqual([['1x1', 2, 2], ['2x2', 2, 1]]);
  });

  it('picks the least area within each power-density limit: area = R / density, power = R x energy', () => {
    const unit = (sts: string, perSec: number, areaMm2: number, powerW: number) => ({ mode: 'a', params: { sts }, perSec, areaMm2, powerW });
    // densities 1e10, 2e10, 3e10 per mm^2; power densities 0.5, 1.2, 2 W/mm^2
    const rows = [unit('1x1', 1e9, 0.1, 0.05), unit('2x2', 2e9, 0.1, 0.12), unit('4x4', 3e9, 0.1, 0.2)];
    const c = costAtRate(rows, 3e9, [0.7, 1, 1.5, 0.1], { perSec: (r) => r.perSec, areaMm2: (r) => r.areaMm2, powerW: (r) => r.powerW });
    expect(c.map((x) => x.point?.params['sts'] ?? null)).toEqual(['1x1', '1x1', '2x2', null]);
    expect(c[2]!.areaMm2).toBeCloseTo(3e9 / 2e10, 12);
    expect(c[2]!.powerW).toBeCloseTo(3e9 * (0.12 / 2e9), 12);
    expect(c[3]!.areaMm2).toBeNaN();
  });
});
