import { describe, expect, it } from 'vitest';
import { rasterizeScene } from '../../testbenches/workloads/merge/rasterize.js';
import { handScene, sixTriangleFan } from '../../testbenches/workloads/merge/fixtures.js';
import { runPmu, mergeEdgeLists, PmuModel } from './golden.js';
import { checkMergeStream } from '../merge-common/invariants.js';

describe('PMU golden model', () => {
  it("shades the paper's six connected triangles over 2x2 pixels at 4 spp as 4 quads, not 6", () => {
    const scene = sixTriangleFan();
    const r = rasterizeScene(scene, 4);
    const quads = r.grids[0]!.filter((q) => q.cov.some((c) => c !== 0));
    expect(quads).toHaveLength(6);
    expect(quads.every((q) => q.qx === 1 && q.qy === 1)).toBe(true);
    const { shaded, stats } = runPmu(r.grids, { msaa: 4, entries: 16 });
    expect(shaded).toHaveLength(4);
    expect(stats.absorbed).toBe(2);
    checkMergeStream(r.grids, shaded, (_g, t) => scene.grids[0]!.adjacency[t]!, 'pmu');
  });

  it('merges nothing at 1 spp (no pixel is partially covered)', () => {
    const r = rasterizeScene(sixTriangleFan(), 1);
    const { shaded, stats } = runPmu(r.grids, { msaa: 1, entries: 16 });
    expect(stats.partialQuads).toBe(0);
    expect(shaded.length).toBe(r.grids[0]!.filter((q) => q.cov.some((c) => c !== 0)).length);
  });

  it('merges edge lists as union minus the shared edge, at most 8', () => {
    expect(mergeEdgeLists([[1, 2], [2, 3]], [[2, 1], [1, 4]])).toEqual([[2, 3], [1, 4]]);
    expect(mergeEdgeLists([[1, 2]], [[1, 2]])).toBeNull();
    const many: [number, number][] = Array.from({ length: 6 }, (_, i) => [10 + i, 11 + i]);
    expect(mergeEdgeLists([[1, 2], ...many], [[2, 1], [5, 6], [6, 7], [7, 8]])).toBeNull();
  });

  it('keeps per-pixel submission order: an overlapping quad evicts the buffered one first', () => {
    // Two triangles over the same pixels (a later, nearer copy): the first
    // is buffered, the second overlaps it and must push it out first.
    const scene = handScene([[2, 2], [3.6, 2.3], [2.2, 3.7], [2, 2], [3.6, 2.3], [2.2, 3.7]], [[0, 1, 2], [3, 4, 5]]);
    const g = scene.grids[0]!;
    const nearer = { ...g, vertices: g.vertices.map((v, i) => (i >= 3 ? { ...v, z: 10 } : v)) };
    const r = rasterizeScene({ ...scene, grids: [nearer] }, 4);
    const m = new PmuModel({ msaa: 4, entries: 8 });
    const [first, second] = r.grids[0]!.filter((q) => q.tri === 0 || q.tri === 1);
    expect(m.push(first!)).toEqual([]);
    const out = m.push(second!);
    expect(out.map((o) => o.tris)).toEqual([[0]]);
    expect(m.stats.evictOverlap).toBe(1);
  });
});
