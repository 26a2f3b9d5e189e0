// Registers that reset to 0 take their next state as `held & nrst`
// (codegen/edge.ts; nrst is all ones unless reset is high) instead of a
// branch: against a reference at every storage class and the limb
// boundaries, with an enable steered by an input (masks in code whose
// inputs change) and one steered by a register (branches), through reset,
// step and step(n) in both code shapes, and through runBatch.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IrBuilder, designOf } from '../testing/ir.js';
import { createSimulator, type CompileOptions } from '../index.js';

const WIDTHS = [1, 31, 32, 33, 52, 53, 63, 64, 65, 96, 128, 129, 511, 512];
const MODES: [string, CompileOptions][] = [
  ['loop mode', {}],
  ['slot mode', { loopMode: 'never', chunkSize: 3, maxFunctionSource: 1 }],
];
const ones = (w: number): bigint => (1n << BigInt(w)) - 1n;

/** r: enabled by input en; s: enabled by register e (which samples en);
 *  f: no enable. All reset to 0. */
function harness(w: number, opts: CompileOptions) {
  const m = new IrBuilder('Top');
  const d = m.input('d', w);
  const en = m.input('en', 1);
  const e = m.reg(1, 'e', 0);
  m.setD(e, en);
  const r = m.reg(w, 'r', 0, en);
  m.setD(r, d);
  const s = m.reg(w, 's', 0, e);
  m.setD(s, d);
  const f = m.reg(w, 'f', 0);
  m.setD(f, d);
  for (const [name, id] of [['r', r], ['s', s], ['f', f]] as const) m.output(`o${name}`, id);
  return createSimulator(designOf(m.build()), opts);
}

type Op = { kind: 'step' | 'reset'; d: bigint; en: number; n: number };

describe.each(MODES)('registers resetting to 0 in %s', (_mode, opts) => {
  it.each(WIDTHS)('at %i bits', (w) => {
    const op: fc.Arbitrary<Op> = fc.record({
      kind: fc.constantFrom('step' as const, 'step' as const, 'reset' as const),
      d: fc.oneof(fc.bigInt({ min: 0n, max: ones(w) }), fc.constantFrom(ones(w), 1n << BigInt(w - 1))),
      en: fc.integer({ min: 0, max: 1 }),
      n: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 10 }), (ops) => {
        const sim = harness(w, opts);
        let [r, s, f, e] = [0n, 0n, 0n, 0];
        for (const o of ops) {
          sim.poke('d', o.d);
          sim.poke('en', o.en);
          for (let c = 0; c < o.n; c++) {
            if (o.kind === 'reset') [r, s, f, e] = [0n, 0n, 0n, 0];
            else [r, s, f, e] = [o.en ? o.d : r, e ? o.d : s, o.d, o.en];
          }
          if (o.kind === 'reset') sim.reset(o.n);
          else sim.step(o.n);
          expect([sim.peek('r'), sim.peek('s'), sim.peek('f')], `${o.kind} ${o.n}`).toEqual([r, s, f]);
        }
        // The batch loop: d and en per cycle, outputs recorded before each edge.
        const k = w <= 32 ? 1 : Math.ceil(w / 32);
        const cycles = 6;
        const dv = Array.from({ length: cycles }, (_, c) => (ops[c % ops.length]!.d ^ BigInt(c)) & ones(w));
        const env = Array.from({ length: cycles }, (_, c) => (c * 5 + ops.length) % 3 === 0 ? 0 : 1);
        const dWords = new Uint32Array(cycles * k);
        dv.forEach((v, c) => {
          for (let j = 0; j < k; j++) dWords[c * k + j] = Number((v >> BigInt(32 * j)) & 0xffffffffn);
        });
        const out = sim.runBatch({ d: dWords, en: Uint32Array.from(env) }, cycles, ['or', 'os', 'of']);
        const word = (a: Uint32Array, c: number): bigint => {
          let v = 0n;
          for (let j = k - 1; j >= 0; j--) v = (v << 32n) | BigInt(a[c * k + j]!);
          return v;
        };
        for (let c = 0; c < cycles; c++) {
          expect([word(out.or!, c), word(out.os!, c), word(out.of!, c)], `runBatch cycle ${c}`).toEqual([r, s, f]);
          [r, s, f, e] = [env[c] ? dv[c]! : r, e ? dv[c]! : s, dv[c]!, env[c]!];
        }
        expect([sim.peek('r'), sim.peek('s'), sim.peek('f')]).toEqual([r, s, f]);
      }),
      { numRuns: 15 },
    );
  });
});
