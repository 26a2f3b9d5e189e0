// Runs one Blur configuration on k workloads that differ only in their seed
// (surfaces, dicing jitter, placement, motion and lens all redrawn) and
// measures, per seed, MP/cycle and both within-run half-widths: what
// bench/blur-stability.ts prints and the Blur study's seed-spread
// experiment reports.
import { blurMpsFromMesh, generateWorkload, surfaceStrata, withBlurParams } from '../workloads/raster/index.js';
import type { BlurConfig } from '../../units/blur/config.js';
import { runBlur } from './run-blur.js';
import { acrossSeeds, type SeedSpread } from './seed-spread.js';
import { stabilityOf } from './stability.js';

export function seedSpread(cfg: BlurConfig, count: number, seeds: number, first: number): SeedSpread {
  const rates: number[] = [];
  const withinSd: number[] = [];
  const withinBatch: number[] = [];
  const list: number[] = [];
  let cycles = 0;
  for (let k = 0; k < seeds; k++) {
    const seed = first + k;
    const w = generateWorkload({ count, seed });
    const mesh = withBlurParams(w.mesh, seed);
    const mps = blurMpsFromMesh(mesh, cfg.tvp);
    const strata = surfaceStrata(w.options, mps);
    const run = runBlur(cfg, mps, mesh.lens!, { strata });
    const s = run.stats;
    list.push(seed);
    cycles += s.cycles;
    // MPs are triangles (a TVP pair is two), as in the sweep's MP/cycle.
    rates.push(s.triangles / s.cycles);
    withinSd.push(s.stability.relativeHalfWidth);
    withinBatch.push(stabilityOf(run.acceptedAt, s.cycles, strata, undefined, 'batch').relativeHalfWidth);
  }
  const config = Object.entries(cfg).map(([k, v]) => `${k}=${String(v)}`).join(',');
  return { config, count, seeds: list, rates, withinSd, withinBatch, cycles, ...acrossSeeds(rates) };
}
