// The gfxrtl command line as a commander program. Each command lives in
// cli/commands/; this file only declares them, so `gfxrtl --help` is the
// map of what the tool does. Units
// and studies come from the registry (studies/registry.ts), never by name:
// modules listed in GFXRTL_PLUGINS register theirs before the commands are
// built, and commands a study family brings (rasterizers: workload,
// samples) are added from the registry too.
import { Command } from 'commander';
export { isUserError } from './boundary.js';
import { allStudies, DEFAULT_STUDY, loadPlugins, studyTools } from '../studies/registry.js';
import { simCommand } from './commands/sim.js';
import { addCalibrateCommand } from './commands/calibrate.js';
import { addPriceCommand } from './commands/price.js';
import { cosimCommand } from './commands/cosim.js';
import { inventoryCommand } from './commands/inventory.js';
import { verilogCommand } from './commands/verilog.js';
import { addMergeCommand } from './commands/merge.js';
import { addReportCommand } from './commands/report.js';
import { studyCommand } from './commands/study.js';
import { addSweepCommand } from './commands/sweep.js';
import { unitsCommand } from './commands/units.js';

/** What `sim --input` accepts besides port stimulus, per study. */
function fileInputs(): string {
  const each = allStudies().flatMap(({ study }) => (study.fileWorkload ? [`${study.unit.name}: ${study.fileWorkload.doc}`] : []));
  return each.length > 0 ? `; or a study's own input (${each.join('; ')})` : '';
}

export async function buildProgram(): Promise<Command> {
  await loadPlugins();
  const program = new Command('gfxrtl').description('fixed-point graphics hardware: simulate, check, emit Verilog, price in 45 nm, sweep');
  // Commander's own usage errors (unknown option, missing argument) follow
  // the boundary's convention: one 'gfxrtl:' line, exit code 2 (main.ts).
  // Set before the commands are added so every command inherits it.
  program
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`gfxrtl: ${text.replace(/^error: /, '').trimEnd()} (see gfxrtl help)\n`) });

  program.command('units').description('list units (and their parts), config keys, allowed values and defaults; and the studies').action(unitsCommand);

  program
    .command('sim <unit>')
    .description("simulate a unit on a stimulus file (or its seeded random stimulus); a unit with a study also on the study's workloads")
    .option('--config <k=v,...>', 'unit configuration', '')
    .option('--input <file>', `stimulus *.stim.json [{port: value}, ...] or {"reset": n, "cycles": [...]}${fileInputs()}`)
    .option('--output <out.jsonl>', "outputs per cycle (default or -: stdout); with a study: the driver's records")
    .option('--wave <file>', 'waveform: .json (WaveJSON), .svg, .png or .vcd')
    .option('--signals <patterns>', 'comma-separated signal patterns for the waveform (glob: *, **; /regex/)')
    .option('--window <A:B>', 'cycle window of the waveform')
    .option('--workload <name>', "run the unit's study driver on this workload (gfxrtl units lists them)")
    .option('--param <k=v,...>', 'workload parameters, e.g. count=512')
    .option('--cycles <n>', 'cycles of random stimulus when no --input (default 32)')
    .option('--seed <s>', "seed of the random stimulus (default 1), or of the workload (default: the workload's)")
    .action(simCommand);

  program
    .command('verilog <unit>')
    .description('emit Verilog-2005, one file per module (verilator -Wall clean)')
    .option('--config <k=v,...>', 'unit configuration', '')
    .option('-o, --out <dir>', 'output directory', 'out/rtl')
    .action(verilogCommand);

  program
    .command('cosim <unit>')
    .description("cross-simulate: the unit's seeded random stimulus (or a stimulus file) through gfxrtl, Verilator and Icarus, compared cycle by cycle")
    .option('--config <k=v,...>', 'unit configuration', '')
    .option('--input <stim.json>', 'stimulus file, the format `sim --input` reads')
    .option('--cycles <n>', 'cycles of random stimulus (default 200)')
    .option('--seed <s>', 'stimulus seed, the same inputs as `sim --seed` (default 1)')
    .action(cosimCommand);

  program
    .command('inventory <unit>')
    .description('operator inventory (what the cost model prices) and the longest combinational path')
    .option('--config <k=v,...>', 'unit configuration', '')
    .action(inventoryCommand);

  for (const t of studyTools()) {
    const c = program.command(t.command).description(t.description);
    for (const o of t.options) c.option(o.flags, o.description, o.default);
    c.action(async (...args: unknown[]) => {
      // commander passes the positional arguments, then the options object, then the command.
      const positional = args.slice(0, -2).map(String);
      await t.run(positional, args[args.length - 2] as Record<string, string | boolean | undefined>);
    });
  }

  addSweepCommand(program);
  addMergeCommand(program);
  addCalibrateCommand(program);
  addPriceCommand(program);
  addReportCommand(program);

  program
    .command('study [name]')
    .description(`a study end to end (default ${DEFAULT_STUDY}; --all: every shipped study, what npm start runs): calibrate, sweep, frontiers, report`)
    .option('--out <dir>', 'output directory (resumed when rerun)', 'report')
    .option('--all', 'every shipped study in turn, each into OUT/<name> (what npm start runs)')
    .option('--workers <n|auto>', 'worker threads for simulation', 'auto')
    .option('--activity <full|toggle>', 'operator activity for power: full (1.0) or from simulated toggles')
    .option('--only <k=v|v,...>', 'narrow the sweep, e.g. sts=2x2|4x4')
    .option('--param <k=v,...>', 'workload parameters, e.g. count=512')
    .option('--knobs <file>', "the global knobs (a calibration.json of the global study) to price a study other than the global one with; default: the global study's reference fit")
    .option('--no-yosys', 'skip the Yosys area cross-check')
    .option('-q, --quiet', 'no progress bar')
    .action(studyCommand);
  return program;
}

