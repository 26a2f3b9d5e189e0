// Which form each operator of a netlist takes when its paths must meet a
// target delay, as timing-driven synthesis decides it: start from the
// fastest form everywhere, then, in topological order, give each operator
// the cheapest form whose extra delay its slack absorbs. Required times are
// those of the all-fastest netlist downstream, so later choices only use
// slack that is still there, and every path stays within the target.
// Operators on a loop through state (loops.ts) keep their fastest form: no
// pipeline stage can relieve a loop, so synthesis spends its effort there.
import { graphArrays, type GraphArrays, type LoopStructure, type TimingGraph } from '../hdl/inventory/index.js';
import type { CostTable, Form } from './cost-table.js';

export interface FormChoice {
  /** Per flat node: its delay in the chosen form (0 for wiring, registers). */
  own: Float64Array;
  /** Per flat node: index into table.forms(shape), -1 for wiring. */
  formIdx: Int8Array;
  /** Per flat node: its output's arrival time with these forms, propagated
   *  in the context's order as analyzeTiming does, where the choice
   *  computed it on the way (chooseForTarget). */
  arrival?: Float64Array;
}

export interface ChoiceContext {
  graph: TimingGraph;
  /** The graph's edges as arrays (successors: its consumers). */
  arrays: GraphArrays;
  order: Int32Array;
  loops: LoopStructure;
  /** Required-time offsets at each node from the endpoints it drives: the
   *  largest endpoint logic delay (enable mux) after it, or -1 if none. */
  endpointLogic: Float64Array;
}

/** `endpointDelay`: each endpoint's own logic delay (critical-path.ts, endpointDelays). */
export function choiceContext(graph: TimingGraph, order: Int32Array, loops: LoopStructure, endpointDelay: Float64Array): ChoiceContext {
  const endpointLogic = new Float64Array(graph.nodes.length).fill(-1);
  graph.endpoints.forEach((e, i) => {
    const d = endpointDelay[i]!;
    for (const v of e.drivers) if (d > endpointLogic[v]!) endpointLogic[v] = d;
  });
  return { graph, arrays: graphArrays(graph), order, loops, endpointLogic };
}

/** Per node: the forms its operator can take (null for wiring and
 *  registers) and how many in series it stands for. */
interface NodeForms {
  forms: (readonly Form[] | null)[];
  levels: Float64Array;
  /** The delay of each form of node v times its levels, for nodes with a
   *  choice (two forms or more): delays[delayStart[v] .. delayStart[v + 1]),
   *  as chooseForTarget tries them at every target (the same products it
   *  formed from the forms' cost records). */
  delayStart: Int32Array;
  delays: Float64Array;
}

const nodeFormsOf = new WeakMap<ChoiceContext, Map<CostTable, NodeForms>>();

/** Each node's forms (null for wiring and registers) and levels; `known[v]`,
 *  where given, is node v's forms as the caller already looked them up. */
function buildNodeForms(ctx: ChoiceContext, table: CostTable, known?: readonly (readonly Form[] | undefined)[]): NodeForms {
  const nodes = ctx.graph.nodes;
  const forms: (readonly Form[] | null)[] = new Array(nodes.length);
  const levels = new Float64Array(nodes.length);
  const delayStart = new Int32Array(nodes.length + 1);
  let choices = 0;
  for (let v = 0; v < nodes.length; v++) {
    const use = nodes[v]!.use;
    const f = use === null || use.shape.kind === 'reg' ? null : (known?.[v] ?? table.forms(use.shape));
    forms[v] = f;
    levels[v] = use?.levels ?? 0;
    delayStart[v] = choices;
    if (f !== null && f.length > 1) choices += f.length;
  }
  delayStart[nodes.length] = choices;
  const delays = new Float64Array(choices);
  for (let v = 0; v < nodes.length; v++) {
    const f = forms[v]!;
    const lv = levels[v]!;
    for (let i = 0, k = delayStart[v]!; k < delayStart[v + 1]!; i++, k++) delays[k] = f[i]!.cost.delayPs * lv;
  }
  return { forms, levels, delayStart, delays };
}

function formsByTable(ctx: ChoiceContext): Map<CostTable, NodeForms> {
  let byTable = nodeFormsOf.get(ctx);
  if (byTable === undefined) nodeFormsOf.set(ctx, (byTable = new Map()));
  return byTable;
}

function nodeForms(ctx: ChoiceContext, table: CostTable): NodeForms {
  const byTable = formsByTable(ctx);
  let f = byTable.get(table);
  if (f === undefined) byTable.set(table, (f = buildNodeForms(ctx, table)));
  return f;
}

/** Gives the context the forms of each node the caller has already looked
 *  up (pricing's item table holds every operator's, by node), so nodeForms
 *  does not look each node's shape up again. */
export function seedNodeForms(ctx: ChoiceContext, table: CostTable, known: readonly (readonly Form[] | undefined)[]): void {
  formsByTable(ctx).set(table, buildNodeForms(ctx, table, known));
}

/** Every operator in one fixed form: 'cheapest' (index 0) or 'fastest'. */
export function uniformChoice(ctx: ChoiceContext, table: CostTable, which: 'cheapest' | 'fastest'): FormChoice {
  const n = ctx.graph.nodes.length;
  const { forms, levels } = nodeForms(ctx, table);
  const own = new Float64Array(n);
  const formIdx = new Int8Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    const f = forms[v]!;
    if (f === null) continue;
    const i = which === 'cheapest' ? 0 : f.length - 1;
    formIdx[v] = i;
    own[v] = f[i]!.cost.delayPs * levels[v]!;
  }
  return { own, formIdx };
}

/** The cheapest forms with which every path meets `targetPs` (or the
 *  fastest, where even they cannot). */
export function chooseForTarget(ctx: ChoiceContext, table: CostTable, fastest: FormChoice, targetPs: number): FormChoice {
  const { order, endpointLogic } = ctx;
  const { n, predStart, pred, succStart, succ } = ctx.arrays;
  const { delayStart, delays } = nodeForms(ctx, table);
  const onLoop = ctx.loops.onLoop;
  // Latest time each node's output may arrive, all-fastest downstream.
  const required = new Float64Array(n).fill(Infinity);
  for (let i = order.length - 1; i >= 0; i--) {
    const v = order[i]!;
    let r = endpointLogic[v]! >= 0 ? targetPs - endpointLogic[v]! : Infinity;
    for (let k = succStart[v]!; k < succStart[v + 1]!; k++) {
      const s = succ[k]!;
      const rs = required[s]! - fastest.own[s]!;
      if (rs < r) r = rs;
    }
    required[v] = r;
  }
  const own = new Float64Array(fastest.own);
  const formIdx = new Int8Array(fastest.formIdx);
  const arrival = new Float64Array(n);
  for (let j = 0; j < order.length; j++) {
    const v = order[j]!;
    let t = 0;
    for (let k = predStart[v]!; k < predStart[v + 1]!; k++) if (arrival[pred[k]!]! > t) t = arrival[pred[k]!]!;
    const first = delayStart[v]!;
    const end = delayStart[v + 1]!;
    if (end > first && !onLoop[v]) {
      for (let k = first; k < end; k++) {
        const d = delays[k]!;
        if (t + d <= required[v]! + 1e-6 || k === end - 1) {
          formIdx[v] = k - first;
          own[v] = d;
          break;
        }
      }
    }
    arrival[v] = t + own[v]!;
  }
  return { own, formIdx, arrival };
}
