// The rasterizer studies' named workloads: the documented default surface
// mix or one surface (testbenches/workloads/raster), generated from a seed
// on first use and kept per thread (a sweep asks for the same stream once
// per micro-architecture), single triangles or (TVP on) greedily paired.
// Each rasterizer family says only how it turns one surface into its input.
import { MAX_MESH_TRIANGLES, SURFACE_NAMES, type SurfaceName } from '../../testbenches/workloads/raster/index.js';
import type { WorkloadDef, WorkloadParam } from '../../explore/index.js';

const PARAMS: Readonly<Record<string, WorkloadParam>> = {
  count: { default: 4096, integer: true, min: 1, max: MAX_MESH_TRIANGLES, doc: 'triangles in the stream' },
  area: { default: 0.54, integer: false, min: 0, above: true, max: 64, doc: 'target mean triangle area, pixels^2' },
};

export interface SurfaceRequest {
  readonly surface: SurfaceName | 'default';
  readonly count: number;
  readonly area: number;
  readonly seed: number;
  readonly tvp: boolean;
  /** Identifies the stream (count, area, seed, pairing). */
  readonly key: string;
}

export interface SurfaceFamily<I> {
  /** Prefix of the workload id, e.g. `raster` or `raster-blur`. */
  readonly idPrefix: string;
  /** What the family adds to every stream, as a phrase (`with motion and lens`), or null. */
  readonly adds: { readonly doc: string; readonly describe: string } | null;
  build(request: SurfaceRequest): I;
}

function surfaceWorkload<C extends { tvp: boolean }, I>(family: SurfaceFamily<I>, surface: SurfaceName | 'default', doc: string): WorkloadDef<C, I> {
  const cache = new Map<string, I>();
  const what = surface === 'default' ? 'the default surface mix (testbenches/workloads/raster)' : `the ${surface} surface`;
  const adds = family.adds === null ? '' : `, ${family.adds.describe}`;
  return {
    name: surface,
    doc: family.adds === null ? doc : `${doc}, ${family.adds.doc}`,
    seed: 2010,
    params: PARAMS,
    id: (p) => `${family.idPrefix}-${surface}-${p['count']}tri-${p['area']}px2`,
    describe: (p) => `${p['count']} triangles of ${what}, mean area ${p['area']} pixel^2, 1920x1080${adds}, paired greedily when TVP is on`,
    build(p, seed, cfg) {
      const key = `${p['count']}|${p['area']}|${seed}|${cfg.tvp}`;
      let w = cache.get(key);
      if (w === undefined) cache.set(key, (w = family.build({ surface, count: p['count']!, area: p['area']!, seed, tvp: cfg.tvp, key })));
      return w;
    },
  };
}

/** The default mix, then each surface alone. */
export function surfaceWorkloads<C extends { tvp: boolean }, I>(family: SurfaceFamily<I>): readonly WorkloadDef<C, I>[] {
  return [
    surfaceWorkload<C, I>(family, 'default', 'equal parts of plane, sphere, grazing sine surface and bumpy sphere'),
    ...SURFACE_NAMES.map((s) => surfaceWorkload<C, I>(family, s, `the ${s} surface alone`)),
  ];
}
