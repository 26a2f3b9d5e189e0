// Workload statistics: what an architect checks before trusting a sweep
// (is the MP size what was asked, how many MPs face away, how big are the
// bboxes the iterator must walk, how many triangles pair up).

import { SUBPIXEL } from '../../../units/raster-common/formats.js';
import { signedArea2 } from '../../../units/raster-common/edge.js';
import type { MP } from '../../../units/raster-common/mp.js';
import { type Mesh, triangleVerts } from './mesh.js';

export interface WorkloadStats {
  readonly triangles: number;
  readonly mps: number;
  readonly pairs: number;
  /** Triangles that are part of a pair: 2 * pairs / triangles (meaningful for a paired stream). */
  readonly pairedFraction: number;
  /** Triangles with negative signed area (culled by the hardware). */
  readonly backFacingFraction: number;
  /** Triangles with zero signed area after quantisation (cover nothing). */
  readonly degenerateFraction: number;
  /** Mean and median of |signed area| / 2, in pixels^2, over all triangles. */
  readonly meanArea: number;
  readonly medianArea: number;
  /**
   * MP bbox sizes, as "WxH" in pixels touched (floor(max / 256) - floor(min / 256) + 1
   * per axis) -> number of MPs, keys sorted by W then H.
   */
  readonly bboxHistogram: Readonly<Record<string, number>>;
}

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Pixel extent of an MP's bbox (pixels touched per axis). */
export function bboxPixels(mp: MP): { w: number; h: number } {
  const xs = mp.v.map((v) => Math.floor(v.x / SUBPIXEL));
  const ys = mp.v.map((v) => Math.floor(v.y / SUBPIXEL));
  return { w: Math.max(...xs) - Math.min(...xs) + 1, h: Math.max(...ys) - Math.min(...ys) + 1 };
}

export function computeStats(mesh: Mesh, mps: readonly MP[]): WorkloadStats {
  const n = mesh.triangles.length;
  let back = 0;
  let degenerate = 0;
  const areas: number[] = [];
  for (let i = 0; i < n; i++) {
    const a2 = signedArea2(triangleVerts(mesh, i));
    if (a2 < 0) back++;
    if (a2 === 0) degenerate++;
    areas.push(Math.abs(a2) / 2 / (SUBPIXEL * SUBPIXEL));
  }
  areas.sort((a, b) => a - b);
  const counts = new Map<string, { w: number; h: number; count: number }>();
  for (const mp of mps) {
    const { w, h } = bboxPixels(mp);
    const key = `${w}x${h}`;
    const entry = counts.get(key) ?? { w, h, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  const bboxHistogram: Record<string, number> = {};
  for (const e of [...counts.values()].sort((a, b) => a.w - b.w || a.h - b.h)) bboxHistogram[`${e.w}x${e.h}`] = e.count;
  const pairs = mps.filter((m) => m.kind === 'pair').length;
  return {
    triangles: n,
    mps: mps.length,
    pairs,
    pairedFraction: n === 0 ? 0 : (2 * pairs) / n,
    backFacingFraction: n === 0 ? 0 : back / n,
    degenerateFraction: n === 0 ? 0 : degenerate / n,
    meanArea: n === 0 ? 0 : areas.reduce((s, a) => s + a, 0) / n,
    medianArea: median(areas),
    bboxHistogram,
  };
}

/** A human-readable summary (the CLI prints this). */
export function formatStats(stats: WorkloadStats): string {
  const pct = (f: number): string => `${(100 * f).toFixed(1)}%`;
  const lines = [
    `triangles ${stats.triangles}, MPs ${stats.mps} (${stats.pairs} pairs, ${pct(stats.pairedFraction)} of triangles paired)`,
    `area px^2: mean ${stats.meanArea.toFixed(3)}, median ${stats.medianArea.toFixed(3)}`,
    `back-facing ${pct(stats.backFacingFraction)}, degenerate ${pct(stats.degenerateFraction)}`,
    'bbox (pixels touched, W x H): MPs',
    ...Object.entries(stats.bboxHistogram).map(([k, v]) => `  ${k.padEnd(7)} ${String(v).padStart(7)}  ${pct(v / Math.max(1, stats.mps))}`),
  ];
  return lines.join('\n');
}
