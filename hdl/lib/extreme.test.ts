// The library operations through the DSL (hdl/lib/library-ops.ts): arg-min
// and arg-max over (valid, key) pairs, popcount and priority encoding,
// against a plain TypeScript model at narrow, mid (33..52 bits) and limb
// (53 bits and up) key and vector widths, each entry count from 1 to 33.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { bitsOfValue } from './models.js';
import { Extremes } from './test-designs.js';
import { defineModule } from '../module.js';
import { sint, uint } from '../types.js';
import { argMin } from './library-ops.js';

interface Cfg {
  n: number;
  width: number;
  signed: boolean;
}
const sims = new SimulatorCache((c: Cfg) => elaborate(Extremes, c));

/** The index of the best valid key, scanning in order: `beats(a, b)` when
 *  key a must replace the best so far b. */
function bestOf(valid: bigint, keys: bigint[], beats: (a: bigint, b: bigint) => boolean): number | null {
  let best: number | null = null;
  keys.forEach((k, i) => {
    if (((valid >> BigInt(i)) & 1n) !== 0n && (best === null || beats(k, keys[best]!))) best = i;
  });
  return best;
}

function expectedOf(c: Cfg, valid: bigint, packed: bigint): Record<string, bigint> {
  const keys = Array.from({ length: c.n }, (_, i) => {
    const raw = (packed >> BigInt(i * c.width)) & ((1n << BigInt(c.width)) - 1n);
    return c.signed ? BigInt.asIntN(c.width, raw) : raw;
  });
  const out: Record<string, bigint> = {};
  const put = (name: string, i: number | null): void => {
    out[`${name}_found`] = i === null ? 0n : 1n;
    out[`${name}_index`] = BigInt(i ?? 0);
  };
  put('min', bestOf(valid, keys, (a, b) => a < b));
  put('min_latest', bestOf(valid, keys, (a, b) => a <= b));
  put('max', bestOf(valid, keys, (a, b) => a > b));
  put('max_latest', bestOf(valid, keys, (a, b) => a >= b));
  const set = bitsOfValue(packed, c.n * c.width);
  out.pop = BigInt(set.length);
  out.pop_valid = BigInt(bitsOfValue(valid, c.n).length);
  out.pe_valid = set.length > 0 ? 1n : 0n;
  out.pe_lo = BigInt(set[0] ?? 0);
  out.pe_hi = BigInt(set[set.length - 1] ?? 0);
  return out;
}

describe('arg-min, arg-max, popcount and priority encode', () => {
  it('match a scan-in-order model at every width class', () => {
    const arb = fc
      .record({
        n: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom(8, 17, 33)),
        width: fc.constantFrom(1, 3, 8, 31, 32, 33, 40, 52, 53, 64, 70),
        signed: fc.boolean(),
      })
      .chain((c) =>
        fc.record({
          c: fc.constant(c),
          valid: fc.bigInt({ min: 0n, max: (1n << BigInt(c.n)) - 1n }),
          // Few distinct keys, so ties (and ties with the sign bit) are common.
          keys: fc.array(fc.oneof(fc.bigInt({ min: 0n, max: (1n << BigInt(c.width)) - 1n }), fc.constantFrom(0n, 1n, (1n << BigInt(c.width)) - 1n, 1n << BigInt(c.width - 1))), { minLength: c.n, maxLength: c.n }),
        }),
      );
    checkWithWaves('lib-extremes', arb, ({ c, valid, keys }, ctx) => {
      const sim = sims.get(c);
      ctx.attach(sim);
      const packed = keys.reduce((acc, k, i) => acc | ((k & ((1n << BigInt(c.width)) - 1n)) << BigInt(i * c.width)), 0n);
      sim.poke('valid', valid);
      sim.poke('keys', packed);
      for (const [k, v] of Object.entries(expectedOf(c, valid, packed))) expect({ c, valid, packed, port: k, value: sim.peek(k) }).toEqual({ c, valid, packed, port: k, value: v });
    }, { numRuns: 200 });
  });

  it('refuse keys of mixed types or widths and a valid vector of the wrong width, naming them', () => {
    const build = (body: Parameters<typeof defineModule>[1]) => () => elaborate(defineModule('Bad', body), undefined);
    expect(build((m) => {
      argMin(m.input('v', uint(2)), [m.input('a', uint(4)), m.input('b', uint(5))]);
      return {};
    })).toThrow(/argMin: key b is uint\(5\) but a is uint\(4\)/);
    expect(build((m) => {
      argMin(m.input('v', uint(2)), [m.input('a', uint(4)), m.input('b', sint(4))]);
      return {};
    })).toThrow(/argMin: key b is sint\(4\)/);
    expect(build((m) => {
      argMin(m.input('v', uint(3)), [m.input('a', uint(4)), m.input('b', uint(4))]);
      return {};
    })).toThrow(/argMin: v has 3 valid bits for 2 keys/);
  });
});
