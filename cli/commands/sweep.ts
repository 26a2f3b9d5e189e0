// `gfxrtl sweep`: the design-space sweep of a study (default: the registry's
// default study) into an output directory; rerun the same command to
// resume. Ctrl-C stops after the micro-architectures in flight, leaving the
// directory resumable. In a Slurm job array, without --shard, each array
// task sweeps its own shard (SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT);
// `gfxrtl merge` joins them.
import { DEFAULT_KNOBS, type Knobs } from '../../synth-models/knobs.js';
import { sweepSummaryLine } from '../../explore/sweep/summary.js';
import { REFERENCE } from '../../synth-models/cost-table.js';
import { inventory } from '../../hdl/inventory/index.js';
import type { Study } from '../../explore/contract.js';
import { usefulStages } from '../../synth-models/stage-limit.js';
import { writeReport } from '../../explore/report/index.js';
import { createProgress, enumerateMicroArchs, parseExplore, parseShard, resolveSpec, runSweep, shardFromEnv, SpecError, studyDomain, type Shard, type SpecInput, type StudyRef } from '../../explore/sweep/index.js';
import { DEFAULT_STUDY, findStudy } from '../../studies/registry.js';
import { checkOutputDir } from '../io.js';
import { writeHtml } from '../html-report.js';
import { readKnobs } from './knobs-option.js';
import { intOption, numberPairs, workersOption } from './options.js';
import { withStopSignal } from './stop.js';
import { profilePhase } from '../../explore/profile.js';

/** The spec fields (--only, --stages, --clocks, --activity, --arith) are SpecInput's. */
export interface SweepCommandOptions extends SpecInput {
  /** A registered study (default: DEFAULT_STUDY). */
  study?: string;
  /** The study's workload (default: its first). */
  workload?: string;
  /** `k=v,...` workload parameters. */
  param?: string;
  /** Workload seed (default: the workload's). */
  seed?: string;
  /** calibration.json (from `gfxrtl calibrate`) or a {areaFactor, energyFactor, delayFactor} file. */
  knobs?: string;
  /** i/N */
  shard?: string;
  out: string;
  /** Worker threads, or 'auto' (default: one per core when two or more
   *  simulations are due, or 64 micro-architectures to price from cached
   *  simulations; bench/sweep-speed.ts measured 1.8x on 2 cores for
   *  NoBlur, and a loss for tiny stand-in evaluations, where 0 is better). */
  workers?: string;
  quiet?: boolean;
  /** bound | grid (default grid). */
  explore?: string;
  /** Write DIR/index.md when the sweep completes. */
  report?: boolean;
}

export async function sweepCommand(opts: SweepCommandOptions): Promise<void> {
  // Everything the user typed is checked before the first simulation.
  const entry = findStudy(opts.study ?? DEFAULT_STUDY);
  const workers = workersOption('sweep', opts.workers);
  const explore = parseExplore('sweep', opts.explore, 'grid');
  const params = numberPairs('sweep', '--param', opts.param);
  const seed = opts.seed === undefined ? undefined : intOption('sweep', 'seed', opts.seed, -(2 ** 31), 2 ** 31 - 1);
  const shard = resolveShard(opts.shard);
  const knobs = opts.knobs === undefined ? undefined : readKnobs(opts.knobs);
  checkOutputDir(opts.out, '--out');
  checkStageList(entry.study, opts, { ...(opts.workload !== undefined && { workload: opts.workload }), params, ...(seed !== undefined && { seed }) }, knobs ?? DEFAULT_KNOBS);
  const command = ['gfxrtl', ...process.argv.slice(2)].join(' ');
  await withStopSignal('sweep', async (signal) => {
    if (shard !== null && !opts.shard) console.error(`sweep: Slurm array task, shard ${shard.index}/${shard.count} (SLURM_ARRAY_TASK_ID=${process.env['SLURM_ARRAY_TASK_ID']})`);
    const s = await profilePhase(entry.study.name, 'sweep', () => runSweep({
      study: {
        module: entry.module,
        name: entry.study.name,
        ...(opts.workload !== undefined && { workload: opts.workload }),
        ...(Object.keys(params).length > 0 && { params }),
        ...(seed !== undefined && { seed }),
      },
      out: opts.out,
      spec: { only: opts.only, stages: opts.stages, clocks: opts.clocks, activity: opts.activity, arith: opts.arith },
      shard,
      ...(knobs && { knobs, knobsSource: opts.knobs }),
      workers,
      explore,
      // A user's sweep may be priced again (gfxrtl calibrate --sweep, or a sweep with other knobs seeded with its simulations).
      keepInventories: true,
      progress: createProgress({ label: 'sweep', quiet: opts.quiet }),
      command,
      signal,
    }));
    console.error(sweepSummaryLine(opts.out, s));
    if (!s.complete) {
      console.error(`sweep: to resume, rerun: ${command}`);
      return false;
    }
    if (opts.report) console.error(`report: ${(await profilePhase(entry.study.name, 'report', () => writeReport(opts.out))).index}; ${await writeHtml(opts.out)}`);
    return true;
  });
}

/**
 * An explicit --stages list may go no deeper than helps some micro-
 * architecture of the sweep (see stage-limit.ts; the bound does not depend
 * on Vt or Vdd, which scale every delay alike). Stops at the first design
 * the deepest depth helps, so a valid list costs one elaboration.
 */
function checkStageList(study: Study, opts: SweepCommandOptions, ref: Pick<StudyRef, 'workload' | 'params' | 'seed'>, knobs: Knobs): void {
  if (opts.stages === undefined || opts.stages.trim() === 'auto') return;
  const domain = studyDomain(study, ref);
  const spec = resolveSpec(domain.axes, { only: opts.only, stages: opts.stages, clocks: opts.clocks, activity: opts.activity, arith: opts.arith });
  if (spec.stages.kind !== 'list') return;
  const deepest = Math.max(...spec.stages.values);
  const archs = enumerateMicroArchs(domain, spec);
  let best: { max: number; id: string; why: string } | null = null;
  for (const a of archs) {
    const design = domain.evaluator.elaborate(domain.microArch(a.params));
    const limit = usefulStages(inventory(design), { vt: 'nominal', vdd: REFERENCE.vdd }, knobs, spec.arith);
    if (limit.max >= deepest) return;
    if (best === null || limit.max > best.max) best = { ...limit, id: a.id };
  }
  if (best === null) return;
  throw new SpecError(
    `--stages ${deepest} is deeper than helps any of study ${study.name}'s ${archs.length} micro-architecture(s) swept: valid 1..${best.max} (the deepest useful, for ${best.id}: ${best.why})`,
  );
}

/** --shard, else the Slurm job array's task, else none. */
export function resolveShard(text: string | undefined, env: NodeJS.ProcessEnv = process.env): Shard | null {
  return text ? parseShard(text) : shardFromEnv(env);
}
