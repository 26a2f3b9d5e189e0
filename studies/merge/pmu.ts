// The PMU study: the cost sweep of buffer entries (area from each
// elaborated netlist, shading saved and cycles per quad from cycle
// simulation of it on a scene), with the shading-work experiment over all
// scenes (the game-like frame among them), areas, MSAA rates and buffer
// sizes (golden model, efficiency under both readings, heat maps and
// plots) as its experiment.
import { PMU_UNIT } from '../../units/builtin.js';
import type { PmuConfig } from '../../units/pmu/config.js';
import { defineStudy } from '../../explore/index.js';
import { MERGE_COUNTERS, MERGE_METRICS, MERGE_OBJECTIVES, QUAD, pmuStream, runMergeStream, sceneWorkloads } from './driver.js';
import { MAIN_JOB_WHY } from './main-job.js';
import { shadingWorkExperiment } from './study-experiment.js';

export const study = defineStudy({
  name: 'pmu',
  summary: 'pixel merge unit: shading work saved against area, over buffer entries',
  unit: PMU_UNIT,
  space: {
    sweep: { entries: [1, 4, 16], msaa: ['4'] },
    modeKeys: ['msaa'],
    mode: (c) => `pmu${c.msaa}x`,
  },
  work: QUAD,
  workloads: sceneWorkloads<PmuConfig>(() => 512, pmuStream),
  driver: { run: (ctx) => runMergeStream(ctx, 'Pmu') },
  metrics: MERGE_METRICS,
  objectives: MERGE_OBJECTIVES,
  counterDisplay: MERGE_COUNTERS,
  pipelineRegisters: { enable: true },
  mainJob: { why: `the shading-work experiment on ${MAIN_JOB_WHY}` },
  experiments: [shadingWorkExperiment('pmu')],
  report: [{ kind: 'frontier' }, { kind: 'microarch' }, { kind: 'experiments' }],
});
