// A constant shifted left by a variable amount (codegen/limbs.ts
// shiftConstant: a one-hot decoder's `1 << index`, any constant pattern)
// against a BigInt reference, at the widths where the limb count or the
// storage class changes, with amounts around every limb boundary and past
// the width. Checked settled (slot code), through a register after a step
// (the step(n) loop) and through runBatch (the batch loop).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IrBuilder, designOf } from '../testing/ir.js';
import { createSimulator } from '../index.js';

const WIDTHS = [1, 31, 32, 33, 52, 53, 63, 64, 65, 96, 97, 127, 128, 129, 200, 511, 512, 513];
const ones = (w: number): bigint => (1n << BigInt(w)) - 1n;

function harness(w: number, c: bigint, wb: number) {
  const m = new IrBuilder('Top');
  const b = m.input('b', wb);
  const k = m.const(c, w);
  const y = m.node({ op: 'shl', a: k, b }, w, 'y');
  m.output('y', y);
  const q = m.reg(w, 'q', null);
  m.setD(q, y);
  m.output('q', q);
  return createSimulator(designOf(m.build()));
}

/** Constants that exercise each path: one bit (the decoder), bits in
 *  several limbs, limbs with the top bit set (the spill into the next limb),
 *  all ones. */
function constant(w: number): fc.Arbitrary<bigint> {
  const top = ones(w);
  return fc.oneof(
    fc.constantFrom(1n, top, 1n << BigInt(w - 1), (0x80000001n * 0x100000001n) & top, 3n & top),
    fc.bigInt({ min: 0n, max: top }),
  );
}

describe('constant shifted left by a variable amount', () => {
  it.each(WIDTHS)('at %i bits', (w) => {
    const arb = fc.tuple(constant(w), fc.constantFrom(4, 6, 9, 10, 12, 33, 70)).chain(([c, wb]) => {
      const near = [0, 1, 31, 32, 33, 63, 64, 65, w - 1, w, w + 1, 2 ** Math.min(wb, 20) - 1]
        .map(BigInt)
        .filter((v) => v >= 0n && v <= ones(wb));
      const amt = fc.oneof(fc.constantFrom(...near), fc.bigInt({ min: 0n, max: ones(wb) }));
      return fc.tuple(fc.constant(c), fc.constant(wb), fc.array(amt, { minLength: 1, maxLength: 6 }));
    });
    fc.assert(
      fc.property(arb, ([c, wb, amounts]) => {
        const sim = harness(w, c, wb);
        const want = (b: bigint): bigint => (b >= BigInt(w) ? 0n : (c << b) & ones(w));
        for (const b of amounts) {
          sim.poke('b', b);
          expect(sim.peek('y'), `y = ${c} << ${b}`).toBe(want(b));
          sim.poke('b', b);
          sim.step();
          expect(sim.peek('q'), `q = ${c} << ${b}`).toBe(want(b));
        }
        // The batch loop: one amount per cycle, y recorded each cycle.
        const words = Math.ceil(wb / 32) > 1 && wb > 32 ? Math.ceil(wb / 32) : 1;
        const stim = new Uint32Array(amounts.length * words);
        amounts.forEach((b, i) => {
          for (let j = 0; j < words; j++) stim[i * words + j] = Number((b >> BigInt(32 * j)) & 0xffffffffn);
        });
        const out = sim.runBatch({ b: stim }, amounts.length, ['y']).y!;
        const k = w <= 32 ? 1 : Math.ceil(w / 32);
        amounts.forEach((b, i) => {
          let got = 0n;
          for (let j = k - 1; j >= 0; j--) got = (got << 32n) | BigInt(out[i * k + j]!);
          expect(got, `runBatch y = ${c} << ${b}`).toBe(want(b));
        });
      }),
      { numRuns: 25 },
    );
  });
});
