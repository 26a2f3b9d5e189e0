// Dicing one surface instance into micropolygons, REYES style: a u x v grid
// whose resolution is chosen from the surface's projected size so the average
// MP has the requested area, with each grid quad split into two triangles that
// share its diagonal and are emitted consecutively (so they can be paired).
// Grid vertices are shared by index, so the mesh is watertight after
// quantisation. Parameter jitter varies MP shapes; the seed fixes everything.
//
// The raster workloads take the grid's triangles row by row over the whole
// grid (`mesh.triangles`). A tessellator that emits patches (DiagSplit, the
// D3D11 tessellator) emits the same grid cut into 2-D patches, one patch
// after another: `patchTriangles` gives that order, with the same split of
// each grid quad, so both orders hold the same triangles.

import {
  COORD_MAX,
  SUBPIXEL,
  quantizeCoord,
  quantizeDepth,
} from '../../../units/raster-common/formats.js';
import type { Vertex } from '../../../units/raster-common/mp.js';
import type { Rng } from '../../rng.js';
import { type Projected, project } from './camera.js';
import type { Mesh, TriIndices } from './mesh.js';
import type { Surface } from './surfaces.js';
import { InternalError, ParamError } from '../../../hdl/errors.js';

/** Render target size in pixels. */
export interface Target {
  readonly width: number;
  readonly height: number;
}

export interface DiceOptions {
  /** Triangles wanted (the grid gets about this many). */
  readonly triangles: number;
  /** Mean |area| in pixels^2 over all triangles, before quantisation. */
  readonly area: number;
  readonly target: Target;
  /** Parameter jitter of grid vertices, as a fraction of a grid step; < 0.25 keeps every quad convex. */
  readonly jitter: number;
  /**
   * The caller keeps only the first `keep` triangles of the stream (default:
   * all); the mean area is made exact over those, so cutting a stream does
   * not bias it.
   */
  readonly keep?: number;
  /** Never re-dice with fewer triangles: a surface that does not fit the target is an error. */
  readonly fixed?: boolean;
}

/** The diced instance and the grid it came from (for tests that walk the grid). */
export interface DicedInstance {
  readonly mesh: Mesh;
  readonly nu: number;
  readonly nv: number;
  /** Focal length used, in pixels. */
  readonly focal: number;
  /** Vertex index of grid point (i, j) as index[j][i], j = 0..nv, i = 0..nu (the seam and the poles repeat an index). */
  readonly index: readonly (readonly number[])[];
}

/** Pixels kept free at the target's border so rounding never leaves it. */
const MARGIN = 1;
/** Resolution of the probe grid that measures the surface's projected extent. */
const PROBE = 24;

/** Projected length of the u and v parameter lines, averaged over the probe grid (focal length 1). */
function projectedExtents(surface: Surface): { lu: number; lv: number } {
  const at = (u: number, v: number): Projected => project(surface.point(u, v));
  let lu = 0;
  let lv = 0;
  for (let j = 0; j <= PROBE; j++) {
    for (let i = 0; i < PROBE; i++) {
      const a = at(i / PROBE, j / PROBE);
      const b = at((i + 1) / PROBE, j / PROBE);
      lu += Math.hypot(b.x - a.x, b.y - a.y);
      const c = at(j / PROBE, i / PROBE);
      const d = at(j / PROBE, (i + 1) / PROBE);
      lv += Math.hypot(d.x - c.x, d.y - c.y);
    }
  }
  return { lu: lu / (PROBE + 1), lv: lv / (PROBE + 1) };
}

/** Grid resolution for about `triangles` triangles with MPs as long in u as in v on screen. */
function gridSize(surface: Surface, triangles: number): { nu: number; nv: number } {
  const { lu, lv } = projectedExtents(surface);
  const ratio = lv > 0 && lu > 0 ? lu / lv : 1;
  const minU = surface.wrapU ? 3 : 1;
  const minV = surface.poles ? 2 : 1;
  const nu = Math.max(minU, Math.round(Math.sqrt((triangles / 2) * ratio)));
  const nv = Math.max(minV, Math.round(triangles / 2 / nu));
  return { nu, nv };
}

