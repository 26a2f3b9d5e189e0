import { describe, expect, it } from 'vitest';
import { inventory, type Inventory } from '../hdl/inventory/index.js';
import { adderChain, aluModule, chainDesign, designOf, loopDesign, storageModule } from '../hdl/inventory/test-ir.js';
import { calibrate, calibrationMarkdown, priceAtCorner, type CalibrationPoint, type CalibrationSample } from './calibration.js';
import { fitScale } from './fit.js';
import type { Knobs } from './knobs.js';
import { minStages, price } from './price.js';

/** A corner like the published Blur design's (0.99 V, high Vt, 2 GHz). */
const POINT: CalibrationPoint = { vt: 'high', vdd: 0.99, clockHz: 2e9 };

const designs: [string, Inventory][] = [
  ['alu', inventory(designOf(aluModule()))],
  ['chain', inventory(chainDesign())],
  ['storage', inventory(designOf(storageModule()))],
  ['adders', inventory(adderChain(5, 20))],
];

/** What the components would have "published" if the model with `knobs`
 *  were the truth, each perturbed by a factor. */
function synthetic(knobs: Knobs, noise: number[] = designs.map(() => 1)): CalibrationSample[] {
  const at = POINT;
  return designs.map(([component, inv], i) => {
    const stages = minStages(inv, at, at.clockHz, { knobs }) ?? 1;
    const r = price(inv, { vt: at.vt, vdd: at.vdd, stages }, { knobs, clockHz: at.clockHz });
    return { component, inventory: inv, powerMw: r.powerW * 1e3 * noise[i]!, areaMm2: r.areaMm2 * noise[i]! };
  });
}

