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
import { endpointDelays, nodeDelays, useDelay } from './critical-path.js';
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
  /** Per state s, its loads' loop drivers: entries loadStart[s] ..
   *  loadStart[s + 1] (in the order of the graph's endpoints, then of each
   *  one's loopDrivers), each a driver node and the endpoint it drives.
   *  Typed arrays, read once from the endpoint objects: the passes below
   *  run per netlist, and the endpoint objects' shapes vary (a register's
   *  state is a node id, a memory's a name), so code reading them is
   *  optimised again each time a netlist brings a shape it had not met. */
  loadStart: Int32Array;
  loadDriver: Int32Array;
  loadEndpoint: Int32Array;
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
  const loadStart = new Int32Array(what.length + 1);
  for (let s = 0; s < loads.length; s++) {
    let k = 0;
    for (const i of loads[s]!) k += graph.endpoints[i]!.loopDrivers.length;
    loadStart[s + 1] = loadStart[s]! + k;
  }
  const loadDriver = new Int32Array(loadStart[what.length]!);
  const loadEndpoint = new Int32Array(loadStart[what.length]!);
  for (let s = 0, k = 0; s < loads.length; s++) {
    for (const i of loads[s]!) {
      for (const d of graph.endpoints[i]!.loopDrivers) {
        loadDriver[k] = d;
        loadEndpoint[k++] = i;
      }
    }
  }
  const nameOf = (s: number): string => {
    const w = what[s]!;
    if (typeof w === 'string') return w;
    const g = graph.nodes[w]!;
    return `${g.path}.${g.label}`;
  };
  return { sourceOf, count: what.length, nameOf, loadStart, loadDriver, loadEndpoint };
}

/** Tarjan's strongly connected components of a graph given as successor
 *  runs (node v's: adj[start[v] .. start[v + 1])), iteratively. */
function components(n: number, start: Int32Array, adj: Int32Array): { comp: Int32Array; size: Int32Array } {
  const comp = new Int32Array(n).fill(-1);
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  let sp = 0;
  // The search path: each node and the next of its successors to visit.
  const pathNode = new Int32Array(n);
  const pathEdge = new Int32Array(n);
  const sizes: number[] = [];
  let next = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    let depth = 0;
    pathNode[0] = root;
    pathEdge[0] = start[root]!;
    index[root] = low[root] = next++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const v = pathNode[depth]!;
      const k = pathEdge[depth]!;
      if (k < start[v + 1]!) {
        pathEdge[depth] = k + 1;
        const w = adj[k]!;
        if (index[w] === -1) {
          index[w] = low[w] = next++;
          stack[sp++] = w;
          onStack[w] = 1;
          depth++;
          pathNode[depth] = w;
          pathEdge[depth] = start[w]!;
        } else if (onStack[w] && index[w]! < low[v]!) low[v] = index[w]!;
        continue;
      }
      depth--;
      if (depth >= 0) {
        const parent = pathNode[depth]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
      if (low[v] === index[v]) {
        const c = sizes.length;
        let size = 0;
        let w: number;
        do {
          w = stack[--sp]!;
          onStack[w] = 0;
          comp[w] = c;
          size++;
        } while (w !== v);
        sizes.push(size);
      }
    }
  }
  return { comp, size: Int32Array.from(sizes) };
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

