import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventory } from '../hdl/inventory/index.js';
import { adderChain, aluModule, chainDesign, designOf, storageModule } from '../hdl/inventory/test-ir.js';
import { activityFromToggles, type Activity } from './activity.js';
import { rippleAdder } from './arith-cost.js';
import { costTable } from './cost-table.js';
import { DEFAULT_KNOBS } from './knobs.js';
import type { DesignPoint } from './physical.js';
import { minStages, price, priceFigures } from './price.js';
import { priceMarkdown } from './render.js';

const nominal: DesignPoint = { vt: 'nominal', vdd: 1.1, stages: 1 };
const unit = { areaFactor: 1, energyFactor: 1, delayFactor: 1 };
const chain = inventory(chainDesign());

describe('price', () => {
  it('priceFigures gives exactly price()\'s figures, at any point, with any activity, forms and pipeline registers', () => {
    const invs = [chain, inventory(adderChain(6, 24)), inventory(designOf(storageModule()))];
    fc.assert(
      fc.property(
        fc.constantFrom(...invs),
        fc.record({ vt: fc.constantFrom('low' as const, 'nominal' as const, 'high' as const), vdd: fc.constantFrom(0.81, 0.9, 1.1), stages: fc.integer({ min: 1, max: 12 }) }),
        fc.constantFrom('ripple' as const, 'fast' as const, 'timed' as const),
        fc.constantFrom<Activity | undefined>(undefined, 0.3, () => 0.6),
        fc.boolean(),
        (inv, point, arith, activity, enable) => {
          const opts = { knobs: { areaFactor: 0.7, energyFactor: 1.3, delayFactor: 0.55 }, arith, pipelineRegisters: { enable }, ...(activity !== undefined && { activity }) };
          const r = price(inv, point, opts);
          expect(priceFigures(inv, point, opts)).toEqual({ areaMm2: r.areaMm2, dynamicW: r.dynamicW, leakageW: r.leakageW, powerW: r.powerW, clockHz: r.clockHz, criticalPathPs: r.criticalPathPs, pipelineBits: r.pipeline.totalBits });
        },
      ),
      { seed: 24, numRuns: 200 },
    );
  });

  it('times the chain as two 16-bit ripple adders and an XOR, plus the register overhead', () => {
    const r = price(chain, nominal, { knobs: unit, arith: 'ripple' });
    const add16 = rippleAdder(16).delayPs;
    expect(r.criticalPathPs).toBeCloseTo(2 * add16 + 73, 9);
    expect(r.maxClockHz).toBeCloseTo(1e12 / (2 * add16 + 73 + 135), 0);
    expect(r.clockHz).toBe(r.maxClockHz);
    expect(r.timingMet).toBe(true);
    expect(r.criticalPath.steps.map((s) => s.path)).toEqual(['Chain', 'Chain.u0', 'Chain.u1', 'Chain', 'Chain']);
  });

  it('adds up: breakdowns sum to the totals, area is the cost table times the area knob', () => {
    const r = price(chain, nominal, { knobs: { ...unit, areaFactor: 1.5 }, arith: 'ripple' });
    const t = costTable({ arith: 'ripple' });
    const cells =
      2 * t.cost({ kind: 'add', width: 16 }).areaUm2 +
      t.cost({ kind: 'xor', width: 16 }).areaUm2 +
      t.cost({ kind: 'not', width: 16 }).areaUm2 +
      t.cost({ kind: 'reg', width: 16, reset: false, enable: false }).areaUm2;
    expect(r.areaMm2 * 1e6).toBeCloseTo(1.5 * cells, 6);
    for (const rows of [r.breakdown.byModule, r.breakdown.byKind]) {
      const v = Object.values(rows);
      expect(v.reduce((s, x) => s + x.areaUm2, 0) * 1e-6).toBeCloseTo(r.areaMm2, 12);
      expect(v.reduce((s, x) => s + x.dynamicW + x.leakageW, 0)).toBeCloseTo(r.powerW, 12);
    }
    expect(Object.keys(r.breakdown.byModule)).toEqual(['Chain', 'Chain.u0', 'Chain.u1']);
    expect(r.breakdown.byModule['Chain.u0']!.areaUm2).toBeCloseTo(1.5 * t.cost({ kind: 'add', width: 16 }).areaUm2, 9);
  });

  it('does not apply the area knob to SRAM and CAM macros, but to flop register files', () => {
    const inv = inventory(designOf(storageModule()));
    const k1 = price(inv, nominal, { knobs: unit }).breakdown.byKind;
    const k2 = price(inv, nominal, { knobs: { ...unit, areaFactor: 2 } }).breakdown.byKind;
    expect(k2['cam']!.areaUm2).toBeCloseTo(k1['cam']!.areaUm2, 9);
    // 64 x 24 bits is below REGISTER_FILE_MAX_BITS: flops and muxes, placed like any logic
    expect(k2['sram']!.areaUm2).toBeCloseTo(2 * k1['sram']!.areaUm2, 9);
    const alu = inventory(designOf(aluModule()));
    expect(price(alu, nominal, { knobs: { ...unit, areaFactor: 2 } }).areaMm2).toBeCloseTo(2 * price(alu, nominal, { knobs: unit }).areaMm2, 12);
  });

  it('scales dynamic power with activity; clock pins burn regardless', () => {
    const clockHz = 1e9;
    const dyn = (activity: Activity | undefined) => price(chain, nominal, { knobs: unit, clockHz, ...(activity !== undefined && { activity }) }).dynamicW;
    const idle = dyn(0);
    expect(idle).toBeCloseTo(16 * 8.5e-15 * clockHz, 15);
    expect(dyn(2) - idle).toBeCloseTo(2 * (dyn(1) - idle), 15);
    expect(dyn(undefined)).toBe(dyn(1));
    // per kind: adders idle, everything else fully used
    const addsOff = price(chain, nominal, { knobs: unit, clockHz, activity: { add: 0 } });
    expect(addsOff.breakdown.byKind['add']!.dynamicW).toBe(0);
    expect(addsOff.breakdown.byKind['xor']!.dynamicW).toBeGreaterThan(0);
    expect(() => dyn(-1)).toThrow(/activity/);
  });

  it('takes per-node activity from simulated toggle counts', () => {
    const clockHz = 1e9;
    // u0's sum toggled 4 bits a cycle over 100 cycles: half of random (8 a cycle)
    const act = activityFromToggles(new Map([['Chain.u0.y_sum', 400]]), 100);
    const r = price(chain, nominal, { knobs: unit, clockHz, activity: act });
    const full = price(chain, nominal, { knobs: unit, clockHz });
    expect(r.breakdown.byModule['Chain.u0']!.dynamicW).toBeCloseTo(0.5 * full.breakdown.byModule['Chain.u0']!.dynamicW, 15);
    expect(r.breakdown.byModule['Chain.u1']!.dynamicW).toBeCloseTo(full.breakdown.byModule['Chain.u1']!.dynamicW, 15);
  });

  it('reports a requested clock it cannot meet', () => {
    const r = price(chain, nominal, { clockHz: 5e9 });
    expect(r.timingMet).toBe(false);
    expect(r.clockHz).toBe(5e9);
    expect(() => price(chain, nominal, { clockHz: 0 })).toThrow(/clockHz/);
  });

  it('prices prefix adders as faster and larger', () => {
    const a = price(chain, nominal, { arith: 'ripple' });
    const b = price(chain, nominal, { arith: 'fast' });
    expect(b.maxClockHz).toBeGreaterThan(a.maxClockHz);
    expect(b.areaMm2).toBeGreaterThan(a.areaMm2);
  });
});

