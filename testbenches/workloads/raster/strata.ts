// Which part of the workload's documented mix each MP comes from: the
// default workload is its surfaces in equal parts, one after the other (the
// first count mod k surfaces one triangle longer), so a triangle's surface
// is known from its index. Measurements use it to tell sampling noise from
// the fixed mix (testbenches/blur/stability.ts).
import { SURFACE_NAMES } from './surfaces.js';
import type { ResolvedWorkloadOptions } from './workload.js';

/** Surface index (0 for a single-surface workload) of each MP, from its first triangle. */
export function surfaceStrata(o: ResolvedWorkloadOptions, mps: readonly { readonly src: readonly number[] }[]): number[] {
  if (o.surface !== 'default') return mps.map(() => 0);
  const k = SURFACE_NAMES.length;
  const ends: number[] = [];
  let end = 0;
  for (let i = 0; i < k; i++) ends.push((end += Math.floor(o.count / k) + (i < o.count % k ? 1 : 0)));
  return mps.map((mp) => {
    const t = mp.src[0] ?? 0;
    const s = ends.findIndex((e) => t < e);
    return s < 0 ? k - 1 : s;
  });
}
