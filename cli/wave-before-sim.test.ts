// A waveform the SVG/PNG renderer cannot draw is refused before a study
// workload is built or simulated: the run's length is unknown until then,
// so the --window must bound what is drawn.
import { describe, expect, it } from 'vitest';
import type { Study } from '../explore/contract.js';
import { findStudy } from '../studies/registry.js';
import { ConfigError } from '../units/config.js';
import { simOnWorkload } from './commands/sim-study.js';

/** The qfm study with a workload and driver that fail if reached. */
function untouchable(): Study {
  const real = findStudy('qfm').study;
  return {
    ...real,
    workloads: real.workloads.map((w) => ({ ...w, build: () => { throw new Error('workload built'); } })),
    driver: { run: () => { throw new Error('simulated'); } },
  } as Study;
}

describe('sim <unit> --workload --wave: too large to draw, refused before any work', () => {
  const out = `${process.env['TMPDIR'] ?? '/tmp'}/gfxrtl-wave-before-sim-${process.pid}`;
  it('an open window on an SVG or PNG asks for --window A:B', async () => {
    for (const f of ['w.svg', 'w.png']) {
      const run = simOnWorkload(untouchable(), { config: '', workload: 'default', wave: `${out}-${f}` });
      await expect(run).rejects.toThrow(ConfigError);
      await expect(simOnWorkload(untouchable(), { config: '', workload: 'default', wave: `${out}-${f}`, window: '10:' })).rejects.toThrow(/known only after simulating.*--window A:B.*\.vcd/);
    }
  });
  it('a window wider than the renderer draws is refused with the limit', async () => {
    await expect(simOnWorkload(untouchable(), { config: '', workload: 'default', wave: `${out}.svg`, window: '0:5000' })).rejects.toThrow(/5000 cycles x \d+ signals is too large to draw \(limit 3000 cycles/);
    await expect(simOnWorkload(untouchable(), { config: '', workload: 'default', wave: `${out}.svg`, window: '0:100', signals: 'Qfm.*' })).rejects.toThrow(/workload built/);
  });
  it('a VCD has no limit: the workload is built and simulated', async () => {
    await expect(simOnWorkload(untouchable(), { config: '', workload: 'default', wave: `${out}.vcd` })).rejects.toThrow(/workload built/);
  });
});
