// Blur's workloads: the raster micropolygon streams (the default mix or one
// surface) with their seeded per-vertex motion and lens
// (testbenches/workloads/raster/blur-params.ts), as singles or (TVP on)
// greedily paired; each MP knows its surface, so the driver's MP/cycle
// stability estimate can tell the fixed mix from sampling noise.
import { blurMpsFromMesh, generateWorkload, NO_LENS, SURFACE_NAMES, surfaceStrata, withBlurParams, type SurfaceName } from '../../testbenches/workloads/raster/index.js';
import type { BlurConfig } from '../../units/blur/config.js';
import type { BlurMP, Lens } from '../../units/raster-common/blur-mp.js';
import type { WorkloadDef, WorkloadParam } from '../contract.js';
import { readMesh } from '../raster/mesh-input.js';

export interface BlurInput {
  readonly mps: readonly BlurMP[];
  readonly lens: Lens;
  readonly triangles: number;
  /** Surface of each MP (stability strata); absent for a mesh file. */
  readonly strata?: readonly number[];
  readonly source: string;
  /** The stream's identity (surface, size, seed; pairing is the config's),
   *  under which a sweep shares a simulation between cycle-identical
   *  micro-architectures; absent for a mesh file, which is never shared. */
  readonly id?: string;
}

const PARAMS: Readonly<Record<string, WorkloadParam>> = {
  count: { default: 4096, integer: true, min: 1, doc: 'triangles in the stream' },
  area: { default: 0.54, integer: false, min: 0, above: true, doc: 'target mean triangle area, pixels^2' },
};

function surfaceWorkload(surface: SurfaceName | 'default', doc: string): WorkloadDef<{ tvp: boolean }, BlurInput> {
  const cache = new Map<string, BlurInput>();
  const what = surface === 'default' ? 'the default surface mix (testbenches/workloads/raster)' : `the ${surface} surface`;
  return {
    name: surface,
    doc,
    seed: 2010,
    params: PARAMS,
    id: (p) => `raster-blur-${surface}-${p['count']}tri-${p['area']}px2`,
    describe: (p) => `${p['count']} triangles of ${what}, mean area ${p['area']} pixel^2, 1920x1080, with seeded rigid motion and a thin lens, paired greedily when TVP is on`,
    build(p, seed, cfg) {
      const key = `${p['count']}|${p['area']}|${seed}|${cfg.tvp}`;
      let w = cache.get(key);
      if (w === undefined) {
        const g = generateWorkload({ surface, count: p['count']!, area: p['area']!, seed });
        const mesh = withBlurParams(g.mesh, seed);
        const mps = blurMpsFromMesh(mesh, cfg.tvp);
        cache.set(key, (w = { mps, lens: mesh.lens ?? NO_LENS, triangles: mesh.triangles.length, strata: surfaceStrata(g.options, mps), source: `workload ${surface}`, id: `raster-blur-${surface}|${key}` }));
      }
      return w;
    },
  };
}

export function blurWorkloads<C extends { tvp: boolean }>(): readonly WorkloadDef<C, BlurInput>[] {
  return [
    surfaceWorkload('default', 'equal parts of plane, sphere, grazing sine surface and bumpy sphere, with motion and lens'),
    ...SURFACE_NAMES.map((s) => surfaceWorkload(s, `the ${s} surface alone, with motion and lens`)),
  ];
}

/** `gfxrtl sim blur --input mesh.json`: a mesh, with "close" and "lens" when it has them (static, in focus otherwise). */
export const BLUR_MESH_FILE = {
  doc: 'a mesh {"vertices": [[x, y, z]...], "triangles": [[i, j, k]...], "close": [[x, y]...], "lens": {"aperture": px, "focus": z}} (close and lens optional)',
  read(file: string, cfg: Pick<BlurConfig, 'tvp'>): BlurInput {
    const mesh = readMesh(file);
    return { mps: blurMpsFromMesh(mesh, cfg.tvp), lens: mesh.lens ?? NO_LENS, triangles: mesh.triangles.length, source: file };
  },
};
