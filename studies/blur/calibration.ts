// How the Blur netlist meets the seven published components (raster-units.md,
// "Calibration data"): which instances implement each, and the registers and
// tuple-ROM logic each owns. This file is the one place that maps our
// instances to published rows. These knobs are the cost model's global ones:
// every study is priced with them (cli/commands/study.ts).
//
// The published table is the study's breakdown of one design: the front end
// (sample in time, sample in lens) once, and ONE lane's components (bbox,
// cull, iterator, sample test, interpolation), however many lanes (PMT) the
// design has. So a row is priced from lane 0 alone, or from the front end,
// never summed over lanes; the other lanes are shown as what they are,
// copies in no row.
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
//   positioned MPs already culled), with the Rp registers that hold its
//   facing bits.
// - Interpolation: the per-triangle reciprocals of D are in the front end
//   too, once per positioned MP (with the Rp registers holding n and L), and
//   lane 0's DepthInterp with the R4 depths it produces.
// - Lane 0: bbox with the R1 box it produces; the iterator with the valid
//   bits its stall drives and the R3 stamp position it emits; the sample
//   test with the R3 coverage and edge values it produces.
// Blocks in no published row (UNPUBLISHED below) are priced with the fitted
// knobs and shown, never fitted: the edge setup (the sample test's per-MP
// setup in Pineda's scheme, but the study's sample-test row is the per-
// sample test), the fit check (StampFit: our cull is narrow and exact only
// when the box fits), the jitter table, the lane dispatch and out-of-range
// count, the registers that only carry values past a stage, and lanes 1 ..
// PMT-1.
import type { Design } from '../../hdl/ir.js';
import { blurSchema, type BlurConfig } from '../../units/blur/config.js';
import { subDesign } from '../../hdl/inventory/subdesign.js';
import type { CalibrationDef, CrossCheckDef, OwnedLogic } from '../../explore/index.js';
import { BLUR_PUBLISHED } from '../raster/published.js';

const top = (d: Design, name: string): string[] => (d.top.instances.some((i) => i.name === name) ? [`${d.top.name}.${name}`] : []);
const laneNames = (d: Design): string[] => d.top.instances.filter((i) => /^lane\d+$/.test(i.name)).map((i) => i.name);
/** The lane a published row is priced from. */
const LANE = 'lane0';
/** Instances named `name` (a regex on the instance name) inside lane 0. */
const inLane = (d: Design, name: RegExp): string[] => {
  const lane = d.top.instances.find((i) => i.name === LANE);
  return lane === undefined ? [] : lane.module.instances.filter((c) => name.test(c.name)).map((c) => `${d.top.name}.${LANE}.${c.name}`);
};
const laneRegs = (d: Design, registers: RegExp): OwnedLogic[] => (laneNames(d).includes(LANE) ? [{ path: `${d.top.name}.${LANE}`, registers }] : []);
const hasLens = (d: Design): boolean => top(d, 'lens').length > 0;

/** The front end's outputs and sequencing, owned by the last positioning unit. */
const FRONT_END_REGS = /^(s0_valid|rp_valid|tuple|phase|part_[xy]\d+|rp_[xy]\d+)$/;
/** Rp: the cull's facing bits; 1 / D's n and L. */
const CULL_REGS = /^rp_front\d$/;
const INTERP_REGS = /^rp_(n|len)\d$/;
/** The lane-0 stage registers each lane component produces (lane.ts). */
const BBOX_REGS = /^s1_(oor|origin[XY]|last[XY]|l[xy]\d)$/;
const EDGE_SETUP_REGS = /^s2_e\d+_(dx|dy|bias)$/;
const ITERATOR_REGS = /^(s\d_valid|s3_stamp[XY])$/;
const SAMPLE_TEST_REGS = /^s3_(hit|tri|lane\d+_d\d)$/;
const INTERP_LANE_REGS = /^s4_z\d+$/;
/** In no row: the lane pointer, the out-of-range counter, and registers
 *  that carry a value past a stage (the MP held in R0, ids, tuples, jitter,
 *  depths, a producer's output held one stage further). */
