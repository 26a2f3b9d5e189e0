// `gfxrtl study [NAME]`: a study end to end with no other flags; `gfxrtl
// study --all` (what `npm start` runs) does every shipped study, at once on
// the cores, each into its own folder, and writes an index linking them.
// Rerunning resumes.
// The options are parsed and checked here, before any work; the run itself
// is the engine's pipeline (explore/pipeline.ts), which says how the
// global knobs are fitted and handed on.
import { runAllStudies, runStudy, type StudyRunOptions } from '../../explore/pipeline.js';
import { allStudies, CROSS_STUDY_SECTIONS, DEFAULT_STUDY, findStudy, globalCalibrationStudy } from '../../studies/registry.js';
import { ConfigError } from '../../units/config.js';
import { checkOutputDir } from '../io.js';
import { checkCalibrateOptions } from './calibrate.js';
import { yosysCrossCheck } from './crosscheck-units.js';
import { HTML_REPORT_MODULE } from '../html-report.js';
import { parseExplore, selectWorkload } from '../../explore/sweep/index.js';
import { numberPairs, workersOption } from './options.js';
import { withStopSignal } from './stop.js';
import { readKnobs } from './knobs-option.js';

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
  /** bound (default) | grid. */
  explore?: string;
}

export async function studyCommand(name: string | undefined, opts: StudyOptions): Promise<void> {
  if (opts.all === true && name !== undefined) throw new ConfigError(`study: give a study name or --all, not both (--all runs every shipped study)`);
  if (opts.all === true && (opts.only !== undefined || opts.param !== undefined)) throw new ConfigError('study: --only and --param name one study\'s keys; they do not apply with --all');
  // Everything the user typed is checked before calibration spends its minute.
  const workers = workersOption('study', opts.workers);
  const explore = parseExplore('study', opts.explore, 'bound');
  const params = numberPairs('study', '--param', opts.param);
  checkCalibrateOptions({ ...(opts.yosys !== undefined && { yosys: opts.yosys }) });
  if (opts.activity !== undefined && opts.activity !== 'full' && opts.activity !== 'toggle') throw new ConfigError(`study: --activity ${opts.activity} is not valid; allowed: full | toggle`);
  const activity = opts.activity;
  checkOutputDir(opts.out, '--out');
  if (opts.knobs !== undefined) readKnobs(opts.knobs);
  const entry = opts.all === true ? null : findStudy(name ?? DEFAULT_STUDY);
  // The workload's parameters, as the sweep will check them (names, ranges).
  if (entry !== null) selectWorkload(entry.study, { params });
  const global = findStudy(globalCalibrationStudy());
  const command = ['gfxrtl', ...process.argv.slice(2)].join(' ');
  const common: Omit<StudyRunOptions, 'signal'> = {
    out: opts.out,
    workers,
    explore,
    ...(opts.quiet !== undefined && { quiet: opts.quiet }),
    ...(activity !== undefined && { activity }),
    yosys: yosysCrossCheck(opts),
    global,
    command,
    log: (l) => console.error(l),
    print: (t) => console.log(t),
    // The interactive report beside the Markdown one (its waveforms are the CLI's
    // to draw), written on a phase thread: the module, not the function.
    htmlModule: HTML_REPORT_MODULE,
  };
  await withStopSignal('study', async (signal) => {
    if (entry === null) return (await runAllStudies(allStudies(), { ...common, signal, sections: CROSS_STUDY_SECTIONS })).status === 'complete';
    const r = await runStudy(entry, {
      ...common,
      signal,
      ...(opts.only !== undefined && { only: opts.only }),
      ...(Object.keys(params).length > 0 && { params }),
      ...(opts.knobs !== undefined && { knobs: opts.knobs }),
    });
    return r.status === 'complete';
  });
}
