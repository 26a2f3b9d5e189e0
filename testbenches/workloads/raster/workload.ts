// The raster workload generator: tessellated surfaces -> a stream of MPs in
// 14.8 / 0.24 formats, deterministic from a seed. The 'default' workload is
// what the design-space sweep simulates: equal parts of the four surfaces.

import { SUBPIXEL } from '../../../units/raster-common/formats.js';
import type { MP } from '../../../units/raster-common/mp.js';
import { makeRng } from '../../rng.js';
import { type Mesh, concatMeshes, truncateMesh } from './mesh.js';
import { pairsFromMesh, singlesFromMesh } from './pairing.js';
import { type WorkloadStats, computeStats } from './stats.js';
import { SURFACE_NAMES, type SurfaceName, makeSurface } from './surfaces.js';
import { type Target, diceSurface } from './tessellate.js';
import { ParamError } from '../../../hdl/errors.js';

export interface WorkloadOptions {
  /** One surface, or 'default' = equal parts of SURFACE_NAMES in that order. */
  readonly surface?: SurfaceName | 'default';
  /** Target mean |area| per triangle, pixels^2. */
  readonly area?: number;
  /** Exact number of triangles in the stream. */
  readonly count?: number;
  readonly seed?: number;
  readonly target?: Target;
  /** TVP on: return pairs (greedy consecutive pairing) instead of single triangles. */
  readonly pairs?: boolean;
  /** Grid-vertex parameter jitter, fraction of a grid step, in [0, 0.25). */
  readonly jitter?: number;
  /** Largest instance of one surface, in triangles; bigger requests use several instances. */
  readonly maxInstanceTriangles?: number;
}

export type ResolvedWorkloadOptions = Required<WorkloadOptions>;

/** The sweep's workload: fixed seed, 4096 triangles, 0.54 px^2, 1080p, singles. */
export const DEFAULT_WORKLOAD: ResolvedWorkloadOptions = {
  surface: 'default',
  area: 0.54,
  count: 4096,
  seed: 2010,
  target: { width: 1920, height: 1080 },
  pairs: false,
  jitter: 0.2,
  maxInstanceTriangles: 20000,
};

export interface Workload {
  readonly options: ResolvedWorkloadOptions;
  /** The triangle stream with adjacency (shared vertex indices). */
  readonly mesh: Mesh;
  /** The same stream as MPs: singles, or pairs + leftover singles when options.pairs. */
  readonly mps: MP[];
  readonly stats: WorkloadStats;
}

/**
 * `count` triangles of one surface kind: instances diced at ~the remaining
 * need (plus a little slack so rounding of the grid rarely falls short),
 * concatenated, and cut at exactly `count` in stream order.
 */
function surfaceStream(name: SurfaceName, count: number, o: ResolvedWorkloadOptions): Mesh {
  const rng = makeRng(o.seed).fork(name);
  const parts: Mesh[] = [];
  let have = 0;
  for (let instance = 0; have < count; instance++) {
    const want = Math.min(o.maxInstanceTriangles, Math.ceil((count - have) * 1.04) + 8);
    const inst = rng.fork(instance);
    const diced = diceSurface(makeSurface(name, inst), { triangles: want, keep: count - have, area: o.area, target: o.target, jitter: o.jitter }, inst);
    parts.push(diced.mesh);
    have += diced.mesh.triangles.length;
  }
  return truncateMesh(concatMeshes(parts), count);
}

function resolve(opts: WorkloadOptions): ResolvedWorkloadOptions {
  const o: ResolvedWorkloadOptions = { ...DEFAULT_WORKLOAD, ...opts };
  if (!Number.isInteger(o.count) || o.count < 0) throw new ParamError('count', o.count, 'an integer >= 0', { message: `generateWorkload: count ${o.count} must be a non-negative integer` });
  if (!(o.area > 0) || !Number.isFinite(o.area)) throw new ParamError('area', o.area, 'a positive number of pixels^2', { message: `generateWorkload: area ${o.area} must be a positive number of pixels^2` });
  if (!Number.isInteger(o.seed)) throw new ParamError('seed', o.seed, 'an integer', { message: `generateWorkload: seed ${o.seed} must be an integer` });
  const { width, height } = o.target;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 8 || height < 8 || width * SUBPIXEL > 2 ** 22 || height * SUBPIXEL > 2 ** 22) {
    throw new ParamError('target', `${width}x${height}`, '8..16384 pixels a side', { message: `generateWorkload: target ${width}x${height} must be 8..16384 pixels per side` });
  }
  if (o.surface !== 'default' && !(SURFACE_NAMES as readonly string[]).includes(o.surface)) {
    throw new ParamError('surface', o.surface, 'one of the surfaces or default', { message: `generateWorkload: unknown surface '${String(o.surface)}' (one of ${SURFACE_NAMES.join(', ')}, default)` });
  }
  return o;
}

/** Generate a workload; the same options always give the same stream. */
export function generateWorkload(opts: WorkloadOptions = {}): Workload {
  const o = resolve(opts);
  let mesh: Mesh;
  if (o.surface === 'default') {
    const k = SURFACE_NAMES.length;
    // Equal parts; the first (count mod k) surfaces get one extra triangle.
    const parts = SURFACE_NAMES.map((name, i) => surfaceStream(name, Math.floor(o.count / k) + (i < o.count % k ? 1 : 0), o));
    mesh = concatMeshes(parts);
  } else {
    mesh = surfaceStream(o.surface, o.count, o);
  }
  const mps = o.pairs ? pairsFromMesh(mesh) : singlesFromMesh(mesh);
  return { options: o, mesh, mps, stats: computeStats(mesh, mps) };
}
