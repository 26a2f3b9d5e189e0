// The sweep's pricing as it was before the pricing tables (main at
// 95994fc): price() and its timing, loop, retiming-cut and form-choice
// passes, over the inventory's object graph, every pass from scratch per
// set of forms. Test support only: price-tables.test.ts holds the tabled
// pricing byte-identical to it on random inventories and every shipped
// study's designs. Not to be changed except to follow a deliberate change
// of the cost model, in both.
import type { Inventory, OpKind, OpShape, TimingGraph } from '../hdl/inventory/index.js';
import type { OpUse } from '../hdl/inventory/classify.js';
import { resolveActivity, type Activity, type ActivityFn } from './activity.js';
import { costTable, type ArithStyle, type CostTable, type Form, type FormName, type OpCost } from './cost-table.js';
import { checkKnobs, DEFAULT_KNOBS, type Knobs } from './knobs.js';
import { checkPoint, DEFAULT_PHYSICAL, physicalScale, registerOverheadPs, type DesignPoint, type PhysicalParams, type PhysicalScale } from './physical.js';
import { InternalError, ParamError } from '../hdl/errors.js';

/** Delay in ps of one operator of this shape, at whatever reference the
 *  caller works in (the cost model: NanGate 45 nm typical, 1.1 V). For
 *  `reg` it is the logic in front of the flop (the enable mux); for
 *  `sramread` the access time. */
type DelayFn = (shape: OpShape) => number;

interface PathStep {
  path: string;
  /** Node name (or `op#id`), or the endpoint's label. */
  label: string;
  /** The IR op, or for the last step the endpoint kind. */
  op: string;
  kind: OpKind | null;
  width: number;
  delayPs: number;
  arrivalPs: number;
}

interface CriticalPath {
  totalPs: number;
  /** Startpoint first, then each operator with a delay, then the endpoint.
   *  Wiring (and instance boundaries) is left out. */
  steps: PathStep[];
}

interface Timing {
  graph: TimingGraph;
  /** Arrival time (ps) of each flat node's output. */
  arrival: Float64Array;
  /** Flat ids in topological order. */
  order: Int32Array;
  criticalPath: CriticalPath;
}

function useDelay(use: OpUse | null, delay: DelayFn): number {
  if (use === null) return 0;
  const d = delay(use.shape);
  if (!Number.isFinite(d) || d < 0) throw new InternalError(`inventory: delay function gave ${d} ps for ${use.shape.kind}`);
  return d * use.levels;
}

/** Delay of a node itself: a register's output is a startpoint (its enable
 *  mux is charged at the endpoint), so it adds nothing here. */
function nodeDelay(use: OpUse | null, delay: DelayFn): number {
  return use !== null && use.shape.kind === 'reg' ? 0 : useDelay(use, delay);
}

function topoOrder(graph: TimingGraph): Int32Array {
  const n = graph.nodes.length;
  const indeg = new Int32Array(n);
  const succ: number[][] = graph.nodes.map(() => []);
  graph.nodes.forEach((g, i) => {
    indeg[i] = g.preds.length;
    for (const p of g.preds) succ[p]!.push(i);
  });
  const order = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (indeg[i] === 0) order[tail++] = i;
  while (head < tail) {
    const v = order[head++]!;
    for (const s of succ[v]!) if (--indeg[s]! === 0) order[tail++] = s;
  }
  if (tail < n) throw new InternalError(`inventory: combinational loop: ${describeLoop(graph, indeg)}`);
  return order;
}

/** Every node left unscheduled has an unscheduled predecessor, so walking
 *  those predecessors must come back on itself: that is the loop. */
function describeLoop(graph: TimingGraph, indeg: Int32Array): string {
  let v = indeg.findIndex((d) => d > 0);
  const seen = new Map<number, number>();
  const walk: number[] = [];
  while (!seen.has(v)) {
    seen.set(v, walk.length);
    walk.push(v);
    v = graph.nodes[v]!.preds.find((p) => indeg[p]! > 0)!;
  }
  const loop = walk.slice(seen.get(v)!).reverse();
  return loop.map((i) => `${graph.nodes[i]!.path}.${graph.nodes[i]!.label}`).join(' -> ');
}

