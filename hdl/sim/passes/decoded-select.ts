// Decoded selects as indexed reads and scatters. Hardware written per entry
// selects with one-hot AND-OR trees: OR over k of (idx == k ? d_k : 0). Run
// as written, that is one compare, one mask and one OR per term, every
// cycle. Two shapes of it have a cheaper exact form:
//  - gather: every term of one OR tree decodes the same index node against
//    a different constant. At most one constant equals the index, so the
//    tree is an indexed read: mux(idx, [d_0, .., d_max, 0]).
//  - scatter: several OR trees, tree r decoding every term against one
//    constant K_r, and all of them OR-ing the same (index, enable, data)
//    triples: slot r = OR_t (en_t & idx_t == K_r ? d_t : 0). Each triple
//    reaches at most one slot (its index equals at most one K), so the trees
//    together are T[idx_t] |= d_t & -en_t into a zeroed table, read at K_r:
//    one read-modify-write per triple instead of one per triple and slot.
//    (A compaction network writes this: pos_i == slot for every slot.)
// The one-hot proofs are structural: a term is decoded only from eq(idx,
// const) (alone or AND-ed with an enable) or bit K of shl(1, idx); nothing
// is assumed of the indices' values. Terms of a tree that fit neither shape
// stay as they are, OR-ed into the rewritten tree.
//
// A scatter becomes one node of the netlist the simulator compiles (never a
// design): a `concat` whose parts are the triples' nodes, so scheduling,
// chunking and liveness see exactly its inputs, and whose value, slot r in
// limb r, comes from scatterValue below (codegen/node.ts asks it first).
// Rewritten trees keep their node ids, so named signals stay peekable; the
// trees' old interior nodes stay too, computed only by a full settle.
import type { FlatNetlist } from '../../flatten.js';
import { combOperands, type Node, type NodeId } from '../../ir.js';
import type { ExprCtx } from '../codegen/util.js';
import { readerCounts, throughWires } from './netlist-walk.js';

/** Index bits a scatter may use: its table is the 64-entry scratch that
 *  runtime/state.ts guarantees (helpers.R). */
const SCATTER_INDEX_BITS = 6;
/** A gather's mux gets at most this many cases per term (sparse constants
 *  would make a mostly-zero case list). */
const GATHER_SPREAD = 4;

/** `d` when `idx == k` (and `en`, when not null), else 0. */
export interface DecodedTerm {
  idx: NodeId;
  k: number;
  en: NodeId | null;
  d: NodeId;
}

interface ScatterKernel {
  /** Table entry read into limb r. */
  keys: number[];
  terms: { idx: NodeId; en: NodeId | null; d: NodeId }[];
}

/** Keyed by the node object: later
 *  netlists copy the node array, not the nodes they leave alone, so a copy
 *  (passes/fsm-specialize.ts) computes the scatters the same way. */
const kernels = new WeakMap<Node, ScatterKernel>();

export interface DecodedSelectStats {
  gathers: number;
  scatters: number;
  /** OR trees rewritten by the scatters. */
  scatterTrees: number;
}

/** The netlist with decoded OR trees rewritten (a new object; `net` is not
 *  changed). */
