// The Blur pipeline against the golden blur coverage, sample for sample and
// depth bit for bit, over all 64 tuples of every MP: configs covering every
// knob value (mode, TVP, SPF, PMT, STS, STP, edge form, jitter, time form,
// reciprocal), random MP lists with motion,
// depths around the focus and random lenses, random bubbles and per-lane
// back-pressure, and a slice of the default workload with its blur params.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbBlurMP, arbLens } from '../../testbenches/blur/arbitraries.js';
import { runBlur } from '../../testbenches/blur/index.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { blurMpsFromMesh, generateWorkload, withBlurParams } from '../../testbenches/workloads/raster/index.js';
import { parseConfig } from '../config.js';
import { blurCoverage } from '../raster-common/blur-golden.js';
import type { BlurHit, BlurMP, Lens } from '../raster-common/blur-mp.js';
import { elaborate } from '../../hdl/index.js';
import { createSimulator } from '../../hdl/sim/index.js';
import { blurGeometryOf, blurSchema, type BlurConfig } from './config.js';
import { Blur } from './pipeline.js';

const CONFIGS = [
  // The study's lane (edge=incremental, jitter=tuple: additions only) on every stamp size.
  'render=blur,tvp=off,spf=1,pmt=1,sts=1x1,stp=4.8',
  'render=blur,tvp=on,spf=4,pmt=3,sts=2x2,stp=8.8,recip=newton',
  'render=motion,tvp=off,spf=4,pmt=2,sts=4x4,stp=6.8,recip=radix4',
  // The multiply form, both jitters.
  'render=defocus,tvp=on,spf=1,pmt=4,sts=1x1,stp=14.8,edge=multiply',
  'render=blur,tvp=off,spf=2,pmt=2,sts=2x2,stp=6.8,edge=multiply,time=lerp1',
  'render=defocus,tvp=on,spf=4,pmt=3,sts=2x2,stp=14.8,edge=multiply,jitter=tile',
  // Pineda's form with the per-tile shift (tile phases muxed at 1x1 and 2x2, constant at 4x4).
  'render=blur,tvp=on,spf=1,pmt=2,sts=1x1,stp=4.8,jitter=tile',
  'render=motion,tvp=off,spf=2,pmt=1,sts=4x4,stp=8.8,jitter=tile,time=lerp1,recip=newton',
].map((t) => parseConfig('blur', blurSchema, t));

const key = (h: BlurHit): string => `${h.tuple}:${h.ty}:${h.tx}:${h.tri}`;

function expectGolden(cfg: BlurConfig, mps: readonly BlurMP[], lens: Lens, got: ReturnType<typeof runBlur>): void {
  const g = blurGeometryOf(cfg);
  mps.forEach((mp, i) => {
    const gold = blurCoverage(mp, { mode: cfg.render, k: g.k, b: g.b, jitter: cfg.jitter }, lens);
    const want = gold.flatMap((r) => r.hits).sort((a, b) => a.tuple - b.tuple || a.ty - b.ty || a.tx - b.tx || a.tri - b.tri);
    expect(got.outOfRange[i], `MP ${i}: out-of-range tuples`).toEqual(gold.flatMap((r, t) => (r.outOfRange ? [t] : [])));
    expect(got.hits[i]!.map(key), `MP ${i}: covered samples`).toEqual(want.map(key));
    expect(got.hits[i], `MP ${i}: positions and depths`).toEqual(want);
  });
}

describe('blur pipeline', () => {
  for (const cfg of CONFIGS) {
    it(`matches the golden coverage: ${Object.entries(cfg).map(([k, v]) => `${k}=${String(v)}`).join(',')}`, () => {
      const arb = fc.record({
        mps: fc.array(arbBlurMP(cfg.tvp), { minLength: 1, maxLength: 3 }),
        lens: arbLens,
        bubbles: fc.constantFrom(0, 0.3),
        backpressure: fc.constantFrom(0, 0.4),
        seed: fc.nat(1000),
      });
      checkWithWaves(`blur-pipeline-${cfg.render}-${cfg.pmt}-${cfg.edge}-${cfg.jitter}-${cfg.time}-${cfg.recip}`, arb, ({ mps, lens, bubbles, backpressure, seed }, ctx) => {
        const run = runBlur(cfg, mps, lens, { bubbles, backpressure, seed, onSimulator: (sim) => ctx.attach(sim) });
        expectGolden(cfg, mps, lens, run);
      }, { numRuns: 4 });
    }, 120_000);
  }

  it('matches the golden coverage on the default workload with its blur parameters', () => {
    const mesh = withBlurParams(generateWorkload({ count: 48 }).mesh, 2010);
    const cfg = CONFIGS[1]!;
    const mps = blurMpsFromMesh(mesh, cfg.tvp).slice(0, 12);
    const run = runBlur(cfg, mps, mesh.lens!);
    expectGolden(cfg, mps, mesh.lens!, run);
    expect(run.stats.hits).toBeGreaterThan(0);
    expect(run.stats.positioned).toBe(mps.length * 64);
    expect(run.stats.triangles).toBe(mps.reduce((a, mp) => a + mp.src.length, 0));
    // A simulator handed in (the sweep's, compiled from the priced design) runs the same.
    let cycles = 0;
    const again = runBlur(cfg, mps, mesh.lens!, { simulator: createSimulator(elaborate(Blur, cfg)), onCycle: () => cycles++ });
    // The hook every cycle takes the per-cycle loop; the first run was runStream's.
    expect(again).toEqual(run);
    expect(cycles).toBeGreaterThanOrEqual(run.stats.cycles);
    // Counting without building the hits (a sweep's run) gives the same stats.
    expect(runBlur(cfg, mps, mesh.lens!, { hits: false }).stats).toEqual(run.stats);
  }, 120_000);
});
