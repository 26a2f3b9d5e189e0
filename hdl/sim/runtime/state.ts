// The mutable state generated code works on, and the few helpers it calls
// (loops that would bloat every call site if inlined). Generated functions
// receive these two objects and copy what they use into locals up front.
import type { SimNetlist } from '../netlist.js';
import type { Layout } from '../passes/layout.js';
import { isWide, limbsOf, storeOf } from '../passes/layout.js';

/** Keys of a CAM or words of a memory, stored by width as in passes/layout.ts:
 *  int32 patterns, integer doubles (mid), or limbs (wide: entry i at
 *  [i * limbs, (i + 1) * limbs), with one spare all-zero entry past the end
 *  that out-of-range reads land on). */
export type Words = Int32Array | Float64Array;

/** Unsigned value of entry i of `w` (words of `width` bits). */
export function wordAt(w: Words, i: number, width: number): bigint {
  if (w instanceof Float64Array) return BigInt(w[i]!);
  if (!isWide(width)) return BigInt(w[i]! >>> 0);
  return fromLimbs(w, i * limbsOf(width), limbsOf(width));
}

/** Stores the unsigned `bits` (which fit `width`) at entry i. */
export function setWord(w: Words, i: number, bits: bigint, width: number): void {
  if (w instanceof Float64Array) w[i] = Number(bits);
  else if (!isWide(width)) w[i] = Number(BigInt.asIntN(32, bits));
  else toLimbs(bits, w, i * limbsOf(width), limbsOf(width));
}

/** The unsigned value of `k` limbs of `a` from `at`. */
export function fromLimbs(a: Int32Array, at: number, k: number): bigint {
  let v = 0n;
  for (let j = k - 1; j >= 0; j--) v = (v << 32n) | BigInt(a[at + j]! >>> 0);
  return v;
}

/** Writes the low 32k bits of `v` as `k` limbs of `a` from `at`. */
export function toLimbs(v: bigint, a: Int32Array, at: number, k: number): void {
  for (let j = 0; j < k; j++) a[at + j] = Number(BigInt.asIntN(32, v >> BigInt(32 * j)));
}

export interface SimState {
  /** Narrow values (int32 patterns), state slots first. */
  N: Int32Array;
  /** Mid values (integer doubles), state slots first. */
  D: Float64Array;
  /** Wide values (32-bit limbs), state limbs first. */
  W: Int32Array;
  /** Next-state buffers for the slot-array clock edge. */
  NX: Int32Array;
  DX: Float64Array;
  WX: Int32Array;
  mems: Words[];
  camKeys: Words[];
  camValid: Uint8Array[];
  /** Care masks of ternary CAMs, stored as the keys (an empty Int32Array
   *  for the others). */
  camCare: Words[];
  /** ctl[0]: the reset line. */
  ctl: Int32Array;
}

export function allocState(net: SimNetlist, lay: Layout): SimState {
  const words = (width: number, n: number): Words => {
    const s = storeOf(width);
    return s === 'N' ? new Int32Array(n) : s === 'D' ? new Float64Array(n) : new Int32Array((n + 1) * limbsOf(width));
  };
  return {
    N: new Int32Array(lay.nNarrow),
    D: new Float64Array(lay.nMid),
    W: new Int32Array(lay.nWide),
    NX: new Int32Array(lay.nNarrowState),
    DX: new Float64Array(lay.nMidState),
    WX: new Int32Array(lay.nWideState),
    mems: net.memories.map((m) => words(m.width, m.depth)),
    camKeys: net.cams.map((c) => words(c.keyWidth, c.entries)),
    camValid: net.cams.map((c) => new Uint8Array(c.entries)),
    camCare: net.cams.map((c) => (c.ternary ? words(c.keyWidth, c.entries) : new Int32Array(0))),
    ctl: new Int32Array(1),
  };
}

/** Scratch limbs through which generated code passes operands (A, B) to
 *  the helpers below and reads their result (R). Grown, never shrunk, by
 *  ensureScratch before code using more limbs runs; generated code reads
 *  the arrays from H on every call, so growing is safe. */
const scratch = { A: new Int32Array(64), B: new Int32Array(64), R: new Int32Array(64), T: new Int32Array(64) };

