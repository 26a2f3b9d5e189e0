// Scenes for the sort study: one tessellated surface (raster workloads'
// plane, grazing sine, bumpy sphere) diced so its mean triangle has the
// requested screen area and its projection fills about FILL of a 1280 x 720
// frame, placed by the seed. Primitive ids are the submission order.
import { type TriVerts } from '../../../units/raster-common/mp.js';
import { makeRng } from '../../rng.js';
import { triangleVerts } from '../raster/mesh.js';
import { makeSurface, type SurfaceName } from '../raster/surfaces.js';
import { diceSurface } from '../raster/tessellate.js';
import { ParamError } from '../../../hdl/errors.js';

export const SCENE_SURFACES = ['plane', 'sine-grazing', 'bumpy-sphere'] as const satisfies readonly SurfaceName[];
export type SceneSurface = (typeof SCENE_SURFACES)[number];

export const FRAME = { width: 1280, height: 720 } as const;
/** Fraction of the frame the diced surface's triangles add up to (before occlusion and culling). */
export const FILL = 0.6;

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

export function buildScene(spec: SceneSpec, width: number = FRAME.width, height: number = FRAME.height): Scene {
  if (!(SCENE_SURFACES as readonly string[]).includes(spec.surface)) throw new ParamError('surface', spec.surface, 'a scene surface', { message: `scene: surface '${spec.surface}' unknown; valid ${SCENE_SURFACES.join(', ')}` });
  if (!(spec.area > 0)) throw new ParamError('area', spec.area, 'a positive number of pixels^2', { message: `scene: area=${spec.area} must be a positive number of pixels^2` });
  const rng = makeRng(spec.seed).fork(spec.surface);
  const triangles = Math.max(2, Math.round((FILL * width * height) / spec.area));
  const diced = diceSurface(makeSurface(spec.surface, rng.fork('surface')), { triangles, area: spec.area, target: { width, height }, jitter: 0.2 }, rng.fork('dice'));
  const tris = diced.mesh.triangles.map((_, i) => triangleVerts(diced.mesh, i));
  return { name: sceneName(spec), spec, width, height, tris };
}
