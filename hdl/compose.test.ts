// Typed composition: vec ports and bundle ports connect whole, by shape,
// with no string port paths and no non-null assertions.
import { describe, expect, it } from 'vitest';
import { defineModule, elaborate, HdlError, bundle, uint, vec } from './index.js';
import { createSimulator } from './sim/index.js';

const point = bundle({ x: uint(4), y: uint(4) });

const SumX = defineModule('SumX', (m, n: number) => {
  const v = m.input('v', vec(n, point));
  const flag = n > 2 ? m.input('flag', uint(1)) : undefined;
  const sum = m.output('sum', uint(8));
  sum.drive(v.map((p) => p.x.zext(8)).reduce((a, b) => a.addWrap(b)));
  const swapped = m.output('swapped', vec(n, point));
  m.connect(swapped, v.map((p) => ({ x: p.y, y: p.x })));
  return { v, flag, sum, swapped };
});

describe('vec and bundle ports', () => {
  it('name vec leaves with the index glued on (v0_x), and connect whole trees', () => {
    const Top = defineModule('VecTop', (m) => {
      const a = m.input('a', vec(3, point));
      const u = m.instance('u', SumX, 3);
      m.connect({ v: u.v, flag: u.flag }, { v: a, flag: a.map((p) => p.x.bit(0)).reduce((x, y) => x.xor(y)) });
      m.output('sum', uint(8)).drive(u.sum);
      m.connect(m.output('back', vec(3, point)), u.swapped);
      return {};
    });
    const d = elaborate(Top, undefined);
    expect(d.top.ports.map((p) => p.name)).toEqual(['a0_x', 'a0_y', 'a1_x', 'a1_y', 'a2_x', 'a2_y', 'sum', 'back0_x', 'back0_y', 'back1_x', 'back1_y', 'back2_x', 'back2_y']);
    const sim = createSimulator(d);
    [3, 9, 5, 1, 15, 2].forEach((v, i) => sim.poke(`VecTop.a${i >> 1}_${i & 1 ? 'y' : 'x'}`, v));
    expect(sim.peek('VecTop.sum')).toBe(3n + 5n + 15n);
    expect(sim.peek('VecTop.back1_x')).toBe(1n);
    expect(sim.peek('VecTop.back2_y')).toBe(15n);
  });

  it('connect names the place where the shapes differ and the line', () => {
    const Bad = defineModule('VecBad', (m) => {
      const a = m.input('a', vec(2, point));
      const u = m.instance('u', SumX, 3);
      m.connect(u.v, a); // @vec-mismatch
      return {};
    });
    const e = (() => {
      try {
        elaborate(Bad, undefined);
      } catch (x) {
        return x;
      }
      return null;
    })();
    expect(e).toBeInstanceOf(HdlError);
    expect((e as Error).message).toMatch(/^shape mismatch in module VecBad \(hdl\/compose\.test\.ts:\d+:\d+\): connect: vec at the top level has 3 elements in the destination, 2 in the source/);
  });
});