/** Vertex grid in parameter space, shared across the seam and collapsed at poles: params[k] = (u, v) of vertex k, index[j][i] = vertex of grid point (i, j). */
export function buildGrid(surface: Pick<Surface, 'wrapU' | 'poles'>, nu: number, nv: number, jitter: number, rng: Rng): { params: [number, number][]; index: number[][] } {
  const cols = surface.wrapU ? nu : nu + 1;
  const params: [number, number][] = [];
  const index: number[][] = [];
  for (let j = 0; j <= nv; j++) {
    const row: number[] = [];
    const isPole = surface.poles && (j === 0 || j === nv);
    if (isPole) {
      params.push([0, j / nv]);
      const k = params.length - 1;
      for (let i = 0; i <= nu; i++) row.push(k);
    } else {
      // Open boundary rows and columns keep their parameter so the outline stays straight.
      const boundaryV = j === 0 || j === nv;
      for (let i = 0; i < cols; i++) {
        const interiorU = surface.wrapU || (i > 0 && i < nu);
        const ju = interiorU ? rng.range(-jitter, jitter) : 0;
        const jv = boundaryV ? 0 : rng.range(-jitter, jitter);
        params.push([(i + ju) / nu, (j + jv) / nv]);
        row.push(params.length - 1);
      }
      if (surface.wrapU) row.push(row[0]!); // i = nu is the seam, i.e. i = 0
    }
    index.push(row);
  }
  return { params, index };
}

/**
 * The triangles of grid quad (i, j), in emission order: with corners p00
 * (i, j), p10 (i+1, j), p01 (i, j+1), p11 (i+1, j+1), A = (p00, p10, p01) then
 * B = (p01, p10, p11), sharing the diagonal p10-p01. Triangles that repeat a
 * vertex index (at the poles) are dropped.
 */
function pushQuadTriangles(tris: TriIndices[], index: readonly (readonly number[])[], i: number, j: number): void {
  const at = (a: number, b: number): number => index[b]![a]!;
  const p00 = at(i, j);
  const p10 = at(i + 1, j);
  const p01 = at(i, j + 1);
  const p11 = at(i + 1, j + 1);
  for (const t of [
    [p00, p10, p01],
    [p01, p10, p11],
  ] as const) {
    if (t[0] !== t[1] && t[1] !== t[2] && t[0] !== t[2]) tris.push(t);
  }
}

/** Triangles of the grid in stream order: quads row by row (j outer, i inner). */
function gridTriangles(index: readonly (readonly number[])[], nu: number, nv: number): TriIndices[] {
  const tris: TriIndices[] = [];
  for (let j = 0; j < nv; j++) for (let i = 0; i < nu; i++) pushQuadTriangles(tris, index, i, j);
  return tris;
}

/** A square patch of the parameter grid: quads i0..i0+nu-1 by j0..j0+nv-1. */
export interface GridPatch {
  readonly i0: number;
  readonly j0: number;
  readonly nu: number;
  readonly nv: number;
  /** Its triangles in the tessellator's scan order: quads row by row, each quad A then B. */
  readonly triangles: readonly TriIndices[];
}

/** Side (in grid quads) of the largest square patch of at most `maxTriangles` triangles (two per quad). */
export function patchSide(maxTriangles: number): number {
  const side = Math.floor(Math.sqrt(maxTriangles / 2));
  if (!(side >= 1)) throw new ParamError('maxTriangles', maxTriangles, 'at least 2 (one grid quad)', { message: `patchSide: ${maxTriangles} triangles cannot hold one grid quad (two triangles)` });
  return side;
}

/**
 * The grid cut into side x side patches (the last row and column of
 * patches take what is left), emitted patch by patch, rows of patches
 * top to bottom and left to right; inside a patch, the tessellator's scan
 * order. Patches left empty (a pole row of a small patch) are dropped.
 */
export function patchTriangles(index: readonly (readonly number[])[], nu: number, nv: number, side: number): GridPatch[] {
  if (!(Number.isInteger(side) && side >= 1)) throw new ParamError('side', side, 'a positive integer', { message: `patchTriangles: side ${side} must be a positive integer` });
  const patches: GridPatch[] = [];
  for (let j0 = 0; j0 < nv; j0 += side) {
    for (let i0 = 0; i0 < nu; i0 += side) {
      const pu = Math.min(side, nu - i0);
      const pv = Math.min(side, nv - j0);
      const triangles: TriIndices[] = [];
      for (let j = j0; j < j0 + pv; j++) for (let i = i0; i < i0 + pu; i++) pushQuadTriangles(triangles, index, i, j);
      if (triangles.length > 0) patches.push({ i0, j0, nu: pu, nv: pv, triangles });
    }
  }
  return patches;
}

function totalArea(pts: readonly Projected[], tris: readonly TriIndices[]): number {
  let sum = 0;
  for (const [a, b, c] of tris) {
    const p = pts[a]!;
    const q = pts[b]!;
    const r = pts[c]!;
    sum += Math.abs((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)) / 2;
  }
  return sum;
}

