// Pricing one design point: the inventory's items through the cost table,
// scaled to the physical point, with pipeline registers at the cut widths
// and the clock from the critical path. Every watt and square micron is
// attributed to an instance and an operator kind, so any figure can be
// traced back to the hardware that causes it.
//
// Timing-driven operator forms: every adder, comparator and multiplier takes
// the cheapest architecture whose delay fits the logic time one pipeline
// stage leaves (the stage budget, at the table's reference point):
//  - with a requested clock: the period less the register overhead;
//  - with only a depth: the fastest the depth allows, i.e. the all-fastest
//    critical path split over the stages (or the loop bound, if larger).
// The forms taken are listed in the result (`forms`).
//
// Feedback (hdl/inventory/loops.ts): a path on a loop through state is not
// cut by pipelining, so the period is at least that path plus the register
// overhead whatever the depth.
//
// The register overhead (clk-to-q + setup) scales with Vt, Vdd and the
// delay knob exactly as the logic does (physical.ts, registerOverheadPs).
//
// Pipeline registers belong to the instance whose value they hold (cuts.ts,
// byPath), so a component carries its own retiming registers.
//
// Speed: a sweep prices each inventory at thousands of points. All that
// depends only on the netlist and the forms (timing, cuts, per-instance and
// per-kind sums) is computed once per (inventory, set of forms) and cached;
// a point then costs a few multiplications per instance and kind.
import {
  analyzeTiming,
  cutHolders,
  cutWidths,
  endpointDelays,
  graphArrays,
  latestConsumer,
  loopDelay,
  loopStructure,
  timingFrom,
  topoOrder,
  type CriticalPath,
  type CutProfile,
  type Inventory,
  type InventoryItem,
  type LoopBound,
  type OpKind,
  type OpShape,
  type Timing,
} from '../hdl/inventory/index.js';
import { resolveActivity, type Activity, type ActivityFn } from './activity.js';
import { costTable, type ArithStyle, type CostTable, type Form, type FormName, type OpCost } from './cost-table.js';
import { chooseForTarget, choiceContext, seedNodeForms, uniformChoice, type ChoiceContext, type FormChoice } from './form-choice.js';
import { checkKnobs, DEFAULT_KNOBS, type Knobs } from './knobs.js';
import { checkPoint, DEFAULT_PHYSICAL, physicalScale, registerOverheadPs, type DesignPoint, type PhysicalParams, type PhysicalScale } from './physical.js';
import { ParamError } from '../hdl/errors.js';

/** How to price: activity, knobs, operator forms, a requested clock, how pipeline registers are built. */
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
  /** Also fill breakdown.byModuleKind (costs an allocation per row). */
  detail?: boolean;
}

/** Area and power of a part of the design. */
export interface CostRow {
  areaUm2: number;
  dynamicW: number;
  leakageW: number;
}

/** How many operators of one shape took one form. */
export interface FormUse {
  key: string;
  form: FormName;
  count: number;
}

/** A priced design point: its figures, the forms its operators took, and where the area and power go. */
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
  /** Longest path on a loop through state at this point (ps): no depth
   *  brings the period below it plus the register overhead. */
  loopPs: number;
  loopAt: string | null;
  /** Logic time per stage the forms were chosen for (ps at this point). */
  stageBudgetPs: number;
  /** Forms of the operators that have a choice (adders, comparators,
   *  multipliers), by shape. */
  forms: readonly FormUse[];
  pipeline: CutProfile;
  breakdown: {
    /** Each instance's own hardware by path, its pipeline registers included. */
    byModule: Record<string, CostRow>;
    /** By operator kind; pipeline registers under `reg (pipeline)`. */
    byKind: Record<string, CostRow>;
    /** By instance, then kind (only with the `detail` option). */
    byModuleKind?: Record<string, Record<string, CostRow>>;
  };
}

export const PIPELINE_KIND = 'reg (pipeline)';

const tables = new Map<ArithStyle, CostTable>();
function tableFor(arith: ArithStyle): CostTable {
  let t = tables.get(arith);
  if (t === undefined) tables.set(arith, (t = costTable({ arith })));
  return t;
}

/** Sums of one instance's items of one kind, at the reference point. */
interface Aggregate {
  path: string;
  kind: OpKind;
  logicUm2: number;
  macroUm2: number;
  energyFj: number;
  clockFj: number;
  leakageNw: number;
}

