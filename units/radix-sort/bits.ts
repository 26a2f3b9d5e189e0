// Small bit-level building blocks the sorter needs: leading-one position,
// smear-right mask, popcount, unsigned min/max. Local stand-ins, to be
// replaced by hdl/lib (priority encoder, popcount) when it lands on main.
import { mux, uint, type ModuleBuilder, type UInt } from '../../hdl/index.js';

/** Bits needed to hold v: 0 for 0, else position of the leading one + 1.
 *  A mux chain from the LSB up, so the highest set bit wins. */
export function bitLength(m: ModuleBuilder, v: UInt): UInt {
  const w = Math.ceil(Math.log2(v.width + 1));
  let r = m.lit(0, uint(w));
  for (let i = 0; i < v.width; i++) r = mux(v.bit(i), m.lit(i + 1, uint(w)), r);
  return r;
}

/** Every bit at or below the leading one set: v | v>>1 | v>>2 | ... */
export function smearRight(v: UInt): UInt {
  let r = v;
  for (let s = 1; s < v.width; s *= 2) r = r.or(r.shr(s).zext(v.width));
  return r;
}

/** Number of set bits, as an adder tree. */
export function popcount(m: ModuleBuilder, v: UInt): UInt {
  const w = Math.ceil(Math.log2(v.width + 1));
  let terms: UInt[] = [];
  for (let i = 0; i < v.width; i++) terms.push(v.bit(i));
  if (terms.length === 1) return terms[0]!.zext(w);
  while (terms.length > 1) {
    const next: UInt[] = [];
    for (let i = 0; i + 1 < terms.length; i += 2) next.push(terms[i]!.add(terms[i + 1]!));
    if (terms.length % 2 === 1) next.push(terms[terms.length - 1]!);
    terms = next;
  }
  const r = terms[0]!;
  return r.width >= w ? r.trunc(w) : r.zext(w);
}

export function minU(a: UInt, b: UInt): UInt {
  return mux(b.lt(a), b, a);
}

export function maxU(a: UInt, b: UInt): UInt {
  return mux(b.gt(a), b, a);
}
