// Bit-level trees as word operations, in the netlist the simulator compiles
// (never a design). Hardware spells out "oldest valid entry", "lowest free
// slot" and "how many are valid" as trees of 1-bit gates and comparators,
// tens of operations per cycle each; when their request bits are bits of
// one narrow word the same values come from a few word operations:
//  - arg-min/max trees (arg-extreme.ts): one Math.min over packed words,
//    skipped when at most one leaf is valid (a bit test and a clz: CAM
//    matches are mostly empty or single);
//  - first-set trees (bit-trees.ts): count trailing zeros of V & M;
//  - bit counts: popcount of V & M;
//  - OR trees of bits: redor(V & M), an ordinary node.
// Each rewritten node keeps its id (named signals stay peekable) and becomes
// a `concat` of the nodes its new value reads, so scheduling, chunking and
// liveness see exactly those inputs; its code comes from wordTreeValue
// (codegen-node.ts asks it first). The trees' old interior nodes stay,
// computed only by a full settle or for other readers.
import type { FlatNetlist } from '../flatten.js';
import { operands, type Node, type NodeId } from '../ir.js';
import { argExtremeTree, type ArgTree } from './arg-extreme.js';
import { bitOf, countedBits, firstSetLeaves, orLeaves, type FirstSetLeaf } from './bit-trees.js';
import type { ExprCtx } from './codegen-util.js';
import { internedAdder, throughWires } from './netlist-walk.js';

/** Fewest leaves worth a rewrite: below it the tree is as cheap. */
const MIN_LEAVES = 4;
/** Packed arg-min words stay non-negative int32: sentinel bit at most 30. */
const MAX_PACKED_BITS = 30;

/** Where a leaf's valid bit comes from: bit `bit` of narrow node `word`,
 *  or a 1-bit node. */
type ValidSource = { word: NodeId; bit: number } | { node: NodeId };

type Kernel =
  | { kind: 'argmin'; keys: NodeId[]; flip: number; valids: ValidSource[]; shift: number; tieBits: number; latest: boolean }
  | { kind: 'firstset'; word: NodeId; mask: number; last: NodeId }
  | { kind: 'count'; word: NodeId; mask: number; width: number };

/** Keyed by the node object: later passes copy the node array, not the
 *  nodes they leave alone. */
const kernels = new WeakMap<Node, Kernel>();

export interface WordTreeStats {
  argExtremes: number;
  firstSets: number;
  counts: number;
  orBits: number;
}

