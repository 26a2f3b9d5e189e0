// The mutable state generated code works on, and the few helpers it calls
// (loops that would bloat every call site if inlined). Generated functions
// receive these two objects and copy what they use into locals up front.
import type { FlatNetlist } from '../flatten.js';
import type { Layout } from './layout.js';
import { storeOf } from './layout.js';

/** Keys of a CAM or words of a memory, stored by width as in layout.ts:
 *  int32 patterns, integer doubles (mid) or BigInts. */
export type Words = Int32Array | Float64Array | bigint[];

/** Unsigned value of entry i of `w`. */
export function wordAt(w: Words, i: number): bigint {
  const v = w[i]!;
  return typeof v === 'bigint' ? v : w instanceof Int32Array ? BigInt(v >>> 0) : BigInt(v);
}

/** Stores the unsigned `bits` (which fit the words' width) at entry i. */
export function setWord(w: Words, i: number, bits: bigint): void {
  if (w instanceof Int32Array) w[i] = Number(BigInt.asIntN(32, bits));
  else if (w instanceof Float64Array) w[i] = Number(bits);
  else w[i] = bits;
}

export interface SimState {
  /** Narrow values (int32 patterns), state slots first. */
  N: Int32Array;
  /** Mid values (integer doubles), state slots first. */
  D: Float64Array;
  /** Wide values (BigInts), state slots first. */
  W: bigint[];
  /** Next-state buffers for the slot-array clock edge. */
  NX: Int32Array;
  DX: Float64Array;
  WX: bigint[];
  mems: Words[];
  camKeys: Words[];
  camValid: Uint8Array[];
  /** Care masks of ternary CAMs (an empty Int32Array for the others). */
  camCare: Words[];
  /** ctl[0]: the reset line. */
  ctl: Int32Array;
}

export function allocState(net: FlatNetlist, lay: Layout): SimState {
  const words = (width: number, n: number): Words => {
    const s = storeOf(width);
    return s === 'N' ? new Int32Array(n) : s === 'D' ? new Float64Array(n) : new Array<bigint>(n).fill(0n);
  };
  return {
    N: new Int32Array(lay.nNarrow),
    D: new Float64Array(lay.nMid),
    W: new Array<bigint>(lay.nWide).fill(0n),
    NX: new Int32Array(lay.nNarrowState),
    DX: new Float64Array(lay.nMidState),
    WX: new Array<bigint>(lay.nWideState).fill(0n),
    mems: net.memories.map((m) => words(m.width, m.depth)),
    camKeys: net.cams.map((c) => words(c.keyWidth, c.entries)),
    camValid: net.cams.map((c) => new Uint8Array(c.entries)),
    camCare: net.cams.map((c) => (c.ternary ? words(c.keyWidth, c.entries) : new Int32Array(0))),
    ctl: new Int32Array(1),
  };
}

/** Parity of a non-negative BigInt, as 0 or 1. */
function parityBig(v: bigint): number {
  let acc = 0;
  while (v !== 0n) {
    acc ^= Number(BigInt.asUintN(32, v)) | 0;
    v >>= 32n;
  }
  acc ^= acc >>> 16;
  acc ^= acc >>> 8;
  acc ^= acc >>> 4;
  return (0x6996 >>> (acc & 15)) & 1;
}

/** Match vector of a CAM with at most 32 entries, as an int32 pattern. */
function camMatch32(keys: Words, valid: Uint8Array, key: number | bigint): number {
  let m = 0;
  for (let i = 0; i < valid.length; i++) if (valid[i] !== 0 && keys[i] === key) m |= 1 << i;
  return m;
}

/** Match vector of a wider CAM, built 32 entries at a time. */
function camMatchBig(keys: Words, valid: Uint8Array, key: number | bigint): bigint {
  let m = 0n;
  for (let base = (valid.length - 1) & ~31; base >= 0; base -= 32) {
    let word = 0;
    const end = Math.min(base + 32, valid.length);
    for (let i = base; i < end; i++) if (valid[i] !== 0 && keys[i] === key) word |= 1 << (i - base);
    m = (m << 32n) | BigInt(word >>> 0);
  }
  return m;
}

