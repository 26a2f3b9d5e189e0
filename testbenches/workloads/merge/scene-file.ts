// Scene files: {"name", "width", "height", "grids": [{"vertices": [[x, y, z],
// ...], "triangles": [[i, j, k], ...], "adjacency": [[t, ...], ...]}]}, with
// x, y in pixels on the 1/256 grid and z in [0, 1), as the raster mesh JSON.
// Every grid is checked (<= 512 triangles, real and symmetric adjacency,
// masks wide enough) before anything is simulated or written.
import { readFileSync } from 'node:fs';
import { isCoord, isDepth, quantizeDepth, SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { Vertex } from '../../../units/raster-common/mp.js';
import type { TriIndices } from '../raster/mesh.js';
import { type Grid, validateGrid } from './grid.js';
import type { Scene } from './scene.js';

function fail(file: string, where: string, what: string): never {
  throw new Error(`${file}: ${where}: ${what}`);
}

function intList(file: string, where: string, v: unknown, len?: number): number[] {
  if (!Array.isArray(v) || (len !== undefined && v.length !== len) || !v.every((x) => Number.isInteger(x))) {
    fail(file, where, `expected ${len === undefined ? 'a list' : `${len}`} of integers, got ${JSON.stringify(v)?.slice(0, 60)}`);
  }
  return v as number[];
}

export function parseScene(text: string, file: string, maskWidth = 512): Scene {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    fail(file, 'JSON', (e as Error).message);
  }
  const d = doc as { name?: unknown; width?: unknown; height?: unknown; grids?: unknown };
  if (typeof d !== 'object' || d === null || !Array.isArray(d.grids)) fail(file, 'top level', 'expected {"width", "height", "grids": [...]}');
  const width = Number(d.width);
  const height = Number(d.height);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 2 || height < 2 || width > 16384 || height > 16384) {
    fail(file, 'width/height', `must be integers 2..16384, got ${String(d.width)} x ${String(d.height)}`);
  }
  const grids: Grid[] = (d.grids as unknown[]).map((g, gi) => {
    const gg = g as { vertices?: unknown; triangles?: unknown; adjacency?: unknown };
    if (!Array.isArray(gg.vertices) || !Array.isArray(gg.triangles) || !Array.isArray(gg.adjacency)) {
      fail(file, `grid ${gi}`, 'needs "vertices", "triangles" and "adjacency" lists');
    }
    const vertices: Vertex[] = (gg.vertices as unknown[]).map((v, vi) => {
      if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'number')) fail(file, `grid ${gi}, vertex ${vi}`, 'expected [x, y, z]');
      const [x, y, z] = v as [number, number, number];
      const q = { x: x * SUBPIXEL, y: y * SUBPIXEL, z: quantizeDepth(z) };
      if (!isCoord(q.x) || !isCoord(q.y) || !isDepth(q.z) || z < 0 || z >= 1) fail(file, `grid ${gi}, vertex ${vi}`, `[${v.join(', ')}] is not on the 1/256 grid inside the screen with z in [0, 1)`);
      return q;
    });
    const triangles = (gg.triangles as unknown[]).map((t, ti) => intList(file, `grid ${gi}, triangle ${ti}`, t, 3) as unknown as TriIndices);
    const adjacency = (gg.adjacency as unknown[]).map((a, ti) => intList(file, `grid ${gi}, triangle ${ti} adjacency`, a));
    const grid: Grid = { vertices, triangles, adjacency };
    validateGrid(grid, gi, maskWidth, file);
    return grid;
  });
  return { name: typeof d.name === 'string' ? d.name : file, area: NaN, seed: 0, width, height, grids };
}

export function readSceneFile(file: string, maskWidth = 512): Scene {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`${file}: cannot read (${(e as Error).message})`);
  }
  return parseScene(text, file, maskWidth);
}

export function sceneToJson(scene: Scene): string {
  return JSON.stringify({
    name: scene.name,
    width: scene.width,
    height: scene.height,
    grids: scene.grids.map((g) => ({
      vertices: g.vertices.map((v) => [v.x / SUBPIXEL, v.y / SUBPIXEL, v.z / 2 ** 24]),
      triangles: g.triangles,
      adjacency: g.adjacency,
    })),
  });
}
