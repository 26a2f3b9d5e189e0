// Sequential sampling: which micro-architectures need more of the workload.
// After the sweep has simulated everything once, a micro-architecture
// matters when one of its points could be on its mode's frontier given the
// uncertainty of the rates, or the rate-cost rule picks it; those whose
// rate's 95% half-width is above the study's target (or unknown) are
// simulated on replicates of the workload (task.ts, extendRuns) and priced
// again. Repeated until nothing that matters needs more, since a re-priced
// point can move the frontier. Resumable: the replicates live in the
// micro-architecture's cache, written before its new rows, and a cache
// whose run count its rows do not carry is priced again.
import type { Objectives, RateTargets, SampleExtension } from '../contract.js';
import { costAtRate, paretoMask, scorerOf } from '../pareto.js';
import { figure, type PointRow } from './point.js';

/** The half-width a row's rate is known to (0 when unknown: only points on the frontier or picked are then selected). */
function halfWidthOf(r: PointRow, ext: SampleExtension): number {
  const h = r.extra[ext.halfWidth];
  return h !== undefined && h >= 0 && Number.isFinite(h) ? h : 0;
}

/**
 * Could `p` be on the frontier? Not if some frontier point `q` of its mode,
 * at the low end of its rate's interval, still dominates `p` at the high
 * end of its own (testing against the frontier alone selects at least as
 * many as testing against every point would). Both objectives are taken to move with the rate as a throughput
 * per resource (higher better, scales with the rate) or a resource per work
 * item (lower better, scales with 1 / rate), as the rasterizers' perf
 * density and energy per MP do.
 */
function couldBeOnFrontier(p: PointRow, frontier: readonly PointRow[], ext: SampleExtension, o: Objectives): boolean {
  const hp = halfWidthOf(p, ext);
  const at = (r: PointRow, key: string, better: 'higher' | 'lower', f: number): number => (better === 'higher' ? figure(r, key) * f : figure(r, key) / f);
  const px = at(p, o.x.key, o.x.better, 1 + hp);
  const py = at(p, o.y.key, o.y.better, 1 + hp);
  const beats = (a: number, b: number, better: 'higher' | 'lower'): boolean => (better === 'higher' ? a > b : a < b);
  const atLeast = (a: number, b: number, better: 'higher' | 'lower'): boolean => a === b || beats(a, b, better);
  for (const q of frontier) {
    if (q === p) continue;
    const lo = 1 - Math.min(0.99, halfWidthOf(q, ext));
    const qx = at(q, o.x.key, o.x.better, lo);
    const qy = at(q, o.y.key, o.y.better, lo);
    if (atLeast(qx, px, o.x.better) && atLeast(qy, py, o.y.better) && (beats(qx, px, o.x.better) || beats(qy, py, o.y.better))) return false;
  }
  return true;
}

/** Why each micro-architecture matters (ids in first-seen order): near its mode's frontier, or a rate-cost pick. */
export function extensionCandidates(rows: readonly PointRow[], ext: SampleExtension, objectives: Objectives, rate: RateTargets | null): Map<string, 'frontier' | 'pick'> {
  const out = new Map<string, 'frontier' | 'pick'>();
  const byMode = new Map<string, PointRow[]>();
  for (const r of rows) {
    if (![figure(r, objectives.x.key), figure(r, objectives.y.key)].every(Number.isFinite)) continue;
    const g = byMode.get(r.mode) ?? [];
    g.push(r);
    byMode.set(r.mode, g);
  }
  const score = scorerOf<PointRow>(objectives, figure);
  for (const group of byMode.values()) {
    const mask = paretoMask(group, score);
    const frontier = group.filter((_, i) => mask[i]);
    // Only a micro-architecture not yet known to matter needs its points tested.
    for (const p of group) if (!out.has(p.id) && couldBeOnFrontier(p, frontier, ext, objectives)) out.set(p.id, 'frontier');
  }
  if (rate !== null) {
    for (const c of costAtRate(rows, rate.rate, rate.powerDensityLimits, { perSec: (r) => figure(r, rate.metric), areaMm2: (r) => r.areaMm2, powerW: (r) => r.powerW })) {
      for (const r of [c.point, ...(c.interpolated?.between ?? [])]) if (r !== null && !out.has(r.id)) out.set(r.id, 'pick');
    }
  }
  return out;
}

/** Does this run (pooled counts' half-width, run count) need more replicates? */
export function needsMore(halfWidth: number | undefined, runs: number, ext: SampleExtension): boolean {
  const known = halfWidth !== undefined && halfWidth >= 0 && Number.isFinite(halfWidth);
  return runs < ext.maxReplicates && !(runs >= ext.minReplicates && known && halfWidth <= ext.target);
}
