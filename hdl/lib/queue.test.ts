import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../sim/index.js';

import { elaborate } from '../elaborate.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { Scoreboard } from '../../testbenches/scoreboard.js';
import { QueueModel } from './models.js';
import { Delays, FragQueue, QueueUnit } from './test-designs.js';

const queues = new SimulatorCache((c: { depth: number; width: number }) => elaborate(QueueUnit, c));
const delays = new SimulatorCache((_: 'default') => elaborate(Delays, undefined));

describe('queue', () => {
  it('matches a bounded FIFO model cycle by cycle, any depth', () => {
    const arb = fc.record({
      cfg: fc.record({ depth: fc.integer({ min: 1, max: 7 }), width: fc.constantFrom(1, 8, 45) }),
      cycles: fc.array(fc.record({ v: fc.boolean(), r: fc.boolean(), d: fc.bigInt({ min: 0n, max: (1n << 45n) - 1n }) }), { maxLength: 80 }),
    });
    checkWithWaves('lib-queue', arb, ({ cfg, cycles }, ctx) => {
      const sim = queues.get(cfg);
      ctx.attach(sim);
      const model = new QueueModel(cfg.depth);
      const sb = new Scoreboard();
      cycles.forEach((c, t) => {
        const d = c.d & ((1n << BigInt(cfg.width)) - 1n);
        sim.poke('in_valid', c.v ? 1 : 0);
        sim.poke('in_payload', d);
        sim.poke('out_ready', c.r ? 1 : 0);
        sb.check(t, 'in_ready', model.inReady ? 1n : 0n, sim.peek('in_ready'));
        sb.check(t, 'out_valid', model.outValid ? 1n : 0n, sim.peek('out_valid'));
        sb.check(t, 'count', BigInt(model.items.length), sim.peek('count'));
        if (model.outValid) sb.check(t, 'out_payload', model.items[0]!, sim.peek('out_payload'));
        model.clock(c.v, d, c.r);
        sim.step();
      });
      sb.assertClean();
    });
  });
});

describe('regNext, pipe, shiftRegister', () => {
  it('delay by the stated number of cycles', () => {
    const arb = fc.array(fc.record({ x: fc.integer({ min: 0, max: 255 }), en: fc.boolean() }), { maxLength: 40 });
    checkWithWaves('lib-delays', arb, (cycles, ctx) => {
      const sim = delays.get('default');
      ctx.attach(sim);
      let held = 0;
      const late = [0, 0, 0];
      const sr = [0, 0, 0, 0];
      const sb = new Scoreboard();
      cycles.forEach((c, t) => {
        sim.poke('x', c.x);
        sim.poke('en', c.en ? 1 : 0);
        sb.check(t, 'held', BigInt(held), sim.peek('held'));
        sb.check(t, 'late', BigInt(late[2]!), sim.peek('late'));
        sb.check(t, 'taps', BigInt(sr[0]! + sr[1]! * 2 ** 8 + sr[2]! * 2 ** 16 + sr[3]! * 2 ** 24), sim.peek('taps'));
        if (c.en) {
          held = c.x;
          sr.unshift(c.x);
          sr.pop();
        }
        late.unshift(c.x);
        late.pop();
        sim.step();
      });
      sb.assertClean();
    });
  });
});

describe('queue of a bundle', () => {
  it('keeps every field of every entry, in order', () => {
    const sim = createSimulator(elaborate(FragQueue, undefined));
    sim.reset();
    const items = [
      { x: 3, y: -5, w: 0b11010 },
      { x: 31, y: 63, w: 1 },
      { x: 0, y: -64, w: 0b11111 },
    ];
    for (const it of items) {
      sim.poke('inp_valid', 1);
      sim.poke('inp_payload_x', it.x);
      sim.poke('inp_payload_y', it.y);
      sim.poke('inp_payload_w', it.w);
      sim.step();
    }
    sim.poke('inp_valid', 0);
    expect(sim.peek('inp_ready')).toBe(0n);
    sim.poke('out_ready', 1);
    for (const it of items) {
      expect([sim.peek('out_valid'), sim.peek('out_payload_x'), sim.peekSigned('out_payload_y'), sim.peek('out_payload_w')]).toEqual([1n, BigInt(it.x), BigInt(it.y), BigInt(it.w)]);
      sim.step();
    }
    expect(sim.peek('out_valid')).toBe(0n);
  });
});
