// Reading calibrated knobs from a file: calibration.json from `gfxrtl
// calibrate`, or a bare {areaFactor, energyFactor, delayFactor} object. A
// file whose knobs lie outside their physical bounds (knobs.ts), or that was
// fitted against another version of the cost table, is refused with an error
// that names the file, the knob and what would be valid: knobs fitted to
// other operator prices would silently mis-price every point. So is a
// cross-check calibration (role 'cross-check'), which is shown, never priced with.
import { readFileSync } from 'node:fs';
import { COST_TABLE_VERSION } from './cost-table.js';
import { checkKnobs, KNOB_BOUNDS, knobsOutOfBounds, type Knobs } from './knobs.js';

export class KnobsFileError extends Error {}

const rangesText = (): string => (Object.keys(KNOB_BOUNDS) as (keyof Knobs)[]).map((k) => `${k} ${KNOB_BOUNDS[k][0]}..${KNOB_BOUNDS[k][1]}`).join(', ');

export function parseKnobs(text: string, file: string): Knobs {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new KnobsFileError(`${file}: not JSON (${(e as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new KnobsFileError(`${file}: expected a calibration file or {areaFactor, energyFactor, delayFactor}`);
  const fromCalibration = 'knobs' in parsed;
  if (fromCalibration && (parsed as { role?: unknown }).role === 'cross-check') {
    // A study's fit on its own instances, kept to show beside the global
    // one (calibrate writes it as calibration-crosscheck.json): never priced with.
    const study = (parsed as { study?: unknown }).study;
    throw new KnobsFileError(`${file}: a cross-check calibration${typeof study === 'string' ? ` (study ${study})` : ''}, not knobs to price with; use the calibration.json that gfxrtl calibrate writes for the global knobs`);
  }
  if (fromCalibration) {
    const v = (parsed as { costTableVersion?: unknown }).costTableVersion;
    if (v !== COST_TABLE_VERSION) {
      throw new KnobsFileError(
        `${file}: fitted with cost table version ${v === undefined ? '(none: before versions were recorded)' : String(v)}, this is version ${COST_TABLE_VERSION} (knobs ${rangesText()}); rerun gfxrtl calibrate`,
      );
    }
  }
  const o = fromCalibration ? (parsed as { knobs: unknown }).knobs : parsed;
  if (typeof o !== 'object' || o === null) throw new KnobsFileError(`${file}: no knobs object`);
  const get = (k: keyof Knobs): number => {
    const v = (o as Record<string, unknown>)[k];
    const [lo, hi] = KNOB_BOUNDS[k];
    if (typeof v !== 'number') throw new KnobsFileError(`${file}: knob ${k} must be a number in ${lo}..${hi}`);
    return v;
  };
  const knobs = { areaFactor: get('areaFactor'), energyFactor: get('energyFactor'), delayFactor: get('delayFactor') };
  checkKnobs(knobs);
  const bad = knobsOutOfBounds(knobs);
  if (bad.length > 0) throw new KnobsFileError(`${file}: ${bad.join('; ')}`);
  return knobs;
}

export function readKnobsFile(file: string): Knobs {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new KnobsFileError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseKnobs(text, file);
}
