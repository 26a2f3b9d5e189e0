import { ConfigError, type ConfigOf, type Schema } from '../config.js';

export const radixSortSchema = {
  k: { kind: 'int', min: 2, max: 16, default: 8, doc: 'digit width in bits: 2^k counters per bank, one pass per k key bits that carry information' },
  keysPerCycle: { kind: 'enum', values: ['1', '2', '4', '8'], default: '1', doc: 'pairs read, counted and scattered per cycle (one counter bank and one write port per lane)' },
  capacityLog2: { kind: 'int', min: 2, max: 20, default: 10, doc: 'log2 of the pairs each of the two buffers holds (18 for a 128x128 tile at 16 spp)' },
  pidBits: { kind: 'int', min: 1, max: 32, default: 32, doc: 'primitive-id field of the key (the key high word)' },
  valBits: { kind: 'int', min: 1, max: 32, default: 18, doc: 'value carried with each key: the sample position in the tile' },
} as const satisfies Schema;
export type RadixSortConfig = ConfigOf<typeof radixSortSchema>;

/** The low key word: Morton(sx, sy), 32 bits. */
export const XY_BITS = 32;

export function lanesOf(cfg: RadixSortConfig): number {
  return Number(cfg.keysPerCycle);
}

/** The checks a config needs beyond its schema ranges, with messages that
 *  name the parameter and what would be valid. */
export function checkRadixConfig(cfg: RadixSortConfig): void {
  const keyBits = cfg.pidBits + XY_BITS;
  if (!Number.isInteger(cfg.k) || cfg.k < 2 || cfg.k > 16) {
    throw new ConfigError(`radix-sort: k=${cfg.k} gives no sensible pass count for a ${keyBits}-bit key; valid 2..16 (k=1 needs up to ${keyBits} passes, k>16 needs more than 65536 counters per bank)`);
  }
  if (2 ** cfg.capacityLog2 <= lanesOf(cfg)) {
    throw new ConfigError(`radix-sort: capacityLog2=${cfg.capacityLog2} must hold more than one beat of keysPerCycle=${cfg.keysPerCycle} pairs; valid capacityLog2 ${Math.log2(lanesOf(cfg)) + 1}..20`);
  }
}
