// Seeded pseudo-random numbers for every testbench and workload generator.
// Nothing in gfxrtl may use Math.random: a failing run must be replayable from
// the seed it prints. xoshiro128** (Blackman & Vigna) is small, fast in 32-bit
// JS integer arithmetic and statistically good enough for stimulus; its 128-bit
// state is filled from the 32-bit seed with splitmix32 so nearby seeds give
// unrelated streams.
import { ParamError } from '../hdl/errors.js';

/** A deterministic random stream. Every draw advances the state. */
export interface Rng {
  /** The seed this stream was created from (print it with any failure). */
  readonly seed: number;
  /** Uniform unsigned 32-bit integer. */
  u32(): number;
  /** Uniform float in [0, 1) with 32 bits of randomness. */
  float(): number;
  /** Uniform integer in [lo, hi] (inclusive); lo <= hi, both safe integers, span <= 2^32. */
  int(lo: number, hi: number): number;
  /** Uniform float in [lo, hi). */
  range(lo: number, hi: number): number;
  /** A uniformly chosen element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** An independent child stream, deterministic from this stream's seed and the label. */
  fork(label: string | number): Rng;
}

/** splitmix32: a 32-bit mixer used to expand seeds and to derive child seeds. */
export function splitmix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

function hashLabel(label: string | number): number {
  if (typeof label === 'number') return splitmix32(label >>> 0);
  // FNV-1a over UTF-16 code units: stable across platforms.
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** A xoshiro128** stream seeded from a 32-bit integer (other numbers are truncated to 32 bits). */
export function makeRng(seed: number): Rng {
  if (!Number.isInteger(seed)) throw new ParamError('seed', seed, 'an integer', { message: `makeRng: seed ${seed} is not an integer` });
  const seed32 = seed >>> 0;
  let a = splitmix32(seed32);
  let b = splitmix32(a);
  let c = splitmix32(b);
  let d = splitmix32(c);
  if ((a | b | c | d) === 0) a = 1; // the all-zero state is a fixed point

  const u32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9);
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result >>> 0;
  };

  const float = (): number => u32() / 0x1_0000_0000;

  const rng: Rng = {
    seed: seed32,
    u32,
    float,
    int(lo: number, hi: number): number {
      if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || hi < lo) {
        throw new ParamError('range', `[${lo}, ${hi}]`, 'integers lo <= hi', { message: `Rng.int: bad range [${lo}, ${hi}]` });
      }
      const span = hi - lo + 1;
      if (span > 0x1_0000_0000) throw new ParamError('span', span, 'at most 2^32', { message: `Rng.int: span ${span} exceeds 2^32` });
      // Rejection sampling keeps the draw exactly uniform.
      const limit = 0x1_0000_0000 - (0x1_0000_0000 % span);
      for (;;) {
        const r = u32();
        if (r < limit) return lo + (r % span);
      }
    },
    range(lo: number, hi: number): number {
      return lo + (hi - lo) * float();
    },
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new ParamError('items', items, 'a non-empty array', { message: 'Rng.pick: empty array' });
      return items[rng.int(0, items.length - 1)] as T;
    },
    fork(label: string | number): Rng {
      return makeRng(splitmix32(seed32 ^ hashLabel(label)));
    },
  };
  return rng;
}

/**
 * The seed a test run uses: GFXRTL_SEED from the environment if set (to replay
 * a failure), else the test's own fixed default. Tests print it on failure.
 */
export function seedFromEnv(fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const text = env['GFXRTL_SEED'];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new ParamError('GFXRTL_SEED', text, 'an integer', { message: `GFXRTL_SEED=${text} is not an integer` });
  return n >>> 0;
}