/** Each node's own delay under `delay` (0 for registers: startpoints). */
function nodeDelays(graph: TimingGraph, delay: DelayFn): Float64Array {
  return Float64Array.from(graph.nodes, (g) => nodeDelay(g.use, delay));
}

/** Static timing. `own` overrides the delay of each node (operators built
 *  in different forms at different places); endpoints' own logic (enable
 *  muxes) is timed by `delay`. */
function analyzeTiming(graph: TimingGraph, delay: DelayFn, own: Float64Array = nodeDelays(graph, delay), order: Int32Array = topoOrder(graph)): Timing {
  const n = graph.nodes.length;
  const arrival = new Float64Array(n);
  const via = new Int32Array(n).fill(-1);
  for (const v of order) {
    const g = graph.nodes[v]!;
    let t = 0;
    for (const p of g.preds) {
      if (via[v] === -1 || arrival[p]! > t) {
        t = arrival[p]!;
        via[v] = p;
      }
    }
    arrival[v] = t + own[v]!;
  }
  return { graph, arrival, order, criticalPath: worstPath(graph, arrival, via, delay, own) };
}

function worstPath(graph: TimingGraph, arrival: Float64Array, via: Int32Array, delay: DelayFn, own: Float64Array): CriticalPath {
  let endpoint = -1;
  let driver = -1;
  let total = 0;
  graph.endpoints.forEach((e, i) => {
    let d0 = e.drivers[0]!;
    for (const d of e.drivers) if (arrival[d]! > arrival[d0]!) d0 = d;
    const t = arrival[d0]! + useDelay(e.use, delay);
    if (endpoint === -1 || t > total) [endpoint, driver, total] = [i, d0, t];
  });
  if (endpoint === -1) return { totalPs: 0, steps: [] };
  const chain: number[] = [];
  for (let v = driver; v !== -1; v = via[v]!) chain.push(v);
  chain.reverse();
  const steps: PathStep[] = [];
  chain.forEach((v, i) => {
    const g = graph.nodes[v]!;
    const d = own[v]!;
    if (i === 0 || d > 0) {
      steps.push({ path: g.path, label: g.label, op: g.node.op, kind: g.use?.shape.kind ?? null, width: g.node.width, delayPs: d, arrivalPs: arrival[v]! });
    }
  });
  const e = graph.endpoints[endpoint]!;
  steps.push({ path: e.path, label: e.label, op: e.kind, kind: e.use?.shape.kind ?? null, width: e.width, delayPs: total - arrival[driver]!, arrivalPs: total });
  return { totalPs: total, steps };
}

interface LoopBound {
  /** Longest combinational path inside a loop (ps, caller's delays); 0 when
   *  the design has no loop through state. */
  delayPs: number;
  /** The state element the worst loop path ends at (`path.label`). */
  at: string | null;
  /** States on loops. */
  statesInLoops: number;
}

interface StateGraph {
  /** State index of each flat node that is a source of state (or -1). */
  sourceOf: Int32Array;
  names: string[];
  /** Per state: the endpoints loading it. */
  loads: number[][];
}

function stateGraph(graph: TimingGraph): StateGraph {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const idOf = (key: string, name: string): number => {
    let i = ids.get(key);
    if (i === undefined) {
      ids.set(key, (i = names.length));
      names.push(name);
    }
    return i;
  };
  const sourceOf = new Int32Array(graph.nodes.length).fill(-1);
  graph.nodes.forEach((g, v) => {
    if (g.node.op === 'reg' || (g.node.op === 'memread' && g.node.sync)) sourceOf[v] = idOf(`n${v}`, `${g.path}.${g.label}`);
    else if (g.storage !== undefined) sourceOf[v] = idOf(`s${g.storage}`, g.storage);
  });
  const loads: number[][] = names.map(() => []);
  graph.endpoints.forEach((e, i) => {
    if (e.loopDrivers.length === 0) return;
    const key = typeof e.state === 'number' ? `n${e.state}` : `s${e.state}`;
    const id = ids.get(key);
    if (id === undefined) return; // a memory never read: no loop through it
    loads[id]!.push(i);
  });
  return { sourceOf, names, loads };
}

