// Narrow slices of mid add/sub results read the unreduced sum or difference
// (codegen/mid.ts), negative differences included: checked against BigInt
// on every slice of the result that is narrow, in the loop code (step) and
// the slot code (peek), at mid widths and their edges.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { designOf, IrBuilder } from '../testing/ir.js';
import { createSimulator } from '../index.js';

const WIDTHS = [33, 34, 40, 51, 52];

function harness(op: 'add' | 'sub', w: number, lo: number, k: number) {
  const m = new IrBuilder('Top');
  const a = m.input('a', w);
  const b = m.input('b', w);
  const s = m.node({ op, a, b }, w, 's');
  // Through a wire too: the fused read follows wires to the add/sub.
  const y = m.node({ op: 'slice', a: m.node({ op: 'wire', a: s }, w, 'sw'), lo }, k, 'y');
  m.output('y', y);
  const q = m.reg(k, 'q', null);
  m.setD(q, y);
  return createSimulator(designOf(m.build()));
}

const value = (w: number) =>
  fc.oneof(fc.bigInt({ min: 0n, max: (1n << BigInt(w)) - 1n }), fc.constantFrom(0n, 1n, (1n << BigInt(w)) - 1n, 1n << BigInt(w - 1), (1n << 32n) - 1n, 1n << 32n));

describe('narrow slices of mid add/sub results', () => {
  it.each(['add', 'sub'] as const)('%s', (op) => {
    const arb = fc.constantFrom(...WIDTHS).chain((w) =>
      fc.integer({ min: 1, max: 32 }).chain((k) =>
        fc.tuple(fc.constant(w), fc.integer({ min: 0, max: w - Math.min(k, w) }), fc.constant(k), fc.array(fc.tuple(value(w), value(w)), { minLength: 1, maxLength: 6 })),
      ),
    );
    fc.assert(
      fc.property(arb, ([w, lo, k, vectors]) => {
        const sim = harness(op, w, lo, k);
        for (const [a, b] of vectors) {
          const full = BigInt.asUintN(w, op === 'add' ? a + b : a - b);
          const want = (full >> BigInt(lo)) & ((1n << BigInt(k)) - 1n);
          sim.poke('a', a);
          sim.poke('b', b);
          expect(sim.peek('Top.y'), `${op}<${w}> [${lo}+:${k}] of ${a}, ${b}`).toBe(want);
          sim.poke('a', a);
          sim.poke('b', b);
          sim.step();
          expect(sim.peek('Top.q'), `q: ${op}<${w}> [${lo}+:${k}] of ${a}, ${b}`).toBe(want);
        }
      }),
      { numRuns: 150 },
    );
  });
});
