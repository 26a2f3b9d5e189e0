// Small hardware helpers the merge units need. Local stand-ins, to be
// replaced by hdl/lib (Vec, priority encoder, popcount) when it lands.
import { cat, mux, uint, type ModuleBuilder, type UInt } from '../../hdl/index.js';

export function indexBits(n: number): number {
  return Math.max(1, Math.ceil(Math.log2(n)));
}

/** One-hot decode of idx into `width` bits. */
export function oneHot(m: ModuleBuilder, idx: UInt, width: number): UInt {
  return m.lit(1, uint(width)).shlBy(idx);
}

/** Leaves joined pairwise, level by level, into a balanced tree; an odd leaf passes up unchanged. */
function pairTree<T>(leaves: readonly T[], join: (a: T, b: T) => T): T {
  let level = leaves;
  while (level.length > 1) {
    const next: T[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const a = level[i]!;
      const b = level[i + 1];
      next.push(b === undefined ? a : join(a, b));
    }
    level = next;
  }
  return level[0]!;
}

/** Index of the lowest set bit of v (0 when v is 0), as a tree of 2:1 muxes. */
export function lowestSet(m: ModuleBuilder, v: UInt, bits: number): UInt {
  const leaves = Array.from({ length: v.width }, (_, i) => ({ any: v.bit(i), idx: m.lit(i, uint(bits)) }));
  return pairTree(leaves, (a, b) => ({ any: a.any.or(b.any), idx: mux(a.any, a.idx, b.idx) })).idx;
}

/**
 * The valid leaf with the largest (newest = true) or smallest key, as a
 * balanced tree of comparators; `found` is 0 when no leaf is valid.
 */
export function extremeOf(m: ModuleBuilder, valid: UInt, keys: readonly UInt[], bits: number, newest: boolean): { found: UInt; idx: UInt } {
  const leaves = keys.map((k, i) => ({ v: valid.bit(i), k, idx: m.lit(i, uint(bits)) }));
  const top = pairTree(leaves, (a, b) => {
    const better = newest ? b.k.gt(a.k) : b.k.lt(a.k);
    const takeB = b.v.and(a.v.not().or(better));
    return { v: a.v.or(b.v), k: mux(takeB, b.k, a.k), idx: mux(takeB, b.idx, a.idx) };
  });
  return { found: top.v, idx: top.idx };
}

/** Split a packed vector into `n` equal fields, field 0 in the low bits. */
export function fields(v: UInt, n: number): UInt[] {
  const w = v.width / n;
  return Array.from({ length: n }, (_, i) => v.bits(i * w + w - 1, i * w));
}

/** Pack fields, field 0 in the low bits. */
export function pack(parts: readonly UInt[]): UInt {
  return parts.length === 1 ? parts[0]! : cat(...[...parts].reverse());
}

/** How many bits of v are set, as a `width`-bit count (an adder chain). */
export function countOnes(m: ModuleBuilder, v: UInt, width: number): UInt {
  let count: UInt = m.lit(0, uint(width));
  for (let i = 0; i < v.width; i++) count = count.addWrap(v.bit(i).zext(width));
  return count;
}
