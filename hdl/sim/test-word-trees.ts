// Test support: the trees word-trees.ts rewrites (arg-min/max comparator
// trees, first-set priority trees, bit counts, OR trees of bits) and their
// near misses, built into a circuit from nodes it already has, for the
// differential tests (random-circuit.test.ts, the Verilator fuzz): random
// operator circuits never build a comparator tree over a valid vector.
import type { NodeId } from '../ir.js';
import type { IrBuilder } from './test-ir.js';

export type Rand = () => number;

/** Adds `count` random trees over `sources` (any widths; words are sliced
 *  or extended from them) and returns the nodes worth observing. */
export function addWordTrees(m: IrBuilder, r: Rand, sources: readonly NodeId[], count: number): NodeId[] {
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const pickOf = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const fit = (id: NodeId, w: number): NodeId => {
    const wa = m.width(id);
    if (wa === w) return id;
    if (wa > w) return m.node({ op: 'slice', a: id, lo: int(0, wa - w) }, w);
    return m.node({ op: r() < 0.5 ? 'zext' : 'sext', a: id }, w);
  };
  const wire = (id: NodeId): NodeId => (r() < 0.15 ? m.node({ op: 'wire', a: id }, m.width(id)) : id);
  const word = (w: number): NodeId => {
    const a = fit(pickOf(sources), w);
    // A mix of two sources, so request bits are not all zero or all one.
    return r() < 0.5 ? m.node({ op: 'xor', a, b: fit(pickOf(sources), w) }, w) : a;
  };
  const bit = (v: NodeId, j: number): NodeId => wire(m.node({ op: 'slice', a: v, lo: j }, 1));
  /** Leaves joined level by level, an odd one passed up (hw-lib's pairTree),
   *  or in a random shape. */
  const tree = <T>(leaves: T[], join: (a: T, b: T) => T): T => {
    let level = leaves;
    if (r() < 0.3) {
      while (level.length > 1) {
        const i = int(0, level.length - 2);
        level = [...level.slice(0, i), join(level[i]!, level[i + 1]!), ...level.slice(i + 2)];
      }
      return level[0]!;
    }
    while (level.length > 1) {
      const next: T[] = [];
      for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? join(level[i]!, level[i + 1]!) : level[i]!);
      level = next;
    }
    return level[0]!;
  };
  const out: NodeId[] = [];
  for (let t = 0; t < count; t++) {
    const kind = int(0, 3);
    const n = int(2, 12);
    const vw = Math.max(n, int(n, 32));
    const v = word(vw);
    // Request bit positions, increasing; near miss: out of order.
    const pos = Array.from({ length: n }, (_, p) => p + (r() < 0.7 ? 0 : Math.min(vw - n, int(0, vw - n))));
    for (let p = 1; p < n; p++) pos[p] = Math.max(pos[p]!, pos[p - 1]! + 1);
    if (pos[n - 1]! >= vw) for (let p = 0; p < n; p++) pos[p] = p;
    if (r() < 0.1 && n > 2) [pos[0], pos[1]] = [pos[1]!, pos[0]!];
    if (kind === 0) out.push(...argTree(n, v, pos));
    else if (kind === 1) out.push(firstSet(n, v, pos));
    else if (kind === 2) {
      // Bit count, a chain from 0 or a tree; near misses: a bit counted
      // twice, a term that is no bit.
      const cw = int(1, 7);
      const terms = pos.map((j) => m.node({ op: 'zext', a: bit(v, j) }, cw));
      if (r() < 0.1) terms.push(m.node({ op: 'zext', a: bit(v, pos[0]!) }, cw));
      if (r() < 0.1) terms.push(fit(pickOf(sources), cw));
      const sum = r() < 0.5 ? terms.reduce((a, b) => m.node({ op: 'add', a, b }, cw), m.const(0, cw)) : tree(terms, (a, b) => m.node({ op: 'add', a, b }, cw));
      out.push(sum);
    } else {
      const bits = pos.map((j) => bit(v, j));
      // Near miss: a bit of another word.
      if (r() < 0.15) bits.push(bit(word(4), int(0, 3)));
      out.push(tree(bits, (a, b) => m.node({ op: 'or', a, b }, 1)));
    }
  }
  return out;

  function argTree(n: number, v: NodeId, pos: number[]): NodeId[] {
    const kw = r() < 0.1 ? int(25, 32) : int(1, 20);
    const cmp = pickOf(['ltu', 'leu', 'lts', 'les'] as const);
    const min = r() < 0.5;
    const ib = Math.max(1, Math.ceil(Math.log2(n)));
    const keys = Array.from({ length: n }, () => word(kw));
    type Sub = { v: NodeId; k: NodeId; idx: NodeId };
    const leaves: Sub[] = keys.map((k, p) => ({
      // Valid bits of one word, or (sometimes) a compare of their own.
      v: r() < 0.85 ? bit(v, pos[p]!) : m.node({ op: 'ltu', a: fit(k, 3), b: m.const(int(0, 7), 3) }, 1),
      k,
      // Leaf p's idx is p; near miss: another constant.
      idx: m.const(r() < 0.05 ? (p + 1) % 2 ** ib : p, ib),
    }));
    const top = tree(leaves, (a, b) => {
      // Near misses: the compare the other way round, the select missing ~vA.
      const flip = r() < 0.05;
      const better = (min !== flip) ? m.node({ op: cmp, a: b.k, b: a.k }, 1) : m.node({ op: cmp, a: a.k, b: b.k }, 1);
      const notA = r() < 0.04 ? a.v : m.node({ op: 'not', a: a.v }, 1);
      const either = r() < 0.5 ? m.node({ op: 'or', a: notA, b: better }, 1) : m.node({ op: 'or', a: better, b: notA }, 1);
      const takeB = r() < 0.5 ? m.node({ op: 'and', a: b.v, b: either }, 1) : m.node({ op: 'and', a: either, b: b.v }, 1);
      return {
        v: m.node({ op: 'or', a: a.v, b: b.v }, 1),
        k: m.node({ op: 'mux', sel: wire(takeB), cases: [a.k, b.k] }, kw),
        idx: m.node({ op: 'mux', sel: takeB, cases: [a.idx, b.idx] }, ib),
      };
    });
    return r() < 0.5 ? [top.idx] : [top.idx, top.v, top.k];
  }

  function firstSet(n: number, v: NodeId, pos: number[]): NodeId {
    const ib = Math.max(1, Math.ceil(Math.log2(Math.max(...pos) + 1)));
    type Sub = { any: NodeId; idx: NodeId };
    const leaves: Sub[] = pos.map((j) => ({ any: bit(v, j), idx: m.const(r() < 0.05 ? 0 : j, ib) }));
    // The last leaf's idx: its bit position, or any value.
    if (r() < 0.3) leaves[n - 1]!.idx = fit(word(ib), ib);
    return tree(leaves, (a, b) => ({ any: m.node({ op: 'or', a: a.any, b: b.any }, 1), idx: m.node({ op: 'mux', sel: a.any, cases: [b.idx, a.idx] }, ib) })).idx;
  }
}
