// Designs that differ only in how the same logic is written price alike:
// the netlist passes in elaborate() (hdl/opt) share repeated compares and
// incrementers, fold `0 + x`, and merge re-derived prefix sums, so the cost
// model sees the hardware rather than the source text. The pair is one LSD
// radix-sort pass (histogram of a 3-bit digit, bucket base addresses, the
// write address of the incoming key), written twice.
import { describe, expect, it } from 'vitest';
import { defineModule, elaborate, muxN, uint, type UInt } from '../hdl/index.js';
import { inventory } from '../hdl/inventory/index.js';
import { price } from './price.js';

const BUCKETS = 8;
const COUNT = uint(8);

/** As a first draft reads: every use re-derives its compare, incrementer
 *  and prefix sum. */
const RadixPassRepeated = defineModule('RadixPassRepeated', (m) => {
  const key = m.input('key', uint(8));
  const valid = m.input('valid', uint(1));
  const digit = key.bits(2, 0);
  const counts: UInt[] = [];
  for (let b = 0; b < BUCKETS; b++) {
    const count = m.reg(`count${b}`, COUNT);
    m.when(valid.and(digit.eq(b)), () => count.set(count.addWrap(1)));
    counts.push(count);
    m.output(`hit${b}`, uint(1)).drive(digit.eq(b).and(valid));
    m.output(`next${b}`, COUNT).drive(count.addWrap(1));
  }
  // Each bucket's base address summed from scratch, starting from 0.
  const bases = counts.map((_, b) => counts.slice(0, b).reduce((s, c) => s.addWrap(c), m.lit(0, COUNT)));
  m.output('addr', COUNT).drive(muxN(digit, bases).addWrap(muxN(digit, counts)));
  return {};
});

/** Hoisted: one compare and one incrementer per bucket, a running sum. */
const RadixPassShared = defineModule('RadixPassShared', (m) => {
  const key = m.input('key', uint(8));
  const valid = m.input('valid', uint(1));
  const digit = key.bits(2, 0);
  const counts: UInt[] = [];
  const bases: UInt[] = [];
  let base = m.lit(0, COUNT);
  for (let b = 0; b < BUCKETS; b++) {
    const count = m.reg(`count${b}`, COUNT);
    const hit = valid.and(digit.eq(b));
    const inc = count.addWrap(1);
    m.when(hit, () => count.set(inc));
    counts.push(count);
    m.output(`hit${b}`, uint(1)).drive(hit);
    m.output(`next${b}`, COUNT).drive(inc);
    bases.push(base);
    base = base.addWrap(count);
  }
  m.output('addr', COUNT).drive(muxN(digit, bases).addWrap(muxN(digit, counts)));
  return {};
});

const point = { vt: 'nominal' as const, vdd: 1.1, stages: 1 };
const area = (def: typeof RadixPassShared, optimise: boolean): number => price(inventory(elaborate(def, undefined, { optimise })), point).areaMm2;

describe('pricing is independent of how the logic is written', () => {
  it('prices the repeated and the shared radix pass within 5% of each other', () => {
    const repeated = area(RadixPassRepeated, true);
    const shared = area(RadixPassShared, true);
    expect(Math.abs(repeated - shared) / shared).toBeLessThan(0.05);
  });

  it('would not without the netlist passes (the comparison can fail)', () => {
    const repeated = area(RadixPassRepeated, false);
    const shared = area(RadixPassShared, false);
    expect((repeated - shared) / shared).toBeGreaterThan(0.2);
  });
});
