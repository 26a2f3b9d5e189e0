// NoBlur's workloads: micropolygon streams from testbenches/workloads/raster,
// the documented default mix or one surface, generated from a seed, as
// single triangles or (TVP on) greedily paired. Generated on first use and
// kept per thread: the sweep asks for the same stream 36 times.
import { generateWorkload, SURFACE_NAMES, type SurfaceName } from '../../testbenches/workloads/raster/index.js';
import { pairsFromMesh, singlesFromMesh, type Mesh } from '../../testbenches/workloads/raster/index.js';
import type { MP } from '../../units/raster-common/mp.js';
import type { NoblurConfig } from '../../units/noblur/config.js';
import type { WorkloadDef, WorkloadParam } from '../contract.js';
import { readMesh } from '../raster/mesh-input.js';

/** What the driver rasterizes: the MP stream and where it came from. */
export interface RasterInput {
  readonly mps: readonly MP[];
  /** Triangles in the stream (an MP of a pair holds two). */
  readonly triangles: number;
  readonly source: string;
}

const PARAMS: Readonly<Record<string, WorkloadParam>> = {
  count: { default: 4096, integer: true, min: 1, doc: 'triangles in the stream' },
  area: { default: 0.54, integer: false, min: 0, above: true, doc: 'target mean triangle area, pixels^2' },
};

export function mpsOf(mesh: Mesh, cfg: NoblurConfig): MP[] {
  return cfg.tvp ? pairsFromMesh(mesh) : singlesFromMesh(mesh);
}

function surfaceWorkload(surface: SurfaceName | 'default', doc: string): WorkloadDef<NoblurConfig, RasterInput> {
  const cache = new Map<string, RasterInput>();
  const what = surface === 'default' ? 'the default surface mix (testbenches/workloads/raster)' : `the ${surface} surface`;
  return {
    name: surface,
    doc,
    seed: 2010,
    params: PARAMS,
    id: (p) => `raster-${surface}-${p['count']}tri-${p['area']}px2`,
    describe: (p) => `${p['count']} triangles of ${what}, mean area ${p['area']} pixel^2, 1920x1080, paired greedily when TVP is on`,
    build(p, seed, cfg) {
      const key = `${p['count']}|${p['area']}|${seed}|${cfg.tvp}`;
      let w = cache.get(key);
      if (w === undefined) {
        const g = generateWorkload({ surface, count: p['count']!, area: p['area']!, seed, pairs: cfg.tvp });
        cache.set(key, (w = { mps: g.mps, triangles: g.mesh.triangles.length, source: `workload ${surface}` }));
      }
      return w;
    },
  };
}

export const NOBLUR_WORKLOADS: readonly WorkloadDef<NoblurConfig, RasterInput>[] = [
  surfaceWorkload('default', 'equal parts of plane, sphere, grazing sine surface and bumpy sphere'),
  ...SURFACE_NAMES.map((s) => surfaceWorkload(s, `the ${s} surface alone`)),
];

/** `gfxrtl sim noblur --input mesh.json`. */
export const MESH_FILE = {
  doc: 'a mesh {"vertices": [[x, y, z]...], "triangles": [[i, j, k]...]}',
  read(file: string, cfg: NoblurConfig): RasterInput {
    const mesh = readMesh(file);
    return { mps: mpsOf(mesh, cfg), triangles: mesh.triangles.length, source: file };
  },
};
