// The calibrate -> price -> pick iteration on small synthetic cases: it stops
// when the pick is the design the knobs were fitted on, reports a cycle
// instead of looping, and says when nothing meets the limit. The fits are
// real (calibrate on synthetic published figures) and the picks come from
// the rate-cost rule over rows priced with each fit's knobs.
import { describe, expect, it } from 'vitest';
import { inventory, type Inventory } from '../hdl/inventory/index.js';
import { adderChain } from '../hdl/inventory/test-ir.js';
import { calibrate, type CalibrationPoint, type CalibrationSample } from '../synth-models/calibration.js';
import { iterateCalibration, type LoopFit } from './calibration-loop.js';
import type { Knobs } from '../synth-models/knobs.js';
import { minStages, price } from '../synth-models/price.js';
import { costAtLimit } from './rate-cost.js';

/** A corner like the published Blur design's (0.99 V, high Vt, 2 GHz). */
const POINT: CalibrationPoint = { vt: 'high', vdd: 0.99, clockHz: 2e9 };

/** Three micro-architectures: chains of adders of growing width, each at a
 *  made-up throughput (ops per cycle) that grows with it. */
const ARCHS: Record<string, { inv: Inventory; opsPerCycle: number }> = {
  narrow: { inv: inventory(adderChain(3, 8)), opsPerCycle: 1 },
  mid: { inv: inventory(adderChain(4, 16)), opsPerCycle: 2.5 },
  wide: { inv: inventory(adderChain(6, 32)), opsPerCycle: 4 },
};

/** "Published" figures: the components of `truthArch` as the model with
 *  `truth` knobs prices them. Components = the arch split into its adders. */
function published(arch: string, truth: Knobs): CalibrationSample[] {
  const at = POINT;
  const inv = ARCHS[arch]!.inv;
  const stages = minStages(inv, at, at.clockHz, { knobs: truth }) ?? 1;
  const r = price(inv, { vt: at.vt, vdd: at.vdd, stages }, { knobs: truth, clockHz: at.clockHz });
  return [{ component: 'all', inventory: inv, powerMw: r.powerW * 1e3, areaMm2: r.areaMm2 }];
}

/** Calibrate on `arch` against figures whose ratio to it is fixed. */
const fitOn = (figures: Record<string, CalibrationSample[]>) => (arch: string): LoopFit => {
  const pub = figures[arch]!;
  return calibrate(pub.map((s) => ({ ...s, inventory: ARCHS[arch]!.inv })), { point: POINT });
};

/** The rate-cost rule at one limit over every arch at Vdd 0.81..1.08. */
function pickAt(limit: number) {
  return (knobs: Knobs) => {
    const rows = Object.entries(ARCHS).flatMap(([name, a]) =>
      [0.81, 0.9, 0.99, 1.08].map((vdd) => {
        const p = price(a.inv, { vt: 'nominal', vdd, stages: 2 }, { knobs });
        const perSec = a.opsPerCycle * p.clockHz;
        return { name, vdd, perfDensity: perSec / p.areaMm2, energyPerMpJ: p.powerW / perSec, powerDensity: p.powerW / p.areaMm2 };
      }),
    );
    const c = costAtLimit(rows, 3e9, limit).atOrUnder;
    return c === null || c.point === null ? null : { design: c.point.name, point: `nominal Vt ${c.point.vdd} V 2 st` };
  };
}

describe('iterateCalibration', () => {
  const truth = { areaFactor: 1.5, energyFactor: 1.1, delayFactor: 1 };
  const figures = Object.fromEntries(Object.keys(ARCHS).map((a) => [a, published(a, truth)]));
  // With no power limit the rule takes the densest design; which one that is falls out of the pricing.
  const winner = pickAt(1e9)(truth)!.design;
  const other = Object.keys(ARCHS).find((a) => a !== winner)!;

  it('converges: from a reference the sweep does not pick, to the pick, which then picks itself', () => {
    const r = iterateCalibration({ reference: other, key: (d) => d, fit: fitOn(figures), pick: pickAt(1e9) });
    expect(r.status).toBe('converged');
    expect(r.iterations.map((i) => i.calibratedOn)).toEqual([other, winner]);
    expect(r.final.pick?.design).toBe(winner);
    expect(r.final.fit.rmsLogArea).toBeLessThan(1e-6);
    expect(r.message).toMatch(/converged after 2 calibrations/);
  });

  it('converges at once when the reference is the pick', () => {
    const r = iterateCalibration({ reference: winner, key: (d) => d, fit: fitOn(figures), pick: pickAt(1e9) });
    expect(r.status).toBe('converged');
    expect(r.iterations).toHaveLength(1);
  });

  it('reports a cycle and keeps the last fit instead of looping', () => {
    // A pricing whose pick depends on the knobs so that the fits alternate.
    const order: Record<string, string> = { narrow: 'mid', mid: 'wide', wide: 'mid' };
    const fits = new Map(Object.keys(ARCHS).map((a, i) => [a, { knobs: { ...truth, areaFactor: 1 + i / 4 }, rmsLogArea: 0, rmsLogPower: 0 }]));
    const byKnobs = (k: Knobs): string => [...fits.entries()].find(([, f]) => f.knobs.areaFactor === k.areaFactor)![0];
    const r = iterateCalibration({ reference: 'narrow', key: (d) => d, fit: (d) => fits.get(d)!, pick: (k) => ({ design: order[byKnobs(k)]!, point: 'p' }) });
    expect(r.status).toBe('cycle');
    expect(r.iterations.map((i) => i.calibratedOn)).toEqual(['narrow', 'mid', 'wide']);
    expect(r.final.calibratedOn).toBe('wide');
    expect(r.message).toContain('mid -> wide -> mid');
  });

  it('stops when nothing meets the limit', () => {
    const r = iterateCalibration({ reference: 'narrow', key: (d) => d, fit: fitOn(figures), pick: pickAt(1e-9) });
    expect(r.status).toBe('no-pick');
    expect(r.iterations).toHaveLength(1);
  });

  it('stops at the iteration limit', () => {
    let n = 0;
    const r = iterateCalibration({ reference: 'd0', key: (d) => d, maxIterations: 3, fit: () => ({ knobs: truth, rmsLogArea: 0, rmsLogPower: 0 }), pick: () => ({ design: `d${++n}`, point: 'p' }) });
    expect(r.status).toBe('limit');
    expect(r.iterations).toHaveLength(3);
  });
});
