// How many MPs the MP/cycle figure needs to be stable to 1%, by batch
// means: the run's MPs are cut into consecutive batches of BATCH MPs, each
// batch costs the cycles from its first MP's acceptance at the input to the
// next batch's (the last batch: to the end of the run). Batches absorb the
// pipeline's buffering (an MP can be accepted long before it is worked on)
// and most of the correlation between neighbouring MPs of one surface. With
// m batches of mean cost c and standard deviation s, the 95% confidence
// half-width of cycles per MP is 1.96 s / sqrt(m) / c relative, and it falls
// to 1% once m >= (1.96 s / (0.01 c))^2 batches, i.e. BATCH times that MPs.
export interface Stability {
  /** Batch size (MPs), batches, and the mean and standard deviation of a batch's cycles. */
  readonly batch: number;
  readonly batches: number;
  readonly mean: number;
  readonly sd: number;
  /** 95% confidence half-width of MP/cycle, as a fraction, at the MPs run (Infinity with under 2 batches). */
  readonly relativeHalfWidth: number;
  /** MPs needed for a 1% half-width (at least 2 batches). */
  readonly mpsFor1Percent: number;
}

export const BATCH = 32;

export function stabilityOf(acceptedAt: readonly number[], endCycle: number, batch = BATCH): Stability {
  const m = Math.floor(acceptedAt.length / batch);
  if (m < 2) return { batch, batches: m, mean: 0, sd: 0, relativeHalfWidth: Infinity, mpsFor1Percent: 2 * batch };
  const costs: number[] = [];
  for (let i = 0; i < m; i++) {
    // The last full batch also takes the leftover MPs' cycles: the run's tail
    // (draining the pipeline) belongs to the work, not to nobody.
    const end = i + 1 < m ? acceptedAt[(i + 1) * batch]! : endCycle;
    costs.push(end - acceptedAt[i * batch]!);
  }
  const mean = costs.reduce((a, b) => a + b, 0) / m;
  const sd = Math.sqrt(costs.reduce((a, b) => a + (b - mean) ** 2, 0) / (m - 1));
  const z = 1.96;
  return {
    batch,
    batches: m,
    mean,
    sd,
    relativeHalfWidth: (z * sd) / Math.sqrt(m) / mean,
    mpsFor1Percent: batch * Math.max(2, Math.ceil(((z * sd) / (0.01 * mean)) ** 2)),
  };
}
