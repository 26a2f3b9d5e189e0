import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockPeriodPs, FREEPDK45_HIGH_VT_PENALTY, physicalScale, registerOverheadPs, stagesForPeriod, VDD_RANGE, type VtFlavour } from './physical.js';
import { FREEPDK45_VT, FREEPDK45_FO4_VDD } from './sources.js';

const flavours: VtFlavour[] = ['low', 'nominal', 'high'];
const vdd = fc.double({ min: VDD_RANGE.min, max: VDD_RANGE.max - 0.01, noNaN: true });
const scale = (vt: VtFlavour, v: number) => physicalScale({ vt, vdd: v, stages: 1 });

describe('supply voltage', () => {
  it('higher Vdd: faster, more dynamic energy, more leakage, for every flavour', () => {
    fc.assert(
      fc.property(vdd, fc.double({ min: 0.001, max: 0.2, noNaN: true }), fc.constantFrom(...flavours), (v, dv, vt) => {
        const hi = Math.min(v + dv, VDD_RANGE.max);
        fc.pre(hi > v);
        const a = scale(vt, v);
        const b = scale(vt, hi);
        expect(b.delay).toBeLessThan(a.delay);
        expect(b.dynamicEnergy).toBeGreaterThan(a.dynamicEnergy);
        expect(b.leakage).toBeGreaterThan(a.leakage);
      }),
    );
  });

  it('is the reference at nominal Vt, 1.1 V; energy goes as Vdd^2, leakage 1.5x per 100 mV', () => {
    expect(scale('nominal', 1.1)).toEqual({ delay: 1, dynamicEnergy: 1, leakage: 1 });
    expect(scale('nominal', 0.99).dynamicEnergy).toBeCloseTo(0.81, 9);
    expect(scale('nominal', 1.0).leakage).toBeCloseTo(1 / 1.5, 9);
  });

  it('reproduces the FreePDK45 FO4 voltage dependence per flavour within 3%', () => {
    for (const vt of flavours) {
      const fo4 = FREEPDK45_VT[vt].fo4Ps;
      FREEPDK45_FO4_VDD.forEach((v, i) => {
        const model = scale(vt, v).delay / scale(vt, 1.1).delay;
        expect(Math.abs(model / (fo4[i]! / fo4[3]) - 1)).toBeLessThan(0.03);
      });
    }
  });

  it('refuses supplies outside the documented range and bad stage counts', () => {
    expect(() => scale('nominal', 0.7)).toThrow(/outside 0.75-1.15 V/);
    expect(() => scale('high', 1.2)).toThrow(/Vdd/);
    expect(() => scale('high', Number.NaN)).toThrow(/Vdd/);
    expect(() => physicalScale({ vt: 'low', vdd: 0.9, stages: 0 })).toThrow(/stages/);
    expect(() => physicalScale({ vt: 'medium' as VtFlavour, vdd: 0.9, stages: 1 })).toThrow(/flavour/);
  });
});

describe('threshold flavours', () => {
  it('low Vt is faster and leakier than nominal, nominal than high, at any Vdd', () => {
    fc.assert(
      fc.property(vdd, (v) => {
        const [lo, nom, hi] = flavours.map((f) => scale(f, v));
        expect(lo!.delay).toBeLessThan(nom!.delay);
        expect(nom!.delay).toBeLessThan(hi!.delay);
        expect(lo!.leakage).toBeGreaterThan(nom!.leakage);
        expect(nom!.leakage).toBeGreaterThan(hi!.leakage);
      }),
    );
  });

  it('low Vt: ~0.8x the delay and 8-10x the leakage of nominal; high Vt 30-50x less leakage', () => {
    const lo = scale('low', 1.1);
    expect(lo.delay).toBeGreaterThan(0.75);
    expect(lo.delay).toBeLessThan(0.82);
    expect(lo.leakage).toBeGreaterThan(8);
    expect(lo.leakage).toBeLessThan(10);
    const hi = scale('high', 1.1);
    expect(1 / hi.leakage).toBeGreaterThan(25);
    expect(1 / hi.leakage).toBeLessThan(50);
  });

  it('takes the high-Vt delay penalty as a parameter', () => {
    const mild = physicalScale({ vt: 'high', vdd: 1.1, stages: 1 });
    const pdk = physicalScale({ vt: 'high', vdd: 1.1, stages: 1 }, { highVtDelayPenalty: FREEPDK45_HIGH_VT_PENALTY });
    expect(mild.delay).toBeCloseTo(1.4, 9);
    expect(pdk.delay).toBeCloseTo(29.1 / 14.2, 9);
  });
});

describe('clock', () => {
  it('more stages give a shorter period, never below the register overhead', () => {
    const s = scale('nominal', 0.9);
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e5, noNaN: true }), fc.integer({ min: 1, max: 63 }), (comb, k) => {
        expect(clockPeriodPs(comb, k + 1, s, 1)).toBeLessThan(clockPeriodPs(comb, k, s, 1));
        expect(clockPeriodPs(comb, k, s, 1)).toBeGreaterThan(135 * s.delay);
      }),
    );
  });

  it('finds the fewest stages for a period', () => {
    const s = scale('nominal', 1.1);
    // 1000 ps of logic, 500 ps period: 365 ps of room per stage -> 3 stages
    expect(stagesForPeriod(1000, 500, s, 1)).toBe(3);
    expect(clockPeriodPs(1000, 3, s, 1)).toBeLessThanOrEqual(500);
    expect(clockPeriodPs(1000, 2, s, 1)).toBeGreaterThan(500);
    expect(stagesForPeriod(1000, 100, s, 1)).toBeNull();
  });

  it('the register overhead scales with Vt, Vdd and the delay knob like the logic it bounds', () => {
    fc.assert(
      fc.property(vdd, fc.constantFrom(...flavours), fc.double({ min: 0.3, max: 3, noNaN: true }), fc.integer({ min: 1, max: 16 }), (v, vt, knob, k) => {
        const s = scale(vt, v);
        // 1000 reference ps of logic at this point and knob: the whole period moves by the same factor
        const logic = 1000 * s.delay * knob;
        expect(registerOverheadPs(s, knob)).toBeCloseTo(135 * s.delay * knob, 9);
        expect(clockPeriodPs(logic, k, s, knob) / clockPeriodPs(1000, k, scale('nominal', 1.1), 1)).toBeCloseTo(s.delay * knob, 9);
      }),
    );
  });
});
