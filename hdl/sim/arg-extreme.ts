// Arg-min / arg-max trees: which valid leaf holds the smallest (or largest)
// key. Hardware finds the oldest or newest entry of a buffer with a tree of
// comparators over (valid, key, index) triples; each join of the tree is
//   takeB = vB & (~vA | better(kB, kA))
//   v = vA | vB,  k = takeB ? kB : kA,  idx = takeB ? idxB : idxA
// and run as written that is seven operations per join, every cycle. By
// induction over any tree of such joins (leaves in order), idx is the first
// valid leaf holding the extreme key when `better` is strict (ties keep A,
// the earlier leaf), the last when it is not strict (ties take B), and
// leaf 0 when no leaf is valid. That is one minimum over packed words
//   c_p = (v_p ? 0 : SENT) | (key'_p << b) | tie_p
// where key' orders the keys so that the wanted one is the smallest and
// tie_p is p (or n-1-p) in b bits: a chain of Math.min, no compare per join.
// The proof is structural: each join's select must be exactly that and/or/
// not/compare shape over the v and k nodes of its two subtrees (a subtree's
// v is the or of its children's, its k the mux on its own select), and a
// subtree that is not such a join is a leaf, whatever it computes.
import type { Node, NodeId } from '../ir.js';

export type ArgCompare = 'ltu' | 'leu' | 'lts' | 'les';

export interface ArgLeaf {
  v: NodeId;
  k: NodeId;
  idx: NodeId;
}

export interface ArgTree {
  leaves: ArgLeaf[];
  /** The idx muxes of the joins below the root. */
  joins: NodeId[];
  cmp: ArgCompare;
  /** better(kB, kA) is cmp(kB, kA): the smallest key wins; else cmp(kA, kB). */
  min: boolean;
}

const COMPARES: ReadonlySet<string> = new Set(['ltu', 'leu', 'lts', 'les']);

interface JoinShape {
  sel: NodeId;
  vA: NodeId;
  vB: NodeId;
  /** The compare's operands, in order. */
  x: NodeId;
  y: NodeId;
  cmp: ArgCompare;
  a: NodeId;
  b: NodeId;
}

/** The tree whose idx output is node `root`, or null when `root` is not a
 *  join of at least two leaves. `through` follows wires. */
export function argExtremeTree(nodes: readonly Node[], root: NodeId, through: (id: NodeId) => NodeId): ArgTree | null {
  const top = joinShape(nodes, root, through);
  if (top === null) return null;
  // The root's own k mux may be gone (nothing reads it): its orientation
  // comes from a child join's k mux, which must be one compare operand.
  const kOfJoin = (child: NodeId, kin: NodeId): boolean => {
    const j = joinShape(nodes, child, through);
    const k = nodes[kin]!;
    return j !== null && k.op === 'mux' && k.cases.length === 2 && through(k.sel) === j.sel;
  };
  let kA: NodeId;
  let kB: NodeId;
  if (kOfJoin(top.a, top.x) || kOfJoin(top.b, top.y)) [kA, kB] = [top.x, top.y];
  else if (kOfJoin(top.a, top.y) || kOfJoin(top.b, top.x)) [kA, kB] = [top.y, top.x];
  else return null;
  if (kA === kB) return null;
  const min = top.x === kB;
  const leaves: ArgLeaf[] = [];
  const joins: NodeId[] = [];
  const walk = (idx: NodeId, v: NodeId, k: NodeId): void => {
    const j = joinShape(nodes, idx, through);
    const split = j === null ? null : splitJoin(nodes, j, v, k, top.cmp, min, through);
    if (j === null || split === null) {
      leaves.push({ v, k, idx });
      return;
    }
    joins.push(through(idx));
    walk(j.a, j.vA, split.kA);
    walk(j.b, j.vB, split.kB);
  };
  walk(top.a, top.vA, kA);
  walk(top.b, top.vB, kB);
  return { leaves, joins, cmp: top.cmp, min };
}

/** The select shape of a join whose idx is node `id`, or null. */
function joinShape(nodes: readonly Node[], id: NodeId, through: (id: NodeId) => NodeId): JoinShape | null {
  const n = nodes[through(id)]!;
  if (n.op !== 'mux' || n.cases.length !== 2) return null;
  const sel = through(n.sel);
  const s = nodes[sel]!;
  if (s.op !== 'and' || s.width !== 1) return null;
  for (const [vB, rest] of [
    [s.a, s.b],
    [s.b, s.a],
  ] as const) {
    const r = nodes[through(rest)]!;
    if (r.op !== 'or') continue;
    for (const [nv, c] of [
      [r.a, r.b],
      [r.b, r.a],
    ] as const) {
      const inv = nodes[through(nv)]!;
      const cn = nodes[through(c)]!;
      if (inv.op !== 'not' || inv.width !== 1 || !COMPARES.has(cn.op)) continue;
      const { a: x, b: y } = cn as Node & { a: NodeId; b: NodeId };
      return { sel, vA: through(inv.a), vB: through(vB), x: through(x), y: through(y), cmp: cn.op as ArgCompare, a: n.cases[0]!, b: n.cases[1]! };
    }
  }
  return null;
}

/** Children's k nodes of join `j` when it is a join of the tree: its v is
 *  or(vA, vB), its k is the mux on its select, and its compare is the
 *  tree's, the same way round. Else null (the subtree is a leaf). */
function splitJoin(
  nodes: readonly Node[],
  j: JoinShape,
  v: NodeId,
  k: NodeId,
  cmp: ArgCompare,
  min: boolean,
  through: (id: NodeId) => NodeId,
): { kA: NodeId; kB: NodeId } | null {
  const vn = nodes[through(v)]!;
  if (vn.op !== 'or') return null;
  const vs = [through(vn.a), through(vn.b)];
  if (!((vs[0] === j.vA && vs[1] === j.vB) || (vs[0] === j.vB && vs[1] === j.vA))) return null;
  const kn = nodes[through(k)]!;
  if (kn.op !== 'mux' || kn.cases.length !== 2 || through(kn.sel) !== j.sel) return null;
  const kA = through(kn.cases[0]!);
  const kB = through(kn.cases[1]!);
  if (j.cmp !== cmp || kA === kB) return null;
  const ok = min ? j.x === kB && j.y === kA : j.x === kA && j.y === kB;
  return ok ? { kA, kB } : null;
}
