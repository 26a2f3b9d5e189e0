// Which form each operator of a netlist takes when its paths must meet a
// target delay, as timing-driven synthesis decides it: start from the
// fastest form everywhere, then, in topological order, give each operator
// the cheapest form whose extra delay its slack absorbs. Required times are
// those of the all-fastest netlist downstream, so later choices only use
// slack that is still there, and every path stays within the target.
// Operators on a loop through state (loops.ts) keep their fastest form: no
// pipeline stage can relieve a loop, so synthesis spends its effort there.
import type { LoopStructure, TimingGraph } from '../hdl/inventory/index.js';
import type { CostTable, Form } from './cost-table.js';

export interface FormChoice {
  /** Per flat node: its delay in the chosen form (0 for wiring, registers). */
  own: Float64Array;
  /** Per flat node: index into table.forms(shape), -1 for wiring. */
  formIdx: Int8Array;
}

export interface ChoiceContext {
  graph: TimingGraph;
  order: Int32Array;
  loops: LoopStructure;
  /** Combinational consumers of each node. */
  succ: Int32Array[];
  /** Required-time offsets at each node from the endpoints it drives: the
   *  largest endpoint logic delay (enable mux) after it, or -1 if none. */
  endpointLogic: Float64Array;
}

export function choiceContext(graph: TimingGraph, order: Int32Array, loops: LoopStructure, endpointDelay: (e: TimingGraph['endpoints'][number]) => number): ChoiceContext {
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
export function uniformChoice(ctx: ChoiceContext, table: CostTable, which: 'cheapest' | 'fastest'): FormChoice {
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
export function chooseForTarget(ctx: ChoiceContext, table: CostTable, fastest: FormChoice, targetPs: number): FormChoice {
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
