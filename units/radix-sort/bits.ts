// Bit-level pieces the sorter and the min/max encoder need, on top of hdl/lib:
// bit length (from the library's leading-zero count), a smear-right mask,
// unsigned min/max.
import { mux, uint, type ModuleBuilder, type UInt } from '../../hdl/index.js';
import { countBits, leadingZeros, popCount } from '../../hdl/lib/index.js';

/** Bits needed to hold v: 0 for 0, else position of the leading one + 1. */
export function bitLength(m: ModuleBuilder, v: UInt): UInt {
  const w = countBits(v.width);
  return m.lit(v.width, uint(w)).subWrap(leadingZeros(v));
}

/** Every bit at or below the leading one set: v | v>>1 | v>>2 | ... */
export function smearRight(v: UInt): UInt {
  let r = v;
  for (let s = 1; s < v.width; s *= 2) r = r.or(r.shr(s).zext(v.width));
  return r;
}

/** Number of set bits (the library's adder tree). */
export function popcount(_m: ModuleBuilder, v: UInt): UInt {
  return popCount(v);
}

export function minU(a: UInt, b: UInt): UInt {
  return mux(b.lt(a), b, a);
}

export function maxU(a: UInt, b: UInt): UInt {
  return mux(b.gt(a), b, a);
}
