import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../scratch-dir.js';
import { UserError } from '../../../hdl/errors.js';
import { makeRng } from '../../rng.js';
import { makeSurface } from '../raster/surfaces.js';
import { diceSurface, patchSide, patchTriangles } from '../raster/tessellate.js';
import { computeAdjacency, MAX_GRID_TRIANGLES, validateGrid } from './grid.js';
import { makeScene, MERGE_FRAME, MERGE_SURFACES, sceneGrids, sceneTriangles } from './scene.js';
import { makeGameScene } from './game.js';
import { fragmentsByDraw, rasterizeScene } from './rasterize.js';
import { sixTriangleFan } from './fixtures.js';
import { parseScene, readSceneFile, sceneToJson } from './scene-file.js';

describe('patches', () => {
  it('cut a u x v grid into the largest square patches of at most 512 triangles, in the tessellator order', () => {
    expect(patchSide(512)).toBe(16);
    expect(patchSide(64)).toBe(5);
    const rng = makeRng(5);
    const d = diceSurface(makeSurface('plane', rng.fork('s')), { triangles: 5000, area: 2, target: { width: 1024, height: 1024 }, jitter: 0.2 }, rng.fork('d'));
    const patches = patchTriangles(d.index, d.nu, d.nv, 16);
    // Same triangles as the row-by-row stream, each once.
    const key = (t: readonly number[]): string => t.join(',');
    expect(patches.flatMap((p) => p.triangles.map(key)).sort()).toEqual(d.mesh.triangles.map(key).sort());
    let i0 = -1;
    let j0 = 0;
    for (const p of patches) {
      // Square 16 x 16 quads except the last row and column of patches, which take the rest.
      expect(p.nu).toBe(Math.min(16, d.nu - p.i0));
      expect(p.nv).toBe(Math.min(16, d.nv - p.j0));
      expect(p.triangles.length).toBe(2 * p.nu * p.nv);
      expect(p.triangles.length).toBeLessThanOrEqual(MAX_GRID_TRIANGLES);
      // Rows of patches top to bottom, left to right.
      expect(p.j0 > j0 || (p.j0 === j0 && p.i0 > i0)).toBe(true);
      ((i0 = p.i0), (j0 = p.j0));
      // Scan order: quad (i, j) row by row, A = (p00, p10, p01) then B = (p01, p10, p11).
      let k = 0;
      for (let j = p.j0; j < p.j0 + p.nv; j++) {
        for (let i = p.i0; i < p.i0 + p.nu; i++) {
          const at = (a: number, b: number): number => d.index[b]![a]!;
          expect(p.triangles[k++]).toEqual([at(i, j), at(i + 1, j), at(i, j + 1)]);
          expect(p.triangles[k++]).toEqual([at(i, j + 1), at(i + 1, j), at(i + 1, j + 1)]);
        }
      }
    }
    expect(patches.filter((p) => p.nu === 16 && p.nv === 16).length).toBeGreaterThanOrEqual(4);
  });

  it('build every surface of at least 30,000 triangles on a frame of at least 1024 x 1024, as patches of at most 512, edge-connected', () => {
    expect(MERGE_FRAME.width).toBeGreaterThanOrEqual(1024);
    expect(MERGE_FRAME.height).toBeGreaterThanOrEqual(1024);
    // The largest area is the one that might not fit the frame.
    for (const surface of MERGE_SURFACES) {
      for (const area of [10]) {
        const s = makeScene({ surface, area });
        expect(sceneTriangles(s), `${surface} ${area}`).toBeGreaterThanOrEqual(30000);
        expect(s.draws).toHaveLength(1);
        const grids = sceneGrids(s);
        expect(grids.length).toBeGreaterThan(40);
        grids.forEach(({ grid }, i) => validateGrid(grid, i, s.draws[0]!.vertices.length));
        // Mostly whole 16 x 16 patches (512 triangles) on the plane and the character.
        if (surface === 'plane' || surface === 'character') expect(grids.filter((g) => g.grid.triangles.length === 512).length).toBeGreaterThan(grids.length / 2);
      }
    }
  }, 60_000);

  it('keep smaller patches square when the masks are narrower', () => {
    const s = makeScene({ surface: 'bumpy-sphere', area: 2, triangles: 600, maxGridTriangles: 64, width: 128, height: 128 });
    for (const { grid } of sceneGrids(s)) expect(grid.triangles.length).toBeLessThanOrEqual(2 * 5 * 5);
  });
});

