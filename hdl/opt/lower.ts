// The hardware a library operation stands for. popcount, prienc and
// argmin/argmax are single nodes so that the simulator can compute them
// with a few word operations; the Verilog backend prints, and the
// inventory prices and times, the tree each one is built as here:
//  - popcount: a balanced tree of adders, each level one bit wider;
//  - prienc: a balanced tree that splits at a power of two; each join ORs
//    its halves' request bits and picks the half that wins, one index bit
//    per level (log2 N levels of 2:1 muxes);
//  - argmin/argmax: a balanced tree of comparators over (valid, key, index)
//    triples, pairs joined level by level, an odd one passed up: each join
//    takes B when B is valid and A is not, or B's key is better (strictly,
//    so ties keep the earlier A; or equal too, with `latest`).
// The trees are built through the optimiser's own simplify-and-hash, seeded
// with the module's existing logic, so a tree shares what it has in common
// with the rest of the module (the OR trees of a lowest- and a highest-first
// encoder of one vector are one) exactly as a hand-written tree would.
// Every node keeps its id: the operation's own node becomes the root of its
// tree (so its name, and the simulator's toggle count of it, stay), and the
// tree's other nodes are appended; what no one reads (the root join's key
// mux) is dropped, as the optimiser drops it from a hand-written tree.
import { mapNode } from '../map-node.js';
import { camPortOperands, countBits, indexBits, isLibraryOp, operands, type Design, type ModuleIR, type Node, type NodeId } from '../ir.js';
import type { NodeSpec } from '../signal.js';
import { HashedNodes } from './optimise.js';
import { PURE_OPS } from './simplify.js';

type LibraryNode = Extract<Node, { op: 'popcount' | 'prienc' | 'argmin' | 'argmax' }>;

/** The design with every library operation spelled out as its tree; the
 *  design itself when it has none. Modules are lowered once each, and an
 *  instance of a lowered module refers to the lowered one. */
export function lowerDesign(design: Design): Design {
  const lowered = new Map<ModuleIR, ModuleIR>();
  for (const m of design.modules) {
    const own = lowerModule(m);
    const children = m.instances.some((i) => lowered.get(i.module) !== i.module);
    lowered.set(m, children ? { ...own, instances: own.instances.map((i) => ({ ...i, module: lowered.get(i.module) ?? i.module })) } : own);
  }
  if ([...lowered].every(([m, l]) => m === l)) return design;
  const top = lowered.get(design.top) ?? design.top;
  return { ...design, top, modules: design.modules.map((m) => lowered.get(m) ?? m) };
}

/** The module with its library operations spelled out; the module itself
 *  when it has none. Node ids below the module's node count keep their
 *  meaning; the trees' interior nodes come after them. */
export function lowerModule(m: ModuleIR): ModuleIR {
  const ops = m.nodes.filter(isLibraryOp);
  if (ops.length === 0) return m;
  const count = m.nodes.length;
  const nodes = m.nodes.slice();
  const built = new HashedNodes(nodes);
  for (const n of m.nodes) if (n.name === undefined && PURE_OPS.has(n.op) && !isLibraryOp(n)) built.seed(n);
  for (const n of ops) {
    built.origin = n;
    const root = lowerOp(n, new TreeBuilder(built));
    const head = { id: n.id, width: n.width, ...(n.name !== undefined && { name: n.name }), ...(n.loc && { loc: n.loc }), ...(n.display && { display: n.display }) };
    if (root >= count) {
      // The root moves into the operation's node; a later tree that
      // shares it reads it there.
      const { id: _id, width: _w, name: _n, loc: _l, display: _d, ...body } = nodes[root]!;
      nodes[n.id] = { ...body, ...head } as Node;
      nodes[root] = { id: root, width: n.width, op: 'wire', a: n.id };
    } else nodes[n.id] = { ...head, op: 'wire', a: root };
  }
  return { ...m, nodes: dropUnread(m, nodes, count) };
}

/** The appended nodes (ids from `count`) that the module's own nodes,
 *  ports, storage and instances read, renumbered after them. */
function dropUnread(m: ModuleIR, nodes: Node[], count: number): Node[] {
  const live = new Uint8Array(nodes.length);
  const stack: NodeId[] = [];
  const mark = (id: NodeId): void => {
    if (live[id] === 0) {
      live[id] = 1;
      stack.push(id);
    }
  };
  for (let id = 0; id < count; id++) mark(id);
  for (const p of m.ports) mark(p.node);
  for (const mem of m.memories) for (const p of mem.writePorts) [p.addr, p.data, p.en].forEach(mark);
  for (const cam of m.cams) for (const p of cam.writePorts) camPortOperands(p).forEach(mark);
  while (stack.length > 0) operands(nodes[stack.pop()!]!).forEach(mark);
  const newId = new Int32Array(nodes.length);
  let k = 0;
  for (let id = 0; id < nodes.length; id++) newId[id] = live[id] ? k++ : -1;
  const g = (id: NodeId): NodeId => newId[id]!;
  const same = { node: g, mem: (i: number) => i, cam: (i: number) => i };
  return nodes.filter((_, id) => live[id]).map((n) => mapNode(n, g(n.id), n.name, same));
}

/** The root of the tree `n` stands for. */
function lowerOp(n: LibraryNode, t: TreeBuilder): NodeId {
  switch (n.op) {
    case 'popcount':
      return popcountTree(n.a, t);
    case 'prienc':
      return priorityTree(n.a, n.highest, t);
    case 'argmin':
    case 'argmax':
      return argExtremeTree(n, t);
  }
}