/** Where projected points land on a target at the focal length that gives a mean triangle area. */
export interface TargetFit {
  readonly focal: number;
  readonly minX: number;
  readonly minY: number;
  /** Screen extent of the points at that focal length, pixels. */
  readonly spanX: number;
  readonly spanY: number;
  /** Pixels to spare inside the margins (negative: it does not fit). */
  readonly roomX: number;
  readonly roomY: number;
}

/**
 * The focal length at which the mean projected |area| of `tris` is `area`
 * exactly (before quantisation), and how the points then fit the target.
 */
export function fitToTarget(pts: readonly Projected[], tris: readonly TriIndices[], area: number, target: Target, name: string): TargetFit {
  const a1 = totalArea(pts, tris);
  if (!(a1 > 0)) throw new InternalError(`diceSurface: ${name} projects to zero area`);
  const focal = Math.sqrt((area * tris.length) / a1);
  // A loop, not Math.min(...spread): a spread of 10^5 points overflows the stack.
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of pts) {
    minX = Math.min(minX, p.x * focal);
    maxX = Math.max(maxX, p.x * focal);
    minY = Math.min(minY, p.y * focal);
    maxY = Math.max(maxY, p.y * focal);
  }
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  return { focal, minX, minY, spanX, spanY, roomX: target.width - 2 * MARGIN - spanX, roomY: target.height - 2 * MARGIN - spanY };
}

/** The points scaled by the fit's focal length, placed at a random (seeded) spot inside the margins, quantised. */
export function placeOnTarget(pts: readonly Projected[], fit: TargetFit, rng: Rng): Vertex[] {
  const offX = MARGIN - fit.minX + rng.range(0, fit.roomX);
  const offY = MARGIN - fit.minY + rng.range(0, fit.roomY);
  return pts.map((p) => ({
    x: quantizeCoord(p.x * fit.focal + offX),
    y: quantizeCoord(p.y * fit.focal + offY),
    z: quantizeDepth(p.depth),
  }));
}

/**
 * Dice one instance of `surface`. The focal length is chosen so the mean
 * projected |area| of the kept triangles equals `area` exactly before
 * quantisation; if the instance
 * would then not fit in the target it is re-diced with fewer triangles.
 * Placement inside the target is random (seeded).
 */
export function diceSurface(surface: Surface, opts: DiceOptions, rng: Rng): DicedInstance {
  const { target, area, jitter } = opts;
  if (!(area > 0)) throw new ParamError('area', area, 'a positive number of pixels^2', { message: `diceSurface: area ${area} must be positive` });
  if (!(jitter >= 0 && jitter < 0.25)) throw new ParamError('jitter', jitter, 'a number in [0, 0.25)', { message: `diceSurface: jitter ${jitter} must be in [0, 0.25)` });
  if (target.width * SUBPIXEL > COORD_MAX + 1 || target.height * SUBPIXEL > COORD_MAX + 1) {
    throw new ParamError('target', `${target.width}x${target.height}`, 'at most the 14.8 screen (16384 px a side)', { message: `diceSurface: target ${target.width}x${target.height} exceeds the 14.8 screen` });
  }
  let budget = Math.max(2, Math.round(opts.triangles));
  for (;;) {
    const { nu, nv } = gridSize(surface, budget);
    const grid = buildGrid(surface, nu, nv, jitter, rng.fork(`grid ${nu}x${nv}`));
    const pts = grid.params.map(([u, v]) => project(surface.point(u, v)));
    const tris = gridTriangles(grid.index, nu, nv);
    const kept = tris.slice(0, Math.max(1, Math.min(tris.length, opts.keep ?? tris.length)));
    const fit = fitToTarget(pts, kept, area, target, surface.name);
    if (fit.roomX < 0 || fit.roomY < 0) {
      if (opts.fixed === true) {
        throw new ParamError('area', area, 'an area whose surface fits the target', { message: `diceSurface: a ${surface.name} of ${tris.length} triangles at area ${area} px^2 spans ${Math.ceil(fit.spanX)}x${Math.ceil(fit.spanY)} px and does not fit a ${target.width}x${target.height} target` });
      }
      const shrink = Math.min((target.width - 2 * MARGIN) / fit.spanX, (target.height - 2 * MARGIN) / fit.spanY);
      const next = Math.floor(budget * shrink * shrink * 0.95);
      if (next < 2 || next >= budget) {
        throw new ParamError('area', area, 'an area whose surface fits the target', { message: `diceSurface: a ${surface.name} at area ${area} px^2 does not fit a ${target.width}x${target.height} target` });
      }
      budget = next;
      continue;
    }
    const vertices = placeOnTarget(pts, fit, rng);
    return { mesh: { vertices, triangles: tris }, nu, nv, focal: fit.focal, index: grid.index };
  }
}