/** Everything that depends on the netlist and the chosen forms only. */
interface FormsEntry {
  /** The path target the forms were chosen for (reference ps). */
  targetPs: number;
  choice: FormChoice;
  timing: Timing;
  /** latestConsumer of the timing (built on first use: only cutting asks
   *  for it, and the all-cheapest entry is often built only to be compared). */
  readonly latest: Float64Array;
  loop: LoopBound;
  cuts: Map<number, CutProfile>;
  /** Built on first use, for the same reason as `latest`. */
  readonly aggregates: Aggregate[];
  /** Instance paths and kinds the aggregates index into (module, kind). */
  paths: string[];
  /** Each of `paths` by its place in it. */
  pathIndex: ReadonlyMap<string, number>;
  kinds: OpKind[];
  pathIdx: Int32Array;
  kindIdx: Int32Array;
  /** Pipeline registers per (stages, reset, enable): cost per instance. */
  pipelineCosts: Map<string, { path: string; pathIdx: number; bits: number; cost: OpCost }[]>;
  /** Scratch: activity per kind, refilled by each price() call. */
  act: Float64Array;
  /** The forms taken, by shape (built on first use: reports read it, a sweep does not). */
  readonly forms: FormUse[];
}

/** The inventory's items as arrays, in inventory order: what buildEntry sums
 *  for each set of forms. Which (instance, kind) aggregate an item adds to
 *  does not depend on the forms, so it is found once. */
interface ItemTable {
  /** table.forms(shape) of each item. */
  forms: (readonly Form[])[];
  /** The item's flat node (whose form the choice gives), or -1. */
  node: Int32Array;
  count: Float64Array;
  /** Aggregate of each item, by first appearance of (instance, kind). */
  agg: Int32Array;
  aggPath: string[];
  aggKind: OpKind[];
  paths: string[];
  pathIndex: ReadonlyMap<string, number>;
  kinds: OpKind[];
  pathIdx: Int32Array;
  kindIdx: Int32Array;
}

interface InventoryCache {
  ctx: ChoiceContext;
  items: ItemTable;
  /** Each endpoint's own logic delay (fastest forms), for every timing of the netlist. */
  endpointDelay: Float64Array;
  fastest: FormsEntry;
  /** Built on first use: only a target beyond the all-fastest path asks
   *  for it, and a sweep over clock targets rarely sets one. */
  readonly cheapest: FormsEntry;
  byTarget: Map<number, FormsEntry>;
}

const caches = new WeakMap<Inventory, Map<ArithStyle, InventoryCache>>();

function itemTable(inv: Inventory, table: CostTable): ItemTable {
  // The first flat node of each instance: its items' nodes are numbered from it.
  const arrays = graphArrays(inv.graph);
  const first = new Int32Array(arrays.paths.length).fill(-1);
  for (let v = arrays.n - 1; v >= 0; v--) first[arrays.path[v]!] = v;
  const base = new Map(arrays.paths.map((p, i) => [p, first[i]!]));
  const forms: (readonly Form[])[] = [];
  const node: number[] = [];
  const count: number[] = [];
  const agg: number[] = [];
  const aggPath: string[] = [];
  const aggKind: OpKind[] = [];
  // Instance paths are unique: an aggregate is found by kind within its instance.
  const aggOfKind = new Map<OpKind, number>();
  // Instances of one module share its items array: their forms are looked up once.
  const formsOfItems = new Map<readonly InventoryItem[], (readonly Form[])[]>();
  for (const inst of inv.instances) {
    const b = base.get(inst.path) ?? -1;
    aggOfKind.clear();
    let own = formsOfItems.get(inst.items);
    if (own === undefined) formsOfItems.set(inst.items, (own = inst.items.map((it) => table.forms(it.shape, it.key))));
    let i = 0;
    for (const it of inst.items) {
      forms.push(own[i++]!);
      node.push(it.node !== null && b >= 0 ? b + it.node : -1);
      count.push(it.count);
      let a = aggOfKind.get(it.shape.kind);
      if (a === undefined) {
        aggOfKind.set(it.shape.kind, (a = aggPath.length));
        aggPath.push(inst.path);
        aggKind.push(it.shape.kind);
      }
      agg.push(a);
    }
  }
  const paths = [...new Set(inv.instances.map((i) => i.path))];
  const pathIndex = new Map(paths.map((p, i) => [p, i]));
  const kinds = [...new Set(aggKind)];
  return {
    forms,
    node: Int32Array.from(node),
    count: Float64Array.from(count),
    agg: Int32Array.from(agg),
    aggPath,
    aggKind,
    paths,
    pathIndex,
    kinds,
    pathIdx: Int32Array.from(aggPath, (p) => pathIndex.get(p)!),
    kindIdx: Int32Array.from(aggKind, (k) => kinds.indexOf(k)),
  };
}

