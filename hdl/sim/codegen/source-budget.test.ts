// The source budget (Gen.limitTo, emitWithin): a generator given a limit
// stops as soon as its source is sure to pass it, and must decide exactly
// as writing the whole source and measuring it would (compile.ts picks one
// function or chunks by that length; runtime/stream.ts and batch.ts the
// one-function loop or the chunked one).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { NodeId } from '../../ir.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { createSimulator } from '../index.js';
import { slotCode, slotCodeWithin } from './fn.js';
import { emitWithin, Gen, OverBudget } from './gen.js';
import { isComputed, schedule } from '../passes/schedule.js';
import { labeler } from '../passes/labels.js';

/** A chain of `n` adds and xors on two inputs, into a register and an output. */
function chainDesign(n: number) {
  const m = new IrBuilder('Top');
  const a = m.input('a', 16);
  const b = m.input('b', 16);
  let v: NodeId = a;
  for (let i = 0; i < n; i++) v = m.node({ op: i % 2 === 0 ? 'add' : 'xor', a: v, b }, 16);
  const r = m.reg(16, 'r', 0);
  m.setD(r, v);
  m.output('y', v);
  m.output('q', r);
  return designOf(m.build());
}

describe('source budget', () => {
  it('slotCodeWithin gives the whole source iff it fits the limit, at every limit around its length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: -40, max: 40 }), (n, delta) => {
        const sim = createSimulator(chainDesign(n), { cache: false });
        const { net, lay } = sim.compiled;
        const ids = schedule(net, lay.root, labeler(net)).filter((id) => isComputed(net.nodes[id]!));
        const store = (id: NodeId): boolean => id % 3 === 0;
        const whole = slotCode(net, lay, ids, store);
        const limit = whole.length + delta;
        const within = slotCodeWithin(net, lay, ids, store, limit);
        expect(within).toBe(whole.length <= limit ? whole : null);
      }),
      { seed: 20261129, numRuns: 200 },
    );
  });

  it('emitWithin stops at the first line past the limit and lets other errors through', () => {
    const sim = createSimulator(chainDesign(2), { cache: false });
    const g = new Gen(sim.compiled.net, sim.compiled.lay.root, () => 'x');
    g.emit('const a = 1;');
    let emitted = 0;
    expect(
      emitWithin(g, 30, () => {
        for (let i = 0; i < 10; i++) {
          g.emit(`const b${i} = 2;`);
          emitted++;
        }
      }),
    ).toBe(false);
    // 'const a = 1;' (12) + '\n' + 'const b0 = 2;' (13) = 26 <= 30; the second passes.
    expect(emitted).toBe(1);
    // The limit is lifted afterwards.
    for (let i = 0; i < 10; i++) g.emit(`const c${i} = 3;`);
    expect(() =>
      emitWithin(g, 1e9, () => {
        throw new RangeError('not a budget');
      }),
    ).toThrow(RangeError);
    // A budget nobody catches is an internal error naming its limit.
    expect(() => {
      g.limitTo(g.text().length);
      g.emit('const d = 4;');
    }).toThrow(OverBudget);
  });
});
