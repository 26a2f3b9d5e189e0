// A study end to end as one library call, and every shipped study at once:
// calibrate -> simulate -> recalibrate on the pick -> price -> report. The
// CLI parses options and calls these; no command calls another command, and
// an interrupted sweep comes back as a status, not as a process exit code.
//
// The cost model's knobs are global, and the published component figures
// are one study's (the global calibration study: Blur), so:
// - the global study, when its calibration names a pick rule, simulates
//   its sweep once into OUT/simulation (priced with the knobs fitted on its
//   reference design), calibrates on the design that sweep picks, iterated
//   until the pick settles (OUT/calibration.json), and prices the same
//   simulations again with the final knobs into OUT;
// - `runAllStudies` prices every other study with its
//   OUT/<global>/calibration.json: their sweeps wait for it, everything
//   else (Yosys, experiments, reports) runs beside, under one CPU budget
//   (cpu-budget.ts): the phases that need no knobs one at a time from the
//   start, then the global study's chain, then the others; a study whose
//   sweep is a grid simulates its micro-architectures on idle slots while
//   it waits, and prices them once the knobs come (study-sweep.ts);
// - a study run alone without knobs is priced with the global study's
//   reference fit (no sweep of it needed), and says so;
// - a study whose own calibration is a cross-check (NoBlur against its own
//   instances) writes it beside the knobs it was priced with, never using it.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { calibrateStudy, type YosysCrossCheck } from './calibrate.js';
import type { CrossStudySection, Study } from './contract.js';
import { chainOrder, mainJobEntry } from './chain-order.js';
import { CpuBudget, IDLE_PRIORITY, withSlot, type Release, type SlotSource } from './cpu-budget.js';
import { CALIBRATION_JSON } from './report/checks.js';
import { PhaseThreads } from './phase-thread.js';
import { profile } from './profile.js';
import { writeStudiesHtmlIndex } from './report/html/write-html.js';
import { writeDurable } from './sweep/files.js';
import { withKeptWorkers } from './sweep/pool.js';
import { resolveSpec } from './sweep/spec.js';
import { studyAxes } from './sweep/study-ref.js';
import { loggedSweep, seedSimulations, simulateAhead, SIMULATION_DIR, sweepsAsGrid } from './study-sweep.js';
import { watchHeap } from './thread-heap.js';
import type { ExploreStrategy } from './sweep/bound.js';

/** A study and the module URL worker threads load it from. */
export interface StudyEntryRef {
  readonly study: Study;
  readonly module: string;
}

export interface StudyRunOptions {
  readonly out: string;
  readonly workers?: number | 'auto';
  /** How each sweep visits the micro-architectures (default grid); the global study's simulation sweep is always a grid (below). */
  readonly explore?: ExploreStrategy;
  readonly quiet?: boolean;
  readonly activity?: 'full' | 'toggle';
  /** `k=v|v,...` narrowing of the config space. */
  readonly only?: string;
  /** Workload parameters. */
  readonly params?: Readonly<Record<string, number>>;
  /** The global knobs file (a calibration.json of the global study) for a study other than the global one. */
  readonly knobs?: string;
  /** Run by `--all` with the study's mainJob narrowing (its experiments are told). */
  readonly mainJob?: boolean;
  readonly yosys: YosysCrossCheck;
  /** The study whose calibration gives the global knobs. */
  readonly global: StudyEntryRef;
  /** The command that resumes this run, printed when it is interrupted. */
  readonly command: string;
  readonly signal?: AbortSignal;
  /** Progress and status lines (the CLI: stderr). */
  readonly log: (line: string) => void;
  /** Result tables, as `gfxrtl calibrate` prints them (the CLI: stdout). */
  readonly print: (text: string) => void;
  /** URL of a module exporting `writeHtml(dir): Promise<string>`, which
   *  writes the interactive report of a finished sweep directory beside its
   *  index.md (the caller draws its waveforms) and returns a line saying so.
   *  It runs on a phase thread (phase-worker.ts), so it is a module, not a function. */
  readonly htmlModule?: string;
}

