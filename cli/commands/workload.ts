// `gfxrtl workload raster`: generate a micropolygon stream and print its
// statistics (area, bbox sizes, facing, pairing).
import { formatStats, generateWorkload, SURFACE_NAMES, serializeMesh, withBlurParams, type SurfaceName } from '../../testbenches/workloads/raster/index.js';
import { ConfigError } from '../../units/config.js';
import { writeFileAtomic } from '../io.js';

export interface WorkloadCliOptions {
  surface: string;
  area: string;
  count: string;
  seed: string;
  size: string;
  pairs?: boolean;
  blur?: boolean;
  output?: string;
}

export function workloadCommand(kind: string, opts: WorkloadCliOptions): void {
  if (kind !== 'raster') throw new ConfigError(`workload: unknown kind "${kind}"; kinds: raster`);
  const surfaces = ['default', ...SURFACE_NAMES];
  if (!surfaces.includes(opts.surface)) throw new ConfigError(`workload: unknown surface "${opts.surface}"; surfaces: ${surfaces.join(', ')}`);
  const area = Number(opts.area);
  if (!(area > 0 && area <= 64)) throw new ConfigError(`workload: --area ${opts.area} must be a number in (0, 64] (pixels^2)`);
  const count = Number(opts.count);
  if (!Number.isInteger(count) || count < 1) throw new ConfigError(`workload: --count ${opts.count} must be a positive integer`);
  const seed = Number(opts.seed);
  if (!Number.isInteger(seed)) throw new ConfigError(`workload: --seed ${opts.seed} must be an integer`);
  const m = /^(\d+)x(\d+)$/.exec(opts.size);
  if (!m) throw new ConfigError(`workload: --size ${opts.size} must be WIDTHxHEIGHT in pixels, e.g. 1920x1080`);
  const w = generateWorkload({
    surface: opts.surface as SurfaceName | 'default',
    area,
    count,
    seed,
    target: { width: Number(m[1]), height: Number(m[2]) },
    pairs: opts.pairs ?? false,
  });
  // --blur adds per-vertex motion and the lens (blur-params.ts), from the same seed.
  const mesh = opts.blur ? withBlurParams(w.mesh, seed) : w.mesh;
  if (opts.output) writeFileAtomic(opts.output, serializeMesh(mesh));
  console.log(`workload raster: surface ${opts.surface}, ${count} triangles, target area ${area} px^2, ${opts.size}, seed ${seed}`);
  console.log(formatStats(w.stats));
  if (opts.output) console.log(`mesh written to ${opts.output}`);
}
