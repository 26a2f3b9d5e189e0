// The shading-work experiment as the study contract's Experiment: the
// golden-model measurements (results rows as records, the headline table as
// the report section). The pictures (heat maps, plots, the cost frontier
// over both units) go to the experiment's own folder in the study's report,
// written by the same runner as `npx tsx studies/merge/run.ts`.
import type { Experiment } from '../../explore/index.js';
import { DEFAULT_PARAMS } from './experiment.js';
import { runMergeStudy } from './run.js';

export const shadingWorkExperiment: Experiment = {
  name: 'shading-work',
  doc: 'Shaded quads per covered pixel for NOMERGE, QFM and the PMU (bounded and unbounded) over scenes, triangle areas, MSAA rates and buffer sizes, from the golden models; heat maps, plots, cost and throughput in the experiment folder',
  async run(seed, files) {
    const out = files.dir;
    const { rows } = await runMergeStudy({ params: { ...DEFAULT_PARAMS, seed }, out, heatArea: 1, heatMsaa: 4, heatEntries: 32, cost: true, throughput: true, log: () => undefined });
    const pick = (u: string, e: number | null, scene: string, area: number) => rows.find((r) => r.unit === u && r.entries === e && r.scene === scene && r.triArea === area && r.msaa === 4);
    const lines = ['| scene | area | NOMERGE | QFM (32) | QFM unbounded | PMU (32) | PMU unbounded |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: |'];
    for (const scene of DEFAULT_PARAMS.scenes) {
      for (const area of DEFAULT_PARAMS.areas) {
        const f = (u: string, e: number | null): string => pick(u, e, scene, area)?.shadedPerPixel.toFixed(2) ?? '';
        lines.push(`| ${scene} | ${area} | ${f('nomerge', null)} | ${f('qfm', 32)} | ${f('qfm-unbounded', null)} | ${f('pmu', 32)} | ${f('pmu-unbounded', null)} |`);
      }
    }
    return {
      markdown: `Pixel-shader executions per covered pixel at MSAA 4x. Full report with heat maps and plots: [${files.link}/index.md](${files.link}/index.md).\n\n${lines.join('\n')}\n`,
      records: rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null || v === undefined ? '' : v]))) as Record<string, string | number | boolean>[],
    };
  },
};
