// Calibrating on the design the study itself picks. The published component
// figures belong to one design, and which design that is depends on the
// knobs: calibrate on a design -> price the sweep with those knobs -> pick
// (the study's rate-cost rule) -> calibrate on the pick -> ... The sweep's
// throughput is simulated once; only pricing and the fit repeat.
//
// The calibration itself depends only on the micro-architecture it is run
// on (the published operating point is fixed), so once the pick's
// micro-architecture is the one the knobs were fitted on, the next
// iteration would repeat this one exactly: that is convergence (the pick,
// micro-architecture and physical point, stops changing). A pick that
// returns to a micro-architecture calibrated on earlier, but not the last,
// is a cycle: the loop stops and says so, and keeps the last fit (it never
// chooses among the cycle's fits by their residuals, which would be tuning
// to the table). Pure: the caller supplies the fit and the pricing.
import type { Knobs } from '../synth-models/knobs.js';
import { ParamError } from '../hdl/errors.js';

export interface LoopFit {
  knobs: Knobs;
  rmsLogArea: number;
  rmsLogPower: number;
}

export interface LoopPick<D> {
  /** The picked micro-architecture. */
  design: D;
  /** The physical point it was picked at (Vt, Vdd, stages), for the log. */
  point: string;
}

export interface LoopIteration<D, F extends LoopFit> {
  /** 0 is the reference. */
  index: number;
  /** The micro-architecture the fit was run on. */
  calibratedOn: D;
  fit: F;
  /** What the sweep priced with this fit's knobs picks; null: nothing meets the limit. */
  pick: LoopPick<D> | null;
}

export type LoopStatus = 'converged' | 'cycle' | 'no-pick' | 'limit';

export interface LoopResult<D, F extends LoopFit> {
  status: LoopStatus;
  /** One line for the report and the console. */
  message: string;
  iterations: LoopIteration<D, F>[];
  /** The fit the study prices with: the last iteration's. */
  final: LoopIteration<D, F>;
}

export interface LoopOptions<D, F extends LoopFit> {
  reference: D;
  /** Equal keys mean the same micro-architecture. */
  key(d: D): string;
  fit(d: D): F;
  pick(knobs: Knobs): LoopPick<D> | null;
  /** Iterations at most, the reference included (default 8). */
  maxIterations?: number;
  /** Called after each iteration (progress). */
  onIteration?(it: LoopIteration<D, F>): void;
}

export function iterateCalibration<D, F extends LoopFit>(opts: LoopOptions<D, F>): LoopResult<D, F> {
  const max = opts.maxIterations ?? 8;
  if (!(Number.isInteger(max) && max >= 1)) throw new ParamError('maxIterations', max, 'an integer >= 1', { message: `iterateCalibration: maxIterations must be an integer >= 1, got ${max}` });
  const iterations: LoopIteration<D, F>[] = [];
  let design = opts.reference;
  for (let index = 0; index < max; index++) {
    const fit = opts.fit(design);
    const pick = opts.pick(fit.knobs);
    const it: LoopIteration<D, F> = { index, calibratedOn: design, fit, pick };
    iterations.push(it);
    opts.onIteration?.(it);
    const done = (status: LoopStatus, message: string): LoopResult<D, F> => ({ status, message, iterations, final: it });
    if (pick === null) return done('no-pick', `iteration ${index}: no design meets the limit with these knobs; the fit on ${opts.key(design)} is kept`);
    const k = opts.key(pick.design);
    if (k === opts.key(design)) {
      return done(
        'converged',
        `converged after ${index + 1} calibration${index === 0 ? '' : 's'}: the sweep priced with the knobs fitted on ${k} picks ${k} itself (${pick.point}); ` +
          'a further calibration would fit the same design and repeat this pick, micro-architecture and physical point, exactly',
      );
    }
    const seen = iterations.findIndex((x) => opts.key(x.calibratedOn) === k);
    if (seen >= 0) {
      const cycle = iterations.slice(seen).map((x) => opts.key(x.calibratedOn));
      return done('cycle', `no convergence: the pick cycles through ${[...cycle, k].join(' -> ')}; kept the last fit (on ${opts.key(design)}), whose sweep picks ${k}`);
    }
    design = pick.design;
  }
  const last = iterations[iterations.length - 1]!;
  return { status: 'limit', message: `stopped after ${max} calibrations without the pick settling; kept the last fit (on ${opts.key(last.calibratedOn)})`, iterations, final: last };
}
