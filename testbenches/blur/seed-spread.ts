// Quantiles of the chi-square distribution, for the confidence interval of
// a standard deviation measured from k samples (bench/blur-stability.ts):
// Wilson-Hilferty's cube-root normal approximation: within about 1% of the
// tables at 9 degrees of freedom (10 seeds), 15% at the 2.5% quantile of 3.

/** The standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new Error(`normalQuantile: p ${p} must be in (0, 1)`);
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

/** The p-quantile of chi-square with `df` degrees of freedom. */
export function chiSquareQuantile(p: number, df: number): number {
  if (!(Number.isInteger(df) && df >= 1)) throw new Error(`chiSquareQuantile: df ${df} must be a positive integer`);
  const h = 2 / (9 * df);
  return df * (1 - h + normalQuantile(p) * Math.sqrt(h)) ** 3;
}