export type StudyRunStatus =
  | { readonly status: 'complete'; readonly seconds: number; readonly index: string }
  | { readonly status: 'interrupted'; readonly seconds: number };

export { SIMULATION_DIR } from './study-sweep.js';

/** Slots for work that must not wait for one (the global study's calibration loop). */
const UNSLOTTED: SlotSource = { acquire: () => Promise.resolve(() => {}) };

/** The checks a study run makes before its first second of work. */
export function checkStudyRun(study: Study, opts: Pick<StudyRunOptions, 'only' | 'activity'>): void {
  resolveSpec(studyAxes(study), { ...(opts.only !== undefined && { only: opts.only }), ...(opts.activity !== undefined && { activity: opts.activity }) });
}

/** How a study's phases share the machine with the other studies' (runAllStudies), or with each other (a study alone). */
interface Schedule {
  /** The job's CPU slots (as this study takes them). */
  readonly budget: SlotSource;
  /** Sweeps open at once (each holds its worker threads, and their memory, from start to end). */
  readonly sweeps: CpuBudget;
  /** Reports written at once (one: memory). */
  readonly reports: CpuBudget;
  readonly phases: PhaseThreads;
  /** The study's place: its chain (sweeps, report) asks for slots at `priority` (the global study's calibration loop takes none), its phases that need no knobs (Yosys, experiments) at `sidePriority`. */
  readonly priority: number;
  readonly sidePriority: number;
  /** Side phases running at once, across studies (none: as many as slots). */
  readonly sideLane?: CpuBudget;
  /** The global knobs file once the global study has fitted them (null: it did not finish); a study other than the global one prices with them. */
  readonly knobs?: Promise<string | null>;
  /** Sweeps ahead of the knobs open at once (study-sweep.ts), apart from `sweeps`: one, so the global study's sweeps never wait for one. */
  readonly ahead?: CpuBudget;
  /** The global study calls it when its calibration.json is final. */
  readonly onKnobs?: (file: string) => void;
  /** Prefixes progress labels ('noblur ') when studies run at once. */
  readonly tag: string;
}

/** A study end to end: calibrate -> simulate -> recalibrate on the pick -> price -> report. Its phases that need no knobs (the Yosys cross-check, the experiments) run beside the chain that does, each taking a CPU slot when one is free. */
export async function runStudy(entry: StudyEntryRef, opts: StudyRunOptions): Promise<StudyRunStatus> {
  checkStudyRun(entry.study, opts);
  const budget = new CpuBudget(availableParallelism());
  const phases = new PhaseThreads(budget.slots);
  const unwatch = watchHeap();
  try {
    // The side phases first: each is one thread, and the sweep's tasks fill the other cores around them.
    // Its sweeps (Blur: simulate, then price with the final knobs) share their workers.
    return await withKeptWorkers(budget.slots, () => scheduledStudy(entry, opts, { budget, sweeps: new CpuBudget(1), reports: new CpuBudget(1), phases, priority: 1, sidePriority: 0, tag: '' }));
  } finally {
    unwatch();
    await phases.close();
  }
}

