// The messages a testbench author sees: each names the signal and says what
// would have been valid.
import { describe, expect, it } from 'vitest';
import { IrBuilder, designOf } from '../testing/ir.js';
import { createSimulator } from '../index.js';

function design() {
  const m = new IrBuilder('Top');
  const a = m.input('a', 8);
  const b = m.input('b', 70);
  const count = m.reg(8, 'count', 0);
  m.setD(count, m.node({ op: 'add', a: count, b: a }, 8, 'sum'));
  m.output('count', count);
  m.output('big', m.node({ op: 'not', a: b }, 70, 'nb'));
  m.memory('ram', 8, 4);
  return createSimulator(designOf(m.build()));
}

describe('simulator errors', () => {
  it('unknown paths suggest close matches', () => {
    const sim = design();
    expect(() => sim.peek('Top.cont')).toThrow('unknown signal "Top.cont"; did you mean Top.count?');
    expect(() => sim.peek('Top.u0.count')).toThrow(/did you mean Top\.count/);
    expect(() => sim.peek('zzzzzzzz')).toThrow(/unknown signal "zzzzzzzz"; known: Top\.a, Top\.b/);
    expect(() => sim.peekMemory('rom', 0)).toThrow('unknown memory "rom"; did you mean Top.ram?');
    expect(() => sim.peekMemory('ram', 4)).toThrow('ram: index 4 is outside 0..3');
  });

  it('poking something that is not an input or register lists what can be poked', () => {
    const sim = design();
    expect(() => sim.poke('Top.sum', 1)).toThrow(
      'cannot poke Top.sum (wire): only top-level inputs and registers can be poked, e.g. Top.a, Top.b, Top.count',
    );
    expect(() => sim.poke('big', 1)).toThrow(/cannot poke Top\.big \(output\)/);
  });

  it('poked values must fit the width, unsigned or two\'s complement', () => {
    const sim = design();
    expect(() => sim.poke('a', 256)).toThrow('poke Top.a: 256 does not fit in 8 bits (-128 .. 255)');
    expect(() => sim.poke('a', -129)).toThrow(/does not fit/);
    expect(() => sim.poke('a', 1.5)).toThrow(/not an integer/);
    sim.poke('a', -1);
    expect(sim.peek('a')).toBe(255n);
    expect(sim.peekSigned('a')).toBe(-1n);
    sim.poke('b', -(2n ** 69n));
    expect(sim.peek('b')).toBe(2n ** 69n);
  });

  it('peekNumber refuses widths a double cannot hold', () => {
    const sim = design();
    expect(() => sim.peekNumber('big')).toThrow(/peekNumber\(Top\.big\): signal is 70 bits/);
    sim.poke('a', 200);
    expect(sim.peekNumber('sum')).toBe(200);
  });

  it('runUntil returns the cycles taken, or throws naming the limit', () => {
    const sim = design();
    sim.poke('a', 3);
    expect(sim.runUntil((s) => s.peek('count') >= 9n, 10)).toBe(3);
    expect(sim.cycle).toBe(3);
    expect(() => sim.runUntil(() => false, 5)).toThrow(/maxCycles = 5/);
    expect(sim.cycle).toBe(8);
    expect(() => sim.step(-1)).toThrow(/non-negative integer/);
  });

  it('malformed netlists fail at construction, naming the node', () => {
    const m = new IrBuilder('Top');
    const a = m.input('a', 8);
    const b = m.input('b', 9);
    m.output('s', m.node({ op: 'add', a, b }, 8, 's'));
    expect(() => createSimulator(designOf(m.build()))).toThrow(
      'simulator: node Top.s (add, 8 bits): operand b is 9 bits (Top.b), expected 8',
    );
  });

  it("observe: 'ports' drops what no output can show, and says so when it is peeked", () => {
    const m = new IrBuilder('Top');
    const a = m.input('a', 8);
    m.input('unused', 8);
    const dead = m.reg(8, 'dead', 0);
    m.setD(dead, m.node({ op: 'add', a: dead, b: a }, 8));
    const mem = m.memory('ram', 8, 4, [{ addr: m.node({ op: 'slice', a, lo: 0 }, 2), data: a, en: m.const(1, 1) }]);
    const rd = m.node({ op: 'memread', mem, addr: m.const(1, 2), en: null, sync: true }, 8, 'rd');
    m.output('q', rd);
    const sim = createSimulator(designOf(m.build()), { observe: 'ports' });
    expect(() => sim.peek('dead')).toThrow("signal Top.dead was compiled away (observe: 'ports'): it cannot affect any top-level output");
    sim.poke('unused', 3);
    sim.poke('a', 5);
    sim.step(2);
    expect(sim.peek('q')).toBe(5n); // the memory and its write port stay live
  });

  it('number handles read and write like peek and poke, with the same checks', () => {
    const sim = design();
    const a = sim.handle('a');
    const sum = sim.handle('Top.sum');
    const count = sim.handle('count');
    a.write(200);
    expect(sum.read()).toBe(200); // settles lazily after the write
    sim.step();
    expect(count.read()).toBe(200);
    expect(sim.peek('count')).toBe(200n);
    count.write(255);
    expect(sim.peek('sum')).toBe(199n);
    expect(() => sum.write(1)).toThrow(/cannot poke Top\.sum \(wire\)/);
    expect(() => a.write(256)).toThrow('handle Top.a: 256 is not an unsigned 8-bit integer');
    expect(() => a.write(1.5)).toThrow(/1\.5 is not an unsigned 8-bit integer/);
    expect(() => a.write(-1)).toThrow(/-1 is not an unsigned/);
    expect(() => sim.handle('big')).toThrow(/signal is 70 bits/);
  });

  it('number handles take exactly the unsigned values of their width at 32 and 33..52 bits', () => {
    const m = new IrBuilder('Top');
    const w = m.input('w', 32);
    const d = m.input('d', 40);
    m.output('nw', m.node({ op: 'not', a: w }, 32, 'nwn'));
    m.output('nd', m.node({ op: 'not', a: d }, 40, 'ndn'));
    const sim = createSimulator(designOf(m.build()));
    const [hw, hd, nw, nd] = ['w', 'd', 'nw', 'nd'].map((p) => sim.handle(p));
    for (const v of [0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]) {
      hw!.write(v);
      expect(hw!.read()).toBe(v);
      expect(nw!.read()).toBe(2 ** 32 - 1 - v);
    }
    for (const v of [0, 2 ** 32, 2 ** 40 - 1]) {
      hd!.write(v);
      expect(nd!.read()).toBe(2 ** 40 - 1 - v);
    }
    for (const bad of [2 ** 32, -1, 0.5, NaN, 2 ** 53]) expect(() => hw!.write(bad)).toThrow(`handle Top.w: ${bad} is not an unsigned 32-bit integer`);
    for (const bad of [2 ** 40, -1, 2 ** 33 + 0.5]) expect(() => hd!.write(bad)).toThrow(`handle Top.d: ${bad} is not an unsigned 40-bit integer`);
    expect(() => nd!.write(1)).toThrow(/cannot poke Top\.nd \(output\)/);
    expect(hw!.read()).toBe(2 ** 32 - 1); // refused writes change nothing
  });
});
