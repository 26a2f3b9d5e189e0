import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkWithWaves } from '../../testbenches/property.js';
import { Scoreboard } from '../../testbenches/scoreboard.js';
import { SimulatorCache } from '../../testbenches/sim-cache.js';
import { parseConfig } from '../config.js';
import { counterSchema } from './config.js';
import { findUnit } from '../registry.js';
import { CounterModel } from './golden.js';

const unit = findUnit('counter');
// One compiled simulator per config, fresh and reset for every run.
const sims = new SimulatorCache((cfg: Record<string, string>) => unit.elaborate(cfg).design);

describe('counter', () => {
  it('matches its golden model for random widths, steps and stimulus', () => {
    const arb = fc.record({
      width: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom(53, 64, 65, 100)),
      step: fc.integer({ min: 1, max: 255 }),
      cycles: fc.array(fc.record({ en: fc.boolean(), clear: fc.boolean() }), { minLength: 1, maxLength: 80 }),
    });
    checkWithWaves('counter-vs-golden', arb, (x, ctx) => {
      const cfgText = { width: String(x.width), step: String(x.step) };
      const config = parseConfig(unit.name, counterSchema, cfgText);
      const sim = sims.get(cfgText);
      ctx.attach(sim);
      const model = new CounterModel(config as { width: number; step: number });
      const sb = new Scoreboard();
      for (const c of x.cycles) {
        sim.poke('Counter.en', c.en ? 1 : 0);
        sim.poke('Counter.clear', c.clear ? 1 : 0);
        const want = model.cycle(c.en, c.clear);
        sb.check(sim.cycle, 'count', want.count, sim.peek('Counter.count'));
        sb.check(sim.cycle, 'wrapped', want.wrapped, sim.peek('Counter.wrapped'));
        sim.step();
      }
      sb.assertClean();
    });
  });
});