async function scheduledStudy(entry: StudyEntryRef, opts: StudyRunOptions, sched: Schedule): Promise<StudyRunStatus> {
  const { study } = entry;
  const t0 = Date.now();
  const seconds = (): number => (Date.now() - t0) / 1000;
  const step = (n: number, what: string): void => opts.log(`\ngfxrtl study ${study.name} [${seconds().toFixed(0)} s] step ${n}/2: ${what}`);
  const cal = study.calibration;
  const own = join(opts.out, CALIBRATION_JSON);
  const isGlobal = cal !== undefined && (cal.role ?? 'global') === 'global';
  const { budget, phases, priority } = sched;
  const side = sched.sidePriority;
  // A fit that only sets the knobs runs no cross-check (the study's own step does).
  const noYosys: YosysCrossCheck = { skip: '' };
  mkdirSync(opts.out, { recursive: true });

  // What needs no knobs starts at once, and is awaited before the report, which shows it.
  const sides: Promise<void>[] = [];
  // Once the run is stopped, a side phase still waiting for its slot does not start (a rerun does it).
  const inLane = <T>(f: () => Promise<T>): Promise<T> => (sched.sideLane !== undefined ? withSlot(sched.sideLane, side, f) : f());
  const yosysSide = (fit: boolean): Promise<void> =>
    inLane(() =>
      withSlot(budget, side, async () => {
        if (opts.signal?.aborted !== true) logText(opts, await calibrateStudy(study, { out: opts.out, yosys: opts.yosys, log: opts.log, fit }));
      }),
    );
  const hasYosysStep = !('skip' in opts.yosys) || opts.yosys.skip !== '';
  // A cross-check fit (never used to price) and Yosys: they price nothing.
  if (!isGlobal && (cal !== undefined || study.crossCheck !== undefined)) sides.push(yosysSide(true));
  // The global study's Yosys cross-check, apart from its calibration loop (the chain).
  else if (isGlobal && cal.pick !== undefined && hasYosysStep) sides.push(yosysSide(false));
  if (study.experiments && study.experiments.length > 0) {
    const seed = study.workloads[0]?.seed ?? 1;
    opts.log(`\ngfxrtl study ${study.name}: experiments ${study.experiments.map((e) => e.name).join(', ')} (seed ${seed})`);
    const job = { kind: 'experiments' as const, study: study.name, module: entry.module, out: opts.out, seed, mainJob: opts.mainJob === true, quiet: opts.quiet === true, label: sched.tag };
    // An experiment that farms its work out (the sort study's scenes) runs its first job on the
    // phase's own slot; the others take only slots nobody else waits for. At the side phases'
    // priority they went ahead of the global study's chain, which the side lane is there to keep
    // going: the sort experiments' second farm worker held the other core for 20 s, and Blur's
    // sweep ran about a tenth of a core meanwhile (npm run bench:study at e6126f3, 45-65 s).
    // Deferred, they fill what the chain leaves idle (its calibration loop, the last replicates).
    sides.push(inLane(() => phases.run(job, budget, side, opts.log, opts.signal, IDLE_PRIORITY)).then((r) => r?.files.forEach((f) => opts.log(`experiment: ${f}`))));
  }
  const settled = Promise.allSettled(sides);
  const afterSides = async (): Promise<void> => {
    for (const r of await settled) if (r.status === 'rejected') throw r.reason;
  };
  // Whatever happens in the chain, the side phases are not left running unawaited.
  const interrupted = async (): Promise<StudyRunStatus> => {
    await afterSides();
    return { status: 'interrupted', seconds: seconds() };
  };
  const chain = async (): Promise<StudyRunStatus> => {
    if (isGlobal && cal.pick !== undefined) {
      // Simulate once (priced with the reference fit), calibrate on the pick, iterated; price again.
      const sim = join(opts.out, SIMULATION_DIR);
      mkdirSync(sim, { recursive: true });
      step(1, `calibrate the 45 nm cost model on the reference ${study.unit.name} design, then simulate every micro-architecture once into ${sim}`);
      await withSlot(budget, priority, () => calibrateStudy(study, { out: sim, yosys: noYosys, log: opts.log }));
      // A grid: the calibration loop prices these simulations again with other
      // knobs and picks among them, and a design the bound skips under these
      // knobs might be the pick under those.
      if (opts.explore === 'bound') opts.log(`gfxrtl study ${study.name}: the simulation sweep is a grid (--explore bound does not apply): the calibration loop picks among its designs under knobs it has not priced yet`);
      // Its inventories kept: the calibration loop and the final sweep price them again without elaborating.
      const simulated = await loggedSweep(entry, { ...opts, explore: 'grid' }, sched, { out: sim, knobsFile: join(sim, CALIBRATION_JSON), keepInventories: true });
      if (!simulated.complete) return interrupted();
      step(1, `calibrate on the design the sweep picks at ${cal.pick.limit} W/mm^2, iterated until the pick settles (pricing only)`);
      if (opts.signal?.aborted === true) return interrupted();
      // On a phase thread, ended after it if the loop left its heap large: the loop holds the
      // blur-mode designs' inventories and prices (300-450 MB), and on the main thread that memory
      // stayed until V8's next full collection there, which came late or not before the job's peak
      // (main heap 848 MB, peak 2.56 GB in npm run bench:study at 3eb1373).
      // Without a slot: every other study's pricing waits for these knobs, and a slot is not taken
      // back from whoever holds it. While the sweep's last tasks ran, side phases took the slots they
      // freed (the sort experiments: 58 s), and the loop waited 10.5 s for one (npm run bench:study,
      // 83a0674); a few seconds of three threads on two cores cost less than that wait.
      const fit = await phases.run({ kind: 'calibrate', study: study.name, module: entry.module, out: opts.out, sweep: sim }, UNSLOTTED, priority, opts.log, opts.signal);
      if (fit === null) return interrupted();
      for (const text of fit.texts) opts.print(text);
      sched.onKnobs?.(own);
      seedSimulations(sim, opts.out);
    } else {
      step(1, cal === undefined ? 'no published components to calibrate against' : isGlobal ? 'calibrate the 45 nm cost model against the published components (and cross-check areas with Yosys)' : `cross-check: fit the published components on ${study.unit.name}'s own instances (never used to price; and cross-check areas with Yosys)`);
      if (isGlobal) logText(opts, await withSlot(budget, priority, () => calibrateStudy(study, { out: opts.out, yosys: opts.yosys, log: opts.log })));
      else {
        // A grid's micro-architectures simulated while the global knobs are not there (study-sweep.ts).
        // Its failure costs only the head start (the sweep simulates them itself): said when it
        // happens, and caught then, since a rejection no one awaits yet would end the process.
        const ahead =
          opts.knobs === undefined && sched.knobs !== undefined && sched.ahead !== undefined && opts.workers !== 0 && sweepsAsGrid(entry, opts)
            ? simulateAhead(entry, opts, { ...sched, sweeps: sched.ahead }, sched.knobs).catch((e: unknown) => {
                opts.log(`gfxrtl study ${study.name}: the simulations ahead of the global knobs stopped (${e instanceof Error ? e.message : String(e)}); its sweep simulates every micro-architecture itself`);
                return false;
              })
            : null;
        const knobs = opts.knobs ?? (sched.knobs !== undefined ? await sched.knobs : undefined);
        if (ahead !== null && (await ahead)) seedSimulations(join(opts.out, SIMULATION_DIR), opts.out);
        if (knobs === null) return interrupted();
        if (knobs !== undefined) {
          // The global knobs this study is priced with, beside its report.
          if (knobs !== own) copyFileSync(knobs, own);
        } else {
          const g = opts.global.study;
          opts.log(`gfxrtl study ${study.name}: priced with the global knobs fitted on the ${g.name} reference design (gfxrtl study ${g.name} iterates them on its sweep's pick; pass --knobs its calibration.json)`);
          await withSlot(budget, priority, () => calibrateStudy(g, { out: opts.out, yosys: noYosys, log: opts.log }));
        }
      }
    }
    step(2, `sweep ${study.unit.name} micro-architectures x Vt x Vdd x pipeline depth on the ${study.workloads[0]?.name ?? ''} workload, then write the report`);
    const priced = await loggedSweep(entry, opts, sched, { out: opts.out, ...(existsSync(own) && { knobsFile: own }) });
    if (!priced.complete) return interrupted();
    await afterSides();
    if (opts.signal?.aborted === true) return interrupted();
    // One report at a time (their plots and pages are the job's largest allocations after the calibration loop).
    const r = await sched.reports.run(priority, () => phases.run({ kind: 'report', study: study.name, dir: opts.out, html: opts.htmlModule ?? null }, budget, priority, opts.log));
    if (r === null) return interrupted();
    opts.log(`report: ${r.index}${r.html !== null ? `; ${r.html}` : ''}`);
    const index = join(opts.out, 'index.md');
    opts.log(`\ngfxrtl study ${study.name}: done in ${seconds().toFixed(0)} s; open ${index}${opts.htmlModule !== undefined ? ` (or ${join(opts.out, 'index.html')} in a browser)` : ''}`);
    return { status: 'complete', seconds: seconds(), index };
  };
  try {
    return await chain();
  } catch (e) {
    // The chain's failure is the study's; the side phases finish first (their own failure is then secondary).
    await settled;
    throw e;
  }
}

