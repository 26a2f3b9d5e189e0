// One global scale factor fitted by least squares in log space: the k that
// minimises sum_i (ln published_i - ln(fixed_i + k scaled_i))^2. Log space
// because the components span two orders of magnitude (1 to 100 mW) and a
// factor-of-two miss should weigh the same on each. `fixed` is the part the
// knob does not touch (leakage under an energy knob, SRAM macros under the
// area knob). One variable, so a grid scan, then bisection on the slope
// (whose sign is exact where the objective itself is too flat to compare):
// robust, no starting guess, converged to machine precision.
import { InternalError } from '../hdl/errors.js';

export interface ScalePair {
  published: number;
  fixed: number;
  scaled: number;
}

const U_MIN = Math.log(1e-4);
const U_MAX = Math.log(1e4);
const GRID = 2000;

export function logResidual(p: ScalePair, k: number): number {
  return Math.log(p.published) - Math.log(p.fixed + k * p.scaled);
}

function objective(pairs: readonly ScalePair[], u: number): number {
  const k = Math.exp(u);
  return pairs.reduce((s, p) => s + logResidual(p, k) ** 2, 0);
}

/** The best k within `range` (the knob's physical bounds, knobs.ts); at a
 *  bound when the unconstrained optimum lies beyond it. */
export function fitScale(pairs: readonly ScalePair[], range: readonly [number, number] = [Math.exp(U_MIN), Math.exp(U_MAX)]): number {
  if (pairs.length === 0) throw new InternalError('fitScale: no data');
  for (const p of pairs) {
    if (!(p.published > 0) || !(p.fixed >= 0) || !(p.scaled >= 0)) {
      throw new InternalError(`fitScale: published must be > 0 and model parts >= 0, got ${JSON.stringify(p)}`);
    }
  }
  if (!pairs.some((p) => p.scaled > 0)) throw new InternalError('fitScale: the knob affects none of the data');
  const uMin = Math.log(range[0]);
  const uMax = Math.log(range[1]);
  if (!(uMax >= uMin)) throw new InternalError(`fitScale: empty range ${range[0]}..${range[1]}`);
  const step = (uMax - uMin) / GRID || 1e-12;
  let best = uMin;
  for (let i = 0; i <= GRID; i++) {
    const u = uMin + i * step;
    if (objective(pairs, u) < objective(pairs, best)) best = u;
  }
  // d/du of the objective is -2 * slope(u): positive slope means go right.
  const slope = (u: number): number => {
    const k = Math.exp(u);
    return pairs.reduce((acc, p) => acc + logResidual(p, k) * ((k * p.scaled) / (p.fixed + k * p.scaled)), 0);
  };
  let lo = Math.max(uMin, best - step);
  let hi = Math.min(uMax, best + step);
  if (!(slope(lo) > 0 && slope(hi) < 0)) return Math.exp(best);
  for (let i = 0; i < 200 && hi - lo > 0; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (slope(mid) > 0) lo = mid;
    else hi = mid;
  }
  return Math.exp((lo + hi) / 2);
}
