// Reading calibrated knobs from a file: calibration.json from `gfxrtl
// calibrate`, or a bare {areaFactor, energyFactor, delayFactor} object,
// through the strict reader (hdl/json-input.ts: duplicate keys, unknown keys
// and syntax errors at their line and column). A file whose knobs lie
// outside their physical bounds (knobs.ts), or that was fitted against
// another version of the cost table, is refused with an error that names
// the file, the knob and what would be valid: knobs fitted to other operator
// prices would silently mis-price every point. So is a cross-check
// calibration (role 'cross-check'), which is shown, never priced with.
import { UserError } from '../hdl/errors.js';
import { JsonInputError, parseJson, readInputText, type JsonDoc } from '../hdl/json-input.js';
import { COST_TABLE_VERSION } from './cost-table.js';
import { KNOB_BOUNDS, knobsOutOfBounds, type KnobName, type Knobs } from './knobs.js';

export class KnobsFileError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'KnobsFileError';
  }
}

const KNOB_NAMES = Object.keys(KNOB_BOUNDS) as KnobName[];

const rangesText = (): string => KNOB_NAMES.map((k) => `${k} ${KNOB_BOUNDS[k][0]}..${KNOB_BOUNDS[k][1]}`).join(', ');


/** Knobs from a parsed calibration file or knobs object. */
export function knobsFromDoc(doc: JsonDoc): Knobs {
  const top = doc.value;
  const fromCalibration = top !== null && typeof top === 'object' && !Array.isArray(top) && 'knobs' in top;
  let at = '';
  let o = top;
  if (fromCalibration) {
    // The fields read here are checked; the rest of the file (components,
    // loop, and what later formats add) is the report's, not the pricing's.
    const cal = doc.object('', top, { required: ['knobs'], optional: Object.keys(top).filter((k) => k !== 'knobs') }, 'a calibration file');
    if (cal['role'] === 'cross-check') {
      // A study's fit on its own instances, kept to show beside the global
      // one (calibrate writes it as calibration-crosscheck.json): never priced with.
      const study = cal['study'];
      throw new KnobsFileError(`${doc.file}: a cross-check calibration${typeof study === 'string' ? ` (study ${study})` : ''}, not knobs to price with; use the calibration.json that gfxrtl calibrate writes for the global knobs`);
    }
    const v = cal['costTableVersion'];
    if (v !== COST_TABLE_VERSION) {
      throw new KnobsFileError(`${doc.file}: fitted with cost table version ${v === undefined ? '(none: before versions were recorded)' : String(v)}, this is version ${COST_TABLE_VERSION} (knobs ${rangesText()}); rerun gfxrtl calibrate`);
    }
    at = 'knobs';
    o = cal['knobs']!;
  }
  const k = doc.object(at, o, { required: KNOB_NAMES }, fromCalibration ? 'a knobs object {areaFactor, energyFactor, delayFactor}' : 'a calibration file or {areaFactor, energyFactor, delayFactor}');
  const path = (name: KnobName): string => (at === '' ? name : `${at}.${name}`);
  const knob = (name: KnobName): number => {
    const [lo, hi] = KNOB_BOUNDS[name];
    const value = k[name];
    if (typeof value !== 'number') return doc.fail(path(name), `knob ${name} must be a number in ${lo}..${hi}`);
    return value;
  };
  const knobs = { areaFactor: knob('areaFactor'), energyFactor: knob('energyFactor'), delayFactor: knob('delayFactor') };
  // Every knob outside its bounds in one line, at the first of them.
  const bad = knobsOutOfBounds(knobs);
  const first = KNOB_NAMES.find((n) => bad.some((b) => b.startsWith(`knob ${n} `)));
  if (first !== undefined) doc.fail(path(first), bad.join('; '));
  return knobs;
}

function asKnobsError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw e instanceof JsonInputError ? new KnobsFileError(e.message) : e;
  }
}

export function parseKnobs(text: string, file: string): Knobs {
  return asKnobsError(() => knobsFromDoc(parseJson(text, file)));
}

export function readKnobsFile(file: string): Knobs {
  return asKnobsError(() => knobsFromDoc(parseJson(readInputText(file), file)));
}
