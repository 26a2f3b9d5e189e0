// Is the within-run confidence interval of MP/cycle honest? The same
// configuration on k workloads that differ only in their seed (surfaces,
// dicing jitter, placement, motion and lens all redrawn) gives k MP/cycle
// figures; their spread is the sampling error of one run of that size.
// Printed beside it, per seed, the two within-run estimates
// (testbenches/blur/stability.ts): stratified batch means with successive
// differences (what the driver reports) and with the plain batch variance
// (the earlier estimate). The sd of k values is itself uncertain: its 95%
// interval (chi-square, k - 1 degrees of freedom) is printed too.
//   npx tsx bench/blur-stability.ts [--count 512] [--seeds 10] [--config render=blur,pmt=1] [--first 2010]
import { rms } from '../testbenches/blur/seed-spread.js';
import { seedSpread } from '../testbenches/blur/seed-experiment.js';
import { blurSchema } from '../units/blur/config.js';
import { parseConfig } from '../units/config.js';

const arg = (name: string, d: string): string => {
  const i = process.argv.indexOf(name);
  return i < 0 ? d : (process.argv[i + 1] ?? d);
};
const count = Number(arg('--count', '512'));
const seeds = Number(arg('--seeds', '10'));
const first = Number(arg('--first', '2010'));
const cfg = parseConfig('blur', blurSchema, arg('--config', 'render=blur,pmt=1'));
const t0 = performance.now();
const s = seedSpread(cfg, count, seeds, first);
const secs = (performance.now() - t0) / 1000;
const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
console.log(`| seed | MP/cycle | within-run CI (successive differences) | within-run CI (batch variance) |`);
console.log(`| ---: | ---: | ---: | ---: |`);
s.seeds.forEach((seed, i) => console.log(`| ${seed} | ${s.rates[i]!.toFixed(5)} | ${pct(s.withinSd[i]!)} | ${pct(s.withinBatch[i]!)} |`));
console.log(`\n${s.config}, ${seeds} seeds from ${first} of ${count} triangles:`);
console.log(`  across seeds: one run is within +-${pct(s.across)} (95%; the sd's own 95% interval gives ${pct(s.acrossLow)} .. ${pct(s.acrossHigh)})`);
console.log(`  within run (rms over seeds): successive differences +-${pct(rms(s.withinSd))}, batch variance +-${pct(rms(s.withinBatch))}`);
console.log(`  simulated ${s.cycles} cycles in ${secs.toFixed(1)} s (${Math.round(s.cycles / secs)} cycles/s, elaboration and workload generation included)`);