describe('the game frame', () => {
  it('mixes large triangles and tessellated patches over several draws', () => {
    const g = makeGameScene();
    expect(g.draws.length).toBeGreaterThanOrEqual(5);
    expect(sceneTriangles(g)).toBeGreaterThanOrEqual(30000);
    const r = rasterizeScene(g, 4, { depth: false });
    const perTri = new Map<string, number>();
    for (const f of r.grids.flat()) for (const c of f.cov) if (c) perTri.set(`${f.draw}:${f.prim}`, (perTri.get(`${f.draw}:${f.prim}`) ?? 0) + 1);
    const sizes = [...perTri.values()];
    // Some triangles cover hundreds of pixels, most a few.
    expect(sizes.filter((n) => n >= 500).length).toBeGreaterThan(20);
    expect(sizes.filter((n) => n <= 4).length).toBeGreaterThan(sizes.length / 2);
    expect(fragmentsByDraw(r)).toHaveLength(g.draws.length);
  }, 60_000);
});

describe('quad fragments', () => {
  it('emit empty quad fragments only where a triangle overlaps a block but keeps no sample', () => {
    const scene = makeScene({ surface: 'plane', area: 0.5, triangles: 200, width: 256, height: 256 });
    const r = rasterizeScene(scene, 1);
    const all = r.grids.flat();
    expect(all.some((q) => q.cov.every((c) => c === 0))).toBe(true);
    expect(all.some((q) => q.cov.some((c) => c !== 0))).toBe(true);
    // A sliver's fragments at 16x include samples the 1x pass did not see.
    const r16 = rasterizeScene(scene, 16);
    expect(r16.grids.flat().filter((q) => q.cov.every((c) => c === 0)).length).toBeLessThan(all.filter((q) => q.cov.every((c) => c === 0)).length);
  });

  it('list the edges crossing each covered pixel, as the draw vertex-id pairs in winding order', () => {
    const r = rasterizeScene(sixTriangleFan(), 4);
    for (const q of r.grids[0]!) {
      q.cov.forEach((c, p) => {
        if (c === 0) expect(q.edges[p]).toEqual([]);
        else expect(q.edges[p]!.length).toBeGreaterThan(0);
      });
    }
  });

  it('give the same coverage with and without the depth payload, and primitive ids running over the draw', () => {
    const scene = makeScene({ surface: 'bumpy-sphere', area: 1, triangles: 800, width: 128, height: 128 });
    const a = rasterizeScene(scene, 8);
    const b = rasterizeScene(scene, 8, { depth: false });
    expect(b.grids.map((g) => g.map((q) => q.cov))).toEqual(a.grids.map((g) => g.map((q) => q.cov)));
    expect(a.grids.flat().some((q) => q.depth.some((z) => z > 0))).toBe(true);
    expect(b.grids.flat().every((q) => q.depth.every((z) => z === 0))).toBe(true);
    let base = 0;
    sceneGrids(scene).forEach(({ grid }, gi) => {
      for (const q of a.grids[gi]!) expect(q.prim).toBe(base + q.tri);
      base += grid.triangles.length;
    });
  });
});

