// What each netlist pass does to a small design, seen through the IR that
// every backend receives (behaviour is checked separately, on random
// circuits, in testbenches/opt-differential.test.ts).
import { describe, expect, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import type { Design, ModuleIR } from '../ir.js';
import { defineModule } from '../module.js';
import { mux, muxN } from '../ops.js';
import { sint, uint } from '../types.js';

function ops(d: Design | ModuleIR): string[] {
  const m = 'top' in d ? d.top : d;
  return m.nodes.filter((n) => !['input', 'wire', 'const', 'reg'].includes(n.op)).map((n) => n.op);
}

function driverOf(d: Design, port: string): ReturnType<typeof nodeAt> {
  const p = d.top.ports.find((q) => q.name === port)!;
  let n = nodeAt(d, p.node);
  while (n.op === 'wire') n = nodeAt(d, n.a);
  return n;
}
function nodeAt(d: Design, id: number) {
  return d.top.nodes[id]!;
}

describe('constant compares', () => {
  const Head = defineModule('Head', (m) => {
    const head = m.input('head', uint(3));
    const s = m.input('s', sint(4));
    m.output('le7', uint(1)).drive(head.le(7));
    m.output('lt9', uint(1)).drive(head.zext(4).lt(9));
    m.output('ge0', uint(1)).drive(head.ge(0));
    m.output('sge', uint(1)).drive(s.ge(-8));
    m.output('lt5', uint(1)).drive(head.lt(5));
    return {};
  });

  it('folds compares the operand width decides, and keeps the rest', () => {
    const d = elaborate(Head, undefined);
    expect(driverOf(d, 'le7')).toMatchObject({ op: 'const', value: 1n });
    expect(driverOf(d, 'lt9')).toMatchObject({ op: 'const', value: 1n });
    expect(driverOf(d, 'ge0')).toMatchObject({ op: 'const', value: 1n });
    expect(driverOf(d, 'sge')).toMatchObject({ op: 'const', value: 1n });
    expect(driverOf(d, 'lt5')).toMatchObject({ op: 'ltu' });
    expect(ops(d)).toEqual(['ltu']);
  });

  it('compares at the width the operands really have', () => {
    const Narrow = defineModule('Narrow', (m) => {
      const a = m.input('a', uint(3));
      const b = m.input('b', uint(2));
      m.output('lt', uint(1)).drive(a.zext(6).lt(b.zext(6)));
      return {};
    });
    const widthCompared = (d: Design): number => {
      const cmp = driverOf(d, 'lt');
      return cmp.op === 'ltu' ? nodeAt(d, cmp.a).width : -1;
    };
    expect(widthCompared(elaborate(Narrow, undefined))).toBe(3);
    expect(widthCompared(elaborate(Narrow, undefined, { optimise: false }))).toBe(6);
  });
});

describe('identities and constant propagation', () => {
  const Ident = defineModule('Ident', (m) => {
    const x = m.input('x', uint(8));
    const sel = m.input('sel', uint(2));
    const zero = m.lit(0, uint(8));
    m.output('plus0', uint(8)).drive(zero.addWrap(x));
    m.output('andOnes', uint(8)).drive(x.and(0xff));
    m.output('orZero', uint(8)).drive(x.or(0));
    m.output('constSel', uint(8)).drive(muxN(m.lit(1, uint(2)), [x.not(), x, x.xor(1), x]));
    m.output('sameArms', uint(8)).drive(mux(sel.bit(0), x, x));
    m.output('folded', uint(8)).drive(m.lit(3, uint(8)).addWrap(m.lit(4, uint(8))).xor(m.lit(0xf0, uint(8))));
    m.output('byFour', uint(11)).drive(x.mul(4));
    return {};
  });

  it('leaves no operator where the value is x itself or a constant', () => {
    const d = elaborate(Ident, undefined);
    for (const p of ['plus0', 'andOnes', 'orZero', 'constSel', 'sameArms']) expect(driverOf(d, p), p).toMatchObject({ op: 'input', port: 'x' });
    expect(driverOf(d, 'folded')).toMatchObject({ op: 'const', value: 0xf7n });
    expect(ops(d)).not.toContain('mulu');
    expect(ops(d)).not.toContain('add');
  });

  it('the unoptimised design still has them (the check can fail)', () => {
    const ops0 = ops(elaborate(Ident, undefined, { optimise: false }));
    expect(ops0).toContain('add');
    expect(ops0).toContain('mulu');
  });
});

describe('sharing and dead logic', () => {
  const Share = defineModule('Share', (m) => {
    const a = m.input('a', uint(8));
    const b = m.input('b', uint(8));
    const r = m.reg('r', uint(8), { en: m.lit(1, uint(1)) });
    r.drive(a.addWrap(b));
    a.mul(b); // unnamed and unread: dead
    const kept = a.xor(b).named('kept'); // named: stays, though unread
    m.output('e1', uint(1)).drive(a.eq(b));
    m.output('e2', uint(1)).drive(b.eq(a));
    m.output('s', uint(8)).drive(a.addWrap(b).named('sum'));
    void kept;
    return {};
  });

  it('merges equal operators, drops unread unnamed logic, keeps names', () => {
    const d = elaborate(Share, undefined);
    expect(ops(d).sort()).toEqual(['add', 'eq', 'xor']);
    const names = d.top.nodes.map((n) => n.name).filter((n) => n !== undefined);
    expect(names).toEqual(expect.arrayContaining(['kept', 'sum', 'r', 's', 'e1', 'e2']));
    const r = d.top.nodes.find((n) => n.name === 'r')!;
    expect(r).toMatchObject({ op: 'reg', en: null });
    // The shared adder is read under the user's name.
    const sum = d.top.nodes.find((n) => n.name === 'sum')!;
    expect(r.op === 'reg' && r.d).toBe(sum.id);
  });
});
