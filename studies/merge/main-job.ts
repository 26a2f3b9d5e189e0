// What `npm start` (gfxrtl study --all) runs of the merge units'
// shading-work experiment: the full set takes tens of minutes per unit on
// the shared 2-core machine, so the main job decimates it, and says so in
// its report; `gfxrtl study qfm` / `pmu` run the full set.
import { DEFAULT_PARAMS, type ExperimentParams } from './experiment.js';

export const MAIN_JOB_PARAMS: ExperimentParams = {
  ...DEFAULT_PARAMS,
  areas: [1, 10],
  msaa: [4],
  entries: [1, 4, 16, 32, 128, 512],
  triangles: 8192,
};

export const MAIN_JOB_WHY = `surfaces decimated to ${MAIN_JOB_PARAMS.triangles} triangles (the game frame's character subdivided 3 times, not 4), areas ${MAIN_JOB_PARAMS.areas.join(' and ')} px^2, MSAA ${MAIN_JOB_PARAMS.msaa.join('/')}x, buffers of ${MAIN_JOB_PARAMS.entries.join(', ')} entries; gfxrtl study qfm / pmu runs the full set`;
