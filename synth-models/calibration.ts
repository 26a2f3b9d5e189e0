// Calibration against the only published per-component figures: the seven
// components of one Blur rasterizer (raster-units.md) at 0.99 V, high-Vt
// cells, 2 GHz, each fully used. Three global knobs are fitted over all
// components together: the area factor to the published areas and the
// energy factor to the published powers (each by log-space least squares),
// and the delay factor, which sets how deeply each component must be
// pipelined to meet 2 GHz, to minimise the two fits' combined log error.
// The published blocks all ran at the published clock, so the delay knob is
// held where every component closes timing there, when any knob in its
// bounds does (closure only gets easier as the knob falls); each
// component's slack at its depth is reported. No knob is ever per
// component; the residual of each component is reported instead.
import type { Inventory } from '../hdl/inventory/index.js';
import type { Activity } from './activity.js';
import type { ArithStyle } from './cost-table.js';
import { fitScale, logResidual, type ScalePair } from './fit.js';
import { DEFAULT_KNOBS, KNOB_BOUNDS, type Knobs } from './knobs.js';
import type { PhysicalParams, VtFlavour } from './physical.js';
import { minStages, price } from './price.js';
import { InternalError } from '../hdl/errors.js';

export { DEFAULT_KNOBS, type Knobs };

/** The physical corner the published components ran at (a study's
 *  calibration names its own; studies/raster/published.ts has the Blur one). */
export interface CalibrationPoint {
  vt: VtFlavour;
  vdd: number;
  clockHz: number;
}


/** One published component and the inventory of the hardware that implements it. */
export interface CalibrationSample {
  component: string;
  inventory: Inventory;
  powerMw: number;
  areaMm2: number;
  /** Default 1.0: the published figures assume each block fully used. */
  activity?: Activity;
}

/** What a calibration fits against: the published figures' operating point and source. */
export interface CalibrationOptions {
  point: CalibrationPoint;
  /** Pipeline depth of every component, or 'auto' (default): the fewest
   *  stages that meet the clock at the point. */
  stages?: number | 'auto';
  arith?: ArithStyle;
  physical?: PhysicalParams;
  /** Fix the delay knob instead of fitting it. */
  delayFactor?: number;
  /** Range the fitted delay knob may take (default DELAY_FIT_RANGE). */
  delayRange?: readonly [number, number];
  /** Fit area and energy knobs without their physical bounds (tests that
   *  recover synthetic knobs anywhere). */
  unbounded?: boolean;
}

/** Every knob is fitted within its physical bounds (knobs.ts, KNOB_BOUNDS):
 *  outside them a fit would be explaining something other than placement,
 *  switching or logic delay. */
export const DELAY_FIT_RANGE: readonly [number, number] = KNOB_BOUNDS.delayFactor;

/** How a component meets the published clock at its depth. */
export interface ComponentTiming {
  /** The fewest stages that meet the clock; when none does (a loop through
   *  state longer than the period), the fewest that reach the loop's bound. */
  stages: number;
  /** False when even the deepest pipeline cannot reach the clock. */
  timingMet: boolean;
  /** Clock period at that depth (ps), and the published period less it. */
  periodPs: number;
  slackPs: number;
}

/** One component's published figures beside the model's, with the fitted knobs. */
export interface ComponentResidual extends ComponentTiming {
  component: string;
  publishedPowerMw: number;
  modelPowerMw: number;
  publishedAreaMm2: number;
  modelAreaMm2: number;
}

/** Fitted knobs with each component's residuals and the RMS log errors. */
export interface CalibrationResult {
  knobs: Knobs;
  residuals: ComponentResidual[];
  /** Every component closes timing at the published corner with these knobs. */
  timingMet: boolean;
  /** Root-mean-square of ln(model / published). */
  rmsLogPower: number;
  rmsLogArea: number;
}

interface Decomposed extends ComponentTiming {
  area: ScalePair;
  power: ScalePair;
}

