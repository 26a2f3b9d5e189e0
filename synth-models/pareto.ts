// Pareto frontiers of design points: lower energy per operation and higher
// performance density are better (the study's two axes), and the derived
// tables: frontiers restricted to one parameter value, and the cheapest way
// to reach a required throughput under a power-density limit.
import type { ParamValue, Params } from './sweep/types.js';

export interface Scored {
  /** Operations per second per mm^2: maximised. */
  perfDensity: number;
  /** Joules per operation: minimised. */
  energyPerMpJ: number;
}

const finite = (p: Scored): boolean => Number.isFinite(p.perfDensity) && Number.isFinite(p.energyPerMpJ);

/** a is at least as good on both axes and strictly better on one. */
export function dominates(a: Scored, b: Scored): boolean {
  return a.perfDensity >= b.perfDensity && a.energyPerMpJ <= b.energyPerMpJ && (a.perfDensity > b.perfDensity || a.energyPerMpJ < b.energyPerMpJ);
}

/**
 * mask[i] = point i is on the frontier (no point dominates it). Points with
 * a non-finite figure are never on it. Exact duplicates are all kept. One
 * sort, O(n log n): walking from the highest performance density down, a
 * point survives when its energy is below every energy seen at strictly
 * higher density and is the lowest among its equal-density group.
 */
export function paretoMask(points: readonly Scored[]): boolean[] {
  const mask = points.map(() => false);
  const order = points.map((_, i) => i).filter((i) => finite(points[i]!));
  order.sort((i, j) => points[j]!.perfDensity - points[i]!.perfDensity || points[i]!.energyPerMpJ - points[j]!.energyPerMpJ);
  let bestAbove = Infinity;
  for (let g = 0; g < order.length; ) {
    const density = points[order[g]!]!.perfDensity;
    let end = g;
    while (end < order.length && points[order[end]!]!.perfDensity === density) end++;
    const groupMin = points[order[g]!]!.energyPerMpJ;
    if (groupMin < bestAbove) {
      for (let k = g; k < end && points[order[k]!]!.energyPerMpJ === groupMin; k++) mask[order[k]!] = true;
      bestAbove = groupMin;
    }
    g = end;
  }
  return mask;
}

/** The frontier, sorted by increasing performance density (a plot line). */
export function paretoFront<T extends Scored>(points: readonly T[]): T[] {
  const mask = paretoMask(points);
  return points.filter((_, i) => mask[i]).sort((a, b) => a.perfDensity - b.perfDensity || b.energyPerMpJ - a.energyPerMpJ);
}

export interface ModeScored extends Scored {
  mode: string;
  pareto: boolean;
}

export function groupBy<T, K>(xs: readonly T[], key: (x: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const x of xs) {
    const k = key(x);
    const g = m.get(k);
    if (g) g.push(x);
    else m.set(k, [x]);
  }
  return m;
}

/** Sets `pareto` on every row: on the frontier of its own mode. */
export function markPareto(rows: ModeScored[]): void {
  for (const group of groupBy(rows, (r) => r.mode).values()) {
    const mask = paretoMask(group);
    group.forEach((r, i) => (r.pareto = mask[i]!));
  }
}

export interface WithParams extends Scored {
  mode: string;
  params: Params;
}

export interface ConstrainedFrontier<T> {
  mode: string;
  axis: string;
  value: ParamValue;
  /** Points of the mode with params[axis] === value. */
  count: number;
  frontier: T[];
}

/** For each mode, each axis and each value it takes: the frontier of the
 *  points restricted to that value ("pairs only", "2x2 stamps only", ...). */
export function constrainedFrontiers<T extends WithParams>(rows: readonly T[], axes: readonly string[]): ConstrainedFrontier<T>[] {
  const out: ConstrainedFrontier<T>[] = [];
  for (const [mode, group] of groupBy(rows, (r) => r.mode)) {
    for (const axis of axes) {
      for (const [value, sub] of groupBy(group, (r) => r.params[axis]!)) {
        out.push({ mode, axis, value, count: sub.length, frontier: paretoFront(sub) });
      }
    }
  }
  return out;
}

export interface RateCost<T> {
  mode: string;
  /** W/mm^2. */
  limit: number;
  /** The least-area design within the limit, or null if none is. */
  point: T | null;
  /** rate / perfDensity: replicated units to reach the rate, mm^2. */
  areaMm2: number;
  /** rate x energyPerMpJ, W. */
  powerW: number;
}

/**
 * The cost of a required throughput `rate` (operations/s) met by replicating
 * a unit: area = rate / perfDensity, power = rate x energy per operation.
 * Per mode and limit, among points with powerDensity <= limit, the one with
 * the least area (highest density; ties to the lower energy).
 */
export function costAtRate<T extends Scored & { mode: string; powerDensity: number }>(rows: readonly T[], rate: number, limits: readonly number[]): RateCost<T>[] {
  const out: RateCost<T>[] = [];
  for (const [mode, group] of groupBy(rows, (r) => r.mode)) {
    for (const limit of limits) {
      let best: T | null = null;
      for (const r of group) {
        if (!(r.powerDensity <= limit) || !finite(r)) continue;
        if (best === null || r.perfDensity > best.perfDensity || (r.perfDensity === best.perfDensity && r.energyPerMpJ < best.energyPerMpJ)) best = r;
      }
      out.push({ mode, limit, point: best, areaMm2: best ? rate / best.perfDensity : NaN, powerW: best ? rate * best.energyPerMpJ : NaN });
    }
  }
  return out;
}