/** Tarjan's strongly connected components, iteratively. */
function components(n: number, succ: readonly (readonly number[])[]): Int32Array {
  const comp = new Int32Array(n).fill(-1);
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  let next = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    index[root] = low[root] = next++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [v, k] = top;
      const s = succ[v]!;
      if (k < s.length) {
        top[1]++;
        const w = s[k]!;
        if (index[w] === -1) {
          index[w] = low[w] = next++;
          stack.push(w);
          onStack[w] = 1;
          work.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low[parent[0]] = Math.min(low[parent[0]]!, low[v]!);
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = count;
        } while (w !== v);
        count++;
      }
    }
  }
  return comp;
}

/** Where the loops are: which states lie on them, and which nodes lie on a
 *  combinational path inside one. Structural: it does not depend on delays. */
interface LoopStructure {
  states: StateGraph;
  /** Component of each state. */
  comp: Int32Array;
  /** States on a loop. */
  inLoop: Uint8Array;
  /** Components that are loops. */
  loopComps: number[];
  /** Per flat node: 1 when it lies on a path from a state of a loop to a
   *  state of the same loop. */
  onLoop: Uint8Array;
}

function isStateNode(graph: TimingGraph, v: number): boolean {
  const n = graph.nodes[v]!.node;
  return n.op === 'reg' || (n.op === 'memread' && n.sync === true);
}

function loopStructure(graph: TimingGraph, order: Int32Array): LoopStructure {
  const sg = stateGraph(graph);
  const ns = sg.names.length;
  // Which states reach each node combinationally.
  const reach: (number[] | null)[] = new Array(graph.nodes.length).fill(null);
  for (const v of order) {
    const g = graph.nodes[v]!;
    const set = new Set<number>();
    const own = sg.sourceOf[v]!;
    if (own !== -1) set.add(own);
    if (!isStateNode(graph, v)) for (const p of g.preds) for (const s of reach[p] ?? []) set.add(s);
    reach[v] = set.size === 0 ? null : [...set];
  }
  const succ: number[][] = sg.names.map(() => []);
  sg.loads.forEach((eps, t) => {
    const from = new Set<number>();
    for (const i of eps) for (const d of graph.endpoints[i]!.loopDrivers) for (const s of reach[d] ?? []) from.add(s);
    for (const s of from) succ[s]!.push(t);
  });
  const comp = components(ns, succ);
  const size = new Int32Array(ns);
  for (let s = 0; s < ns; s++) size[comp[s]!]!++;
  const inLoop = new Uint8Array(ns);
  const loopComps = new Set<number>();
  for (let s = 0; s < ns; s++) {
    if (size[comp[s]!]! > 1 || succ[s]!.includes(s)) {
      inLoop[s] = 1;
      loopComps.add(comp[s]!);
    }
  }
  // On a loop: reached from the loop's states and reaching a loop state's
  // next-state input of the same component (backward from its drivers).
  const onLoop = new Uint8Array(graph.nodes.length);
  for (const c of loopComps) {
    const back = new Uint8Array(graph.nodes.length);
    const stack: number[] = [];
    sg.loads.forEach((eps, s) => {
      if (comp[s] !== c || !inLoop[s]) return;
      for (const i of eps) for (const d of graph.endpoints[i]!.loopDrivers) stack.push(d);
    });
    while (stack.length > 0) {
      const v = stack.pop()!;
      if (back[v]) continue;
      back[v] = 1;
      if (!isStateNode(graph, v)) for (const p of graph.nodes[v]!.preds) stack.push(p);
    }
    for (let v = 0; v < graph.nodes.length; v++) {
      if (back[v] && (reach[v] ?? []).some((s) => comp[s] === c)) onLoop[v] = 1;
    }
  }
  return { states: sg, comp, inLoop, loopComps: [...loopComps], onLoop };
}

/** The loop bound with node delays `own` (critical-path.ts, nodeDelays) and
 *  endpoint logic timed by `delay`. */
