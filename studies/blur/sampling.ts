// Sequential sampling for the blur family (contract.ts SampleExtension;
// explore/sweep/extend.ts picks who and runs it): the micro-
// architectures that matter are simulated again on replicates of the
// workload, the same generator with seed + 1, seed + 2, ... (new surface
// instances, placement, jitter, motion and lens), until MP/cycle's 95%
// half-width is at most 1% or the cap.
//
// Why replicates and not a longer stream of one seed: a seed draws once per
// workload the lens, the motion and each surface's instance, and those move
// MP/cycle of a lane-bound design by about 1.5% (sd) whatever the stream's
// length (bench/blur-stability.ts: blur, pmt 1 spreads +-3.0% across seeds
// at 512 triangles and +-2.6% at 2048). A within-run estimate sees only
// the MP-to-MP noise of one draw; the spread between replicates sees both.
// So a pooled record's half-width is the t interval of the replicates'
// cycles per MP (R - 1 degrees of freedom), and one run's is the within-run
// estimate (testbenches/blur/stability.ts), which the report marks as such.
// Stopping when the interval first meets 1% favours a lucky, tight sample
// (optional stopping): the minimum of eight runs keeps that small, not nil.
// A joint Hybrid row pools each mode the same way, and its own half-width is
// the t interval of the replicates' log joint rate (so the modes' shared
// MPs are accounted for, not bounded).
import type { Counts, SampleExtension } from '../../explore/index.js';
import { mpsFor } from '../../testbenches/blur/stability.js';
import { meanSd, tHalfWidth } from '../../testbenches/blur/seed-spread.js';
import { HYBRID_MODES } from '../../units/blur/config.js';
import { jointHalfWidth, modeCiKey, modeRateKey, JOINT_MODE_INDEX } from '../hybrid/joint.js';
import { InternalError } from '../../hdl/errors.js';

type Perf = Omit<Counts, 'records'>;

/** Runs before a figure counts as known to 1%. What a seed draws is
 *  skewed (bench/blur-stability.ts: of ten seeds, two lie 4 to 7% from the
 *  rest for a lane-bound design), so a t interval from two or three
 *  replicates too often stops on a lucky, tight sample; from eight (7
 *  degrees of freedom, t = 2.36) one outlier moves the sd enough to show. */
export const MIN_REPLICATES = 8;
/** The cap, base run included (64 x 512 = 32768 triangles in npm start,
 *  64 x 4096 at full size). At 16, npm start's two motion frontier designs
 *  stopped at 1.4% and 1.2%; at 32, after the cull moved to the front end,
 *  a motion frontier design (pmt=2) stopped at 1.25%, which at that spread
 *  needs about 50 runs. A Blur replicate of 512 triangles costs about
 *  0.04 s, so the cap is there for runaway spreads, not for time. */
export const MAX_REPLICATES = 64;

const c = (p: Perf, key: string): number => p.counters?.[key] ?? 0;

/** 95% relative half-width of the mean of `xs` (t interval), -1 for fewer than two. */
export function replicateHalfWidth(xs: readonly number[]): number {
  return xs.length < 2 ? -1 : tHalfWidth(xs) / meanSd(xs).mean;
}

/** Σ numerator / Σ denominator, each run's numerator being ratio x denominator. */
function weighted(runs: readonly Perf[], ratio: (p: Perf) => number, weight: (p: Perf) => number): number {
  const w = runs.reduce((a, p) => a + weight(p), 0);
  return w === 0 ? 0 : runs.reduce((a, p) => a + ratio(p) * weight(p), 0) / w;
}

