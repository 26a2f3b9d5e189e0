// Blur's workloads: the raster micropolygon streams (the default mix or one
// surface) with their seeded per-vertex motion and lens
// (testbenches/workloads/raster/blur-params.ts), as singles or (TVP on)
// greedily paired; each MP knows its surface, so the driver's MP/cycle
// stability estimate can tell the fixed mix from sampling noise.
import { blurMpsFromMesh, generateWorkload, NO_LENS, surfaceStrata, withBlurParams } from '../../testbenches/workloads/raster/index.js';
import type { BlurConfig } from '../../units/blur/config.js';
import type { BlurMP, Lens } from '../../units/raster-common/blur-mp.js';
import type { WorkloadDef } from '../../explore/index.js';
import { surfaceWorkloads } from '../raster/surface-workloads.js';
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

export function blurWorkloads<C extends { tvp: boolean }>(): readonly WorkloadDef<C, BlurInput>[] {
  return surfaceWorkloads<C, BlurInput>({
    idPrefix: 'raster-blur',
    adds: { doc: 'with motion and lens', describe: 'with seeded rigid motion and a thin lens' },
    build({ surface, count, area, seed, tvp, key }) {
      const g = generateWorkload({ surface, count, area, seed });
      const mesh = withBlurParams(g.mesh, seed);
      const mps = blurMpsFromMesh(mesh, tvp);
      return { mps, lens: mesh.lens ?? NO_LENS, triangles: mesh.triangles.length, strata: surfaceStrata(g.options, mps), source: `workload ${surface}`, id: `raster-blur-${surface}|${key}` };
    },
  });
}

/** `gfxrtl sim blur --input mesh.json`: a mesh, with "close" and "lens" when it has them (static, in focus otherwise). */
export const BLUR_MESH_FILE = {
  doc: 'a mesh {"vertices": [[x, y, z]...], "triangles": [[i, j, k]...], "close": [[x, y]...], "lens": {"aperture": px, "focus": z}} (close and lens optional)',
  read(file: string, cfg: Pick<BlurConfig, 'tvp'>): BlurInput {
    const mesh = readMesh(file);
    return { mps: blurMpsFromMesh(mesh, cfg.tvp), lens: mesh.lens ?? NO_LENS, triangles: mesh.triangles.length, source: file };
  },
};
