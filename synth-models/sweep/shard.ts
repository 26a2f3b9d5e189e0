// Sharding: shard i of N takes every N-th micro-architecture of the full
// enumeration, starting at the i-th (round-robin keeps shards balanced when
// cost varies along an axis). Every shard of one sweep must use the same
// spec; the manifest records it and merge checks it.
import { SpecError } from './spec.js';
import type { Shard } from './manifest.js';

export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!(count >= 1 && index >= 1 && index <= count)) throw new SpecError(`--shard ${text} is not valid; expected i/N with 1 <= i <= N, e.g. 1/4`);
  return { index, count };
}

export function inShard(enumerationIndex: number, shard: Shard | null): boolean {
  return shard === null || enumerationIndex % shard.count === shard.index - 1;
}
