// Test scenes for the merge units (and the sort study's tiles): one surface
// diced (REYES style, with the raster workloads' tessellator) into at least
// 30,000 triangles of a mean screen area, on a full-size frame, and emitted
// as a tessellator emits it: the u x v parameter grid cut into the largest
// square patches that hold at most 512 triangles (16 x 16 grid quads), one
// patch after another (rows of patches, top to bottom, left to right), each
// patch in the tessellator's scan order (its rows of grid quads, each quad's
// two triangles A then B; tessellate.ts). Never shuffled. The character is
// a subdivision surface whose base faces are its patches (character.ts).
// A surface is one draw: the PMU flushes after it, QFM after each patch.
import { makeRng } from '../../rng.js';
import { project, rotate, compose, rotationX, rotationY, type Vec3 } from '../raster/camera.js';
import { CENTRE_Z, makeSurface } from '../raster/surfaces.js';
import { diceSurface, fitToTarget, patchSide, patchTriangles, placeOnTarget } from '../raster/tessellate.js';
import type { TriIndices } from '../raster/mesh.js';
import { characterPatches, makeCharacter } from './character.js';
import { computeAdjacency, type Draw, type Grid, MAX_GRID_TRIANGLES, validateDraws } from './grid.js';
import { SceneError } from './scene-error.js';

export const MERGE_SURFACES = ['plane', 'sine-grazing', 'bumpy-sphere', 'character'] as const;
export type MergeSurface = (typeof MERGE_SURFACES)[number];
/** @deprecated name kept for callers that list the generated scenes. */
export const MERGE_SCENES = MERGE_SURFACES;
export type MergeSceneName = MergeSurface;

/** The frame every generated scene is drawn on: the studies' full-frame size. */
export const MERGE_FRAME = { width: 1728, height: 1080 } as const;
/** Triangles asked of the tessellator per surface (each scene gets at least 30,000). */
export const SCENE_TRIANGLES = 32768;

export interface Scene {
  readonly name: string;
  /** Requested mean triangle area, px^2 (NaN for a scene file or the game frame, which mixes sizes). */
  readonly area: number;
  readonly seed: number;
  readonly width: number;
  readonly height: number;
  /** Draw calls in submission order. */
  readonly draws: readonly Draw[];
}

export interface SceneOptions {
  readonly surface: MergeSurface;
  readonly area: number;
  /** Triangles asked of the tessellator (the character: the smallest subdivision level giving at least this many). */
  readonly triangles?: number;
  /** Largest patch, in triangles (the square patch side follows); at most 512. */
  readonly maxGridTriangles?: number;
  readonly seed?: number;
  readonly width?: number;
  readonly height?: number;
  /** A surface too big for the frame at this area is diced with fewer triangles (small test scenes); default: an error. */
  readonly shrink?: boolean;
}

/** Every grid of the scene with its draw, in submission order (the grid index is the position in this list). */
export function sceneGrids(scene: Scene): { readonly draw: number; readonly grid: Grid; readonly vertices: Draw['vertices'] }[] {
  return scene.draws.flatMap((d, draw) => d.grids.map((grid) => ({ draw, grid, vertices: d.vertices })));
}

export function sceneTriangles(scene: Scene): number {
  return scene.draws.reduce((s, d) => s + d.grids.reduce((t, g) => t + g.triangles.length, 0), 0);
}

/** Triangle lists as patches with their adjacency. */
export function gridsOf(patches: readonly (readonly TriIndices[])[]): Grid[] {
  return patches.map((triangles) => ({ triangles, adjacency: computeAdjacency(triangles) }));
}

function checkOptions(o: SceneOptions): void {
  if (!(MERGE_SURFACES as readonly string[]).includes(o.surface)) throw new SceneError(`scene: surface '${String(o.surface)}' unknown; valid ${MERGE_SURFACES.join(', ')}`);
  if (!(o.area > 0 && Number.isFinite(o.area))) throw new SceneError(`scene: area=${o.area} must be a positive number of pixels^2`);
  const g = o.maxGridTriangles ?? MAX_GRID_TRIANGLES;
  if (!(Number.isInteger(g) && g >= 2 && g <= MAX_GRID_TRIANGLES)) throw new SceneError(`scene: maxGridTriangles=${g} must be an integer 2..${MAX_GRID_TRIANGLES}`);
}

