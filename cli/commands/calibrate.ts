// `gfxrtl calibrate --out DIR [--study NAME]`: fit the cost model's global
// knobs to the published components the study maps onto its unit
// (DIR/calibration.json, .md) and cross-check the cost model's areas
// against Yosys (DIR/yosys.json). The sweep takes the knobs with
// `--knobs DIR/calibration.json`; the report shows both files.
import { join } from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_STUDY, findStudy } from '../../studies/registry.js';
import { hasTool, INSTALL_HINT } from '../../testbenches/cosim/eda.js';
import { buildCalibration, buildCrossCheck, calibrationSamples, CALIBRATION_JSON, YOSYS_JSON } from '../../synth-models/report/index.js';
import { calibrationTable, crossCheckTable } from '../../synth-models/report/tables.js';
import { registeredUnitDesigns } from './crosscheck-units.js';
import { calibrationSummary } from '../../synth-models/report/calibration-summary.js';
import { writeDurable } from '../../synth-models/sweep/files.js';

export interface CalibrateCommandOptions {
  study: string;
  out: string;
  /** commander's --no-yosys sets this false. */
  yosys?: boolean;
}

export async function calibrateCommand(opts: CalibrateCommandOptions): Promise<void> {
  const { study } = findStudy(opts.study);
  const cal = study.calibration;
  if (cal) {
    const file = buildCalibration(study.name, cal, calibrationSamples(cal, study.unit.elaborate(cal.reference)));
    writeDurable(join(opts.out, CALIBRATION_JSON), JSON.stringify(file, null, 1) + '\n');
    const md = calibrationTable(file);
    writeDurable(join(opts.out, 'calibration.md'), md + '\n');
    console.log(calibrationSummary(file) + '\n\n' + md);
    console.error(`calibration: ${join(opts.out, CALIBRATION_JSON)} (reference: ${cal.referenceWhy}); sweep with --knobs ${join(opts.out, CALIBRATION_JSON)}`);
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
    // the study's own units and sub-units, then every other registered unit
    const y = await buildCrossCheck([...cc.units(study.unit.elaborate(cc.config)), ...registeredUnitDesigns([study.unit.name])]);
    writeDurable(join(opts.out, YOSYS_JSON), JSON.stringify(y, null, 1) + '\n');
    console.log(crossCheckTable(y));
    console.error(`yosys: ${join(opts.out, YOSYS_JSON)}`);
  }
}

export function addCalibrateCommand(program: Command): void {
  program
    .command('calibrate')
    .description("fit the global cost knobs to the published components a study maps onto its unit; cross-check areas with Yosys")
    .requiredOption('--out <dir>', 'directory for calibration.json/.md and yosys.json (use the sweep directory to include them in its report)')
    .option('--study <name>', 'study whose unit is calibrated', DEFAULT_STUDY)
    .option('--no-yosys', 'skip the Yosys cross-check')
    .action(calibrateCommand);
}
