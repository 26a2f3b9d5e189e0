// Sample in time against the golden two-product blend, bit for bit, in both
// forms (lerp2: the two products; lerp1: one product of the difference):
// full 14.8 range, motion both ways, t at 0 and at its top, every slot count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkWithWaves } from '../../testbenches/property.js';
import { unitSim } from '../../testbenches/raster/unit-sim.js';
import { TIME_ONE } from '../raster-common/blur-formats.js';
import { timeBlend } from '../raster-common/blur-golden.js';
import { COORD_MAX } from '../raster-common/formats.js';
import { slotsOf, TIME_FORMS, type SampleTimeConfig } from './config.js';
import { SampleInTime } from './module.js';

const coord = fc.oneof(fc.integer({ min: 0, max: COORD_MAX }), fc.constantFrom(0, COORD_MAX));
const time = fc.oneof(fc.integer({ min: 0, max: TIME_ONE - 1 }), fc.constantFrom(0, 1, TIME_ONE / 2, TIME_ONE - 1));
const cfgArb: fc.Arbitrary<SampleTimeConfig> = fc.record({ tvp: fc.boolean(), spf: fc.constantFrom('1', '2', '4') as fc.Arbitrary<'1' | '2' | '4'>, time: fc.constantFrom(...TIME_FORMS) });

describe('sample in time', () => {
  it('matches x0 (1 - t) + x1 t rounded half up, per slot, in both forms', () => {
    const arb = fc.record({ cfg: cfgArb, t: time, v: fc.array(fc.tuple(coord, coord, coord, coord), { minLength: 4, maxLength: 4 }) });
    checkWithWaves('sample-time-vs-golden', arb, ({ cfg, t, v }, ctx) => {
      const sim = unitSim(SampleInTime, cfg);
      ctx.attach(sim);
      const { slots } = sim.ports;
      sim.ports.t.write(t);
      expect(slots.length).toBe(slotsOf(cfg));
      slots.forEach((slot, s) => {
        const [x0, y0, x1, y1] = v[s]!;
        slot.x0.write(x0);
        slot.y0.write(y0);
        slot.x1.write(x1);
        slot.y1.write(y1);
      });
      slots.forEach((slot, s) => {
        const [x0, y0, x1, y1] = v[s]!;
        expect(slot.x.read(), `${cfg.time} x slot ${s}`).toBe(BigInt(timeBlend(x0, x1, t)));
        expect(slot.y.read(), `${cfg.time} y slot ${s}`).toBe(BigInt(timeBlend(y0, y1, t)));
      });
    }, { numRuns: 400 });
  });

  it('has ceil(verts / spf) slots', () => {
    expect([false, true].flatMap((tvp) => (['1', '2', '4'] as const).map((spf) => slotsOf({ tvp, spf })))).toEqual([3, 2, 1, 4, 2, 1]);
  });

  it('stays at the open position at t = 0 and between the ends everywhere', () => {
    expect(timeBlend(1000, 5000, 0)).toBe(1000);
    expect(timeBlend(5000, 1000, TIME_ONE - 1)).toBe(1001);
  });
});
