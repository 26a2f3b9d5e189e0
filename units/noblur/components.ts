// Which hardware of the NoBlur pipeline belongs to which component of the
// published table (raster-units.md): its instances, and the stage registers
// of the top module that hold what the component produces. The study's
// figures "incorporate the distribution of the control signals", so the
// valid bits and the out-of-range counter, which the iterator's stall
// drives, are the iterator's. Registers that only carry a value past a stage
// (ids, depths, vertices) belong to no component and are left out, and so
// does the edge setup (NoBlur.setup, with R2's deltas and biases), which is
// in no published row.
import type { Design } from '../../hdl/ir.js';

export interface NoblurComponent {
  component: string;
  instances: (design: Design) => string[];
  /** Top-module stage registers (by name) that belong to the component. */
  registers: RegExp;
}

export const NOBLUR_COMPONENTS: readonly NoblurComponent[] = [
  // R2: the facing bits the cull produced (from the edge setup's values,
  // setup-stage.ts; its D goes straight on to the reciprocal).
  { component: 'back-face cull', instances: () => ['NoBlur.cull'], registers: /^s2_front\d$/ },
  // R1: the box, its fit flag and the local vertices.
  { component: 'bbox', instances: () => ['NoBlur.bbox'], registers: /^s1_(oor|origin[XY]|last[XY]|l[xy]\d)$/ },
  // Stage valid bits, the OOR counter (stall/enable distribution) and the
  // absolute stamp position it emits into R3.
  { component: 'iterator', instances: () => ['NoBlur.iter'], registers: /^(s\d_valid|oor_counter|s3_stamp[XY])$/ },
  // R3: coverage and the edge values handed to interpolation.
  { component: 'sample test', instances: () => ['NoBlur.sample'], registers: /^s3_(hit|tri|lane\d+_d\d)$/ },
  // The reciprocal a stage early (raster-units.md: n = 1 / (d1 + d2 + d3) is
  // part of it), its n and L in R2, and the depths in R4.
  {
    component: 'interpolation',
    instances: (d) => ['NoBlur.depth', ...d.top.instances.filter((i) => /^recip\d+$/.test(i.name)).map((i) => `NoBlur.${i.name}`)],
    registers: /^(s2_(n|len)\d|s4_z\d+)$/,
  },
];
