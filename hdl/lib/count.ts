// Bit counting: population count (an adder tree), leading/trailing zero
// counts (a priority encoder from the other end), bit length and the
// smear below the leading one.
import { mux } from '../ops.js';
import type { UInt } from '../signal.js';
import { priorityEncode } from './encode.js';
import { bitsOf, constOf, countBits, requireUInt } from './util.js';

/** Number of set bits; countBits(width) wide (8 bits in -> 4 bits out). */
export function popCount(x: UInt): UInt {
  requireUInt(x, 'popCount');
  let level: UInt[] = bitsOf(x);
  while (level.length > 1) {
    const next: UInt[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(level[i]!.add(level[i + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  const w = countBits(x.width);
  const sum = level[0]!;
  return sum.width >= w ? sum.trunc(w) : sum.zext(w);
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
