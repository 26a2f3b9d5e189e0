// Bit counting: population count (an adder tree, one library operation), leading/trailing zero
// counts (a priority encoder from the other end), bit length and the
// smear below the leading one.
import { mux } from '../ops.js';
import type { UInt } from '../signal.js';
import { priorityEncode } from './encode.js';
import { popcountNode } from './library-ops.js';
import { constOf, countBits, requireUInt } from './util.js';

/** Number of set bits; countBits(width) wide (8 bits in -> 4 bits out).
 *  One popcount node: an adder tree in hardware (hdl/opt/lower.ts). */
export function popCount(x: UInt): UInt {
  requireUInt(x, 'popCount');
  return popcountNode(x);
}

/** Zeros above the highest set bit: width when x is 0. */
export function leadingZeros(x: UInt): UInt {
  requireUInt(x, 'leadingZeros');
  const e = priorityEncode(x, { priority: 'highest' });
  const w = countBits(x.width);
  const top = constOf(x.owner, x.width - 1, w);
  return mux(e.valid, top.subWrap(e.index.zext(w)), constOf(x.owner, x.width, w));
}

/** Zeros below the lowest set bit: width when x is 0. */
export function trailingZeros(x: UInt): UInt {
  requireUInt(x, 'trailingZeros');
  const e = priorityEncode(x);
  const w = countBits(x.width);
  return mux(e.valid, e.index.zext(w), constOf(x.owner, x.width, w));
}

/** Bits needed to hold x: 0 for 0, else the leading one's position + 1;
 *  countBits(width) wide. */
export function bitLength(x: UInt): UInt {
  requireUInt(x, 'bitLength');
  const w = countBits(x.width);
  return constOf(x.owner, x.width, w).subWrap(leadingZeros(x));
}

/** Every bit at or below the leading one set (x | x>>1 | x>>2 | ...): the
 *  mask of the bits a value's range really uses. */
export function smearRight(x: UInt): UInt {
  requireUInt(x, 'smearRight');
  let r = x;
  for (let s = 1; s < x.width; s *= 2) r = r.or(r.shr(s).zext(x.width));
  return r;
}
