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
import { HYBRID_MODES, type HybridConfig, type HybridMode } from '../../units/blur/config.js';
import type { Counts, Driver, DriverContext } from '../contract.js';

/** The counter holding a mode's MPs per cycle in a joint row. */
export const modeRateKey = (mode: HybridMode): string => `mpc_${mode}`;

/** The counter value of `hybridMode` on joint rows (0..3 are the single modes). */
export const JOINT_MODE_INDEX = HYBRID_MODES.length;

export interface ModeRun {
  readonly mode: HybridMode;
  /** Triangles rendered. */
  readonly work: number;
  readonly cycles: number;
}

/** Joint counts from the four runs: the same work at the geometric-mean rate. */
export function jointCounts(runs: readonly ModeRun[]): Pick<Counts, 'cycles' | 'work' | 'counters'> {
  const modes = runs.map((r) => r.mode).sort();
  if (JSON.stringify(modes) !== JSON.stringify([...HYBRID_MODES].sort())) throw new Error(`hybrid joint objective: needs one run per mode (${HYBRID_MODES.join(', ')}), got ${runs.map((r) => r.mode).join(', ')}`);
  const work = runs[0]!.work;
  if (runs.some((r) => r.work !== work || !(r.cycles > 0))) throw new Error('hybrid joint objective: every mode must render the same triangles in a positive number of cycles');
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
      const c = jointCounts(runs.map((r) => ({ mode: r.mode, work: r.counts.work, cycles: r.counts.cycles })));
      const outOfRange = runs.reduce((s, r) => s + (r.counts.counters?.['outOfRange'] ?? 0), 0);
      const toggles = ctx.wantToggles ? mergeToggles(runs.map((r) => r.counts.toggles)) : undefined;
      return { ...c, counters: { ...c.counters, outOfRange }, ...(toggles && { toggles }) };
    },
  };
}

/** Toggles of several runs as one: counts and cycles summed (activity averaged over their cycles). */
function mergeToggles(all: readonly (Counts['toggles'] | undefined)[]): Counts['toggles'] {
  const counts: Record<string, number> = {};
  let cycles = 0;
  for (const t of all) {
    if (t === undefined) throw new Error('hybrid joint objective: a mode run gave no toggle counts');
    cycles += t.cycles;
    for (const [k, v] of Object.entries(t.counts)) counts[k] = (counts[k] ?? 0) + v;
  }
  return { counts, cycles };
}