export function rewriteWordTrees(net: FlatNetlist, stats?: WordTreeStats): FlatNetlist {
  const nodes: Node[] = net.nodes.slice();
  const through = (id: NodeId): NodeId => throughWires(nodes, id);
  const add = internedAdder(nodes);
  const constOf = (id: NodeId): bigint | null => {
    const n = nodes[through(id)]!;
    return n.op === 'const' ? n.value : null;
  };
  /** Node `id` becomes `n`, keeping its name, location and display. */
  const replace = (id: NodeId, n: Omit<Node, 'id' | 'width'>, kernel?: Kernel): void => {
    const old = nodes[id]!;
    const head = { id, width: old.width, ...(old.name === undefined ? {} : { name: old.name }), ...(old.loc ? { loc: old.loc } : {}), ...(old.display ? { display: old.display } : {}) };
    const node = { ...head, ...n } as Node;
    nodes[id] = node;
    if (kernel !== undefined) kernels.set(node, kernel);
  };
  const kernelNode = (id: NodeId, parts: NodeId[], kernel: Kernel): void => replace(id, { op: 'concat', parts: [...new Set(parts)] } as Omit<Node, 'id' | 'width'>, kernel);
  const s: WordTreeStats = { argExtremes: 0, firstSets: 0, counts: 0, orBits: 0 };

  // Arg-extreme and first-set trees that fit a kernel; one inside a larger
  // one is left to it.
  const argTrees = new Map<NodeId, ArgTree>();
  const firstSets = new Map<NodeId, Extract<Kernel, { kind: 'firstset' }>>();
  const inside = new Set<NodeId>();
  for (const n of net.nodes) {
    if (n.op !== 'mux' || n.cases.length !== 2 || n.width > 32) continue;
    const t = argExtremeTree(nodes, n.id, through);
    if (t !== null && t.leaves.length >= MIN_LEAVES && argFits(nodes, t, constOf)) {
      argTrees.set(n.id, t);
      t.joins.forEach((j) => inside.add(j));
      continue;
    }
    const f = firstSetLeaves(nodes, n.id, through);
    const k = f === null || f.leaves.length < MIN_LEAVES ? null : firstSetKernel(nodes, f.leaves, constOf, through);
    if (k !== null) {
      firstSets.set(n.id, k);
      f!.joins.forEach((j) => inside.add(j));
    }
  }
  for (const [root, t] of argTrees) {
    if (inside.has(root)) continue;
    const k = argKernel(nodes, t, through);
    kernelNode(root, [...k.keys, ...k.valids.map((v) => ('word' in v ? v.word : v.node))], k);
    s.argExtremes++;
  }
  for (const [root, k] of firstSets) {
    if (inside.has(root)) continue;
    kernelNode(root, [k.word, k.last], k);
    s.firstSets++;
  }

  // Bit counts and OR trees of bits: roots are the adds / ORs not read only
  // by adds / ORs of their own kind, counting only readers the clocked code
  // computes (a join of a tree rewritten above no longer reads its ORs);
  // a tree whose inner nodes other logic reads stays as it is, since those
  // are computed anyway.
  const readers = liveReaders(net, nodes);
  const sameKindReaders = new Uint32Array(nodes.length);
  const live = (id: NodeId): boolean => readers[id]! > 0;
  for (const n of nodes) {
    if (!live(n.id) || !((n.op === 'add' || (n.op === 'or' && n.width === 1)) && n.width <= 32)) continue;
    for (const o of [n.a, n.b]) if (nodes[o]!.op === n.op && nodes[o]!.width === n.width) sameKindReaders[o]!++;
  }
  const inner = (id: NodeId): boolean => readers[id]! > 0 && readers[id] === sameKindReaders[id];
  const wordOfBits = (bits: NodeId[]): { word: NodeId; mask: number; distinct: boolean } | null => {
    const at = bits.map((b) => bitOf(nodes, b, through));
    const word = at[0]?.word;
    if (word === undefined || !at.every((b) => b !== null && b.word === word)) return null;
    const set = new Set(at.map((b) => b!.bit));
    return { word, mask: [...set].reduce((m, b) => m | (1 << b), 0), distinct: set.size === at.length };
  };
  const count = nodes.length;
  for (let id = 0; id < count; id++) {
    const n = nodes[id]!;
    if (n.width > 32 || !live(id) || inner(id) || kernels.has(n)) continue;
    if (n.op === 'add') {
      const bits = countedBits(nodes, id, inner, through);
      if (bits === null || bits.length < MIN_LEAVES) continue;
      const w = wordOfBits(bits);
      if (w === null || !w.distinct) continue;
      kernelNode(id, [w.word], { kind: 'count', word: w.word, mask: w.mask, width: n.width });
      s.counts++;
    } else if (n.op === 'or' && n.width === 1) {
      const bits = orLeaves(nodes, id, inner, through);
      if (bits.length < MIN_LEAVES - 1) continue;
      const w = wordOfBits(bits);
      if (w === null) continue;
      const ww = nodes[w.word]!.width;
      const all = ww === 32 ? w.mask === -1 : w.mask === 2 ** ww - 1;
      const masked = all ? w.word : add(`and${w.word}:${w.mask}`, { width: ww, op: 'and', a: w.word, b: add(`k${ww}:${w.mask}`, { width: ww, op: 'const', value: BigInt(w.mask >>> 0) } as Omit<Node, 'id'>) } as Omit<Node, 'id'>);
      replace(id, { op: 'redor', a: masked } as Omit<Node, 'id' | 'width'>);
      s.orBits++;
    }
  }
  if (stats) Object.assign(stats, s);
  return { ...net, nodes };
}