export function rewriteDecodedSelects(net: FlatNetlist, stats?: DecodedSelectStats): FlatNetlist {
  const nodes: Node[] = net.nodes.slice();
  const through = (id: NodeId): NodeId => throughWires(nodes, id);
  const constOf = (id: NodeId): bigint | null => {
    const n = nodes[through(id)]!;
    return n.op === 'const' ? n.value : null;
  };
  const readers = readerCounts(net);
  const trees = orTrees(net, readers, through);
  const add = (n: Omit<Node, 'id'>): NodeId => {
    const id = nodes.length;
    nodes.push({ ...n, id } as Node);
    return id;
  };
  /** Node `id` becomes OR(first, rest...): new nodes for all but the top. */
  const orInto = (id: NodeId, first: NodeId, rest: NodeId[]): void => {
    const old = nodes[id]!;
    const head = { width: old.width, ...(old.name === undefined ? {} : { name: old.name }), ...(old.loc ? { loc: old.loc } : {}), ...(old.display ? { display: old.display } : {}) };
    if (rest.length === 0) {
      nodes[id] = { ...head, id, op: 'wire', a: first };
      return;
    }
    let acc = first;
    rest.slice(0, -1).forEach((e) => (acc = add({ width: old.width, op: 'or', a: acc, b: e } as Omit<Node, 'id'>)));
    nodes[id] = { ...head, id, op: 'or', a: acc, b: rest[rest.length - 1]! };
  };

  const decoded = new Map<NodeId, { terms: { term: DecodedTerm; leaf: NodeId }[]; extras: NodeId[] }>();
  for (const [root, leaves] of trees) {
    const terms: { term: DecodedTerm; leaf: NodeId }[] = [];
    const extras: NodeId[] = [];
    for (const leaf of leaves) {
      const t = decodeTerm(nodes, leaf, through, constOf);
      if (t === null) extras.push(leaf);
      else terms.push({ term: t, leaf });
    }
    if (terms.length >= 2) decoded.set(root, { terms, extras });
  }

  const gathers: NodeId[] = [];
  const scatterRoots: NodeId[] = [];
  for (const [root, { terms }] of decoded) {
    const t0 = terms[0]!.term;
    if (terms.every(({ term }) => term.idx === t0.idx && term.en === null) && new Set(terms.map(({ term }) => term.k)).size === terms.length) {
      gathers.push(root);
    } else if (terms.every(({ term }) => term.k === t0.k && nodes[term.idx]!.width <= SCATTER_INDEX_BITS)) {
      scatterRoots.push(root);
    }
  }

  for (const root of gathers) {
    const { terms, extras } = decoded.get(root)!;
    const idx = terms[0]!.term.idx;
    const w = nodes[root]!.width;
    const maxK = Math.max(...terms.map(({ term }) => term.k));
    const count = Math.min(maxK + 2, 2 ** Math.min(nodes[idx]!.width, 30));
    if (count > GATHER_SPREAD * terms.length + 2) {
      for (const { leaf } of terms) extras.push(leaf);
      continue;
    }
    const zero = add({ width: w, op: 'const', value: 0n } as Omit<Node, 'id'>);
    const cases: NodeId[] = Array.from({ length: count }, () => zero);
    for (const { term } of terms) cases[term.k] = term.d;
    const mux = add({ width: w, op: 'mux', sel: idx, cases } as Omit<Node, 'id'>);
    orInto(root, mux, extras);
  }

  // Scatter groups: trees joined by the triples they share.
  const tripleKey = (t: DecodedTerm): string => `${t.idx}/${t.en ?? ''}/${t.d}`;
  const group = new UnionFind();
  const firstOwner = new Map<string, NodeId>();
  for (const root of scatterRoots) {
    for (const { term } of decoded.get(root)!.terms) {
      const key = tripleKey(term);
      const other = firstOwner.get(key);
      if (other === undefined) firstOwner.set(key, root);
      else group.union(other, root);
    }
  }
  const groups = new Map<NodeId, NodeId[]>();
  for (const root of scatterRoots) {
    const g = group.find(root);
    groups.set(g, [...(groups.get(g) ?? []), root]);
  }
  const table = new Map<FlatNetlist['nodes'][number]['id'], ScatterKernel>();
  let scatters = 0;
  let scatterTrees = 0;
  for (const roots of groups.values()) {
    if (roots.length < 2) continue;
    // Only triples every tree of the group ORs may be scattered: one that a
    // tree lacks would land in that tree's entry when its index equals K.
    const keysOf = roots.map((r) => new Set(decoded.get(r)!.terms.map(({ term }) => tripleKey(term))));
    const common = decoded.get(roots[0]!)!.terms.map(({ term }) => term).filter((t) => keysOf.every((s) => s.has(tripleKey(t))));
    const unique = [...new Map(common.map((t) => [tripleKey(t), t])).values()];
    if (unique.length < 2) continue;
    const widths = new Set(roots.map((r) => nodes[r]!.width));
    if (widths.size !== 1 || [...widths][0]! > 32) continue;
    const commonKeys = new Set(unique.map(tripleKey));
    const keys = [...new Set(roots.map((r) => decoded.get(r)!.terms[0]!.term.k))];
    const parts = unique.flatMap((t) => (t.en === null ? [t.idx, t.d] : [t.idx, t.en, t.d]));
    const kernel = add({ width: 32 * keys.length, op: 'concat', parts } as Omit<Node, 'id'>);
    table.set(kernel, { keys, terms: unique.map((t) => ({ idx: t.idx, en: t.en, d: t.d })) });
    scatters++;
    for (const root of roots) {
      const { terms, extras } = decoded.get(root)!;
      const own = terms.filter(({ term }) => !commonKeys.has(tripleKey(term))).map(({ leaf }) => leaf);
      const slot = add({ width: nodes[root]!.width, op: 'slice', a: kernel, lo: 32 * keys.indexOf(terms[0]!.term.k) } as Omit<Node, 'id'>);
      orInto(root, slot, [...own, ...extras]);
      scatterTrees++;
    }
  }
  if (stats) Object.assign(stats, { gathers: gathers.length, scatters, scatterTrees });
  for (const [id, k] of table) kernels.set(nodes[id]!, k);
  return { ...net, nodes };
}

