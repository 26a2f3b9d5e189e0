// The canonical text keys the caches of generated code and elaborations: two
// values with the same text must be the same data, whatever the key order or
// source locations; anything that differs in content must differ in text.
import { describe, expect, it } from 'vitest';
import { canonicalText } from './canonical-text.js';

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
});