/** One blur-family mode's runs pooled: every counter as over the whole stream, and the replicates' half-width. */
function poolMode(runs: readonly Perf[]): Perf {
  const cycles = runs.reduce((a, p) => a + p.cycles, 0);
  const work = runs.reduce((a, p) => a + p.work, 0);
  const records = runs.reduce((a, p) => a + c(p, 'inputRecords'), 0);
  const positioned = (p: Perf): number => (c(p, 'cyclesPerPositioned') > 0 ? p.cycles / c(p, 'cyclesPerPositioned') : 0);
  const tiles = (p: Perf): number => c(p, 'tilesPerPositioned') * positioned(p);
  const totalPositioned = runs.reduce((a, p) => a + positioned(p), 0);
  const h = replicateHalfWidth(runs.map((p) => p.cycles / p.work));
  const counters: Record<string, number> = {
    ...(runs[0]!.counters?.['hybridMode'] !== undefined && { hybridMode: c(runs[0]!, 'hybridMode') }),
    cycles,
    inputRecords: records,
    cyclesPerPositioned: totalPositioned === 0 ? 0 : cycles / totalPositioned,
    tilesPerPositioned: weighted(runs, (p) => c(p, 'tilesPerPositioned'), positioned),
    sampleTestEfficiency: weighted(runs, (p) => c(p, 'sampleTestEfficiency'), tiles),
    stallFraction: weighted(runs, (p) => c(p, 'stallFraction'), (p) => p.cycles),
    outOfRange: runs.reduce((a, p) => a + c(p, 'outOfRange'), 0),
    mpCycleCi: h,
    mpsFor1Percent: h < 0 ? Math.max(...runs.map((p) => c(p, 'mpsFor1Percent'))) : mpsFor(records, h),
  };
  return { cycles, work, counters };
}

/** Joint Hybrid rows: each mode pooled, the joint rate their geometric mean, its half-width from the replicates' log joint rates. */
function poolJoint(runs: readonly Perf[]): Perf {
  const work = runs.reduce((a, p) => a + p.work, 0);
  const records = runs.reduce((a, p) => a + c(p, 'inputRecords'), 0);
  const counters: Record<string, number> = { hybridMode: JOINT_MODE_INDEX };
  const cycles = HYBRID_MODES.map((m) => runs.reduce((a, p) => a + c(p, `cycles_${m}`), 0));
  let logJ = 0;
  HYBRID_MODES.forEach((m, i) => {
    counters[modeRateKey(m)] = work / cycles[i]!;
    logJ += Math.log(work / cycles[i]!) / HYBRID_MODES.length;
  });
  HYBRID_MODES.forEach((m, i) => (counters[`cycles_${m}`] = cycles[i]!));
  for (const m of HYBRID_MODES) counters[modeCiKey(m)] = replicateHalfWidth(runs.map((p) => c(p, `cycles_${m}`) / p.work));
  // log J_r's spread: the half-width of a mean of logs is already relative
  // (a relative half-width of the geometric mean, to first order).
  const logs = runs.map((p) => HYBRID_MODES.reduce((a, m) => a + Math.log(p.work / c(p, `cycles_${m}`)), 0) / HYBRID_MODES.length);
  const h = runs.length < 2 ? jointHalfWidth(HYBRID_MODES.map((m) => counters[modeCiKey(m)]!)) : tHalfWidth(logs);
  const j = Math.exp(logJ);
  Object.assign(counters, { inputRecords: records, outOfRange: runs.reduce((a, p) => a + c(p, 'outOfRange'), 0), mpCycleCi: h, mpsFor1Percent: h < 0 ? Math.max(...runs.map((p) => c(p, 'mpsFor1Percent'))) : mpsFor(records, h) });
  return { cycles: work / j, work, counters };
}

export function poolBlurRuns(runs: readonly Perf[]): Perf {
  if (runs.length === 0) throw new InternalError('poolBlurRuns: no runs to pool');
  return runs[0]!.counters?.['hybridMode'] === JOINT_MODE_INDEX ? poolJoint(runs) : poolMode(runs);
}

export const BLUR_SAMPLING: SampleExtension = {
  halfWidth: 'mpCycleCi',
  target: 0.01,
  minReplicates: MIN_REPLICATES,
  maxReplicates: MAX_REPLICATES,
  pool: poolBlurRuns,
  doc:
    `the micro-architectures with a point on their mode's frontier or within their MP/cycle's confidence interval of it, and the rate-cost picks, are simulated on ${MIN_REPLICATES} to ${MAX_REPLICATES} replicates of the workload (seed, seed + 1, ...), ` +
    `until MP/cycle's 95% half-width from the spread between replicates (t interval) is at most 1% or the cap; one run's half-width is the within-run estimate (stratified batch means), which cannot see what a seed draws once (lens, motion, each surface's instance)`,
};
