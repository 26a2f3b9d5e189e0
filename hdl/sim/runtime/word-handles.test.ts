// Word handles (runtime/word-handles.ts) against poke and peek, at the widths where
// the storage class or the limb count changes: a write through words reads
// back through peek as the same bits, a poke reads back through words, and
// a design's combinational logic and registers see the written value.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IrBuilder, designOf } from '../testing/ir.js';
import { createSimulator } from '../index.js';

const WIDTHS = [1, 31, 32, 33, 52, 53, 63, 64, 65, 96, 127, 128, 129, 511, 512, 513];

/** y = ~a (so reading y needs a settle), q <= a. */
function harness(w: number) {
  const m = new IrBuilder('Top');
  const a = m.input('a', w);
  const y = m.node({ op: 'not', a }, w, 'y');
  m.output('y', y);
  const q = m.reg(w, 'q', null);
  m.setD(q, a);
  m.output('q', q);
  return createSimulator(designOf(m.build()));
}

const words = (w: number): number => Math.ceil(w / 32);
const ones = (w: number): bigint => (1n << BigInt(w)) - 1n;
const toWords = (v: bigint, w: number): number[] =>
  Array.from({ length: words(w) }, (_, j) => Number((v >> BigInt(32 * j)) & 0xffffffffn));

describe('word handles', () => {
  it.each(WIDTHS)('round-trip through poke/peek at %i bits', (w) => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: ones(w) }), { minLength: 1, maxLength: 5 }), (vals) => {
        const sim = harness(w);
        const a = sim.wordHandle('a');
        const y = sim.wordHandle('Top.y');
        const q = sim.wordHandle('q');
        expect(a.words).toBe(words(w));
        const out = new Uint32Array(words(w) + 2);
        for (const v of vals) {
          a.write(toWords(v, w));
          expect(sim.peek('a')).toBe(v);
          // Read at an offset into a typed array; the words around stay.
          out.fill(7);
          y.read(out, 1);
          expect(out[0]).toBe(7);
          expect(out[words(w) + 1]).toBe(7);
          expect([...out.subarray(1, 1 + words(w))]).toEqual(toWords(~v & ones(w), w));
          sim.step();
          const got: number[] = [];
          q.read(got);
          expect(got).toEqual(toWords(v, w));
          // And the other way: a BigInt poke, read as words.
          sim.poke('a', ones(w) ^ v);
          const back: number[] = [];
          a.read(back);
          expect(back).toEqual(toWords(ones(w) ^ v, w));
        }
      }),
      { numRuns: 20 },
    );
  });

  it.each(WIDTHS)('accepts int32 and uint32 spellings at %i bits', (w) => {
    const sim = harness(w);
    const a = sim.wordHandle('a');
    const v = ones(w);
    const uns = toWords(v, w);
    a.write(Int32Array.from(uns));
    expect(sim.peek('a')).toBe(v);
    a.write([0, ...uns.map((x) => x | 0)], 1);
    expect(sim.peek('a')).toBe(v);
    const into = new Int32Array(words(w));
    a.read(into);
    expect([...into]).toEqual(uns.map((x) => x | 0));
  });

  it('refuses bits above the width, non-words, short arrays and non-pokeable signals', () => {
    for (const w of [31, 33, 65, 512]) {
      const sim = harness(w);
      const a = sim.wordHandle('a');
      sim.poke('a', 5n);
      const k = words(w);
      const over = toWords(0n, w);
      over[k - 1] = w % 32 === 0 ? 0 : 2 ** (w % 32);
      if (w % 32 !== 0) expect(() => a.write(over)).toThrow(/Top\.a: top word \d+ has bits above the signal's/);
      const frac = toWords(0n, w);
      frac[0] = 1.5;
      expect(() => a.write(frac)).toThrow(/Top\.a: word 0 \(1\.5\) is not a 32-bit integer/);
      const big = toWords(0n, w);
      big[0] = 2 ** 32;
      expect(() => a.write(big)).toThrow(/not a 32-bit integer/);
      expect(() => a.write(toWords(0n, w), 1)).toThrow(/do not fit an array/);
      expect(() => a.write(new Uint32Array(k + 1), 0.5)).toThrow(/from index 0\.5 do not fit/);
      // Nothing was stored by a refused write.
      expect(sim.peek('a')).toBe(5n);
      expect(() => sim.wordHandle('y').write(toWords(0n, w))).toThrow(/cannot poke Top\.y/);
    }
  });
});
