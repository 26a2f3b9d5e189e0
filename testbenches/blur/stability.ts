// How many MPs the MP/cycle figure needs to be stable to 1%. Each MP costs
// the cycles from its acceptance at the input to the next MP's (the last one
// to the end of the run); treating these costs as a sample, the 95%
// confidence half-width of their mean is 1.96 sd / sqrt(n), and it is within
// 1% of the mean once n >= (1.96 sd / (0.01 mean))^2. Successive MP costs are
// correlated (neighbouring MPs of one surface look alike), so this is a
// lower bound; the driver reports it next to the MPs actually run.
export interface Stability {
  /** Mean and standard deviation of the cycles per MP. */
  readonly mean: number;
  readonly sd: number;
  /** 95% confidence half-width of the mean, as a fraction of it, at the MPs run. */
  readonly relativeHalfWidth: number;
  /** MPs needed for a 1% half-width. */
  readonly mpsFor1Percent: number;
}

export function stabilityOf(acceptedAt: readonly number[], endCycle: number): Stability {
  const n = acceptedAt.length;
  if (n === 0) return { mean: 0, sd: 0, relativeHalfWidth: 0, mpsFor1Percent: 0 };
  const costs = acceptedAt.map((c, i) => (acceptedAt[i + 1] ?? endCycle) - c);
  const mean = costs.reduce((a, b) => a + b, 0) / n;
  const varSum = costs.reduce((a, b) => a + (b - mean) ** 2, 0);
  const sd = n > 1 ? Math.sqrt(varSum / (n - 1)) : 0;
  const z = 1.96;
  return {
    mean,
    sd,
    relativeHalfWidth: mean === 0 ? 0 : (z * sd) / Math.sqrt(n) / mean,
    mpsFor1Percent: mean === 0 ? 0 : Math.ceil(((z * sd) / (0.01 * mean)) ** 2),
  };
}
