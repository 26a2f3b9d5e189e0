// Sharding: shard i of N takes every N-th micro-architecture of the full
// enumeration, starting at the i-th (round-robin keeps shards balanced when
// cost varies along an axis). Every shard of one sweep must use the same
// spec; the manifest records it and merge checks it.
import { decimalInteger } from '../../hdl/decimal.js';
import { SpecError } from './spec.js';
import type { Shard } from './manifest.js';

export function parseShard(text: string): Shard {
  const m = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!(count >= 1 && index >= 1 && index <= count)) throw new SpecError(`--shard ${text} is not valid; expected i/N with 1 <= i <= N, e.g. 1/4`);
  return { index, count };
}

export function inShard(enumerationIndex: number, shard: Shard | null): boolean {
  return shard === null || enumerationIndex % shard.count === shard.index - 1;
}

/**
 * The shard of a Slurm job array task: SLURM_ARRAY_TASK_ID (any base, e.g.
 * --array=0-3 or 1-4) among SLURM_ARRAY_TASK_COUNT tasks, numbered from
 * SLURM_ARRAY_TASK_MIN (default 0). Null outside a job array.
 */
export function shardFromEnv(env: NodeJS.ProcessEnv = process.env): Shard | null {
  const id = env['SLURM_ARRAY_TASK_ID'];
  if (id === undefined || id === '') return null;
  const count = decimalInteger(env['SLURM_ARRAY_TASK_COUNT'] ?? '') ?? NaN;
  const min = decimalInteger(env['SLURM_ARRAY_TASK_MIN'] ?? '0') ?? NaN;
  const n = decimalInteger(id) ?? NaN;
  if (!(Number.isInteger(count) && count >= 1)) throw new SpecError(`SLURM_ARRAY_TASK_ID=${id} is set but SLURM_ARRAY_TASK_COUNT=${env['SLURM_ARRAY_TASK_COUNT'] ?? '(unset)'} is not a positive integer`);
  if (!(Number.isInteger(n) && Number.isInteger(min) && n - min >= 0 && n - min < count)) {
    throw new SpecError(`SLURM_ARRAY_TASK_ID=${id} is not within SLURM_ARRAY_TASK_MIN=${min} .. ${min + count - 1} (SLURM_ARRAY_TASK_COUNT=${count}); submit with a contiguous --array range, e.g. --array=0-${count - 1}`);
  }
  return { index: n - min + 1, count };
}
