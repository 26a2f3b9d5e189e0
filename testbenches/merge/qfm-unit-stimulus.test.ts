// The QFM's constrained-random generator must exercise what a merge buffer
// is for: merges, shading output and back-pressure, in gfxrtl's simulator,
// for the default and a small buffer (what cosim and `sim --seed` drive).
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../hdl/sim/index.js';
import { findUnit } from '../../units/registry.js';
import { runOurSimulator } from '../cosim/compare.js';
import { coverageCounts, toCosimStimulus, unitStimulus } from '../unit-stimulus.js';

describe('qfm constrained-random stimulus', () => {
  for (const config of ['entries=4,maskWidth=16,depthBits=4', 'entries=32,depthBits=8']) {
    it(`merges and evicts (${config})`, () => {
      const seed = 11;
      const unit = findUnit('qfm');
      const { design, config: cfg } = unit.parse(config);
      const { stimulus, generator } = unitStimulus(unit, cfg, design, seed, 400);
      expect(generator).toContain('constrained-random');
      const outputs = runOurSimulator(design, toCosimStimulus(stimulus), (d) => createSimulator(d));
      const counts = Object.fromEntries(coverageCounts(unit.def.coverage ?? [], stimulus, outputs).map((c) => [c.name, c.count]));
      // seed printed with any failure through the message
      expect(counts['quads-in'], `seed ${seed}`).toBeGreaterThan(50);
      expect(counts['quads-out'], `seed ${seed}`).toBeGreaterThan(10);
      expect(counts['merged-out'], `seed ${seed}`).toBeGreaterThan(0);
    });
  }
});
