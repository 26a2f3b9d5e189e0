// The word packer against BigInt arithmetic written here: random fields of
// random widths, set bits and gaps, as one bigint and as a column's words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../property.js';
import { bigintOf, packColumns, stimulusPayloads, type BitWriter } from './word-pack.js';

type Piece = { kind: 'bits'; v: number; n: number } | { kind: 'run'; vs: number[]; n: number } | { kind: 'skip'; n: number } | { kind: 'set'; i: number };

const piece = fc.oneof(
  fc.integer({ min: 1, max: 32 }).chain((n) => fc.record({ kind: fc.constant('bits' as const), v: fc.nat({ max: 2 ** 32 - 1 }), n: fc.constant(n) })),
  fc.integer({ min: 1, max: 32 }).chain((n) => fc.record({ kind: fc.constant('run' as const), vs: fc.array(fc.nat({ max: 2 ** 32 - 1 }), { maxLength: 20 }), n: fc.constant(n) })),
  fc.record({ kind: fc.constant('skip' as const), n: fc.integer({ min: 0, max: 70 }) }),
  fc.record({ kind: fc.constant('set' as const), i: fc.nat({ max: 300 }) }),
);

function write(w: BitWriter, ps: readonly Piece[]): void {
  for (const p of ps) if (p.kind === 'bits') w.bits(p.v, p.n);
  else if (p.kind === 'run') w.run(p.vs, p.n);
  else if (p.kind === 'skip') w.skip(p.n);
  else w.set(p.i);
}

/** The reference: the same pieces with BigInt shifts (bits above n dropped). */
function reference(ps: readonly Piece[]): bigint {
  let v = 0n;
  let pos = 0n;
  for (const p of ps) {
    if (p.kind === 'bits' || p.kind === 'run') {
      for (const x of p.kind === 'bits' ? [p.v] : p.vs) {
        v |= (BigInt(x) & ((1n << BigInt(p.n)) - 1n)) << pos;
        pos += BigInt(p.n);
      }
    } else if (p.kind === 'skip') pos += BigInt(p.n);
    else v |= 1n << BigInt(p.i);
  }
  return v;
}

describe('word packer', () => {
  it('packs as BigInt shifts would, as one bigint and as a column of words', () => {
    const seed = defaultSeed();
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 12 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const want = rows.map(reference);
        expect(rows.map((ps) => bigintOf((w) => write(w, ps))), `[seed ${seed}]`).toEqual(want);
        // Two fields: f as drawn, g the same pieces in reverse order, each into its own column.
        const stim = { rows, fields: ['f', 'g'] as const, encode: (ps: readonly Piece[], w: Readonly<Record<'f' | 'g', BitWriter>>) => (write(w.f, ps), write(w.g, [...ps].reverse())) };
        const wantG = rows.map((ps) => reference([...ps].reverse()));
        expect(stimulusPayloads(stim), `[seed ${seed}]`).toEqual(want.map((f, k) => ({ f, g: wantG[k] })));
        const wordsOf = (vs: bigint[]) => Math.max(1, ...vs.map((v) => Math.ceil(v.toString(2).length / 32)));
        const words = { f: wordsOf(want), g: wordsOf(wantG) };
        const cols = packColumns(stim, (k) => words[k]);
        const back = (col: Uint32Array, n: number) => want.map((_, k) => Array.from(col.slice(k * n, (k + 1) * n)).reduceRight((a: bigint, x) => (a << 32n) | BigInt(x), 0n));
        expect(back(cols.f, words.f), `[seed ${seed}]`).toEqual(want);
        expect(back(cols.g, words.g), `[seed ${seed}]`).toEqual(wantG);
      }),
      { numRuns: 300, seed },
    );
  });

  it('refuses a field wider than its column', () => {
    const stim = { rows: [0], fields: ['f'] as const, encode: (_: number, w: Readonly<Record<'f', BitWriter>>) => w.f.set(40) };
    expect(() => packColumns(stim, () => 1)).toThrow(/wider than its port's 32 bits/);
    expect(packColumns(stim, () => 2).f[1]).toBe(1 << 8);
  });
});