describe('calibrate', () => {
  it('recovers known knobs from synthetic data, residuals vanishing', () => {
    const truth = { areaFactor: 1.7, energyFactor: 1.2, delayFactor: 1 };
    const r = calibrate(synthetic(truth), { point: POINT });
    expect(r.knobs.areaFactor).toBeCloseTo(1.7, 6);
    expect(r.knobs.energyFactor).toBeCloseTo(1.2, 6);
    // Stage counts are whole numbers, so any delay knob that gives the same
    // depths fits equally well: close to the truth, not exactly it.
    expect(r.knobs.delayFactor).toBeCloseTo(1, 1);
    expect(r.rmsLogArea).toBeLessThan(1e-6);
    expect(r.rmsLogPower).toBeLessThan(1e-6);
    for (const c of r.residuals) {
      expect(c.modelPowerMw / c.publishedPowerMw).toBeCloseTo(1, 6);
      expect(c.modelAreaMm2 / c.publishedAreaMm2).toBeCloseTo(1, 6);
      // the chain is a loop through its register: no depth brings it to 2 GHz
      expect(c.timingMet).toBe(c.component !== 'chain');
      expect(c.slackPs).toBeCloseTo(500 - c.periodPs, 9);
      expect(c.slackPs >= -1e-9).toBe(c.timingMet);
    }
    // no knob in bounds closes the chain, so the fit was left free, and says so
    expect(r.timingMet).toBe(false);
  });

  it('fits in log space: errors symmetric in ratio cancel', () => {
    const truth = { areaFactor: 2.5, energyFactor: 1.3, delayFactor: 1 };
    // only the pure-logic designs: the macro design has an unscaled part
    const samples = synthetic(truth, [1.5, 1 / 1.5, 1, 1]).filter((s) => s.component !== 'storage');
    const r = calibrate(samples, { point: POINT, delayFactor: 1 });
    expect(r.knobs.areaFactor).toBeCloseTo(2.5, 6);
    // leakage is a small unscaled part of power at high Vt: close, not exact
    expect(r.knobs.energyFactor / 1.3).toBeCloseTo(1, 3);
    expect(r.rmsLogArea).toBeCloseTo(Math.sqrt((2 * Math.log(1.5) ** 2) / 3), 6);
    // a fitted model cannot follow per-component noise: no per-component knob
    expect(Object.keys(r.knobs).sort()).toEqual(['areaFactor', 'delayFactor', 'energyFactor']);
    expect(r.residuals[0]!.modelAreaMm2 / r.residuals[0]!.publishedAreaMm2).toBeCloseTo(1 / 1.5, 6);
  });

  it('fits the delay knob too: recovers a design that met the clock with faster logic', () => {
    const truth = { areaFactor: 1.3, energyFactor: 0.9, delayFactor: 0.55 };
    const r = calibrate(synthetic(truth), { point: POINT });
    expect(r.knobs.delayFactor).toBeGreaterThanOrEqual(0.507);
    expect(r.knobs.delayFactor).toBeLessThan(0.65);
    expect(r.knobs.areaFactor).toBeCloseTo(1.3, 3);
    expect(r.knobs.energyFactor).toBeCloseTo(0.9, 3);
    expect(r.rmsLogArea + r.rmsLogPower).toBeLessThan(1e-3);
    // A fixed delay knob of 1 cannot explain it as well.
    const fixed = calibrate(synthetic(truth), { point: POINT, delayFactor: 1 });
    expect(fixed.rmsLogArea + fixed.rmsLogPower).toBeGreaterThan(r.rmsLogArea + r.rmsLogPower);
  });

  it('holds the delay knob where every component closes timing at the published clock, when any knob in bounds does', () => {
    // A counter whose loop reaches 2 GHz at high Vt, 0.99 V only below a
    // delay knob of about 0.63, beside a feed-forward chain; the figures are
    // what the model prices at knob 1, where the counter misses the clock.
    const truth = { areaFactor: 1.4, energyFactor: 1, delayFactor: 1 };
    const parts: [string, Inventory][] = [['counter', inventory(loopDesign(1, 0, 8))], ['adders', inventory(adderChain(5, 20))]];
    const samples = parts.map(([component, inv]) => {
      const r = price(inv, { vt: POINT.vt, vdd: POINT.vdd, stages: minStages(inv, POINT, POINT.clockHz, { knobs: truth }) ?? 1 }, { knobs: truth, clockHz: POINT.clockHz });
      return { component, inventory: inv, powerMw: r.powerW * 1e3, areaMm2: r.areaMm2 };
    });
    const free = calibrate(samples, { point: POINT, delayFactor: 1 });
    expect(free.timingMet).toBe(false);
    expect(free.residuals.find((c) => c.component === 'counter')!.slackPs).toBeLessThan(0);
    const r = calibrate(samples, { point: POINT });
    expect(r.timingMet).toBe(true);
    expect(r.knobs.delayFactor).toBeLessThan(0.65);
    for (const c of r.residuals) expect(c.slackPs).toBeGreaterThanOrEqual(0);
  });

  it('prices blocks in no published row with the fitted knobs, at the fewest stages that close', () => {
    const knobs = { areaFactor: 1.2, energyFactor: 1, delayFactor: 0.8 };
    const inv = inventory(adderChain(5, 20));
    const [b] = priceAtCorner([{ inventory: inv }], { point: POINT }, knobs);
    const stages = minStages(inv, POINT, POINT.clockHz, { knobs })!;
    const p = price(inv, { vt: POINT.vt, vdd: POINT.vdd, stages }, { knobs, clockHz: POINT.clockHz });
    expect(b!.stages).toBe(stages);
    expect(b!.areaMm2).toBeCloseTo(p.areaMm2, 12);
    expect(b!.powerMw).toBeCloseTo(p.powerW * 1e3, 9);
    expect(b!.slackPs).toBeCloseTo(500 - 1e12 / p.maxClockHz, 9);
    expect(b!.timingMet).toBe(true);
  });

  it('prices every component at the given stages when asked to', () => {
    const r = calibrate(synthetic({ areaFactor: 1, energyFactor: 1, delayFactor: 1 }), { point: POINT, stages: 4 });
    expect(r.residuals.every((c) => c.stages === 4)).toBe(true);
  });

  it('reports our estimate beside each published figure', () => {
    const md = calibrationMarkdown(calibrate(synthetic({ areaFactor: 1.2, energyFactor: 0.9, delayFactor: 1 }), { point: POINT, delayFactor: 1 }));
    expect(md).toMatch(/^Knobs: area x1\.200, energy x0\.900, delay x1\.000/);
    expect(md).toMatch(/\| alu \| \d+ \| [\d.]+ \| [\d.]+ \| 1\.00 \|/);
  });


  it('refuses to fit nothing', () => {
    expect(() => calibrate([], { point: POINT })).toThrow(/no components/);
  });
});

describe('fitScale', () => {
  it('minimises squared log error, with a fixed part the knob does not touch', () => {
    // published = 1 + 3k with k = 2 exactly
    expect(fitScale([{ published: 7, fixed: 1, scaled: 3 }])).toBeCloseTo(2, 9);
    // geometric, not arithmetic, mean of the ratios
    expect(fitScale([{ published: 4, fixed: 0, scaled: 1 }, { published: 1, fixed: 0, scaled: 1 }])).toBeCloseTo(2, 9);
  });

  it('rejects data it cannot fit', () => {
    expect(() => fitScale([])).toThrow(/no data/);
    expect(() => fitScale([{ published: 0, fixed: 0, scaled: 1 }])).toThrow(/published/);
    expect(() => fitScale([{ published: 1, fixed: 1, scaled: 0 }])).toThrow(/affects none/);
  });
});
