import { describe, expect, it } from 'vitest';
import { validateGrid, computeAdjacency, MAX_GRID_TRIANGLES } from './grid.js';
import { makeScene, MERGE_SCENES } from './scene.js';
import { rasterizeScene } from './rasterize.js';
import { sixTriangleFan } from './fixtures.js';

describe('merge scenes', () => {
  it('cut every scene into grids of at most 512 triangles with real, symmetric adjacency', () => {
    for (const surface of MERGE_SCENES) {
      const s = makeScene({ surface, area: 2 });
      expect(s.grids.length).toBeGreaterThan(1);
      s.grids.forEach((g, i) => {
        expect(g.triangles.length).toBeLessThanOrEqual(MAX_GRID_TRIANGLES);
        validateGrid(g, i);
      });
    }
  });

  it('emit empty quad fragments only where a triangle overlaps a block but keeps no sample', () => {
    const r = rasterizeScene(makeScene({ surface: 'plane', area: 0.5, triangles: 200 }), 1);
    const all = r.grids.flat();
    expect(all.some((q) => q.cov.every((c) => c === 0))).toBe(true);
    expect(all.some((q) => q.cov.some((c) => c !== 0))).toBe(true);
    // A sliver's fragments at 16x include samples the 1x pass did not see.
    const r16 = rasterizeScene(makeScene({ surface: 'plane', area: 0.5, triangles: 200 }), 16);
    expect(r16.grids.flat().filter((q) => q.cov.every((c) => c === 0)).length).toBeLessThan(all.filter((q) => q.cov.every((c) => c === 0)).length);
  });

  it('list the edges crossing each covered pixel, as grid-local vertex-id pairs in winding order', () => {
    const r = rasterizeScene(sixTriangleFan(), 4);
    for (const q of r.grids[0]!) {
      q.cov.forEach((c, p) => {
        if (c === 0) expect(q.edges[p]).toEqual([]);
        else expect(q.edges[p]!.length).toBeGreaterThan(0);
      });
    }
  });

  it('rejects a grid claiming non-adjacent triangles adjacent, naming grid and triangle', () => {
    const s = sixTriangleFan();
    const g = s.grids[0]!;
    const bad = { ...g, adjacency: g.adjacency.map((a, i) => (i === 0 ? [...a, 3] : i === 3 ? [...a, 0] : a)) };
    expect(() => validateGrid(bad, 7)).toThrow(/grid 7, triangle 0: claimed adjacent to triangle 3, but they share no edge/);
  });

  it('rejects a grid of more than 512 triangles and masks narrower than the grid', () => {
    const tris = Array.from({ length: 513 }, (_, i) => [i, i + 1, i + 2] as const);
    const g = { vertices: Array.from({ length: 520 }, () => ({ x: 0, y: 0, z: 0 })), triangles: tris, adjacency: computeAdjacency(tris) };
    expect(() => validateGrid(g, 2)).toThrow(/grid 2: has 513 triangles; a grid holds at most 512/);
    const small = { ...g, triangles: tris.slice(0, 40), adjacency: computeAdjacency(tris.slice(0, 40)) };
    expect(() => validateGrid(small, 3, 32)).toThrow(/grid 3, triangle 32: index does not fit the configured 32-bit/);
  });
});

describe('scene files', () => {
  it('round-trip a generated scene', async () => {
    const { parseScene, sceneToJson } = await import('./scene-file.js');
    const s = makeScene({ surface: 'bumpy-sphere', area: 3, triangles: 300 });
    const back = parseScene(sceneToJson(s), 'x.json');
    expect(back.grids.map((g) => g.triangles)).toEqual(s.grids.map((g) => g.triangles));
    expect(back.grids[0]!.vertices).toEqual(s.grids[0]!.vertices);
  });
  it('name the grid and triangle of a false adjacency claim', async () => {
    const { parseScene, sceneToJson } = await import('./scene-file.js');
    const doc = JSON.parse(sceneToJson(sixTriangleFan()));
    doc.grids[0].adjacency[1].push(4);
    doc.grids[0].adjacency[4].push(1);
    expect(() => parseScene(JSON.stringify(doc), 'fan.json')).toThrow(/^fan.json:\d+:\d+ \(grids\[0\].adjacency\[1\]\): grid 0, triangle 1: claimed adjacent to triangle 4, but they share no edge/);
  });
});
