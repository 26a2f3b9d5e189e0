// Trees over the bits of one word, as hardware spells them out bit by bit:
//  - first-set: a tree of 2:1 muxes idx = anyA ? idxA : idxB, where anyA is
//    the OR of the left subtree's request bits (a priority encoder, "lowest
//    free slot"). By induction over any such tree, idx is the index of the
//    first leaf whose request is set, else the last leaf's.
//  - bit count: an adder tree (or chain) over zext(bit j of V) terms.
//  - OR of bits: a 1-bit OR tree over bits of V, i.e. (V & M) != 0.
// Each is recognised from structure alone; word-trees.ts turns the ones
// whose bits all come from one narrow node into word operations.
import type { Node, NodeId } from '../ir.js';

/** Bit `bit` of narrow node `word`, when node `id` (wires followed) is a
 *  1-bit slice of a node of at most 32 bits; else null. */
export function bitOf(nodes: readonly Node[], id: NodeId, through: (id: NodeId) => NodeId): { word: NodeId; bit: number } | null {
  const n = nodes[through(id)]!;
  if (n.op !== 'slice' || n.width !== 1) return null;
  const word = through(n.a);
  return nodes[word]!.width <= 32 ? { word, bit: n.lo } : null;
}

export interface FirstSetLeaf {
  /** The leaf's request bit; null for the last leaf, whose request no
   *  join reads (it is chosen when no other request is set). */
  any: NodeId | null;
  idx: NodeId;
}

/** Leaves of the first-set tree whose idx output is `root` (null when
 *  `root` is not a 2:1 mux). */
export function firstSetLeaves(
  nodes: readonly Node[],
  root: NodeId,
  through: (id: NodeId) => NodeId,
): { leaves: FirstSetLeaf[]; joins: NodeId[] } | null {
  const top = nodes[through(root)]!;
  if (top.op !== 'mux' || top.cases.length !== 2) return null;
  const leaves: FirstSetLeaf[] = [];
  /** The muxes of the joins below the root. */
  const joins: NodeId[] = [];
  /** `any`: the node the parent reads as this subtree's OR of requests
   *  (null on the rightmost path, where no parent reads it). */
  const walk = (idx: NodeId, any: NodeId | null): void => {
    const n = nodes[through(idx)]!;
    if (n.op === 'mux' && n.cases.length === 2 && n.width === top.width) {
      const selA = through(n.sel);
      if (any === null) {
        if (through(idx) !== through(root)) joins.push(through(idx));
        walk(n.cases[1]!, selA);
        walk(n.cases[0]!, null);
        return;
      }
      const o = nodes[through(any)]!;
      if (o.op === 'or' && o.width === 1) {
        const [p, q] = [through(o.a), through(o.b)];
        const anyB = p === selA ? q : q === selA ? p : null;
        if (anyB !== null) {
          joins.push(through(idx));
          walk(n.cases[1]!, selA);
          walk(n.cases[0]!, anyB);
          return;
        }
      }
    }
    leaves.push({ any, idx });
  };
  walk(root, null);
  return leaves.length >= 2 ? { leaves, joins } : null;
}

/** The 1-bit nodes the same-width add tree rooted at `root` counts (through
 *  the adds `inner` accepts), or null when it has a term that is neither
 *  zext(1 bit) nor the constant 0. */
export function countedBits(nodes: readonly Node[], root: NodeId, inner: (id: NodeId) => boolean, through: (id: NodeId) => NodeId): NodeId[] | null {
  const w = nodes[root]!.width;
  const out: NodeId[] = [];
  const stack: NodeId[] = [root];
  while (stack.length > 0) {
    const id = through(stack.pop()!);
    const n = nodes[id]!;
    if (n.op === 'add' && n.width === w && (id === through(root) || inner(id))) {
      stack.push(n.a, n.b);
      continue;
    }
    if (n.op === 'const' && n.value === 0n) continue;
    if (n.op === 'zext' && nodes[through(n.a)]!.width === 1) {
      out.push(through(n.a));
      continue;
    }
    return null;
  }
  return out;
}

/** Leaves of the 1-bit OR tree rooted at `root`, through the ORs `inner`
 *  accepts. */
export function orLeaves(nodes: readonly Node[], root: NodeId, inner: (id: NodeId) => boolean, through: (id: NodeId) => NodeId): NodeId[] {
  const out: NodeId[] = [];
  const stack: NodeId[] = [root];
  while (stack.length > 0) {
    const id = through(stack.pop()!);
    const n = nodes[id]!;
    if (n.op === 'or' && n.width === 1 && (id === through(root) || inner(id))) stack.push(n.a, n.b);
    else out.push(id);
  }
  return out;
}
