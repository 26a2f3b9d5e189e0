import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../testbenches/rng.js';
import { defaultSeed } from '../../testbenches/property.js';
import { makeScene, MERGE_SURFACES, rasterizeScene } from '../../testbenches/workloads/merge/index.js';
import { sixTriangleFan } from '../../testbenches/workloads/merge/fixtures.js';
import { indexBits } from '../../hdl/index.js';
import type { MergeMsaa } from '../merge-common/samples.js';
import { findUnit } from '../registry.js';
import { runQfm } from './golden.js';
import { OUT_FIELDS, qfmPayloads, shadedPayload } from '../../testbenches/merge/qfm-stimulus.js';
import { runStream } from '../../testbenches/merge/stream-run.js';
import { designCache } from '../../testbenches/merge/design-cache.js';

describe('QFM merge buffer (DSL) against the golden model', () => {
  it('merges the six-triangle fan into one full quad', () => {
    const { design } = findUnit('qfm').elaborate({ entries: '2', maskWidth: '8', msaa: '4' });
    const r = rasterizeScene(sixTriangleFan(), 4);
    const run = runStream(design, 'Qfm', qfmPayloads(r.grids, { msaa: 4, depthBits: 24, triBits: 3 }), OUT_FIELDS, makeRng(1), 0, 0);
    expect(run.received).toHaveLength(1);
    expect(run.received[0]!.cov).toBe(0xffffn);
    expect(run.received[0]!.tris).toBe(0b111111n);
  });

  it('refuses an unknown flush policy in either unit, naming the key and what is allowed', () => {
    expect(() => findUnit('qfm').parse('flush=later')).toThrow(/flush=later is not valid; allowed: drain \| merge/);
    expect(() => findUnit('pmu').parse('flush=never')).toThrow(/flush=never is not valid; allowed: drain \| merge/);
  });

  it('gives the golden output stream for random scenes, buffer sizes, N, flush policies and back-pressure', () => {
    const seed = defaultSeed();
    const design = designCache('qfm');
    fc.assert(
      fc.property(
        fc.record({
          surface: fc.constantFrom(...MERGE_SURFACES),
          area: fc.constantFrom(0.5, 1, 4),
          msaa: fc.constantFrom<MergeMsaa>(1, 4, 8, 16),
          entries: fc.constantFrom(1, 2, 3, 8),
          recent: fc.constantFrom(1, 2),
          flush: fc.constantFrom('drain' as const, 'merge' as const),
          seed: fc.integer({ min: 0, max: 1 << 20 }),
          bubble: fc.constantFrom(0, 0.3),
          stall: fc.constantFrom(0, 0.5),
        }),
        (x) => {
          const maskWidth = 32;
          const d = design({ entries: String(x.entries), recent: String(x.recent), msaa: String(x.msaa), maskWidth: String(maskWidth), depthBits: '12', coordBits: '6', flush: x.flush });
          const scene = makeScene({ surface: x.surface, area: x.area, triangles: 60, maxGridTriangles: maskWidth, seed: x.seed, width: 48, height: 48, shrink: true });
          const r = rasterizeScene(scene, x.msaa);
          const shape = { msaa: x.msaa, depthBits: 12, triBits: indexBits(maskWidth) };
          const golden = runQfm(r.grids, { msaa: x.msaa, entries: x.entries, recent: x.recent, maskWidth, flush: x.flush }).shaded.map((o) => shadedPayload(o, shape));
          const run = runStream(d, 'Qfm', qfmPayloads(r.grids, shape), OUT_FIELDS, makeRng(x.seed), x.bubble, x.stall);
          expect(run.received, `qfm ${JSON.stringify(x)} [seed ${seed}]`).toEqual(golden);
        },
      ),
      { numRuns: 20, seed },
    );
  });
});
