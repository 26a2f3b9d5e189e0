// Is the within-run confidence interval of MP/cycle honest? The same
// configuration on k workloads that differ only in their seed (surfaces,
// dicing jitter, placement, motion and lens all redrawn) gives k MP/cycle
// figures; their spread is the sampling error of one run of that size (it
// shrinks as 1 / sqrt(MPs), so MPs for 1% = MPs per run x (1.96 sd /
// (0.01 mean))^2). Printed beside it, per seed, the two within-run
// estimates (testbenches/blur/stability.ts): stratified batch means with
// successive differences (what the driver reports) and with the plain
// batch variance (the earlier, pooled-region estimate). The sd of k values
// is itself uncertain: its 95% interval (chi-square, k - 1 degrees of
// freedom) is printed too.
//   npx tsx bench/blur-stability.ts [--count 512] [--seeds 10] [--config render=blur,pmt=1] [--first 2010]
import { runBlur, stabilityOf } from '../testbenches/blur/index.js';
import { blurMpsFromMesh, generateWorkload, surfaceStrata, withBlurParams } from '../testbenches/workloads/raster/index.js';
import { blurSchema } from '../units/blur/config.js';
import { parseConfig } from '../units/config.js';
import { chiSquareQuantile } from '../testbenches/blur/seed-spread.js';

const arg = (name: string, d: string): string => {
  const i = process.argv.indexOf(name);
  return i < 0 ? d : (process.argv[i + 1] ?? d);
};
const count = Number(arg('--count', '512'));
const seeds = Number(arg('--seeds', '10'));
const first = Number(arg('--first', '2010'));
const cfg = parseConfig('blur', blurSchema, arg('--config', 'render=blur,pmt=1'));
const rates: number[] = [];
const within: { sd: number[]; batch: number[] } = { sd: [], batch: [] };
let simCycles = 0;
const t0 = performance.now();
console.log(`| seed | MPs | cycles | MP/cycle | within-run CI (successive differences) | MPs for 1% | within-run CI (batch variance) | MPs for 1% |`);
console.log(`| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
for (let k = 0; k < seeds; k++) {
  const seed = first + k;
  const w = generateWorkload({ count, seed });
  const mesh = withBlurParams(w.mesh, seed);
  const mps = blurMpsFromMesh(mesh, cfg.tvp);
  const strata = surfaceStrata(w.options, mps);
  const run = runBlur(cfg, mps, mesh.lens!, { strata });
  const s = run.stats;
  const b = stabilityOf(run.acceptedAt, s.cycles, strata, undefined, 'batch');
  simCycles += s.cycles;
  rates.push(s.mpsPerCycle);
  within.sd.push(s.stability.relativeHalfWidth);
  within.batch.push(b.relativeHalfWidth);
  console.log(`| ${seed} | ${s.mps} | ${s.cycles} | ${s.mpsPerCycle.toFixed(5)} | ${(100 * s.stability.relativeHalfWidth).toFixed(2)}% | ${s.stability.mpsFor1Percent} | ${(100 * b.relativeHalfWidth).toFixed(2)}% | ${b.mpsFor1Percent} |`);
}
const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
const sd = Math.sqrt(rates.reduce((a, b) => a + (b - mean) ** 2, 0) / (rates.length - 1));
const rel = (1.96 * sd) / mean;
// sd's 95% interval: (k-1) s^2 / sigma^2 ~ chi-square(k-1).
const df = rates.length - 1;
const lo = rel * Math.sqrt(df / chiSquareQuantile(0.975, df));
const hi = rel * Math.sqrt(df / chiSquareQuantile(0.025, df));
// The within-run half-widths are averaged as variances (root mean square).
const rms = (xs: readonly number[]): number => Math.sqrt(xs.reduce((a, x) => a + x * x, 0) / xs.length);
const secs = (performance.now() - t0) / 1000;
const name = Object.entries(cfg).map(([k, v]) => `${k}=${String(v)}`).join(',');
console.log(`\n${name}, ${seeds} seeds from ${first} of ${count} triangles:`);
console.log(`  across seeds: MP/cycle mean ${mean.toFixed(5)}, sd ${sd.toFixed(5)}: one run is within +-${(100 * rel).toFixed(2)}% (95%; the sd's own 95% interval gives ${(100 * lo).toFixed(2)}% .. ${(100 * hi).toFixed(2)}%); +-1% needs about ${Math.ceil(count * (rel / 0.01) ** 2)} triangles`);
console.log(`  within run (rms over seeds): successive differences +-${(100 * rms(within.sd)).toFixed(2)}%, batch variance +-${(100 * rms(within.batch)).toFixed(2)}%`);
console.log(`  simulated ${simCycles} cycles in ${secs.toFixed(1)} s (${Math.round(simCycles / secs)} cycles/s, elaboration and workload generation included)`);
