// How the Blur netlist meets the seven published components (raster-units.md,
// "Calibration data"): which instances implement each, and the registers and
// tuple-ROM logic each owns. These knobs are the cost model's global ones:
// every study is priced with them (cli/commands/study.ts).
//
// Ownership follows NoBlur's rule (units/noblur/components.ts): a component
// owns its instances, the stage registers holding what it produces, and the
// control it drives; registers that only carry a value past a stage (ids,
// depths, input vertices held in R0) belong to no component.
// - Front end: the tuple ROM's t output is read by sample in time alone, its
//   u, v outputs by sample in lens alone (each takes the ROM cone feeding
//   that output). The radius r = A (1 - F / z) is part of sample in lens
//   (raster-units.md: "per vertex radius r = 1 / z, then x += u r"). The
//   positioned vertices (Rp and the SPF partial registers) and the front
//   end's sequencing (tuple counter, SPF phase, R0/Rp valid bits: the 64-tuple
//   hold) are charged to the last positioning unit, which produces them:
//   sample in lens, or sample in time when the mode has no lens.
// - Back-face cull: in the front end, once per positioned MP (the lanes get
//   positioned MPs already culled), with its fit check (StampFit, which it
//   needs to know when its narrow sign is exact) and the Rp registers that
//   hold its facing bits; lanes carry them (R0 .. R2) for no component.
// - Interpolation: the per-triangle reciprocals of D are in the front end
//   too, once per positioned MP (with the Rp registers holding n and L,
//   which the lanes carry for no component), and each lane's DepthInterp.
// - Lanes (PMT of them; a component is the sum over its lanes): as NoBlur's
//   R1..R4 inside each lane; the tuple ROM's jitter outputs (jx, jy) go to
//   the sample test, which alone reads them; the lane dispatch pointer (rr)
//   and the out-of-range counter go to the iterator with the valid bits its
//   stall drives. The edge setup is in no published row; it is the sample
//   test's per-MP part (Pineda: set up per MP, evaluate per sample), so the
//   sample test owns it and the R2 registers holding its deltas and biases.
import type { Design } from '../../hdl/ir.js';
import { blurSchema, type BlurConfig } from '../../units/blur/config.js';
import { subDesign } from '../../hdl/inventory/subdesign.js';
import type { CalibrationDef, CrossCheckDef, OwnedLogic } from '../../explore/index.js';
import { BLUR_PUBLISHED } from '../raster/published.js';

const top = (d: Design, name: string): string[] => (d.top.instances.some((i) => i.name === name) ? [`${d.top.name}.${name}`] : []);
const lanes = (d: Design): string[] => d.top.instances.filter((i) => /^lane\d+$/.test(i.name)).map((i) => `${d.top.name}.${i.name}`);
/** Instances named `name` (a regex on the instance name) inside every lane. */
const inLanes = (d: Design, name: RegExp): string[] =>
  d.top.instances.filter((i) => /^lane\d+$/.test(i.name)).flatMap((l) => l.module.instances.filter((c) => name.test(c.name)).map((c) => `${d.top.name}.${l.name}.${c.name}`));
const laneRegs = (d: Design, registers: RegExp): OwnedLogic[] => lanes(d).map((path) => ({ path, registers }));
const hasLens = (d: Design): boolean => top(d, 'lens').length > 0;

/** The front end's outputs and sequencing, owned by the last positioning unit. */
const FRONT_END_REGS = /^(s0_valid|rp_valid|tuple|phase|part_[xy]\d+|rp_[xy]\d+)$/;

/** Which Blur design the calibration starts from, argued from the published
 *  structure alone: both front-end units (the table has sample in time and
 *  sample in lens: render = blur); one row per lane component (one bbox, one
 *  iterator, one sample test, one interpolation: pmt = 1); a sample test of
 *  0.0015 mm^2, smaller than one 2x2 stamp of edge tests, so one jittered
 *  sample per tile per cycle (sts = 1x1); all vertices positioned each cycle
 *  (spf = 1, the design without serialisation). TVP, STP and the edge
 *  form are not given: schema defaults. Never chosen from the fit; the
 *  sweep's pick replaces it. */
