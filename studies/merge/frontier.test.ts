// The merge cost frontier: configurations joined with the shading they
// saved, on the engine's Pareto frontier (less area, more saved).
import { describe, expect, it } from 'vitest';
import type { CostRow } from './cost.js';
import type { ResultRow } from './experiment.js';
import { frontierPoints } from './frontier.js';

const cost = (unit: 'qfm' | 'pmu', entries: number, areaMm2: number, maskWidth: number | null = unit === 'qfm' ? 512 : null): CostRow => ({ unit, entries, maskWidth, msaa: 4, areaMm2, powerW: areaMm2, clockHz: 1e9, stages: 1, storageBits: 0 });
const row = (unit: 'qfm' | 'pmu', entries: number, quadFragments: number, quadsSaved: number): ResultRow =>
  ({ unit, entries, msaa: 4, quadFragments, quadsSaved }) as Partial<ResultRow> as ResultRow;

describe('merge cost frontier', () => {
  it('sums the saved quads over scenes and keeps the points no other beats on both area and saving', () => {
    const costs = [cost('qfm', 1, 0.01), cost('qfm', 4, 0.02), cost('qfm', 16, 0.04), cost('pmu', 4, 0.03), cost('pmu', 16, 0.05), cost('qfm', 32, 0.02, 64)];
    const rows = [
      row('qfm', 1, 100, 10), row('qfm', 1, 100, 10), // 10%
      row('qfm', 4, 100, 30), row('qfm', 4, 300, 50), // 20%
      row('qfm', 16, 200, 40), // 20%: no better than 4 entries for twice the area
      row('pmu', 4, 100, 25), // 25%
      row('pmu', 16, 100, 20), // 20% at the largest area
      row('qfm', 32, 100, 90), // mask width 64: not in the sweep's frontier (only 512-bit masks)
    ];
    const pts = frontierPoints(costs, rows);
    expect(pts.map((p) => [p.unit, p.entries, Math.round(p.saved * 100), p.onFrontier])).toEqual([
      ['qfm', 1, 10, true],
      ['qfm', 4, 20, true],
      ['qfm', 16, 20, false],
      ['pmu', 4, 25, true],
      ['pmu', 16, 20, false],
    ]);
  });
});
