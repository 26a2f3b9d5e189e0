// The merge units' cost rows are priced at a clock the unit reaches.
import { describe, expect, it } from 'vitest';
import { inventory } from '../../hdl/inventory/index.js';
import { price } from '../../synth-models/index.js';
import { findUnit } from '../../units/registry.js';
import { COST_CLOCK_HZ, COST_POINT, costSection, costSweep } from './cost.js';

describe('merge unit cost', () => {
  it('prices each configuration at the target clock where a depth meets it, else at the fastest it reaches, and shows the clock', () => {
    const rows = costSweep({ qfmEntries: [1], qfmMaskWidths: [], pmuEntries: [], msaa: 4 }, 'qfm');
    expect(rows).toHaveLength(1);
    const r = rows[0]!;
    expect(r.clockHz).toBeLessThanOrEqual(COST_CLOCK_HZ);
    // A clock the unit reaches at its depth.
    const fastest = price(inventory(findUnit('qfm').elaborate({ entries: '1', maskWidth: '512', msaa: '4' }).design), { ...COST_POINT, stages: r.stages }).maxClockHz;
    expect(r.clockHz).toBeLessThanOrEqual(fastest * (1 + 1e-9));
    // Below the target: no depth met it, so it is unpipelined at its own fastest clock.
    if (r.clockHz < COST_CLOCK_HZ) expect(r.stages).toBe(1);
    expect(costSection(rows, [])).toContain(`| qfm | 1 | 512 | ${r.storageBits} | ${r.stages} | ${(r.clockHz / 1e9).toFixed(3)} |`);
  });
});
