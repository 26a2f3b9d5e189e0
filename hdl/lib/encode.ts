// Encoders between the three ways hardware names "one of N": a request
// vector (any bits set), a one-hot vector, and a binary index. Priority
// encoding is a library operation whose hardware is a balanced tree (log2 N
// mux levels), not a chain, so the inventory's critical path sees what a
// synthesised encoder has.
import { cat } from '../ops.js';
import type { UInt } from '../signal.js';
import { priorityNode } from './library-ops.js';
import { bitsOf, constOf, indexBits, requireCount, requireUInt } from './util.js';

/** Which set bit wins: the lowest index (LSB) or the highest (MSB). */
export type Priority = 'lowest' | 'highest';

/** An encoder's result: whether any bit was set and the index of the chosen one. */
export interface Encoded {
  /** Some bit of the input is set. */
  valid: UInt;
  /** Index of the winning bit (0 when none is set); indexBits(width) wide. */
  index: UInt;
}

/** Index of the lowest (default) or highest set bit of `request`: one
 *  prienc node, a balanced tree of ORs and 2:1 muxes in hardware
 *  (hdl/opt/lower.ts). */
export function priorityEncode(request: UInt, opts: { priority?: Priority } = {}): Encoded {
  requireUInt(request, 'priorityEncode');
  return priorityNode(request, (opts.priority ?? 'lowest') === 'highest');
}

/** The winning set bit alone, as a one-hot vector (all zeros when none). */
export function firstOne(request: UInt, opts: { priority?: Priority } = {}): UInt {
  requireUInt(request, 'firstOne');
  if ((opts.priority ?? 'lowest') === 'lowest') return request.and(request.not().addWrap(1));
  const e = priorityEncode(request, { priority: 'highest' });
  return indexToOneHot(e.index, request.width).and(cat(...Array.from({ length: request.width }, () => e.valid)));
}

/** Binary index of the set bit of a one-hot vector. With several bits set
 *  the result is the OR of their indices (as a mux-free encoder gives);
 *  with none it is 0. */
export function oneHotToIndex(oneHot: UInt): UInt {
  requireUInt(oneHot, 'oneHotToIndex');
  const w = indexBits(oneHot.width);
  const bits = bitsOf(oneHot);
  const out: UInt[] = [];
  for (let k = w - 1; k >= 0; k--) {
    const terms = bits.filter((_, i) => (i >> k) & 1);
    out.push(terms.length === 0 ? constOf(oneHot.owner, 0, 1) : terms.reduce((a, b) => a.or(b)));
  }
  return cat(...out);
}

/** Decoder: an n-bit vector with bit `index` set (all zeros when index >= n). */
export function indexToOneHot(index: UInt, n: number): UInt {
  requireUInt(index, 'indexToOneHot');
  requireCount(index.owner, n, 1, 'indexToOneHot width', index.label, 2 ** Math.min(index.width, 30));
  return constOf(index.owner, 1, n).shlBy(index);
}
