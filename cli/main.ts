// gfxrtl command line. Each command lives in cli/commands/; this file only
// declares them, so `gfxrtl --help` is the map of what the tool does.
import { Command } from 'commander';
import { HdlError } from '../hdl/errors.js';
import { JsonInputError } from '../testbenches/json-locate.js';
import { ConfigError } from '../units/config.js';
import { simCommand } from './commands/sim.js';
import { addCalibrateCommand } from './commands/calibrate.js';
import { cosimCommand } from './commands/cosim.js';
import { inventoryCommand } from './commands/inventory.js';
import { verilogCommand } from './commands/verilog.js';
import { addMergeCommand } from './commands/merge.js';
import { addReportCommand } from './commands/report.js';
import { samplesCommand } from './commands/samples.js';
import { studyCommand } from './commands/study.js';
import { addSweepCommand } from './commands/sweep.js';
import { unitsCommand } from './commands/units.js';
import { workloadCommand } from './commands/workload.js';

// `gfxrtl ... | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const program = new Command('gfxrtl').description('fixed-point graphics hardware: simulate, check, emit Verilog, price in 45 nm, sweep');

program.command('units').description('list units and their config keys, allowed values and defaults').action(unitsCommand);

program
  .command('sim <unit>')
  .description('simulate a unit on a stimulus file (or seeded random stimulus)')
  .option('--config <k=v,...>', 'unit configuration', '')
  .option('--input <file>', 'stimulus [{port: value}, ...] or {"reset": n, "cycles": [...]}; for noblur a mesh {"vertices": [[x, y, z]...], "triangles": [[i, j, k]...]}')
  .option('--output <out.jsonl>', 'outputs per cycle (default: stdout)')
  .option('--wave <file>', 'waveform: .json (WaveJSON), .svg, .png or .vcd')
  .option('--signals <patterns>', 'comma-separated signal patterns for the waveform (glob: *, **; /regex/)')
  .option('--window <A:B>', 'cycle window of the waveform')
  .option('--workload <name>', 'rasterizers: workload to run (default | plane | sphere | sine-grazing | bumpy-sphere)')
  .option('--count <n>', 'rasterizers: triangles in the workload')
  .option('--cycles <n>', 'cycles of random stimulus when no --input', '32')
  .option('--seed <s>', 'seed of the random stimulus', '1')
  .action(simCommand);

program
  .command('verilog <unit>')
  .description('emit Verilog-2005, one file per module (verilator -Wall clean)')
  .option('--config <k=v,...>', 'unit configuration', '')
  .option('-o, --out <dir>', 'output directory', 'out/rtl')
  .action(verilogCommand);

program
  .command('cosim <unit>')
  .description('cross-simulate: seeded random stimulus through gfxrtl, Verilator and Icarus, compared cycle by cycle')
  .option('--config <k=v,...>', 'unit configuration', '')
  .option('--cycles <n>', 'cycles of stimulus', '200')
  .option('--seed <s>', 'stimulus seed', '1')
  .action(cosimCommand);

program
  .command('inventory <unit>')
  .description('operator inventory (what the cost model prices) and the longest combinational path')
  .option('--config <k=v,...>', 'unit configuration', '')
  .action(inventoryCommand);

program
  .command('workload <kind>')
  .description('generate a workload (kind: raster) and print its statistics')
  .option('--surface <name>', 'default (documented mix) | plane | sphere | sine-grazing | bumpy-sphere', 'default')
  .option('--area <px2>', 'target mean micropolygon area in pixels^2', '0.54')
  .option('--count <n>', 'number of triangles', '4096')
  .option('--seed <s>', 'random seed', '2010')
  .option('--size <WxH>', 'render target in pixels', '1920x1080')
  .option('--pairs', 'report pairing of triangles that share an edge (TVP)')
  .option('--blur', 'add per-vertex motion ("close") and the lens ("lens") to the mesh, seeded (testbenches/workloads/raster/blur-params.ts)')
  .option('-o, --output <mesh.json>', 'write the mesh as {"vertices": [[x, y, z]...], "triangles": [[i, j, k]...]}')
  .action(workloadCommand);

program
  .command('samples')
  .description('print every MSAA (or, with --blur, every tile x tuple) sample position in a pixel rectangle')
  .option('--msaa <n>', '1 | 4 | 16', '16')
  .option('--rect <X,Y,W,H>', 'pixel rectangle', '0,0,1,1')
  .option('--json', 'one JSON object per sample')
  .option('--blur', 'blur samples instead: every (2x2-pixel tile, u,v,t tuple) sample of the tiles the rectangle touches')
  .action(samplesCommand);

addSweepCommand(program);
addMergeCommand(program);
addCalibrateCommand(program);
addReportCommand(program);

program
  .command('study')
  .description('the default NoBlur study end to end (npm start): calibrate, sweep, frontiers, report')
  .option('--out <dir>', 'output directory (resumed when rerun)', 'report')
  .option('--workers <n|auto>', 'worker threads for simulation', 'auto')
  .option('--no-yosys', 'skip the Yosys area cross-check')
  .option('-q, --quiet', 'no progress bar')
  .action(studyCommand);

export { program };

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof ConfigError || e instanceof HdlError || e instanceof JsonInputError) {
    console.error(`gfxrtl: ${e.message}`);
    process.exit(2);
  }
  throw e;
}
