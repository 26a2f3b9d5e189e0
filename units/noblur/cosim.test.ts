// The NoBlur pipeline in Verilator (and Icarus when installed), one config
// per family (TVP off/on x STS 1x1/2x2/4x4, STP and MSAA varied): the same
// MP stream, with bubbles and a stalling consumer, must give the same
// outputs every cycle as gfxrtl's simulator. Workload MPs plus MPs one stamp
// beyond the STP limit, so the out-of-range path runs too.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { elaborate } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { crossSimulate } from '../../testbenches/cosim/compare.js';
import { describeEda } from '../../testbenches/cosim/describe-eda.js';
import { arbLimitMP } from '../../testbenches/raster/arbitraries.js';
import { noblurStimulus } from '../../testbenches/raster/noblur-stimulus.js';
import { generateWorkload } from '../../testbenches/workloads/raster/index.js';
import { geometryOf, type NoblurConfig } from './config.js';
import { NoBlur } from './pipeline.js';

const FAMILIES: readonly NoblurConfig[] = [
  { tvp: false, sts: '1x1', stp: '4.8', msaa: '4', recip: 'iterative', edge: 'incremental' },
  { tvp: false, sts: '2x2', stp: '8.8', msaa: '16', recip: 'unrolled', edge: 'multiply' },
  { tvp: false, sts: '4x4', stp: '14.8', msaa: '16', recip: 'unrolled', edge: 'incremental' },
  { tvp: true, sts: '1x1', stp: '12.8', msaa: '16', recip: 'newton', edge: 'multiply' },
  { tvp: true, sts: '2x2', stp: '6.8', msaa: '4', recip: 'iterative', edge: 'incremental' },
  { tvp: true, sts: '4x4', stp: '10.8', msaa: '4', recip: 'radix4', edge: 'multiply' },
];

describeEda('verilator', 'noblur pipeline against Verilator', () => {
  for (const cfg of FAMILIES) {
    it(`tvp=${cfg.tvp ? 'on' : 'off'} sts=${cfg.sts} stp=${cfg.stp} msaa=${cfg.msaa}`, async () => {
      const g = geometryOf(cfg);
      const design = elaborate(NoBlur, cfg);
      const mps = generateWorkload({ surface: 'default', pairs: cfg.tvp, count: 64 }).mps.slice(0, 24);
      if (g.b < 14) mps.push(...fc.sample(arbLimitMP({ b: g.b, stampBits: g.stampBits, fits: false, square: false, pairs: g.tvp }), { numRuns: 3, seed: 5 }));
      const stimulus = noblurStimulus(design, g, mps, 300, 11);
      const report = await crossSimulate(design, stimulus, createSimulator);
      expect(report.mismatch?.message ?? null).toBeNull();
      // The run must have produced results, not only idled.
      expect(report.ours.filter((o) => o['out_valid'] === 1n).length).toBeGreaterThan(5);
    }, 600_000);
  }
});
