// The Blur rasterizer study: mode (motion, defocus, blur; each N = 64) x
// TVP x SPF x PMT x STS x STP x edge form x time form x reciprocal x
// jitter, each micro-architecture elaborated once from units/blur,
// simulated on the micropolygon workload with its seeded motion and lens,
// and priced at every Vt x Vdd x pipeline depth. The edge form
// (incremental, the study's; multiply), the time form (lerp2, the study's;
// lerp1) and the reciprocal (unrolled, radix4, newton) change no cycle
// (cycle-reuse.ts): their netlists share one simulation. The jitter (tuple,
// the study's; tile) changes the hits and is simulated per value.
// Frontier: performance density against energy per MP (one triangle), per
// mode. A full sweep is 3 x 10368 micro-architectures, 144 cycle classes
// per mode simulated (more where a narrow STP puts a tuple out of range) of
// 0.27 to 0.57 M cycles each on 4096 triangles (units/blur/README.md), the
// rest priced on those counts: hours on this machine; `--param count=...`
// and `--only` cut it down.
import { BLUR_UNIT } from '../../units/blur/units.js';
import { defineStudy } from '../../explore/index.js';
import { MP, RASTER_METRICS, RASTER_OBJECTIVES, RASTER_RATE_TARGETS } from '../raster/metrics.js';
import { RASTER_TOOLS } from '../raster/tools.js';
import { BLUR_CALIBRATION, BLUR_CROSS_CHECK } from './calibration.js';
import { BLUR_COUNTER_DISPLAY, BLUR_DRIVER } from './driver.js';
import { MAIN_JOB } from './main-job.js';
import { STABILITY_SECTION } from './stability-section.js';
import { BLUR_SAMPLING } from './sampling.js';
import { SEED_SPREAD_EXPERIMENT } from './seed-experiment.js';
import { BLUR_MESH_FILE, blurWorkloads } from './workloads.js';
import type { BlurConfig } from '../../units/blur/config.js';

export const study = defineStudy({
  name: 'blur',
  summary: 'Blur micropolygon rasterizer (motion, defocus, blur at N = 64; TVP x SPF x PMT x STS x STP)',
  mainJob: MAIN_JOB,
  unit: BLUR_UNIT,
  space: {
    // STP first (slowest, narrowest first): a micro-architecture's wider
    // STPs reuse its narrowest one's simulation (cycle-reuse.ts). The edge
    // form next, so all multiply-form runs at an STP finish before their
    // incremental twins ask for them (the two worker threads would
    // otherwise simulate each pair side by side).
    // The jitter (tuple: the study's sample pattern, the default; tile: the
    // per-tile shift) changes the hits, so each value is simulated; the
    // time form and the reciprocal's architecture, like the edge form,
    // change no cycle. render=defocus has no time unit: its two time forms
    // are one netlist.
    sweep: { stp: 'all', edge: 'all', time: 'all', recip: 'all', jitter: 'all', render: 'all', tvp: 'all', spf: 'all', pmt: 'all', sts: 'all' },
    modeKeys: ['render'],
    mode: (c) => c.render,
  },
  work: MP,
  workloads: blurWorkloads<BlurConfig>(),
  driver: BLUR_DRIVER,
  fileWorkload: BLUR_MESH_FILE,
  metrics: RASTER_METRICS,
  objectives: RASTER_OBJECTIVES,
  counterDisplay: BLUR_COUNTER_DISPLAY,
  // Lanes stall (the iterator holds a positioned MP for several cycles) and
  // the front end holds an MP for 64 tuples: retimed registers need enables.
  pipelineRegisters: { enable: true },
  rateTargets: RASTER_RATE_TARGETS,
  // MP/cycle of the designs that matter known to 1% (or the cap): more workload replicates (sampling.ts).
  sampleExtension: BLUR_SAMPLING,
  // The global knobs: fitted on the Blur design this sweep picks (calibration.ts).
  calibration: BLUR_CALIBRATION,
  crossCheck: BLUR_CROSS_CHECK,
  // Checks the within-run confidence intervals against the spread across seeds.
  experiments: [SEED_SPREAD_EXPERIMENT],
  report: [{ kind: 'frontier' }, { kind: 'rate-cost' }, { kind: 'constrained' }, { kind: 'microarch' }, { kind: 'calibration' }, STABILITY_SECTION, { kind: 'experiments' }],
  tools: RASTER_TOOLS,
});
