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
import { calibrateStudy, checkCalibrateStudy } from '../../explore/calibrate.js';
import { findStudy, globalCalibrationStudy } from '../../studies/registry.js';
import { hasTool } from '../../testbenches/cosim/eda.js';
import { yosysCrossCheck } from './crosscheck-units.js';
import { defaultYosysCacheDir } from '../../synth-models/yosys-cache.js';
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
  checkCalibrateStudy(study, opts.sweep, globalCalibrationStudy());
  checkCalibrateOptions(opts);
  const r = await calibrateStudy(study, {
    out: opts.out,
    ...(opts.sweep !== undefined && { sweep: opts.sweep }),
    yosys: yosysCrossCheck(opts),
    log: (l) => console.error(l),
  });
  if (r.calibration) console.log(r.calibration.text);
  if (r.yosys) console.log(r.yosys.text);
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