function loopDelay(graph: TimingGraph, order: Int32Array, ls: LoopStructure, own: Float64Array, delay: DelayFn): LoopBound {
  const sg = ls.states;
  let statesInLoops = 0;
  for (const x of ls.inLoop) statesInLoops += x;
  let worst = 0;
  let at: string | null = null;
  const arrival = new Float64Array(graph.nodes.length);
  for (const c of ls.loopComps) {
    // Longest path from this component's states only.
    arrival.fill(-Infinity);
    for (const v of order) {
      const g = graph.nodes[v]!;
      const src = sg.sourceOf[v]!;
      const state = isStateNode(graph, v);
      let t = src !== -1 && ls.comp[src] === c ? 0 : -Infinity;
      if (!state) for (const p of g.preds) if (arrival[p]! > t) t = arrival[p]!;
      // a synchronous read's output comes its access time after the clock
      const d = state && g.node.op === 'memread' ? useDelay(g.use, delay) : own[v]!;
      arrival[v] = t === -Infinity ? t : t + d;
    }
    sg.loads.forEach((eps, s) => {
      if (ls.comp[s] !== c || !ls.inLoop[s]) return;
      for (const i of eps) {
        const e = graph.endpoints[i]!;
        for (const d of e.loopDrivers) {
          const t = arrival[d]! + useDelay(e.use, delay);
          if (t > worst) [worst, at] = [t, sg.names[s]!];
        }
      }
    });
  }
  return { delayPs: worst, at, statesInLoops };
}


interface Cut {
  timePs: number;
  bits: number;
}

interface CutProfile {
  stages: number;
  cuts: Cut[];
  /** Pipeline register bits added by cutting into `stages` stages. */
  totalBits: number;
  /** The same bits by the instance that produces the value held: a cut
   *  register belongs to the component whose logic it splits. */
  byPath: Record<string, number>;
}

/** A node that only renames its single predecessor, or widens it with
 *  constant or copied bits (zero and sign extension): the register that
 *  holds the predecessor holds it too, so a value is counted once however
 *  many extended copies of it its consumers read. */
function isAlias(timing: Timing, v: number): boolean {
  const g = timing.graph.nodes[v]!;
  const op = g.node.op;
  return g.preds.length === 1 && (op === 'wire' || op === 'input' || op === 'instout' || op === 'zext' || op === 'sext');
}

/** For every node, the latest arrival among its combinational consumers,
 *  looking through aliases (-Infinity when it has none). */
function latestConsumer(timing: Timing): Float64Array {
  const latest = new Float64Array(timing.graph.nodes.length).fill(-Infinity);
  timing.graph.nodes.forEach((g, v) => {
    for (const p of g.preds) if (timing.arrival[v]! > latest[p]!) latest[p] = timing.arrival[v]!;
  });
  // Reverse topological order: an alias's consumers are final before it is
  // folded into its source.
  for (let i = timing.order.length - 1; i >= 0; i--) {
    const v = timing.order[i]!;
    if (!isAlias(timing, v)) continue;
    const p = timing.graph.nodes[v]!.preds[0]!;
    if (latest[v]! > latest[p]!) latest[p] = latest[v]!;
    latest[v] = -Infinity;
  }
  return latest;
}

function cutWidths(timing: Timing, stages: number, latest: Float64Array = latestConsumer(timing)): CutProfile {
  if (!Number.isInteger(stages) || stages < 1) throw new ParamError('stages', stages, 'an integer >= 1', { message: `inventory: pipeline stages must be an integer >= 1, got ${stages}` });
  const total = timing.criticalPath.totalPs;
  const cuts: Cut[] = [];
  const byPath: Record<string, number> = {};
  for (let i = 1; i < stages; i++) {
    const t = (total * i) / stages;
    let bits = 0;
    timing.graph.nodes.forEach((g, v) => {
      if (g.node.op !== 'const' && timing.arrival[v]! < t && t <= latest[v]!) {
        bits += g.node.width;
        byPath[g.path] = (byPath[g.path] ?? 0) + g.node.width;
      }
    });
    cuts.push({ timePs: t, bits });
  }
  return { stages, cuts, totalBits: cuts.reduce((s, c) => s + c.bits, 0), byPath };
}

interface FormChoice {
  /** Per flat node: its delay in the chosen form (0 for wiring, registers). */
  own: Float64Array;
  /** Per flat node: index into table.forms(shape), -1 for wiring. */
  formIdx: Int8Array;
}

interface ChoiceContext {
  graph: TimingGraph;
  order: Int32Array;
  loops: LoopStructure;
  /** Combinational consumers of each node. */
  succ: Int32Array[];
  /** Required-time offsets at each node from the endpoints it drives: the
   *  largest endpoint logic delay (enable mux) after it, or -1 if none. */
  endpointLogic: Float64Array;
}

