// A study's sweeps as the pipeline runs them (pipeline.ts): each under the
// job's CPU budget, in one of the places for open sweeps, and the
// simulations one sweep leaves for another to price (seedSimulations).
//
// Simulations ahead of the knobs. In the main job every study but the
// global one waits for the global knobs before its sweep, and the global
// study's calibration loop (one thread, 4-7 s) and its last replicates
// leave a core idle meanwhile: 10-34 core-seconds before the knobs in
// seven `npm run bench:study` profiles. A study whose sweep is a grid
// simulates every micro-architecture whatever the knobs, so it simulates
// them then, on slots nobody else waits for (IDLE_PRIORITY), into
// OUT/simulation, until the knobs come; its sweep is then seeded with
// those simulations and prices them. Which micro-architectures get more
// replicates depends on their prices, so the sweep ahead runs none (its
// points, priced with the default knobs, are never read); the seeded
// sweep decides them with the global knobs. A bound sweep (NoBlur) is not
// simulated ahead: what it skips depends on the knobs.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { readKnobsFile } from '../synth-models/knobs-file.js';
import { IDLE_PRIORITY, withCpuBudget, type CpuBudget, type Release, type SlotSource } from './cpu-budget.js';
import type { StudyEntryRef, StudyRunOptions } from './pipeline.js';
import { profilePhase } from './profile.js';
import { gridReason } from './sweep/bound.js';
import { createProgress } from './sweep/progress.js';
import { runSweep, type SweepSummary } from './sweep/run.js';
import { resolveSpec } from './sweep/spec.js';
import { MICROARCH_DIR } from './sweep/store.js';
import { studyDomain } from './sweep/study-ref.js';
import { sweepSummaryLine } from './sweep/summary.js';

/** Where the global study's sweep simulates, priced with the reference fit, and where the other studies simulate ahead of the knobs. */
export const SIMULATION_DIR = 'simulation';

/** The study's share of the job a sweep runs in. */
export interface SweepPlace {
  /** The job's CPU slots (as this study takes them). */
  readonly budget: SlotSource;
  /** Sweeps open at once (each holds its worker threads, and their memory, from start to end). */
  readonly sweeps: CpuBudget;
  /** The priority its tasks ask for slots at. */
  readonly priority: number;
  /** Prefixes progress labels ('noblur ') when studies run at once. */
  readonly tag: string;
}

export interface StudySweep {
  readonly out: string;
  /** The knobs to price with (none: the defaults). */
  readonly knobsFile?: string;
  /** Keep the inventories beside the simulations, for a sweep that prices them again. */
  readonly keepInventories?: boolean;
  /** The sequential sampling (runSweep's `extend`). */
  readonly extend?: boolean;
  readonly workers?: number | 'auto';
  readonly signal?: AbortSignal;
  /** The phase's name in the profile, and the progress label's. */
  readonly phase?: string;
  /** No progress display (default: the run's quiet option). */
  readonly quiet?: boolean;
}

/** The study's sweep into `out`, its pool's tasks taking the place's CPU slots at its priority, once one of the open-sweep places is free; unless `start` says no once it has its place (then null). */
function placedSweep(entry: StudyEntryRef, opts: StudyRunOptions, place: SweepPlace, s: StudySweep, start: () => boolean): Promise<SweepSummary | null> {
  const name = entry.study.name;
  const phase = s.phase ?? 'sweep';
  const workers = s.workers ?? opts.workers;
  const signal = s.signal ?? opts.signal;
  return place.sweeps.run(place.priority, async () => {
    if (!start()) return null;
    return withCpuBudget({ budget: place.budget, priority: place.priority, study: name }, () =>
      profilePhase(name, phase, () =>
        runSweep({
          study: { module: entry.module, name, ...(opts.params !== undefined && Object.keys(opts.params).length > 0 && { params: { ...opts.params } }) },
          out: s.out,
          spec: { only: opts.only, activity: opts.activity },
          shard: null,
          ...(s.knobsFile !== undefined && { knobs: readKnobsFile(s.knobsFile), knobsSource: s.knobsFile }),
          ...(workers !== undefined && { workers }),
          ...(opts.explore !== undefined && { explore: opts.explore }),
          keepInventories: s.keepInventories === true,
          ...(s.extend !== undefined && { extend: s.extend }),
          progress: createProgress({ label: `${place.tag}${phase}`, quiet: s.quiet ?? opts.quiet, ...(place.tag !== '' && { stream: lineStream() }) }),
          command: opts.command,
          ...(signal !== undefined && { signal }),
        }),
      ),
    );
  });
}

