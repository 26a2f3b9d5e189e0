// Calibration on the design the study's own sweep picks (CalibrationDef.pick):
// fit the knobs on the reference, price the sweep's simulated
// micro-architectures of the pick's mode with them, take the design the
// rate-cost rule picks at the limit (least area at or under it, at the
// study's rate target), fit on that, and so on (calibration-loop.ts) until
// the pick stops changing. Every iteration is kept in calibration.json.
import type { CalibrationDef, Study } from '../contract.js';
import { iterateCalibration, type LoopResult } from '../calibration-loop.js';
import { costAtRate } from '../pareto.js';
import { figure, type PointRow } from '../sweep/point.js';
import { loadForRepricing, repriceRows, type RepriceSet } from '../sweep/reprice.js';
import { buildCalibration, calibrationSamples, unpublishedSamples, type CalibrationFile, type LoopIterationRecord, type LoopRecord } from './checks.js';
import { UserError } from '../../hdl/errors.js';
import { StudyError } from '../contract.js';

export type PickedCalibration = CalibrationFile & { loop: LoopRecord; calibratedOn: string };

/** The pick of `rows` (one mode) at `limit` by the study's rate-cost rule,
 *  with what the rate costs in it. */
export function pickAtLimit(rows: readonly PointRow[], rate: number, limit: number, perSecMetric: string): { row: PointRow; areaMm2: number; powerW: number } | null {
  const [c] = costAtRate(rows, rate, [limit], { perSec: (r) => figure(r, perSecMetric), areaMm2: (r) => r.areaMm2, powerW: (r) => r.powerW });
  return c?.point ? { row: c.point, areaMm2: c.areaMm2, powerW: c.powerW } : null;
}

const pointLabel = (r: PointRow): string => `${r.vt} Vt, ${r.vdd} V, ${r.stages} stages, ${(r.clockHz / 1e9).toFixed(3)} GHz`;

export async function calibrateOnPick(study: Study, def: CalibrationDef<unknown>, sweepDir: string, log: (line: string) => void = () => {}): Promise<PickedCalibration> {
  const pick = def.pick;
  const rt = study.rateTargets;
  if (pick === undefined) throw new StudyError(`study ${study.name}: its calibration names no pick rule`);
  if (rt === undefined) throw new StudyError(`study ${study.name}: calibrating on its pick needs a rate target`);
  const set: RepriceSet = await loadForRepricing(sweepDir, (e) => e.mode === pick.mode);
  if (set.entries.length === 0) throw new UserError(`${sweepDir}: no simulated ${pick.mode}-mode micro-architecture to pick from (sweep the study first)`);
  const byId = new Map(set.entries.map((e) => [e.entry.id, e]));
  const key = (config: unknown): string => set.domain.evaluator.id(config);
  const files = new Map<string, CalibrationFile>();
  const fit = (config: unknown): CalibrationFile => {
    const id = key(config);
    let f = files.get(id);
    if (f === undefined) {
      // Elaborated on demand: the loop fits a few designs and keeps none of the ones it only prices.
      const own = byId.get(id);
      const design = own !== undefined ? set.domain.evaluator.elaborate(own.config) : study.unit.elaborate(config as never);
      files.set(id, (f = buildCalibration(study.name, def, calibrationSamples(def, design), unpublishedSamples(def, design))));
    }
    return f;
  };
  const picks = new Map<string, NonNullable<ReturnType<typeof pickAtLimit>>>();
  const loop: LoopResult<unknown, CalibrationFile> = iterateCalibration({
    reference: def.reference,
    key,
    fit,
    pick: (knobs) => {
      const p = pickAtLimit(repriceRows(set, knobs), rt.rate, pick.limit, rt.metric);
      if (p === null) return null;
      picks.set(JSON.stringify(knobs), p);
      return { design: byId.get(p.row.id)!.config, point: pointLabel(p.row) };
    },
    onIteration: (it) =>
      log(
        `calibration iteration ${it.index}: fitted on ${key(it.calibratedOn)}: area x${it.fit.knobs.areaFactor.toFixed(3)}, energy x${it.fit.knobs.energyFactor.toFixed(3)}, delay x${it.fit.knobs.delayFactor.toFixed(3)}; ` +
          `RMS log area ${it.fit.rmsLogArea.toFixed(3)}, power ${it.fit.rmsLogPower.toFixed(3)}; picks ${it.pick === null ? 'nothing' : `${key(it.pick.design)} at ${it.pick.point}`}`,
      ),
  });
  const iterations = loop.iterations.map((it): LoopIterationRecord => {
    const p = it.pick === null ? null : picks.get(JSON.stringify(it.fit.knobs))!;
    return {
      index: it.index,
      calibratedOn: key(it.calibratedOn),
      knobs: it.fit.knobs,
      rmsLogArea: it.fit.rmsLogArea,
      rmsLogPower: it.fit.rmsLogPower,
      pick: p === null ? null : { id: p.row.id, point: pointLabel(p.row), areaMm2: p.areaMm2, powerW: p.powerW },
    };
  });
  log(`calibration: ${loop.message}`);
  return {
    ...loop.final.fit,
    calibratedOn: key(loop.final.calibratedOn),
    loop: { status: loop.status, message: loop.message, sweep: sweepDir, priced: set.entries.length, missing: set.missing.length, mode: pick.mode, limit: pick.limit, rate: rt.rate, iterations },
  };
}