/** The forms of each flat node that has an item (its operator's), from the item table. */
function formsByNode(inv: Inventory, items: ItemTable): (readonly Form[] | undefined)[] {
  const forms = new Array<readonly Form[] | undefined>(inv.graph.nodes.length);
  for (let i = 0; i < items.node.length; i++) {
    const v = items.node[i]!;
    if (v >= 0) forms[v] = items.forms[i]!;
  }
  return forms;
}

/** The forms taken by operators that have a choice, counted by shape. */
function formUses(inv: Inventory, items: ItemTable, choice: FormChoice): FormUse[] {
  const forms = new Map<string, FormUse>();
  let i = 0;
  for (const inst of inv.instances) {
    for (const it of inst.items) {
      const all = items.forms[i]!;
      const node = items.node[i++]!;
      if (all.length <= 1) continue;
      const idx = node >= 0 ? choice.formIdx[node]! : -1;
      const f = all[idx >= 0 ? idx : 0]!;
      const fk = `${it.key}\u0000${f.name}`;
      const u = forms.get(fk);
      if (u) u.count += it.count;
      else forms.set(fk, { key: it.key, form: f.name, count: it.count });
    }
  }
  return [...forms.values()].sort((x, y) => x.key.localeCompare(y.key, 'en', { numeric: true }) || x.form.localeCompare(y.form));
}

/** An operator's delay in its fastest form, one level: what timing takes
 *  for endpoints' own logic and read ports' access times. */
const fastestDelay =
  (table: CostTable) =>
  (shape: OpShape): number =>
    table.form(shape, 1, Infinity).cost.delayPs;

/** `loop`: the loop bound when the caller knows it (a choice that keeps
 *  every operator on a loop in its fastest form has the fastest's). */
function buildEntry(inv: Inventory, table: CostTable, c: Pick<InventoryCache, 'ctx' | 'items' | 'endpointDelay'>, choice: FormChoice, targetPs: number, loop?: LoopBound): FormsEntry {
  const delay = fastestDelay(table);
  const order = c.ctx.order;
  // A choice made for a target propagated the arrival times as it chose.
  const timing = choice.arrival !== undefined ? timingFrom(inv.graph, choice.arrival, order, choice.own, c.endpointDelay) : analyzeTiming(inv.graph, delay, choice.own, order, c.endpointDelay);
  const it = c.items;
  let aggregates: Aggregate[] | null = null;
  let latest: Float64Array | null = null;
  let forms: FormUse[] | null = null;
  return {
    targetPs,
    choice,
    paths: it.paths,
    pathIndex: it.pathIndex,
    kinds: it.kinds,
    pathIdx: it.pathIdx,
    kindIdx: it.kindIdx,
    pipelineCosts: new Map(),
    act: new Float64Array(it.kinds.length),
    timing,
    get latest(): Float64Array {
      return (latest ??= latestConsumer(timing));
    },
    loop: loop ?? loopDelay(inv.graph, order, c.ctx.loops, choice.own, delay, c.endpointDelay),
    cuts: new Map(),
    get aggregates(): Aggregate[] {
      return (aggregates ??= sumAggregates(it, choice));
    },
    get forms(): FormUse[] {
      return (forms ??= formUses(inv, it, choice));
    },
  };
}

