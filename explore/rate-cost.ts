// The cost of a required throughput under a power-density limit, two ways.
//
// Rule (as the study states it): designs are replicated to reach the rate
// R, so a design of performance density P (ops/s/mm^2) and energy E (J/op)
// costs area R / P and power R E, at power density P E whatever R. Among
// the designs whose power density is at or under the limit, the one with the
// least area (highest P; ties to lower E) is the answer: `atOrUnder`.
//
// Interpolated: a sweep is a sample of a continuum of designs, so the
// answer "at exactly the limit" lies on the Pareto frontier between the two
// frontier points whose power densities bracket the limit. Between them P
// and E are interpolated linearly in log space (the frontier's plots are
// log-log), so log(P E) is linear too and the point with P E = limit is
// found exactly: `interpolated`. Its area is R / P and its power R E =
// area x limit. Below the whole frontier there is no answer; above it, the
// densest frontier point already meets the limit and is the answer.
import { ParamError } from '../hdl/errors.js';
/** What the rule needs of a design: ops/s per mm^2 (maximised), J per op
 *  (minimised). */
export interface Scored {
  perfDensity: number;
  energyPerMpJ: number;
}

/** The designs no other design beats on both counts. */
function paretoFront<T extends Scored>(rows: readonly T[]): T[] {
  const sorted = rows.filter((r) => r.perfDensity > 0 && r.energyPerMpJ > 0).sort((a, b) => b.perfDensity - a.perfDensity || a.energyPerMpJ - b.energyPerMpJ);
  const out: T[] = [];
  let bestEnergy = Infinity;
  for (const r of sorted) {
    if (r.energyPerMpJ < bestEnergy) {
      out.push(r);
      bestEnergy = r.energyPerMpJ;
    }
  }
  return out;
}

export interface RateCostPoint<T> {
  /** The design (for `interpolated`, the frontier neighbours it lies between). */
  point: T | null;
  between?: readonly [T, T];
  areaMm2: number;
  powerW: number;
  perfDensity: number;
  energyPerOpJ: number;
}

export interface LimitCost<T> {
  limit: number;
  atOrUnder: RateCostPoint<T> | null;
  interpolated: RateCostPoint<T> | null;
}

type Row = Scored & { powerDensity: number };

function costOf<T extends Row>(r: T, rate: number): RateCostPoint<T> {
  return { point: r, areaMm2: rate / r.perfDensity, powerW: rate * r.energyPerMpJ, perfDensity: r.perfDensity, energyPerOpJ: r.energyPerMpJ };
}

export function costAtLimit<T extends Row>(rows: readonly T[], rate: number, limit: number): LimitCost<T> {
  if (!(rate > 0) || !(limit > 0)) throw new ParamError('rate, limit', `${rate}, ${limit}`, 'positive numbers', { message: `costAtLimit: rate and limit must be positive, got ${rate}, ${limit}` });
  let best: T | null = null;
  for (const r of rows) {
    if (!(r.powerDensity <= limit) || !(r.perfDensity > 0) || !(r.energyPerMpJ > 0)) continue;
    if (best === null || r.perfDensity > best.perfDensity || (r.perfDensity === best.perfDensity && r.energyPerMpJ < best.energyPerMpJ)) best = r;
  }
  // The frontier by power density: along it P and E both rise, so P E does.
  const front = paretoFront(rows).filter((r) => r.perfDensity > 0 && r.energyPerMpJ > 0);
  front.sort((a, b) => a.powerDensity - b.powerDensity);
  let interpolated: RateCostPoint<T> | null = null;
  if (front.length > 0) {
    const last = front[front.length - 1]!;
    if (limit >= last.powerDensity) interpolated = costOf(last, rate);
    else {
      for (let i = 0; i + 1 < front.length; i++) {
        const a = front[i]!;
        const b = front[i + 1]!;
        if (a.powerDensity <= limit && limit <= b.powerDensity) {
          const t = b.powerDensity === a.powerDensity ? 0 : Math.log(limit / a.powerDensity) / Math.log(b.powerDensity / a.powerDensity);
          const p = Math.exp(Math.log(a.perfDensity) + t * Math.log(b.perfDensity / a.perfDensity));
          const e = Math.exp(Math.log(a.energyPerMpJ) + t * Math.log(b.energyPerMpJ / a.energyPerMpJ));
          interpolated = { point: null, between: [a, b], areaMm2: rate / p, powerW: rate * e, perfDensity: p, energyPerOpJ: e };
          break;
        }
      }
    }
  }
  return { limit, atOrUnder: best === null ? null : costOf(best, rate), interpolated };
}
