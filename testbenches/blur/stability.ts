// How many MPs the MP/cycle figure needs to be stable to 1%: stratified
// batch means. Each MP costs the cycles from its acceptance at the input to
// the next MP's; consecutive MPs form batches of BATCH (absorbing the
// pipeline's buffering, which accepts MPs in bursts, and most of the
// correlation between neighbours; a batch spans at least MIN_BATCH_CYCLES). Batches never straddle strata: a workload
// that fixes its mix (the default one is four surfaces in equal parts, one
// after the other) is a stratified sample, and the spread between surfaces is
// not sampling noise. With weight w_s (share of MPs), m_s batches, and batch
// costs of mean c_s and variance v_s per stratum,
//
//   cycles per MP  C = sum w_s c_s / BATCH
//   Var(C)           = sum w_s^2 v_s / m_s / BATCH^2
//
// and the 95% half-width 1.96 sqrt(Var) / C shrinks as 1 / sqrt(MPs), so
// MPs for 1% = MPs run x (half-width / 1%)^2. Conservative: neighbouring
// batches of one surface differ by region, and that spread is counted as
// noise although every run holds whole surfaces; bench/blur-stability.ts
// measures the spread across workload seeds instead.
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

export const BATCH = 32;
/** A batch also spans at least this many cycles, so it dwarfs the MPs a
 *  pipeline can hold in flight (NoBlur mode accepts an MP every few cycles). */
export const MIN_BATCH_CYCLES = 2000;

export function stabilityOf(acceptedAt: readonly number[], endCycle: number, stratumOf?: readonly number[], minBatch = BATCH): Stability {
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
    const v = costs.reduce((a, x) => a + (x - c) ** 2, 0) / (m - 1);
    const w = idx.length / n;
    mean += (w * c) / batch;
    variance += (w * w * v) / m / (batch * batch);
    batches += m;
  }
  if (!ok || mean === 0) return { batch, batches, strata: groups.size, mean, sd: Math.sqrt(variance), relativeHalfWidth: Infinity, mpsFor1Percent: 2 * batch * Math.max(1, groups.size) };
  const rhw = (1.96 * Math.sqrt(variance)) / mean;
  return { batch, batches, strata: groups.size, mean, sd: Math.sqrt(variance), relativeHalfWidth: rhw, mpsFor1Percent: Math.max(2 * batch * groups.size, Math.ceil(n * (rhw / 0.01) ** 2)) };
}
