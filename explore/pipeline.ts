// A study end to end as one library call, and every shipped study in turn:
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
// - `runAllStudies` runs it first and prices every other study with its
//   OUT/<global>/calibration.json;
// - a study run alone without knobs is priced with the global study's
//   reference fit (no sweep of it needed), and says so;
// - a study whose own calibration is a cross-check (NoBlur against its own
//   instances) writes it beside the knobs it was priced with, never using it.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readKnobsFile } from '../synth-models/knobs-file.js';
import { calibrateStudy, type YosysCrossCheck } from './calibrate.js';
import type { CrossStudySection, Study } from './contract.js';
import { CALIBRATION_JSON } from './report/checks.js';
import { runExperiments } from './report/experiments.js';
import { profile, profilePhase } from './profile.js';
import { writeStudiesHtmlIndex } from './report/html/write-html.js';
import { writeReport } from './report/write.js';
import { writeDurable } from './sweep/files.js';
import { createProgress } from './sweep/progress.js';
import { runSweep, type SweepSummary } from './sweep/run.js';
import { resolveSpec } from './sweep/spec.js';
import { MICROARCH_DIR } from './sweep/store.js';
import { studyAxes } from './sweep/study-ref.js';
import { sweepSummaryLine } from './sweep/summary.js';
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
  /** Writes the interactive report of a finished sweep directory beside
   *  its index.md (the caller draws its waveforms); returns a line saying so. */
  readonly htmlReport?: (dir: string) => Promise<string>;
}

export type StudyRunStatus =
  | { readonly status: 'complete'; readonly seconds: number; readonly index: string }
  | { readonly status: 'interrupted'; readonly seconds: number };

/** Where the global study's sweep simulates, priced with the reference fit. */
export const SIMULATION_DIR = 'simulation';

/** The checks a study run makes before its first second of work. */
export function checkStudyRun(study: Study, opts: Pick<StudyRunOptions, 'only' | 'activity'>): void {
  resolveSpec(studyAxes(study), { ...(opts.only !== undefined && { only: opts.only }), ...(opts.activity !== undefined && { activity: opts.activity }) });
}

