// How many MPs the MP/cycle figure needs to be stable to 1%: stratified
// batch means. Each MP costs the cycles from its acceptance at the input to
// the next MP's; consecutive MPs form batches of BATCH (absorbing the
// pipeline's buffering, which accepts MPs in bursts, and most of the
// correlation between neighbours; a batch spans at least MIN_BATCH_CYCLES).
// Batches never straddle strata: a workload that fixes its mix (the default
// one is four surfaces in equal parts, one after the other) is a stratified
// sample, and the spread between surfaces is not sampling noise.
//
// Within a surface the generator walks the diced parameter grid row by row
// (testbenches/workloads/raster/tessellate.ts), so a surface's stream is a
// systematic sample along the surface: every seed visits the same regions
// (pole, silhouette, grazing flank) in the same order and proportion, and
// the difference between regions is not sampling noise either. The
// variance of a batch is therefore estimated from successive differences
// (Cochran, Sampling Techniques, 8.11: the estimator for systematic
// samples with a trend), which a smooth change along the stream does not
// inflate; the plain sample variance of the batches (`estimator: 'batch'`)
// counts it and overstates. With weight w_s (share of MPs), m_s batches and
// batch costs c_s1..c_sm of mean c_s per stratum,
//
//   v_s    = sum_b (c_s,b+1 - c_s,b)^2 / (2 (m_s - 1))      ('batch': sample variance)
//   C      = sum w_s c_s / BATCH                             cycles per MP
//   Var(C) = sum w_s^2 v_s / m_s / BATCH^2
//
// and the 95% half-width 1.96 sqrt(Var) / C shrinks as 1 / sqrt(MPs), so
// MPs for 1% = MPs run x (half-width / 1%)^2. What one run cannot see is
// what a seed draws once for the whole workload (each surface instance's
// shape and placement, the motion, the lens): bench/blur-stability.ts
// checks the estimate against the spread across seeds (units/blur/README.md).
export interface Stability {
  readonly batch: number;
  readonly batches: number;
  readonly strata: number;
  /** Cycles per MP estimated from the batches, and its standard error. */
  readonly mean: number;
  readonly sd: number;
  /** 95% confidence half-width of MP/cycle as a fraction, at the MPs run (Infinity if a stratum has under 2 batches). */
  readonly relativeHalfWidth: number;
  /** MPs needed for a 1% half-width. */
  readonly mpsFor1Percent: number;
}

/** How a stratum's batch variance is estimated: successive differences (the default) or the plain sample variance. */
export type BatchVariance = 'successive' | 'batch';

export const BATCH = 32;
/** A batch also spans at least this many cycles, so it dwarfs the MPs a
 *  pipeline can hold in flight (NoBlur mode accepts an MP every few cycles). */
export const MIN_BATCH_CYCLES = 2000;
/** The two-sided 95% normal quantile. */
export const Z95 = 1.96;

function batchVariance(costs: readonly number[], mean: number, estimator: BatchVariance): number {
  const m = costs.length;
  if (estimator === 'batch') return costs.reduce((a, x) => a + (x - mean) ** 2, 0) / (m - 1);
  let s = 0;
  for (let b = 1; b < m; b++) s += (costs[b]! - costs[b - 1]!) ** 2;
  return s / (2 * (m - 1));
}

export function stabilityOf(acceptedAt: readonly number[], endCycle: number, stratumOf?: readonly number[], minBatch = BATCH, estimator: BatchVariance = 'successive'): Stability {
  const n = acceptedAt.length;
  const perMp = n === 0 ? 0 : endCycle / n;
  const batch = perMp === 0 ? minBatch : Math.max(minBatch, Math.ceil(MIN_BATCH_CYCLES / perMp));
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const s = stratumOf?.[i] ?? 0;
    let g = groups.get(s);
    if (g === undefined) groups.set(s, (g = []));
    g.push(i);
  }
  let mean = 0;
  let variance = 0;
  let batches = 0;
  let ok = true;
  for (const idx of groups.values()) {
    const m = Math.floor(idx.length / batch);
    if (m < 2) {
      ok = false;
      continue;
    }
    const costs: number[] = [];
    for (let b = 0; b < m; b++) {
      const first = idx[b * batch]!;
      const lastMp = idx[(b + 1) * batch - 1]!;
      costs.push((acceptedAt[lastMp + 1] ?? endCycle) - acceptedAt[first]!);
    }
    const c = costs.reduce((a, x) => a + x, 0) / m;
    const v = batchVariance(costs, c, estimator);
    const w = idx.length / n;
    mean += (w * c) / batch;
    variance += (w * w * v) / m / (batch * batch);
    batches += m;
  }
  if (!ok || mean === 0) return { batch, batches, strata: groups.size, mean, sd: Math.sqrt(variance), relativeHalfWidth: Infinity, mpsFor1Percent: 2 * batch * Math.max(1, groups.size) };
  const rhw = (Z95 * Math.sqrt(variance)) / mean;
  return { batch, batches, strata: groups.size, mean, sd: Math.sqrt(variance), relativeHalfWidth: rhw, mpsFor1Percent: mpsFor(n, rhw, 2 * batch * groups.size) };
}

/** MPs a 1% half-width needs, from `mps` run at half-width `rhw` (at least `floor`). */
export function mpsFor(mps: number, rhw: number, floor = 0): number {
  return Math.max(floor, Math.ceil(mps * (rhw / 0.01) ** 2));
}