/** Code for a scatter node of rewriteDecodedSelects (null for any other
 *  node): zero the entries read, OR each triple into its index's entry of
 *  the scratch table, read the entries out as limbs. */
export function scatterValue(n: Node, x: ExprCtx): string[] | null {
  const k = kernels.get(n);
  if (k === undefined) return null;
  const T = 'H_R';
  const stmts = k.keys.map((key) => `${T}[${key}] = 0;`);
  for (const t of k.terms) {
    const d = x.ref(t.d);
    stmts.push(`${T}[${x.ref(t.idx)}] |= ${t.en === null ? d : `${d} & -${x.ref(t.en)}`};`);
  }
  x.pre(stmts.join(' '));
  return k.keys.map((key) => `${T}[${key}]`);
}

/** The term a leaf of an OR tree decodes, or null: mux(sel, [0, d]) with a
 *  decoder select. */
function decodeTerm(nodes: Node[], leaf: NodeId, through: (id: NodeId) => NodeId, constOf: (id: NodeId) => bigint | null): DecodedTerm | null {
  const n = nodes[through(leaf)]!;
  if (n.op !== 'mux' || n.cases.length !== 2 || constOf(n.cases[0]!) !== 0n) return null;
  const sel = decodeSelect(nodes, n.sel, through, constOf);
  return sel === null ? null : { ...sel, d: n.cases[1]! };
}

function decodeSelect(
  nodes: Node[],
  id: NodeId,
  through: (id: NodeId) => NodeId,
  constOf: (id: NodeId) => bigint | null,
): { idx: NodeId; k: number; en: NodeId | null } | null {
  const n = nodes[through(id)]!;
  if (n.width !== 1) return null;
  if (n.op === 'eq') {
    const ka = constOf(n.a);
    const kb = constOf(n.b);
    if ((ka === null) === (kb === null)) return null;
    const idx = through(ka === null ? n.a : n.b);
    const k = ka ?? kb!;
    if (nodes[idx]!.width > 30) return null;
    return { idx, k: Number(k), en: null };
  }
  if (n.op === 'and') {
    const a = decodeSelect(nodes, n.a, through, constOf);
    if (a !== null && a.en === null) return { ...a, en: n.b };
    const b = decodeSelect(nodes, n.b, through, constOf);
    if (b !== null && b.en === null) return { ...b, en: n.a };
    return null;
  }
  if (n.op === 'slice') {
    // Bit lo of (1 << idx) within the shift's width: set exactly when idx == lo.
    const s = nodes[through(n.a)]!;
    if (s.op !== 'shl' || constOf(s.a) !== 1n || n.lo >= s.width) return null;
    const idx = through(s.b);
    if (nodes[idx]!.width > 30) return null;
    return { idx, k: n.lo, en: null };
  }
  return null;
}

/** How many places read each node: operands (comb and edge), memory and
 *  CAM ports, top-level outputs. */

/** Every maximal OR tree of narrow nodes with its leaves: an OR operand that
 *  is itself an OR read only there belongs to the tree. */
function orTrees(net: FlatNetlist, readers: Uint32Array, through: (id: NodeId) => NodeId): Map<NodeId, NodeId[]> {
  const isOr = (id: NodeId): boolean => net.nodes[id]!.op === 'or' && net.nodes[id]!.width <= 32;
  const inner = new Uint8Array(net.nodes.length);
  for (const n of net.nodes) {
    if (n.op !== 'or' || n.width > 32) continue;
    for (const o of combOperands(n)) if (o === through(o) && isOr(o) && readers[o] === 1) inner[o] = 1;
  }
  const trees = new Map<NodeId, NodeId[]>();
  for (const n of net.nodes) {
    if (n.op !== 'or' || n.width > 32 || inner[n.id]) continue;
    const leaves: NodeId[] = [];
    const stack: NodeId[] = [n.a, n.b];
    while (stack.length > 0) {
      const o = stack.pop()!;
      const on = net.nodes[o]!;
      if (on.op === 'or' && inner[o]) stack.push(on.a, on.b);
      else leaves.push(o);
    }
    trees.set(n.id, leaves);
  }
  return trees;
}

class UnionFind {
  private readonly parent = new Map<number, number>();
  find(x: number): number {
    let r = x;
    while (this.parent.has(r) && this.parent.get(r) !== r) r = this.parent.get(r)!;
    this.parent.set(x, r);
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
}
