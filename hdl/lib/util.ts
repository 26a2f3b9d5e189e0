// Small pieces the library files share: constants on a signal's module,
// index widths, and argument checks that fail with the usual HdlError.
import { type Owner, Signal, UInt } from '../signal.js';
import { uint } from '../types.js';

// The IR's width rules for the library operations define them.
export { countBits, indexBits } from '../ir.js';

/** An unsigned constant in `owner`'s module. */
export function constOf(owner: Owner, value: bigint | number, width: number): UInt {
  const v = BigInt(value);
  if (v < 0n || v >= 1n << BigInt(width)) owner.fail('literal out of range', undefined, `${v} does not fit uint(${width})`);
  return new UInt(owner, owner.addNode({ op: 'const', value: v }, width, { kind: 'uint' }), uint(width));
}

/** Fails unless `s` is an unsigned integer signal: the library's bit-vector
 *  operators work on raw bits, so fixed and signed values convert first. */
export function requireUInt(s: Signal, what: string): UInt {
  if (!(s instanceof UInt)) s.owner.fail('type mismatch', s.label, `${what} takes a uint, got ${s.type.kind}; convert with asUInt()`);
  return s;
}

/** Fails unless `n` is an integer in [min, max]. */
export function requireCount(owner: Owner, n: number, min: number, what: string, signal?: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer in ${min}..${max}`;
    owner.fail('bad parameter', signal, `${what} is ${n}; it must be ${range}`);
  }
}

/** Bits of `x`, least significant first. */
export function bitsOf(x: UInt): UInt[] {
  return Array.from({ length: x.width }, (_, i) => x.bit(i));
}
