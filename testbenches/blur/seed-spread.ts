// Quantiles of the chi-square distribution, for the confidence interval of
// a standard deviation measured from k samples (bench/blur-stability.ts):
// Wilson-Hilferty's cube-root normal approximation: within about 1% of the
// tables at 9 degrees of freedom (10 seeds), 15% at the 2.5% quantile of 3.
import { ParamError } from '../../hdl/errors.js';

/** The standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new ParamError('p', p, 'a number in (0, 1)', { message: `normalQuantile: p ${p} must be in (0, 1)` });
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lowTail = 0.02425;
  const poly = (k: readonly number[], x: number): number => k.reduce((acc, ki) => acc * x + ki, 0);
  if (p < lowTail) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - lowTail) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** The p-quantile of chi-square with `df` degrees of freedom: exact at 1
 *  and 2 (a squared normal; an exponential of mean 2), where Wilson-Hilferty's
 *  cube goes negative in the lower tail (2 seeds gave a NaN interval). */
export function chiSquareQuantile(p: number, df: number): number {
  if (!(Number.isInteger(df) && df >= 1)) throw new ParamError('df', df, 'an integer >= 1', { message: `chiSquareQuantile: df ${df} must be a positive integer` });
  if (df === 1) return normalQuantile((1 + p) / 2) ** 2;
  if (df === 2) return -2 * Math.log(1 - p);
  const h = 2 / (9 * df);
  return df * (1 - h + normalQuantile(p) * Math.sqrt(h)) ** 3;
}

// Student's t, two-sided 95% (the 0.975 quantile), 1 to 30 degrees of freedom (standard tables).
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

/** The 0.975 quantile of Student's t: the table to 30 degrees of freedom, then the Cornish-Fisher expansion (within 0.01% there). */
export function studentT975(df: number): number {
  if (!(Number.isInteger(df) && df >= 1)) throw new ParamError('df', df, 'an integer >= 1', { message: `studentT975: df ${df} must be a positive integer` });
  const t = T975[df - 1];
  if (t !== undefined) return t;
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2);
}

/** One configuration on k workloads that differ only in their seed. */
export interface SeedSpread {
  readonly config: string;
  readonly count: number;
  readonly seeds: readonly number[];
  readonly rates: readonly number[];
  /** Within-run 95% half-widths per seed: successive differences (the driver's) and plain batch variance. */
  readonly withinSd: readonly number[];
  readonly withinBatch: readonly number[];
  /** One run's 95% half-width from the spread across seeds (1.96 sd / mean), and that figure's own 95% interval. */
  readonly across: number;
  readonly acrossLow: number;
  readonly acrossHigh: number;
  readonly cycles: number;
}

/** Root mean square: half-widths averaged as variances. */
export const rms = (xs: readonly number[]): number => Math.sqrt(xs.reduce((a, x) => a + x * x, 0) / xs.length);

/** Sample mean and standard deviation (k - 1 in the denominator) of `xs`, k >= 2. */
export function meanSd(xs: readonly number[]): { mean: number; sd: number } {
  const k = xs.length;
  const mean = xs.reduce((a, x) => a + x, 0) / k;
  return { mean, sd: Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (k - 1)) };
}

/** 95% half-width of the mean of `xs` (k >= 2) from their own spread: the t interval. */
export function tHalfWidth(xs: readonly number[]): number {
  return (studentT975(xs.length - 1) * meanSd(xs).sd) / Math.sqrt(xs.length);
}

/** The spread of `rates` (k >= 2) as one run's 95% half-width, with the chi-square interval of its sd. */
export function acrossSeeds(rates: readonly number[]): { across: number; acrossLow: number; acrossHigh: number } {
  const k = rates.length;
  if (k < 2) throw new ParamError('runs', k, 'at least 2 runs', { message: `acrossSeeds: needs at least 2 runs, got ${k}` });
  const { mean, sd } = meanSd(rates);
  const across = (1.96 * sd) / mean;
  const df = k - 1;
  return { across, acrossLow: across * Math.sqrt(df / chiSquareQuantile(0.975, df)), acrossHigh: across * Math.sqrt(df / chiSquareQuantile(0.025, df)) };
}