describe('bad grids', () => {
  it('rejects a grid claiming non-adjacent triangles adjacent, naming grid and triangle', () => {
    const g = sixTriangleFan().draws[0]!.grids[0]!;
    const bad = { ...g, adjacency: g.adjacency.map((a, i) => (i === 0 ? [...a, 3] : i === 3 ? [...a, 0] : a)) };
    expect(() => validateGrid(bad, 7, 7)).toThrow(/grid 7, triangle 0: claimed adjacent to triangle 3, but they share no edge/);
  });

  it('rejects a grid of more than 512 triangles and masks narrower than the grid', () => {
    const tris = Array.from({ length: 513 }, (_, i) => [i, i + 1, i + 2] as const);
    const g = { triangles: tris, adjacency: computeAdjacency(tris) };
    expect(() => validateGrid(g, 2, 520)).toThrow(/grid 2: has 513 triangles; a grid holds at most 512/);
    const small = { triangles: tris.slice(0, 40), adjacency: computeAdjacency(tris.slice(0, 40)) };
    expect(() => validateGrid(small, 3, 520, 32)).toThrow(/grid 3, triangle 32: index does not fit the configured 32-bit/);
  });

  it('rejects a grid whose triangles are not one edge-connected patch', () => {
    const tris = [
      [0, 1, 2],
      [2, 1, 3],
      [4, 5, 6],
    ] as const;
    expect(() => validateGrid({ triangles: tris, adjacency: computeAdjacency(tris) }, 4, 7)).toThrow(/grid 4, triangle 2: shares no chain of edges with triangle 0; a grid is one tessellated patch/);
  });
});

describe('scene files', () => {
  it('read the older form (one draw, grids with their own vertices)', () => {
    const old = { width: 16, height: 16, grids: [{ vertices: [[1, 1, 0.5], [5, 1, 0.5], [1, 5, 0.5]], triangles: [[0, 1, 2]], adjacency: [[]] }, { vertices: [[9, 9, 0.5], [12, 9, 0.5], [9, 12, 0.5]], triangles: [[0, 1, 2]] }] };
    const s = parseScene(JSON.stringify(old), 'old.json');
    expect(s.draws).toHaveLength(1);
    expect(s.draws[0]!.grids.map((g) => g.triangles)).toEqual([[[0, 1, 2]], [[3, 4, 5]]]);
  });

  it('round-trip a generated scene, draws and shared vertices kept', () => {
    const s = makeScene({ surface: 'bumpy-sphere', area: 3, triangles: 300, width: 128, height: 128 });
    const back = parseScene(sceneToJson(s), 'x.json');
    expect(back.draws.map((d) => d.grids.map((g) => g.triangles))).toEqual(s.draws.map((d) => d.grids.map((g) => g.triangles)));
    expect(back.draws[0]!.vertices).toEqual(s.draws[0]!.vertices);
  });

  it('name the file, grid and triangle of a false adjacency claim', () => {
    const doc = JSON.parse(sceneToJson(sixTriangleFan()));
    doc.draws[0].grids[0].adjacency[1].push(4);
    doc.draws[0].grids[0].adjacency[4].push(1);
    expect(() => parseScene(JSON.stringify(doc), 'fan.json')).toThrow(/^fan.json:\d+:\d+ \(draws\[0\]\.grids\[0\]\.triangles\[1\]\): grid 0, triangle 1: claimed adjacent to triangle 4, but they share no edge/);
  });

  it('refuse a grid over 512 triangles and a grid that is not a patch, as user errors naming the file', () => {
    const dir = scratchDir('merge-scene-');
    const strip = Array.from({ length: 513 }, (_, i) => (i % 2 === 0 ? [i, i + 1, i + 2] : [i + 1, i, i + 2]));
    const big = join(dir, 'big.json');
    writeFileSync(big, JSON.stringify({ width: 64, height: 64, draws: [{ vertices: Array.from({ length: 515 }, (_, i) => [i % 60, Math.floor(i / 60), 0.5]), grids: [{ triangles: strip }] }] }));
    expect(() => readSceneFile(big)).toThrow(UserError);
    expect(() => readSceneFile(big)).toThrow(/big.json:\d+:\d+ \(draws\[0\]\.grids\[0\]\.triangles\): a grid's triangles \(at most 512: a grid is one patch\) with 513 entries/);
    const loose = join(dir, 'loose.json');
    writeFileSync(loose, JSON.stringify({ width: 16, height: 16, draws: [{ vertices: [[1, 1, 0.5], [5, 1, 0.5], [1, 5, 0.5], [9, 9, 0.5], [12, 9, 0.5], [9, 12, 0.5]], grids: [{ triangles: [[0, 1, 2], [3, 4, 5]] }] }] }));
    expect(() => readSceneFile(loose)).toThrow(/loose.json:\d+:\d+ \(draws\[0\]\.grids\[0\]\.triangles\[1\]\): grid 0, triangle 1: shares no chain of edges with triangle 0/);
  });
});
