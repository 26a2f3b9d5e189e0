import { describe, expect, it } from 'vitest';
import { logGap, rmsFloor, type ComponentRange } from './calibration-floor.js';

const r = (component: string, published: number, least: number, largest: number): ComponentRange => ({ component, published, least, largest });

describe('calibration floor', () => {
  it('is zero when a knob in bounds puts every published figure inside its range', () => {
    const b = rmsFloor([r('a', 2, 1, 1.5), r('b', 4, 2, 3)], [1, 2.5]);
    expect(b.rms).toBeCloseTo(0, 9);
    expect(b.knob).toBeGreaterThanOrEqual(4 / 3 - 1e-6);
    expect(b.knob).toBeLessThanOrEqual(2 + 1e-6);
  });

  it('is held at the lower knob bound by a component that is too large even at its least', () => {
    // 10x too large at k = 1: the gap is ln 10 for one of two components.
    const b = rmsFloor([r('big', 1, 10, 20), r('fits', 1, 0.5, 2)], [1, 2.5]);
    expect(b.knob).toBeCloseTo(1, 6);
    expect(b.rms).toBeCloseTo(Math.log(10) / Math.SQRT2, 6);
    expect(b.gaps.find((g) => g.component === 'big')!.gap).toBeCloseTo(Math.log(10), 9);
  });

  it('balances a too-small and a too-large component in log space', () => {
    // Published 1 for both; at knob k the gaps are ln(4k) and ln(4/k): least at k = 1.
    const b = rmsFloor([r('big', 1, 4, 4), r('small', 1, 0.25, 0.25)], [0.01, 100]);
    expect(b.knob).toBeCloseTo(1, 4);
    expect(b.rms).toBeCloseTo(Math.log(4), 6);
  });

  it('measures the gap to the nearer end of the scaled range', () => {
    expect(logGap(r('x', 1, 2, 3), 1)).toBeCloseTo(Math.log(2), 12);
    expect(logGap(r('x', 10, 2, 3), 1)).toBeCloseTo(Math.log(10 / 3), 12);
    expect(logGap(r('x', 2.5, 2, 3), 1)).toBe(0);
  });

  it('names the component whose figures are not positive', () => {
    expect(() => rmsFloor([r('cull', 1, 0, 1)], [1, 2])).toThrow(/"cull"/);
  });
});