/** Readers of each node among the nodes clocked code computes: those
 *  outputs, write ports and registers (every one: in observe 'all' each is
 *  clocked) depend on, through `nodes` as rewritten. Ports count as readers. */
function liveReaders(net: FlatNetlist, nodes: readonly Node[]): Uint32Array {
  const count = new Uint32Array(nodes.length);
  const live = new Uint8Array(nodes.length);
  const stack: NodeId[] = [];
  const mark = (id: NodeId): void => {
    if (live[id] === 0) {
      live[id] = 1;
      stack.push(id);
    }
  };
  const port = (id: NodeId | null | undefined): void => {
    if (id === null || id === undefined) return;
    count[id]!++;
    mark(id);
  };
  for (const o of net.outputs) port(o.node);
  for (const m of net.memories) for (const p of m.writePorts) [p.addr, p.data, p.en].forEach(port);
  for (const c of net.cams) for (const p of c.writePorts) [p.index, p.key, p.care, p.valid, p.en].forEach(port);
  for (const n of nodes) if (n.op === 'reg' || (n.op === 'memread' && n.sync)) mark(n.id);
  while (stack.length > 0) {
    for (const o of operands(nodes[stack.pop()!]!)) {
      count[o]!++;
      mark(o);
    }
  }
  return count;
}

/** Whether an arg tree fits a packed-minimum kernel: keys and tie field
 *  within MAX_PACKED_BITS, leaf p's idx the constant p. */
function argFits(nodes: readonly Node[], t: ArgTree, constOf: (id: NodeId) => bigint | null): boolean {
  const w = nodes[t.leaves[0]!.k]!.width;
  if (w + tieBitsOf(t.leaves.length) > MAX_PACKED_BITS) return false;
  return t.leaves.every((l, p) => nodes[l.k]!.width === w && constOf(l.idx) === BigInt(p));
}

const tieBitsOf = (n: number): number => Math.max(1, Math.ceil(Math.log2(n)));

/** The packed-minimum kernel of an arg tree that argFits: per leaf the
 *  word (key ^ flip) << tieBits | tie, built inline. */
function argKernel(nodes: readonly Node[], t: ArgTree, through: (id: NodeId) => NodeId): Extract<Kernel, { kind: 'argmin' }> {
  const w = nodes[t.leaves[0]!.k]!.width;
  const strict = t.cmp === 'ltu' || t.cmp === 'lts';
  const signed = t.cmp === 'lts' || t.cmp === 'les';
  // key ^ flip orders keys so that the winner is the smallest: all ones
  // for a maximum, the sign bit for signed keys.
  const flip = (t.min ? 0 : 2 ** w - 1) ^ (signed ? 2 ** (w - 1) : 0);
  const tieBits = tieBitsOf(t.leaves.length);
  const valids: ValidSource[] = t.leaves.map((l) => bitOf(nodes, l.v, through) ?? { node: through(l.v) });
  return { kind: 'argmin', keys: t.leaves.map((l) => through(l.k)), flip, valids, shift: w + tieBits, tieBits, latest: !strict };
}

/** The ctz kernel of a first-set tree, or null: every leaf but the last
 *  requests with a bit of one narrow word, in increasing bit order, and
 *  has that bit's position as its (constant) idx; the last leaf is what
 *  no request gives, any node. */
function firstSetKernel(
  nodes: readonly Node[],
  leaves: FirstSetLeaf[],
  constOf: (id: NodeId) => bigint | null,
  through: (id: NodeId) => NodeId,
): Extract<Kernel, { kind: 'firstset' }> | null {
  const body = leaves.slice(0, -1);
  const bits = body.map((l) => (l.any === null ? null : bitOf(nodes, l.any, through)));
  const word = bits[0]?.word;
  if (word === undefined) return null;
  let prev = -1;
  let mask = 0;
  for (let p = 0; p < bits.length; p++) {
    const b = bits[p];
    if (b === null || b === undefined || b.word !== word || b.bit <= prev || constOf(body[p]!.idx) !== BigInt(b.bit)) return null;
    prev = b.bit;
    mask |= 1 << b.bit;
  }
  return { kind: 'firstset', word, mask, last: through(leaves[leaves.length - 1]!.idx) };
}

