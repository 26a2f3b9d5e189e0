// The Hybrid rasterizer study: one unit (TVP x SPF x PMT x STS x STP) that
// runs NoBlur 4x, NoBlur 16x, motion and blur, picked by its per-frame mode
// input. Each workload is one of those modes on the default micropolygon
// mix (with its motion and lens), so a sweep per workload prices the same
// netlists and simulates them in that mode; a row's workload id names the
// mode it was measured on (hybridMode). The default workload, `joint`,
// simulates each netlist in all four modes and scores it by the joint
// objective (joint.ts: the geometric mean of the four MP rates).
import { HYBRID_MODES, type HybridConfig, type HybridMode } from '../../units/blur/config.js';
import { HYBRID_UNIT } from '../../units/blur/units.js';
import { defineStudy, type WorkloadDef } from '../../explore/index.js';
import { BLUR_COUNTER_DISPLAY, blurFamilyDriver } from '../blur/driver.js';
import { MAIN_JOB } from '../blur/main-job.js';
import { STABILITY_SECTION } from '../blur/stability-section.js';
import { BLUR_SAMPLING } from '../blur/sampling.js';
import { BLUR_MESH_FILE, blurWorkloads, type BlurInput } from '../blur/workloads.js';
import { MP, RASTER_METRICS, RASTER_OBJECTIVES, RASTER_RATE_TARGETS } from '../raster/metrics.js';
import { modeRateKey, withJoint } from './joint.js';
import { InternalError } from '../../hdl/errors.js';

interface HybridInput extends BlurInput {
  /** 'joint': all four modes, scored by the joint objective (joint.ts). */
  readonly hybridMode: HybridMode | 'joint';
}

const MIX = blurWorkloads<HybridConfig>()[0]!;

function modeWorkload(mode: HybridMode | 'joint'): WorkloadDef<HybridConfig, HybridInput> {
  return {
    name: mode,
    doc: mode === 'joint' ? `the default mix with motion and lens, rendered in each of ${HYBRID_MODES.join(', ')}; scored by the joint objective (geometric mean of the four MP rates, joint.ts)` : `the default mix with motion and lens, rendered in ${mode} mode`,
    seed: MIX.seed,
    params: MIX.params,
    id: (p, seed) => `hybrid-${mode}-${MIX.id(p, seed)}`,
    describe: (p, seed) => `${MIX.describe(p, seed)}; hybrid mode ${mode}`,
    build: (p, seed, cfg) => ({ ...MIX.build(p, seed, cfg), hybridMode: mode }),
  };
}

// One mode's run through the blur family's driver (shared with Blur, which
// reuses cycle-identical runs); withJoint runs it once per mode for 'joint'.
const DRIVER = blurFamilyDriver<HybridConfig, HybridInput>(
  'hybrid',
  (w) => {
    if (w.hybridMode === 'joint') throw new InternalError('hybrid: the joint workload runs through withJoint (joint.ts)');
    return { kind: 'hybrid', mode: w.hybridMode };
  },
  () => 'blur',
);

export const study = defineStudy({
  name: 'hybrid',
  summary: 'Hybrid rasterizer: one unit running NoBlur 4x/16x, motion and blur (TVP x SPF x PMT x STS x STP); one workload per mode',
  mainJob: MAIN_JOB,
  unit: HYBRID_UNIT,
  space: {
    // STP first, then the cycle-neutral forms and the jitter, as for Blur (studies/blur/cycle-reuse.ts).
    sweep: { stp: 'all', edge: 'all', time: 'all', recip: 'all', jitter: 'all', tvp: 'all', spf: 'all', pmt: 'all', sts: 'all' },
    modeKeys: [],
    mode: () => 'hybrid',
  },
  work: MP,
  // The first is the default: the joint objective over the four modes the
  // unit exists for (joint.ts); then each mode alone.
  workloads: (['joint', 'blur', 'motion', 'noblur4', 'noblur16'] as const).map(modeWorkload),
  driver: withJoint(DRIVER),
  fileWorkload: { doc: `${BLUR_MESH_FILE.doc}, rendered in blur mode`, read: (file, cfg) => ({ ...BLUR_MESH_FILE.read(file, cfg), hybridMode: 'blur' as const }) },
  metrics: RASTER_METRICS,
  objectives: RASTER_OBJECTIVES,
  counterDisplay: [
    { key: 'hybridMode', display: { label: 'hybrid mode (0 noblur4, 1 noblur16, 2 motion, 3 blur, 4 joint)', unit: '', scale: 1 } },
    ...HYBRID_MODES.map((m) => ({ key: modeRateKey(m), display: { label: `MPs per cycle in ${m} (joint rows)`, unit: '', scale: 1 }, digits: 4 })),
    ...BLUR_COUNTER_DISPLAY,
  ],
  pipelineRegisters: { enable: true },
  rateTargets: RASTER_RATE_TARGETS,
  // MP/cycle of the designs that matter known to 1% (or the cap): more workload replicates (sampling.ts).
  sampleExtension: BLUR_SAMPLING,
  report: [{ kind: 'frontier' }, { kind: 'rate-cost' }, { kind: 'constrained' }, { kind: 'microarch' }, STABILITY_SECTION],
});