export async function runStudy(entry: StudyEntryRef, opts: StudyRunOptions): Promise<StudyRunStatus> {
  const { study } = entry;
  checkStudyRun(study, opts);
  const t0 = Date.now();
  const seconds = (): number => (Date.now() - t0) / 1000;
  const step = (n: number, what: string): void => opts.log(`\ngfxrtl study ${study.name} [${seconds().toFixed(0)} s] step ${n}/2: ${what}`);
  const cal = study.calibration;
  const own = join(opts.out, CALIBRATION_JSON);
  const isGlobal = cal !== undefined && (cal.role ?? 'global') === 'global';
  // What must finish before the report is written (a cross-check run beside the sweep).
  let beforeReport = async (): Promise<void> => {};
  // A fit that only sets the knobs runs no cross-check (the study's own step does).
  const noYosys: YosysCrossCheck = { skip: '' };
  mkdirSync(opts.out, { recursive: true });
  if (isGlobal && cal.pick !== undefined) {
    // Simulate once (priced with the reference fit), calibrate on the pick, iterated; price again.
    const sim = join(opts.out, SIMULATION_DIR);
    mkdirSync(sim, { recursive: true });
    step(1, `calibrate the 45 nm cost model on the reference ${study.unit.name} design, then simulate every micro-architecture once into ${sim}`);
    await calibrateStudy(study, { out: sim, yosys: noYosys, log: opts.log });
    // A grid: the calibration loop prices these simulations again with other
    // knobs and picks among them, and a design the bound skips under these
    // knobs might be the pick under those.
    if (opts.explore === 'bound') opts.log(`gfxrtl study ${study.name}: the simulation sweep is a grid (--explore bound does not apply): the calibration loop picks among its designs under knobs it has not priced yet`);
    const simulated = await sweep(entry, { ...opts, explore: 'grid' }, sim, join(sim, CALIBRATION_JSON), false);
    if (!simulated.complete) return { status: 'interrupted', seconds: seconds() };
    step(1, `calibrate on the design the sweep picks at ${cal.pick.limit} W/mm^2, iterated until the pick settles (pricing only)`);
    logText(opts, await calibrateStudy(study, { out: opts.out, sweep: sim, yosys: opts.yosys, log: opts.log }));
    seedSimulations(sim, opts.out);
  } else {
    step(1, cal === undefined ? 'no published components to calibrate against' : isGlobal ? 'calibrate the 45 nm cost model against the published components (and cross-check areas with Yosys)' : `cross-check: fit the published components on ${study.unit.name}'s own instances (never used to price; and cross-check areas with Yosys)`);
    if (cal !== undefined || study.crossCheck !== undefined) {
      const run = calibrateStudy(study, { out: opts.out, yosys: opts.yosys, log: opts.log });
      if (isGlobal) logText(opts, await run);
      else {
        // A cross-check prices nothing, so it runs beside the experiments and
        // the sweep (Yosys in its own process, the sweep in its workers: one
        // core idled through it before) and is awaited before the report,
        // which shows it.
        const settled = run.then((r) => ({ r }), (e: unknown) => ({ e }));
        beforeReport = async () => {
          const c = await settled;
          if ('e' in c) throw c.e;
          logText(opts, c.r);
        };
      }
    }
    if (!isGlobal) {
      if (opts.knobs !== undefined) {
        // The global knobs this study is priced with, beside its report.
        if (opts.knobs !== own) copyFileSync(opts.knobs, own);
      } else {
        const g = opts.global.study;
        opts.log(`gfxrtl study ${study.name}: priced with the global knobs fitted on the ${g.name} reference design (gfxrtl study ${g.name} iterates them on its sweep's pick; pass --knobs its calibration.json)`);
        await calibrateStudy(g, { out: opts.out, yosys: noYosys, log: opts.log });
      }
    }
  }
  if (study.experiments && study.experiments.length > 0) {
    const seed = study.workloads[0]?.seed ?? 1;
    opts.log(`\ngfxrtl study ${study.name}: experiments ${study.experiments.map((e) => e.name).join(', ')} (seed ${seed})`);
    const experiments = study.experiments;
    for (const f of await profilePhase(study.name, 'experiments', () => runExperiments(experiments, opts.out, seed, { mainJob: opts.mainJob === true, progress: (label, unit) => createProgress({ label, unit, quiet: opts.quiet }) }))) opts.log(`experiment: ${f}`);
  }
  step(2, `sweep ${study.unit.name} micro-architectures x Vt x Vdd x pipeline depth on the ${study.workloads[0]?.name ?? ''} workload, then write the report`);
  const priced = await sweep(entry, opts, opts.out, existsSync(own) ? own : undefined, () => beforeReport());
  if (!priced.complete) {
    await beforeReport();
    return { status: 'interrupted', seconds: seconds() };
  }
  const index = join(opts.out, 'index.md');
  opts.log(`\ngfxrtl study ${study.name}: done in ${seconds().toFixed(0)} s; open ${index}${opts.htmlReport ? ` (or ${join(opts.out, 'index.html')} in a browser)` : ''}`);
  return { status: 'complete', seconds: seconds(), index };
}

function logText(opts: StudyRunOptions, r: Awaited<ReturnType<typeof calibrateStudy>>): void {
  if (r.calibration) opts.print(r.calibration.text);
  if (r.yosys) opts.print(r.yosys.text);
}

