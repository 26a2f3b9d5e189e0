// Feedback: combinational paths that lie on a loop through state (a counter
// through its incrementer, an occupancy count, a CAM match feeding its own
// write). Pipelining adds registers on every path from inputs to outputs;
// added inside a loop, a register would change what the loop computes
// (the counter would count every other cycle). So such a path can never be
// cut, and its delay bounds the clock however deep the pipeline is.
//
// State elements are registers, synchronous read ports and memories/CAMs.
// State S feeds state T when T's next value depends combinationally on S
// through T's loop drivers (timing-graph.ts: a register's D, not its
// enable, since an enable freezes the state exactly as a pipeline stall
// does). Loops are the strongly connected components of that graph; the
// bound is the longest combinational path from any state of a component to
// the next-state input of a state in the same component.
import type { DelayFn } from './critical-path.js';
import { nodeDelays, useDelay } from './critical-path.js';
import type { TimingGraph } from './timing-graph.js';
import { graphArrays } from './graph-arrays.js';

export interface LoopBound {
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
export interface LoopStructure {
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
  /** Per loop component (loopComps' order): its nodes on such a path, in
   *  topological order. The loop's longest path runs through them alone. */
  loopNodes: Int32Array[];
}

export function loopStructure(graph: TimingGraph, order: Int32Array): LoopStructure {
  const sg = stateGraph(graph);
  const ns = sg.names.length;
  const { n, predStart, pred, state } = graphArrays(graph);
  // Which states reach each node combinationally.
  const reach: (number[] | null)[] = new Array(n).fill(null);
  const set = new Set<number>();
  for (let i = 0; i < order.length; i++) {
    const v = order[i]!;
    set.clear();
    const own = sg.sourceOf[v]!;
    if (own !== -1) set.add(own);
    if (!state[v]) {
      for (let k = predStart[v]!; k < predStart[v + 1]!; k++) {
        const r = reach[pred[k]!] ?? null;
        if (r !== null) for (const x of r) set.add(x);
      }
    }
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
  const onLoop = new Uint8Array(n);
  const rank = new Int32Array(n);
  for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
  const back = new Uint8Array(n);
  const loopNodes: Int32Array[] = [];
  for (const c of loopComps) {
    const stack: number[] = [];
    const seen: number[] = [];
    sg.loads.forEach((eps, s) => {
      if (comp[s] !== c || !inLoop[s]) return;
      for (const i of eps) for (const d of graph.endpoints[i]!.loopDrivers) stack.push(d);
    });
    while (stack.length > 0) {
      const v = stack.pop()!;
      if (back[v]) continue;
      back[v] = 1;
      seen.push(v);
      if (!state[v]) for (let k = predStart[v]!; k < predStart[v + 1]!; k++) stack.push(pred[k]!);
    }
    const on = seen.filter((v) => (reach[v] ?? []).some((s) => comp[s] === c));
    for (const v of seen) back[v] = 0;
    for (const v of on) onLoop[v] = 1;
    loopNodes.push(Int32Array.from(on.sort((a, b) => rank[a]! - rank[b]!)));
  }
  return { states: sg, comp, inLoop, loopComps: [...loopComps], onLoop, loopNodes };
}

/** The loop bound with node delays `own` (critical-path.ts, nodeDelays) and
 *  endpoint logic timed by `delay`: per loop, the longest path from its
 *  states through its own nodes (loopNodes) to its states' next-state
 *  inputs. */
export function loopDelay(graph: TimingGraph, order: Int32Array, ls: LoopStructure, own: Float64Array, delay: DelayFn): LoopBound {
  void order;
  const sg = ls.states;
  const { predStart, pred, state } = graphArrays(graph);
  let statesInLoops = 0;
  for (const x of ls.inLoop) statesInLoops += x;
  let worst = 0;
  let at: string | null = null;
  // -Infinity off the loop being timed: a node it does not list is not
  // reached from its states (or reaches none of its next-state inputs).
  const arrival = new Float64Array(graph.nodes.length).fill(-Infinity);
  ls.loopComps.forEach((c, ci) => {
    const nodes = ls.loopNodes[ci]!;
    for (let i = 0; i < nodes.length; i++) {
      const v = nodes[i]!;
      const src = sg.sourceOf[v]!;
      let t = src !== -1 && ls.comp[src] === c ? 0 : -Infinity;
      if (!state[v]) for (let k = predStart[v]!; k < predStart[v + 1]!; k++) if (arrival[pred[k]!]! > t) t = arrival[pred[k]!]!;
      // a synchronous read's output comes its access time after the clock
      const d = state[v] && graph.nodes[v]!.node.op === 'memread' ? useDelay(graph.nodes[v]!.use, delay) : own[v]!;
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
    for (let i = 0; i < nodes.length; i++) arrival[nodes[i]!] = -Infinity;
  });
  return { delayPs: worst, at, statesInLoops };
}

/** The loop bound of `graph` with operator delays `delay`; `order` is a
 *  topological order of its nodes (critical-path.ts computes one). */
export function loopBound(graph: TimingGraph, order: Int32Array, delay: DelayFn): LoopBound {
  return loopDelay(graph, order, loopStructure(graph, order), nodeDelays(graph, delay), delay);
}
