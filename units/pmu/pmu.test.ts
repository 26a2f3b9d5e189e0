import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../testbenches/rng.js';
import { defaultSeed } from '../../testbenches/property.js';
import { makeScene, MERGE_SCENES, rasterizeScene } from '../../testbenches/workloads/merge/index.js';
import { sixTriangleFan } from '../../testbenches/workloads/merge/fixtures.js';
import type { MergeMsaa } from '../merge-common/samples.js';
import { runStream } from '../../testbenches/merge/stream-run.js';
import { designCache } from '../../testbenches/merge/design-cache.js';
import { findUnit } from '../registry.js';
import { runPmu } from './golden.js';
import { PMU_OUT_FIELDS, pmuPayloads, pmuShadedPayload } from '../../testbenches/merge/pmu-stimulus.js';

describe('pixel merge unit (DSL) against the golden model', () => {
  it("shades the paper's six connected triangles over 2x2 pixels at 4 spp as 4 quads", () => {
    const { design } = findUnit('pmu').elaborate({ entries: '4', msaa: '4', vertexBits: '4', triBits: '3' });
    const r = rasterizeScene(sixTriangleFan(), 4);
    const shape = { msaa: 4, depthBits: 24, triBits: 3, vertexBits: 4 } as const;
    const run = runStream(design, 'Pmu', pmuPayloads(r.grids, shape), PMU_OUT_FIELDS, makeRng(1), 0, 0);
    expect(run.received).toHaveLength(4);
    expect(run.received).toEqual(runPmu(r.grids, { msaa: 4, entries: 4 }).shaded.map((o) => pmuShadedPayload(o, shape)));
  });

  it('gives the golden output stream for random scenes, buffer sizes, N and back-pressure', { timeout: 300_000 }, () => {
    const seed = defaultSeed();
    const design = designCache('pmu');
    fc.assert(
      fc.property(
        fc.record({
          surface: fc.constantFrom(...MERGE_SCENES),
          area: fc.constantFrom(1, 4, 10),
          // Three unit configurations: each costs seconds to elaborate and compile.
          unit: fc.constantFrom<{ msaa: MergeMsaa; entries: number; recent: number }>(
            { msaa: 4, entries: 1, recent: 1 },
            { msaa: 8, entries: 3, recent: 2 },
            { msaa: 16, entries: 8, recent: 2 },
          ),
          seed: fc.integer({ min: 0, max: 1 << 20 }),
          bubble: fc.constantFrom(0, 0.3),
          stall: fc.constantFrom(0, 0.5),
        }),
        (y) => {
          const x = { ...y, ...y.unit };
          const d = design({ entries: String(x.entries), recent: String(x.recent), msaa: String(x.msaa), vertexBits: '7', triBits: '6', depthBits: '12', coordBits: '6' });
          const scene = makeScene({ surface: x.surface, area: x.area, triangles: 40, gridTriangles: 64, seed: x.seed, width: 48, height: 48 });
          const r = rasterizeScene(scene, x.msaa);
          const shape = { msaa: x.msaa, depthBits: 12, triBits: 6, vertexBits: 7 };
          const golden = runPmu(r.grids, { msaa: x.msaa, entries: x.entries, recent: x.recent }).shaded.map((o) => pmuShadedPayload(o, shape));
          const run = runStream(d, 'Pmu', pmuPayloads(r.grids, shape), PMU_OUT_FIELDS, makeRng(x.seed), x.bubble, x.stall);
          expect(run.received, `pmu ${JSON.stringify(x)} [seed ${seed}]`).toEqual(golden);
        },
      ),
      { numRuns: 6, seed },
    );
  });
});