// A sweep runs this once per netlist (thousands of nodes, hundreds of
// states), so the loops are found in one pass over the netlist itself: the
// node graph with the state edges added (a load's loop drivers feed the
// state's node; a memory or CAM, a node of its own, feeds the nodes reading
// it; a state's node takes no combinational edge, as its output starts a
// path) has a cycle exactly where the graph of states feeds back, and its
// strongly connected components are the loops with the nodes on them: a
// node on a cycle lies on a path from a state of the loop to a next-state
// input of the same loop, and such a node closes a cycle through the
// loop's states. (Before, which states reach each node was propagated as
// a set per node and each loop searched backwards.)
export function loopStructure(graph: TimingGraph, order: Int32Array): LoopStructure {
  const sg = stateGraph(graph);
  const ns = sg.count;
  const { n, succStart, succ, state } = graphArrays(graph);
  // Each state's node: its register or read port, or node n + s for a memory or CAM.
  const stateNode = new Int32Array(ns).fill(-1);
  for (let v = 0; v < n; v++) {
    const s = sg.sourceOf[v]!;
    if (s !== -1 && state[v]) stateNode[s] = v;
  }
  for (let s = 0; s < ns; s++) if (stateNode[s] === -1) stateNode[s] = n + s;
  const total = n + ns;
  // Successor runs: combinational consumers (not states), the states a node's loads feed, a storage's readers.
  const count = new Int32Array(total + 1);
  const selfLoop = new Uint8Array(ns);
  for (let v = 0; v < n; v++) for (let k = succStart[v]!; k < succStart[v + 1]!; k++) if (!state[succ[k]!]) count[v + 1]!++;
  const { loadStart, loadDriver } = sg;
  for (let k = 0; k < loadDriver.length; k++) count[loadDriver[k]! + 1]!++;
  for (let v = 0; v < n; v++) {
    const s = sg.sourceOf[v]!;
    if (s !== -1 && !state[v]) count[stateNode[s]! + 1]!++;
  }
  for (let x = 0; x < total; x++) count[x + 1]! += count[x]!;
  const adj = new Int32Array(count[total]!);
  const fill = count.slice(0, total);
  for (let v = 0; v < n; v++) for (let k = succStart[v]!; k < succStart[v + 1]!; k++) if (!state[succ[k]!]) adj[fill[v]!++] = succ[k]!;
  for (let s = 0; s < ns; s++) {
    for (let k = loadStart[s]!; k < loadStart[s + 1]!; k++) {
      const d = loadDriver[k]!;
      adj[fill[d]!++] = stateNode[s]!;
      if (d === stateNode[s]) selfLoop[s] = 1;
    }
  }
  for (let v = 0; v < n; v++) {
    const s = sg.sourceOf[v]!;
    if (s !== -1 && !state[v]) adj[fill[stateNode[s]!]!++] = v;
  }
  const scc = components(total, count, adj);
  // A plain loop: from() with a mapping function calls it per element.
  const comp = new Int32Array(ns);
  for (let s = 0; s < ns; s++) comp[s] = scc.comp[stateNode[s]!]!;
  const inLoop = new Uint8Array(ns);
  const loopComps = new Set<number>();
  for (let s = 0; s < ns; s++) {
    if (scc.size[comp[s]!]! > 1 || selfLoop[s]) {
      inLoop[s] = 1;
      loopComps.add(comp[s]!);
    }
  }
  const loops = [...loopComps];
  const loopOfComp = new Int32Array(scc.size.length).fill(-1);
  loops.forEach((c, l) => (loopOfComp[c] = l));
  const onLoop = new Uint8Array(n);
  const members: number[][] = loops.map(() => []);
  for (let i = 0; i < order.length; i++) {
    const v = order[i]!;
    const l = loopOfComp[scc.comp[v]!]!;
    if (l === -1) continue;
    onLoop[v] = 1;
    members[l]!.push(v);
  }
  return { states: sg, comp, inLoop, loopComps: loops, onLoop, loopNodes: members.map((m) => Int32Array.from(m)) };
}

/** The loop bound with node delays `own` (critical-path.ts, nodeDelays),
 *  endpoint logic `endpointDelay` (endpointDelays) and read ports' access
 *  times under `delay`: per loop, the longest path from its states through
 *  its own nodes (loopNodes) to its states' next-state inputs. */
export function loopDelay(graph: TimingGraph, order: Int32Array, ls: LoopStructure, own: Float64Array, delay: DelayFn, endpointDelay: Float64Array): LoopBound {
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
    for (let s = 0; s < sg.count; s++) {
      if (ls.comp[s] !== c || !ls.inLoop[s]) continue;
      for (let k = sg.loadStart[s]!; k < sg.loadStart[s + 1]!; k++) {
        const t = arrival[sg.loadDriver[k]!]! + endpointDelay[sg.loadEndpoint[k]!]!;
        if (t > worst) [worst, atState] = [t, s];
      }
    }
    for (let i = 0; i < nodes.length; i++) arrival[nodes[i]!] = -Infinity;
  });
  return { delayPs: worst, at: atState === -1 ? null : sg.nameOf(atState), statesInLoops };
}

/** The loop bound of `graph` with operator delays `delay`; `order` is a
 *  topological order of its nodes (critical-path.ts computes one). */
export function loopBound(graph: TimingGraph, order: Int32Array, delay: DelayFn): LoopBound {
  return loopDelay(graph, order, loopStructure(graph, order), nodeDelays(graph, delay), delay, endpointDelays(graph, delay));
}
