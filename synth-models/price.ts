// Pricing one design point: the inventory's items through the cost table,
// scaled to the physical point, with pipeline registers at the cut widths
// and the clock from the critical path. Every watt and square micron is
// attributed to an instance and an operator kind, so any figure can be
// traced back to the hardware that causes it.
import {
  analyzeTiming,
  cutWidths,
  latestConsumer,
  type CriticalPath,
  type CutProfile,
  type Inventory,
  type OpShape,
  type Timing,
  type TimingGraph,
} from '../hdl/inventory/index.js';
import { resolveActivity, PIPELINE_PATH, type Activity } from './activity.js';
import { costTable, type ArithStyle, type CostTable, type OpCost } from './cost-table.js';
import { checkKnobs, DEFAULT_KNOBS, type Knobs } from './knobs.js';
import { checkPoint, clockPeriodPs, DEFAULT_PHYSICAL, physicalScale, stagesForPeriod, type DesignPoint, type PhysicalParams, type PhysicalScale } from './physical.js';

export interface PriceOptions {
  activity?: Activity;
  knobs?: Knobs;
  arith?: ArithStyle;
  physical?: PhysicalParams;
  /** A requested clock; the result says whether the point meets it. Default:
   *  the fastest clock the pipelined critical path allows. */
  clockHz?: number;
  /** What retiming inserts: plain flops unless the pipeline must stall. */
  pipelineRegisters?: { reset?: boolean; enable?: boolean };
}

export interface CostRow {
  areaUm2: number;
  dynamicW: number;
  leakageW: number;
}

export interface PriceResult {
  point: DesignPoint;
  areaMm2: number;
  dynamicW: number;
  leakageW: number;
  powerW: number;
  clockHz: number;
  maxClockHz: number;
  /** clockHz <= maxClockHz. */
  timingMet: boolean;
  /** Unpipelined combinational critical path at this point (ps). */
  criticalPathPs: number;
  /** The path itself, delays scaled to this point. */
  criticalPath: CriticalPath;
  pipeline: CutProfile;
  breakdown: {
    /** Each instance's own hardware by path, plus PIPELINE_PATH. */
    byModule: Record<string, CostRow>;
    /** By operator kind; pipeline registers under `reg (pipeline)`. */
    byKind: Record<string, CostRow>;
  };
}

const tables = new Map<ArithStyle, CostTable>();
function tableFor(arith: ArithStyle): CostTable {
  let t = tables.get(arith);
  if (t === undefined) tables.set(arith, (t = costTable({ arith })));
  return t;
}

/** Timing depends on the netlist and the adder style only (the physical
 *  point scales it uniformly), so a sweep times each netlist once. */
interface TimingEntry {
  timing: Timing;
  latest: Float64Array;
  cuts: Map<number, CutProfile>;
}
const timings = new WeakMap<TimingGraph, Map<ArithStyle, TimingEntry>>();

function timingFor(graph: TimingGraph, table: CostTable): TimingEntry {
  let byStyle = timings.get(graph);
  if (byStyle === undefined) timings.set(graph, (byStyle = new Map()));
  let e = byStyle.get(table.arith);
  if (e === undefined) {
    const timing = analyzeTiming(graph, table.delayPs);
    e = { timing, latest: latestConsumer(timing), cuts: new Map() };
    byStyle.set(table.arith, e);
  }
  return e;
}

function cutsFor(e: TimingEntry, stages: number): CutProfile {
  let c = e.cuts.get(stages);
  if (c === undefined) e.cuts.set(stages, (c = cutWidths(e.timing, stages, e.latest)));
  return c;
}

function addRow(rows: Record<string, CostRow>, key: string, r: CostRow): void {
  const t = (rows[key] ??= { areaUm2: 0, dynamicW: 0, leakageW: 0 });
  t.areaUm2 += r.areaUm2;
  t.dynamicW += r.dynamicW;
  t.leakageW += r.leakageW;
}

/** One item's cost at the point: `count` copies busy `activity` of cycles. */
function itemRow(c: OpCost, count: number, activity: number, clockHz: number, scale: PhysicalScale, knobs: Knobs): CostRow {
  return {
    areaUm2: c.areaUm2 * count * (c.macro ? 1 : knobs.areaFactor),
    dynamicW: (c.energyFj * activity + c.clockFj) * count * scale.dynamicEnergy * knobs.energyFactor * 1e-15 * clockHz,
    leakageW: c.leakageNw * count * scale.leakage * 1e-9,
  };
}

