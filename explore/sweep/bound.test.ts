// The skip rule of `--explore bound` (bound.ts) on random design clouds:
// designs whose optimistic points (their real points at a higher rate) are
// all beaten by what is kept so far are dropped, and the frontiers, the
// constrained frontiers and the cost-at-rate table of what is kept must be
// those of every design. Plus the rule's edge cases and --explore's input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { constrainedFrontiers, costAtRate, groupBy, paretoFront, scorerOf } from '../pareto.js';
import type { Objectives, RateTargets } from '../contract.js';
import { boundOrder, boundViolation, parseExplore, RunningFrontiers, type Optimistic } from './bound.js';
import { figure, type PointRow } from './point.js';

const OBJ: Objectives = {
  x: { key: 'perfDensity', better: 'higher', display: { label: 'p', unit: '', scale: 1 } },
  y: { key: 'energyJ', better: 'lower', display: { label: 'e', unit: '', scale: 1 } },
};
const RATE: RateTargets = { metric: 'perSec', rate: 1e9, powerDensityLimits: [0.5, 1, 2], doc: '' };

/** A design point: `rate` items per cycle at a priced clock, area and power. */
function row(id: string, mode: string, a: string, rate: number, clockHz: number, areaMm2: number, powerW: number, vt: 'low' | 'high' = 'high'): PointRow {
  const perSec = rate * clockHz;
  return {
    study: 's', mode, params: { a }, id, vt, vdd: 0.99, stages: 1, clockHz, areaMm2, powerW, dynamicW: powerW, leakageW: 0, criticalPathPs: 1, pipelineBits: 0,
    metrics: { perSec, perfDensity: perSec / areaMm2, energyJ: powerW / perSec, powerDensity: powerW / areaMm2 },
    pareto: false, seed: 1, workload: 'w', extra: {},
  };
}

/** The tables, modes and column values in a fixed order (as the report orders them by the spec). */
function tables(unordered: readonly PointRow[]): unknown {
  const rows = [...unordered].sort((a, b) => a.mode.localeCompare(b.mode));
  const score = scorerOf<PointRow>(OBJ, figure);
  const ids = (xs: readonly PointRow[]): string[] => xs.map((r) => `${r.id}@${r.vt}`);
  return {
    frontier: [...groupBy(rows, (r) => r.mode)].map(([m, g]) => [m, ids(paretoFront(g, score))]),
    constrained: constrainedFrontiers(rows, ['a'], score).map((c) => [c.mode, c.value, ids(c.frontier)]).sort((a, b) => JSON.stringify(a.slice(0, 2)).localeCompare(JSON.stringify(b.slice(0, 2)))),
    costs: costAtRate(rows, RATE.rate, RATE.powerDensityLimits, { perSec: (r) => figure(r, 'perSec'), areaMm2: (r) => r.areaMm2, powerW: (r) => r.powerW }).map((c) => [c.mode, c.limit, c.point?.id, c.areaMm2, c.interpolated?.areaMm2, c.interpolated?.between?.map((r) => r.id)]),
  };
}

