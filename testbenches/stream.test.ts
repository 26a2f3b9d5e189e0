// The valid/ready agents on typed port handles: bundle payloads by field
// path, scalar payloads as one value, and the mistakes a testbench can make
// named with the stream and its fields.
import { describe, expect, it } from 'vitest';
import { elaborate } from '../hdl/elaborate.js';
import { defineModule } from '../hdl/module.js';
import { mux } from '../hdl/ops.js';
import { createSimulator } from '../hdl/sim/index.js';
import { bundle, stream, uint, vec } from '../hdl/types.js';
import { runUntilDone } from './clocked.js';
import { makeRng } from './rng.js';
import { portHandle, StreamDriver, StreamMonitor, streamHandles } from './stream.js';

// A one-entry skid register: out = in with x and y swapped and the lanes reversed.
const Frag = bundle({ x: uint(5), y: uint(7), lane: vec(2, uint(3)) });
const Swap = defineModule('Swap', (m) => {
  const input = m.input('in', stream(Frag));
  const out = m.output('out', stream(Frag));
  const count = m.input('count', uint(4));
  const full = m.reg('full', uint(1), { init: 0 });
  const x = m.reg('x', uint(5), { init: 0 });
  const y = m.reg('y', uint(7), { init: 0 });
  const l0 = m.reg('l0', uint(3), { init: 0 });
  const l1 = m.reg('l1', uint(3), { init: 0 });
  input.ready.drive(full.not().or(out.ready));
  const take = input.valid.and(input.ready);
  out.valid.drive(full);
  out.payload.x.drive(y.bits(4, 0));
  out.payload.y.drive(x.zext(7));
  out.payload.lane[0]!.drive(l1);
  out.payload.lane[1]!.drive(l0);
  full.set(mux(take, 1, mux(out.ready, 0, full)));
  x.set(mux(take, input.payload.x, x));
  y.set(mux(take, input.payload.y, y));
  l0.set(mux(take, input.payload.lane[0]!, l0));
  l1.set(mux(take, input.payload.lane[1]!, l1));
  return { in: input, out, count };
});

describe('stream agents on port handles', () => {
  it('deliver bundle payloads by field path through bubbles and back-pressure (seeded)', () => {
    const seed = 7;
    const sim = createSimulator(elaborate(Swap, {}));
    sim.reset();
    const rng = makeRng(seed);
    const drv = new StreamDriver(sim.ports.in, { rng: rng.fork('drv'), bubbleProbability: 0.4 });
    const mon = new StreamMonitor(sim.ports.out, { rng: rng.fork('mon'), stallProbability: 0.4 });
    const sent = Array.from({ length: 20 }, (_, i) => ({ x: BigInt(i), y: BigInt(i + 3), lane0: BigInt(i % 8), lane1: BigInt((i + 1) % 8) }));
    drv.push(...sent);
    runUntilDone(sim, [drv, mon], () => mon.received.length === sent.length, 400, `swap [seed ${seed}]`);
    expect(mon.received.map((r) => r.payload)).toEqual(sent.map((p) => ({ x: p.y & 31n, y: p.x, lane0: p.lane1, lane1: p.lane0 })));
    expect(drv.accepted).toHaveLength(20);
  });

  it('collect only the fields asked for', () => {
    const sim = createSimulator(elaborate(Swap, {}));
    sim.reset();
    const drv = new StreamDriver(sim.ports.in);
    const mon = new StreamMonitor(sim.ports.out, { fields: ['y'] });
    drv.push({ x: 9n, y: 1n, lane0: 0n, lane1: 0n });
    runUntilDone(sim, [drv, mon], () => mon.received.length === 1, 20, 'swap');
    expect(mon.received[0]!.payload).toEqual({ y: 9n });
  });

  it('name the stream and its fields when a testbench gets them wrong', () => {
    const sim = createSimulator(elaborate(Swap, {}));
    expect(() => new StreamMonitor(sim.ports.out, { fields: ['z'] })).toThrow(/fields.*z.*a payload field of Swap\.out \(x, y, lane0, lane1\)/);
    const drv = new StreamDriver(sim.ports.in);
    drv.push(3n);
    expect(() => drv.drive(sim)).toThrow(/a record of Swap\.in's fields \(x, y, lane0, lane1\)/);
    const untyped = createSimulator(elaborate(Swap, {}) as import('../hdl/ir.js').Design).ports;
    expect(() => streamHandles(untyped['count'], 'Swap.count')).toThrow(/stream port.*Swap\.count/);
    expect(() => streamHandles(untyped['nope'], 'Swap.nope')).toThrow(/Swap\.nope/);
    expect(() => portHandle(untyped['in'], 'Swap.in')).toThrow(/port.*Swap\.in.*a scalar port/);
    expect(portHandle(untyped['count'], 'Swap.count').width).toBe(4);
  });
});
