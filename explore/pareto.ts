// Pareto frontiers of design points over a study's two objectives (each
// with a direction: NoBlur's are higher performance density and lower
// energy per MP), and the derived tables: frontiers restricted to one
// parameter value, and the cheapest way to reach a required throughput
// under a power-density limit. Nothing here knows which study it serves:
// a Scorer turns a point into its two objective values, oriented so that
// higher is better on both.
import type { Objectives } from './contract.js';
import type { ParamValue, Params } from './sweep/types.js';
import { costAtLimit } from './rate-cost.js';

/** [x, y] of a point, each negated where lower is better. */
export type Scorer<T> = (p: T) => readonly [number, number];

/** The scorer of a study's objectives, reading figures with `get`. */
export function scorerOf<T>(objectives: Objectives, get: (p: T, key: string) => number): Scorer<T> {
  const sx = objectives.x.better === 'higher' ? 1 : -1;
  const sy = objectives.y.better === 'higher' ? 1 : -1;
  return (p) => [sx * get(p, objectives.x.key), sy * get(p, objectives.y.key)];
}

const finite = (s: readonly [number, number]): boolean => Number.isFinite(s[0]) && Number.isFinite(s[1]);

/** a is at least as good on both axes and strictly better on one. */
export function dominates<T>(a: T, b: T, score: Scorer<T>): boolean {
  const [ax, ay] = score(a);
  const [bx, by] = score(b);
  return ax >= bx && ay >= by && (ax > bx || ay > by);
}

/**
 * mask[i] = point i is on the frontier (no point dominates it). Points with
 * a non-finite figure are never on it. Exact duplicates are all kept. One
 * sort, O(n log n): walking from the best x down, a point survives when its
 * y beats every y seen at strictly better x and is the best among its
 * equal-x group.
 */
export function paretoMask<T>(points: readonly T[], score: Scorer<T>): boolean[] {
  const s = points.map(score);
  const mask = points.map(() => false);
  const order = points.map((_, i) => i).filter((i) => finite(s[i]!));
  order.sort((i, j) => s[j]![0] - s[i]![0] || s[j]![1] - s[i]![1]);
  let bestAbove = -Infinity;
  for (let g = 0; g < order.length; ) {
    const x = s[order[g]!]![0];
    let end = g;
    while (end < order.length && s[order[end]!]![0] === x) end++;
    const groupBest = s[order[g]!]![1];
    if (groupBest > bestAbove) {
      for (let k = g; k < end && s[order[k]!]![1] === groupBest; k++) mask[order[k]!] = true;
      bestAbove = groupBest;
    }
    g = end;
  }
  return mask;
}

/** The frontier, sorted from the worst x to the best (a plot line). */
export function paretoFront<T>(points: readonly T[], score: Scorer<T>): T[] {
  const mask = paretoMask(points, score);
  return points
    .filter((_, i) => mask[i])
    .map((p) => ({ p, s: score(p) }))
    .sort((a, b) => a.s[0] - b.s[0] || a.s[1] - b.s[1])
    .map((e) => e.p);
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
export function markPareto<T extends { mode: string; pareto: boolean }>(rows: T[], score: Scorer<T>): void {
  for (const group of groupBy(rows, (r) => r.mode).values()) {
    const mask = paretoMask(group, score);
    group.forEach((r, i) => (r.pareto = mask[i]!));
  }
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
export function constrainedFrontiers<T extends { mode: string; params: Params }>(rows: readonly T[], axes: readonly string[], score: Scorer<T>): ConstrainedFrontier<T>[] {
  const out: ConstrainedFrontier<T>[] = [];
  for (const [mode, group] of groupBy(rows, (r) => r.mode)) {
    for (const axis of axes) {
      for (const [value, sub] of groupBy(group, (r) => r.params[axis]!)) {
        out.push({ mode, axis, value, count: sub.length, frontier: paretoFront(sub, score) });
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
  /** rate / (throughput per mm^2): replicated units to reach the rate, mm^2. */
  areaMm2: number;
  /** rate x energy per item, W. */
  powerW: number;
  /** The design interpolated along the frontier at exactly the limit (see
   *  rate-cost.ts), or null when no frontier point is within it. */
  interpolated: { areaMm2: number; powerW: number; between: readonly [T, T] | null } | null;
}

/** How to read a point for a rate: work items per second, area, power. */
export interface RateFigures<T> {
  perSec(p: T): number;
  areaMm2(p: T): number;
  powerW(p: T): number;
}

/**
 * The cost of a required throughput `rate` (work items/s) met by
 * replicating a unit, per mode and limit: both of rate-cost.ts's answers
 * (the least-area point within the limit, and the frontier interpolated at
 * the limit), with the rows read through `f`.
 */
export function costAtRate<T extends { mode: string }>(rows: readonly T[], rate: number, limits: readonly number[], f: RateFigures<T>): RateCost<T>[] {
  const out: RateCost<T>[] = [];
  for (const [mode, group] of groupBy(rows, (r) => r.mode)) {
    const scored = group.map((row) => {
      const perSec = f.perSec(row);
      return { row, perfDensity: perSec / f.areaMm2(row), energyPerMpJ: f.powerW(row) / perSec, powerDensity: f.powerW(row) / f.areaMm2(row) };
    });
    const usable = scored.filter((s) => Number.isFinite(s.perfDensity) && Number.isFinite(s.energyPerMpJ) && Number.isFinite(s.powerDensity));
    for (const limit of limits) {
      const c = costAtLimit(usable, rate, limit);
      const a = c.atOrUnder;
      const i = c.interpolated;
      out.push({
        mode,
        limit,
        point: a?.point?.row ?? null,
        areaMm2: a ? a.areaMm2 : NaN,
        powerW: a ? a.powerW : NaN,
        interpolated: i === null ? null : { areaMm2: i.areaMm2, powerW: i.powerW, between: i.between ? [i.between[0].row, i.between[1].row] : null },
      });
    }
  }
  return out;
}