function logText(opts: StudyRunOptions, r: Awaited<ReturnType<typeof calibrateStudy>>): void {
  if (r.calibration) opts.print(r.calibration.text);
  if (r.yosys) opts.print(r.yosys.text);
}

// ------------------------------------------------------------ every study

export interface AllStudiesOptions extends Omit<StudyRunOptions, 'only' | 'params' | 'knobs'> {
  readonly sections: readonly CrossStudySection[];
}

export type AllStudiesStatus =
  | { readonly status: 'complete'; readonly seconds: number; readonly index: string; readonly perStudy: readonly { readonly name: string; readonly seconds: number }[] }
  | { readonly status: 'interrupted'; readonly seconds: number; readonly at: string };

/** The studies a main job runs: every one given but the stand-ins and those
 *  too long for it (each says why, through `log`). */
export function mainJobStudies(entries: readonly StudyEntryRef[], log: (line: string) => void): StudyEntryRef[] {
  const all = entries.filter((e) => e.study.example !== true);
  for (const e of all) if (e.study.notInMainJob !== undefined) log(`gfxrtl study --all: leaves out ${e.study.name} (${e.study.notInMainJob}); run it with gfxrtl study ${e.study.name}`);
  return all.filter((e) => e.study.notInMainJob === undefined);
}