export const BLUR_REFERENCE: BlurConfig = { render: 'blur', tvp: blurSchema.tvp.default, spf: '1', pmt: '1', sts: '1x1', stp: blurSchema.stp.default, edge: blurSchema.edge.default };

export const BLUR_CALIBRATION: CalibrationDef<BlurConfig> = {
  ...BLUR_PUBLISHED,
  role: 'global',
  reference: BLUR_REFERENCE,
  referenceWhy: 'render=blur (both front-end units), pmt=1 (one of each lane component), sts=1x1 (one sample per tile per cycle), spf=1; then the design our sweep picks at 1 W/mm^2, iterated',
  pick: { mode: 'blur', limit: 1.0 },
  components: [
    {
      component: 'sample in time',
      instances: (d) => top(d, 'time'),
      owned: (d) => [{ path: d.top.name, cones: /^tuple_t$/, ...(!hasLens(d) && { registers: FRONT_END_REGS }) }],
    },
    {
      component: 'sample in lens',
      instances: (d) => [...top(d, 'radius'), ...top(d, 'lens')],
      owned: (d) => [{ path: d.top.name, cones: /^tuple_[uv]$/, registers: FRONT_END_REGS }],
    },
    { component: 'bbox', instances: (d) => inLanes(d, /^bbox\d*$/), owned: (d) => laneRegs(d, /^s1_(oor|origin[XY]|last[XY]|l[xy]\d)$/) },
    // Once per positioned MP in the front end, with the fit check that
    // tells it when its narrow sign is exact (pipeline.ts).
    { component: 'back-face cull', instances: (d) => [...top(d, 'cull'), ...top(d, 'cull_fit')], owned: (d) => [{ path: d.top.name, registers: /^rp_front\d$/ }] },
    {
      component: 'iterator',
      instances: (d) => inLanes(d, /^iter$/),
      registers: /^(oor_counter|rr)$/,
      owned: (d) => laneRegs(d, /^(s\d_valid|s3_stamp[XY])$/),
    },
    {
      // The edge setup is the sample test's per-MP half (deltas, bias and,
      // with edge=incremental, the start value's multiplies): charged here
      // with the R2 registers that hold its deltas and biases.
      component: 'sample test',
      instances: (d) => inLanes(d, /^(setup|sample)$/),
      owned: (d) => [{ path: d.top.name, cones: /^tuple_j[xy]$/ }, ...laneRegs(d, /^(s2_e\d+_(dx|dy|bias)|s3_(hit|tri|lane\d+_d\d))$/)],
    },
    // The reciprocals are in the front end, once per positioned MP (Rp holds n, L); the rest per lane.
    {
      component: 'interpolation',
      instances: (d) => [...d.top.instances.filter((i) => /^recip\d+$/.test(i.name)).map((i) => `${d.top.name}.${i.name}`), ...inLanes(d, /^depth$/)],
      owned: (d) => [{ path: d.top.name, registers: /^rp_(n|len)\d$/ }, ...laneRegs(d, /^s4_z\d+$/)],
    },
  ],
};

/** Yosys holds the cost model's area against the Blur front end, the units
 *  NoBlur does not have. A lane is NoBlur's units, cross-checked one by one
 *  in the NoBlur study (a whole lane is 57k Yosys cells: 25 s of CPU). */
export const BLUR_CROSS_CHECK: CrossCheckDef<BlurConfig> = {
  config: BLUR_REFERENCE,
  units: (d) => [...top(d, 'time'), ...top(d, 'radius'), ...top(d, 'lens')].map((path) => ({ name: path, design: subDesign(d, path) })),
};
