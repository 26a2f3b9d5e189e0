// The shading-work experiment as the study contract's Experiment, one per
// unit: the golden-model measurements (results rows as records, the
// headline tables as the report section). The pictures (heat maps, plots,
// the cost frontier) and the full tables go to the experiment's own folder
// in the study's report, written by the same runner as
// `npx tsx studies/merge/run.ts --unit qfm|pmu`. In the main job (`npm
// start`) it runs the decimated set (main-job.ts), and says so.
import type { Experiment } from '../../explore/index.js';
import { DEFAULT_PARAMS, type MergeUnit } from './experiment.js';
import { MAIN_JOB_PARAMS, MAIN_JOB_WHY } from './main-job.js';
import { definitions } from './report.js';
import { runMergeStudy } from './run.js';
import { pmuTable, shadedTable } from './tables.js';

export function shadingWorkExperiment(unit: MergeUnit): Experiment {
  return {
    name: `${unit}-shading-work`,
    doc: `Shaded quads per covered pixel for NOMERGE, ${unit.toUpperCase()} at every buffer size and the ideal buffer, over full-size scenes (four surfaces in square patches, and a game-like frame), triangle areas and MSAA rates, from the golden models${unit === 'pmu' ? '; the PMU\'s efficiency under both readings and its savings' : ''}; heat maps, plots, cost and throughput in the experiment folder`,
    async run(seed, files, context) {
      const mainJob = context?.mainJob === true;
      const params = { ...(mainJob ? MAIN_JOB_PARAMS : DEFAULT_PARAMS), unit, seed };
      const what = mainJob ? `the main job's decimated set: ${MAIN_JOB_WHY}` : 'the full set';
      const { rows } = await runMergeStudy({ params, out: files.dir, heatArea: 1, heatMsaa: 4, heatEntries: 32, cost: true, throughput: true, what, log: () => undefined, ...(context?.progress !== undefined && { progress: context.progress(`${unit}-shading-work`, 'steps') }) });
      const at4 = rows.filter((r) => r.msaa === 4);
      const markdown = [
        `Measured on ${what}. Full tables, heat maps and plots: [${files.link}/index.md](${files.link}/index.md).`,
        '',
        ...definitions(params),
        '',
        'Pixel-shader executions per covered pixel at MSAA 4x:',
        '',
        shadedTable(at4, 4, params.entries),
        '',
        ...(unit === 'pmu' ? ['PMU efficiency at MSAA 4x (each cell: saved/partial / partial drop / savings):', '', pmuTable(at4, 4, params.entries), ''] : []),
      ].join('\n');
      return {
        markdown,
        records: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null || v === undefined ? '' : v]))) as Record<string, string | number | boolean>[],
      };
    },
  };
}
