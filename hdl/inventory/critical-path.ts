// Static timing on the flat graph: arrival time of every node given operator
// delays, and the longest combinational path from a startpoint (register,
// input, memory output) to an endpoint (register, output, memory input).
// Delays come from the caller, so the cost model owns them and one graph
// serves every delay variant (ripple vs prefix adders, ...).
import type { OpKind, OpShape } from './shapes.js';
import type { TimingGraph } from './timing-graph.js';
import { graphArrays } from './graph-arrays.js';
import type { OpUse } from './classify.js';
import { InternalError } from '../errors.js';

/** Delay in ps of one operator of this shape, at whatever reference the
 *  caller works in (the cost model: NanGate 45 nm typical, 1.1 V). For
 *  `reg` it is the logic in front of the flop (the enable mux); for
 *  `sramread` the access time. */
export type DelayFn = (shape: OpShape) => number;

export interface PathStep {
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

export interface CriticalPath {
  totalPs: number;
  /** Startpoint first, then each operator with a delay, then the endpoint.
   *  Wiring (and instance boundaries) is left out. */
  steps: PathStep[];
}

export interface Timing {
  graph: TimingGraph;
  /** Arrival time (ps) of each flat node's output. */
  arrival: Float64Array;
  /** Flat ids in topological order. */
  order: Int32Array;
  criticalPath: CriticalPath;
}

export function useDelay(use: OpUse | null, delay: DelayFn): number {
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

export function topoOrder(graph: TimingGraph): Int32Array {
  const { n, predStart, succStart, succ } = graphArrays(graph);
  const indeg = new Int32Array(n);
  for (let i = 0; i < n; i++) indeg[i] = predStart[i + 1]! - predStart[i]!;
  const order = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (indeg[i] === 0) order[tail++] = i;
  while (head < tail) {
    const v = order[head++]!;
    for (let k = succStart[v]!; k < succStart[v + 1]!; k++) {
      const s = succ[k]!;
      if (--indeg[s]! === 0) order[tail++] = s;
    }
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
export function nodeDelays(graph: TimingGraph, delay: DelayFn): Float64Array {
  return Float64Array.from(graph.nodes, (g) => nodeDelay(g.use, delay));
}

/** Each endpoint's own logic delay (its enable mux, a write port's setup)
 *  under `delay`, in graph.endpoints order. */
export function endpointDelays(graph: TimingGraph, delay: DelayFn): Float64Array {
  return Float64Array.from(graph.endpoints, (e) => useDelay(e.use, delay));
}

/** Static timing. `own` overrides the delay of each node (operators built
 *  in different forms at different places); endpoints' own logic (enable
 *  muxes) is timed by `delay`, or given (`endpointDelay`, as endpointDelays
 *  computes it: a sweep times one netlist in a dozen sets of forms). */
export function analyzeTiming(graph: TimingGraph, delay: DelayFn, own: Float64Array = nodeDelays(graph, delay), order: Int32Array = topoOrder(graph), endpointDelay: Float64Array = endpointDelays(graph, delay)): Timing {
  const { n, predStart, pred } = graphArrays(graph);
  const arrival = new Float64Array(n);
  for (let i = 0; i < order.length; i++) {
    const v = order[i]!;
    let t = 0;
    for (let k = predStart[v]!; k < predStart[v + 1]!; k++) if (arrival[pred[k]!]! > t) t = arrival[pred[k]!]!;
    arrival[v] = t + own[v]!;
  }
  return timingFrom(graph, arrival, order, own, endpointDelay);
}

/** Static timing from arrival times already propagated with node delays
 *  `own` in `order` (each node: the latest of its predecessors' arrivals, 0
 *  without any, plus its own delay): a form choice computes them as it
 *  chooses (form-choice.ts), and they are exactly what analyzeTiming would. */
export function timingFrom(graph: TimingGraph, arrival: Float64Array, order: Int32Array, own: Float64Array, endpointDelay: Float64Array): Timing {
  return { graph, arrival, order, criticalPath: worstPath(graph, arrival, own, endpointDelay) };
}

/** The predecessor a path to v arrives through: the first of v's
 *  predecessors with the latest arrival, or -1 without any. */
function latestPred(predStart: Int32Array, pred: Int32Array, arrival: Float64Array, v: number): number {
  let from = -1;
  let t = 0;
  for (let k = predStart[v]!; k < predStart[v + 1]!; k++) {
    const p = pred[k]!;
    if (from === -1 || arrival[p]! > t) {
      t = arrival[p]!;
      from = p;
    }
  }
  return from;
}

function worstPath(graph: TimingGraph, arrival: Float64Array, own: Float64Array, endpointDelay: Float64Array): CriticalPath {
  let endpoint = -1;
  let driver = -1;
  let total = 0;
  graph.endpoints.forEach((e, i) => {
    let d0 = e.drivers[0]!;
    for (const d of e.drivers) if (arrival[d]! > arrival[d0]!) d0 = d;
    const t = arrival[d0]! + endpointDelay[i]!;
    if (endpoint === -1 || t > total) [endpoint, driver, total] = [i, d0, t];
  });
  if (endpoint === -1) return { totalPs: 0, steps: [] };
  // Walked back from the endpoint's driver: only the critical path's nodes
  // are asked which predecessor they arrive through.
  const { predStart, pred } = graphArrays(graph);
  const chain: number[] = [];
  for (let v = driver; v !== -1; v = latestPred(predStart, pred, arrival, v)) chain.push(v);
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
