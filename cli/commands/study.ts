// `gfxrtl study [NAME]`: a study end to end with no other flags; `gfxrtl
// study --all` (what `npm start` runs) does every shipped study in turn, each
// into its own folder, and writes an index linking them. Rerunning resumes.
//
// The cost model's knobs are global, and the published component figures
// are a Blur design's, so the Blur study calibrates them and every other
// study is priced with its knobs:
// - the global study (registry.ts, globalCalibrationStudy) simulates its
//   sweep once into OUT/simulation (priced with the knobs fitted on its
//   reference design), calibrates on the design that sweep picks, iterated
//   until the pick settles (OUT/calibration.json), and prices the same
//   simulations again with the final knobs into OUT;
// - `--all` runs it first and hands OUT/<global>/calibration.json on;
// - a study run alone without --knobs is priced with the global study's
//   reference fit (no sweep of it needed), and says so;
// - a study whose own calibration is a cross-check (NoBlur against its own
//   instances) writes it beside the knobs it was priced with, never using it.
import { writeStudiesHtmlIndex } from '../../explore/report/html/write-html.js';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { allStudies, CROSS_STUDY_SECTIONS, DEFAULT_STUDY, findStudy, globalCalibrationStudy } from '../../studies/registry.js';
import { writeDurable } from '../../explore/sweep/files.js';
import { CALIBRATION_JSON, runExperiments } from '../../explore/report/index.js';
import { resolveSpec, selectWorkload, studyAxes } from '../../explore/sweep/index.js';
import { MICROARCH_DIR } from '../../explore/sweep/store.js';
import { ConfigError } from '../../units/config.js';
import { checkOutputDir } from '../io.js';
import { calibrateCommand, checkCalibrateOptions } from './calibrate.js';
import { numberPairs, workersOption } from './options.js';
import { readKnobs, sweepCommand } from './sweep.js';

export interface StudyOptions {
  out: string;
  workers?: string;
  yosys?: boolean;
  quiet?: boolean;
  activity?: string;
  only?: string;
  param?: string;
  /** Every shipped study (not the stand-ins), each into OUT/<name>. */
  all?: boolean;
  /** The global knobs (calibration.json of the global study) for every
   *  study but the global one: `--all` hands them on. */
  knobs?: string;
}

export async function studyCommand(name: string | undefined, opts: StudyOptions): Promise<void> {
  if (opts.all !== true) return runStudy(name ?? DEFAULT_STUDY, opts);
  if (name !== undefined) throw new ConfigError(`study: give a study name or --all, not both (--all runs ${shippedStudies().join(', ')})`);
  if (opts.only !== undefined || opts.param !== undefined) throw new ConfigError('study: --only and --param name one study\'s keys; they do not apply with --all');
  checkOutputDir(opts.out, '--out');
  const t0 = Date.now();
  const global = globalCalibrationStudy();
  const shipped = shippedStudies();
  // The global study first: its calibration prices all the others.
  const names = shipped.includes(global) ? [global, ...shipped.filter((n) => n !== global)] : shipped;
  const done: string[] = [];
  let knobs: string | undefined;
  if (!shipped.includes(global)) {
    console.error(`\ngfxrtl study --all: ${global} is not in the main job; the global knobs are fitted on its reference design alone -> ${opts.out}`);
    await calibrateCommand({ study: global, out: opts.out, yosys: false });
    knobs = join(opts.out, CALIBRATION_JSON);
  }
  for (const n of names) {
    const out = join(opts.out, n);
    mkdirSync(out, { recursive: true });
    console.error(`
gfxrtl study --all: ${n} (${done.length + 1} of ${names.length}) -> ${out}`);
    // A study too long for the main job at full size says how to narrow it.
    const main = findStudy(n).study.mainJob;
    if (main !== undefined) console.error(`gfxrtl study --all: ${n} narrowed (${main.why}):${main.only !== undefined ? ` --only ${main.only}` : ''}${main.params !== undefined ? ` --param ${Object.entries(main.params).map(([k, v]) => `${k}=${v}`).join(',')}` : ''}; gfxrtl study ${n} runs it in full`);
    const narrow = main === undefined ? {} : { ...(main.only !== undefined && { only: main.only }), ...(main.params !== undefined && { param: Object.entries(main.params).map(([k, v]) => `${k}=${v}`).join(',') }) };
    await runStudy(n, { ...opts, out, ...narrow, ...(knobs !== undefined && n !== global && { knobs }) });
    if (process.exitCode) return; // interrupted: the sweep said how to resume; rerunning --all resumes too
    done.push(n);
    if (n === global) knobs = join(out, CALIBRATION_JSON);
  }
  writeStudiesIndex(opts.out, done, knobs, global);
  console.error(`\ngfxrtl study --all: ${done.length} studies in ${((Date.now() - t0) / 1000).toFixed(0)} s; open ${join(opts.out, 'index.md')}`);
}