/** Every study of `entries`, each into OUT/<name>, and OUT/index.md. The
 *  global study's calibration prices all the others, so their sweeps wait
 *  for its knobs; everything else runs as soon as a CPU slot is free: the
 *  studies' Yosys cross-checks and experiments one at a time from the
 *  start, beside the global study's sweeps, then the other studies' sweeps
 *  in order, a study's report beside the next one's sweep. */
export async function runAllStudies(entries: readonly StudyEntryRef[], opts: AllStudiesOptions): Promise<AllStudiesStatus> {
  const t0 = Date.now();
  const global = opts.global;
  const shipped = mainJobStudies(entries, opts.log);
  const hasGlobal = shipped.some((e) => e.study.name === global.study.name);
  const ordered = hasGlobal ? [global, ...shipped.filter((e) => e.study.name !== global.study.name)] : shipped;
  let knobs: string | undefined;
  if (!hasGlobal) {
    opts.log(`\ngfxrtl study --all: ${global.study.name} is not in the main job; the global knobs are fitted on its reference design alone -> ${opts.out}`);
    await calibrateStudy(global.study, { out: opts.out, yosys: { skip: '' }, log: opts.log });
    knobs = join(opts.out, CALIBRATION_JSON);
  }
  const cores = availableParallelism();
  const budget = new CpuBudget(cores);
  const phases = new PhaseThreads(cores);
  // Two sweeps open at once: the next one starts its workers while the last tasks of the one before finish.
  const sweeps = new CpuBudget(2);
  // One sweep ahead of the knobs at a time, taken in the chains' turns (study-sweep.ts).
  const ahead = new CpuBudget(1);
  // The phases that need no knobs (Yosys, the experiments: one thread each) hold one slot at a time
  // from the start, ahead of everything else, and the global study's chain the others. Served after
  // the global chain, they took slots only when its sweep's tasks left one free, then all at once at
  // its end: three experiments beside Blur's report and two sweeps (the job's memory peak), while
  // the knobs waited (npm run bench:study at 83a0674: the sort experiments ran 82-140 s, QFM's
  // 85-95 s, PMU's 102-116 s, Blur's sweep ending at 85 s).
  const sideLane = new CpuBudget(Math.max(1, cores - 1));
  const reports = new CpuBudget(1);
  let knobsReady: (file: string | null) => void = () => {};
  const globalKnobs = knobs !== undefined ? Promise.resolve(knobs) : new Promise<string | null>((r) => (knobsReady = r));
  // A failure stops the other studies after their work in flight (their outputs stay resumable).
  const stop = new AbortController();
  const signal = opts.signal !== undefined ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  // The chains' turns (chain-order.ts): the global study, then the fewest micro-architectures first.
  const turns = chainOrder(ordered.map((e) => mainJobEntry(e.study)), global.study.name);
  opts.log(`\ngfxrtl study --all: ${ordered.length} studies on ${cores} CPU slots (${ordered.map((e) => e.study.name).join(', ')}): each starts what needs no knobs at once; the others' sweeps wait for ${global.study.name}'s knobs, then run fewest micro-architectures first (${turns.join(', ')})`);
  const runOne = async (e: StudyEntryRef, rank: number): Promise<{ name: string; seconds: number; status: StudyRunStatus['status'] }> => {
    const n = e.study.name;
    const out = join(opts.out, n);
    const log = (line: string): void => opts.log(tagLines(n, line));
    log(`\ngfxrtl study --all: ${n} (${rank + 1} of ${ordered.length}) -> ${out}`);
    // A study too long for the main job at full size says how it is narrowed.
    const main = e.study.mainJob;
    if (main !== undefined) log(narrowingLine(n, main));
    const slots = new StudySlots(budget, n);
    const isGlobal = n === global.study.name;
    try {
      const r = await scheduledStudy(
        e,
        {
          ...opts,
          out,
          log,
          signal,
          ...(main?.only !== undefined && { only: main.only }),
          ...(main?.params !== undefined && { params: main.params }),
          ...(main !== undefined && { mainJob: true }),
        },
        {
          budget: slots,
          sweeps,
          ahead,
          reports,
          phases,
          // Every study's side phases first but one at a time (sideLane: one
          // thread each, started at once, the sweeps' tasks fill the other
          // cores around them), then the global study's chain (every other
          // study's pricing waits for its knobs), then the other studies'
          // chains in their turns (chain-order.ts).
          priority: isGlobal ? 0 : 1 + turns.indexOf(n),
          sidePriority: -1,
          sideLane,
          tag: `${n} `,
          ...(!isGlobal && { knobs: globalKnobs }),
          ...(isGlobal && { onKnobs: (file: string) => knobsReady(file) }),
        },
      );
      const seconds = slots.end();
      // Interrupted: the sweep said how to resume; rerunning --all resumes too.
      return { name: n, seconds, status: r.status };
    } catch (err) {
      slots.end();
      stop.abort();
      throw err;
    } finally {
      // The other studies never wait on knobs that will not come.
      if (isGlobal) knobsReady(null);
    }
  };
  let results: PromiseSettledResult<Awaited<ReturnType<typeof runOne>>>[];
  const unwatch = watchHeap();
  try {
    // One sweep's workers serve the next (the seven sweeps started fourteen workers).
    results = await withKeptWorkers(cores, () => Promise.allSettled(ordered.map((e, i) => runOne(e, i))));
  } finally {
    unwatch();
    await phases.close();
  }
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  const done = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof runOne>>>).value);
  const seconds = (): number => (Date.now() - t0) / 1000;
  const stopped = done.filter((r) => r.status === 'interrupted').map((r) => r.name);
  if (stopped.length > 0) {
    opts.log(`\ngfxrtl study --all: interrupted (${stopped.join(', ')} not finished); to resume, rerun: ${opts.command}`);
    return { status: 'interrupted', seconds: seconds(), at: stopped.join(', ') };
  }
  const perStudy = done.map((r) => ({ name: r.name, seconds: r.seconds }));
  if (hasGlobal) knobs = join(opts.out, global.study.name, CALIBRATION_JSON);
  const index = writeStudiesIndex(opts.out, ordered.map((e) => e.study), knobs, global.study.name, opts.sections);
  const total = seconds();
  const summed = perStudy.reduce((a, p) => a + p.seconds, 0);
  opts.log(`\ngfxrtl study --all: ${perStudy.length} studies in ${total.toFixed(0)} s (${perStudy.map((p) => `${p.name} ${p.seconds.toFixed(0)} s`).join(', ')}; each from its first CPU slot to its end, ${summed.toFixed(0)} s summed: they overlapped by ${Math.max(0, summed - total).toFixed(0)} s); open ${index}`);
  return { status: 'complete', seconds: total, index, perStudy };
}

