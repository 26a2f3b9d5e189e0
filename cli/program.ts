// The gfxrtl command line as a commander program. Each command lives in
// cli/commands/; this file only declares them, so `gfxrtl --help` is the
// map of what the tool does. Units
// and studies come from the registry (studies/registry.ts), never by name:
// modules listed in GFXRTL_PLUGINS register theirs before the commands are
// built, and commands a study family brings (rasterizers: workload,
// samples) are added from the registry too.
import { Command } from 'commander';
export { isUserError } from './boundary.js';
import { allStudies, DEFAULT_STUDY, studyTools } from '../studies/registry.js';
import { ARITH_STYLES } from '../synth-models/cost-table.js';
import { VDD_RANGE } from '../synth-models/physical.js';
import { loadProjectPlugins } from './plugins.js';
import { CALIBRATION_ROOT, MAX_PRICE_CONFIGS } from './price-limits.js';

/** A command's action, imported when the command runs: `gfxrtl --help` and
 *  `gfxrtl units` load no simulator, Verilog backend, sweep, report writer
 *  or plotting (the start-up bench, bench/startup.ts, measures this). */
function lazy<M, K extends keyof M>(load: () => Promise<M>, name: K): (...args: unknown[]) => Promise<void> {
  return async (...args) => {
    const run = (await load())[name] as (...a: unknown[]) => unknown;
    await run(...args);
  };
}

/** What `sim --input` accepts besides port stimulus, per study. */
function fileInputs(): string {
  const each = allStudies().flatMap(({ study }) => (study.fileWorkload ? [`${study.unit.name}: ${study.fileWorkload.doc}`] : []));
  return each.length > 0 ? `; or a study's own input (${each.join('; ')})` : '';
}

