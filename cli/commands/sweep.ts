// `gfxrtl sweep`: the design-space sweep of a study (default: the registry's
// default study) into an output directory; rerun the same command to
// resume. Ctrl-C stops after the micro-architectures in flight, leaving the
// directory resumable. In a Slurm job array, without --shard, each array
// task sweeps its own shard (SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT);
// `gfxrtl merge` joins them.
import type { Command } from 'commander';
import { KnobsFileError, readKnobsFile } from '../../synth-models/knobs-file.js';
import type { Knobs } from '../../synth-models/knobs.js';
import { writeReport } from '../../synth-models/report/index.js';
import { createProgress, parseShard, runSweep, shardFromEnv, SpecError, type Shard } from '../../synth-models/sweep/index.js';
import { DEFAULT_STUDY, findStudy } from '../../studies/registry.js';
import { intOption, numberPairs } from './options.js';

export interface SweepCommandOptions {
  /** A registered study (default: DEFAULT_STUDY). */
  study?: string;
  /** The study's workload (default: its first). */
  workload?: string;
  /** `k=v,...` workload parameters. */
  param?: string;
  /** Workload seed (default: the workload's). */
  seed?: string;
  /** `key=v1|v2,...`: narrow micro-architectural axes, vt, vdd. */
  only?: string;
  /** 'auto' (clock targets) or a depth list. */
  stages?: string;
  /** GHz targets for --stages auto. */
  clocks?: string;
  activity?: string;
  arith?: string;
  /** calibration.json (from `gfxrtl calibrate`) or a {areaFactor, energyFactor, delayFactor} file. */
  knobs?: string;
  /** i/N */
  shard?: string;
  out: string;
  /** Worker threads, or 'auto' (default: one per core when two or more
   *  simulations are due; bench/sweep-speed.ts measured 1.8x on 2 cores for
   *  NoBlur, and a loss for tiny stand-in evaluations, where 0 is better). */
  workers?: string;
  quiet?: boolean;
  /** Write DIR/index.md when the sweep completes. */
  report?: boolean;
}

/** Knobs from a calibration file (its `knobs`) or a bare knobs object,
 *  checked against their physical bounds and the cost table version. */
export function readKnobs(file: string): Knobs {
  try {
    return readKnobsFile(file);
  } catch (e) {
    if (e instanceof KnobsFileError) throw new SpecError(`--knobs ${e.message}`);
    throw e;
  }
}

function parseWorkers(text: string | undefined): number | 'auto' {
  if (text === undefined || text === 'auto') return 'auto';
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new SpecError(`--workers ${text} is not valid; allowed: 'auto' or an integer >= 0`);
  return n;
}

export async function sweepCommand(opts: SweepCommandOptions): Promise<void> {
  const stop = new AbortController();
  const onSigint = (): void => {
    if (stop.signal.aborted) process.exit(130);
    process.stderr.write('\nsweep: stopping after the micro-architectures in flight (Ctrl-C again to quit now); rerun the same command to resume\n');
    stop.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    const entry = findStudy(opts.study ?? DEFAULT_STUDY);
    const params = numberPairs('sweep', '--param', opts.param);
    const shard = resolveShard(opts.shard);
    if (shard !== null && !opts.shard) console.error(`sweep: Slurm array task, shard ${shard.index}/${shard.count} (SLURM_ARRAY_TASK_ID=${process.env['SLURM_ARRAY_TASK_ID']})`);
    const s = await runSweep({
      study: {
        module: entry.module,
        name: entry.study.name,
        ...(opts.workload !== undefined && { workload: opts.workload }),
        ...(Object.keys(params).length > 0 && { params }),
        ...(opts.seed !== undefined && { seed: intOption('sweep', 'seed', opts.seed, -(2 ** 31)) }),
      },
      out: opts.out,
      spec: { only: opts.only, stages: opts.stages, clocks: opts.clocks, activity: opts.activity, arith: opts.arith },
      shard,
      ...(opts.knobs && { knobs: readKnobs(opts.knobs), knobsSource: opts.knobs }),
      workers: parseWorkers(opts.workers),
      progress: createProgress({ label: 'sweep', quiet: opts.quiet }),
      command: ['gfxrtl', ...process.argv.slice(2)].join(' '),
      signal: stop.signal,
    });
    const secs = s.wallMs / 1000;
    console.error(
      `sweep ${opts.out}: ${s.complete ? 'complete' : 'stopped (resumable)'}; ${s.points} points (${s.newPoints} new, ${(s.newPoints / Math.max(secs, 1e-9)).toFixed(1)} points/s), ` +
        `${s.evaluated} of ${s.microArchs} micro-architectures simulated this run; ${secs.toFixed(1)} s (simulation ${(s.evalMs / 1000).toFixed(1)} s, pricing ${(s.priceMs / 1000).toFixed(1)} s${s.workers ? `, over ${s.workers} workers` : ''})`,
    );
    if (s.complete && opts.report) console.error(`report: ${(await writeReport(opts.out)).index}`);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** --shard, else the Slurm job array's task, else none. */
export function resolveShard(text: string | undefined, env: NodeJS.ProcessEnv = process.env): Shard | null {
  return text ? parseShard(text) : shardFromEnv(env);
}

export function addSweepCommand(program: Command): void {
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
    .option('--report', 'write DIR/index.md when complete')
    .option('-q, --quiet', 'no progress output')
    .action(sweepCommand);
}