/** Bits summed pairwise, level by level, each sum one bit wider than its
 *  wider operand but never wider than the count (countBits(width)): only
 *  the root of a tree over a width that is no power of two would be, and
 *  its top bit is always 0; then extended to countBits(width). */
function popcountTree(a: NodeId, t: TreeBuilder): NodeId {
  const wa = t.width(a);
  const w = countBits(wa);
  let level = Array.from({ length: wa }, (_, i) => t.bit(a, i));
  while (level.length > 1) {
    const next: NodeId[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(t.widenAdd(level[i]!, level[i + 1]!, w));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  const sum = level[0]!;
  return t.width(sum) === w ? sum : t.make({ op: 'zext', a: sum }, w);
}

interface EncoderNode {
  any: NodeId;
  /** null for a single bit: its index within itself is 0. */
  index: NodeId | null;
  bits: number;
}

/** {valid, index}: the request bits' OR and the winning bit's index. */
function priorityTree(a: NodeId, highest: boolean, t: TreeBuilder): NodeId {
  const join = (bits: NodeId[]): EncoderNode => {
    if (bits.length === 1) return { any: bits[0]!, index: null, bits: 0 };
    const half = 2 ** (indexBits(bits.length) - 1);
    const lo = join(bits.slice(0, half));
    const hi = join(bits.slice(half));
    // With nothing set, both rules pick the low half, so the index is 0.
    const pickHi = highest ? hi.any : t.make({ op: 'and', a: t.make({ op: 'not', a: lo.any }, 1), b: hi.any }, 1);
    const w = Math.max(1, lo.bits);
    const idxOf = (e: EncoderNode): NodeId => (e.index === null ? t.constant(0n, w) : t.make({ op: 'zext', a: e.index }, w));
    const index = lo.bits === 0 ? pickHi : t.cat([pickHi, t.mux2(pickHi, idxOf(hi), idxOf(lo))]);
    return { any: t.make({ op: 'or', a: lo.any, b: hi.any }, 1), index, bits: lo.bits + 1 };
  };
  const e = join(Array.from({ length: t.width(a) }, (_, i) => t.bit(a, i)));
  return t.cat([e.any, e.index ?? t.constant(0n, 1)]);
}

/** {found, index}: a comparator tree over (valid, key, index), as the
 *  merge units built by hand before (units/merge-common/hw-lib.ts). */
function argExtremeTree(n: Extract<Node, { op: 'argmin' | 'argmax' }>, t: TreeBuilder): NodeId {
  const bits = indexBits(n.keys.length);
  type Leaf = { v: NodeId; k: NodeId; idx: NodeId };
  let level: Leaf[] = n.keys.map((k, i) => ({ v: t.bit(n.valid, i), k, idx: t.constant(BigInt(i), bits) }));
  const cmp = n.signed ? (n.latest ? 'les' : 'lts') : n.latest ? 'leu' : 'ltu';
  const join = (a: Leaf, b: Leaf): Leaf => {
    const better = n.op === 'argmax' ? t.make({ op: cmp, a: a.k, b: b.k }, 1) : t.make({ op: cmp, a: b.k, b: a.k }, 1);
    const takeB = t.make({ op: 'and', a: b.v, b: t.make({ op: 'or', a: t.make({ op: 'not', a: a.v }, 1), b: better }, 1) }, 1);
    return { v: t.make({ op: 'or', a: a.v, b: b.v }, 1), k: t.mux2(takeB, b.k, a.k), idx: t.mux2(takeB, b.idx, a.idx) };
  };
  while (level.length > 1) {
    const next: Leaf[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? join(level[i]!, level[i + 1]!) : level[i]!);
    level = next;
  }
  return t.cat([level[0]!.v, level[0]!.idx]);
}

/** The few node shapes the trees are made of, as the DSL would build them. */
class TreeBuilder {
  constructor(private readonly built: HashedNodes) {}

  make(spec: NodeSpec, width: number): NodeId {
    return this.built.make(spec, width);
  }
  constant(value: bigint, width: number): NodeId {
    return this.built.kit.constant(value, width);
  }
  width(id: NodeId): number {
    return this.built.nodes[id]!.width;
  }
  slice(a: NodeId, lo: number, width: number): NodeId {
    return this.make({ op: 'slice', a, lo }, width);
  }
  bit(a: NodeId, i: number): NodeId {
    return this.slice(a, i, 1);
  }
  /** x.add(y) on uints: both extended to one bit more than the wider (at
   *  most `cap` bits, when the sum is known to fit). */
  widenAdd(x: NodeId, y: NodeId, cap: number): NodeId {
    const w = Math.min(Math.max(this.width(x), this.width(y)) + 1, cap);
    return this.make({ op: 'add', a: this.make({ op: 'zext', a: x }, w), b: this.make({ op: 'zext', a: y }, w) }, w);
  }
  /** sel ? whenTrue : whenFalse. */
  mux2(sel: NodeId, whenTrue: NodeId, whenFalse: NodeId): NodeId {
    return this.make({ op: 'mux', sel, cases: [whenFalse, whenTrue] }, this.width(whenTrue));
  }
  cat(parts: NodeId[]): NodeId {
    return this.make({ op: 'concat', parts }, parts.reduce((s, p) => s + this.width(p), 0));
  }
}
