// The Hybrid's joint objective: one netlist, optimised over the four kinds of
// work it exists for (raster-units.md: NoBlur 4x, NoBlur 16x, motion blur
// N = 64 and full blur N = 64).
//
// A Hybrid design point has one area, one clock and (fully used) one power,
// whatever it renders; only its MP rate differs by mode. The joint rate is
// the geometric mean of the four modes' MPs per cycle, so the joint
// performance density is the geometric mean of the four per-mode densities
// and the joint energy per MP the geometric mean of the four per-mode
// energies (power / rate). Why the geometric mean:
// - every mode weighs the same: a 10% faster blur counts as much as a 10%
//   faster NoBlur 4x, whatever their absolute rates (blur tests 64 tuples per
//   MP, so its MP rate is about 1/50 of NoBlur's);
// - the arithmetic mean of rates would let NoBlur alone decide (the fastest
//   mode dominates), and the harmonic mean (total work / total cycles, one
//   frame of each) would let blur alone decide, making the Hybrid a Blur unit
//   that happens to run NoBlur.
// The rows of the joint workload carry each mode's MP/cycle (mpc_<mode>), so
// the cost of the Hybrid doing one mode's work comes from the same points
// (studies/raster/combined.ts). With --activity toggle, the joint power uses
// the toggles of the four runs together (activity averaged over their cycles).
//
// Its stability (jointStability): each mode's run gives the 95% relative
// half-width h_m of its MP/cycle (testbenches/blur/stability.ts). By the
// delta method on the log, log J = (1/4) sum log r_m and Var(log r_m) =
// (h_m / 1.96)^2, so
//   Var(log J) = (1/16) sum_m sum_n cov(log r_m, log r_n).
// The four runs render the same MPs, so their errors are positively
// correlated (a stretch of larger triangles slows every mode) and the
// covariances are not measured; Cauchy-Schwarz bounds each by the product
// of the sds, which gives the half-width h_J = (1/4) sum h_m (independent
// runs would give (1/4) sqrt(sum h_m^2), at most half of it). The joint
// figure is stable to 1% when h_J is; MPs for 1% scale as for one mode.
import { HYBRID_MODES, type HybridConfig, type HybridMode } from '../../units/blur/config.js';
import type { Counts, Driver, DriverContext } from '../../explore/index.js';
import { mpsFor } from '../../testbenches/blur/stability.js';
import { InternalError } from '../../hdl/errors.js';

/** The counter holding a mode's MPs per cycle in a joint row. */
export const modeRateKey = (mode: HybridMode): string => `mpc_${mode}`;

/** The counter value of `hybridMode` on joint rows (0..3 are the single modes). */
export const JOINT_MODE_INDEX = HYBRID_MODES.length;

export interface ModeRun {
  readonly mode: HybridMode;
  /** Triangles rendered. */
  readonly work: number;
  readonly cycles: number;
  /** 95% relative half-width of this mode's MP/cycle (-1: too few MPs to tell); absent if not measured. */
  readonly ci?: number;
}

/** The counter holding a mode's MP/cycle half-width in a joint row. */
export const modeCiKey = (mode: HybridMode): string => `ci_${mode}`;

/** The joint rate's 95% relative half-width from the modes' (header: the
 *  delta method on the log, covariances bounded by Cauchy-Schwarz); -1 if
 *  any mode's is unknown. */
export function jointHalfWidth(cis: readonly number[]): number {
  if (cis.length === 0 || cis.some((h) => !(h >= 0))) return -1;
  return cis.reduce((a, h) => a + h, 0) / cis.length;
}

/** The joint row's stability counters: per-mode half-widths, the joint one, and the MPs it needs for 1%. */
export function jointStability(runs: readonly ModeRun[], records: number, unknownNeed: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of runs) out[modeCiKey(r.mode)] = r.ci ?? -1;
  const h = jointHalfWidth(runs.map((r) => r.ci ?? -1));
  out['mpCycleCi'] = h;
  // Unknown: what the modes ask before they can tell (`unknownNeed`).
  out['mpsFor1Percent'] = h < 0 ? unknownNeed : mpsFor(records, h);
  return out;
}

/** Joint counts from the four runs: the same work at the geometric-mean rate. */
export function jointCounts(runs: readonly ModeRun[]): Pick<Counts, 'cycles' | 'work' | 'counters'> {
  const modes = runs.map((r) => r.mode).sort();
  if (JSON.stringify(modes) !== JSON.stringify([...HYBRID_MODES].sort())) throw new InternalError(`hybrid joint objective: needs one run per mode (${HYBRID_MODES.join(', ')}), got ${runs.map((r) => r.mode).join(', ')}`);
  const work = runs[0]!.work;
  if (runs.some((r) => r.work !== work || !(r.cycles > 0))) throw new InternalError('hybrid joint objective: every mode must render the same triangles in a positive number of cycles');
  const rates = runs.map((r) => r.work / r.cycles);
  const joint = Math.exp(rates.reduce((s, x) => s + Math.log(x), 0) / rates.length);
  const counters: Record<string, number> = { hybridMode: JOINT_MODE_INDEX };
  for (const r of runs) counters[modeRateKey(r.mode)] = r.work / r.cycles;
  for (const r of runs) counters[`cycles_${r.mode}`] = r.cycles;
  return { work, cycles: work / joint, counters };
}

/** The study's driver, extended: a workload whose hybridMode is 'joint' is
 *  run once per mode through `base` (on the same compiled simulator, so the
 *  netlist simulated is the netlist priced) and scored by jointCounts. */
export function withJoint<W extends { readonly hybridMode: HybridMode | 'joint' }>(base: Driver<HybridConfig, W>): Driver<HybridConfig, W> {
  return {
    async run(ctx: DriverContext<HybridConfig, W>): Promise<Counts> {
      if (ctx.workload.hybridMode !== 'joint') return base.run(ctx);
      const runs: { mode: HybridMode; counts: Counts }[] = [];
      for (const mode of HYBRID_MODES) runs.push({ mode, counts: await base.run({ ...ctx, wantRecords: false, workload: { ...ctx.workload, hybridMode: mode } }) });
      const modeRuns = runs.map((r) => ({ mode: r.mode, work: r.counts.work, cycles: r.counts.cycles, ci: r.counts.counters?.['mpCycleCi'] ?? -1 }));
      const c = jointCounts(modeRuns);
      const outOfRange = runs.reduce((s, r) => s + (r.counts.counters?.['outOfRange'] ?? 0), 0);
      const records = runs[0]!.counts.counters?.['inputRecords'] ?? 0;
      const toggles = ctx.wantToggles ? mergeToggles(runs.map((r) => r.counts.toggles)) : undefined;
      return { ...c, counters: { ...c.counters, inputRecords: records, outOfRange, ...jointStability(modeRuns, records, Math.max(...runs.map((r) => r.counts.counters?.['mpsFor1Percent'] ?? 0))) }, ...(toggles && { toggles }) };
    },
  };
}

/** Toggles of several runs as one: counts and cycles summed (activity averaged over their cycles). */
function mergeToggles(all: readonly (Counts['toggles'] | undefined)[]): Counts['toggles'] {
  const counts: Record<string, number> = {};
  let cycles = 0;
  for (const t of all) {
    if (t === undefined) throw new InternalError('hybrid joint objective: a mode run gave no toggle counts');
    cycles += t.cycles;
    for (const [k, v] of Object.entries(t.counts)) counts[k] = (counts[k] ?? 0) + v;
  }
  return { counts, cycles };
}
