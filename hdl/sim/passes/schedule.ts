// Evaluation order. Wires are folded into aliases of the node that really
// computes the value; every other combinational node is placed after its
// operands by a depth-first post-order, which keeps each value's definition
// near its uses (short live ranges for the locals of the generated code).
// State (registers, sync read data) and inputs/constants are sources.
import { camPortOperands, type NodeId } from '../../ir.js';
import { simCombOperands, type SimNetlist, type SimNode } from '../netlist.js';
import type { Labeler } from './labels.js';
import { InternalError } from '../../errors.js';

/** root[i]: the non-wire node whose value node i carries. */
export function resolveAliases(net: SimNetlist, label: Labeler): Int32Array {
  const root = new Int32Array(net.nodes.length).fill(-1);
  for (let i = 0; i < net.nodes.length; i++) {
    const chain: NodeId[] = [];
    let j = i;
    while (root[j] === -1) {
      const n = net.nodes[j]!;
      if (n.op !== 'wire') {
        root[j] = j;
        break;
      }
      if (chain.includes(j)) {
        throw new InternalError(`simulator: combinational loop of wires: ${[...chain, j].map(label).join(' -> ')}`);
      }
      chain.push(j);
      j = n.a;
    }
    for (const k of chain) root[k] = root[j]!;
  }
  return root;
}

/** Is this a node whose value generated code computes combinationally? */
export function isComputed(n: SimNode): boolean {
  switch (n.op) {
    case 'const':
    case 'input':
    case 'wire':
    case 'reg':
      return false;
    case 'memread':
      return !n.sync;
    default:
      return true;
  }
}

/** Computed nodes in dependency order. `from`: only the cones of these
 *  nodes (default: every node). Throws naming the signals of a loop. */
export function schedule(net: SimNetlist, root: Int32Array, label: Labeler, from?: Iterable<NodeId>): NodeId[] {
  const nodes = net.nodes;
  const mark = new Uint8Array(nodes.length); // 0 new, 1 on stack, 2 done
  const order: NodeId[] = [];
  const stack: NodeId[] = [];
  const opsOf: NodeId[][] = [];
  const next: number[] = [];
  const visit = (start: NodeId): void => {
    start = root[start]!;
    if (mark[start] !== 0) return;
    mark[start] = 1;
    stack.push(start);
    opsOf.push(simCombOperands(nodes[start]!));
    next.push(0);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const ops = opsOf[opsOf.length - 1]!;
      const k = next[next.length - 1]!;
      if (k < ops.length) {
        next[next.length - 1] = k + 1;
        const child = root[ops[k]!]!;
        if (mark[child] === 1) {
          const loop = stack.slice(stack.indexOf(child));
          throw new InternalError(`simulator: combinational loop: ${describeLoop(net, root, label, [...loop, child])}`);
        }
        if (mark[child] === 0) {
          mark[child] = 1;
          stack.push(child);
          opsOf.push(simCombOperands(nodes[child]!));
          next.push(0);
        }
        continue;
      }
      stack.pop();
      opsOf.pop();
      next.pop();
      mark[top] = 2;
      if (isComputed(nodes[top]!)) order.push(top);
    }
  };
  if (from === undefined) for (let i = 0; i < nodes.length; i++) visit(i);
  else for (const i of from) visit(i);
  return order;
}

/** The loop's nodes, with the named wires between them that folding hid
 *  (the names the designer will recognise). */
function describeLoop(net: SimNetlist, root: Int32Array, label: Labeler, loop: NodeId[]): string {
  const names = [label(loop[0]!)];
  for (let i = 0; i + 1 < loop.length; i++) {
    const [from, to] = [loop[i]!, loop[i + 1]!];
    let op = simCombOperands(net.nodes[from]!).find((o) => root[o] === to)!;
    while (op !== to) {
      const n = net.nodes[op]!;
      if (n.name !== undefined) names.push(n.name);
      op = (n as { a: NodeId }).a;
    }
    names.push(label(to));
  }
  return names.join(' -> ');
}

/** Nodes sampled at the clock edge: what the next state depends on. */
export function edgeInputs(net: SimNetlist): NodeId[] {
  const out: NodeId[] = [];
  for (const n of net.nodes) {
    if (n.op === 'reg') out.push(n.d, ...(n.en === null ? [] : [n.en]));
    if (n.op === 'memread' && n.sync) out.push(n.addr, ...(n.en === null ? [] : [n.en]));
  }
  for (const m of net.memories) for (const p of m.writePorts) out.push(p.addr, p.data, p.en);
  for (const c of net.cams) for (const p of c.writePorts) out.push(...camPortOperands(p));
  return out;
}
