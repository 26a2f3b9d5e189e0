// NoBlur's workloads: micropolygon streams from testbenches/workloads/raster,
// the documented default mix or one surface, generated from a seed, as
// single triangles or (TVP on) greedily paired (the named workloads and
// their caching: studies/raster/surface-workloads.ts).
import { generateWorkload, pairsFromMesh, singlesFromMesh, type Mesh } from '../../testbenches/workloads/raster/index.js';
import type { MP } from '../../units/raster-common/mp.js';
import type { NoblurConfig } from '../../units/noblur/config.js';
import type { WorkloadDef } from '../../explore/index.js';
import { surfaceWorkloads } from '../raster/surface-workloads.js';
import { readMesh } from '../raster/mesh-input.js';

/** What the driver rasterizes: the MP stream and where it came from. */
export interface RasterInput {
  readonly mps: readonly MP[];
  /** Triangles in the stream (an MP of a pair holds two). */
  readonly triangles: number;
  readonly source: string;
}

export function mpsOf(mesh: Mesh, cfg: NoblurConfig): MP[] {
  return cfg.tvp ? pairsFromMesh(mesh) : singlesFromMesh(mesh);
}

export const NOBLUR_WORKLOADS: readonly WorkloadDef<NoblurConfig, RasterInput>[] = surfaceWorkloads<NoblurConfig, RasterInput>({
  idPrefix: 'raster',
  adds: null,
  build({ surface, count, area, seed, tvp }) {
    const g = generateWorkload({ surface, count, area, seed, pairs: tvp });
    return { mps: g.mps, triangles: g.mesh.triangles.length, source: `workload ${surface}` };
  },
});

/** `gfxrtl sim noblur --input mesh.json`. */
export const MESH_FILE = {
  doc: 'a mesh {"vertices": [[x, y, z]...], "triangles": [[i, j, k]...]}',
  read(file: string, cfg: NoblurConfig): RasterInput {
    const mesh = readMesh(file);
    return { mps: mpsOf(mesh, cfg), triangles: mesh.triangles.length, source: file };
  },
};
