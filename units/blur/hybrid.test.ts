// The Hybrid unit in each of its four runtime modes against the golden
// models: NoBlur 4x and 16x against the NoBlur golden rasterizer (front end
// bypassed: the MP's open position, one pass), motion and blur against the
// golden blur coverage. Four configs (each edge form with each jitter; pairs
// and single triangles, SPF 1 and 2, one and two lanes, 1x1, 2x2 and 4x4
// stamps); random MPs with motion and lenses, bubbles and back-pressure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbBlurMP, arbLens } from '../../testbenches/blur/arbitraries.js';
import { runHybrid } from '../../testbenches/blur/index.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { parseConfig } from '../config.js';
import { fitsStp, rasterizeMP, stampBBox } from '../noblur/golden.js';
import { blurCoverage } from '../raster-common/blur-golden.js';
import type { BlurMP } from '../raster-common/blur-mp.js';
import type { MP } from '../raster-common/mp.js';
import { blurGeometryOf, HYBRID_MODES, hybridSchema } from './config.js';

const CONFIGS = [
  'tvp=on,spf=2,pmt=2,sts=2x2,stp=6.8,edge=multiply,jitter=tile',
  'tvp=off,spf=1,pmt=1,sts=2x2,stp=4.8,edge=multiply,time=lerp1,recip=radix4',
  'tvp=on,spf=1,pmt=1,sts=1x1,stp=4.8',
  'tvp=off,spf=2,pmt=2,sts=4x4,stp=6.8,jitter=tile',
].map((t) => parseConfig('hybrid', hybridSchema, t));

function openMP(mp: BlurMP): MP {
  const v = mp.v.map((p) => ({ x: p.x, y: p.y, z: p.z }));
  return mp.kind === 'pair' ? { kind: 'pair', v: [v[0]!, v[1]!, v[2]!, v[3]!], src: [0, 1] } : { kind: 'single', v: [v[0]!, v[1]!, v[2]!], src: [0] };
}

describe('hybrid', () => {
  for (const cfg of CONFIGS) for (const mode of HYBRID_MODES) {
    const g = blurGeometryOf({ ...cfg, render: 'blur' });
    it(`matches the golden model in ${mode} mode (${Object.entries(cfg).map(([k, v]) => `${k}=${String(v)}`).join(',')})`, () => {
      const arb = fc.record({ mps: fc.array(arbBlurMP(cfg.tvp), { minLength: 1, maxLength: 4 }), lens: arbLens, bubbles: fc.constantFrom(0, 0.3), backpressure: fc.constantFrom(0, 0.4), seed: fc.nat(1000) });
      checkWithWaves(`hybrid-${mode}-${cfg.sts}-${cfg.edge}-${cfg.jitter}`, arb, ({ mps, lens, bubbles, backpressure, seed }, ctx) => {
        const run = runHybrid(cfg, mode, mps, lens, { bubbles, backpressure, seed, onSimulator: (sim) => ctx.attach(sim) });
        mps.forEach((mp, i) => {
          if (mode === 'noblur4' || mode === 'noblur16') {
            const msaa = mode === 'noblur4' ? 4 : 16;
            const open = openMP(mp);
            const fits = fitsStp(stampBBox(open.v, msaa, g.k), g.b as 6);
            // Flagged (one record, tuple 0) whenever the box does not fit, whatever its facing.
            expect(run.outOfRange[i], `MP ${i} out of range`).toEqual(!fits ? [0] : []);
            expect(run.msaaHits[i], `MP ${i}`).toEqual(fits ? rasterizeMP(open, msaa) : []);
            return;
          }
          const gold = blurCoverage(mp, { mode, k: g.k, b: g.b, jitter: cfg.jitter }, lens);
          const want = gold.flatMap((r) => r.hits).sort((a, b) => a.tuple - b.tuple || a.ty - b.ty || a.tx - b.tx || a.tri - b.tri);
          expect(run.outOfRange[i], `MP ${i} out of range`).toEqual(gold.flatMap((r, t) => (r.outOfRange ? [t] : [])));
          expect(run.hits[i], `MP ${i}`).toEqual(want);
        });
      }, { numRuns: 4 });
    }, 120_000);
  }
});
