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
  count: number;
  /** A state's name (`path.label`, or the storage's): built when a loop bound names it. */
  nameOf(s: number): string;
  /** Per state: the endpoints loading it. */
  loads: number[][];
}

function stateGraph(graph: TimingGraph): StateGraph {
  // Registers and synchronous read ports are states by node, memories and
  // CAMs by storage name.
  const byNode = new Map<number, number>();
  const byStorage = new Map<string, number>();
  // Per state: its flat node (a register or read port), or its storage's name.
  const what: (number | string)[] = [];
  const sourceOf = new Int32Array(graph.nodes.length).fill(-1);
  graph.nodes.forEach((g, v) => {
    if (g.node.op === 'reg' || (g.node.op === 'memread' && g.node.sync)) {
      byNode.set(v, what.length);
      sourceOf[v] = what.length;
      what.push(v);
    } else if (g.storage !== undefined) {
      let i = byStorage.get(g.storage);
      if (i === undefined) {
        byStorage.set(g.storage, (i = what.length));
        what.push(g.storage);
      }
      sourceOf[v] = i;
    }
  });
  const loads: number[][] = what.map(() => []);
  graph.endpoints.forEach((e, i) => {
    if (e.loopDrivers.length === 0) return;
    const id = typeof e.state === 'number' ? byNode.get(e.state) : byStorage.get(e.state);
    if (id === undefined) return; // a memory never read: no loop through it
    loads[id]!.push(i);
  });
  const nameOf = (s: number): string => {
    const w = what[s]!;
    if (typeof w === 'string') return w;
    const g = graph.nodes[w]!;
    return `${g.path}.${g.label}`;
  };
  return { sourceOf, count: what.length, nameOf, loads };
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

/** Bit sets of `words` 32-bit words per node, in one array. */
function bitRows(n: number, words: number): Uint32Array {
  return new Uint32Array(n * words);
}

/** Calls `f` with each bit set in row `r`. */
function eachBit(bits: Uint32Array, r: number, words: number, f: (b: number) => void): void {
  for (let w = 0, at = r * words; w < words; w++) {
    let x = bits[at + w]!;
    while (x !== 0) {
      const low = x & -x;
      f((w << 5) + 31 - Math.clz32(low));
      x ^= low;
    }
  }
}

// A sweep runs this once per netlist (thousands of nodes, hundreds of
// states): what reaches what is kept as bit sets and found in one pass each
// way, not as sets of numbers per node and a search per loop.
export function loopStructure(graph: TimingGraph, order: Int32Array): LoopStructure {
  const sg = stateGraph(graph);
  const ns = sg.count;
  const { n, predStart, pred, state } = graphArrays(graph);
  // Which states reach each node combinationally.
  const sw = (ns + 31) >>> 5;
  const reach = bitRows(n, sw);
  for (let i = 0; i < order.length; i++) {
    const v = order[i]!;
    const at = v * sw;
    const own = sg.sourceOf[v]!;
    if (own !== -1) reach[at + (own >>> 5)]! |= 1 << (own & 31);
    if (state[v]) continue;
    for (let k = predStart[v]!; k < predStart[v + 1]!; k++) {
      const from = pred[k]! * sw;
      for (let w = 0; w < sw; w++) reach[at + w]! |= reach[from + w]!;
    }
  }
  // State s feeds state t when s reaches a driver of t's next state.
  const succ: number[][] = sg.loads.map(() => []);
  const feeds = bitRows(1, sw);
  sg.loads.forEach((eps, t) => {
    feeds.fill(0);
    for (const i of eps) {
      for (const d of graph.endpoints[i]!.loopDrivers) for (let w = 0, from = d * sw; w < sw; w++) feeds[w]! |= reach[from + w]!;
    }
    eachBit(feeds, 0, sw, (s) => succ[s]!.push(t));
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
  const loops = [...loopComps];
  // Each loop state's loop (its index in `loops`), through its component.
  const loopOfComp = new Int32Array(ns).fill(-1);
  loops.forEach((c, l) => (loopOfComp[c] = l));
  const loopOf = Int32Array.from(comp, (c) => loopOfComp[c]!);
  // On a loop: reached from the loop's states (forward) and reaching a loop
  // state's next-state input of the same loop (backward, through
  // combinational nodes only: a state's output starts a new path).
  const lw = (loops.length + 31) >>> 5;
  const fwd = bitRows(n, lw);
  const bwd = bitRows(n, lw);
  for (let i = 0; i < order.length; i++) {
    const v = order[i]!;
    const src = sg.sourceOf[v]!;
    const l = src === -1 ? -1 : loopOf[src]!;
    if (l !== -1) fwd[v * lw + (l >>> 5)]! |= 1 << (l & 31);
    if (state[v]) continue;
    for (let k = predStart[v]!; k < predStart[v + 1]!; k++) {
      const from = pred[k]! * lw;
      for (let w = 0; w < lw; w++) fwd[v * lw + w]! |= fwd[from + w]!;
    }
  }
  sg.loads.forEach((eps, s) => {
    const l = loopOf[s]!;
    if (l === -1) return;
    for (const i of eps) for (const d of graph.endpoints[i]!.loopDrivers) bwd[d * lw + (l >>> 5)]! |= 1 << (l & 31);
  });
  for (let i = order.length - 1; i >= 0; i--) {
    const v = order[i]!;
    if (state[v]) continue;
    for (let k = predStart[v]!; k < predStart[v + 1]!; k++) {
      const to = pred[k]! * lw;
      for (let w = 0; w < lw; w++) bwd[to + w]! |= bwd[v * lw + w]!;
    }
  }
  const onLoop = new Uint8Array(n);
  const members: number[][] = loops.map(() => []);
  for (let i = 0; i < order.length; i++) {
    const v = order[i]!;
    for (let w = 0; w < lw; w++) {
      let x = fwd[v * lw + w]! & bwd[v * lw + w]!;
      if (x !== 0) onLoop[v] = 1;
      while (x !== 0) {
        const low = x & -x;
        members[(w << 5) + 31 - Math.clz32(low)]!.push(v);
        x ^= low;
      }
    }
  }
  return { states: sg, comp, inLoop, loopComps: loops, onLoop, loopNodes: members.map((m) => Int32Array.from(m)) };
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
  let atState = -1;
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
          if (t > worst) [worst, atState] = [t, s];
        }
      }
    });
    for (let i = 0; i < nodes.length; i++) arrival[nodes[i]!] = -Infinity;
  });
  return { delayPs: worst, at: atState === -1 ? null : sg.nameOf(atState), statesInLoops };
}

/** The loop bound of `graph` with operator delays `delay`; `order` is a
 *  topological order of its nodes (critical-path.ts computes one). */
export function loopBound(graph: TimingGraph, order: Int32Array, delay: DelayFn): LoopBound {
  return loopDelay(graph, order, loopStructure(graph, order), nodeDelays(graph, delay), delay);
}