export function ensureScratch(limbs: number): void {
  if (limbs <= scratch.A.length) return;
  const n = 2 ** Math.ceil(Math.log2(limbs));
  scratch.A = new Int32Array(n);
  scratch.B = new Int32Array(n);
  scratch.R = new Int32Array(n);
  scratch.T = new Int32Array(n);
  helpers.A = scratch.A;
  helpers.B = scratch.B;
  helpers.R = scratch.R;
}

/** R = A * B mod 2^(32k), schoolbook on 16-bit halves so every partial sum
 *  is an exact double. */
function mul(k: number): void {
  const { A, B, R } = scratch;
  R.fill(0, 0, k);
  for (let i = 0; i < k; i++) {
    const a = A[i]! >>> 0;
    if (a === 0) continue;
    const al = a & 0xffff;
    const ah = a >>> 16;
    let carry = 0;
    for (let j = 0; i + j < k; j++) {
      const b = B[j]! >>> 0;
      const bl = b & 0xffff;
      const bh = b >>> 16;
      // a * b = ah*bh*2^32 + (ah*bl + al*bh)*2^16 + al*bl, split into the
      // low word (added here) and the high word (carried).
      const ll = al * bl;
      const cross = ah * bl + al * bh;
      const low = (ll >>> 0) + (cross % 65536) * 65536 + (R[i + j]! >>> 0) + carry;
      R[i + j] = low | 0;
      carry = ah * bh + Math.floor(cross / 65536) + Math.floor(low / 4294967296);
    }
  }
}

/** R = floor(A / B) over k limbs (all ones when B is 0), by shift and
 *  subtract one bit at a time from the top set bit of A. */
function divu(k: number): void {
  const { A, B, R, T } = scratch;
  let zero = true;
  for (let j = 0; j < k; j++) if (B[j] !== 0) zero = false;
  if (zero) {
    R.fill(-1, 0, k);
    return;
  }
  R.fill(0, 0, k);
  T.fill(0, 0, k); // running remainder
  let top = 32 * k - 1;
  while (top >= 0 && ((A[top >>> 5]! >>> (top & 31)) & 1) === 0) top--;
  for (let i = top; i >= 0; i--) {
    // T = T * 2 + bit i of A; the remainder stays below B, so it fits.
    let c = (A[i >>> 5]! >>> (i & 31)) & 1;
    for (let j = 0; j < k; j++) {
      const t = T[j]!;
      T[j] = (t << 1) | c;
      c = t >>> 31;
    }
    if (c === 0 && geq(T, B, k) === false) continue;
    let borrow = 0;
    for (let j = 0; j < k; j++) {
      const d = (T[j]! >>> 0) - (B[j]! >>> 0) - borrow;
      T[j] = d | 0;
      borrow = d < 0 ? 1 : 0;
    }
    R[i >>> 5] = R[i >>> 5]! | (1 << (i & 31));
  }
}

