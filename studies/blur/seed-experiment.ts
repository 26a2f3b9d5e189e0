// The Blur study's check of its own confidence intervals: three
// configurations (two lane-bound, one front-end-bound), each on workloads
// that differ only in their seed; MP/cycle's spread across seeds against
// the within-run half-widths of the same runs (testbenches/blur). Its
// table is the report's evidence for sampling.ts: why a pooled record's
// half-width comes from the spread between replicates.
import type { Experiment, ParamValue } from '../../explore/index.js';
import { rms } from '../../testbenches/blur/seed-spread.js';
import { seedSpread } from '../../testbenches/blur/seed-experiment.js';
import { blurSchema, type BlurConfig } from '../../units/blur/config.js';
import { defaults } from '../../units/config.js';

const COUNT = 512;
const SEEDS = 8;
const CONFIGS: readonly BlurConfig[] = [
  { ...defaults(blurSchema), render: 'blur', tvp: false, spf: '1', pmt: '1', sts: '1x1', stp: '8.8' },
  { ...defaults(blurSchema), render: 'motion', tvp: true, spf: '1', pmt: '1', sts: '1x1', stp: '8.8' },
  { ...defaults(blurSchema), render: 'blur', tvp: false, spf: '4', pmt: '1', sts: '1x1', stp: '8.8' },
];

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;

export const SEED_SPREAD_EXPERIMENT: Experiment = {
  name: 'seed-spread',
  doc: `MP/cycle across ${SEEDS} workload seeds of ${COUNT} triangles against the within-run half-widths, for two lane-bound and one front-end-bound configuration`,
  async run(seed) {
    const records: Record<string, ParamValue>[] = [];
    const lines = [
      `Each configuration on ${SEEDS} workloads of ${COUNT} triangles with seeds ${seed}..${seed + SEEDS - 1} (surfaces, jitter, placement, motion and lens redrawn): the spread of MP/cycle across seeds, as one run's 95% half-width (with the 95% interval of that figure, from ${SEEDS - 1} degrees of freedom), against the within-run estimates of the same runs (root mean square over the seeds).`,
      '',
      '| configuration | across seeds (95% interval of it) | within run: successive differences | within run: batch variance |',
      '| --- | ---: | ---: | ---: |',
    ];
    for (const cfg of CONFIGS) {
      const s = seedSpread(cfg, COUNT, SEEDS, seed);
      lines.push(`| ${s.config} | ${pct(s.across)} (${pct(s.acrossLow)} .. ${pct(s.acrossHigh)}) | ${pct(rms(s.withinSd))} | ${pct(rms(s.withinBatch))} |`);
      s.seeds.forEach((sd, i) => records.push({ config: s.config, count: COUNT, seed: sd, mpPerCycle: s.rates[i]!, withinSuccessive: s.withinSd[i]!, withinBatch: s.withinBatch[i]! }));
    }
    lines.push(
      '',
      'A within-run estimate sees only the MP-to-MP noise of one draw; a seed also draws the lens, the motion and each surface\'s instance once for the whole workload, which a longer stream of the same seed does not average out. ' +
        'So a record that sequential sampling extended takes its half-width from the spread between its replicates, and a single run\'s half-width is read as the within-run figure it is.',
    );
    return { markdown: lines.join('\n'), records };
  },
};
