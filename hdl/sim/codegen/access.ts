// Reads and guarded writes of the simulator's indexed stores (memories,
// CAM arrays) and a node's value as nodeValue gives it: helpers the node,
// edge, CAM and batch code generators share, apart from the dispatch in
// codegen/node.ts so that none of them imports another in a circle.
import type { NodeId } from '../../ir.js';
import { isWide, limbsOf } from '../passes/layout.js';
import { narrowMaskedStore } from './narrow.js';
import { amountNum } from './limbs.js';
import { maxOf, uN, type ExprCtx } from './util.js';

/** A node's value (or limb j of it) in the form nodeValue gives. */
export function valueOf(x: ExprCtx, id: NodeId): string[] {
  const w = x.width(id);
  if (!isWide(w)) return [x.ref(id)];
  return Array.from({ length: limbsOf(w) }, (_, j) => x.limb(id, j));
}

/** A node's value as an index below `size`, or `size` or more when out of
 *  range, and whether that can happen at all. */
function indexOf(x: ExprCtx, addr: NodeId, size: number): { a: string; check: boolean } {
  const wa = x.width(addr);
  if (isWide(wa)) return { a: x.tmp(amountNum(addr, size, x)), check: true };
  return { a: uN(x.ref(addr), wa), check: maxOf(wa) >= size };
}

/** Entry `addr` of an indexed store of `size` words of `width` bits (a
 *  memory, or a CAM's keys); 0 past the end. */
export function indexedRead(store: string, size: number, width: number, addr: NodeId, x: ExprCtx): string[] {
  const { a, check } = indexOf(x, addr, size);
  if (!isWide(width)) return [check ? `(${a} < ${size} ? ${store}[${a}] : 0)` : `${store}[${a}]`];
  const k = limbsOf(width);
  const base = x.tmp(check ? `(${a} < ${size} ? ${a} : ${size}) * ${k}` : `${a} * ${k}`);
  return Array.from({ length: k }, (_, j) => `${store}[${base} + ${j}]`);
}

/** Statement that stores `value` (one expression, or limbs of stride
 *  value.length) at `addr` of an indexed store of `size` entries when `en`
 *  is set; out-of-range addresses are ignored. `narrow`: the store holds
 *  int32 patterns, so the enable can be a mask (ExprCtx.maskSelect). */
export function guardedStore(target: string, size: number, addr: NodeId, en: NodeId, value: string[], x: ExprCtx, narrow = false): string {
  const { a, check } = indexOf(x, addr, size);
  const k = value.length;
  if (narrow && x.maskSelect(en)) return narrowMaskedStore(target, a, check ? size : null, x.ref(en), x.width(en), value[0]!);
  const stores =
    k === 1
      ? `${target}[i] = ${value[0]};`
      : value.map((v, j) => `${target}[i * ${k} + ${j}] = ${v};`).join(' ');
  return `if (${x.ref(en)} !== 0) { const i = ${a}; ${check ? `if (i < ${size}) { ${stores} }` : stores} }`;
}
