// Dicing one surface instance into micropolygons, REYES style: a u x v grid
// whose resolution is chosen from the surface's projected size so the average
// MP has the requested area, with each grid quad split into two triangles that
// share its diagonal and are emitted consecutively (so they can be paired).
// Grid vertices are shared by index, so the mesh is watertight after
// quantisation. Parameter jitter varies MP shapes; the seed fixes everything.

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
}

/** The diced instance and the grid it came from (for tests that walk the grid). */
export interface DicedInstance {
  readonly mesh: Mesh;
  readonly nu: number;
  readonly nv: number;
  /** Focal length used, in pixels. */
  readonly focal: number;
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

/** Vertex grid in parameter space, shared across the seam and collapsed at poles. */
function buildGrid(surface: Surface, nu: number, nv: number, jitter: number, rng: Rng) {
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
 * Triangles of the grid in stream order: quad (i, j) with corners p00 (i, j),
 * p10 (i+1, j), p01 (i, j+1), p11 (i+1, j+1) gives A = (p00, p10, p01) then
 * B = (p01, p10, p11), sharing the diagonal p10-p01. Triangles that repeat a
 * vertex index (at the poles) are dropped.
 */
function gridTriangles(index: readonly number[][], nu: number, nv: number): TriIndices[] {
  const tris: TriIndices[] = [];
  const at = (i: number, j: number): number => index[j]![i]!;
  for (let j = 0; j < nv; j++) {
    for (let i = 0; i < nu; i++) {
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
  }
  return tris;
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
    const a1 = totalArea(pts, kept);
    if (!(a1 > 0)) throw new InternalError(`diceSurface: ${surface.name} projects to zero area`);
    const focal = Math.sqrt((area * kept.length) / a1);
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
    const roomX = target.width - 2 * MARGIN - (maxX - minX);
    const roomY = target.height - 2 * MARGIN - (maxY - minY);
    if (roomX < 0 || roomY < 0) {
      const shrink = Math.min((target.width - 2 * MARGIN) / (maxX - minX), (target.height - 2 * MARGIN) / (maxY - minY));
      const next = Math.floor(budget * shrink * shrink * 0.95);
      if (next < 2 || next >= budget) {
        throw new ParamError('area', area, 'an area whose surface fits the target', { message: `diceSurface: a ${surface.name} at area ${area} px^2 does not fit a ${target.width}x${target.height} target` });
      }
      budget = next;
      continue;
    }
    const offX = MARGIN - minX + rng.range(0, roomX);
    const offY = MARGIN - minY + rng.range(0, roomY);
    const vertices: Vertex[] = pts.map((p) => ({
      x: quantizeCoord(p.x * focal + offX),
      y: quantizeCoord(p.y * focal + offY),
      z: quantizeDepth(p.depth),
    }));
    return { mesh: { vertices, triangles: tris }, nu, nv, focal };
  }
}