/** The character in camera space: stood upright, turned by a seeded yaw, 2 units tall, centred at CENTRE_Z. */
function characterDraw(o: SceneOptions, seed: number, width: number, height: number, side: number): Draw {
  const rng = makeRng(seed).fork(`merge character ${o.area}`);
  const want = o.triangles ?? SCENE_TRIANGLES;
  let levels = 0;
  while (levels < 5 && makeCharacterCount(levels) < want) levels++;
  const turn = compose(rotationY(rng.range(0, 2 * Math.PI)), rotationX(rng.range(-0.25, 0.25)));
  for (;;) {
    const c = makeCharacter(rng.fork('shape'), levels);
    const pts = c.points.map((p) => {
      const r = rotate(turn, p);
      return project([r[0], r[1], r[2] + CENTRE_Z] as Vec3);
    });
    const patches = characterPatches(c, side);
    const all = patches.flat();
    const fit = fitToTarget(pts, all, o.area, { width, height }, 'character');
    if (fit.roomX >= 0 && fit.roomY >= 0) return { vertices: placeOnTarget(pts, fit, rng.fork('place')), grids: gridsOf(patches) };
    if (o.shrink !== true || levels === 0) {
      throw new SceneError(`scene: the character of ${all.length} triangles at area ${o.area} px^2 spans ${Math.ceil(fit.spanX)}x${Math.ceil(fit.spanY)} px and does not fit a ${width}x${height} frame`);
    }
    levels--;
  }
}

/** Triangles of the character at a subdivision level: 74 base quads, 2 x 4^levels triangles each. */
export function makeCharacterCount(levels: number): number {
  return 74 * 2 * 4 ** levels;
}

export function makeScene(o: SceneOptions): Scene {
  checkOptions(o);
  const seed = o.seed ?? 2010;
  const width = o.width ?? MERGE_FRAME.width;
  const height = o.height ?? MERGE_FRAME.height;
  const side = patchSide(o.maxGridTriangles ?? MAX_GRID_TRIANGLES);
  let draw: Draw;
  if (o.surface === 'character') {
    draw = characterDraw(o, seed, width, height, side);
  } else {
    const rng = makeRng(seed).fork(`merge ${o.surface} ${o.area}`);
    let diced;
    try {
      diced = diceSurface(makeSurface(o.surface, rng.fork('surface')), { triangles: o.triangles ?? SCENE_TRIANGLES, area: o.area, target: { width, height }, jitter: 0.2, fixed: o.shrink !== true }, rng.fork('dice'));
    } catch (e) {
      throw new SceneError(`scene: ${(e as Error).message}`);
    }
    draw = { vertices: diced.mesh.vertices, grids: gridsOf(patchTriangles(diced.index, diced.nu, diced.nv, side).map((p) => p.triangles)) };
  }
  const scene: Scene = { name: o.surface, area: o.area, seed, width, height, draws: [draw] };
  validateDraws(scene.draws, o.maxGridTriangles ?? MAX_GRID_TRIANGLES, `scene ${o.surface}`);
  return scene;
}

/**
 * Edge adjacency by flush unit, for the merge invariants: per grid over
 * its triangles (QFM), or per draw over its primitives in submission order
 * (the PMU, which merges across the patches of a draw).
 */
export function scopeAdjacency(scene: Scene, by: 'grid' | 'draw'): (scope: number, id: number) => readonly number[] {
  const lists: (readonly (readonly number[])[])[] =
    by === 'grid' ? sceneGrids(scene).map((g) => g.grid.adjacency) : scene.draws.map((d) => computeAdjacency(d.grids.flatMap((g) => g.triangles)));
  return (scope, id) => lists[scope]?.[id] ?? [];
}
