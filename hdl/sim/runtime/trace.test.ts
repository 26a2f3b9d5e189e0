import { describe, expect, it } from 'vitest';
import { IrBuilder, designOf } from '../testing/ir.js';
import { createSimulator } from '../index.js';

/** count <= count + 1 when en; wide = count zero-extended to 80 bits and shifted up. */
function counter() {
  const m = new IrBuilder('Top');
  const en = m.input('en', 1);
  const count = m.reg(4, 'count', 0, en);
  m.setD(count, m.node({ op: 'add', a: count, b: m.const(1, 4) }, 4, 'next'));
  const wide = m.node({ op: 'concat', parts: [count, m.const(0, 76)] }, 80, 'wide');
  m.output('count', count);
  m.output('wide', wide);
  return createSimulator(designOf(m.build()));
}

describe('tracing', () => {
  it('records selected signals each cycle, sampled after settle and before the edge', () => {
    const sim = counter();
    sim.reset();
    sim.poke('en', 1);
    sim.step(2);
    sim.startTrace(['Top.count', 'next', 'en', 'wide']);
    sim.step(2);
    sim.poke('en', 0);
    sim.step(1);
    const t = sim.stopTrace()!;
    expect(t.topName).toBe('Top');
    expect(t.startCycle).toBe(3);
    expect(t.signals.map((s) => s.path)).toEqual(['Top.count', 'Top.next', 'Top.en', 'Top.wide']);
    expect(t.values[0]).toEqual([2n, 3n, 4n, 4n]);
    expect(t.values[1]).toEqual([3n, 4n, 5n, 5n]);
    expect(t.values[2]).toEqual([1n, 1n, 0n, 0n]);
    expect(t.values[3]).toEqual([2n << 76n, 3n << 76n, 4n << 76n, 4n << 76n]);
    expect(sim.stopTrace()).toBeNull();
  });

  it('traces reset cycles and wraps like the untraced loop', () => {
    const a = counter();
    const b = counter();
    a.poke('en', 1);
    b.poke('en', 1);
    a.startTrace(['count']);
    a.reset(2);
    a.step(20);
    b.reset(2);
    b.step(20);
    const t = a.stopTrace()!;
    expect(a.peek('count')).toBe(b.peek('count'));
    expect(t.values[0]!.slice(0, 5)).toEqual([0n, 0n, 0n, 1n, 2n]);
    expect(t.values[0]!.length).toBe(23);
    expect(t.values[0]!.slice(17, 19)).toEqual([15n, 0n]); // count = cycle - 2, wrapping at 16
  });

  it('defaults to every named signal, refuses a second trace, and rejects unknown patterns', () => {
    const sim = counter();
    sim.startTrace();
    const paths = sim.stopTrace()!.signals.map((s) => s.path);
    expect(paths).toEqual(['Top.en', 'Top.count', 'Top.wide', 'Top.next']);
    sim.startTrace(['count']);
    expect(() => sim.startTrace()).toThrow(/already being recorded/);
    sim.stopTrace();
    expect(() => sim.startTrace(['cnt'])).toThrow(/"cnt" matches no signal/);
  });
});
