import { describe, expect, it } from 'vitest';
import { inventory } from '../hdl/inventory/index.js';
import { adderChain } from '../hdl/inventory/test-ir.js';
import { costAtLimit } from './rate-cost.js';
import { registerShare } from './register-share.js';

const row = (perfDensity: number, energyPerMpJ: number) => ({ perfDensity, energyPerMpJ, powerDensity: perfDensity * energyPerMpJ });

describe('cost of a rate at a power-density limit', () => {
  // A frontier: denser designs burn more per op. Power densities 0.5, 1.2, 3.2 W/mm^2.
  const a = row(1e9, 0.5e-9);
  const b = row(2e9, 0.6e-9);
  const c = row(4e9, 0.8e-9);
  const off = row(1.5e9, 0.7e-9); // dominated by b
  const rows = [a, b, c, off];

  it('at or under the limit: the least-area design whose power density fits', () => {
    const r = costAtLimit(rows, 3e9, 1.5);
    expect(r.atOrUnder!.point).toBe(b);
    expect(r.atOrUnder!.areaMm2).toBeCloseTo(1.5, 12);
    expect(r.atOrUnder!.powerW).toBeCloseTo(1.8, 12);
  });

  it('interpolated along the frontier: exactly at the limit, between its neighbours', () => {
    const r = costAtLimit(rows, 3e9, 1.5);
    expect(r.interpolated!.between).toEqual([b, c]);
    // power density of the interpolated design is the limit itself
    expect(r.interpolated!.powerW / r.interpolated!.areaMm2).toBeCloseTo(1.5, 9);
    expect(r.interpolated!.areaMm2).toBeLessThan(r.atOrUnder!.areaMm2);
    expect(r.interpolated!.areaMm2).toBeGreaterThan(3e9 / c.perfDensity);
    // at a frontier point, both rules agree
    const atB = costAtLimit(rows, 3e9, b.powerDensity);
    expect(atB.interpolated!.areaMm2).toBeCloseTo(atB.atOrUnder!.areaMm2, 9);
  });

  it('below the frontier there is no design; above it the densest one', () => {
    expect(costAtLimit(rows, 3e9, 0.1)).toMatchObject({ atOrUnder: null, interpolated: null });
    expect(costAtLimit(rows, 3e9, 10).interpolated!.point).toBe(c);
  });
});

describe('register share', () => {
  it('splits each instance into registers (stage and pipeline) and logic; deeper pipelines raise the share', () => {
    const inv = inventory(adderChain(6, 24));
    const one = registerShare(inv, { vt: 'nominal', vdd: 1.1, stages: 1 }, { arith: 'ripple' });
    const six = registerShare(inv, { vt: 'nominal', vdd: 1.1, stages: 6 }, { arith: 'ripple' });
    expect(one.map((r) => r.component)).toEqual(['Adders']);
    expect(one[0]!.registers.areaUm2).toBeGreaterThan(0);
    expect(six[0]!.areaShare).toBeGreaterThan(one[0]!.areaShare);
    expect(six[0]!.powerShare).toBeGreaterThan(one[0]!.powerShare);
    expect(six[0]!.logic.areaUm2).toBeCloseTo(one[0]!.logic.areaUm2, 9);
  });
});
