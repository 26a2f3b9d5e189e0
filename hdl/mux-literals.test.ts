// mux and muxN take plain numbers beside signals, as set() does: a number
// becomes a constant of the signals' type and must fit it.
import { describe, expect, it } from 'vitest';
import { elaborate } from './elaborate.js';
import { defineModule } from './module.js';
import { mux, muxN } from './ops.js';
import { createSimulator } from './sim/index.js';
import { sint, uint } from './types.js';

describe('mux with plain numbers', () => {
  it('takes a number as either arm, and numbers among muxN cases, typed by the signal', () => {
    const M = defineModule('MuxLit', (m) => {
      const sel = m.input('sel', uint(2));
      const a = m.input('a', uint(4));
      const d = m.input('d', sint(5));
      const y = m.output('y', uint(4));
      const z = m.output('z', uint(4));
      const w = m.output('w', sint(5));
      y.drive(mux(sel.bit(0), 9, a));
      z.drive(muxN(sel, [0, a, 15, 3]));
      w.drive(mux(sel.bit(1), d, -16));
      return { sel, a, d, y, z, w };
    });
    const sim = createSimulator(elaborate(M, undefined));
    sim.poke('a', 5);
    sim.poke('d', 7);
    const expectAt = (sel: number, y: bigint, z: bigint, w: bigint): void => {
      sim.poke('sel', sel);
      expect([sim.peek('y'), sim.peek('z'), sim.peek('w')], `sel ${sel}`).toEqual([y, z, w]);
    };
    expectAt(0, 5n, 0n, 16n); // w = -16 as 5-bit two's complement
    expectAt(1, 9n, 5n, 16n);
    expectAt(2, 5n, 15n, 7n);
    expectAt(3, 9n, 3n, 7n);
  });

  it('refuses a number that does not fit, and a mux of numbers only, naming the module and signal', () => {
    const tooBig = defineModule('MuxBig', (m) => {
      const s = m.input('s', uint(1));
      const a = m.input('a', uint(3));
      const y = m.output('y', uint(3));
      y.drive(mux(s, a, 8));
      return { s, a, y };
    });
    expect(() => elaborate(tooBig, undefined)).toThrow(/MuxBig.*mux: literal 8 does not fit a, uint\(3\)/);
    const untyped = defineModule('MuxUntyped', (m) => {
      const s = m.input('s', uint(1));
      const y = m.output('y', uint(3));
      y.drive(muxN(s, [1, 2]));
      return { s, y };
    });
    expect(() => elaborate(untyped, undefined)).toThrow(/MuxUntyped.*signal s.*plain numbers only \(1, 2\): give one case a type/);
  });
});
