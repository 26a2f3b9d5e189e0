import { describe, expect, it } from 'vitest';
import { densityBound, logGap, powerFloorAtArea, rmsFloor, type ComponentRange } from './calibration-floor.js';

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

  it('bounds area and power error jointly by the spread of the published power densities', () => {
    // A model whose blocks all run at one density (any): the gaps are the
    // published log densities about their mean, so the bound is their
    // standard deviation over sqrt 2.
    const pub = [0.5, 2, 8];
    const mean = pub.reduce((s, d) => s + Math.log(d), 0) / pub.length;
    const sd = Math.sqrt(pub.reduce((s, d) => s + (Math.log(d) - mean) ** 2, 0) / pub.length);
    const b = densityBound(pub.map((d, i) => r(`c${i}`, d, 1, 1)), [1e-6, 1e6]);
    expect(b.joint).toBeCloseTo(sd / Math.SQRT2, 6);
    // and it is a bound: areas and powers with these densities, fitted any way, cannot do better
    const areaErr = [0.3, -0.2, 0.1];
    const powerErr = pub.map((d, i) => areaErr[i]! + Math.log(1 / d) + mean); // model density e^mean for all
    const rms = (xs: number[]): number => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
    expect(Math.hypot(rms(areaErr), rms(powerErr))).toBeGreaterThanOrEqual(b.joint - 1e-9);
    // a model whose densities match the published ones leaves no bound
    expect(densityBound(pub.map((d, i) => r(`c${i}`, d, d / 2, d * 2)), [1, 1]).joint).toBeCloseTo(0, 9);
    expect(powerFloorAtArea(1, 0.6)).toBeCloseTo(0.8, 9);
    expect(powerFloorAtArea(0.5, 0.7)).toBe(0);
  });
});