/** The study's sweep into `out`; `report`: write the report once the sweep is complete and what it awaits has finished (false: no report). */
async function sweep(entry: StudyEntryRef, opts: StudyRunOptions, out: string, knobsFile: string | undefined, report: false | (() => Promise<void>)): Promise<SweepSummary> {
  const s = await profilePhase(entry.study.name, 'sweep', () => runSweep({
    study: { module: entry.module, name: entry.study.name, ...(opts.params !== undefined && Object.keys(opts.params).length > 0 && { params: { ...opts.params } }) },
    out,
    spec: { only: opts.only, activity: opts.activity },
    shard: null,
    ...(knobsFile !== undefined && { knobs: readKnobsFile(knobsFile), knobsSource: knobsFile }),
    ...(opts.workers !== undefined && { workers: opts.workers }),
    ...(opts.explore !== undefined && { explore: opts.explore }),
    progress: createProgress({ label: 'sweep', quiet: opts.quiet }),
    command: opts.command,
    ...(opts.signal !== undefined && { signal: opts.signal }),
  }));
  opts.log(sweepSummaryLine(out, s));
  if (!s.complete) opts.log(`sweep: to resume, rerun: ${opts.command}`);
  else if (report !== false) {
    await report();
    opts.log(`report: ${(await profilePhase(entry.study.name, 'report', () => writeReport(out))).index}${opts.htmlReport ? `; ${await opts.htmlReport(out)}` : ''}`);
  }
  return s;
}

/** The simulations of `from` (microarch/*.json) into `to`, so its sweep only prices. */
function seedSimulations(from: string, to: string): void {
  const src = join(from, MICROARCH_DIR);
  if (!existsSync(src)) return;
  const dst = join(to, MICROARCH_DIR);
  mkdirSync(dst, { recursive: true });
  for (const f of readdirSync(src)) if (!existsSync(join(dst, f))) copyFileSync(join(src, f), join(dst, f));
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

/** Every study of `entries` in turn, each into OUT/<name>, the global one
 *  first (its calibration prices all the others), and OUT/index.md. */
export async function runAllStudies(entries: readonly StudyEntryRef[], opts: AllStudiesOptions): Promise<AllStudiesStatus> {
  const t0 = Date.now();
  const global = opts.global;
  const shipped = mainJobStudies(entries, opts.log);
  const hasGlobal = shipped.some((e) => e.study.name === global.study.name);
  const ordered = hasGlobal ? [global, ...shipped.filter((e) => e.study.name !== global.study.name)] : shipped;
  const perStudy: { name: string; seconds: number }[] = [];
  let knobs: string | undefined;
  if (!hasGlobal) {
    opts.log(`\ngfxrtl study --all: ${global.study.name} is not in the main job; the global knobs are fitted on its reference design alone -> ${opts.out}`);
    await calibrateStudy(global.study, { out: opts.out, yosys: { skip: '' }, log: opts.log });
    knobs = join(opts.out, CALIBRATION_JSON);
  }
  for (const e of ordered) {
    const n = e.study.name;
    const out = join(opts.out, n);
    opts.log(`\ngfxrtl study --all: ${n} (${perStudy.length + 1} of ${ordered.length}) -> ${out}`);
    // A study too long for the main job at full size says how it is narrowed.
    const main = e.study.mainJob;
    if (main !== undefined) opts.log(narrowingLine(n, main));
    profile({ ev: 'study', study: n, edge: 'start' });
    const r = await runStudy(e, {
      ...opts,
      out,
      ...(main?.only !== undefined && { only: main.only }),
      ...(main?.params !== undefined && { params: main.params }),
      ...(main !== undefined && { mainJob: true }),
      ...(knobs !== undefined && n !== global.study.name && { knobs }),
    });
    profile({ ev: 'study', study: n, edge: 'end', maxRssKb: process.resourceUsage().maxRSS });
    // Interrupted: the sweep said how to resume; rerunning --all resumes too.
    if (r.status === 'interrupted') return { status: 'interrupted', seconds: (Date.now() - t0) / 1000, at: n };
    perStudy.push({ name: n, seconds: r.seconds });
    if (n === global.study.name) knobs = join(out, CALIBRATION_JSON);
  }
  const index = writeStudiesIndex(opts.out, ordered.map((e) => e.study), knobs, global.study.name, opts.sections);
  const seconds = (Date.now() - t0) / 1000;
  opts.log(`\ngfxrtl study --all: ${perStudy.length} studies in ${seconds.toFixed(0)} s (${perStudy.map((p) => `${p.name} ${p.seconds.toFixed(0)} s`).join(', ')}); open ${index}`);
  return { status: 'complete', seconds, index, perStudy };
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