/** Do stored key `a` and search key `b` agree on the 1 bits of `m`? All
 *  three are in the keys' representation (int32 pattern, integer double or
 *  BigInt); doubles are compared as two 32-bit halves, since JS bitwise
 *  operators see only 32 bits of a number. */
function maskedEq(a: number | bigint, b: number | bigint, m: number | bigint, mid: boolean): boolean {
  if (typeof a === 'bigint') return ((a ^ (b as bigint)) & (m as bigint)) === 0n;
  if (!mid) return ((a ^ (b as number)) & (m as number)) === 0;
  const hi = (v: number): number => Math.floor(v / 4294967296) | 0;
  const x = a as number, y = b as number, z = m as number;
  return ((x ^ y) & z) === 0 && ((hi(x) ^ hi(y)) & hi(z)) === 0;
}

/** Masked search (ternary on the search side), at most 32 entries. */
function camMatchMasked32(keys: Words, valid: Uint8Array, key: number | bigint, mask: number | bigint): number {
  const mid = keys instanceof Float64Array;
  let m = 0;
  for (let i = 0; i < valid.length; i++) if (valid[i] !== 0 && maskedEq(keys[i]!, key, mask, mid)) m |= 1 << i;
  return m;
}

/** Masked search over more than 32 entries. */
function camMatchMaskedBig(keys: Words, valid: Uint8Array, key: number | bigint, mask: number | bigint): bigint {
  const mid = keys instanceof Float64Array;
  let m = 0n;
  for (let i = valid.length - 1; i >= 0; i--) m = (m << 1n) | (valid[i] !== 0 && maskedEq(keys[i]!, key, mask, mid) ? 1n : 0n);
  return m;
}

/** a & b in the keys' representation. */
function andWords(a: number | bigint, b: number | bigint, mid: boolean): number | bigint {
  if (typeof a === 'bigint') return a & (b as bigint);
  if (!mid) return a & (b as number);
  const x = a as number, y = b as number;
  const hi = (Math.floor(x / 4294967296) & Math.floor(y / 4294967296)) >>> 0;
  return hi * 4294967296 + ((x & y) >>> 0);
}

/** Ternary search: only bits selected by both entry i's care mask and the
 *  search mask (if any) are compared. */
function camMatchTernary32(keys: Words, care: Words, valid: Uint8Array, key: number | bigint, mask?: number | bigint): number {
  const mid = keys instanceof Float64Array;
  let m = 0;
  for (let i = 0; i < valid.length; i++) if (valid[i] !== 0 && maskedEq(keys[i]!, key, mask === undefined ? care[i]! : andWords(care[i]!, mask, mid), mid)) m |= 1 << i;
  return m;
}
function camMatchTernaryBig(keys: Words, care: Words, valid: Uint8Array, key: number | bigint, mask?: number | bigint): bigint {
  const mid = keys instanceof Float64Array;
  let m = 0n;
  for (let i = valid.length - 1; i >= 0; i--) {
    const hit = valid[i] !== 0 && maskedEq(keys[i]!, key, mask === undefined ? care[i]! : andWords(care[i]!, mask, mid), mid);
    m = (m << 1n) | (hit ? 1n : 0n);
  }
  return m;
}

/** The valid bits as a vector: int32 pattern (<= 32 entries) or BigInt. */
function camValid32(valid: Uint8Array): number {
  let m = 0;
  for (let i = 0; i < valid.length; i++) if (valid[i] !== 0) m |= 1 << i;
  return m;
}
function camValidBig(valid: Uint8Array): bigint {
  let m = 0n;
  for (let i = valid.length - 1; i >= 0; i--) m = (m << 1n) | (valid[i] !== 0 ? 1n : 0n);
  return m;
}

/** pow2[k] = 2^k exactly, for mid shifts by a variable amount. */
const pow2 = Float64Array.from({ length: 65 }, (_, k) => 2 ** k);

export const helpers = { parityBig, camMatch32, camMatchBig, camMatchMasked32, camMatchMaskedBig, camMatchTernary32, camMatchTernaryBig, camValid32, camValidBig, pow2 };
export type Helpers = typeof helpers;
/** Prologue binding each helper to the `H_` name generated code calls. */
export const helperPrologue = Object.keys(helpers)
  .map((k) => `const H_${k} = H.${k};`)
  .join('\n');
