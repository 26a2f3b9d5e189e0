// `gfxrtl study [NAME]`: a study end to end with no other flags; `gfxrtl
// study --all` (what `npm start` runs) does every shipped study in turn, each
// into its own folder, and writes an index linking them. Calibrate the cost model's global
// knobs against the published components the study maps (and cross-check
// areas with Yosys), sweep every micro-architecture x physical point with
// those knobs on the study's default workload, and write the report.
// Rerunning resumes the sweep.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { allStudies, DEFAULT_STUDY, findStudy } from '../../studies/registry.js';
import { writeDurable } from '../../synth-models/sweep/files.js';
import { CALIBRATION_JSON, runExperiments } from '../../synth-models/report/index.js';
import { resolveSpec, studyAxes } from '../../synth-models/sweep/index.js';
import { ConfigError } from '../../units/config.js';
import { checkOutputDir } from '../io.js';
import { calibrateCommand } from './calibrate.js';
import { numberPairs, workersOption } from './options.js';
import { sweepCommand } from './sweep.js';

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
  /** A calibration file for a study that maps no published components: the
   *  knobs are global to the cost model, so `--all` hands the raster
   *  calibration on to the merge and sort studies. */
  knobs?: string;
}

export async function studyCommand(name: string | undefined, opts: StudyOptions): Promise<void> {
  if (opts.all !== true) return runStudy(name ?? DEFAULT_STUDY, opts);
  if (name !== undefined) throw new ConfigError(`study: give a study name or --all, not both (--all runs ${shippedStudies().join(', ')})`);
  if (opts.only !== undefined || opts.param !== undefined) throw new ConfigError('study: --only and --param name one study\'s keys; they do not apply with --all');
  checkOutputDir(opts.out, '--out');
  const t0 = Date.now();
  const names = shippedStudies();
  const done: string[] = [];
  let knobs: string | undefined;
  for (const n of names) {
    const out = join(opts.out, n);
    mkdirSync(out, { recursive: true });
    console.error(`
gfxrtl study --all: ${n} (${done.length + 1} of ${names.length}) -> ${out}`);
    // A study too long for the main job at full size says how to narrow it.
    const main = findStudy(n).study.mainJob;
    if (main !== undefined) console.error(`gfxrtl study --all: ${n} narrowed (${main.why}):${main.only !== undefined ? ` --only ${main.only}` : ''}${main.params !== undefined ? ` --param ${Object.entries(main.params).map(([k, v]) => `${k}=${v}`).join(',')}` : ''}; gfxrtl study ${n} runs it in full`);
    const narrow = main === undefined ? {} : { ...(main.only !== undefined && { only: main.only }), ...(main.params !== undefined && { param: Object.entries(main.params).map(([k, v]) => `${k}=${v}`).join(',') }) };
    await runStudy(n, { ...opts, out, ...narrow, ...(knobs !== undefined && { knobs }) });
    if (process.exitCode) return; // interrupted: the sweep said how to resume; rerunning --all resumes too
    done.push(n);
    const cal = join(out, CALIBRATION_JSON);
    if (knobs === undefined && existsSync(cal)) knobs = cal;
  }
  const lines = ['# gfxrtl studies', '', `Every shipped study, run by \`gfxrtl study --all\` (\`npm start\`). The cost model's global knobs come from ${knobs ?? 'the defaults (no study calibrated)'}.`, ''];
  for (const n of done) lines.push(`- [${n}](${n}/index.md): ${findStudy(n).study.summary}`);
  writeDurable(join(opts.out, 'index.md'), lines.join('\n') + '\n');
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
  numberPairs('study', '--param', opts.param);
  if (opts.activity !== undefined && opts.activity !== 'full' && opts.activity !== 'toggle') throw new ConfigError(`study: --activity ${opts.activity} is not valid; allowed: full | toggle`);
  resolveSpec(studyAxes(study), { ...(opts.only !== undefined && { only: opts.only }), ...(opts.activity !== undefined && { activity: opts.activity }) });
  checkOutputDir(opts.out, '--out');
  const t0 = Date.now();
  const step = (n: number, what: string): void => console.error(`\ngfxrtl study ${study.name} [${((Date.now() - t0) / 1000).toFixed(0)} s] step ${n}/2: ${what}`);
  step(1, 'calibrate the 45 nm cost model against the published components (and cross-check areas with Yosys)');
  await calibrateCommand({ study: study.name, out: opts.out, ...(opts.yosys !== undefined && { yosys: opts.yosys }) });
  if (study.experiments && study.experiments.length > 0) {
    const seed = study.workloads[0]?.seed ?? 1;
    console.error(`\ngfxrtl study ${study.name}: experiments ${study.experiments.map((e) => e.name).join(', ')} (seed ${seed})`);
    for (const f of await runExperiments(study.experiments, opts.out, seed)) console.error(`experiment: ${f}`);
  }
  const own = join(opts.out, CALIBRATION_JSON);
  const knobs = existsSync(own) ? own : opts.knobs;
  step(2, `sweep ${study.unit.name} micro-architectures x Vt x Vdd x pipeline depth on the ${study.workloads[0]?.name ?? ''} workload, then write the report`);
  await sweepCommand({
    study: study.name,
    out: opts.out,
    ...(knobs !== undefined && existsSync(knobs) && { knobs }),
    ...(opts.workers !== undefined && { workers: opts.workers }),
    ...(opts.quiet !== undefined && { quiet: opts.quiet }),
    ...(opts.activity !== undefined && { activity: opts.activity }),
    ...(opts.only !== undefined && { only: opts.only }),
    ...(opts.param !== undefined && { param: opts.param }),
    report: true,
  });
  if (process.exitCode) return; // the sweep was interrupted and said how to resume
  console.error(`\ngfxrtl study ${study.name}: done in ${((Date.now() - t0) / 1000).toFixed(0)} s; open ${join(opts.out, 'index.md')}`);
}
