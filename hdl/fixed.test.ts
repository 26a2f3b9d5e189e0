// Fixed-point conversion against an exact reference: for random source and
// target formats, rounding and overflow modes, and random values, the
// simulated resize equals the value computed from the definitions with
// rationals (floor / nearest with ties up / nearest with ties to even;
// wrap modulo 2^width / clamp to the representable range).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulator } from './sim/index.js';
import { defineModule, elaborate, fixedType, resize, type Overflow, type Rounding } from './index.js';

interface Case {
  from: { i: number; f: number; s: boolean };
  to: { i: number; f: number; s: boolean };
  round: Rounding;
  overflow: Overflow;
}

/** Exact reference: x = raw / 2^ff, result raw' such that raw'/2^tf = conv(x). */
function reference(raw: bigint, c: Case): bigint {
  const num = raw; // value = num / 2^ff
  const shift = c.from.f - c.to.f;
  let r: bigint;
  if (shift <= 0) r = num * 2n ** BigInt(-shift);
  else {
    const den = 2n ** BigInt(shift);
    // floor division for negatives
    const q = num >= 0n ? num / den : -((-num + den - 1n) / den);
    const rem = num - q * den; // 0 <= rem < den
    if (c.round === 'truncate') r = q;
    else if (2n * rem > den) r = q + 1n;
    else if (2n * rem < den) r = q;
    else r = c.round === 'halfUp' ? q + 1n : q % 2n === 0n ? q : q + 1n;
  }
  const w = c.to.i + c.to.f;
  const lo = c.to.s ? -(2n ** BigInt(w - 1)) : 0n;
  const hi = c.to.s ? 2n ** BigInt(w - 1) - 1n : 2n ** BigInt(w) - 1n;
  if (r >= lo && r <= hi) return r;
  if (c.overflow === 'saturate') return r < lo ? lo : hi;
  return c.to.s ? BigInt.asIntN(w, r) : BigInt.asUintN(w, r);
}

const fmt = (maxInt: number, maxFrac: number) =>
  fc.record({ i: fc.integer({ min: 1, max: maxInt }), f: fc.integer({ min: 0, max: maxFrac }), s: fc.boolean() });

function check(c: Case, raws: bigint[]): void {
  const from = fixedType(c.from.i, c.from.f, c.from.s);
  const to = fixedType(c.to.i, c.to.f, c.to.s);
  const Dut = defineModule('Resize', (m) => {
    const x = m.input('x', from);
    const y = m.output('y', to);
    y.drive(resize(x, to, { round: c.round, overflow: c.overflow }));
    return { x, y };
  });
  const sim = createSimulator(elaborate(Dut, {}));
  for (const r of raws) {
    const raw = c.from.s ? BigInt.asIntN(from.width, r) : BigInt.asUintN(from.width, r);
    sim.poke('Resize.x', BigInt.asUintN(from.width, raw));
    const got = c.to.s ? sim.peekSigned('Resize.y') : sim.peek('Resize.y');
    const want = reference(raw, c);
    if (got !== want) throw new Error(`resize ${JSON.stringify(c)} raw ${raw}: got ${got}, want ${want}`);
  }
}

describe('fixed-point resize', () => {
  it('matches the exact reference for narrow formats (fast path)', () => {
    fc.assert(
      fc.property(
        fmt(10, 10),
        fmt(10, 10),
        fc.constantFrom<Rounding>('truncate', 'halfUp', 'halfEven'),
        fc.constantFrom<Overflow>('wrap', 'saturate'),
        fc.array(fc.bigInt({ min: -(1n << 20n), max: 1n << 20n }), { minLength: 8, maxLength: 24 }),
        (from, to, round, overflow, raws) => check({ from, to, round, overflow }, raws),
      ),
      { numRuns: 150 },
    );
  });

  it('matches the exact reference for wide formats (above 53 and 64 bits)', () => {
    fc.assert(
      fc.property(
        fmt(60, 50),
        fmt(60, 50),
        fc.constantFrom<Rounding>('truncate', 'halfUp', 'halfEven'),
        fc.constantFrom<Overflow>('wrap', 'saturate'),
        fc.array(fc.bigInt({ min: -(1n << 110n), max: 1n << 110n }), { minLength: 4, maxLength: 12 }),
        (from, to, round, overflow, raws) => check({ from, to, round, overflow }, raws),
      ),
      { numRuns: 60 },
    );
  });

  it('rounds ties as named: 2.5 and 3.5 and -2.5 to integers', () => {
    const cases: [Rounding, bigint, bigint][] = [
      ['truncate', 5n, 2n],
      ['halfUp', 5n, 3n],
      ['halfEven', 5n, 2n],
      ['halfEven', 7n, 4n],
      ['halfUp', -5n, -2n],
      ['halfEven', -5n, -2n],
      ['truncate', -5n, -3n],
    ];
    for (const [round, halves, want] of cases) {
      const c: Case = { from: { i: 6, f: 1, s: true }, to: { i: 6, f: 0, s: true }, round, overflow: 'wrap' };
      expect(reference(halves, c)).toBe(want);
      check(c, [halves]);
    }
  });
});
