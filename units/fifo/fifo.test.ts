import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runUntilDone } from '../../testbenches/clocked.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { makeRng } from '../../testbenches/rng.js';
import { Scoreboard } from '../../testbenches/scoreboard.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { parseConfig } from '../config.js';
import { fifoSchema } from './config.js';
import { StreamDriver, StreamMonitor, streamHandles } from '../../testbenches/stream.js';
import { findUnit } from '../registry.js';
import { FifoModel } from './golden.js';

const unit = findUnit('fifo');
// One compiled simulator per config, fresh and reset for every run.
const sims = new SimulatorCache((cfg: Record<string, string>) => unit.elaborate(cfg).design);

describe('fifo', () => {
  it('delivers every payload in order under random bubbles and back-pressure', () => {
    const arb = fc.record({
      width: fc.constantFrom(1, 7, 32, 33, 64, 90),
      depth: fc.constantFrom('2', '4', '8', '16'),
      n: fc.integer({ min: 0, max: 60 }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      bubble: fc.double({ min: 0, max: 0.8, noNaN: true }),
      stall: fc.double({ min: 0, max: 0.8, noNaN: true }),
    });
    checkWithWaves('fifo-stream-order', arb, (x, ctx) => {
      const sim = sims.get({ width: String(x.width), depth: x.depth });
      ctx.attach(sim);
      const rng = makeRng(x.seed);
      const data = Array.from({ length: x.n }, () => BigInt.asUintN(x.width, (BigInt(rng.u32()) << 32n) | BigInt(rng.u32()) | (BigInt(rng.u32()) << 64n)));
      const drv = new StreamDriver(streamHandles(sim.ports['enq'], 'Fifo.enq'), { rng: rng.fork('drv'), bubbleProbability: x.bubble });
      const mon = new StreamMonitor(streamHandles(sim.ports['deq'], 'Fifo.deq'), { rng: rng.fork('mon'), stallProbability: x.stall });
      drv.push(...data);
      runUntilDone(sim, [drv, mon], () => mon.received.length === x.n, 20 * x.n + 50, `fifo [seed ${x.seed}]`);
      expect(mon.received.map((r) => r.payload)).toEqual(data);
    });
  });

  it('matches the golden model cycle by cycle (ready, valid, data, count)', () => {
    const arb = fc.record({
      depth: fc.constantFrom('2', '4', '8'),
      cycles: fc.array(fc.record({ v: fc.boolean(), d: fc.integer({ min: 0, max: 65535 }), r: fc.boolean() }), { maxLength: 100 }),
    });
    checkWithWaves('fifo-vs-golden', arb, (x, ctx) => {
      const cfgText = { width: '16', depth: x.depth };
      const config = parseConfig(unit.name, fifoSchema, cfgText);
      const sim = sims.get(cfgText);
      ctx.attach(sim);
      const model = new FifoModel(config as { width: number; depth: '8' });
      const sb = new Scoreboard();
      for (const c of x.cycles) {
        sim.poke('Fifo.enq_valid', c.v ? 1 : 0);
        sim.poke('Fifo.enq_payload', c.d);
        sim.poke('Fifo.deq_ready', c.r ? 1 : 0);
        const want = model.cycle(c.v, BigInt(c.d), c.r);
        sb.check(sim.cycle, 'enq_ready', want.enqReady ? 1n : 0n, sim.peek('Fifo.enq_ready'));
        sb.check(sim.cycle, 'deq_valid', want.deqValid ? 1n : 0n, sim.peek('Fifo.deq_valid'));
        if (want.deqData !== null) sb.check(sim.cycle, 'deq_payload', want.deqData, sim.peek('Fifo.deq_payload'));
        sb.check(sim.cycle, 'count', BigInt(want.count), sim.peek('Fifo.count'));
        sim.step();
      }
      sb.assertClean();
    });
  });
});