/** `line` with each of its non-empty lines prefixed by the study's name, so that lines of studies running at once say whose they are. */
function tagLines(study: string, line: string): string {
  return line
    .split('\n')
    .map((l) => (l === '' ? l : `[${study}] ${l}`))
    .join('\n');
}

/** One study's share of the job's budget: when it first got a slot (its start, in the profile) and its end, with the slot-seconds it held. */
class StudySlots implements SlotSource {
  private t0: number | null = null;
  private heldMs = 0;

  constructor(
    private readonly budget: SlotSource,
    private readonly study: string,
  ) {}

  async acquire(priority: number): Promise<Release> {
    const release = await this.budget.acquire(priority);
    const t = Date.now();
    this.start(t);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.heldMs += Date.now() - t;
      release();
    };
  }

  /** The study's end: its wall seconds from its first slot (0 if it never took one). */
  end(): number {
    const t = Date.now();
    this.start(t);
    profile({ ev: 'study', study: this.study, edge: 'end', maxRssKb: process.resourceUsage().maxRSS, slotMs: this.heldMs });
    return (t - this.t0!) / 1000;
  }

  private start(t: number): void {
    if (this.t0 !== null) return;
    this.t0 = t;
    profile({ ev: 'study', study: this.study, edge: 'start' });
  }
}

