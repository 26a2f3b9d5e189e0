// The canonical text keys the caches of generated code and elaborations: two
// values with the same text must be the same data, whatever the key order or
// source locations; anything that differs in content must differ in text.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalText } from './canonical-text.js';
import { canonicalTextReference } from './canonical-text-reference.js';

describe('canonicalText', () => {
  it('ignores key order and source locations', () => {
    expect(canonicalText({ a: 1, b: [2n, 'x'], loc: { file: 'a.ts', line: 1 } })).toBe(canonicalText({ b: [2n, 'x'], a: 1 }));
  });

  it('tells apart what differs in content', () => {
    const distinct = [
      { v: 5n },
      { v: '5n' },
      { v: 5 },
      { v: '5' },
      { v: [5] },
      { v: new Map([[1, 2]]) },
      { v: new Map([[1, 3]]) },
      { v: new Set([1]) },
      { v: new Set([2]) },
      { v: Uint32Array.of(1, 2) },
      { v: Uint32Array.of(2, 1) },
      { v: null },
      { v: true },
      { v: 'true' },
    ];
    const texts = distinct.map((x) => canonicalText(x));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('refuses what is not data', () => {
    expect(() => canonicalText({ f: () => 1 })).toThrow(/cannot write a function/);
  });

  // The fast form keeps sorted keys per key list (found by the last key,
  // checked key by key): objects of one shape, of shapes sharing a last key,
  // the same keys in another order, 'loc' and undefined fields, all as the
  // plain form writes them.
  it('writes what the plain form writes', () => {
    const keyName = fc.constantFrom('id', 'op', 'width', 'loc', 'a', 'b', 'name', 'value', '"q"', 'a,b', '');
    const leaf = fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const { data } = fc.letrec((tie) => ({
      data: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object'), tie('map'), tie('set'), tie('typed')),
      array: fc.array(tie('data'), { maxLength: 4 }),
      object: fc.array(fc.tuple(keyName, tie('data')), { maxLength: 5 }).map((kv) => Object.fromEntries(kv)),
      map: fc.array(fc.tuple(leaf, tie('data')), { maxLength: 3 }).map((kv) => new Map(kv)),
      set: fc.array(leaf, { maxLength: 3 }).map((v) => new Set(v)),
      typed: fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 4 }).map((v) => Uint32Array.from(v)),
    }));
    // Many objects per value, so key lists repeat, and differ only in order or in one key.
    fc.assert(
      fc.property(fc.array(data, { minLength: 1, maxLength: 6 }), (values) => {
        expect(canonicalText(values)).toBe(canonicalTextReference(values));
      }),
      { seed: 20261128, numRuns: 400 },
    );
  });

  it('tells apart objects whose key lists share their last key', () => {
    const a = { x: 1, y: 2, id: 3 };
    const b = { y: 2, id: 3 };
    const c = { y: 2, x: 1, id: 3 };
    expect(canonicalText([a, b, c])).toBe(canonicalTextReference([a, b, c]));
    expect(canonicalText(a)).toBe(canonicalText(c));
    expect(canonicalText(a)).not.toBe(canonicalText(b));
  });

  it('writes numbers as JSON does', () => {
    const odd = [NaN, Infinity, -Infinity, -0, 1e21, 5e-324, 0.1];
    expect(canonicalText(odd)).toBe(canonicalTextReference(odd));
  });
});