describe('design-point monotonicity', () => {
  const inv = inventory(adderChain(6, 24));

  it('more stages: faster clock, more register area', () => {
    fc.assert(
      fc.property(fc.constantFrom('low', 'nominal', 'high' as const), fc.integer({ min: 1, max: 15 }), (vt, k) => {
        // ripple forms throughout: the forms do not change with the depth
        const a = price(inv, { vt, vdd: 0.9, stages: k }, { arith: 'ripple' });
        const b = price(inv, { vt, vdd: 0.9, stages: k + 1 }, { arith: 'ripple' });
        expect(b.maxClockHz).toBeGreaterThan(a.maxClockHz);
        expect(b.pipeline.totalBits).toBe(a.pipeline.totalBits + 24);
        expect(b.breakdown.byKind['reg (pipeline)']!.areaUm2).toBeGreaterThan(a.breakdown.byKind['reg (pipeline)']?.areaUm2 ?? 0);
        expect(b.areaMm2).toBeGreaterThan(a.areaMm2);
      }),
    );
    // cut registers belong to the instances whose values they hold
    const r = price(inv, { ...nominal, stages: 3 }, { arith: 'ripple' });
    expect(Object.keys(r.pipeline.byPath).length).toBeGreaterThan(0);
    expect(Object.values(r.pipeline.byPath).reduce((s, b) => s + b, 0)).toBe(r.pipeline.totalBits);
  });

  it('higher Vdd: faster and more power at the same clock; low Vt faster and leakier', () => {
    fc.assert(
      fc.property(fc.constantFrom(0.81, 0.9, 0.99), fc.constantFrom('low', 'nominal', 'high' as const), (v, vt) => {
        const a = price(inv, { vt, vdd: v, stages: 2 }, { clockHz: 5e8, arith: 'ripple' });
        const b = price(inv, { vt, vdd: v + 0.09, stages: 2 }, { clockHz: 5e8, arith: 'ripple' });
        expect(b.maxClockHz).toBeGreaterThan(a.maxClockHz);
        expect(b.dynamicW).toBeGreaterThan(a.dynamicW);
        expect(b.leakageW).toBeGreaterThan(a.leakageW);
      }),
    );
    const lo = price(inv, { vt: 'low', vdd: 0.9, stages: 1 });
    const hi = price(inv, { vt: 'high', vdd: 0.9, stages: 1 });
    expect(lo.maxClockHz).toBeGreaterThan(hi.maxClockHz);
    expect(lo.leakageW).toBeGreaterThan(30 * hi.leakageW);
  });

  it('wider datapath: more area and power', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), (w) => {
        const a = price(inventory(adderChain(3, w)), nominal, { clockHz: 1e9 });
        const b = price(inventory(adderChain(3, w + 1)), nominal, { clockHz: 1e9 });
        expect(b.areaMm2).toBeGreaterThan(a.areaMm2);
        expect(b.powerW).toBeGreaterThan(a.powerW);
      }),
      { numRuns: 30 },
    );
  });

  it('finds the fewest stages for a clock', () => {
    const k = minStages(inv, { vt: 'nominal', vdd: 1.1 }, 1e9, { knobs: DEFAULT_KNOBS });
    expect(k).not.toBeNull();
    expect(price(inv, { ...nominal, stages: k! }, { clockHz: 1e9 }).timingMet).toBe(true);
    expect(price(inv, { ...nominal, stages: k! - 1 }, { clockHz: 1e9 }).timingMet).toBe(false);
  });
});

