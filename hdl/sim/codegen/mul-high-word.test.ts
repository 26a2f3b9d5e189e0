// Products' high words come from the rounded double product less the exact
// low word (codegen/limbs.ts highWord): exact only because the rounding
// error stays far below half a unit of the high word. Checked against
// BigInt on every pair of operands from values whose products round the
// most (all ones, 2^31 +- 1, 16-bit patterns that carry across halves), at
// the widths of each code shape: one limb each (mul32x32), two and three
// limbs (unrolled), signed and unsigned, in the loop and the slot code.
import { describe, expect, it } from 'vitest';
import type { NodeId } from '../../ir.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { createSimulator } from '../index.js';

const ones = (w: number): bigint => (1n << BigInt(w)) - 1n;
const signed = (v: bigint, w: number): bigint => (v >> BigInt(w - 1) === 1n ? v - (1n << BigInt(w)) : v);

/** Pairs of these whose product is just past a power of two round below
 *  it, so product - low lands just under the high word (found by search:
 *  without the 1/2 in highWord, 0x0ffffffa * 0x04000009 gives 2^22 - 1). */
const NEAR_POW2 = [0x0ffffffan, 0x04000009n, 0x07fffffen, 0x08000003n, 0x40000005n, 0x04000001n, 0x10000004n, 0x10000002n];
const WORDS = [
  ...[0n, 1n, 3n, 0x7fffffffn, 0x80000000n, 0x80000001n, 0xfffffffen, 0xffffffffn, 0xffff0001n, 0x0001ffffn, 0x10001n, 0xfffefffen, 0xaaaaaaabn],
  ...NEAR_POW2,
  // Their negations, for the signed products.
  ...NEAR_POW2.map((v) => (1n << 32n) - v),
];

/** Operand values of width w: each special word in the low limb, and in
 *  the high limbs all ones or the same word. */
function values(w: number): bigint[] {
  const out = new Set<bigint>();
  for (const lo of WORDS) {
    out.add(lo & ones(w));
    if (w > 32) {
      out.add(((ones(w) >> 32n) << 32n) | lo);
      out.add(((lo << 32n) | lo) & ones(w));
    }
  }
  return [...out];
}

describe.each([
  ['loop', {}],
  ['slot code', { loopMode: 'never' as const }],
])('product high words, %s', (_shape, opts) => {
  it.each([
    [32, 32],
    [32, 24],
    [31, 32],
    [64, 32],
    [56, 32],
    [64, 64],
    [40, 33],
  ])('%i x %i bits', (wa, wb) => {
    const m = new IrBuilder('Top');
    const a = m.input('a', wa);
    const b = m.input('b', wb);
    const w = wa + wb;
    const outs: [string, NodeId][] = (['mulu', 'muls'] as const).map((op) => [op, m.node({ op, a, b }, w)]);
    outs.forEach(([op, id]) => {
      m.output(op, id);
      const q = m.reg(w, `q_${op}`, null);
      m.setD(q, id);
    });
    const sim = createSimulator(designOf(m.build()), opts);
    for (const x of values(wa)) {
      for (const y of values(wb)) {
        sim.poke('a', x);
        sim.poke('b', y);
        expect(sim.peek('Top.mulu'), `mulu ${x} * ${y}`).toBe(x * y);
        expect(sim.peek('Top.muls'), `muls ${x} * ${y}`).toBe((signed(x, wa) * signed(y, wb)) & ones(w));
        sim.step();
        expect(sim.peek('Top.q_mulu'), `q mulu ${x} * ${y}`).toBe(x * y);
        expect(sim.peek('Top.q_muls'), `q muls ${x} * ${y}`).toBe((signed(x, wa) * signed(y, wb)) & ones(w));
      }
    }
  });
});
