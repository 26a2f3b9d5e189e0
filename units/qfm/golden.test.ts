import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeScene, MERGE_SCENES, rasterizeScene, type Scene } from '../../testbenches/workloads/merge/index.js';
import { sixTriangleFan } from '../../testbenches/workloads/merge/fixtures.js';
import { defaultSeed } from '../../testbenches/property.js';
import { checkMergeStream } from '../merge-common/invariants.js';
import { MERGE_MSAA_MODES } from '../merge-common/samples.js';
import { runPmu } from '../pmu/golden.js';
import { QfmModel, runQfm } from './golden.js';

const adjOf = (scene: Scene) => (g: number, t: number) => scene.grids[g]!.adjacency[t]!;

describe('QFM golden model', () => {
  it('merges the six-triangle fan into one quad and never shades an empty quad', () => {
    const scene = sixTriangleFan();
    for (const msaa of MERGE_MSAA_MODES) {
      const r = rasterizeScene(scene, msaa);
      const { shaded } = runQfm(r.grids, { msaa, entries: 4 });
      expect(shaded).toHaveLength(1);
      expect(shaded[0]!.cov.every((c) => c === (1 << msaa) - 1)).toBe(true);
      checkMergeStream(r.grids, shaded, adjOf(scene), 'qfm');
    }
  });

  it('with one entry still merges consecutive adjacent fragments, and FIFO-evicts the rest', () => {
    const scene = sixTriangleFan();
    const r = rasterizeScene(scene, 4);
    const m = new QfmModel({ msaa: 4, entries: 1 });
    const out = r.grids[0]!.flatMap((q) => m.push(q)).concat(m.flush());
    expect(out).toHaveLength(1);
    expect(m.stats.merges).toBe(5);
  });

  it('rejects a fragment whose triangle does not fit the mask width, naming grid and triangle', () => {
    const r = rasterizeScene(sixTriangleFan(), 4);
    const m = new QfmModel({ msaa: 4, entries: 4, maskWidth: 4 });
    const q = r.grids[0]![5]!;
    expect(() => m.push(q)).toThrow(/grid 0, triangle 5.*4-bit masks/);
  });

  it('conserves every covered sample and merges only adjacent triangles, on random scenes and buffer sizes (QFM and PMU)', () => {
    const seed = defaultSeed();
    fc.assert(
      fc.property(
        fc.record({
          surface: fc.constantFrom(...MERGE_SCENES),
          area: fc.constantFrom(0.5, 1, 3, 10),
          msaa: fc.constantFrom(...MERGE_MSAA_MODES),
          entries: fc.integer({ min: 1, max: 40 }),
          recent: fc.integer({ min: 1, max: 3 }),
          seed: fc.integer({ min: 0, max: 1 << 20 }),
        }),
        (x) => {
          const scene = makeScene({ surface: x.surface, area: x.area, triangles: 160, gridTriangles: 64, seed: x.seed, width: 96, height: 96 });
          const r = rasterizeScene(scene, x.msaa);
          const q = runQfm(r.grids, { msaa: x.msaa, entries: x.entries, recent: x.recent });
          checkMergeStream(r.grids, q.shaded, adjOf(scene), `qfm ${JSON.stringify(x)}`);
          const p = runPmu(r.grids, { msaa: x.msaa, entries: x.entries, recent: x.recent });
          checkMergeStream(r.grids, p.shaded, adjOf(scene), `pmu ${JSON.stringify(x)}`);
          const nomerge = r.grids.flat().filter((f) => f.cov.some((c) => c !== 0)).length;
          expect(q.shaded.length).toBeLessThanOrEqual(nomerge);
          expect(p.shaded.length).toBe(nomerge - p.stats.absorbed);
        },
      ),
      { numRuns: 25, seed },
    );
  });
});
