// Stand-in study on the example MAC unit: small and quick, so the sweep,
// frontiers and report run end to end in tests without the rasterizer.
// Throughput is simulated: random operands with `en` high on a seeded 3 in
// 4 cycles; the work unit is one accumulate (MAC).
import { MAC_UNIT } from '../../units/builtin.js';
import type { MacConfig } from '../../units/mac/config.js';
import { Mac } from '../../units/mac/module.js';
import { portsOf } from '../../hdl/ports-of.js';
import { makeRng } from '../../testbenches/rng.js';
import { MAX_SIM_CYCLES } from '../../testbenches/stimulus.js';
import { defineStudy, type WorkUnit } from '../../explore/index.js';
import { densityEnergyObjectives, throughputMetrics } from '../throughput.js';

const MAC: WorkUnit = { name: 'MAC', doc: 'one accumulate (a cycle with en high)' };

export const study = defineStudy({
  name: 'mac',
  summary: 'example fixed-point MAC (stand-in for a rasterizer)',
  example: true,
  unit: MAC_UNIT,
  space: {
    sweep: { intBits: [4, 8, 12], fracBits: [4, 8], round: ['truncate', 'halfEven'], overflow: 'all' },
    modeKeys: ['overflow'],
    mode: (c) => `mac-${c.overflow}`,
    // Enough accumulator headroom for 2^4 full-scale products.
    complete: (c: MacConfig): MacConfig => ({ ...c, accIntBits: 2 * c.intBits + 4 }),
  },
  work: MAC,
  workloads: [
    {
      name: 'random',
      doc: 'random operands, en high 3 cycles in 4',
      seed: 1,
      params: { cycles: { default: 4000, integer: true, min: 1, max: MAX_SIM_CYCLES, doc: 'simulated cycles' } },
      id: (p) => `mac-random-${p['cycles']}`,
      describe: (p) => `${p['cycles']} cycles of random operands, en high 3 cycles in 4 (seeded)`,
      build: (p) => ({ cycles: p['cycles']! }),
    },
  ],
  driver: {
    run(ctx) {
      const sim = ctx.simulator();
      const rng = makeRng(ctx.seed);
      const w = ctx.config.intBits + ctx.config.fracBits;
      const ports = portsOf(sim, Mac);
      sim.reset(1);
      let ops = 0;
      for (let c = 0; c < ctx.workload.cycles; c++) {
        const en = rng.int(0, 3) !== 0;
        ops += en ? 1 : 0;
        ports.a.write(rng.u32() % 2 ** w);
        ports.b.write(rng.u32() % 2 ** w);
        ports.en.write(en ? 1 : 0);
        sim.step();
      }
      return { cycles: ctx.workload.cycles, work: ops, counters: { cycles: ctx.workload.cycles } };
    },
  },
  metrics: throughputMetrics('mac', MAC),
  objectives: densityEnergyObjectives('mac', MAC),
  // No published MAC figures to calibrate against; Yosys holds its area.
  crossCheck: {
    config: { intBits: 8, fracBits: 8, accIntBits: 20, round: 'halfEven', overflow: 'saturate' },
    units: (design) => [{ name: 'mac 8.8 halfEven saturate', design }],
  },
  report: [{ kind: 'frontier' }, { kind: 'constrained' }, { kind: 'microarch' }, { kind: 'calibration' }],
});
