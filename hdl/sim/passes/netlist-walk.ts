// Walks and a node builder the simulator's netlist rewrites and code
// generators share.
import type { Node, NodeId } from '../../ir.js';
import { simOperands, type SimNetlist, type SimNode } from '../netlist.js';

/** The node behind `id` with wires followed (on `nodes`, which a rewrite
 *  may have extended beyond the netlist's own). */
export function throughWires(nodes: readonly SimNode[], id: NodeId): NodeId {
  let r = id;
  for (let n = nodes[r]!; n.op === 'wire'; n = nodes[r]!) r = n.a;
  return r;
}

/** How many places read each node: node operands, memory and CAM write
 *  ports, top-level outputs. A rewrite may only fold a node into its one
 *  reader when this is 1. */
export function readerCounts(net: SimNetlist): Uint32Array {
  const count = new Uint32Array(net.nodes.length);
  for (const n of net.nodes) for (const o of simOperands(n)) count[o]!++;
  for (const m of net.memories) for (const p of m.writePorts) for (const o of [p.addr, p.data, p.en]) count[o]!++;
  for (const c of net.cams) {
    for (const p of c.writePorts) for (const o of [p.index, p.key, p.care, p.valid, p.en]) if (o !== undefined && o !== null) count[o]!++;
  }
  for (const o of net.outputs) count[o.node]!++;
  return count;
}

/** Appends nodes to `nodes` (a rewrite's copy of the netlist's), one per
 *  key: a rewrite that builds the same joined field or packed word for
 *  several readers makes it once. Returns the node's id. */
export function internedAdder(nodes: SimNode[]): (key: string, n: Omit<Node, 'id'>) => NodeId {
  const made = new Map<string, NodeId>();
  return (key, n) => {
    const hit = made.get(key);
    if (hit !== undefined) return hit;
    const id = nodes.length;
    nodes.push({ ...n, id } as Node);
    made.set(key, id);
    return id;
  };
}