/** The items' costs in these forms summed per (instance, kind), in item order. */
function sumAggregates(it: ItemTable, choice: FormChoice): Aggregate[] {
  const na = it.aggPath.length;
  const logic = new Float64Array(na);
  const macro = new Float64Array(na);
  const energy = new Float64Array(na);
  const clock = new Float64Array(na);
  const leakage = new Float64Array(na);
  for (let i = 0; i < it.forms.length; i++) {
    const all = it.forms[i]!;
    const node = it.node[i]!;
    const idx = node >= 0 ? choice.formIdx[node]! : -1;
    const cost = all[idx >= 0 ? idx : 0]!.cost;
    const a = it.agg[i]!;
    const n = it.count[i]!;
    if (cost.macro) macro[a]! += cost.areaUm2 * n;
    else logic[a]! += cost.areaUm2 * n;
    energy[a]! += cost.energyFj * n;
    clock[a]! += cost.clockFj * n;
    leakage[a]! += cost.leakageNw * n;
  }
  return it.aggPath.map((path, a) => ({ path, kind: it.aggKind[a]!, logicUm2: logic[a]!, macroUm2: macro[a]!, energyFj: energy[a]!, clockFj: clock[a]!, leakageNw: leakage[a]! }));
}

function cacheFor(inv: Inventory, table: CostTable): InventoryCache {
  let byStyle = caches.get(inv);
  if (byStyle === undefined) caches.set(inv, (byStyle = new Map()));
  let c = byStyle.get(table.arith);
  if (c === undefined) {
    const order = topoOrder(inv.graph);
    const loops = loopStructure(inv.graph, order);
    const endpointDelay = endpointDelays(inv.graph, fastestDelay(table));
    const ctx = choiceContext(inv.graph, order, loops, endpointDelay);
    const items = itemTable(inv, table);
    seedNodeForms(ctx, table, formsByNode(inv, items));
    const fastestChoice = uniformChoice(ctx, table, table.arith === 'ripple' ? 'cheapest' : 'fastest');
    const fastest = buildEntry(inv, table, { ctx, items, endpointDelay }, fastestChoice, 0);
    let cheapest: FormsEntry | null = table.arith === 'fast' ? fastest : null;
    c = {
      ctx,
      items,
      endpointDelay,
      fastest,
      get cheapest(): FormsEntry {
        return (cheapest ??= buildEntry(inv, table, { ctx, items, endpointDelay }, uniformChoice(ctx, table, 'cheapest'), Infinity));
      },
      byTarget: new Map(),
    };
    byStyle.set(table.arith, c);
  }
  return c;
}

/** The forms for paths of at most `targetPs` (reference ps). */
function entryFor(inv: Inventory, table: CostTable, targetPs: number): FormsEntry {
  const c = cacheFor(inv, table);
  if (table.arith !== 'timed') return c.fastest;
  if (targetPs <= c.fastest.timing.criticalPath.totalPs) return c.fastest;
  if (targetPs >= c.cheapest.timing.criticalPath.totalPs && c.cheapest.loop.delayPs <= c.fastest.loop.delayPs) return c.cheapest;
  const key = Math.round(targetPs * 100);
  let e = c.byTarget.get(key);
  if (e === undefined) {
    if (c.byTarget.size > 512) c.byTarget.clear();
    // chooseForTarget keeps operators on loops in their fastest forms, so
    // the loop bound is the fastest's (loops.ts times a loop by them alone).
    e = buildEntry(inv, table, c, chooseForTarget(c.ctx, table, c.fastest.choice, key / 100), key / 100, c.fastest.loop);
    c.byTarget.set(key, e);
  }
  return e;
}

function cutsFor(e: FormsEntry, stages: number): CutProfile {
  let c = e.cuts.get(stages);
  if (c === undefined) e.cuts.set(stages, (c = cutWidths(e.timing, stages, e.latest)));
  return c;
}

/** The path target (reference ps) of a depth: with a clock, the depth times
 *  the logic time the period leaves after the register overhead; without,
 *  the fastest the depth allows (the all-fastest path, or the loop bound
 *  once per stage if that is longer). Never below the all-fastest path. */
function pathTarget(inv: Inventory, table: CostTable, stages: number, scale: PhysicalScale, delayFactor: number, clockHz: number | undefined): number {
  if (table.arith !== 'timed') return 0;
  const fastest = cacheFor(inv, table).fastest;
  const tFast = fastest.timing.criticalPath.totalPs;
  if (clockHz !== undefined) return Math.max(tFast, (stages * Math.max(0, 1e12 / clockHz - registerOverheadPs(scale, delayFactor))) / (scale.delay * delayFactor));
  return Math.max(tFast, stages * fastest.loop.delayPs);
}

