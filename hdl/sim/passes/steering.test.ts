// Which nodes the stimulus steers within a cycle: through combinational
// logic from an input, not through a register or a sync read.
import { describe, expect, it } from 'vitest';
import { flatten } from '../../flatten.js';
import { IrBuilder, designOf } from '../testing/ir.js';
import { inputSteered } from './steering.js';

describe('inputSteered', () => {
  it('follows combinational logic from inputs and stops at state', () => {
    const m = new IrBuilder('Top');
    const push = m.input('push', 1);
    const count = m.reg(4, 'count', 0);
    const full = m.node({ op: 'eq', a: count, b: m.const(15n, 4) }, 1, 'full');
    const go = m.node({ op: 'and', a: push, b: m.node({ op: 'not', a: full }, 1, 'notfull') }, 1, 'go');
    const next = m.node({ op: 'add', a: count, b: m.const(1n, 4) }, 4, 'next');
    m.setD(count, m.node({ op: 'mux', sel: go, cases: [count, next] }, 4, 'held'));
    m.output('count', count);
    const net = flatten(designOf(m.build()));
    const steered = inputSteered(net);
    const at = (name: string): number => steered[net.signals.find((s) => s.path === `Top.${name}`)!.node]!;
    expect(['push', 'go', 'held'].map(at)).toEqual([1, 1, 1]);
    expect(['count', 'full', 'notfull', 'next'].map(at)).toEqual([0, 0, 0, 0]);
  });
});
