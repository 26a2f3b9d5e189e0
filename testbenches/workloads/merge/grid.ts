// A grid: one tessellated patch of at most 512 triangles with known edge
// adjacency, the unit QFM's masks and the PMU's flush work on. Vertex ids
// are grid-local, so the PMU's edges (vertex-id pairs) and QFM's tri_mask
// bits both index into the grid.
import type { Vertex } from '../../../units/raster-common/mp.js';
import type { TriIndices } from '../raster/mesh.js';
import { UserError } from '../../../hdl/errors.js';

/** Reports a grid fault at `field` ("grid 2, triangle 5"); never returns. */
export type GridFault = (field: string, detail: string) => never;

/** The most triangles one grid may hold (the study's mask width). */
export const MAX_GRID_TRIANGLES = 512;

export interface Grid {
  readonly vertices: readonly Vertex[];
  readonly triangles: readonly TriIndices[];
  /** adjacency[i]: the triangles sharing an edge (two vertex ids) with triangle i. */
  readonly adjacency: readonly (readonly number[])[];
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

/**
 * Check a grid before anything is written or simulated: at most
 * min(512, maskWidth) triangles, vertex ids in range, and every claimed
 * adjacency real (two shared vertex ids) and symmetric. Errors name the grid
 * and the triangle.
 */
export function validateGrid(grid: Grid, gridIndex: number, maskWidth = MAX_GRID_TRIANGLES, where = 'scene', report?: GridFault): void {
  const fail = (field: string, detail: string): never => {
    if (report) return report(field, detail);
    throw new UserError(`${where}: ${field}: ${detail}`);
  };
  const n = grid.triangles.length;
  if (n > MAX_GRID_TRIANGLES) {
    fail(`grid ${gridIndex}`, `has ${n} triangles; a grid holds at most ${MAX_GRID_TRIANGLES} (triangle ${MAX_GRID_TRIANGLES} is the first too many)`);
  }
  if (n > maskWidth) {
    fail(`grid ${gridIndex}, triangle ${maskWidth}`, `index does not fit the configured ${maskWidth}-bit tri/adj masks (grid has ${n} triangles)`);
  }
  if (grid.adjacency.length !== n) {
    fail(`grid ${gridIndex}`, `has ${n} triangles but ${grid.adjacency.length} adjacency lists`);
  }
  grid.triangles.forEach((t, i) => {
    for (const v of t) {
      if (!Number.isInteger(v) || v < 0 || v >= grid.vertices.length) {
        fail(`grid ${gridIndex}, triangle ${i}`, `vertex id ${v} out of range 0..${grid.vertices.length - 1}`);
      }
    }
    for (const j of grid.adjacency[i]!) {
      if (!Number.isInteger(j) || j < 0 || j >= n) {
        fail(`grid ${gridIndex}, triangle ${i}`, `adjacent triangle ${j} is not in the grid (0..${n - 1})${j >= maskWidth ? `, nor in the ${maskWidth}-bit mask` : ''}`);
      }
      if (j === i || sharedVertices(t, grid.triangles[j]!) < 2) {
        fail(`grid ${gridIndex}, triangle ${i}`, `claimed adjacent to triangle ${j}, but they share no edge (vertices [${t.join(',')}] and [${grid.triangles[j]!.join(',')}])`);
      }
      if (!grid.adjacency[j]!.includes(i)) {
        fail(`grid ${gridIndex}, triangle ${i}`, `adjacent to ${j} but ${j}'s list does not name ${i}; adjacency must be symmetric`);
      }
    }
  });
}
