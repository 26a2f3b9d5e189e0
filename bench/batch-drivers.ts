// runBatch's two drivers on one bench design: the one-function batch loop
// (batch.ts, forced with loopMode 'always') against what runBatch picks by
// default (the chunked driver of hdl/sim/runtime/batch.ts for designs with more
// wide state than the loop should carry in locals, see carriesWideState).
// Same stimulus and checksum as bench/sim-speed.ts's batched mode; CPU
// time, best of --reps slices. Each driver in a process of its own
// (--driver), as sim-speed.ts does, so that V8's type feedback comes from
// one simulator only.
//
//   npx tsx bench/batch-drivers.ts --only qfm [--cycles 300000] [--reps 5]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { carriesWideState } from '../hdl/sim/runtime/batch.js';
import { createSimulator } from '../hdl/sim/index.js';
import { BENCH_DESIGNS } from './designs.js';
import { BatchRun } from './replay.js';
import { UserError } from '../hdl/errors.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: '' },
    cycles: { type: 'string', default: '300000' },
    reps: { type: 'string', default: '5' },
    driver: { type: 'string' },
  },
});
const cycles = Number(args.cycles);
const reps = Number(args.reps);
if (!(cycles > 0) || !(reps > 0)) throw new UserError(`--cycles and --reps must be positive numbers, got ${args.cycles} and ${args.reps}`);
const designs = BENCH_DESIGNS.filter((d) => d.name.includes(args.only ?? ''));
if (designs.length === 0) throw new UserError(`--only ${args.only} matches no bench design; known: ${BENCH_DESIGNS.map((d) => d.name).join(', ')}`);

const DRIVERS = { default: 'auto', loop: 'always' } as const;

if (args.driver !== undefined) {
  const loopMode = DRIVERS[args.driver as keyof typeof DRIVERS];
  if (loopMode === undefined) throw new UserError(`--driver must be default or loop, got ${args.driver}`);
  for (const d of designs) {
    const sim = createSimulator(d.make(), { observe: 'ports', loopMode });
    const run = new BatchRun(sim, 1n, 1, null);
    run.slice(Math.min(cycles, 100_000));
    let best = Infinity;
    for (let i = 0; i < reps; i++) best = Math.min(best, run.slice(cycles).cpuSeconds);
    const wide = args.driver === 'default' ? ` (${carriesWideState(sim.compiled) ? 'chunked: much wide state' : 'one loop'})` : '';
    console.log(`${d.name} ${args.driver}${wide}: ${(cycles / best / 1e6).toFixed(2)}M c/s, checksum ${run.checksumNow().toString(16)}`);
  }
} else {
  const self = fileURLToPath(import.meta.url);
  for (const d of designs) {
    for (const driver of Object.keys(DRIVERS)) {
      const argv = ['--import', 'tsx', self, '--only', d.name, '--cycles', String(cycles), '--reps', String(reps), '--driver', driver];
      process.stdout.write(execFileSync(process.execPath, argv, { encoding: 'utf8' }));
    }
  }
}
