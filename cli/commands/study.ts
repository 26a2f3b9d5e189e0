// `gfxrtl study [NAME]` (what `npm start` runs, for the default study): a
// study end to end with no other flags. Calibrate the cost model's global
// knobs against the published components the study maps (and cross-check
// areas with Yosys), sweep every micro-architecture x physical point with
// those knobs on the study's default workload, and write the report.
// Rerunning resumes the sweep.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_STUDY, findStudy } from '../../studies/registry.js';
import { CALIBRATION_JSON, runExperiments } from '../../synth-models/report/index.js';
import { calibrateCommand } from './calibrate.js';
import { sweepCommand } from './sweep.js';

export interface StudyOptions {
  out: string;
  workers?: string;
  yosys?: boolean;
  quiet?: boolean;
  activity?: string;
  only?: string;
  param?: string;
}

export async function studyCommand(name: string | undefined, opts: StudyOptions): Promise<void> {
  const { study } = findStudy(name ?? DEFAULT_STUDY);
  const t0 = Date.now();
  const step = (n: number, what: string): void => console.error(`\ngfxrtl study ${study.name} [${((Date.now() - t0) / 1000).toFixed(0)} s] step ${n}/2: ${what}`);
  step(1, 'calibrate the 45 nm cost model against the published components (and cross-check areas with Yosys)');
  await calibrateCommand({ study: study.name, out: opts.out, ...(opts.yosys !== undefined && { yosys: opts.yosys }) });
  if (study.experiments && study.experiments.length > 0) {
    const seed = study.workloads[0]?.seed ?? 1;
    console.error(`\ngfxrtl study ${study.name}: experiments ${study.experiments.map((e) => e.name).join(', ')} (seed ${seed})`);
    for (const f of await runExperiments(study.experiments, opts.out, seed)) console.error(`experiment: ${f}`);
  }
  const knobs = join(opts.out, CALIBRATION_JSON);
  step(2, `sweep ${study.unit.name} micro-architectures x Vt x Vdd x pipeline depth on the ${study.workloads[0]?.name ?? ''} workload, then write the report`);
  await sweepCommand({
    study: study.name,
    out: opts.out,
    ...(existsSync(knobs) && { knobs }),
    ...(opts.workers !== undefined && { workers: opts.workers }),
    ...(opts.quiet !== undefined && { quiet: opts.quiet }),
    ...(opts.activity !== undefined && { activity: opts.activity }),
    ...(opts.only !== undefined && { only: opts.only }),
    ...(opts.param !== undefined && { param: opts.param }),
    report: true,
  });
  console.error(`\ngfxrtl study ${study.name}: done in ${((Date.now() - t0) / 1000).toFixed(0)} s; open ${join(opts.out, 'index.md')}`);
}
