// Pricing one micro-architecture at all its physical points: the cheap part
// of a sweep, run where the inventory is (a worker or the main thread), so
// only plain rows ever cross a thread boundary.
import type { Inventory } from '../../hdl/inventory/index.js';
import { activityFromToggles, type Activity } from '../activity.js';
import type { Knobs } from '../knobs.js';
import { price, type PriceOptions } from '../price.js';
import { physicalPoints, pointKey, type MicroArchEntry } from './enumerate.js';
import type { PointRow } from './point.js';
import type { SweepSpec } from './spec.js';
import type { MicroArchEvaluation, Params } from './types.js';

/** What the cache keeps of an evaluation: everything but the inventory,
 *  which is cheap to rebuild and does not serialise (bigint constants). */
export type Performance = Omit<MicroArchEvaluation, 'inventory'>;

export interface PricingContext {
  spec: SweepSpec;
  knobs: Knobs;
  priceOptions?: Pick<PriceOptions, 'pipelineRegisters' | 'physical'>;
  workload: { id: string; seed: number };
  /** The non-mode axes: the row's columns. */
  columns: readonly string[];
}

export function performanceOf(e: MicroArchEvaluation): Performance {
  if (!(Number.isFinite(e.mpPerCycle) && e.mpPerCycle > 0)) throw new Error(`evaluator returned mpPerCycle ${e.mpPerCycle}; it must be a positive number`);
  return { mpPerCycle: e.mpPerCycle, ...(e.extra && { extra: e.extra }), ...(e.toggles && { toggles: e.toggles }) };
}

function activityFor(ctx: PricingContext, perf: Performance, id: string): Activity | undefined {
  if (ctx.spec.activity === 'full') return undefined;
  if (!perf.toggles) throw new Error(`activity mode 'toggle': the evaluator gave no toggle counts for ${id}`);
  return activityFromToggles(new Map(Object.entries(perf.toggles.counts)), perf.toggles.cycles);
}

function pick(params: Params, columns: readonly string[]): Params {
  return Object.fromEntries(columns.map((c) => [c, params[c]!]));
}

/** Rows for every physical point of `entry` not in `skip`, and the keys of
 *  all its points (done or not), so a resumed run can tell it is complete. */
export function priceMicroArch(entry: MicroArchEntry, inv: Inventory, perf: Performance, ctx: PricingContext, skip: ReadonlySet<string>): { rows: PointRow[]; keys: string[] } {
  const physical = ctx.priceOptions?.physical;
  const points = physicalPoints(inv, { spec: ctx.spec, knobs: ctx.knobs, ...(physical && { physical }) });
  const activity = activityFor(ctx, perf, entry.id);
  const opts: PriceOptions = { ...ctx.priceOptions, knobs: ctx.knobs, arith: ctx.spec.arith, ...(activity !== undefined && { activity }) };
  const params = pick(entry.params, ctx.columns);
  const rows: PointRow[] = [];
  const keys: string[] = [];
  for (const p of points) {
    const key = pointKey(entry.id, p);
    keys.push(key);
    if (skip.has(key)) continue;
    const r = price(inv, p, opts);
    const mpPerSec = perf.mpPerCycle * r.clockHz;
    rows.push({
      mode: entry.mode,
      params,
      id: entry.id,
      vt: p.vt,
      vdd: p.vdd,
      stages: p.stages,
      clockHz: r.clockHz,
      areaMm2: r.areaMm2,
      powerW: r.powerW,
      dynamicW: r.dynamicW,
      leakageW: r.leakageW,
      criticalPathPs: r.criticalPathPs,
      pipelineBits: r.pipeline.totalBits,
      mpPerCycle: perf.mpPerCycle,
      mpPerSec,
      perfDensity: mpPerSec / r.areaMm2,
      energyPerMpJ: r.powerW / mpPerSec,
      powerDensity: r.powerW / r.areaMm2,
      pareto: false,
      seed: ctx.workload.seed,
      workload: ctx.workload.id,
      extra: { ...perf.extra },
    });
  }
  return { rows, keys };
}