function addRow(rows: Record<string, CostRow>, key: string, area: number, dyn: number, leak: number): void {
  const t = (rows[key] ??= { areaUm2: 0, dynamicW: 0, leakageW: 0 });
  t.areaUm2 += area;
  t.dynamicW += dyn;
  t.leakageW += leak;
}

const FULLY_USED = (): number => 1;
/** price() without its breakdown sums nothing per instance. */
const NO_SUMS = new Float64Array(0);

/** Activity per kind when it does not depend on the item (the fast path). */
function perKind(a: Activity | undefined): ((kind: OpKind) => number) | null {
  if (a === undefined) return FULLY_USED;
  if (typeof a === 'function') return null;
  const fn = resolveActivity(a);
  return (kind) => fn({ path: '', kind, key: '', node: null, name: '', width: 0 });
}

/** Scales per (physical params, Vt, Vdd): a sweep asks for a dozen corners
 *  millions of times. */
const scales = new WeakMap<PhysicalParams, Map<string, PhysicalScale>>();
function scaleFor(point: DesignPoint, params: PhysicalParams): PhysicalScale {
  let m = scales.get(params);
  if (m === undefined) scales.set(params, (m = new Map()));
  const key = `${point.vt}/${point.vdd}`;
  let s = m.get(key);
  if (s === undefined) m.set(key, (s = physicalScale({ ...point, stages: 1 }, params)));
  return s;
}

/** A pipeline register's cost by (width, reset, enable), per table: each
 *  (forms, depth) asks for one per instance it cuts, and a shape built per
 *  call would be keyed (shapeKey) per call. */
const registerCosts = new WeakMap<CostTable, Map<number, OpCost>>();
function registerCost(table: CostTable, bits: number, reset: boolean, enable: boolean): OpCost {
  if (!Number.isInteger(bits)) return table.cost({ kind: 'reg', width: bits, reset, enable });
  let m = registerCosts.get(table);
  if (m === undefined) registerCosts.set(table, (m = new Map()));
  const key = bits * 4 + (reset ? 2 : 0) + (enable ? 1 : 0);
  let c = m.get(key);
  if (c === undefined) m.set(key, (c = table.cost({ kind: 'reg', width: bits, reset, enable })));
  return c;
}

/** Frozen knobs objects already checked (a sweep prices with one). */
const checked = new WeakSet<Knobs>();

/** A point's figures without their attribution: what a sweep's row keeps. */
export interface PriceFigures {
  areaMm2: number;
  dynamicW: number;
  leakageW: number;
  powerW: number;
  clockHz: number;
  criticalPathPs: number;
  /** Pipeline register bits (PriceResult's pipeline.totalBits). */
  pipelineBits: number;
}

/** Prices an inventory at a physical point: area, power, clock, critical path and pipeline registers, every figure attributed
 *  to an instance and an operator kind. */
export function price(inv: Inventory, point: DesignPoint, opts: PriceOptions = {}): PriceResult {
  return pricePoint(inv, point, opts, true);
}

/** price()'s figures, the same numbers, without building the breakdown by
 *  instance and kind (a sweep prices tens of thousands of points and keeps
 *  only these; the records were a third of its pricing time). */
export function priceFigures(inv: Inventory, point: DesignPoint, opts: PriceOptions = {}): PriceFigures {
  return pricePoint(inv, point, opts, false);
}