/** Combinational critical path at the point, in ps. */
function scaledPathPs(refPs: number, scale: PhysicalScale, knobs: Knobs): number {
  return refPs * scale.delay * knobs.delayFactor;
}

export function price(inv: Inventory, point: DesignPoint, opts: PriceOptions = {}): PriceResult {
  checkPoint(point);
  const knobs = opts.knobs ?? DEFAULT_KNOBS;
  checkKnobs(knobs);
  const table = tableFor(opts.arith ?? 'ripple');
  const scale = physicalScale(point, opts.physical ?? DEFAULT_PHYSICAL);
  const activity = resolveActivity(opts.activity);
  const entry = timingFor(inv.graph, table);
  const pipeline = cutsFor(entry, point.stages);

  const pathFactor = scale.delay * knobs.delayFactor;
  const criticalPathPs = scaledPathPs(entry.timing.criticalPath.totalPs, scale, knobs);
  const periodPs = clockPeriodPs(criticalPathPs, point.stages, scale);
  const maxClockHz = 1e12 / periodPs;
  const clockHz = opts.clockHz ?? maxClockHz;
  if (!(Number.isFinite(clockHz) && clockHz > 0)) throw new Error(`price: clockHz must be a positive number, got ${clockHz}`);

  const byModule: Record<string, CostRow> = {};
  const byKind: Record<string, CostRow> = {};
  for (const inst of inv.instances) {
    byModule[inst.path] ??= { areaUm2: 0, dynamicW: 0, leakageW: 0 };
    for (const it of inst.items) {
      const a = activity({ path: inst.path, kind: it.shape.kind, key: it.key, node: it.node, name: it.name, width: it.width });
      const row = itemRow(table.cost(it.shape), it.count, a, clockHz, scale, knobs);
      addRow(byModule, inst.path, row);
      addRow(byKind, it.shape.kind, row);
    }
  }
  if (pipeline.totalBits > 0) {
    const regs = opts.pipelineRegisters ?? {};
    const shape: OpShape = { kind: 'reg', width: pipeline.totalBits, reset: regs.reset ?? false, enable: regs.enable ?? false };
    const a = activity({ path: PIPELINE_PATH, kind: 'reg', key: 'pipeline', node: null, name: 'pipeline', width: pipeline.totalBits });
    const row = itemRow(table.cost(shape), 1, a, clockHz, scale, knobs);
    addRow(byModule, PIPELINE_PATH, row);
    addRow(byKind, 'reg (pipeline)', row);
  }

  const rows = Object.values(byModule);
  const areaUm2 = rows.reduce((s, r) => s + r.areaUm2, 0);
  const dynamicW = rows.reduce((s, r) => s + r.dynamicW, 0);
  const leakageW = rows.reduce((s, r) => s + r.leakageW, 0);
  const path = entry.timing.criticalPath;
  return {
    point: { ...point },
    areaMm2: areaUm2 * 1e-6,
    dynamicW,
    leakageW,
    powerW: dynamicW + leakageW,
    clockHz,
    maxClockHz,
    timingMet: clockHz <= maxClockHz * (1 + 1e-9),
    criticalPathPs,
    criticalPath: {
      totalPs: criticalPathPs,
      steps: path.steps.map((s) => ({ ...s, delayPs: s.delayPs * pathFactor, arrivalPs: s.arrivalPs * pathFactor })),
    },
    pipeline,
    breakdown: { byModule, byKind },
  };
}

/** The fewest pipeline stages with which `inv` reaches `clockHz` at this Vt
 *  and Vdd, or null when the register overhead alone exceeds the period. */
export function minStages(inv: Inventory, at: Omit<DesignPoint, 'stages'>, clockHz: number, opts: Pick<PriceOptions, 'knobs' | 'arith' | 'physical'> = {}): number | null {
  const point = { ...at, stages: 1 };
  const knobs = opts.knobs ?? DEFAULT_KNOBS;
  const scale = physicalScale(point, opts.physical ?? DEFAULT_PHYSICAL);
  const entry = timingFor(inv.graph, tableFor(opts.arith ?? 'ripple'));
  return stagesForPeriod(scaledPathPs(entry.timing.criticalPath.totalPs, scale, knobs), 1e12 / clockHz, scale);
}
