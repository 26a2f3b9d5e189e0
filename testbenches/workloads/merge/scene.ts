// Test scenes for the merge units: one surface diced (REYES style, with the
// raster workloads' tessellator) at a mean triangle area, then cut in stream
// order into grids of at most 512 triangles. The tessellator emits a grid
// row by row, so each grid is a band of whole rows: a connected patch whose
// internal edges are what merging can exploit.
import { makeRng } from '../../rng.js';
import type { Vertex } from '../../../units/raster-common/mp.js';
import { compactVertices, type TriIndices } from '../raster/mesh.js';
import { makeSurface } from '../raster/surfaces.js';
import { diceSurface } from '../raster/tessellate.js';
import { computeAdjacency, type Grid, MAX_GRID_TRIANGLES, validateGrid } from './grid.js';
import { ParamError } from '../../../hdl/errors.js';

export const MERGE_SCENES = ['plane', 'sine-grazing', 'bumpy-sphere'] as const;
export type MergeSceneName = (typeof MERGE_SCENES)[number];

export interface Scene {
  readonly name: string;
  /** Requested mean triangle area, px^2. */
  readonly area: number;
  readonly seed: number;
  readonly width: number;
  readonly height: number;
  readonly grids: readonly Grid[];
}

export interface SceneOptions {
  readonly surface: MergeSceneName;
  readonly area: number;
  /** Triangles asked of the tessellator (the grid gets about this many). */
  readonly triangles?: number;
  readonly gridTriangles?: number;
  readonly seed?: number;
  readonly width?: number;
  readonly height?: number;
}

/** Cut a triangle stream into grids of at most `per` triangles, vertex ids made grid-local. */
export function cutIntoGrids(vertices: readonly Vertex[], triangles: readonly TriIndices[], per: number): Grid[] {
  if (!(Number.isInteger(per) && per >= 1 && per <= MAX_GRID_TRIANGLES)) {
    throw new ParamError('trianglesPerGrid', per, '1..512', { message: `cutIntoGrids: ${per} triangles per grid; must be 1..${MAX_GRID_TRIANGLES}` });
  }
  const grids: Grid[] = [];
  for (let start = 0; start < triangles.length; start += per) {
    const g = compactVertices(vertices, triangles.slice(start, start + per), 'cutIntoGrids');
    grids.push({ vertices: g.vertices, triangles: g.triangles, adjacency: computeAdjacency(g.triangles) });
  }
  return grids;
}

export function makeScene(o: SceneOptions): Scene {
  const seed = o.seed ?? 2010;
  const width = o.width ?? 256;
  const height = o.height ?? 256;
  const rng = makeRng(seed).fork(`merge ${o.surface} ${o.area}`);
  const diced = diceSurface(
    makeSurface(o.surface, rng.fork('surface')),
    { triangles: o.triangles ?? 2048, area: o.area, target: { width, height }, jitter: 0.2 },
    rng.fork('dice'),
  );
  const grids = cutIntoGrids(diced.mesh.vertices, diced.mesh.triangles, o.gridTriangles ?? MAX_GRID_TRIANGLES);
  grids.forEach((g, i) => validateGrid(g, i));
  return { name: o.surface, area: o.area, seed, width, height, grids };
}
