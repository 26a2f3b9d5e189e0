import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkWithWaves } from '../../testbenches/property.js';
import { Scoreboard } from '../../testbenches/scoreboard.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { parseConfig } from '../config.js';
import { findUnit } from '../registry.js';
import type { MacConfig } from './config.js';
import { MacModel } from './golden.js';

const unit = findUnit('mac');
// One compiled simulator per config, fresh and reset for every run.
const sims = new SimulatorCache((cfg: Record<string, string>) => unit.elaborate(cfg).design);

describe('mac', () => {
  it('matches the exact golden model for random formats and modes', () => {
    const arb = fc
      .record({
        intBits: fc.integer({ min: 1, max: 20 }),
        fracBits: fc.integer({ min: 0, max: 20 }),
        accIntBits: fc.integer({ min: 2, max: 40 }),
        round: fc.constantFrom('truncate', 'halfUp', 'halfEven'),
        overflow: fc.constantFrom('wrap', 'saturate'),
      })
      .chain((cfg) =>
        fc.record({
          cfg: fc.constant(cfg),
          cycles: fc.array(
            fc.record({
              a: fc.bigInt({ min: -(1n << BigInt(cfg.intBits + cfg.fracBits - 1)), max: (1n << BigInt(cfg.intBits + cfg.fracBits - 1)) - 1n }),
              b: fc.bigInt({ min: -(1n << BigInt(cfg.intBits + cfg.fracBits - 1)), max: (1n << BigInt(cfg.intBits + cfg.fracBits - 1)) - 1n }),
              en: fc.boolean(),
              clear: fc.boolean(),
            }),
            { maxLength: 40 },
          ),
        }),
      );
    checkWithWaves('mac-vs-golden', arb, (x, ctx) => {
      const cfgText = Object.fromEntries(Object.entries(x.cfg).map(([k, v]) => [k, String(v)]));
      const config = parseConfig(unit.name, unit.schema, cfgText);
      const sim = sims.get(cfgText);
      ctx.attach(sim);
      const model = new MacModel(config as MacConfig);
      const w = x.cfg.intBits + x.cfg.fracBits;
      const sb = new Scoreboard();
      for (const c of x.cycles) {
        sim.poke('Mac.a', BigInt.asUintN(w, c.a));
        sim.poke('Mac.b', BigInt.asUintN(w, c.b));
        sim.poke('Mac.en', c.en ? 1 : 0);
        sim.poke('Mac.clear', c.clear ? 1 : 0);
        sb.check(sim.cycle, 'acc', model.cycle(c.a, c.b, c.en, c.clear), sim.peekSigned('Mac.acc'));
        sim.step();
      }
      sb.assertClean();
    }, { numRuns: 60 });
  });
});
