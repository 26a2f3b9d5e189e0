// The PMU's per-pixel edge-list merge, in the DSL. A list is 8 slots of
// (valid, a, b); two fragments of one pixel merge when an edge (a, b) of one
// appears as (b, a) in the other. The merged list is both lists without
// their shared edges, compacted into 8 slots (first list first); it must fit.
import { mux, uint, type ModuleBuilder, type UInt } from '../../hdl/index.js';
import { packFields, splitFields } from '../../hdl/index.js';

export const EDGE_SLOTS = 8;

export interface EdgeMerge {
  /** The lists share an edge and the merged list fits 8 slots. */
  readonly ok: UInt;
  readonly merged: UInt;
}

export function mergeEdgeListsHw(m: ModuleBuilder, a: UInt, b: UInt, vb: number): EdgeMerge {
  const sw = 1 + 2 * vb;
  const as = splitFields(a, EDGE_SLOTS);
  const bs = splitFields(b, EDGE_SLOTS);
  // Each slot's fields sliced once, then every (a-slot, b-slot) pair compared once.
  const split = (x: UInt) => ({ v: x.bit(2 * vb), from: x.bits(2 * vb - 1, vb), to: x.bits(vb - 1, 0) });
  const sa = as.map(split);
  const sb = bs.map(split);
  const rev = sa.map((x) => sb.map((y) => x.v.and(y.v).and(x.from.eq(y.to)).and(x.to.eq(y.from))));
  const sharedA = rev.map((row) => row.reduce((p, q) => p.or(q)));
  const sharedB = sb.map((_, j) => rev.map((row) => row[j]!).reduce((p, q) => p.or(q)));
  const cands = [...as, ...bs];
  const keep = [...sa.map((x, i) => x.v.and(sharedA[i]!.not())), ...sb.map((y, j) => y.v.and(sharedB[j]!.not()))];
  // Position of each kept edge in the merged list: how many kept edges precede it.
  const pw = 5;
  let before: UInt = m.lit(0, uint(pw));
  const pos: UInt[] = [];
  for (const k of keep) {
    pos.push(before);
    before = before.addWrap(k.zext(pw));
  }
  const total = before;
  const zero = m.lit(0, uint(sw));
  const slots = Array.from({ length: EDGE_SLOTS }, (_, s) =>
    cands.map((c, i) => mux(keep[i]!.and(pos[i]!.eq(s)), c, zero)).reduce((p, q) => p.or(q)),
  );
  const anyShared = sharedA.reduce((p, q) => p.or(q));
  return { ok: anyShared.and(total.le(m.lit(EDGE_SLOTS, uint(pw)))), merged: packFields(slots) };
}
