import fc from 'fast-check';
import { describe, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { Scoreboard } from '../../testbenches/scoreboard.js';
import { lowestSet, RoundRobinModel } from './models.js';
import { Arbiters } from './test-designs.js';

const sims = new SimulatorCache((n: number) => elaborate(Arbiters, { n }));

describe('arbiters', () => {
  it('fixed priority grants the lowest requester; round robin serves requesters in turn', () => {
    const arb = fc.integer({ min: 1, max: 9 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        cycles: fc.array(fc.record({ req: fc.integer({ min: 0, max: 2 ** n - 1 }), advance: fc.boolean() }), { maxLength: 60 }),
      }),
    );
    checkWithWaves('lib-arbiters', arb, ({ n, cycles }, ctx) => {
      const sim = sims.get(n);
      ctx.attach(sim);
      const rr = new RoundRobinModel(n);
      const sb = new Scoreboard();
      cycles.forEach((c, t) => {
        const req = BigInt(c.req);
        sim.poke('req', req);
        sim.poke('advance', c.advance ? 1 : 0);
        const lo = lowestSet(req, n);
        sb.check(t, 'fixed_grant', lo === null ? 0n : 1n << BigInt(lo), sim.peek('fixed_grant'));
        sb.check(t, 'fixed_index', BigInt(lo ?? 0), sim.peek('fixed_index'));
        const g = rr.pick(req);
        sb.check(t, 'rr_valid', g === null ? 0n : 1n, sim.peek('rr_valid'));
        sb.check(t, 'rr_grant', g === null ? 0n : 1n << BigInt(g), sim.peek('rr_grant'));
        if (g !== null) sb.check(t, 'rr_index', BigInt(g), sim.peek('rr_index'));
        rr.clock(req, c.advance);
        sim.step();
      });
      sb.assertClean();
    });
  });

  it('round robin with every requester asking grants each one in turn', () => {
    const n = 5;
    const sim = sims.get(n);
    sim.poke('req', 2 ** n - 1);
    sim.poke('advance', 1);
    const order: bigint[] = [];
    for (let t = 0; t < 2 * n; t++) {
      order.push(sim.peek('rr_index'));
      sim.step();
    }
    const want = Array.from({ length: 2 * n }, (_, t) => BigInt(t % n));
    if (order.join() !== want.join()) throw new Error(`grant order ${order.join()} != ${want.join()}`);
  });
});
