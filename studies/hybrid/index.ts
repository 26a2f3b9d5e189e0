// The Hybrid rasterizer study: one unit (TVP x SPF x PMT x STS x STP) that
// runs NoBlur 4x, NoBlur 16x, motion and blur, picked by its per-frame mode
// input. Each workload is one of those modes on the default micropolygon
// mix (with its motion and lens), so a sweep per workload prices the same
// netlists and simulates them in that mode; a row's workload id names the
// mode it was measured on (hybridMode). The default workload, `joint`,
// simulates each netlist in all four modes and scores it by the joint
// objective (joint.ts: the geometric mean of the four MP rates).
import { runHybrid } from '../../testbenches/blur/index.js';
import { ToggleCounter } from '../../testbenches/toggles.js';
import { HYBRID_MODES, type HybridConfig, type HybridMode } from '../../units/blur/config.js';
import { HYBRID_UNIT } from '../../units/blur/units.js';
import { defineStudy, type Counts, type Driver, type WorkloadDef } from '../contract.js';
import { BLUR_MESH_FILE, blurWorkloads, type BlurInput } from '../blur/workloads.js';
import { MP, RASTER_METRICS, RASTER_OBJECTIVES, RASTER_RATE_TARGETS } from '../raster/metrics.js';
import { modeRateKey, withJoint } from './joint.js';

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

const DRIVER: Driver<HybridConfig, HybridInput> = {
  run(ctx): Counts {
    const sim = ctx.simulator();
    const toggles = ctx.wantToggles ? new ToggleCounter(sim) : null;
    const w = ctx.workload;
    if (w.hybridMode === 'joint') throw new Error('hybrid: the joint workload runs through withJoint (joint.ts)');
    const run = runHybrid(ctx.config, w.hybridMode, w.mps, w.lens, {
      simulator: sim,
      ...(w.strata !== undefined && { strata: w.strata }),
      ...(toggles && { onCycle: () => toggles.sample() }),
    });
    const s = run.stats;
    const records: unknown[] = [];
    if (ctx.wantRecords) {
      w.mps.forEach((mp, i) => {
        for (const tuple of run.outOfRange[i]!) for (const tri of mp.src) records.push({ tri, tuple, outOfRange: true });
        for (const h of run.hits[i]!) records.push({ tri: mp.src[h.tri], tuple: h.tuple, tx: h.tx, ty: h.ty, sx: h.sx, sy: h.sy, z: h.z });
        for (const h of run.msaaHits[i]!) records.push({ tri: mp.src[h.tri], px: h.px, py: h.py, s: h.s, sx: h.sx, sy: h.sy, z: h.z });
      });
    }
    return {
      cycles: s.cycles,
      work: s.triangles,
      counters: {
        cycles: s.cycles,
        hybridMode: HYBRID_MODES.indexOf(w.hybridMode),
        inputRecords: s.mps,
        cyclesPerPositioned: s.cyclesPerPositioned,
        sampleTestEfficiency: s.sampleTestEfficiency,
        stallFraction: s.stallFraction,
        outOfRange: s.outOfRange,
      },
      ...(toggles && { toggles: toggles.result() }),
      ...(ctx.wantRecords && { records }),
    };
  },
};

export const study = defineStudy({
  name: 'hybrid',
  summary: 'Hybrid rasterizer: one unit running NoBlur 4x/16x, motion and blur (TVP x SPF x PMT x STS x STP); one workload per mode',
  notInMainJob: 'the Hybrid sweep simulates every micro-architecture on four workload modes: hours on 2 cores',
  unit: HYBRID_UNIT,
  space: {
    sweep: { tvp: 'all', spf: 'all', pmt: 'all', sts: 'all', stp: 'all' },
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
    { key: 'cyclesPerPositioned', display: { label: 'cycles per positioned MP (per pass in NoBlur modes)', unit: '', scale: 1 }, digits: 4 },
    { key: 'sampleTestEfficiency', display: { label: 'sample test efficiency', unit: '', scale: 1 }, digits: 4 },
    { key: 'stallFraction', display: { label: 'stall fraction', unit: '', scale: 1 }, digits: 4 },
    { key: 'outOfRange', display: { label: 'out of range (STP)', unit: '', scale: 1 } },
  ],
  pipelineRegisters: { enable: true },
  rateTargets: RASTER_RATE_TARGETS,
  report: [{ kind: 'frontier' }, { kind: 'rate-cost' }, { kind: 'constrained' }, { kind: 'microarch' }],
});