/** A block priced at the calibration corner: the published figures, or none
 *  for a block in no published row (priced and shown, never fitted). */
export type PricedBlock = Pick<CalibrationSample, 'inventory' | 'activity'> & { areaMm2?: number; powerMw?: number };

/** Area and power are affine in the two knobs (area = macros + a x logic,
 *  power = leakage + e x dynamic), so two pricings give both parts exactly. */
function decompose(s: PricedBlock, opts: CalibrationOptions, delayFactor: number): Decomposed {
  const at = opts.point;
  const common = { ...(opts.arith && { arith: opts.arith }), ...(opts.physical && { physical: opts.physical }) };
  const unit: Knobs = { areaFactor: 1, energyFactor: 1, delayFactor };
  const base = { ...common, clockHz: at.clockHz, ...(s.activity !== undefined && { activity: s.activity }) };
  const corner = { vt: at.vt, vdd: at.vdd };
  let stages = opts.stages === undefined || opts.stages === 'auto' ? minStages(s.inventory, corner, at.clockHz, { ...common, knobs: unit }) : opts.stages;
  if (stages === null) {
    // No depth meets the clock: a loop bounds the period. Price the fewest
    // stages that bring the rest of the path down to that loop.
    const one = price(s.inventory, { ...corner, stages: 1 }, { ...base, knobs: unit });
    stages = Math.max(1, Math.ceil(one.criticalPathPs / Math.max(one.loopPs, 1e-9) - 1e-9));
  }
  const point = { ...corner, stages };
  const p1 = price(s.inventory, point, { ...base, knobs: unit });
  const p2 = price(s.inventory, point, { ...base, knobs: { ...unit, areaFactor: 2 } });
  const logicMm2 = p2.areaMm2 - p1.areaMm2;
  const periodPs = 1e12 / p1.maxClockHz;
  return {
    stages,
    timingMet: p1.timingMet,
    periodPs,
    slackPs: 1e12 / at.clockHz - periodPs,
    // a block in no published row has no figure: 1 keeps the pair well formed, and it is never fitted
    area: { published: s.areaMm2 ?? 1, fixed: Math.max(0, p1.areaMm2 - logicMm2), scaled: logicMm2 },
    power: { published: s.powerMw ?? 1, fixed: p1.leakageW * 1e3, scaled: p1.dynamicW * 1e3 },
  };
}

/** Blocks priced at the calibration corner with fitted knobs: their depth,
 *  slack, area and power (for the blocks in no published row). */
export function priceAtCorner(blocks: readonly PricedBlock[], opts: CalibrationOptions, knobs: Knobs): (ComponentTiming & { areaMm2: number; powerMw: number })[] {
  return blocks.map((b) => {
    const d = decompose(b, opts, knobs.delayFactor);
    const { area, power, ...timing } = d;
    return { ...timing, areaMm2: area.fixed + knobs.areaFactor * area.scaled, powerMw: power.fixed + knobs.energyFactor * power.scaled };
  });
}

function rms(xs: number[]): number {
  return Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
}