const DISPATCH_REGS = /^(rr|oor_counter)$/;
const FRONT_END_CARRIED = /^(s0_(?!valid$).+|rp_(id|tuple|j[xy]|z\d+|pair))$/;
const LANE_CARRIED = /^(s0_(?!valid$).+|s[1-4]_(id|tuple|j[xy]|front\d|pair|n\d|len\d)|s[1-3]_z\d+|s[2-4]_oor|s2_(origin[XY]|last[XY]|l[xy]\d)|s4_(stamp_[xy]|hit|tri))$/;

/** Which Blur design the calibration starts from, argued from the published
 *  structure alone: both front-end units (the table has sample in time and
 *  sample in lens: render = blur); one row per lane component (one bbox, one
 *  iterator, one sample test, one interpolation: pmt = 1); a sample test of
 *  0.0015 mm^2, smaller than one 2x2 stamp of edge tests, so one jittered
 *  sample per tile per cycle (sts = 1x1); all vertices positioned each cycle
 *  (spf = 1, the design without serialisation). TVP, STP and the edge
 *  form are not given: schema defaults. Never chosen from the fit; the
 *  sweep's pick replaces it. */
export const BLUR_REFERENCE: BlurConfig = { render: 'blur', tvp: blurSchema.tvp.default, spf: '1', pmt: '1', sts: '1x1', stp: blurSchema.stp.default, edge: blurSchema.edge.default, jitter: blurSchema.jitter.default };

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
    { component: 'bbox', instances: (d) => inLane(d, /^bbox\d*$/), owned: (d) => laneRegs(d, BBOX_REGS) },
    // Once per positioned MP in the front end (pipeline.ts).
    { component: 'back-face cull', instances: (d) => top(d, 'cull'), registers: CULL_REGS },
    { component: 'iterator', instances: (d) => inLane(d, /^iter$/), owned: (d) => laneRegs(d, ITERATOR_REGS) },
    { component: 'sample test', instances: (d) => inLane(d, /^sample$/), owned: (d) => laneRegs(d, SAMPLE_TEST_REGS) },
    // The reciprocals are in the front end, once per positioned MP (Rp holds n, L); DepthInterp in the lane.
    {
      component: 'interpolation',
      instances: (d) => [...d.top.instances.filter((i) => /^recip\d+$/.test(i.name)).map((i) => `${d.top.name}.${i.name}`), ...inLane(d, /^depth$/)],
      registers: INTERP_REGS,
      owned: (d) => laneRegs(d, INTERP_LANE_REGS),
    },
  ],
  unpublished: [
    // The per-MP half of the sample test in Pineda's scheme (deltas, bias
    // and, with edge=incremental, the start values), with the R2 registers
    // holding what it produces.
    { block: 'edge setup', instances: (d) => inLane(d, /^setup$/), owned: (d) => laneRegs(d, EDGE_SETUP_REGS) },
    // Tells the narrow cull when its sign is exact (pipeline.ts).
    { block: 'fit check (StampFit)', instances: (d) => top(d, 'cull_fit') },
    { block: 'jitter table', instances: () => [], owned: (d) => [{ path: d.top.name, cones: /^tuple_j[xy]$/ }] },
    { block: 'lane dispatch and out-of-range count', instances: () => [], registers: DISPATCH_REGS },
    { block: 'front-end registers carrying values past a stage', instances: () => [], registers: FRONT_END_CARRIED },
    { block: 'lane 0 registers carrying values past a stage', instances: () => [], owned: (d) => laneRegs(d, LANE_CARRIED) },
    { block: 'lanes 1 .. PMT-1 (copies of lane 0)', instances: (d) => laneNames(d).filter((n) => n !== LANE).map((n) => `${d.top.name}.${n}`) },
  ],
};

/** Yosys holds the cost model's area against the Blur front end, the units
 *  NoBlur does not have. A lane is NoBlur's units, cross-checked one by one
 *  in the NoBlur study (a whole lane is 57k Yosys cells: 25 s of CPU). */
export const BLUR_CROSS_CHECK: CrossCheckDef<BlurConfig> = {
  config: BLUR_REFERENCE,
  units: (d) => [...top(d, 'time'), ...top(d, 'radius'), ...top(d, 'lens')].map((path) => ({ name: path, design: subDesign(d, path) })),
};
