// Pricing one micro-architecture at all its physical points: the cheap part
// of a sweep, run where the inventory is (a worker or the main thread), so
// only plain rows ever cross a thread boundary. The study's metrics are
// derived here from the driver's counts and each priced point.
import type { Inventory } from '../../hdl/inventory/index.js';
import type { Metric, PricedPoint } from '../contract.js';
import { activityFromToggles, type Activity } from '../../synth-models/activity.js';
import type { Knobs } from '../../synth-models/knobs.js';
import { minStages, price, priceFigures, type PriceOptions, type PriceResult } from '../../synth-models/price.js';
import type { DesignPoint } from '../../synth-models/physical.js';
import { physicalPoints, pointKey, type MicroArchEntry } from './enumerate.js';
import type { PointRow } from './point.js';
import type { SweepSpec } from './spec.js';
import type { Params, Performance } from './types.js';
import { StudyError } from '../contract.js';

export type { Performance };

export interface PricingContext {
  study: string;
  spec: SweepSpec;
  knobs: Knobs;
  priceOptions?: Pick<PriceOptions, 'pipelineRegisters' | 'physical'>;
  workload: { name: string; id: string; seed: number };
  /** The non-mode axes: the row's columns. */
  columns: readonly string[];
}

/** Toggle counts keyed as the inventory names items. The simulator names
 *  an unnamed node `Top.u.#41`; the inventory calls the same node `add#41`. */
function togglesByItem(inv: Inventory, counts: Readonly<Record<string, number>>): Map<string, number> {
  const m = new Map(Object.entries(counts));
  for (const i of inv.instances) {
    for (const it of i.items) {
      const hash = it.name.indexOf('#');
      if (hash <= 0) continue;
      const t = counts[`${i.path}.${it.name.slice(hash)}`];
      if (t !== undefined) m.set(`${i.path}.${it.name}`, t);
    }
  }
  return m;
}

function activityFor(ctx: PricingContext, inv: Inventory, perf: Performance, id: string): Activity | undefined {
  if (ctx.spec.activity === 'full') return undefined;
  if (!perf.toggles) throw new StudyError(`activity mode 'toggle': study ${ctx.study}'s driver gave no toggle counts for ${id} on workload ${ctx.workload.name}`);
  return activityFromToggles(togglesByItem(inv, perf.toggles.counts), perf.toggles.cycles);
}

function pick(params: Params, columns: readonly string[]): Params {
  return Object.fromEntries(columns.map((c) => [c, params[c]!]));
}

/** Rows for every physical point of `entry` not in `skip`, and the keys of
 *  all its points (done or not), so a resumed run can tell it is complete. */
export function priceMicroArch(
  entry: MicroArchEntry,
  inv: Inventory,
  perf: Performance,
  metrics: readonly Metric[],
  ctx: PricingContext,
  skip: ReadonlySet<string>,
): { rows: PointRow[]; keys: string[] } {
  const physical = ctx.priceOptions?.physical;
  const points = physicalPoints(inv, { spec: ctx.spec, knobs: ctx.knobs, ...(physical && { physical }) });
  const activity = activityFor(ctx, inv, perf, entry.id);
  const full: PriceOptions = { ...ctx.priceOptions, knobs: ctx.knobs, arith: ctx.spec.arith };
  const opts: PriceOptions = { ...full, ...(activity !== undefined && { activity }) };
  const params = pick(entry.params, ctx.columns);
  const rows: PointRow[] = [];
  const keys: string[] = [];
  for (const p of points) {
    const key = pointKey(entry.id, p);
    keys.push(key);
    if (skip.has(key)) continue;
    const r = priceFigures(inv, p, opts);
    // Same point fully used, for the report's "toggle vs fully used" columns.
    const fullPowerW = activity === undefined ? undefined : priceFigures(inv, p, full).powerW;
    const priced: PricedPoint = { clockHz: r.clockHz, areaMm2: r.areaMm2, powerW: r.powerW, dynamicW: r.dynamicW, leakageW: r.leakageW, ...(fullPowerW !== undefined && { fullPowerW }) };
    rows.push(pointRow(
      {
        study: ctx.study,
        mode: entry.mode,
        params,
        id: entry.id,
        vt: p.vt,
        vdd: p.vdd,
        stages: p.stages,
        ...priced,
        criticalPathPs: r.criticalPathPs,
        pipelineBits: r.pipelineBits,
        pareto: false,
        seed: ctx.workload.seed,
        workload: ctx.workload.id,
      },
      perf,
      metrics,
    ));
  }
  return { rows, keys };
}

/** A row's figures that depend on the driver's counts: the metrics (from the counts and the priced point) and the counters. */
function pointRow(priced: Omit<PointRow, 'metrics' | 'extra'>, perf: Performance, metrics: readonly Metric[]): PointRow {
  const point: PricedPoint = { clockHz: priced.clockHz, areaMm2: priced.areaMm2, powerW: priced.powerW, dynamicW: priced.dynamicW, leakageW: priced.leakageW, ...(priced.fullPowerW !== undefined && { fullPowerW: priced.fullPowerW }) };
  return { ...priced, metrics: Object.fromEntries(metrics.map((m) => [m.key, m.value(perf, point)])), extra: { ...perf.counters } };
}

/** `rows` (one micro-architecture's points, priced) with other counts: what
 *  priceMicroArch gives for `perf`, without pricing again (the priced
 *  figures do not depend on the counts unless the activity comes from
 *  toggles, which the caller must rule out). */
export function withPerformance(rows: readonly PointRow[], perf: Performance, metrics: readonly Metric[]): PointRow[] {
  return rows.map(({ metrics: _m, extra: _e, ...priced }) => pointRow(priced, perf, metrics));
}

/** A design priced for a target clock at one corner: the depth and whether
 *  the clock was met. */
export interface ClockPricing {
  readonly result: PriceResult;
  readonly stages: number;
  readonly met: boolean;
}

/**
 * One design at one corner, priced for a target clock as a cost table
 * quotes it: the fewest stages that reach the clock, priced at that clock;
 * when no depth does (register overhead, or a loop path no pipeline cuts),
 * unpipelined at the fastest clock it reaches, power at that clock, never
 * at a clock it cannot run. (A sweep's physical points keep the deepest
 * depth in that case instead, for its cloud; a table of one row per design
 * wants the cheapest one.)
 */
export function priceForClock(inv: Inventory, corner: Omit<DesignPoint, 'stages'>, clockHz: number, opts: Pick<PriceOptions, 'knobs' | 'arith' | 'physical'> = {}): ClockPricing {
  const meets = minStages(inv, corner, clockHz, opts);
  const stages = meets ?? 1;
  const result = price(inv, { ...corner, stages }, { ...opts, ...(meets !== null && { clockHz }) });
  return { result, stages, met: meets !== null };
}