function pricePoint(inv: Inventory, point: DesignPoint, opts: PriceOptions, full: true): PriceResult;
function pricePoint(inv: Inventory, point: DesignPoint, opts: PriceOptions, full: false): PriceFigures;
function pricePoint(inv: Inventory, point: DesignPoint, opts: PriceOptions, full: boolean): PriceResult | PriceFigures {
  checkPoint(point);
  const knobs = opts.knobs ?? DEFAULT_KNOBS;
  if (!checked.has(knobs)) {
    checkKnobs(knobs);
    if (Object.isFrozen(knobs)) checked.add(knobs);
  }
  const table = tableFor(opts.arith ?? 'timed');
  const scale = scaleFor(point, opts.physical ?? DEFAULT_PHYSICAL);
  const pathFactor = scale.delay * knobs.delayFactor;
  if (opts.clockHz !== undefined && !(Number.isFinite(opts.clockHz) && opts.clockHz > 0)) throw new ParamError('clockHz', opts.clockHz, 'a positive number', { message: `price: clockHz must be a positive number, got ${opts.clockHz}` });
  const entry = entryFor(inv, table, pathTarget(inv, table, point.stages, scale, knobs.delayFactor, opts.clockHz));
  const pipeline = cutsFor(entry, point.stages);

  const criticalPathPs = entry.timing.criticalPath.totalPs * pathFactor;
  const loopPs = entry.loop.delayPs * pathFactor;
  const periodPs = Math.max(criticalPathPs / point.stages, loopPs) + registerOverheadPs(scale, knobs.delayFactor);
  const maxClockHz = 1e12 / periodPs;
  const clockHz = opts.clockHz ?? maxClockHz;

  const dynScale = scale.dynamicEnergy * knobs.energyFactor * 1e-15 * clockHz;
  const leakScale = scale.leakage * 1e-9;
  const kindActivity = perKind(opts.activity);
  const detail: Record<string, Record<string, CostRow>> | null = full && opts.detail ? {} : null;
  // Sums per instance path and per kind in flat arrays (area, dynamic,
  // leakage), turned into records once at the end: a sweep prices millions
  // of points, and the per-row object updates were most of the time.
  const np = entry.paths.length;
  const nk = entry.kinds.length;
  const mod = full ? new Float64Array(3 * np) : NO_SUMS;
  // kinds, then the pipeline registers
  const kin = new Float64Array(3 * (nk + 1));
  const byModule: Record<string, CostRow> = {};
  const byKind: Record<string, CostRow> = {};
  if (kindActivity !== null) {
    // The fast path: sums per (instance, kind) were made once per forms.
    const act = entry.act;
    for (let k = 0; k < nk; k++) act[k] = kindActivity(entry.kinds[k]!);
    const aggs = entry.aggregates;
    const areaFactor = knobs.areaFactor;
    for (let i = 0; i < aggs.length; i++) {
      const a = aggs[i]!;
      const p = 3 * entry.pathIdx[i]!;
      const ki = entry.kindIdx[i]!;
      const k = 3 * ki;
      const area = a.logicUm2 * areaFactor + a.macroUm2;
      const dyn = (a.energyFj * act[ki]! + a.clockFj) * dynScale;
      const leak = a.leakageNw * leakScale;
      if (full) {
        mod[p]! += area;
        mod[p + 1]! += dyn;
        mod[p + 2]! += leak;
      }
      kin[k]! += area;
      kin[k + 1]! += dyn;
      kin[k + 2]! += leak;
      if (detail !== null) addRow((detail[a.path] ??= {}), a.kind, area, dyn, leak);
    }
  } else {
    const activity: ActivityFn = resolveActivity(opts.activity);
    for (const inst of inv.instances) {
      const pi = 3 * entry.paths.indexOf(inst.path);
      const base = inv.graph.nodes.findIndex((g) => g.path === inst.path);
      for (const it of inst.items) {
        const idx = it.node !== null && base >= 0 ? entry.choice.formIdx[base + it.node]! : -1;
        const c = table.forms(it.shape)[idx >= 0 ? idx : 0]!.cost;
        const x = activity({ path: inst.path, kind: it.shape.kind, key: it.key, node: it.node, name: it.name, width: it.width });
        const area = c.areaUm2 * it.count * (c.macro ? 1 : knobs.areaFactor);
        const dyn = (c.energyFj * x + c.clockFj) * it.count * dynScale;
        const leak = c.leakageNw * it.count * leakScale;
        const ki = 3 * entry.kinds.indexOf(it.shape.kind);
        if (full) {
          mod[pi]! += area;
          mod[pi + 1]! += dyn;
          mod[pi + 2]! += leak;
        }
        kin[ki]! += area;
        kin[ki + 1]! += dyn;
        kin[ki + 2]! += leak;
        if (detail !== null) addRow((detail[inst.path] ??= {}), it.shape.kind, area, dyn, leak);
      }
    }
  }
  if (pipeline.totalBits > 0) {
    const regs = opts.pipelineRegisters ?? {};
    const activity = kindActivity === null ? resolveActivity(opts.activity) : null;
    const reset = regs.reset ?? false;
    const enable = regs.enable ?? false;
    const pk = `${point.stages}/${reset}/${enable}`;
    let list = entry.pipelineCosts.get(pk);
    if (list === undefined) {
      list = cutHolders(pipeline).map(({ path, bits }) => ({ path, pathIdx: entry.pathIndex.get(path) ?? -1, bits, cost: registerCost(table, bits, reset, enable) }));
      entry.pipelineCosts.set(pk, list);
    }
    const kp = 3 * nk;
    const regActivity = activity === null ? kindActivity!('reg') : 0;
    for (const { path, pathIdx, bits, cost: c } of list) {
      const x = activity === null ? regActivity : activity({ path, kind: 'reg', key: 'pipeline', node: null, name: 'pipeline', width: bits });
      const area = c.areaUm2 * knobs.areaFactor;
      const dyn = (c.energyFj * x + c.clockFj) * dynScale;
      const leak = c.leakageNw * leakScale;
      if (!full) {
        // figures only: no attribution
      } else if (pathIdx >= 0) {
        mod[3 * pathIdx]! += area;
        mod[3 * pathIdx + 1]! += dyn;
        mod[3 * pathIdx + 2]! += leak;
      } else addRow(byModule, path, area, dyn, leak);
      kin[kp]! += area;
      kin[kp + 1]! += dyn;
      kin[kp + 2]! += leak;
      if (detail !== null) addRow((detail[path] ??= {}), PIPELINE_KIND, area, dyn, leak);
    }
  }
  if (full) for (let p = 0; p < np; p++) byModule[entry.paths[p]!] = { areaUm2: mod[3 * p]!, dynamicW: mod[3 * p + 1]!, leakageW: mod[3 * p + 2]! };
  let areaUm2 = 0;
  let dynamicW = 0;
  let leakageW = 0;
  for (let k = 0; k <= nk; k++) {
    if (k === nk && pipeline.totalBits === 0) break;
    const area = kin[3 * k]!;
    const dyn = kin[3 * k + 1]!;
    const leak = kin[3 * k + 2]!;
    if (full) byKind[k === nk ? PIPELINE_KIND : entry.kinds[k]!] = { areaUm2: area, dynamicW: dyn, leakageW: leak };
    areaUm2 += area;
    dynamicW += dyn;
    leakageW += leak;
  }
  if (!full) return { areaMm2: areaUm2 * 1e-6, dynamicW, leakageW, powerW: dynamicW + leakageW, clockHz, criticalPathPs, pipelineBits: pipeline.totalBits };

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
    get criticalPath(): CriticalPath {
      return { totalPs: criticalPathPs, steps: path.steps.map((s) => ({ ...s, delayPs: s.delayPs * pathFactor, arrivalPs: s.arrivalPs * pathFactor })) };
    },
    loopPs,
    loopAt: entry.loop.at,
    stageBudgetPs: (entry.targetPs * pathFactor) / point.stages,
    get forms(): readonly FormUse[] {
      return entry.forms;
    },
    pipeline,
    breakdown: { byModule, byKind, ...(detail !== null && { byModuleKind: detail }) },
  };
}

/** The fewest pipeline stages with which `inv` reaches `clockHz` at this Vt
 *  and Vdd (operators in the forms that clock selects), or null when the
 *  register overhead, or a path on a loop, alone exceeds the period. */
export function minStages(inv: Inventory, at: Omit<DesignPoint, 'stages'>, clockHz: number, opts: Pick<PriceOptions, 'knobs' | 'arith' | 'physical'> = {}): number | null {
  const point = { ...at, stages: 1 };
  const knobs = opts.knobs ?? DEFAULT_KNOBS;
  // A sweep asks at every (Vt, Vdd) for each of its clock targets: the scale is the corner's.
  const scale = scaleFor(point, opts.physical ?? DEFAULT_PHYSICAL);
  const table = tableFor(opts.arith ?? 'timed');
  const pathFactor = scale.delay * knobs.delayFactor;
  const room = 1e12 / clockHz - registerOverheadPs(scale, knobs.delayFactor);
  const e = cacheFor(inv, table).fastest;
  if (room <= 0 || e.loop.delayPs * pathFactor > room * (1 + 1e-9)) return null;
  return Math.max(1, Math.ceil((e.timing.criticalPath.totalPs * pathFactor) / room - 1e-9));
}
