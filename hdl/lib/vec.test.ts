import fc from 'fast-check';
import { describe, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { checkWithWaves } from '../../testbenches/property.js';
import { Scoreboard } from '../../testbenches/scoreboard.js';
import { VecFile } from './test-designs.js';

const sims = new SimulatorCache((c: { n: number; width: number }) => elaborate(VecFile, c));

describe('Vec', () => {
  it('dynamic reads and writes behave as an array, a later static write wins', () => {
    const arb = fc.record({ n: fc.integer({ min: 1, max: 9 }), width: fc.constantFrom(1, 8, 40) }).chain((cfg) => {
      const ib = Math.max(1, Math.ceil(Math.log2(cfg.n)));
      return fc.record({
        cfg: fc.constant(cfg),
        cycles: fc.array(
          fc.record({ widx: fc.integer({ min: 0, max: 2 ** ib - 1 }), ridx: fc.integer({ min: 0, max: 2 ** ib - 1 }), wdata: fc.bigInt({ min: 0n, max: (1n << BigInt(cfg.width)) - 1n }), we: fc.boolean(), clear0: fc.boolean() }),
          { maxLength: 40 },
        ),
      });
    });
    checkWithWaves('lib-vec', arb, ({ cfg, cycles }, ctx) => {
      const sim = sims.get(cfg);
      ctx.attach(sim);
      const file = new Array<bigint>(cfg.n).fill(0n);
      const sb = new Scoreboard();
      cycles.forEach((c, t) => {
        sim.poke('widx', c.widx);
        sim.poke('ridx', c.ridx);
        sim.poke('wdata', c.wdata);
        sim.poke('we', c.we ? 1 : 0);
        sim.poke('clear0', c.clear0 ? 1 : 0);
        // An index past the end reads the last element.
        sb.check(t, 'rdata', file[Math.min(c.ridx, cfg.n - 1)]!, sim.peek('rdata'));
        let all = 0n;
        for (let i = cfg.n - 1; i >= 0; i--) all = (all << BigInt(cfg.width)) | file[i]!;
        sb.check(t, 'all', all, sim.peek('all'));
        if (c.we && c.widx < cfg.n) file[c.widx] = c.wdata;
        if (c.clear0) file[0] = 0n;
        sim.step();
      });
      sb.assertClean();
    });
  });
});
