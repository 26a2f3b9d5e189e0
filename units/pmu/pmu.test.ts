import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../testbenches/rng.js';
import { defaultSeed } from '../../testbenches/property.js';
import { fragmentsByDraw, makeScene, MERGE_SURFACES, rasterizeScene } from '../../testbenches/workloads/merge/index.js';
import { sixTriangleFan } from '../../testbenches/workloads/merge/fixtures.js';
import type { MergeMsaa } from '../merge-common/samples.js';
import { runStream } from '../../testbenches/merge/stream-run.js';
import { designCache } from '../../testbenches/merge/design-cache.js';
import { findUnit } from '../registry.js';
import { runPmu } from './golden.js';
import { PMU_OUT_FIELDS, pmuPayloads, pmuShadedPayload } from '../../testbenches/merge/pmu-stimulus.js';

describe('pixel merge unit (DSL) against the golden model', () => {
  it('shades the six-triangle fan over 2x2 pixels at 4 spp as 3 quads, as the golden model derives it', () => {
    const { design } = findUnit('pmu').elaborate({ entries: '4', msaa: '4', vertexBits: '4', triBits: '3' });
    const draws = fragmentsByDraw(rasterizeScene(sixTriangleFan(), 4));
    const shape = { msaa: 4, depthBits: 24, triBits: 3, vertexBits: 4 } as const;
    const run = runStream(design, 'Pmu', pmuPayloads(draws, shape), PMU_OUT_FIELDS, makeRng(1), 0, 0);
    expect(run.received).toHaveLength(3);
    expect(run.received).toEqual(runPmu(draws, { msaa: 4, entries: 4 }).shaded.map((o) => pmuShadedPayload(o, shape)));
  });

  it('gives the golden output stream for random scenes, buffer sizes, flush policies and back-pressure', { timeout: 300_000 }, () => {
    const seed = defaultSeed();
    const design = designCache('pmu');
    fc.assert(
      fc.property(
        fc.record({
          surface: fc.constantFrom(...MERGE_SURFACES),
          area: fc.constantFrom(1, 4, 10),
          // Three unit configurations: each costs seconds to elaborate and compile.
          unit: fc.constantFrom<{ msaa: MergeMsaa; entries: number; flush: 'drain' | 'merge' }>(
            { msaa: 4, entries: 1, flush: 'drain' },
            { msaa: 8, entries: 3, flush: 'merge' },
            { msaa: 16, entries: 8, flush: 'drain' },
          ),
          seed: fc.integer({ min: 0, max: 1 << 20 }),
          bubble: fc.constantFrom(0, 0.3),
          stall: fc.constantFrom(0, 0.5),
        }),
        (y) => {
          const x = { ...y, ...y.unit };
          const d = design({ entries: String(x.entries), flush: x.flush, msaa: String(x.msaa), vertexBits: '8', triBits: '8', depthBits: '12', coordBits: '6' });
          // Two draws of a few patches each: merges inside a draw, across its patch borders, and a flush after each.
          const one = (seed: number) => makeScene({ surface: x.surface, area: x.area, triangles: 24, maxGridTriangles: 8, seed, width: 96, height: 96, shrink: true });
          const a = one(x.seed);
          const draws = fragmentsByDraw(rasterizeScene({ ...a, draws: [a.draws[0]!, one(x.seed + 1).draws[0]!] }, x.msaa));
          const shape = { msaa: x.msaa, depthBits: 12, triBits: 8, vertexBits: 8 };
          const golden = runPmu(draws, { msaa: x.msaa, entries: x.entries, flush: x.flush }).shaded.map((o) => pmuShadedPayload(o, shape));
          const run = runStream(d, 'Pmu', pmuPayloads(draws, shape), PMU_OUT_FIELDS, makeRng(x.seed), x.bubble, x.stall);
          expect(run.received, `pmu ${JSON.stringify(x)} [seed ${seed}]`).toEqual(golden);
        },
      ),
      { numRuns: 6, seed },
    );
  });
});