function choiceContext(graph: TimingGraph, order: Int32Array, loops: LoopStructure, endpointDelay: (e: TimingGraph['endpoints'][number]) => number): ChoiceContext {
  const succLists: number[][] = graph.nodes.map(() => []);
  graph.nodes.forEach((g, v) => {
    for (const p of g.preds) succLists[p]!.push(v);
  });
  const endpointLogic = new Float64Array(graph.nodes.length).fill(-1);
  for (const e of graph.endpoints) {
    const d = endpointDelay(e);
    for (const v of e.drivers) if (d > endpointLogic[v]!) endpointLogic[v] = d;
  }
  return { graph, order, loops, succ: succLists.map((s) => Int32Array.from(s)), endpointLogic };
}

function formsAt(table: CostTable, graph: TimingGraph, v: number): readonly Form[] | null {
  const use = graph.nodes[v]!.use;
  if (use === null || use.shape.kind === 'reg') return null;
  return table.forms(use.shape);
}

/** Every operator in one fixed form: 'cheapest' (index 0) or 'fastest'. */
function uniformChoice(ctx: ChoiceContext, table: CostTable, which: 'cheapest' | 'fastest'): FormChoice {
  const n = ctx.graph.nodes.length;
  const own = new Float64Array(n);
  const formIdx = new Int8Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    const f = formsAt(table, ctx.graph, v);
    if (f === null) continue;
    const i = which === 'cheapest' ? 0 : f.length - 1;
    formIdx[v] = i;
    own[v] = f[i]!.cost.delayPs * ctx.graph.nodes[v]!.use!.levels;
  }
  return { own, formIdx };
}

/** The cheapest forms with which every path meets `targetPs` (or the
 *  fastest, where even they cannot). */
function chooseForTarget(ctx: ChoiceContext, table: CostTable, fastest: FormChoice, targetPs: number): FormChoice {
  const { graph, order, succ, endpointLogic } = ctx;
  const n = graph.nodes.length;
  // Latest time each node's output may arrive, all-fastest downstream.
  const required = new Float64Array(n).fill(Infinity);
  for (let i = order.length - 1; i >= 0; i--) {
    const v = order[i]!;
    let r = endpointLogic[v]! >= 0 ? targetPs - endpointLogic[v]! : Infinity;
    for (const s of succ[v]!) {
      const rs = required[s]! - fastest.own[s]!;
      if (rs < r) r = rs;
    }
    required[v] = r;
  }
  const own = new Float64Array(fastest.own);
  const formIdx = new Int8Array(fastest.formIdx);
  const arrival = new Float64Array(n);
  for (const v of order) {
    const g = graph.nodes[v]!;
    let t = 0;
    for (const p of g.preds) if (arrival[p]! > t) t = arrival[p]!;
    const f = formsAt(table, graph, v);
    if (f !== null && f.length > 1 && !ctx.loops.onLoop[v]) {
      const levels = g.use!.levels;
      for (let i = 0; i < f.length; i++) {
        const d = f[i]!.cost.delayPs * levels;
        if (t + d <= required[v]! + 1e-6 || i === f.length - 1) {
          formIdx[v] = i;
          own[v] = d;
          break;
        }
      }
    }
    arrival[v] = t + own[v]!;
  }
  return { own, formIdx };
}

