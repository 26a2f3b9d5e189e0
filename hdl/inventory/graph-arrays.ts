// The timing graph as flat typed arrays, built once per graph: the passes
// pricing runs over it (timing, loops, retiming cuts, form choices) run a
// dozen times per design in a sweep, and walking its node objects and
// their pred arrays cost more than the arithmetic. Same nodes, same edge
// order (preds as listed, successors in node order), so a pass over these
// arrays visits and adds exactly what the pass over the objects did.
import type { TimingGraph } from './timing-graph.js';

export interface GraphArrays {
  readonly n: number;
  /** preds of v: pred[predStart[v] .. predStart[v + 1]). */
  readonly predStart: Int32Array;
  readonly pred: Int32Array;
  /** Combinational consumers of v, in node order. */
  readonly succStart: Int32Array;
  readonly succ: Int32Array;
  /** 1 for registers and synchronous read ports (their output starts a path). */
  readonly state: Uint8Array;
  /** 1 for constants. */
  readonly constant: Uint8Array;
  /** 1 for a node that only renames or extends its single predecessor
   *  (wire, input, instance output, zero or sign extension): retiming
   *  counts its value as its source's (cuts.ts). */
  readonly alias: Uint8Array;
  readonly width: Float64Array;
  /** Instance of each node, as an index into `paths` (first appearance order). */
  readonly path: Int32Array;
  readonly paths: readonly string[];
}

const cache = new WeakMap<TimingGraph, GraphArrays>();

export function graphArrays(graph: TimingGraph): GraphArrays {
  let a = cache.get(graph);
  if (a !== undefined) return a;
  const nodes = graph.nodes;
  const n = nodes.length;
  const predStart = new Int32Array(n + 1);
  let edges = 0;
  for (let v = 0; v < n; v++) {
    predStart[v] = edges;
    edges += nodes[v]!.preds.length;
  }
  predStart[n] = edges;
  const pred = new Int32Array(edges);
  const outDeg = new Int32Array(n + 1);
  const state = new Uint8Array(n);
  const constant = new Uint8Array(n);
  const alias = new Uint8Array(n);
  const width = new Float64Array(n);
  const path = new Int32Array(n);
  const paths: string[] = [];
  const pathIdx = new Map<string, number>();
  for (let v = 0; v < n; v++) {
    const g = nodes[v]!;
    let k = predStart[v]!;
    for (const p of g.preds) {
      pred[k++] = p;
      outDeg[p]!++;
    }
    const op = g.node.op;
    state[v] = op === 'reg' || (op === 'memread' && g.node.sync) ? 1 : 0;
    constant[v] = op === 'const' ? 1 : 0;
    alias[v] = g.preds.length === 1 && (op === 'wire' || op === 'input' || op === 'instout' || op === 'zext' || op === 'sext') ? 1 : 0;
    width[v] = g.node.width;
    let pi = pathIdx.get(g.path);
    if (pi === undefined) pathIdx.set(g.path, (pi = paths.push(g.path) - 1));
    path[v] = pi;
  }
  const succStart = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) succStart[v + 1] = succStart[v]! + outDeg[v]!;
  const fill = succStart.slice(0, n);
  const succ = new Int32Array(edges);
  for (let v = 0; v < n; v++) for (let k = predStart[v]!; k < predStart[v + 1]!; k++) succ[fill[pred[k]!]!++] = v;
  a = { n, predStart, pred, succStart, succ, state, constant, alias, width, path, paths };
  cache.set(graph, a);
  return a;
}