/** The studies `--all` runs: every registered one but the stand-ins and
 *  those too long for the main job (each says why, printed here). */
function shippedStudies(): string[] {
  const all = allStudies().filter((e) => e.study.example !== true);
  for (const e of all) if (e.study.notInMainJob !== undefined) console.error(`gfxrtl study --all: leaves out ${e.study.name} (${e.study.notInMainJob}); run it with gfxrtl study ${e.study.name}`);
  return all.filter((e) => e.study.notInMainJob === undefined).map((e) => e.study.name);
}

async function runStudy(name: string, opts: StudyOptions): Promise<void> {
  const { study } = findStudy(name);
  // The options the sweep takes are checked before calibration spends its minute.
  workersOption('study', opts.workers);
  // The workload's parameters, as the sweep will check them (names, ranges).
  selectWorkload(study, { params: numberPairs('study', '--param', opts.param) });
  checkCalibrateOptions({ ...(opts.yosys !== undefined && { yosys: opts.yosys }) });
  if (opts.activity !== undefined && opts.activity !== 'full' && opts.activity !== 'toggle') throw new ConfigError(`study: --activity ${opts.activity} is not valid; allowed: full | toggle`);
  resolveSpec(studyAxes(study), { ...(opts.only !== undefined && { only: opts.only }), ...(opts.activity !== undefined && { activity: opts.activity }) });
  checkOutputDir(opts.out, '--out');
  if (opts.knobs !== undefined) readKnobs(opts.knobs);
  const t0 = Date.now();
  const step = (n: number, what: string): void => console.error(`\ngfxrtl study ${study.name} [${((Date.now() - t0) / 1000).toFixed(0)} s] step ${n}/2: ${what}`);
  const sweepOpts = {
    study: study.name,
    ...(opts.workers !== undefined && { workers: opts.workers }),
    ...(opts.quiet !== undefined && { quiet: opts.quiet }),
    ...(opts.activity !== undefined && { activity: opts.activity }),
    ...(opts.only !== undefined && { only: opts.only }),
    ...(opts.param !== undefined && { param: opts.param }),
  };
  const cal = study.calibration;
  const own = join(opts.out, CALIBRATION_JSON);
  const isGlobal = cal !== undefined && (cal.role ?? 'global') === 'global';
  if (isGlobal && cal.pick !== undefined) {
    // Simulate once (priced with the reference fit), calibrate on the pick, iterated; price again.
    const sim = join(opts.out, SIMULATION_DIR);
    mkdirSync(sim, { recursive: true });
    step(1, `calibrate the 45 nm cost model on the reference ${study.unit.name} design, then simulate every micro-architecture once into ${sim}`);
    await calibrateCommand({ study: study.name, out: sim, yosys: false });
    await sweepCommand({ ...sweepOpts, out: sim, knobs: join(sim, CALIBRATION_JSON) });
    if (process.exitCode) return;
    step(1, `calibrate on the design the sweep picks at ${cal.pick.limit} W/mm^2, iterated until the pick settles (pricing only)`);
    await calibrateCommand({ study: study.name, out: opts.out, sweep: sim, ...(opts.yosys !== undefined && { yosys: opts.yosys }) });
    seedSimulations(sim, opts.out);
  } else {
    step(1, cal === undefined ? 'no published components to calibrate against' : isGlobal ? 'calibrate the 45 nm cost model against the published components (and cross-check areas with Yosys)' : `cross-check: fit the published components on ${study.unit.name}'s own instances (never used to price; and cross-check areas with Yosys)`);
    if (cal !== undefined || study.crossCheck !== undefined) await calibrateCommand({ study: study.name, out: opts.out, ...(opts.yosys !== undefined && { yosys: opts.yosys }) });
    if (!isGlobal) {
      if (opts.knobs !== undefined) {
        // The global knobs this study is priced with, beside its report.
        mkdirSync(opts.out, { recursive: true });
        if (opts.knobs !== own) copyFileSync(opts.knobs, own);
      } else {
        const g = globalCalibrationStudy();
        console.error(`gfxrtl study ${study.name}: priced with the global knobs fitted on the ${g} reference design (gfxrtl study ${g} iterates them on its sweep's pick; pass --knobs its calibration.json)`);
        await calibrateCommand({ study: g, out: opts.out, yosys: false });
      }
    }
  }
  if (study.experiments && study.experiments.length > 0) {
    const seed = study.workloads[0]?.seed ?? 1;
    console.error(`\ngfxrtl study ${study.name}: experiments ${study.experiments.map((e) => e.name).join(', ')} (seed ${seed})`);
    for (const f of await runExperiments(study.experiments, opts.out, seed)) console.error(`experiment: ${f}`);
  }
  step(2, `sweep ${study.unit.name} micro-architectures x Vt x Vdd x pipeline depth on the ${study.workloads[0]?.name ?? ''} workload, then write the report`);
  await sweepCommand({ ...sweepOpts, out: opts.out, ...(existsSync(own) && { knobs: own }), report: true });
  if (process.exitCode) return; // the sweep was interrupted and said how to resume
  console.error(`\ngfxrtl study ${study.name}: done in ${((Date.now() - t0) / 1000).toFixed(0)} s; open ${join(opts.out, 'index.md')} (or ${join(opts.out, 'index.html')} in a browser)`);
}

