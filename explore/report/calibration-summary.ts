// The headline `gfxrtl calibrate` prints above its table: the fitted knobs
// with their physical bounds (knobs.ts), whether any sits at a bound, the
// per-component log residuals, and the RMS log errors against the target.
import { KNOB_BOUNDS, type KnobName } from '../../synth-models/knobs.js';
import type { CalibrationFile } from './checks.js';

/** The accuracy the calibration is held to: RMS of ln(model / published)
 *  at most this, on area and on power, over the components the design has. */
export const RMS_LOG_TARGET = 0.35;

export function calibrationSummary(c: CalibrationFile): string {
  const knobs = (Object.keys(KNOB_BOUNDS) as KnobName[]).map((k) => {
    const [lo, hi] = KNOB_BOUNDS[k];
    const v = c.knobs[k];
    const at = Math.abs(v - lo) < 1e-6 * lo ? ' (at its lower bound)' : Math.abs(v - hi) < 1e-6 * hi ? ' (at its upper bound)' : '';
    return `${k} ${v.toFixed(3)} in ${lo}..${hi}${at}`;
  });
  const verdict = (x: number): string => (x <= RMS_LOG_TARGET ? `${x.toFixed(3)} (target <= ${RMS_LOG_TARGET}: met)` : `${x.toFixed(3)} (target <= ${RMS_LOG_TARGET}: NOT met)`);
  const residuals = c.components
    .filter((r) => r.modelled)
    .map((r) => `${r.component} area ${Math.log(r.modelAreaMm2! / r.publishedAreaMm2).toFixed(2)} power ${Math.log(r.modelPowerMw! / r.publishedPowerMw).toFixed(2)}`);
  return [
    `knobs (cost table v${c.costTableVersion}): ${knobs.join('; ')}`,
    `ln(model / published) per component: ${residuals.join('; ')}`,
    `RMS log error: area ${verdict(c.rmsLogArea)}, power ${verdict(c.rmsLogPower)}`,
  ].join('\n');
}
