// Which hardware of the Blur (and Hybrid) netlist is which block of the
// study's design, in one place: the seven components of the published
// breakdown (raster-units.md, "Calibration data") and the blocks that are in
// none of its rows. studies/blur/calibration.ts prices them; the bench
// bench/blur-components.ts prints them.
//
// The published table is the study's breakdown of one design: the front end
// (sample in time, sample in lens) once, and ONE lane's components (bbox,
// cull, iterator, sample test, interpolation), however many lanes (PMT) the
// design has. So a row is lane 0's, or the front end's, never summed over
// lanes; the other lanes are copies in no row.
//
// Ownership follows NoBlur's rule (units/noblur/components.ts): a block owns
// its instances, the stage registers holding what it produces, and the
// control it drives; registers that only carry a value past a stage (ids,
// tuples, depths, the MP held in R0) belong to no row.
// - Front end: the tuple tables are instances, one per consumer (tuple-
//   table.ts): t is sample in time's, u and v sample in lens's. The radius
//   r = A (1 - F / z) is part of sample in lens (raster-units.md: "per
//   vertex radius r = 1 / z, then x += u r"). The positioned vertices (Rp
//   and the SPF partial registers) and the front end's sequencing (tuple
//   counter, SPF phase, R0/Rp valid bits: the 64-tuple hold) belong to the
//   last positioning unit, which produces them: sample in lens, or sample
//   in time when the mode has no lens.
// - Lane 0 (lane.ts): bbox with the R1 box it produces; the back-face cull
//   (from the edge setup's start values, or its deltas with edge=multiply)
//   with R2's facing bits; the iterator with the valid bits its stall drives
//   and the R3 stamp position it emits; the sample test with R3's coverage
//   and edge values; interpolation = the reciprocals of D (raster-units.md:
//   n = 1 / (d1 + d2 + d3) is part of it) with R2's n and L, and the depth
//   interpolator with R4's depths.
// - In no row: the edge setup (deltas, biases and the start values E at the
//   box's first sample: the per-positioned-MP half of the sample test in
//   Pineda's scheme, which the study's table does not break out) with R2's
//   deltas and biases; the jitter table with Rp's jitter; the lane dispatch
//   pointer and the out-of-range counter; registers carrying values past a
//   stage; lanes 1 .. PMT-1.
// The shapes are those of explore's CalibrationBlock (units do not import
// the engine).
import type { Design } from '../../hdl/ir.js';
import type { OwnedLogic } from '../../hdl/inventory/subdesign.js';

export interface BlurBlock {
  /** A block in no published row: its name. */
  readonly block?: string;
  instances(design: Design): string[];
  /** Top-module registers (by name) it owns. */
  readonly registers?: RegExp;
  /** What it owns inside other instances (lane 0's stage registers). */
  owned?(design: Design): readonly OwnedLogic[];
}

const top = (d: Design, name: string): string[] => (d.top.instances.some((i) => i.name === name) ? [`${d.top.name}.${name}`] : []);
const laneNames = (d: Design): string[] => d.top.instances.filter((i) => /^lane\d+$/.test(i.name)).map((i) => i.name);
/** The lane a published row is lane 0. */
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
/** The lane-0 stage registers each block produces (lane.ts, noblur/setup-stage.ts). */
const BBOX_REGS = /^s1_(oor|origin[XY]|last[XY]|l[xy]\d)$/;
const CULL_REGS = /^s2_front\d$/;
const EDGE_SETUP_REGS = /^s2_e\d+_(dx|dy|bias)$/;
const ITERATOR_REGS = /^(s\d_valid|s3_stamp[XY])$/;
const SAMPLE_TEST_REGS = /^s3_(hit|tri|lane\d+_d\d)$/;
const INTERP_REGS = /^(s2_(n|len)\d|s4_z\d+)$/;
/** In no row: the lane pointer, the out-of-range counter, and registers
 *  that carry a value past a stage (the MP held in R0, ids, tuples, jitter,
 *  depths, a producer's output held one stage further). */
const DISPATCH_REGS = /^(rr|oor_counter)$/;
const FRONT_END_CARRIED = /^(s0_(?!valid$).+|rp_(id|tuple|z\d+|pair))$/;
const LANE_CARRIED = /^(s0_(?!valid$).+|s[1-4]_(id|tuple|pair)|s[1-2]_(j[xy]|z\d+)|s3_z\d+|s[2-4]_oor|s2_(origin[XY]|last[XY]|l[xy]\d)|s3_(n|len)\d|s4_(stamp_[xy]|hit|tri))$/;

/** The published rows: the front end's once, lane 0's. */
export const BLUR_COMPONENTS: readonly (BlurBlock & { readonly component: string })[] = [
  { component: 'sample in time', instances: (d) => [...top(d, 'time'), ...top(d, 'time_table')], owned: (d) => (hasLens(d) ? [] : [{ path: d.top.name, registers: FRONT_END_REGS }]) },
  { component: 'sample in lens', instances: (d) => [...top(d, 'radius'), ...top(d, 'lens'), ...top(d, 'lens_table')], owned: (d) => (hasLens(d) ? [{ path: d.top.name, registers: FRONT_END_REGS }] : []) },
  { component: 'bbox', instances: (d) => inLane(d, /^bbox\d*$/), owned: (d) => laneRegs(d, BBOX_REGS) },
  { component: 'back-face cull', instances: (d) => inLane(d, /^cull$/), owned: (d) => laneRegs(d, CULL_REGS) },
  { component: 'iterator', instances: (d) => inLane(d, /^iter$/), owned: (d) => laneRegs(d, ITERATOR_REGS) },
  { component: 'sample test', instances: (d) => inLane(d, /^sample$/), owned: (d) => laneRegs(d, SAMPLE_TEST_REGS) },
  { component: 'interpolation', instances: (d) => inLane(d, /^(recip\d+|depth)$/), owned: (d) => laneRegs(d, INTERP_REGS) },
];

/** The blocks in no published row: priced and shown, compared with nothing. */
export const BLUR_UNPUBLISHED: readonly (BlurBlock & { readonly block: string })[] = [
  { block: 'edge setup', instances: (d) => inLane(d, /^setup$/), owned: (d) => laneRegs(d, EDGE_SETUP_REGS) },
  { block: 'jitter table', instances: (d) => top(d, 'jitter'), registers: /^rp_j[xy]$/ },
  { block: 'lane dispatch and out-of-range count', instances: () => [], registers: DISPATCH_REGS },
  { block: 'front-end registers carrying values past a stage', instances: () => [], registers: FRONT_END_CARRIED },
  { block: 'lane 0 registers carrying values past a stage', instances: () => [], owned: (d) => laneRegs(d, LANE_CARRIED) },
  { block: 'lanes 1 .. PMT-1 (copies of lane 0)', instances: (d) => laneNames(d).filter((n) => n !== LANE).map((n) => `${d.top.name}.${n}`) },
];
