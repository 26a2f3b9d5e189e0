// Flattening: hierarchical paths, instance ports as aliases, per-instance
// state, renamed memories, and the connection errors.
import { describe, expect, it } from 'vitest';
import type { ModuleIR } from './ir.js';
import { flatten } from './flatten.js';
import { IrBuilder, designOf } from './sim/testing/ir.js';
import { createSimulator } from './sim/index.js';

/** acc <= acc + a; q = acc; sum is the named adder; a small RAM and an unnamed node. */
function child(): ModuleIR {
  const m = new IrBuilder('Acc');
  const a = m.input('a', 8);
  const acc = m.reg(8, 'acc', 0);
  const sum = m.node({ op: 'add', a: acc, b: a }, 8, 'sum');
  m.setD(acc, sum);
  m.memory('ram', 8, 4, [{ addr: m.node({ op: 'slice', a, lo: 0 }, 2), data: sum, en: m.const(1, 1) }]);
  m.output('q', acc);
  return m.build();
}

/** Two Acc instances; u1 is fed u0's output plus one. */
function mid(acc: ModuleIR): ModuleIR {
  const m = new IrBuilder('Mid');
  const x = m.input('x', 8);
  const u0 = m.instance('u0', acc, { a: x });
  const q0 = m.instout(u0, 'q', 'q0');
  const u1 = m.instance('u1', acc, { a: m.node({ op: 'add', a: q0, b: m.const(1, 8) }, 8) });
  m.output('y', m.instout(u1, 'q'));
  return m.build();
}

function top(): ModuleIR {
  const m = new IrBuilder('Top');
  const x = m.input('x', 8);
  const inst = m.instance('m', mid(child()), { x });
  m.output('y', m.instout(inst, 'y'));
  return m.build();
}

describe('flatten', () => {
  it('gives every node, port and memory a path rooted at the top', () => {
    const net = flatten(designOf(top()));
    const paths = net.signals.map((s) => s.path);
    for (const p of ['Top.x', 'Top.y', 'Top.m.x', 'Top.m.q0', 'Top.m.u0.a', 'Top.m.u0.sum', 'Top.m.u1.acc', 'Top.m.u1.q']) {
      expect(paths).toContain(p);
    }
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.indexOf('Top.y')).toBeLessThan(paths.indexOf('Top.m.x'));
    expect(paths.filter((p) => p.includes('#')).every((p, _i, all) => paths.indexOf(p) >= paths.length - all.length)).toBe(true);
    expect(paths).toContain('Top.m.u0.#4');
    expect(net.memories.map((m) => m.name)).toEqual(['Top.m.u0.ram', 'Top.m.u1.ram']);
    expect(net.nodes.some((n) => n.op === 'instout')).toBe(false);
    expect(net.nodes.filter((n) => n.op === 'input').length).toBe(1);
    expect(net.inputs.map((s) => s.path)).toEqual(['Top.x']);
    expect(net.nodes.every((n, i) => n.id === i)).toBe(true);
    expect(net.nodes.find((n) => n.name === 'Top.m.u1.sum')).toBeDefined();
  });

  it('simulates each instance with its own state, peekable by path', () => {
    const sim = createSimulator(designOf(top()));
    sim.reset();
    sim.poke('Top.x', 3);
    expect(sim.peek('Top.m.u0.a')).toBe(3n);
    expect(sim.peek('Top.m.u0.sum')).toBe(3n);
    expect(sim.peek('Top.m.u1.a')).toBe(1n);
    sim.step(2);
    // u0: 0 -> 3 -> 6; u1 adds (u0.q + 1) each cycle: 0 -> 1 -> 5.
    expect(sim.peek('Top.m.u0.acc')).toBe(6n);
    expect(sim.peek('Top.m.u1.q')).toBe(5n);
    expect(sim.peek('Top.y')).toBe(5n);
    expect(sim.peek('m.q0')).toBe(6n);
    // u1 wrote sum at a[1:0]: 1 at address 1, then 1 + 4 at address 0.
    expect([sim.peekMemory('Top.m.u1.ram', 0), sim.peekMemory('Top.m.u1.ram', 1)]).toEqual([5n, 1n]);
    expect(sim.signals().find((s) => s.path === 'Top.m.u0.acc')).toEqual({ path: 'Top.m.u0.acc', width: 8, kind: 'reg' });
  });

  it('rejects unconnected and unknown instance inputs, naming the instance', () => {
    const c = child();
    const missing = new IrBuilder('Top');
    missing.instance('u', c, {});
    expect(() => flatten(designOf(missing.build()))).toThrow(/instance Top\.u \(module Acc\): input port "a" is not connected/);
    const extra = new IrBuilder('Top');
    const x = extra.input('x', 8);
    extra.instance('u', c, { a: x, b: x });
    expect(() => flatten(designOf(extra.build()))).toThrow(/connects "b", which is not an input port/);
  });

  it('reports a combinational loop that crosses instance boundaries by path', () => {
    const pass = new IrBuilder('Pass');
    pass.output('o', pass.node({ op: 'not', a: pass.input('i', 4) }, 4, 'inv'));
    const p = pass.build();
    const m = new IrBuilder('Top');
    const fb = m.node({ op: 'wire', a: -1 }, 4, 'fb');
    const u = m.instance('u', p, { i: fb });
    const o = m.instout(u, 'o');
    (m.nodes[fb] as { a: number }).a = o;
    expect(() => createSimulator(designOf(m.build()))).toThrow(
      'combinational loop: Top.u.inv -> Top.u.i -> Top.fb -> Top.u.inv',
    );
  });
});
