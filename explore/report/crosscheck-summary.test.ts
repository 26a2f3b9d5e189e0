import { describe, expect, it } from 'vitest';
import type { CrossCheckFile } from './checks.js';
import { crossCheckSummary, crossCheckTable } from './tables.js';

const file = (ratios: Record<string, number>): CrossCheckFile => ({
  format: 'gfxrtl-yosys-crosscheck/1',
  units: Object.entries(ratios).map(([unit, ratio]) => ({ unit, yosysCells: 10, yosysAreaUm2: 100, modelAreaUm2: 100 * ratio, ratio, unmapped: {} })),
});

describe('cross-check band summary', () => {
  it('names every unit outside 0.8-1.25 with its ratio', () => {
    const y = file({ fifo: 1.01, counter: 1.36, qfm: 0.23 });
    expect(crossCheckSummary(y)).toBe('Yosys cross-check: 1 of 3 units within 0.8-1.25 (ratios 0.23-1.36); outside: counter 1.36, qfm 0.23.');
    expect(crossCheckTable(y).endsWith(crossCheckSummary(y))).toBe(true);
  });

  it('says so when every unit is inside, band edges included', () => {
    expect(crossCheckSummary(file({ a: 0.8, b: 1.25 }))).toBe('Yosys cross-check: all 2 units within 0.8-1.25 (ratios 0.8-1.25).');
  });
});
