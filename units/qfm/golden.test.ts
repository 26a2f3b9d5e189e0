import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fragmentsByDraw, makeScene, MERGE_SURFACES, rasterizeScene, scopeAdjacency, type Scene } from '../../testbenches/workloads/merge/index.js';
import { sixTriangleFan } from '../../testbenches/workloads/merge/fixtures.js';
import { defaultSeed } from '../../testbenches/property.js';
import { checkMergeStream, type MergeScope } from '../merge-common/invariants.js';
import { MERGE_MSAA_MODES } from '../merge-common/samples.js';
import { runPmu } from '../pmu/golden.js';
import { QFM_IDEAL, QfmModel, runQfm } from './golden.js';

const byGrid = (scene: Scene): MergeScope => ({ by: 'grid', adjacency: scopeAdjacency(scene, 'grid') });
const byDraw = (scene: Scene): MergeScope => ({ by: 'draw', adjacency: scopeAdjacency(scene, 'draw'), onePrimitive: true });

describe('QFM golden model', () => {
  it('merges the six-triangle fan into one quad and never shades an empty quad', () => {
    const scene = sixTriangleFan();
    for (const msaa of MERGE_MSAA_MODES) {
      const r = rasterizeScene(scene, msaa);
      const { shaded } = runQfm(r.grids, { msaa, entries: 4 });
      expect(shaded).toHaveLength(1);
      expect(shaded[0]!.cov.every((c) => c === (1 << msaa) - 1)).toBe(true);
      checkMergeStream(r.grids, shaded, byGrid(scene), 'qfm');
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

  it('rejects an unknown flush policy, naming it and what is allowed', () => {
    expect(() => new QfmModel({ msaa: 4, entries: 4, flush: 'later' as 'drain' })).toThrow(/qfm flush: flush policy 'later' is not valid; allowed: drain \| merge/);
  });

  it('at a merge flush, an entry left behind by the N rule merges as it leaves', () => {
    // Fan triangles 0, 2, 1 in that order with N = 1: 0 and 2 share no edge; 1 joins 2 (the newest), so 0 stays
    // apart until the flush, where, leaving first, it merges into 1+2 (1 is its neighbour).
    const scene = sixTriangleFan();
    const r = rasterizeScene(scene, 4);
    const [t0, t1, t2] = r.grids[0]!;
    const drain = new QfmModel({ msaa: 4, entries: Infinity, recent: 1 });
    const merge = new QfmModel({ msaa: 4, entries: Infinity, recent: 1, flush: 'merge' });
    for (const m of [drain, merge]) for (const q of [t0!, t2!, t1!]) m.push(q);
    expect(drain.flush().length).toBeGreaterThan(merge.flush().length);
    expect(merge.stats.mergeAtFlush).toBeGreaterThan(0);
  });

  it('conserves every covered sample and merges only adjacent triangles, on random scenes, buffer sizes and flush policies (QFM and PMU)', () => {
    const seed = defaultSeed();
    fc.assert(
      fc.property(
        fc.record({
          surface: fc.constantFrom(...MERGE_SURFACES),
          area: fc.constantFrom(0.5, 1, 3, 10),
          msaa: fc.constantFrom(...MERGE_MSAA_MODES),
          entries: fc.integer({ min: 1, max: 40 }),
          recent: fc.integer({ min: 1, max: 3 }),
          flush: fc.constantFrom('drain' as const, 'merge' as const),
          seed: fc.integer({ min: 0, max: 1 << 20 }),
        }),
        (x) => {
          const scene = makeScene({ surface: x.surface, area: x.area, triangles: 160, maxGridTriangles: 64, seed: x.seed, width: 96, height: 96, shrink: true });
          const r = rasterizeScene(scene, x.msaa);
          const what = `${JSON.stringify(x)} [seed ${seed}]`;
          const q = runQfm(r.grids, { msaa: x.msaa, entries: x.entries, recent: x.recent, flush: x.flush });
          checkMergeStream(r.grids, q.shaded, byGrid(scene), `qfm ${what}`);
          const draws = fragmentsByDraw(r);
          const p = runPmu(draws, { msaa: x.msaa, entries: x.entries, flush: x.flush });
          checkMergeStream(draws, p.shaded, byDraw(scene), `pmu ${what}`);
          const nomerge = r.grids.flat().filter((f) => f.cov.some((c) => c !== 0)).length;
          expect(q.shaded.length).toBeLessThanOrEqual(nomerge);
          expect(p.shaded.length).toBe(nomerge - p.stats.absorbed - p.stats.emptied - p.stats.absorbedAtFlush);
        },
      ),
      { numRuns: 25, seed },
    );
  });

  it('the ideal buffer (unbounded, every match tried, merging at flush) is never beaten by a bounded one', () => {
    const seed = defaultSeed();
    fc.assert(
      fc.property(
        fc.record({
          surface: fc.constantFrom(...MERGE_SURFACES),
          area: fc.constantFrom(0.5, 1, 3),
          msaa: fc.constantFrom(...MERGE_MSAA_MODES),
          entries: fc.constantFrom(1, 2, 4, 8, 16, 32, 64),
          recent: fc.integer({ min: 1, max: 3 }),
          seed: fc.integer({ min: 0, max: 1 << 20 }),
        }),
        (x) => {
          const scene = makeScene({ surface: x.surface, area: x.area, triangles: 400, maxGridTriangles: 128, seed: x.seed, width: 128, height: 128, shrink: true });
          const r = rasterizeScene(scene, x.msaa, { depth: false });
          const ideal = runQfm(r.grids, { msaa: x.msaa, ...QFM_IDEAL }).shaded.length;
          for (const flush of ['drain', 'merge'] as const) {
            const bounded = runQfm(r.grids, { msaa: x.msaa, entries: x.entries, recent: x.recent, flush }).shaded.length;
            expect(bounded, `${JSON.stringify({ ...x, flush })} [seed ${seed}]`).toBeGreaterThanOrEqual(ideal);
          }
        },
      ),
      { numRuns: 40, seed },
    );
  });
});
