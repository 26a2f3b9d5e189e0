// Test support: a tiny study on the example counter that records what the
// framework hands its unit and driver, so tests can check that each
// micro-architecture is elaborated once and that the Design priced is the
// Design simulated. Its 'idle' workload does no work, for the bad-input test.
import type { Design } from '../hdl/ir.js';
import { elaborate } from '../hdl/elaborate.js';
import { counterSchema } from '../units/counter/config.js';
import { Counter } from '../units/counter/module.js';
import { defineStudy, type WorkUnit } from '../explore/index.js';
import { throughputMetrics, densityEnergyObjectives } from './throughput.js';

export const seen = { elaborated: [] as Design[], driven: [] as { design: Design; simulated: Design }[] };

const COUNT: WorkUnit = { name: 'count', doc: 'one enabled cycle' };

export const study = defineStudy({
  name: 'counter-test',
  summary: 'counter widths (test support)',
  unit: {
    name: 'counter',
    summary: 'counter (test copy)',
    schema: counterSchema,
    elaborate(c) {
      const d = elaborate(Counter, c);
      seen.elaborated.push(d);
      return d;
    },
  },
  space: { sweep: { width: [4, 8, 12] }, modeKeys: [], mode: () => 'all' },
  work: COUNT,
  workloads: [
    { name: 'busy', doc: 'en high', seed: 1, params: { cycles: { default: 50, integer: true, min: 1, max: 100_000, doc: 'cycles' } }, id: (p) => `busy-${p['cycles']}`, describe: (p) => `${p['cycles']} cycles, en high`, build: (p) => ({ cycles: p['cycles']!, en: 1 }) },
    { name: 'idle', doc: 'en low', seed: 1, params: {}, id: () => 'idle', describe: () => 'en low', build: () => ({ cycles: 20, en: 0 }) },
  ],
  driver: {
    run(ctx) {
      const sim = ctx.simulator();
      seen.driven.push({ design: ctx.design, simulated: sim.design });
      const top = ctx.design.top.name;
      sim.reset(1);
      let work = 0;
      for (let i = 0; i < ctx.workload.cycles; i++) {
        sim.poke(`${top}.en`, ctx.workload.en);
        sim.poke(`${top}.clear`, 0);
        work += ctx.workload.en;
        sim.step();
      }
      return { cycles: ctx.workload.cycles, work, counters: { cycles: ctx.workload.cycles } };
    },
  },
  metrics: throughputMetrics('count', COUNT),
  objectives: densityEnergyObjectives('count', COUNT),
  // A golden-model measurement outside the sweep, as a merge unit's study
  // would have: how often a counter of each width wraps in n enabled cycles.
  experiments: [
    {
      name: 'wraps',
      doc: 'wraps of a free-running counter in 1000 enabled cycles, by width (arithmetic, no hardware)',
      run: async (seed) => {
        const records = [4, 8, 12].map((width) => ({ width, wraps: Math.floor((1000 + seed) / 2 ** width) }));
        return { markdown: ['| width | wraps |', '| ---: | ---: |', ...records.map((r) => `| ${r.width} | ${r.wraps} |`)].join('\n'), records };
      },
    },
  ],
  report: [{ kind: 'frontier' }, { kind: 'experiments' }, { kind: 'markdown', title: 'Rows seen', render: (ctx) => `${ctx.rows.length} rows, first study field ${String(ctx.rows[0]?.['study'])}` }],
});

/** The same study with an objective that names no figure (bad-input test). */
export const badObjective = defineStudy({
  ...study,
  name: 'counter-bad-objective',
  objectives: { ...study.objectives, y: { key: 'energyPerTriangle', better: 'lower', display: { label: 'energy', unit: 'pJ', scale: 1e-12 } } },
});

/** The same counter over more widths with its true bound (an enabled
 *  counter counts one a cycle): the wider ones, as fast and larger, are
 *  skipped by `--explore bound` (studies/bound.test.ts). */
export const boundStudy = defineStudy({
  ...study,
  name: 'counter-bound',
  // A unit name of its own: the design cache is keyed by unit and config, and
  // the test above counts the elaborations of 'counter' (test files run at once).
  unit: { ...study.unit, name: 'counter-bound' },
  space: { ...study.space, sweep: { width: [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] } },
  peakRate: () => 1,
});

/** A bound the simulation beats: the sweep must simulate everything. */
export const wrongBound = defineStudy({ ...boundStudy, name: 'counter-wrong-bound', peakRate: () => 0.5 });

/** The same without a bound: `--explore bound` explores it as a grid. */
const { peakRate: _bound, ...unbounded } = boundStudy;
export const noBound = defineStudy({ ...unbounded, name: 'counter-no-bound' });