function geq(a: Int32Array, b: Int32Array, k: number): boolean {
  for (let j = k - 1; j >= 0; j--) {
    const x = a[j]! >>> 0;
    const y = b[j]! >>> 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** R = A << s over k limbs (the caller masks the top limb). */
function shl(k: number, s: number): void {
  const { A, R } = scratch;
  const q = s >>> 5;
  const r = s & 31;
  for (let j = k - 1; j >= 0; j--) {
    const i = j - q;
    const hi = i >= 0 ? A[i]! : 0;
    const lo = i - 1 >= 0 ? A[i - 1]! : 0;
    R[j] = r === 0 ? hi : (hi << r) | (lo >>> (32 - r));
  }
}

/** R = A >> s over k limbs, filling with `fill` (0, or -1 for sign). */
function shr(k: number, s: number, fill: number): void {
  const { A, R } = scratch;
  const q = s >>> 5;
  const r = s & 31;
  for (let j = 0; j < k; j++) {
    const i = j + q;
    const lo = i < k ? A[i]! : fill;
    const hi = i + 1 < k ? A[i + 1]! : fill;
    R[j] = r === 0 ? lo : (lo >>> r) | (hi << (32 - r));
  }
}

function shru(k: number, s: number): void {
  shr(k, s, 0);
}

/** A holds the value sign-extended through its top limb. */
function shrs(k: number, s: number): void {
  shr(k, s, scratch.A[k - 1]! >> 31);
}

/** Match vector of a CAM with at most 32 entries and narrow or mid keys. */
function camMatch32(keys: Words, valid: Uint8Array, key: number): number {
  let m = 0;
  for (let i = 0; i < valid.length; i++) if (valid[i] !== 0 && keys[i] === key) m |= 1 << i;
  return m;
}

/** Match vector, any number of entries, narrow or mid keys, into R. */
function camMatchN(keys: Words, valid: Uint8Array, key: number): void {
  const R = scratch.R;
  R.fill(0, 0, (valid.length + 31) >>> 5);
  for (let i = 0; i < valid.length; i++) if (valid[i] !== 0 && keys[i] === key) R[i >>> 5] = R[i >>> 5]! | (1 << (i & 31));
}

/** Match vector, any number of entries, keys of k limbs (the key in A), into R. */
function camMatchW(keys: Int32Array, valid: Uint8Array, k: number): void {
  const { A, R } = scratch;
  R.fill(0, 0, (valid.length + 31) >>> 5);
  for (let i = 0; i < valid.length; i++) {
    if (valid[i] === 0) continue;
    let j = 0;
    while (j < k && keys[i * k + j] === A[j]) j++;
    if (j === k) R[i >>> 5] = R[i >>> 5]! | (1 << (i & 31));
  }
}

/** Limb j of entry i of a key store (passes/layout.ts forms: int32 patterns,
 *  mid doubles, or k limbs per entry). */
function keyLimb(keys: Words, i: number, j: number, k: number): number {
  if (keys instanceof Float64Array) return j === 0 ? keys[i]! | 0 : j === 1 ? (keys[i]! / 4294967296) | 0 : 0;
  if (k === 1) return j === 0 ? keys[i]! : 0;
  return keys[i * k + j]!;
}

/** Every CAM search form, into R: entry i matches when valid and its key
 *  equals the search key (limbs in A) on every bit that the search mask
 *  (limbs in B; all ones without one) and, for a ternary CAM, the entry's
 *  care mask select. k: limbs of the key width. */
function camSearch(keys: Words, care: Words | null, valid: Uint8Array, k: number): void {
  const { A, B, R } = scratch;
  R.fill(0, 0, (valid.length + 31) >>> 5);
  for (let i = 0; i < valid.length; i++) {
    if (valid[i] === 0) continue;
    let j = 0;
    while (j < k) {
      const c = care === null ? -1 : keyLimb(care, i, j, k);
      if (((keyLimb(keys, i, j, k) ^ A[j]!) & B[j]! & c) !== 0) break;
      j++;
    }
    if (j === k) R[i >>> 5] = R[i >>> 5]! | (1 << (i & 31));
  }
}

/** The valid bits as a vector: an int32 pattern (<= 32 entries)... */
function camValid32(valid: Uint8Array): number {
  let m = 0;
  for (let i = 0; i < valid.length; i++) if (valid[i] !== 0) m |= 1 << i;
  return m;
}

/** ...or limbs in R. */
function camValidLimbs(valid: Uint8Array): void {
  const R = scratch.R;
  R.fill(0, 0, (valid.length + 31) >>> 5);
  for (let i = 0; i < valid.length; i++) if (valid[i] !== 0) R[i >>> 5] = R[i >>> 5]! | (1 << (i & 31));
}

/** pow2[k] = 2^k exactly, for mid shifts by a variable amount. */
const pow2 = Float64Array.from({ length: 65 }, (_, k) => 2 ** k);

export const helpers = {
  camMatch32,
  camMatchN,
  camMatchW,
  camSearch,
  camValid32,
  camValidLimbs,
  mul,
  divu,
  shl,
  shru,
  shrs,
  pow2,
  A: scratch.A,
  B: scratch.B,
  R: scratch.R,
};
export type Helpers = typeof helpers;
/** Prologue binding each helper to the `H_` name generated code calls. */
export const helperPrologue = Object.keys(helpers)
  .map((k) => `const H_${k} = H.${k};`)
  .join('\n');
