// --stages is bounded per design: the deepest pipeline that still raises
// the clock, derived from the design's critical path and its loops.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { inventory } from '../hdl/inventory/index.js';
import { DEFAULT_KNOBS } from './knobs.js';
import { price } from './price.js';
import { findUnit } from '../units/registry.js';
import { usefulStages } from './stage-limit.js';
import { checkBadCases, scratchDir } from '../cli/spawn-cli.js';

const DIR = scratchDir();
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('usefulStages', () => {
  for (const [unit, config] of [['mac', ''], ['noblur', 'sts=1x1'], ['qfm', 'entries=4,maskWidth=16']] as const) {
    it(`${unit}: the clock rises up to the limit and not past it`, () => {
      const inv = inventory(findUnit(unit).elaborate(config).design);
      const at = { vt: 'nominal', vdd: 1.1 } as const;
      const { max, why } = usefulStages(inv, at, DEFAULT_KNOBS, 'fast');
      const clock = (stages: number): number => price(inv, { ...at, stages }, { knobs: DEFAULT_KNOBS, arith: 'fast' }).maxClockHz;
      if (max > 1) expect(clock(max), why).toBeGreaterThan(clock(max - 1));
      expect(clock(max + 1), why).toBeLessThanOrEqual(clock(max) * (1 + 1e-9));
      expect(clock(max + 8), why).toBeLessThanOrEqual(clock(max) * (1 + 1e-9));
    });
  }
});

it('price: --stages outside the design\'s useful range is one line naming the design and the range', async () => {
  const problems = await checkBadCases(
    [
      { args: ['price', 'mac', '--stages', '5'], spawn: true, says: /--stages 5 for mac \[.*\] at nominal Vt, 1\.1 V: valid 1\.\.4; .*loop through Mac\.acc_q/ },
      { args: ['price', 'qfm', '--config', 'entries=4,maskWidth=16', '--stages', '2'], says: /--stages 2 for qfm \[entries=4,.*valid 1\.\.1;/ },
      { args: ['price', 'mac', '--stages', '100000'], says: /--stages 100000 for mac .*valid 1\.\.4/ },
      { args: ['price', 'mac', '--stages', '0'], says: /--stages 0 for mac .*valid 1\.\./ },
      { args: ['price', 'mac', '--stages', '2.5'], says: /--stages 2\.5 for mac .*valid 1\.\./ },
      { args: ['price', 'mac', '--stages', 'abc'], says: /--stages abc for mac .*valid 1\.\./ },
    ],
    DIR,
  );
  expect(problems).toEqual([]);
});

it('sweep: an explicit --stages list deeper than helps any micro-architecture swept is refused before any work', async () => {
  const problems = await checkBadCases(
    [
      { args: ['sweep', '--study', 'qfm', '--out', 'DIR/q', '--stages', '1,2'], spawn: true, says: /--stages 2 is deeper than helps any of study qfm's \d+ micro-architecture\(s\) swept: valid 1\.\.1 \(.*loop through Qfm\.valid/ },
      { args: ['sweep', '--study', 'mac', '--out', 'DIR/m', '--stages', '8,1'], says: /--stages 8 .*study mac's 24 micro-architecture\(s\) swept: valid 1\.\.\d+ \(the deepest useful, for intBits=/ },
    ],
    DIR,
  );
  expect(problems).toEqual([]);
});
