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

export const FNV_OFFSET = 0xcbf29ce484222325n;
export const FNV_PRIME = 0x100000001b3n;

/** The benchmark's output checksum, FNV-1a over 64-bit words: each sampled
 *  cycle, each top output in port order, its value in ceil(width / 64)
 *  words, low word first: h = (h ^ word) * FNV_PRIME mod 2^64. It proves
 *  the timed run computed the same outputs as a replay elsewhere. */
export function outputChecksum(design: Design, outputs: CycleOutputs[]): bigint {
  const ports = topPorts(design).outputs;
  let h = FNV_OFFSET;
  for (const cycle of outputs) {
    for (const p of ports) {
      const v = cycle[p.name] ?? 0n;
      for (let k = 0; k * 64 < p.width; k++) h = ((h ^ ((v >> BigInt(64 * k)) & M64)) * FNV_PRIME) & M64;
    }
  }
  return h;
}
