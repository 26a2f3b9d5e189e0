// How many MPs the blur MP/cycle figure needs to be stable to 1%, measured
// across workload seeds: the same configuration on k workloads that differ
// only in their seed (surfaces, dicing jitter, motion and lens all redrawn)
// gives k MP/cycle figures; their spread is the sampling error of one run of
// that size, and it shrinks as 1 / sqrt(MPs), so
//   MPs for 1% = MPs per run x (1.96 sd / (0.01 mean))^2.
// Printed next to the within-run estimate (stratified batch means) of the
// same runs.
//   npx tsx bench/blur-stability.ts [--count 512] [--seeds 6] [--config render=blur,pmt=1]
import { runBlur } from '../testbenches/blur/index.js';
import { blurMpsFromMesh, generateWorkload, surfaceStrata, withBlurParams } from '../testbenches/workloads/raster/index.js';
import { blurSchema } from '../units/blur/config.js';
import { parseConfig } from '../units/config.js';

const arg = (name: string, d: string): string => {
  const i = process.argv.indexOf(name);
  return i < 0 ? d : (process.argv[i + 1] ?? d);
};
const count = Number(arg('--count', '512'));
const seeds = Number(arg('--seeds', '6'));
const cfg = parseConfig('blur', blurSchema, arg('--config', 'render=blur,pmt=1'));
const rates: number[] = [];
console.log(`| seed | MPs | cycles | MP/cycle | within-run CI | within-run MPs for 1% |`);
console.log(`| ---: | ---: | ---: | ---: | ---: | ---: |`);
for (let k = 0; k < seeds; k++) {
  const seed = 2010 + k;
  const w = generateWorkload({ count, seed });
  const mesh = withBlurParams(w.mesh, seed);
  const mps = blurMpsFromMesh(mesh, cfg.tvp);
  const s = runBlur(cfg, mps, mesh.lens!, { strata: surfaceStrata(w.options, mps) }).stats;
  rates.push(s.mpsPerCycle);
  console.log(`| ${seed} | ${s.mps} | ${s.cycles} | ${s.mpsPerCycle.toFixed(5)} | ${(100 * s.stability.relativeHalfWidth).toFixed(2)}% | ${s.stability.mpsFor1Percent} |`);
}
const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
const sd = Math.sqrt(rates.reduce((a, b) => a + (b - mean) ** 2, 0) / (rates.length - 1));
const rel = (1.96 * sd) / mean;
console.log(`\n${Object.entries(cfg).map(([k, v]) => `${k}=${String(v)}`).join(',')}: MP/cycle over ${seeds} seeds of ${count} triangles: mean ${mean.toFixed(5)}, sd ${sd.toFixed(5)}; ` +
  `one run is within +-${(100 * rel).toFixed(2)}% (95%); +-1% needs about ${Math.ceil(count * (rel / 0.01) ** 2)} triangles per run`);
