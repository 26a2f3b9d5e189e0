// `gfxrtl report DIR`: DIR/index.md with plots and tables from a sweep
// directory (and its calibration/Yosys files when present); on a folder of
// studies (`gfxrtl study --all`'s), its index with the sections across studies.
import { writeReport } from '../../explore/report/index.js';
import { SpecError } from '../../explore/sweep/index.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkOutputDir } from '../io.js';
import { writeHtml } from '../html-report.js';
import { CALIBRATION_JSON } from '../../explore/report/index.js';
import { writeStudiesIndex } from '../../explore/pipeline.js';
import { CROSS_STUDY_SECTIONS, findStudy, globalCalibrationStudy, studyNames } from '../../studies/registry.js';

export interface ReportCommandOptions {
  /** Required rate, work items/s (default: the study's rate target). */
  rate?: string;
  /** Power-density limits, W/mm^2, comma-separated (default: the study's). */
  limits?: string;
  colorBy?: string;
  /** commander's --no-png sets this false. */
  png?: boolean;
}

function positive(what: string, text: string): number {
  const n = Number(text);
  if (!(Number.isFinite(n) && n > 0)) throw new SpecError(`--${what} ${text} is not a positive number`);
  return n;
}

export async function reportCommand(dir: string, opts: ReportCommandOptions): Promise<void> {
  const rate = opts.rate === undefined ? undefined : positive('rate', opts.rate);
  const limits = opts.limits === undefined ? undefined : opts.limits.split(',').map((s) => positive('limits', s.trim()));
  checkOutputDir(dir, 'report');
  if (!existsSync(join(dir, 'sweep.json'))) {
    // A folder of studies (gfxrtl study --all): its index and the sections across studies.
    const done = studyNames().filter((n) => existsSync(join(dir, n, 'sweep.json')));
    if (done.length > 0) {
      const global = globalCalibrationStudy();
      const cal = join(dir, global, CALIBRATION_JSON);
      console.error(`report: ${writeStudiesIndex(dir, done.map((n) => findStudy(n).study), existsSync(cal) ? cal : undefined, global, CROSS_STUDY_SECTIONS)} (studies ${done.join(', ')})`);
      return;
    }
  }
  const r = await writeReport(dir, {
    ...(rate !== undefined && { rate }),
    ...(limits !== undefined && { limits }),
    ...(opts.colorBy !== undefined && { colorBy: opts.colorBy }),
    png: opts.png ?? true,
  });
  console.error(`report: ${r.index} (${r.plots.length} plot files); ${await writeHtml(dir)}`);
}