/** ROOT/index.md: every study run into ROOT/<name>, the knobs that priced
 *  them, and the sections across studies (the rasterizers side by side). */
export function writeStudiesIndex(root: string, done: readonly Study[], knobs: string | undefined, global: string, sections: readonly CrossStudySection[]): string {
  const names = done.map((s) => s.name);
  const lines = ['# gfxrtl studies', '', `Every shipped study, run by \`gfxrtl study --all\` (\`npm start\`). The cost model's global knobs, which price every study, come from ${knobs ?? 'the defaults (no study calibrated)'}, fitted on the ${global} design.`, ''];
  for (const s of done) lines.push(`- [${s.name}](${s.name}/index.md): ${s.summary}`);
  const dirOf = (s: string): string | null => (names.includes(s) ? join(root, s) : null);
  for (const sec of sections) if (sec.studies.some((s) => names.includes(s))) lines.push('', sec.render(dirOf));
  const file = join(root, 'index.md');
  writeDurable(file, lines.join('\n') + '\n');
  writeStudiesHtmlIndex(root, done.map((s) => ({ name: s.name, summary: s.summary })), knobs ?? 'the defaults (no study calibrated)');
  return file;
}

/** The main job's line saying how it narrows study `name` (its sweep options, if any: a narrowing of the experiments alone, as the merge studies', has none to show). */
export function narrowingLine(name: string, main: NonNullable<Study['mainJob']>): string {
  const params = main.params !== undefined ? Object.entries(main.params).map(([k, v]) => `${k}=${v}`).join(',') : undefined;
  const options = `${main.only !== undefined ? ` --only ${main.only}` : ''}${params !== undefined ? ` --param ${params}` : ''}`;
  return `gfxrtl study --all: ${name} narrowed (${main.why})${options === '' ? '' : `:${options}`}; gfxrtl study ${name} runs it in full`;
}