/** The study's sweep into `out` (placedSweep), its summary logged (and how to resume it, when it stopped short). */
export async function loggedSweep(entry: StudyEntryRef, opts: StudyRunOptions, place: SweepPlace, s: StudySweep): Promise<SweepSummary> {
  const r = (await placedSweep(entry, opts, place, s, () => true))!;
  opts.log(sweepSummaryLine(s.out, r));
  if (!r.complete) opts.log(`sweep: to resume, rerun: ${opts.command}`);
  return r;
}

/** Whether the study's sweep simulates every micro-architecture whatever the knobs: explored as a grid, by choice or for one of bound.ts's reasons (gridReason). */
export function sweepsAsGrid(entry: StudyEntryRef, opts: Pick<StudyRunOptions, 'explore' | 'only' | 'activity' | 'params'>): boolean {
  if ((opts.explore ?? 'grid') === 'grid') return true;
  const domain = studyDomain(entry.study, { module: entry.module, ...(opts.params !== undefined && { params: opts.params }) });
  return gridReason(domain, resolveSpec(domain.axes, { ...(opts.only !== undefined && { only: opts.only }), ...(opts.activity !== undefined && { activity: opts.activity }) }), null) !== null;
}

/** The study's micro-architectures simulated into OUT/simulation until `knobs` settles (see the head of this file); resolves once the sweep ahead has stopped, to whether it left simulations there. `place.sweeps` holds the sweeps ahead (their own places, asked in the study's turn: chain-order.ts); their tasks' CPU slots are asked at IDLE_PRIORITY. */
export async function simulateAhead(entry: StudyEntryRef, opts: StudyRunOptions, place: SweepPlace, knobs: Promise<unknown>): Promise<boolean> {
  const stop = new AbortController();
  const knobsIn = knobs.then(
    () => stop.abort(),
    () => stop.abort(),
  );
  const signal = opts.signal !== undefined ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  const out = join(opts.out, SIMULATION_DIR);
  const ahead: SweepPlace = { ...place, budget: idleUntil(place.budget, knobsIn, place.priority) };
  // One worker: the slots it fills come one at a time, and each thread holds a study's designs.
  // No progress display: it fills idle slots beside the sweeps that have one, and says what it did below.
  const r = await placedSweep(entry, opts, ahead, { out, keepInventories: true, extend: false, workers: 1, signal, phase: 'simulation ahead', quiet: true }, () => !signal.aborted);
  if (r !== null) opts.log(`gfxrtl study ${entry.study.name}: ${r.evaluated} of ${r.microArchs} micro-architectures simulated ahead of the global knobs into ${out}${r.complete ? '' : stop.signal.aborted ? ' (stopped when the knobs came)' : ' (stopped)'}`);
  return existsSync(join(out, MICROARCH_DIR));
}

/** Slots asked at IDLE_PRIORITY until `late` settles, then at `priority`: a
 *  task of the sweep ahead still waiting for its slot when the knobs come is
 *  served in the study's turn (at IDLE_PRIORITY it would wait for every
 *  other study's sweep), so the sweep ahead ends with its tasks in flight. */
export function idleUntil(budget: SlotSource, late: Promise<void>, priority: number): SlotSource {
  let knobs = false;
  void late.then(() => (knobs = true));
  return {
    acquire: (): Promise<Release> => {
      if (knobs) return budget.acquire(priority);
      return new Promise((resolve) => {
        let granted = false;
        // Whichever request is granted first; the other's grant is given back at once.
        const take = (release: Release): void => {
          if (granted) return release();
          granted = true;
          resolve(release);
        };
        void budget.acquire(IDLE_PRIORITY).then(take);
        void late.then(() => {
          if (!granted) void budget.acquire(priority).then(take);
        });
      });
    },
  };
}

/** The simulations of `from` (microarch/*.json and their inventories) into `to`, so its sweep only prices them. */
export function seedSimulations(from: string, to: string): void {
  const src = join(from, MICROARCH_DIR);
  if (!existsSync(src)) return;
  const dst = join(to, MICROARCH_DIR);
  mkdirSync(dst, { recursive: true });
  for (const f of readdirSync(src)) if (!existsSync(join(dst, f))) copyFileSync(join(src, f), join(dst, f));
}

/** stderr as a plain stream (not a terminal): sweeps that run at once each print a progress line every 10 s, instead of redrawing one bar over the other's. */
function lineStream(): NodeJS.WriteStream {
  return new Writable({ write: (chunk: Buffer, _enc, done) => void process.stderr.write(chunk, () => done()) }) as NodeJS.WriteStream;
}
