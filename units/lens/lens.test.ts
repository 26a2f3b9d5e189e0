// Radius and sample in lens against the golden thin-lens model, bit for bit:
// depth 0, depths at and around the focus, saturation at both ends, u and v
// at their extremes, vertices pushed off every screen edge.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkWithWaves } from '../../testbenches/property.js';
import { unitSim } from '../../testbenches/raster/unit-sim.js';
import { LENS_A_MAX, LENS_UV_MAX, LENS_UV_MIN, RADIUS_MAX } from '../raster-common/blur-formats.js';
import { defocusRadius, lensShift } from '../raster-common/blur-golden.js';
import { COORD_MAX, DEPTH_MAX } from '../raster-common/formats.js';
import { slotsOf, type PositionerConfig } from '../sample-time/config.js';
import { SampleInLens } from './module.js';
import { Radius } from './radius.js';

const cfgArb: fc.Arbitrary<PositionerConfig> = fc.record({ tvp: fc.boolean(), spf: fc.constantFrom('1', '2', '4') as fc.Arbitrary<'1' | '2' | '4'> });
const depth = fc.oneof(fc.integer({ min: 0, max: DEPTH_MAX }), fc.integer({ min: 0, max: 4096 }), fc.constantFrom(0, 1, DEPTH_MAX));
const lensArb = fc.record({ a: fc.oneof(fc.integer({ min: 0, max: LENS_A_MAX }), fc.constantFrom(0, LENS_A_MAX)), f: depth });
const coord = fc.oneof(fc.integer({ min: 0, max: COORD_MAX }), fc.constantFrom(0, 5, COORD_MAX - 5, COORD_MAX));
const uv = fc.oneof(fc.integer({ min: LENS_UV_MIN, max: LENS_UV_MAX }), fc.constantFrom(LENS_UV_MIN, 0, LENS_UV_MAX));
const radius = fc.oneof(fc.integer({ min: -RADIUS_MAX, max: RADIUS_MAX }), fc.constantFrom(-RADIUS_MAX, 0, RADIUS_MAX));

describe('radius', () => {
  it('matches A (1 - F / z) with floor and saturation, per slot', () => {
    const arb = fc.record({ cfg: cfgArb, lens: lensArb, z: fc.array(depth, { minLength: 4, maxLength: 4 }) });
    checkWithWaves('radius-vs-golden', arb, ({ cfg, lens, z }, ctx) => {
      const sim = unitSim(Radius, cfg);
      ctx.attach(sim);
      const { lensA, lensF, slots } = sim.ports;
      lensA.write(lens.a);
      lensF.write(lens.f);
      slots.forEach((p, s) => p.z.write(z[s]!));
      expect(slots.length).toBe(slotsOf(cfg));
      slots.forEach((p, s) => expect(p.r.readSigned(), `r slot ${s}, z ${z[s]}`).toBe(BigInt(defocusRadius(z[s]!, lens))));
    }, { numRuns: 300 });
  });

  it('is zero at the focus, A at infinity, and saturates near the lens', () => {
    const lens = { a: 1024, f: 2 ** 22 };
    expect(defocusRadius(2 ** 22, lens)).toBe(0);
    expect(defocusRadius(DEPTH_MAX, lens)).toBe(1024 - Math.floor((1024 * 2 ** 22) / DEPTH_MAX));
    expect(defocusRadius(1, lens)).toBe(-RADIUS_MAX);
  });
});

describe('sample in lens', () => {
  it('matches x + u r rounded half up and clamped, per slot', () => {
    const arb = fc.record({ cfg: cfgArb, u: uv, v: uv, p: fc.array(fc.tuple(coord, coord, radius), { minLength: 4, maxLength: 4 }) });
    checkWithWaves('lens-vs-golden', arb, ({ cfg, u, v, p }, ctx) => {
      const sim = unitSim(SampleInLens, cfg);
      ctx.attach(sim);
      const ports = sim.ports;
      ports.u.write(u);
      ports.v.write(v);
      expect(ports.slots.length).toBe(slotsOf(cfg));
      ports.slots.forEach((slot, s) => {
        slot.x.write(p[s]![0]);
        slot.y.write(p[s]![1]);
        slot.r.write(p[s]![2]);
      });
      ports.slots.forEach((slot, s) => {
        const [x, y, r] = p[s]!;
        expect(slot.xl.read(), `x slot ${s}`).toBe(BigInt(lensShift(x, u, r)));
        expect(slot.yl.read(), `y slot ${s}`).toBe(BigInt(lensShift(y, v, r)));
      });
    }, { numRuns: 300 });
  });
});
