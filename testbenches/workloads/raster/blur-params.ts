// Motion and depth of field for a micropolygon workload, drawn from
// documented distributions with a seed (blur-params.md next to this file):
//
// - motion: every vertex moves by one rigid screen motion per frame,
//   v(p) = V + w x (p - c): translation V with |V| uniform in [0, 8] px and
//   a uniform direction, plus a rotation w uniform in [-0.005, 0.005] rad
//   about the centre c of the mesh's bbox. One field for the whole mesh keeps
//   shared vertices shared, so the mesh stays watertight at every t.
//   Positions at close are rounded to 14.8 and clamped to the screen.
// - lens: A (CoC radius at infinity) uniform in [16, 64] px; F the depth at
//   a quantile uniform in [0.25, 0.75] of the mesh's vertex depths, so the
//   focus plane runs through the geometry and radii take both signs.
import { LENS_A_MAX } from '../../../units/raster-common/blur-formats.js';
import type { BlurMP, BlurVertex, Lens } from '../../../units/raster-common/blur-mp.js';
import { COORD_MAX, SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { MP, Vertex } from '../../../units/raster-common/mp.js';
import { makeRng } from '../../rng.js';
import type { ClosePosition, Mesh } from './mesh.js';
import { pairsFromMesh, singlesFromMesh } from './pairing.js';

export const MOTION_MAX_PX = 8;
export const ROTATION_MAX_RAD = 0.005;
export const LENS_A_RANGE_PX: readonly [number, number] = [16, 64];
export const FOCUS_QUANTILE_RANGE: readonly [number, number] = [0.25, 0.75];

const clampCoord = (v: number): number => Math.max(0, Math.min(COORD_MAX, Math.round(v)));

/** The mesh with `close` and `lens` drawn from the documented distributions (seeded). */
export function withBlurParams(mesh: Mesh, seed: number): Mesh {
  const rng = makeRng(seed).fork('blur');
  const speed = rng.range(0, MOTION_MAX_PX) * SUBPIXEL;
  const dir = rng.range(0, 2 * Math.PI);
  const w = rng.range(-ROTATION_MAX_RAD, ROTATION_MAX_RAD);
  const xs = mesh.vertices.map((v) => v.x);
  const ys = mesh.vertices.map((v) => v.y);
  const cx = xs.length ? (Math.min(...xs) + Math.max(...xs)) / 2 : 0;
  const cy = ys.length ? (Math.min(...ys) + Math.max(...ys)) / 2 : 0;
  const close: ClosePosition[] = mesh.vertices.map((v) => {
    // Rotation by w about c, then the translation.
    const dx = v.x - cx;
    const dy = v.y - cy;
    const rx = cx + dx * Math.cos(w) - dy * Math.sin(w);
    const ry = cy + dx * Math.sin(w) + dy * Math.cos(w);
    return { x: clampCoord(rx + speed * Math.cos(dir)), y: clampCoord(ry + speed * Math.sin(dir)) };
  });
  const a = Math.min(LENS_A_MAX, Math.round(rng.range(LENS_A_RANGE_PX[0], LENS_A_RANGE_PX[1]) * SUBPIXEL));
  const zs = mesh.vertices.map((v) => v.z).sort((p, q) => p - q);
  const quantile = rng.range(FOCUS_QUANTILE_RANGE[0], FOCUS_QUANTILE_RANGE[1]);
  const f = zs.length ? zs[Math.min(zs.length - 1, Math.floor(quantile * zs.length))]! : 0;
  return { ...mesh, close, lens: { a, f } };
}

/** A static mesh's blur view: close = open, and a lens that leaves everything in focus (A = 0). */
export const NO_LENS: Lens = { a: 0, f: 0 };

function closeMesh(mesh: Mesh): Mesh {
  const close = mesh.close;
  if (close === undefined) return mesh;
  return { vertices: mesh.vertices.map((v, i): Vertex => ({ x: close[i]!.x, y: close[i]!.y, z: v.z })), triangles: mesh.triangles };
}

/**
 * The mesh's MPs (singles, or pairs when `pairs`) with each vertex's close
 * position. Pairing depends on vertex indices only, so pairing the mesh at
 * shutter open and at shutter close gives the same MPs vertex for vertex.
 */
export function blurMpsFromMesh(mesh: Mesh, pairs: boolean): BlurMP[] {
  const of = (m: Mesh): MP[] => (pairs ? pairsFromMesh(m) : singlesFromMesh(m));
  const open = of(mesh);
  const shut = of(closeMesh(mesh));
  return open.map((mp, i) => {
    const c = shut[i]!;
    const v = mp.v.map((p, k): BlurVertex => ({ ...p, x1: c.v[k]!.x, y1: c.v[k]!.y }));
    return { kind: mp.kind, v, src: mp.src };
  });
}
