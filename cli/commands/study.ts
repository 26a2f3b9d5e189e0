// `gfxrtl study` (what `npm start` runs): the default NoBlur study end to
// end with no flags. Calibrate the cost model's global knobs against the
// published components (and cross-check areas with Yosys), sweep every
// micro-architecture x physical point with those knobs on the default
// workload, and write the report. Rerunning resumes the sweep.
import { join } from 'node:path';
import { CALIBRATION_JSON } from '../../synth-models/report/index.js';
import { calibrateCommand } from './calibrate.js';
import { sweepCommand } from './sweep.js';

export interface StudyOptions {
  out: string;
  workers?: string;
  yosys?: boolean;
  quiet?: boolean;
}

export async function studyCommand(opts: StudyOptions): Promise<void> {
  const t0 = Date.now();
  const step = (n: number, what: string): void => console.error(`\ngfxrtl study [${((Date.now() - t0) / 1000).toFixed(0)} s] step ${n}/2: ${what}`);
  step(1, 'calibrate the 45 nm cost model against the published components (and cross-check areas with Yosys)');
  await calibrateCommand({ domain: 'noblur', out: opts.out, yosys: opts.yosys });
  step(2, 'sweep NoBlur micro-architectures x Vt x Vdd x pipeline depth on the default workload, then write the report');
  await sweepCommand({ domain: 'noblur', out: opts.out, knobs: join(opts.out, CALIBRATION_JSON), workers: opts.workers, quiet: opts.quiet, report: true });
  console.error(`\ngfxrtl study: done in ${((Date.now() - t0) / 1000).toFixed(0)} s; open ${join(opts.out, 'index.md')}`);
}