describe('the bound skip rule', () => {
  it('keeps the grid frontiers, constrained frontiers and rate-cost table on random clouds', () => {
    const design = fc.record({
      mode: fc.constantFrom('m1', 'm2'),
      a: fc.constantFrom('x', 'y'),
      rate: fc.double({ min: 0.05, max: 1, noNaN: true }),
      slack: fc.double({ min: 1, max: 4, noNaN: true }),
      points: fc.array(fc.record({ clock: fc.double({ min: 0.2e9, max: 3e9, noNaN: true }), area: fc.double({ min: 0.01, max: 2, noNaN: true }), power: fc.double({ min: 0.001, max: 2, noNaN: true }) }), { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(design, { minLength: 1, maxLength: 24 }), fc.boolean(), (ds, constrained) => {
        const real = new Map<string, PointRow[]>();
        const opt = new Map<string, Optimistic>();
        const entries = ds.map((d, index) => {
          const id = `d${index}`;
          const vts = ['high', 'low'] as const;
          real.set(id, d.points.map((p, k) => row(id, d.mode, d.a, d.rate, p.clock, p.area, p.power, vts[k % 2]!)));
          opt.set(id, { id, design: id, peak: d.rate * d.slack, rows: d.points.map((p, k) => row(id, d.mode, d.a, d.rate * d.slack, p.clock, p.area, p.power, vts[k % 2]!)) });
          return { index, id, mode: d.mode, params: { a: d.a } };
        });
        const f = new RunningFrontiers(OBJ, RATE, constrained ? ['a'] : []);
        const kept = new Set<string>();
        let skipped = 0;
        for (const e of boundOrder(opt, entries, OBJ)) {
          if (f.beatsAll(opt.get(e.id)!.rows)) {
            skipped++;
            continue;
          }
          kept.add(e.id);
          f.add(real.get(e.id)!);
        }
        const all = [...real.values()].flat();
        const strip = (t: unknown): unknown => (constrained ? t : { ...(t as object), constrained: null });
        // In canonical (enumeration) order, as a finished sweep writes them.
        expect(strip(tables(all.filter((r) => kept.has(r.id))))).toEqual(strip(tables(all)));
        return skipped >= 0;
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a design the rate-cost rule could pick under a limit where its dominator is over it', () => {
    const f = new RunningFrontiers(OBJ, RATE, []);
    // q: density 10, energy 1, power density 10; o: density 2, energy 3, power density 6.
    f.add([row('q', 'm', 'x', 1, 1e9, 0.1, 1)]);
    const o = row('o', 'm', 'x', 1, 1e9, 0.5, 3e-9 * 1e9 * 1);
    expect(figure(o, 'powerDensity')).toBeLessThan(8);
    const limits = new RunningFrontiers(OBJ, { ...RATE, powerDensityLimits: [8] }, []);
    limits.add([row('q', 'm', 'x', 1, 1e9, 0.1, 1)]);
    expect(limits.canWin(o)).toBe(true);
    // Without a limit it could be picked under, it is beaten.
    const none = new RunningFrontiers(OBJ, { ...RATE, powerDensityLimits: [1] }, []);
    none.add([row('q', 'm', 'x', 1, 1e9, 0.1, 1)]);
    expect(none.canWin(o)).toBe(false);
    expect(f.canWin(row('r', 'other', 'x', 0.01, 1e9, 1, 1))).toBe(true);
  });

  it('keeps a design of a column value nothing simulated shares when the report draws constrained frontiers', () => {
    const f = new RunningFrontiers(OBJ, null, ['a']);
    f.add([row('q', 'm', 'x', 1, 1e9, 0.1, 0.01)]);
    expect(f.canWin(row('o', 'm', 'y', 0.5, 1e9, 1, 1))).toBe(true);
    expect(f.canWin(row('o', 'm', 'x', 0.5, 1e9, 1, 1))).toBe(false);
    expect(new RunningFrontiers(OBJ, null, []).beatsAll([])).toBe(false);
  });

  it('says when a simulation beats its bound', () => {
    expect(boundViolation('d', { cycles: 10, work: 5 }, 0.5)).toBeNull();
    expect(boundViolation('d', { cycles: 10, work: 6 }, 0.5)).toMatch(/d simulated at 0\.6 work items per cycle, above its peakRate 0\.5/);
  });
});

describe('--explore', () => {
  it('takes bound or grid, else a one-line error naming the option and the strategies', () => {
    expect(parseExplore('sweep', undefined, 'grid')).toBe('grid');
    expect(parseExplore('study', 'grid', 'bound')).toBe('grid');
    expect(parseExplore('sweep', 'bound', 'grid')).toBe('bound');
    expect(() => parseExplore('sweep', 'foo', 'grid')).toThrow(/^sweep: --explore foo: unknown exploration strategy; valid: bound, grid/);
  });
});
