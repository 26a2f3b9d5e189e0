// Test support: seeded random circuits full of one-hot AND-OR trees (the
// shapes passes/decoded-select.ts rewrites), field-by-field record compares (the
// shape passes/merged-compares.ts rewrites) and their near misses, for the
// differential tests: random operator circuits almost never build a decoder
// feeding an OR tree, or compare adjacent slices.
import type { ModuleIR, NodeId } from '../../ir.js';
import { IrBuilder } from './ir.js';
import { rng } from './random.js';

export interface DecodedCircuitOptions {
  /** Gather trees (one index against distinct constants). */
  gathers?: number;
  /** Scatter groups (several slot trees over shared triples). */
  scatters?: number;
  /** Record-compare matrices (every record of one list against every
   *  record of another, field by field). */
  compares?: number;
}

export function decodedModule(seed: number, o: DecodedCircuitOptions = {}): ModuleIR {
  const r = rng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const pickOf = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const shuffle = <T>(xs: T[]): T[] => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = int(0, i);
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  };
  const m = new IrBuilder('Top');
  const idxWidths = [1, 2, 3, 4, 5, 6, 7];
  const indices: NodeId[] = idxWidths.map((w, i) => m.input(`idx${i}`, w));
  // A register index too, so the loop and the edge see the shapes.
  const ctr = m.reg(3, 'ctr', 0);
  m.setD(ctr, m.node({ op: 'add', a: ctr, b: m.const(1, 3) }, 3));
  indices.push(ctr);
  const enables = [0, 1, 2].map((i) => m.input(`en${i}`, 1));
  const data = [m.input('d0', 32), m.input('d1', 17), m.input('d2', 5)];
  const dataOf = (w: number): NodeId => {
    const src = pickOf(data.filter((d) => m.width(d) >= w));
    const lo = int(0, m.width(src) - w);
    return m.width(src) === w && lo === 0 ? src : m.node({ op: 'slice', a: src, lo }, w);
  };
  const wire = (id: NodeId): NodeId => (r() < 0.2 ? m.node({ op: 'wire', a: id }, m.width(id)) : id);
  /** A decoder of idx == k, in one of the shapes the pass proves, or (near
   *  miss) a select that is not one. */
  const decoder = (idx: NodeId, k: number, nearMiss: boolean): NodeId => {
    const w = m.width(idx);
    if (nearMiss) {
      const kind = int(0, 2);
      if (kind === 0) return m.node({ op: 'ne', a: idx, b: m.const(k, w) }, 1);
      if (kind === 1) return m.node({ op: 'eq', a: idx, b: pickOf(indices.filter((i) => m.width(i) === w && i !== idx).concat([idx])) }, 1);
      const sw = Math.max(k + 1, int(1, 2 ** w + 2));
      return m.node({ op: 'slice', a: m.node({ op: 'shl', a: m.const(2, sw), b: idx }, sw), lo: k }, 1);
    }
    const kind = int(0, 2);
    if (kind === 0) return m.node({ op: 'eq', a: wire(idx), b: m.const(k, w) }, 1);
    if (kind === 1) return m.node({ op: 'eq', a: m.const(k, w), b: idx }, 1);
    const sw = Math.max(k + 1, int(1, 2 ** w + 2));
    return m.node({ op: 'slice', a: m.node({ op: 'shl', a: m.const(1, sw), b: idx }, sw), lo: k }, 1);
  };
  const gated = (sel: NodeId, en: NodeId | null): NodeId =>
    en === null ? sel : r() < 0.5 ? m.node({ op: 'and', a: en, b: sel }, 1) : m.node({ op: 'and', a: sel, b: en }, 1);
  const term = (sel: NodeId, d: NodeId, w: number): NodeId => {
    // Near miss: the zero in the selected case (mux(sel, [d, 0])).
    if (r() < 0.05) return m.node({ op: 'mux', sel, cases: [d, m.const(0, w)] }, w);
    return wire(m.node({ op: 'mux', sel, cases: [m.const(0, w), d] }, w));
  };
  /** OR of the leaves in a random tree shape. */
  const orTree = (leaves: NodeId[], w: number): NodeId => {
    const level = shuffle(leaves.slice());
    while (level.length > 1) {
      const i = int(0, level.length - 2);
      const [a, b] = level.splice(i, 2) as [NodeId, NodeId];
      level.splice(i, 0, m.node({ op: 'or', a, b }, w));
    }
    return level[0]!;
  };
  let outs = 0;
  const out = (id: NodeId): void => m.output(`o${outs++}`, id);

  for (let g = 0; g < (o.gathers ?? 3); g++) {
    const idx = pickOf(indices);
    const w = int(1, 32);
    const n = 2 ** m.width(idx);
    const keys = shuffle(Array.from({ length: n }, (_, k) => k)).slice(0, int(2, Math.min(n, 12)));
    // Near miss: a repeated constant (two entries for one index value).
    if (r() < 0.15) keys.push(keys[0]!);
    const leaves = keys.map((k) => term(decoder(idx, k, r() < 0.05), dataOf(w), w));
    if (r() < 0.3) leaves.push(dataOf(w));
    const root = orTree(leaves, w);
    out(root);
    // An inner node read twice: a tree of its own.
    if (r() < 0.2 && m.nodes[root]!.op === 'or') out(m.node({ op: 'not', a: root }, w));
  }

  for (let s = 0; s < (o.scatters ?? 2); s++) {
    const w = int(1, 32);
    const slots = int(2, 8);
    // Clean groups decode every triple against the slot number; the others
    // mix constants within a tree (not a scatter).
    const clean = r() < 0.8;
    const wide = indices.filter((i) => 2 ** m.width(i) >= slots);
    const triples = Array.from({ length: int(2, 8) }, () => ({
      idx: pickOf(clean ? wide : indices),
      en: r() < 0.3 ? null : r() < 0.7 ? pickOf(enables) : m.node({ op: 'xor', a: pickOf(enables), b: pickOf(enables) }, 1),
      d: dataOf(w),
    }));
    for (let k = 0; k < slots; k++) {
      const leaves: NodeId[] = [];
      for (const t of triples) {
        // Near miss: a slot without this triple.
        if (r() < 0.05) continue;
        const key = clean ? k : int(0, 2 ** m.width(t.idx) - 1);
        leaves.push(term(gated(decoder(t.idx, key, r() < 0.03), t.en), t.d, w));
      }
      if (r() < 0.2) leaves.push(dataOf(w));
      if (leaves.length > 0) out(orTree(leaves, w));
    }
  }
  for (let c = 0; c < (o.compares ?? 1); c++) {
    // Records of 1 + 2 * fw bits packed in a wide input: (valid, from, to).
    const fw = int(1, 17);
    const rw = 1 + 2 * fw;
    const count = int(1, 4);
    const lists = [0, 1].map((l) => m.input(`recs${c}_${l}`, rw * count + int(0, 3)));
    const field = (list: NodeId, i: number, lo: number, w: number): NodeId => wire(m.node({ op: 'slice', a: list, lo: i * rw + lo }, w));
    for (let i = 0; i < count; i++) {
      for (let j = 0; j < count; j++) {
        const [a, b] = [lists[0]!, lists[1]!];
        // from(a) == to(b) and to(a) == from(b); sometimes a near miss: a
        // field compared with itself shifted, or against a constant.
        const e1 = m.node({ op: 'eq', a: field(a, i, fw, fw), b: field(b, j, 0, fw) }, 1);
        const e2 =
          r() < 0.1
            ? m.node({ op: 'eq', a: field(a, i, 0, fw), b: m.const(int(0, 2 ** fw - 1), fw) }, 1)
            : m.node({ op: 'eq', a: r() < 0.9 ? field(a, i, 0, fw) : field(a, i, 1, fw), b: field(b, j, fw, fw) }, 1);
        const v = m.node({ op: 'and', a: field(a, i, 2 * fw, 1), b: field(b, j, 2 * fw, 1) }, 1);
        const order = shuffle([v, e1, e2]);
        const all = m.node({ op: 'and', a: m.node({ op: 'and', a: order[0]!, b: order[1]! }, 1), b: order[2]! }, 1);
        out(all);
        if (r() < 0.2) out(e1);
      }
    }
  }
  return m.build();
}
