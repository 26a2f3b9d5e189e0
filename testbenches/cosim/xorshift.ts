// The stimulus generator shared by the Verilator benchmark (in C++) and by
// TypeScript (to replay the same run on gfxrtl's simulator). Both sides must
// produce the same bits, so the algorithm is specified here exactly:
//
//   state: uint64, seeded with `seed` (a zero seed becomes SEED_IF_ZERO,
//          since xorshift never leaves 0)
//   next:  s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s   (mod 2^64)
//   each cycle, each top input in port order, draws ceil(width / 64) words;
//   word k supplies bits [64k + 63 : 64k]; the value is masked to width.
//
// Reset cycles draw nothing (inputs are 0 while reset is high).
import type { Design } from '../../hdl/ir.js';
import { mask } from '../../hdl/ir.js';
import type { CycleOutputs, Stimulus } from './stimulus.js';
import { topPorts } from './stimulus.js';

export const SEED_IF_ZERO = 0x9e3779b97f4a7c15n;
const M64 = mask(64);

export class XorShift64 {
  private s: bigint;

  constructor(seed: bigint) {
    this.s = seed & M64 || SEED_IF_ZERO;
  }

  next(): bigint {
    let s = this.s;
    s ^= (s << 13n) & M64;
    s ^= s >> 7n;
    s ^= (s << 17n) & M64;
    this.s = s;
    return s;
  }

  /** A value of `width` random bits, low word first. */
  bits(width: number): bigint {
    let v = 0n;
    for (let k = 0; k * 64 < width; k++) v |= this.next() << BigInt(64 * k);
    return v & mask(width);
  }
}

export function xorshiftStimulus(design: Design, seed: bigint, cycles: number, resetCycles = 1): Stimulus {
  const rng = new XorShift64(seed);
  const { inputs } = topPorts(design);
  const rows: Record<string, bigint>[] = [];
  for (let c = 0; c < cycles; c++) {
    const row: Record<string, bigint> = {};
    for (const p of inputs) row[p.name] = rng.bits(p.width);
    rows.push(row);
  }
  return { resetCycles, cycles: rows };
}

/** The output checksum is two 32-bit FNV-1a lanes over 32-bit words, one
 *  with FNV's 32-bit prime and one with Knuth's multiplicative constant
 *  (both odd, so each step is a bijection of the lane: a run that differs in
 *  one word always ends with a different checksum). Two lanes of 32-bit
 *  multiplies, not one 64-bit FNV-1a: C++ folds either in the same few
 *  instructions, but JavaScript has no 64-bit multiply and built one from
 *  32-bit pieces, three times the work of the C++ loop it was compared with,
 *  which on a small design cost more than simulating it. */
export const FOLD_OFFSET_A = 0x811c9dc5;
export const FOLD_PRIME_A = 0x01000193;
export const FOLD_OFFSET_B = 0x2b9a3e41;
export const FOLD_PRIME_B = 0x9e3779b1;

/** One step of both lanes: (a, b) after folding the 32-bit word w. */
export function foldWord(a: number, b: number, w: number): [number, number] {
  return [Math.imul(a ^ w, FOLD_PRIME_A) >>> 0, Math.imul(b ^ w, FOLD_PRIME_B) >>> 0];
}

/** The benchmark's output checksum: each sampled cycle, each top output in
 *  port order, its value in ceil(width / 32) 32-bit words, low word first,
 *  folded into both lanes; the checksum is lane B above lane A. It proves
 *  the timed run computed the same outputs as a replay elsewhere. */
export function outputChecksum(design: Design, outputs: CycleOutputs[]): bigint {
  const ports = topPorts(design).outputs;
  let a = FOLD_OFFSET_A;
  let b = FOLD_OFFSET_B;
  for (const cycle of outputs) {
    for (const p of ports) {
      const v = cycle[p.name] ?? 0n;
      for (let k = 0; k * 32 < p.width; k++) [a, b] = foldWord(a, b, Number((v >> BigInt(32 * k)) & 0xffffffffn));
    }
  }
  return (BigInt(b) << 32n) | BigInt(a);
}
