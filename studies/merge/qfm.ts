// The QFM study: the cost sweep of buffer entries and mask width (area from
// each elaborated netlist, shading saved and cycles per quad from cycle
// simulation of it on a scene), with the shading-work experiment over all
// scenes, areas, MSAA rates and buffer sizes (golden model, heat maps and
// plots) as its experiment.
import { QFM_UNIT } from '../../units/builtin.js';
import type { QfmConfig } from '../../units/qfm/config.js';
import { defineStudy } from '../../explore/index.js';
import { MERGE_COUNTERS, MERGE_METRICS, MERGE_OBJECTIVES, QUAD, qfmStream, runMergeStream, sceneWorkloads } from './driver.js';
import { MAIN_JOB_WHY } from './main-job.js';
import { shadingWorkExperiment } from './study-experiment.js';

export const study = defineStudy({
  name: 'qfm',
  summary: 'quad-fragment merge buffer: shading work saved against area, over buffer entries and mask width',
  unit: QFM_UNIT,
  space: {
    sweep: { entries: [1, 4, 16, 32], maskWidth: [64, 512], msaa: ['4'] },
    modeKeys: ['msaa'],
    mode: (c) => `qfm${c.msaa}x`,
  },
  work: QUAD,
  workloads: sceneWorkloads<QfmConfig>((c) => c.maskWidth, qfmStream),
  driver: { run: (ctx) => runMergeStream(ctx, 'Qfm') },
  metrics: MERGE_METRICS,
  objectives: MERGE_OBJECTIVES,
  counterDisplay: MERGE_COUNTERS,
  pipelineRegisters: { enable: true },
  mainJob: { why: `the shading-work experiment on ${MAIN_JOB_WHY}` },
  experiments: [shadingWorkExperiment('qfm')],
  report: [{ kind: 'frontier' }, { kind: 'microarch' }, { kind: 'experiments' }],
});