/** How to price: activity, knobs, operator forms, a requested clock, how pipeline registers are built. */
interface PriceOptions {
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
interface CostRow {
  areaUm2: number;
  dynamicW: number;
  leakageW: number;
}

/** How many operators of one shape took one form. */
interface FormUse {
  key: string;
  form: FormName;
  count: number;
}

/** A priced design point: its figures, the forms its operators took, and where the area and power go. */
interface PriceResult {
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

const PIPELINE_KIND = 'reg (pipeline)';

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
  latest: Float64Array;
  loop: LoopBound;
  cuts: Map<number, CutProfile>;
  aggregates: Aggregate[];
  /** Instance paths and kinds the aggregates index into (module, kind). */
  paths: string[];
  kinds: OpKind[];
  pathIdx: Int32Array;
  kindIdx: Int32Array;
  /** Pipeline registers per (stages, reset, enable): cost per instance. */
  pipelineCosts: Map<string, { path: string; pathIdx: number; bits: number; cost: OpCost }[]>;
  /** Scratch: activity per kind, refilled by each price() call. */
  act: Float64Array;
  forms: FormUse[];
}

interface InventoryCache {
  ctx: ChoiceContext;
  /** First flat node of each instance path. */
  base: Map<string, number>;
  fastest: FormsEntry;
  cheapest: FormsEntry;
  byTarget: Map<number, FormsEntry>;
}

const caches = new WeakMap<Inventory, Map<ArithStyle, InventoryCache>>();

function buildEntry(inv: Inventory, table: CostTable, c: Pick<InventoryCache, 'ctx' | 'base'>, choice: FormChoice, targetPs: number): FormsEntry {
  const delay = (shape: OpShape): number => table.form(shape, 1, Infinity).cost.delayPs;
  const timing = analyzeTiming(inv.graph, delay, choice.own, c.ctx.order);
  const aggregates = new Map<string, Aggregate>();
  const forms = new Map<string, FormUse>();
  for (const inst of inv.instances) {
    const base = c.base.get(inst.path) ?? -1;
    for (const it of inst.items) {
      const all = table.forms(it.shape);
      const idx = it.node !== null && base >= 0 ? choice.formIdx[base + it.node]! : -1;
      const f = all[idx >= 0 ? idx : 0]!;
      const cost = f.cost;
      const k = `${inst.path}\u0000${it.shape.kind}`;
      let a = aggregates.get(k);
      if (a === undefined) aggregates.set(k, (a = { path: inst.path, kind: it.shape.kind, logicUm2: 0, macroUm2: 0, energyFj: 0, clockFj: 0, leakageNw: 0 }));
      if (cost.macro) a.macroUm2 += cost.areaUm2 * it.count;
      else a.logicUm2 += cost.areaUm2 * it.count;
      a.energyFj += cost.energyFj * it.count;
      a.clockFj += cost.clockFj * it.count;
      a.leakageNw += cost.leakageNw * it.count;
      if (all.length > 1) {
        const fk = `${it.key}\u0000${f.name}`;
        const u = forms.get(fk);
        if (u) u.count += it.count;
        else forms.set(fk, { key: it.key, form: f.name, count: it.count });
      }
    }
  }
  const aggs = [...aggregates.values()];
  const paths = [...new Set(inv.instances.map((i) => i.path))];
  const kinds = [...new Set(aggs.map((a) => a.kind))];
  return {
    targetPs,
    choice,
    paths,
    kinds,
    pathIdx: Int32Array.from(aggs, (a) => paths.indexOf(a.path)),
    kindIdx: Int32Array.from(aggs, (a) => kinds.indexOf(a.kind)),
    pipelineCosts: new Map(),
    act: new Float64Array(kinds.length),
    timing,
    latest: latestConsumer(timing),
    loop: loopDelay(inv.graph, c.ctx.order, c.ctx.loops, choice.own, delay),
    cuts: new Map(),
    aggregates: aggs,
    forms: [...forms.values()].sort((x, y) => x.key.localeCompare(y.key, 'en', { numeric: true }) || x.form.localeCompare(y.form)),
  };
}

function cacheFor(inv: Inventory, table: CostTable): InventoryCache {
  let byStyle = caches.get(inv);
  if (byStyle === undefined) caches.set(inv, (byStyle = new Map()));
  let c = byStyle.get(table.arith);
  if (c === undefined) {
    const order = topoOrder(inv.graph);
    const loops = loopStructure(inv.graph, order);
    const endpointDelay = (e: Inventory['graph']['endpoints'][number]): number => (e.use === null ? 0 : table.form(e.use.shape, 1, Infinity).cost.delayPs * e.use.levels);
    const ctx = choiceContext(inv.graph, order, loops, endpointDelay);
    const base = new Map<string, number>();
    inv.graph.nodes.forEach((g, v) => {
      if (!base.has(g.path)) base.set(g.path, v);
    });
    const fastestChoice = uniformChoice(ctx, table, table.arith === 'ripple' ? 'cheapest' : 'fastest');
    const cheapestChoice = table.arith === 'fast' ? fastestChoice : uniformChoice(ctx, table, 'cheapest');
    const fastest = buildEntry(inv, table, { ctx, base }, fastestChoice, 0);
    const cheapest = cheapestChoice === fastestChoice ? fastest : buildEntry(inv, table, { ctx, base }, cheapestChoice, Infinity);
    c = { ctx, base, fastest, cheapest, byTarget: new Map() };
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
    e = buildEntry(inv, table, c, chooseForTarget(c.ctx, table, c.fastest.choice, key / 100), key / 100);
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

/** Frozen knobs objects already checked (a sweep prices with one). */
const checked = new WeakSet<Knobs>();

/** Prices an inventory at a physical point: area, power, clock, critical path and pipeline registers, every figure attributed
 *  to an instance and an operator kind. */
export function referencePrice(inv: Inventory, point: DesignPoint, opts: PriceOptions = {}): PriceResult {
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
  const detail: Record<string, Record<string, CostRow>> | null = opts.detail ? {} : null;
  // Sums per instance path and per kind in flat arrays (area, dynamic,
  // leakage), turned into records once at the end: a sweep prices millions
  // of points, and the per-row object updates were most of the time.
  const np = entry.paths.length;
  const nk = entry.kinds.length;
  const mod = new Float64Array(3 * np);
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
      mod[p]! += area;
      mod[p + 1]! += dyn;
      mod[p + 2]! += leak;
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
        mod[pi]! += area;
        mod[pi + 1]! += dyn;
        mod[pi + 2]! += leak;
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
      list = Object.entries(pipeline.byPath).map(([path, bits]) => ({ path, pathIdx: entry.paths.indexOf(path), bits, cost: table.cost({ kind: 'reg', width: bits, reset, enable }) }));
      entry.pipelineCosts.set(pk, list);
    }
    const kp = 3 * nk;
    const regActivity = activity === null ? kindActivity!('reg') : 0;
    for (const { path, pathIdx, bits, cost: c } of list) {
      const x = activity === null ? regActivity : activity({ path, kind: 'reg', key: 'pipeline', node: null, name: 'pipeline', width: bits });
      const area = c.areaUm2 * knobs.areaFactor;
      const dyn = (c.energyFj * x + c.clockFj) * dynScale;
      const leak = c.leakageNw * leakScale;
      if (pathIdx >= 0) {
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
  for (let p = 0; p < np; p++) byModule[entry.paths[p]!] = { areaUm2: mod[3 * p]!, dynamicW: mod[3 * p + 1]!, leakageW: mod[3 * p + 2]! };
  let areaUm2 = 0;
  let dynamicW = 0;
  let leakageW = 0;
  for (let k = 0; k <= nk; k++) {
    if (k === nk && pipeline.totalBits === 0) break;
    const area = kin[3 * k]!;
    const dyn = kin[3 * k + 1]!;
    const leak = kin[3 * k + 2]!;
    byKind[k === nk ? PIPELINE_KIND : entry.kinds[k]!] = { areaUm2: area, dynamicW: dyn, leakageW: leak };
    areaUm2 += area;
    dynamicW += dyn;
    leakageW += leak;
  }

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
    forms: entry.forms,
    pipeline,
    breakdown: { byModule, byKind, ...(detail !== null && { byModuleKind: detail }) },
  };
}

/** The fewest pipeline stages with which `inv` reaches `clockHz` at this Vt
 *  and Vdd (operators in the forms that clock selects), or null when the
 *  register overhead, or a path on a loop, alone exceeds the period. */
export function referenceMinStages(inv: Inventory, at: Omit<DesignPoint, 'stages'>, clockHz: number, opts: Pick<PriceOptions, 'knobs' | 'arith' | 'physical'> = {}): number | null {
  const point = { ...at, stages: 1 };
  const knobs = opts.knobs ?? DEFAULT_KNOBS;
  const scale = physicalScale(point, opts.physical ?? DEFAULT_PHYSICAL);
  const table = tableFor(opts.arith ?? 'timed');
  const pathFactor = scale.delay * knobs.delayFactor;
  const room = 1e12 / clockHz - registerOverheadPs(scale, knobs.delayFactor);
  const e = cacheFor(inv, table).fastest;
  if (room <= 0 || e.loop.delayPs * pathFactor > room * (1 + 1e-9)) return null;
  return Math.max(1, Math.ceil((e.timing.criticalPath.totalPs * pathFactor) / room - 1e-9));
}
