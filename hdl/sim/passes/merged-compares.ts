// Field-by-field equality as one compare. Hardware that matches records
// compares them a field at a time and ANDs the results: (a.from == b.to) &
// (a.to == b.from), 64 times per edge-list pair in the pmu. Within one AND
// tree, eq(a1, b1) & eq(a2, b2) is exactly eq({a1, a2}, {b1, b2}): one
// compare and no AND instead of two compares and an AND. It pays when the
// concatenations are cheap: a1 and a2 adjacent slices of one value make
// {a1, a2} a single slice, and the other side's concatenation is built once
// and shared by every tree that compares against it. Only pairs whose
// joined width fits one int32 (32 bits) are merged, and never a compare
// against a constant (decoders, which passes/decoded-select.ts looks for).
import type { SimNetlist, SimNode } from '../netlist.js';
import type { Node, NodeId } from '../../ir.js';
import { internedAdder, readerCounts, throughWires } from './netlist-walk.js';

export function mergeCompares(net: SimNetlist): { net: SimNetlist; merged: number } {
  const nodes: SimNode[] = net.nodes.slice();
  const through = (id: NodeId): NodeId => throughWires(nodes, id);
  const readers = readerCounts(net);

  const isAnd1 = (id: NodeId): boolean => nodes[id]!.op === 'and' && nodes[id]!.width === 1;
  const inner = new Uint8Array(nodes.length);
  for (const n of net.nodes) {
    if (n.op !== 'and' || n.width !== 1) continue;
    for (const o of [n.a, n.b]) if (isAnd1(o) && readers[o] === 1) inner[o] = 1;
  }
  const add = internedAdder(nodes);
  /** {hi, lo}: one slice when they are adjacent slices of one node. */
  const join = (hi: NodeId, lo: NodeId): { id: NodeId; cheap: boolean } => {
    const h = nodes[hi]!;
    const l = nodes[lo]!;
    const width = h.width + l.width;
    if (h.op === 'slice' && l.op === 'slice' && through(h.a) === through(l.a) && h.lo === l.lo + l.width) {
      return { id: add(`s${through(l.a)}:${l.lo}:${width}`, { width, op: 'slice', a: through(l.a), lo: l.lo } as Omit<Node, 'id'>), cheap: true };
    }
    return { id: add(`c${hi}:${lo}`, { width, op: 'concat', parts: [hi, lo] } as Omit<Node, 'id'>), cheap: false };
  };
  const isConst = (id: NodeId): boolean => nodes[through(id)]!.op === 'const';

  let merged = 0;
  for (const n of net.nodes) {
    if (n.op !== 'and' || n.width !== 1 || inner[n.id]) continue;
    const leaves: NodeId[] = [];
    const stack: NodeId[] = [n.a, n.b];
    while (stack.length > 0) {
      const o = stack.pop()!;
      const on = nodes[o]!;
      if (on.op === 'and' && inner[o]) stack.push(on.a, on.b);
      else leaves.push(o);
    }
    const eqs = leaves.filter((l) => {
      const e = nodes[through(l)]!;
      return e.op === 'eq' && !isConst(e.a) && !isConst(e.b) && nodes[e.a]!.width < 32;
    });
    const used = new Set<NodeId>();
    const fused: NodeId[] = [];
    for (const i of eqs) {
      if (used.has(i)) continue;
      const ei = nodes[through(i)] as Node & { a: NodeId; b: NodeId };
      for (const j of eqs) {
        if (j === i || used.has(j) || used.has(i)) continue;
        const ej = nodes[through(j)] as Node & { a: NodeId; b: NodeId };
        if (nodes[ei.a]!.width + nodes[ej.a]!.width > 32) continue;
        // Try both orders and both operand pairings; take the one with a
        // single slice on a side.
        const tries: [NodeId, NodeId, NodeId, NodeId][] = [
          [through(ei.a), through(ej.a), through(ei.b), through(ej.b)],
          [through(ej.a), through(ei.a), through(ej.b), through(ei.b)],
          [through(ei.b), through(ej.b), through(ei.a), through(ej.a)],
          [through(ej.b), through(ei.b), through(ej.a), through(ei.a)],
        ];
        const hit = tries.find(([h, l]) => {
          const a = nodes[h]!;
          const b = nodes[l]!;
          return a.op === 'slice' && b.op === 'slice' && through(a.a) === through(b.a) && a.lo === b.lo + b.width;
        });
        if (hit === undefined) continue;
        const left = join(hit[0], hit[1]);
        const right = join(hit[2], hit[3]);
        fused.push(add(`e${left.id}:${right.id}`, { width: 1, op: 'eq', a: left.id, b: right.id } as Omit<Node, 'id'>));
        used.add(i);
        used.add(j);
        merged++;
      }
    }
    if (used.size === 0) continue;
    const rest = [...leaves.filter((l) => !used.has(l)), ...fused];
    let acc = rest[0]!;
    for (const r of rest.slice(1, -1)) acc = add(`a${acc}:${r}`, { width: 1, op: 'and', a: acc, b: r } as Omit<Node, 'id'>);
    const head = { ...(n.name === undefined ? {} : { name: n.name }), ...(n.loc ? { loc: n.loc } : {}), ...(n.display ? { display: n.display } : {}) };
    nodes[n.id] = rest.length === 1 ? { ...head, id: n.id, width: 1, op: 'wire', a: acc } : { ...head, id: n.id, width: 1, op: 'and', a: acc, b: rest[rest.length - 1]! };
  }
  return { net: merged === 0 ? net : { ...net, nodes }, merged };
}
