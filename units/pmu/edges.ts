// The PMU's per-pixel edge-list merge, in the DSL. A list is 8 slots of
// (valid, a, b); two fragments of one pixel merge when an edge (a, b) of one
// appears as (b, a) in the other. The merged list is both lists without
// their shared edges, compacted into 8 slots (first list first); it must fit.
import { mux, uint, type ModuleBuilder, type UInt } from '../../hdl/index.js';
import { fields, pack } from '../merge-common/hw-lib.js';

export const EDGE_SLOTS = 8;

export interface EdgeMerge {
  /** The lists share an edge and the merged list fits 8 slots. */
  readonly ok: UInt;
  readonly merged: UInt;
}

export function mergeEdgeListsHw(m: ModuleBuilder, a: UInt, b: UInt, vb: number): EdgeMerge {
  const sw = 1 + 2 * vb;
  const as = fields(a, EDGE_SLOTS);
  const bs = fields(b, EDGE_SLOTS);
  const valid = (x: UInt): UInt => x.bit(2 * vb);
  const from = (x: UInt): UInt => x.bits(2 * vb - 1, vb);
  const to = (x: UInt): UInt => x.bits(vb - 1, 0);
  const reversed = (x: UInt, y: UInt): UInt => valid(x).and(valid(y)).and(from(x).eq(to(y))).and(to(x).eq(from(y)));
  const sharedA = as.map((x) => bs.map((y) => reversed(x, y)).reduce((p, q) => p.or(q)));
  const sharedB = bs.map((y) => as.map((x) => reversed(x, y)).reduce((p, q) => p.or(q)));
  const cands = [...as, ...bs];
  const keep = [...as.map((x, i) => valid(x).and(sharedA[i]!.not())), ...bs.map((y, j) => valid(y).and(sharedB[j]!.not()))];
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
  return { ok: anyShared.and(total.le(m.lit(EDGE_SLOTS, uint(pw)))), merged: pack(slots) };
}
