// `gfxrtl calibrate --out DIR [--study NAME] [--sweep SWEEPDIR]`: fit the
// cost model's global knobs to the published components the study maps onto
// its unit (DIR/calibration.json, .md) and cross-check the cost model's
// areas against Yosys (DIR/yosys.json). The default study is the one whose
// calibration gives the global knobs (Blur: the published figures are a
// Blur design's). With --sweep, the fit iterates over the designs that
// study's own sweep picks (CalibrationDef.pick) until the pick settles; without
// it, the structurally argued reference design is fitted alone. A study
// whose calibration is a cross-check (NoBlur against its own instances)
// writes calibration-crosscheck.json/.md instead, which no sweep prices
// with. The sweep takes the knobs with `--knobs DIR/calibration.json`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findStudy, globalCalibrationStudy } from '../../studies/registry.js';
import { hasTool, INSTALL_HINT } from '../../testbenches/cosim/eda.js';
import { buildCalibration, buildCrossCheck, calibrationSamples, unpublishedSamples, CALIBRATION_JSON, CROSSCHECK_CALIBRATION_JSON, YOSYS_JSON, type CalibrationFile } from '../../explore/report/index.js';
import { calibrateOnPick } from '../../explore/report/pick-calibration.js';
import { loopTable } from '../../explore/report/loop-table.js';
import { calibrationTable, crossCheckTable } from '../../explore/report/tables.js';
import { crossCheckDesigns } from './crosscheck-units.js';
import { cachedYosysCellCounts, defaultYosysCacheDir } from '../../synth-models/yosys-cache.js';
import { calibrationSummary } from '../../explore/report/calibration-summary.js';
import { writeDurable } from '../../explore/sweep/files.js';
import { checkOutputDir } from '../io.js';
import { ConfigError } from '../../units/config.js';

export interface CalibrateCommandOptions {
  /** Default: the study whose calibration gives the global knobs. */
  study?: string;
  /** A sweep directory of the study: calibrate on its pick, iterated. */
  sweep?: string;
  out: string;
  /** commander's --no-yosys sets this false. */
  yosys?: boolean;
  /** Also cross-check every other registered unit at its defaults. Off by
   *  default: the merge and sort units run to 10^5 Yosys cells (their
   *  memories become flops there) and would dominate a study's run time. */
  allUnits?: boolean;
  /** commander's --no-yosys-cache sets this false: synthesise every design
   *  afresh, neither reading nor writing the cell-count cache. */
  yosysCache?: boolean;
}

export async function calibrateCommand(opts: CalibrateCommandOptions): Promise<void> {
  const { study } = findStudy(opts.study ?? globalCalibrationStudy());
  checkOutputDir(opts.out, '--out');
  const cal = study.calibration;
  if (opts.sweep !== undefined && cal?.pick === undefined) throw new ConfigError(`calibrate: --sweep needs a study whose calibration picks its design from a sweep (${globalCalibrationStudy()}); ${study.name}'s does not`);
  if (opts.sweep !== undefined && !existsSync(join(opts.sweep, 'sweep.json'))) throw new ConfigError(`calibrate: --sweep ${opts.sweep} holds no sweep (no sweep.json); run gfxrtl sweep --study ${study.name} --out ${opts.sweep} first`);
  checkCalibrateOptions(opts);
  if (cal) {
    let file: CalibrationFile;
    if (opts.sweep !== undefined) {
      file = await calibrateOnPick(study, cal, opts.sweep, (l) => console.error(l));
    } else {
      const design = study.unit.elaborate(cal.reference);
      file = buildCalibration(study.name, cal, calibrationSamples(cal, design), unpublishedSamples(cal, design));
      if (cal.pick !== undefined) console.error(`calibration: fitted on the reference design alone; --sweep DIR (a ${study.name} sweep) iterates on the design that sweep picks at ${cal.pick.limit} W/mm^2`);
    }
    const crossCheck = cal.role === 'cross-check';
    const json = crossCheck ? CROSSCHECK_CALIBRATION_JSON : CALIBRATION_JSON;
    writeDurable(join(opts.out, json), JSON.stringify(file, null, 1) + '\n');
    const md = calibrationTable(file) + (file.loop ? '\n' + loopTable(file.loop) : '');
    writeDurable(join(opts.out, json.replace(/\.json$/, '.md')), md + '\n');
    console.log(calibrationSummary(file) + '\n\n' + md);
    console.error(
      crossCheck
        ? `calibration (cross-check only, not used to price): ${join(opts.out, json)} (reference: ${cal.referenceWhy})`
        : `calibration: ${join(opts.out, json)} (reference: ${cal.referenceWhy}); sweep with --knobs ${join(opts.out, json)}`,
    );
  } else {
    console.error(`calibration: study ${study.name} maps no published components; skipped`);
  }
  if (opts.yosys === false) return;
  const cc = study.crossCheck;
  if (!cc) {
    console.error(`yosys: study ${study.name} names no designs to cross-check; skipped`);
  } else if (!hasTool('yosys')) {
    console.error(`yosys: not installed, cross-check skipped (${INSTALL_HINT})`);
  } else {
    const cache = opts.yosysCache === false ? { dir: null } : {};
    const y = await buildCrossCheck(crossCheckDesigns(study, opts.allUnits === true), (d) => cachedYosysCellCounts(d, cache));
    writeDurable(join(opts.out, YOSYS_JSON), JSON.stringify(y, null, 1) + '\n');
    console.log(crossCheckTable(y));
    console.error(`yosys: ${join(opts.out, YOSYS_JSON)}`);
  }
}

/** What only the Yosys cross-check uses is refused without it, and its
 *  cache checked before the calibration spends its minute. */
export function checkCalibrateOptions(opts: Pick<CalibrateCommandOptions, 'yosys' | 'allUnits' | 'yosysCache'>): void {
  if (opts.yosys === false && opts.allUnits === true) throw new ConfigError('calibrate: --all-units does not apply with --no-yosys (it widens the Yosys cross-check)');
  if (opts.yosys === false && opts.yosysCache === false) throw new ConfigError('calibrate: --no-yosys-cache does not apply with --no-yosys');
  if (opts.yosys !== false && opts.yosysCache !== false && hasTool('yosys')) {
    const dir = defaultYosysCacheDir();
    checkOutputDir(dir, process.env['GFXRTL_YOSYS_CACHE'] !== undefined ? 'GFXRTL_YOSYS_CACHE' : 'the Yosys cache');
  }
}

