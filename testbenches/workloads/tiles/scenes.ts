// Scenes for the sort study: the merge units' scenes
// (testbenches/workloads/merge/scene.ts), so both studies render the same
// geometry: one surface of at least 30,000 triangles at a mean triangle
// area, in square patches, on the full-size frame, placed by the seed.
// Primitive ids are the submission order over the scene (draw by draw,
// patch by patch, triangle by triangle).
import type { TriVerts } from '../../../units/raster-common/mp.js';
import { makeScene, MERGE_FRAME, MERGE_SURFACES, sceneGrids, type MergeSurface } from '../merge/scene.js';

export const SCENE_SURFACES = MERGE_SURFACES;
export type SceneSurface = MergeSurface;

export const FRAME = MERGE_FRAME;

export interface SceneSpec {
  readonly surface: SceneSurface;
  /** Mean triangle area in pixels^2. */
  readonly area: number;
  readonly seed: number;
}

export interface Scene {
  readonly name: string;
  readonly spec: SceneSpec;
  readonly width: number;
  readonly height: number;
  /** Triangles in submission order: index = primitive id. */
  readonly tris: TriVerts[];
}

export function sceneName(s: SceneSpec): string {
  return `${s.surface}-a${s.area}`;
}

/** The merge scene of `spec` on a width x height frame; on a frame smaller than the full one the surface gets fewer triangles to fit. */
export function buildScene(spec: SceneSpec, width: number = FRAME.width, height: number = FRAME.height): Scene {
  const full = width >= FRAME.width && height >= FRAME.height;
  const s = makeScene({ surface: spec.surface, area: spec.area, seed: spec.seed, width, height, shrink: !full });
  const tris: TriVerts[] = [];
  for (const { grid, vertices } of sceneGrids(s)) for (const [a, b, c] of grid.triangles) tris.push([vertices[a]!, vertices[b]!, vertices[c]!]);
  return { name: sceneName(spec), spec, width, height, tris };
}