describe('timing-driven forms', () => {
  const inv = inventory(adderChain(6, 24));

  it('keeps the fastest forms on a loop through state, whatever the clock', () => {
    const r = price(chain, nominal, { clockHz: 1e8 });
    expect(r.forms).toEqual([{ key: 'add 16', form: 'kogge-stone', count: 2 }]);
    expect(r.loopPs).toBeCloseTo(r.criticalPathPs, 9);
    // deeper pipelines cannot beat the loop
    expect(price(chain, { ...nominal, stages: 4 }).maxClockHz).toBeCloseTo(price(chain, nominal).maxClockHz, 0);
  });

  it('a tight clock takes prefix adders, a loose one ripple adders, and the result names them', () => {
    const loose = price(inv, nominal, { clockHz: 1e8 });
    const tight = price(inv, { ...nominal, stages: 6 }, { clockHz: 1.5e9 });
    expect(loose.forms.map((f) => f.form)).toEqual(['ripple']);
    // the last adders of the path absorb slack the first ones leave: a mix of prefix forms
    expect(tight.forms.map((f) => f.form)).toContain('kogge-stone');
    expect(tight.forms.map((f) => f.form)).not.toContain('ripple');
    expect(tight.areaMm2).toBeGreaterThan(loose.areaMm2);
    expect(tight.timingMet).toBe(true);
    // with only a depth, the forms are those the depth's fastest clock needs
    expect(price(inv, { ...nominal, stages: 1 }).forms[0]!.form).toBe('kogge-stone');
    expect(price(inv, { ...nominal, stages: 1 }).maxClockHz).toBeGreaterThan(price(inv, nominal, { arith: 'ripple' }).maxClockHz);
  });
});

describe('priceMarkdown', () => {
  it('prints headline figures and both breakdowns', () => {
    const md = priceMarkdown(price(chain, { vt: 'high', vdd: 0.99, stages: 2 }, { clockHz: 2e9 }));
    expect(md).toMatch(/^Design point: high Vt, 0.99 V, 2 stage\(s\); clock 2.000 GHz/);
    expect(md).toContain('| instance | area um^2');
    expect(md).toContain('| Chain.u1 |');
    expect(md).toContain('| add |');
  });
});