/** Fits the global knobs so the model's estimates of the sampled components match their published figures (least log error). */
export function calibrate(samples: readonly CalibrationSample[], opts: CalibrationOptions): CalibrationResult {
  if (samples.length === 0) throw new InternalError('calibrate: no components');
  if (opts.delayFactor !== undefined) return fitAt(samples, opts, opts.delayFactor);
  // The published blocks all run at 2 GHz, so the delay knob decides how
  // deeply each one must be pipelined, and with that how many registers its
  // area and power carry. Area and energy knobs are solved exactly for each
  // delay knob; the delay knob minimises their combined log error (a scan
  // on a log grid, then golden-section refinement around the best cell).
  const [lo, hi] = opts.delayRange ?? DELAY_FIT_RANGE;
  const at = (d: number): CalibrationResult => fitAt(samples, opts, d);
  // Closure is monotone in the knob: if the fastest knob does not close
  // every component, none does, and the fit is left free (and says so).
  const closable = at(lo).timingMet;
  const cost = (r: CalibrationResult): number => (closable && !r.timingMet ? Infinity : r.rmsLogPower ** 2 + r.rmsLogArea ** 2);
  const steps = 16;
  const grid = Array.from({ length: steps + 1 }, (_, i) => lo * (hi / lo) ** (i / steps));
  const scored = grid.map((d) => ({ d, r: at(d) }));
  let best = scored.reduce((a, b) => (cost(b.r) < cost(a.r) ? b : a));
  const i = grid.indexOf(best.d);
  let a = Math.log(grid[Math.max(0, i - 1)]!);
  let b = Math.log(grid[Math.min(steps, i + 1)]!);
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 12; k++) {
    const x1 = b - phi * (b - a);
    const x2 = a + phi * (b - a);
    const r1 = at(Math.exp(x1));
    const r2 = at(Math.exp(x2));
    for (const [x, r] of [[x1, r1], [x2, r2]] as const) if (cost(r) < cost(best.r)) best = { d: Math.exp(x), r };
    // ties (both past the closure edge: Infinity) move towards the faster knobs
    if (cost(r1) <= cost(r2)) b = x2;
    else a = x1;
  }
  return best.r;
}

function fitAt(samples: readonly CalibrationSample[], opts: CalibrationOptions, delayFactor: number): CalibrationResult {
  const parts = samples.map((s) => decompose(s, opts, delayFactor));
  const areaFactor = fitScale(parts.map((p) => p.area), opts.unbounded ? undefined : KNOB_BOUNDS.areaFactor);
  const energyFactor = fitScale(parts.map((p) => p.power), opts.unbounded ? undefined : KNOB_BOUNDS.energyFactor);
  const residuals = samples.map((s, i) => {
    const p = parts[i]!;
    return {
      component: s.component,
      stages: p.stages,
      timingMet: p.timingMet,
      periodPs: p.periodPs,
      slackPs: p.slackPs,
      publishedPowerMw: s.powerMw,
      modelPowerMw: p.power.fixed + energyFactor * p.power.scaled,
      publishedAreaMm2: s.areaMm2,
      modelAreaMm2: p.area.fixed + areaFactor * p.area.scaled,
    };
  });
  return {
    knobs: { areaFactor, energyFactor, delayFactor },
    residuals,
    timingMet: parts.every((p) => p.timingMet),
    rmsLogPower: rms(parts.map((p) => logResidual(p.power, energyFactor))),
    rmsLogArea: rms(parts.map((p) => logResidual(p.area, areaFactor))),
  };
}

/** The report raster-units.md asks for: our estimate beside each figure. */
export function calibrationMarkdown(r: CalibrationResult): string {
  const k = r.knobs;
  const lines = [
    `Knobs: area x${k.areaFactor.toFixed(3)}, energy x${k.energyFactor.toFixed(3)}, delay x${k.delayFactor.toFixed(3)}; ` +
      `rms log error: power ${r.rmsLogPower.toFixed(3)}, area ${r.rmsLogArea.toFixed(3)}`,
    '',
    '| component | stages | power mW (published) | power mW (model) | ratio | area mm^2 (published) | area mm^2 (model) | ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const c of r.residuals) {
    const st = c.timingMet ? `${c.stages}` : `${c.stages} (misses clock)`;
    lines.push(
      `| ${c.component} | ${st} | ${c.publishedPowerMw} | ${c.modelPowerMw.toFixed(2)} | ${(c.modelPowerMw / c.publishedPowerMw).toFixed(2)} | ` +
        `${c.publishedAreaMm2} | ${c.modelAreaMm2.toFixed(4)} | ${(c.modelAreaMm2 / c.publishedAreaMm2).toFixed(2)} |`,
    );
  }
  return lines.join('\n') + '\n';
}