export async function buildProgram(): Promise<Command> {
  await loadProjectPlugins();
  const program = new Command('gfxrtl').description('fixed-point graphics hardware: simulate, check, emit Verilog, price in 45 nm, sweep');
  // Commander's own usage errors (unknown option, missing argument) follow
  // the boundary's convention: one 'gfxrtl:' line, exit code 2 (main.ts).
  // Set before the commands are added so every command inherits it.
  program
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`gfxrtl: ${text.replace(/^error: /, '').trimEnd()} (see gfxrtl help)\n`) });

  program
    .command('init <dir>')
    .description('a new project using the gfxrtl package: a unit, its golden model, a property test, gfxrtl.config.ts and a small study (DIR must be new or empty)')
    .option('--gfxrtl <spec>', "gfxrtl's dependency spec in the new package.json (default: ^ this version; e.g. file:../gfxrtl-0.1.0.tgz)")
    .action(lazy(() => import('./commands/init.js'), 'initCommand'));

  program.command('units').description('list units (and their parts), config keys, allowed values and defaults; and the studies').action(lazy(() => import('./commands/units.js'), 'unitsCommand'));

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
    .action(lazy(() => import('./commands/sim.js'), 'simCommand'));

  program
    .command('verilog <unit>')
    .description('emit Verilog-2005, one file per module (verilator -Wall clean)')
    .option('--config <k=v,...>', 'unit configuration', '')
    .option('-o, --out <dir>', 'output directory', 'out/rtl')
    .action(lazy(() => import('./commands/verilog.js'), 'verilogCommand'));

  program
    .command('cosim <unit>')
    .description("cross-simulate: the unit's seeded random stimulus (or a stimulus file) through gfxrtl, Verilator and Icarus, compared cycle by cycle")
    .option('--config <k=v,...>', 'unit configuration', '')
    .option('--input <stim.json>', 'stimulus file, the format `sim --input` reads')
    .option('--cycles <n>', 'cycles of random stimulus (default 200)')
    .option('--seed <s>', 'stimulus seed, the same inputs as `sim --seed` (default 1)')
    .action(lazy(() => import('./commands/cosim.js'), 'cosimCommand'));

  program
    .command('inventory <unit>')
    .description('operator inventory (what the cost model prices) and the longest combinational path')
    .option('--config <k=v,...>', 'unit configuration', '')
    .action(lazy(() => import('./commands/inventory.js'), 'inventoryCommand'));

  for (const t of studyTools()) {
    const c = program.command(t.command).description(t.description);
    for (const o of t.options) c.option(o.flags, o.description, o.default);
    c.action(async (...args: unknown[]) => {
      // commander passes the positional arguments, then the options object, then the command.
      const positional = args.slice(0, -2).map(String);
      await t.run(positional, args[args.length - 2] as Record<string, string | boolean | undefined>);
    });
  }

  program
    .command('sweep')
    .description('design-space sweep: micro-architectures x Vt x Vdd x pipeline depth -> points.jsonl/csv; rerun to resume')
    .requiredOption('--out <dir>', 'output directory (resumed if it holds the same sweep)')
    .option('--study <name>', `a registered study (gfxrtl units lists them; default ${DEFAULT_STUDY})`)
    .option('--workload <name>', "the study's workload (default: its first)")
    .option('--param <k=v,...>', 'workload parameters, e.g. count=4096,area=0.54')
    .option('--seed <s>', "workload seed (default: the workload's)")
    .option('--only <k=v|v,...>', 'narrow the spec, e.g. tvp=on,sts=2x2|4x4,vt=high,vdd=0.99')
    .option('--stages <auto|list>', "pipeline depths: 'auto' (from clock targets) or e.g. 1,2,4,8", 'auto')
    .option('--clocks <GHz,...>', 'clock targets for --stages auto (default 0.25..2.8 GHz in sqrt(2) steps)')
    .option('--activity <full|toggle>', 'operator activity: full (1.0) or from simulated toggles', 'full')
    .option('--arith <timed|ripple|fast>', 'operator forms: timed = the cheapest meeting each depth (default), ripple = always the smallest, fast = always the fastest', 'timed')
    .option('--knobs <file>', 'calibrated knobs (calibration.json from `gfxrtl calibrate`)')
    .option('--shard <i/N>', 'evaluate every N-th micro-architecture starting at the i-th (default in a Slurm job array: the array task\'s shard)')
    .option('--workers <n|auto>', 'worker threads for simulation: auto (one per core) or a number; 0 = main thread', 'auto')
    .option('--explore <bound|grid>', 'grid (default): simulate every micro-architecture; bound: price all first, simulate best first and skip those whose optimistic points are all dominated (the same frontiers and rate-cost table)')
    .option('--report', 'write DIR/index.md when complete')
    .option('-q, --quiet', 'no progress output')
    .action(lazy(() => import('./commands/sweep.js'), 'sweepCommand'));

  program
    .command('merge <dirs...>')
    .description('merge sweep shards into one directory (dedupe by point, refuse conflicts, recompute Pareto flags)')
    .requiredOption('--out <dir>', 'new output directory')
    .action(lazy(() => import('./commands/merge.js'), 'mergeCommand'));

  program
    .command('calibrate')
    .description("fit the global cost knobs to the published components a study maps onto its unit; cross-check areas with Yosys")
    .requiredOption('--out <dir>', 'directory for calibration.json/.md and yosys.json (use the sweep directory to include them in its report)')
    .option('--study <name>', 'study whose unit is calibrated (default: the one whose calibration gives the global knobs)')
    .option('--sweep <dir>', "that study's sweep directory: calibrate on the design it picks, iterated until the pick settles")
    .option('--no-yosys', 'skip the Yosys cross-check')
    .option('--all-units', 'cross-check every registered unit with Yosys too, not only the study\'s own (slow: minutes)')
    .option('--no-yosys-cache', 'synthesise every cross-checked design afresh (default: Yosys cell counts are cached by Verilog text, Yosys version and flow in $GFXRTL_YOSYS_CACHE, else out/yosys-cache)')
    .action(lazy(() => import('./commands/calibrate.js'), 'calibrateCommand'));

  program
    .command('price <unit>')
    .description('price a unit at one physical point: area, power, clock, critical path, operator forms, knobs; several configs in one call (k=a|b)')
    .option('--config <k=v,...>', `unit configuration; k=a|b|c lists values, every combination priced (at most ${MAX_PRICE_CONFIGS})`, '')
    .option('--vt <flavour>', 'threshold flavour: low | nominal | high', 'nominal')
    .option('--vdd <volts>', `supply, ${VDD_RANGE.min}-${VDD_RANGE.max} V`, '1.1')
    .option('--clock <GHz>', 'requested clock; without --stages, the fewest stages that meet it (default: the fastest the depth allows, printed)')
    .option('--stages <n>', 'pipeline depth; without --clock, the fastest clock it allows')
    .option('--knobs <file|defaults>', `calibrated knobs (a calibration.json), or defaults (uncalibrated); default: the newest calibration.json under ${CALIBRATION_ROOT}/, named in the output`)
    .option('--arith <style>', `operator forms: ${ARITH_STYLES.join(' | ')}`, 'timed')
    .option('--json', 'print the results as one JSON object (every config, with breakdowns by instance and operator)')
    .action(lazy(() => import('./commands/price.js'), 'priceCommand'));

  program
    .command('report <dir>')
    .description('write DIR/index.md: frontier plots (SVG, PNG), tables, cost at a rate, calibration and Yosys sections')
    .option('--rate <items/s>', "required throughput for the cost table (default: the study's rate target, e.g. 3e9 MP/s)")
    .option('--limits <W/mm2,...>', "power-density limits (default: the study's, e.g. 0.7,1,1.5)")
    .option('--color-by <param>', 'colour of the point cloud: a column, vt, vdd or stages')
    .option('--no-png', 'SVG only')
    .action(lazy(() => import('./commands/report.js'), 'reportCommand'));

  program
    .command('study [name]')
    .description(`a study end to end (default ${DEFAULT_STUDY}; --all: every shipped study, what npm start runs): calibrate, sweep, frontiers, report`)
    .option('--out <dir>', 'output directory (resumed when rerun)', 'report')
    .option('--all', 'every shipped study, each into OUT/<name>, at once on the cores (what npm start runs)')
    .option('--workers <n|auto>', 'worker threads for simulation', 'auto')
    .option('--explore <bound|grid>', 'bound (default): skip simulating micro-architectures whose optimistic points are all dominated (the same frontiers and rate-cost tables); grid: simulate every one')
    .option('--activity <full|toggle>', 'operator activity for power: full (1.0) or from simulated toggles')
    .option('--only <k=v|v,...>', 'narrow the sweep, e.g. sts=2x2|4x4')
    .option('--param <k=v,...>', 'workload parameters, e.g. count=512')
    .option('--knobs <file>', "the global knobs (a calibration.json of the global study) to price a study other than the global one with; default: the global study's reference fit")
    .option('--no-yosys', 'skip the Yosys area cross-check')
    .option('-q, --quiet', 'no progress bar')
    .action(lazy(() => import('./commands/study.js'), 'studyCommand'));
  return program;
}