/** Where the global study's sweep simulates, priced with the reference fit. */
export const SIMULATION_DIR = 'simulation';

/** The simulations of `from` (microarch/*.json) into `to`, so its sweep only prices. */
function seedSimulations(from: string, to: string): void {
  const src = join(from, MICROARCH_DIR);
  if (!existsSync(src)) return;
  const dst = join(to, MICROARCH_DIR);
  mkdirSync(dst, { recursive: true });
  for (const f of readdirSync(src)) if (!existsSync(join(dst, f))) copyFileSync(join(src, f), join(dst, f));
}

/** ROOT/index.md: every study run into ROOT/<name>, the knobs that priced
 *  them, and the sections across studies (the rasterizers side by side). */
export function writeStudiesIndex(root: string, done: readonly string[], knobs: string | undefined, global: string): string {
  const lines = ['# gfxrtl studies', '', `Every shipped study, run by \`gfxrtl study --all\` (\`npm start\`). The cost model's global knobs, which price every study, come from ${knobs ?? 'the defaults (no study calibrated)'}, fitted on the ${global} design.`, ''];
  for (const n of done) lines.push(`- [${n}](${n}/index.md): ${findStudy(n).study.summary}`);
  const dirOf = (s: string): string | null => (done.includes(s) ? join(root, s) : null);
  for (const sec of CROSS_STUDY_SECTIONS) if (sec.studies.some((s) => done.includes(s))) lines.push('', sec.render(dirOf));
  const file = join(root, 'index.md');
  writeDurable(file, lines.join('\n') + '\n');
  writeStudiesHtmlIndex(root, done.map((n) => ({ name: n, summary: findStudy(n).study.summary })), knobs ?? 'the defaults (no study calibrated)');
  return file;
}
