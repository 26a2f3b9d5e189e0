// `gfxrtl calibrate --out DIR`: fit the cost model's global knobs to the
// published components the domain has (DIR/calibration.json, .md) and
// cross-check its areas against Yosys (DIR/yosys.json). The sweep takes the
// knobs with `--knobs DIR/calibration.json`; the report shows both files.
import { join } from 'node:path';
import type { Command } from 'commander';
import { hasTool, INSTALL_HINT } from '../../testbenches/cosim/eda.js';
import { buildCalibration, buildCrossCheck, CALIBRATION_JSON, YOSYS_JSON } from '../../synth-models/report/index.js';
import { calibrationTable, crossCheckTable } from '../../synth-models/report/tables.js';
import { registeredUnitDesigns } from '../../synth-models/crosscheck-units.js';
import { calibrationSummary } from '../../synth-models/calibration-summary.js';
import { writeDurable } from '../../synth-models/sweep/files.js';
import { loadDomain } from '../../synth-models/sweep/index.js';
import { parseDomainOptions } from './sweep.js';

export interface CalibrateCommandOptions {
  domain: string;
  domainOption?: string[];
  out: string;
  /** commander's --no-yosys sets this false. */
  yosys?: boolean;
}

export async function calibrateCommand(opts: CalibrateCommandOptions): Promise<void> {
  const domain = await loadDomain({ name: opts.domain, options: parseDomainOptions(opts.domainOption) });
  if (domain.calibrationSamples) {
    const cal = buildCalibration(domain.name, await domain.calibrationSamples());
    writeDurable(join(opts.out, CALIBRATION_JSON), JSON.stringify(cal, null, 1) + '\n');
    const md = calibrationTable(cal);
    writeDurable(join(opts.out, 'calibration.md'), md + '\n');
    console.log(calibrationSummary(cal) + '\n\n' + md);
    console.error(`calibration: ${join(opts.out, CALIBRATION_JSON)}; sweep with --knobs ${join(opts.out, CALIBRATION_JSON)}`);
  } else {
    console.error(`calibration: domain ${domain.name} has no calibration components; skipped`);
  }
  if (opts.yosys === false) return;
  if (!domain.crossCheckUnits) {
    console.error(`yosys: domain ${domain.name} names no units to cross-check; skipped`);
  } else if (!hasTool('yosys')) {
    console.error(`yosys: not installed, cross-check skipped (${INSTALL_HINT})`);
  } else {
    // the domain's own units and sub-units, then every other registered unit
    const y = await buildCrossCheck([...(await domain.crossCheckUnits()), ...registeredUnitDesigns([domain.name])]);
    writeDurable(join(opts.out, YOSYS_JSON), JSON.stringify(y, null, 1) + '\n');
    console.log(crossCheckTable(y));
    console.error(`yosys: ${join(opts.out, YOSYS_JSON)}`);
  }
}

export function addCalibrateCommand(program: Command): void {
  program
    .command('calibrate')
    .description('fit the global cost knobs to the published components; cross-check areas with Yosys')
    .requiredOption('--out <dir>', 'directory for calibration.json/.md and yosys.json (use the sweep directory to include them in its report)')
    .option('--domain <name>', 'noblur | mac | a module path', 'noblur')
    .option('--domain-option <k=v>', 'domain option, repeatable', (v: string, p: string[]) => [...p, v], [])
    .option('--no-yosys', 'skip the Yosys cross-check')
    .action(calibrateCommand);
}