/** Code for a node rewriteWordTrees made a kernel (null for any other). */
export function wordTreeValue(n: Node, x: ExprCtx): string[] | null {
  const k = kernels.get(n);
  if (k === undefined) return null;
  switch (k.kind) {
    case 'firstset': {
      const t = x.tmp(`${x.ref(k.word)} & ${k.mask | 0}`);
      return [`(${t} === 0 ? ${x.ref(k.last)} : 31 - Math.clz32(${t} & -${t}))`];
    }
    case 'count': {
      const v = x.tmp(`${x.ref(k.word)} & ${k.mask | 0}`);
      const a = x.tmp(`(${v} - ((${v} >>> 1) & 0x55555555)) | 0`);
      const b = x.tmp(`(${a} & 0x33333333) + ((${a} >>> 2) & 0x33333333)`);
      const c = x.tmp(`(${b} + (${b} >>> 4)) & 0x0f0f0f0f`);
      const pop = `(Math.imul(${c}, 0x01010101) >>> 24)`;
      // Leaves past 2^width wrap, as the adders do.
      return [k.width >= 6 ? pop : `(${pop} & ${2 ** k.width - 1})`];
    }
    case 'argmin': {
      const n = k.keys.length;
      const sent = 2 ** k.shift;
      const ties = 2 ** k.tieBits - 1;
      // Valid bits p of one word at bit p: one set bit (or none) is the
      // answer without comparing keys, as when few entries match.
      const v0 = k.valids[0]!;
      const word = 'word' in v0 && k.valids.every((v, p) => 'word' in v && v.word === v0.word && v.bit === p) ? v0.word : null;
      const bits = word === null ? null : x.tmp(`${x.ref(word)} & ${n === 32 ? -1 : 2 ** n - 1}`);
      const inverted = new Map<NodeId, string>();
      const flag = (v: ValidSource): string => {
        if (!('word' in v)) return `((${x.ref(v.node)} ^ 1) << ${k.shift})`;
        let inv = inverted.get(v.word);
        if (inv === undefined) inverted.set(v.word, (inv = x.tmp(`~${bits ?? x.ref(v.word)}`)));
        return v.bit <= k.shift ? `((${inv} << ${k.shift - v.bit}) & ${sent})` : `((${inv} >>> ${v.bit - k.shift}) & ${sent})`;
      };
      let level = k.keys.map((key, p) => {
        const tie = k.latest ? n - 1 - p : p;
        const ordered = k.flip === 0 ? x.ref(key) : `(${x.ref(key)} ^ ${k.flip})`;
        return `(${ordered} << ${k.tieBits} | ${tie} | ${flag(k.valids[p]!)})`;
      });
      // A balanced tree of minimums: independent pairs run in parallel.
      while (level.length > 1) {
        const next: string[] = [];
        for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? `Math.min(${level[i]}, ${level[i + 1]})` : level[i]!);
        level = next;
      }
      const pos = (m: string): string => (k.latest ? `(${n - 1} - (${m} & ${ties}))` : `(${m} & ${ties})`);
      // Two or more valid leaves: the minimum is below the sentinel.
      if (bits !== null) return [`((${bits} & (${bits} - 1)) === 0 ? (${bits} === 0 ? 0 : 31 - Math.clz32(${bits})) : ${pos(level[0]!)})`];
      const m = x.tmp(level[0]!);
      // No valid leaf: leaf 0, whose idx is 0.
      return [`(${m} < ${sent} ? ${pos(m)} : 0)`];
    }
  }
}
