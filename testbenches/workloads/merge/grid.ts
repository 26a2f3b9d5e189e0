// Draws and grids. A draw is one indexed mesh (one draw call): its vertex
// ids are the ids the PMU's edges compare, and the PMU flushes after it. A
// grid is one tessellated patch of at most 512 triangles of a draw, with
// known edge adjacency, emitted in the tessellator's order: QFM's tri_mask
// and adj_mask index its triangles, and QFM flushes after it. Patches of one
// surface share their border vertices (the draw's index buffer), so the PMU
// can merge across a patch border and QFM cannot.
import type { Vertex } from '../../../units/raster-common/mp.js';
import type { TriIndices } from '../raster/mesh.js';
import { SceneError } from './scene-error.js';

/** The most triangles one grid may hold (the study's mask width). */
export const MAX_GRID_TRIANGLES = 512;

export interface Grid {
  /** Vertex ids of the draw, winding as drawn (clockwise on screen = front). */
  readonly triangles: readonly TriIndices[];
  /** adjacency[i]: the grid's triangles sharing an edge (two vertex ids) with triangle i. */
  readonly adjacency: readonly (readonly number[])[];
}

export interface Draw {
  /** x, y in 14.8, z in 0.24; index = the draw's vertex id. */
  readonly vertices: readonly Vertex[];
  /** Patches in submission order. */
  readonly grids: readonly Grid[];
}

function edgeKey(a: number, b: number): string {
  return a < b ? `${a},${b}` : `${b},${a}`;
}

/** Adjacency by shared vertex ids, each list in ascending order. */
export function computeAdjacency(triangles: readonly TriIndices[]): number[][] {
  const byEdge = new Map<string, number[]>();
  triangles.forEach(([a, b, c], t) => {
    for (const [u, v] of [[a, b], [b, c], [c, a]] as const) {
      const k = edgeKey(u, v);
      const list = byEdge.get(k);
      if (list) list.push(t);
      else byEdge.set(k, [t]);
    }
  });
  const adj = triangles.map(() => new Set<number>());
  for (const list of byEdge.values()) {
    for (const t of list) for (const u of list) if (u !== t) adj[t]!.add(u);
  }
  return adj.map((s) => [...s].sort((x, y) => x - y));
}

function sharedVertices(a: TriIndices, b: TriIndices): number {
  return a.filter((v) => b.includes(v)).length;
}

/** The first triangle not edge-connected to triangle 0 through the grid's real adjacency, or -1. */
export function firstUnconnected(triangles: readonly TriIndices[]): number {
  if (triangles.length === 0) return -1;
  const adj = computeAdjacency(triangles);
  const seen = new Uint8Array(triangles.length);
  const stack = [0];
  seen[0] = 1;
  while (stack.length > 0) {
    for (const u of adj[stack.pop()!]!) if (seen[u] === 0) (seen[u] = 1), stack.push(u);
  }
  return seen.indexOf(0);
}

/** Reports a grid fault at `field` ("grid 2", "grid 2, triangle 5"); never returns. */
export type GridFault = (field: string, detail: string) => never;

/**
 * Check a grid before anything is written or simulated: at most
 * min(512, maskWidth) triangles, vertex ids of the draw, every claimed
 * adjacency real (two shared vertex ids) and symmetric, and its triangles
 * edge-connected (a tessellated patch, not a set of unrelated triangles).
 * Errors name the grid and the triangle (`report` places them, in a file).
 */
export function validateGrid(grid: Grid, gridIndex: number, vertexCount: number, maskWidth = MAX_GRID_TRIANGLES, where = 'scene', report?: GridFault): void {
  const n = grid.triangles.length;
  const fail = (triangle: number | null, detail: string): never => {
    const field = `grid ${gridIndex}${triangle === null ? '' : `, triangle ${triangle}`}`;
    if (report) return report(field, detail);
    throw new SceneError(`${where}: ${field}: ${detail}`);
  };
  if (n === 0) fail(null, 'has no triangles');
  if (n > MAX_GRID_TRIANGLES) fail(null, `has ${n} triangles; a grid holds at most ${MAX_GRID_TRIANGLES} (triangle ${MAX_GRID_TRIANGLES} is the first too many)`);
  if (n > maskWidth) fail(maskWidth, `index does not fit the configured ${maskWidth}-bit tri/adj masks (grid has ${n} triangles)`);
  if (grid.adjacency.length !== n) fail(null, `has ${n} triangles but ${grid.adjacency.length} adjacency lists`);
  grid.triangles.forEach((t, i) => {
    for (const v of t) {
      if (!Number.isInteger(v) || v < 0 || v >= vertexCount) fail(i, `vertex id ${v} out of range 0..${vertexCount - 1}`);
    }
    for (const j of grid.adjacency[i]!) {
      if (!Number.isInteger(j) || j < 0 || j >= n) fail(i, `adjacent triangle ${j} is not in the grid (0..${n - 1})${j >= maskWidth ? `, nor in the ${maskWidth}-bit mask` : ''}`);
      if (j === i || sharedVertices(t, grid.triangles[j]!) < 2) fail(i, `claimed adjacent to triangle ${j}, but they share no edge (vertices [${t.join(',')}] and [${grid.triangles[j]!.join(',')}])`);
      if (!grid.adjacency[j]!.includes(i)) fail(i, `adjacent to ${j} but ${j}'s list does not name ${i}; adjacency must be symmetric`);
    }
  });
  const loose = firstUnconnected(grid.triangles);
  if (loose >= 0) fail(loose, 'shares no chain of edges with triangle 0; a grid is one tessellated patch, its triangles edge-connected');
}

/** Check every grid of every draw (grid indices count across draws, in submission order); `report(draw, gridInDraw)` places a fault. */
export function validateDraws(draws: readonly Draw[], maskWidth = MAX_GRID_TRIANGLES, where = 'scene', report?: (draw: number, grid: number) => GridFault): void {
  let g = 0;
  draws.forEach((d, di) => d.grids.forEach((grid, k) => validateGrid(grid, g++, d.vertices.length, maskWidth, where, report?.(di, k))));
}
