// --knobs FILE: the cost model's calibrated knobs, read by the strict
// reader (synth-models/knobs-file.ts), its errors reported as the option's.
import { SpecError } from '../../explore/sweep/index.js';
import { KnobsFileError, readKnobsFile } from '../../synth-models/knobs-file.js';
import type { Knobs } from '../../synth-models/knobs.js';

/** Knobs from a calibration file (its `knobs`) or a bare knobs object,
 *  checked against their physical bounds and the cost table version. */
export function readKnobs(file: string): Knobs {
  try {
    return readKnobsFile(file);
  } catch (e) {
    if (e instanceof KnobsFileError) throw new SpecError(`--knobs ${e.message}`);
    throw e;
  }
}
