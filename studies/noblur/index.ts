// The NoBlur rasterizer study: TVP x STS x STP x reciprocal x edge form (288 micro-architectures) x
// MSAA 4/16 (the mode: noblur4, noblur16), each elaborated once from
// units/noblur, simulated on a micropolygon workload and priced at every
// Vt x Vdd x pipeline depth. Frontier: performance density against energy
// per MP, an MP being one triangle.
import { NOBLUR_UNIT } from '../../units/builtin.js';
import { defineStudy } from '../../explore/index.js';
import { MP, RASTER_METRICS, RASTER_OBJECTIVES, RASTER_RATE_TARGETS } from '../raster/metrics.js';
import { RASTER_TOOLS } from '../raster/tools.js';
import { NOBLUR_CALIBRATION, NOBLUR_CROSS_CHECK } from './calibration.js';
import { NOBLUR_DRIVER } from './driver.js';
import { MESH_FILE, NOBLUR_WORKLOADS } from './workloads.js';
import { noblurPeakRate } from './peak-rate.js';

export const study = defineStudy({
  name: 'noblur',
  summary: 'NoBlur micropolygon rasterizer (TVP x STS x STP, 4x and 16x MSAA)',
  unit: NOBLUR_UNIT,
  space: {
    sweep: { tvp: 'all', sts: 'all', stp: 'all', msaa: 'all', recip: 'all', edge: 'all' },
    modeKeys: ['msaa'],
    mode: (c) => `noblur${c.msaa}`,
  },
  work: MP,
  workloads: NOBLUR_WORKLOADS,
  driver: NOBLUR_DRIVER,
  fileWorkload: MESH_FILE,
  // The library reciprocal's radix-4 and Newton-Raphson forms (#22) are
  // cycle-identical to the restoring array (the same n, one MP a cycle) but
  // NoBlur has no cycle reuse, so each would be simulated again: npm start
  // keeps the two forms it swept before (the same 288 simulations) and
  // `gfxrtl study noblur` sweeps all four (576).
  mainJob: {
    only: 'recip=unrolled|iterative',
    why: 'radix4 and newton change no cycle and NoBlur simulates every netlist: twice the simulation time',
  },
  metrics: RASTER_METRICS,
  objectives: RASTER_OBJECTIVES,
  counterDisplay: [
    { key: 'inputRecords', display: { label: 'input records (MPs, or pairs with TVP)', unit: '', scale: 1 } },
    { key: 'sampleTestEfficiency', display: { label: 'sample test efficiency (hits / samples tested)', unit: '', scale: 1 }, digits: 4 },
    { key: 'stallFraction', display: { label: 'stall fraction (cycles with an MP offered and not accepted)', unit: '', scale: 1 }, digits: 4 },
    { key: 'outOfRange', display: { label: 'out of range (STP)', unit: '', scale: 1 } },
  ],
  // The pipeline stalls (the iterator holds an MP for several cycles, and
  // out.ready can drop), so registers retiming adds must hold: enables.
  pipelineRegisters: { enable: true },
  rateTargets: RASTER_RATE_TARGETS,
  peakRate: noblurPeakRate,
  calibration: NOBLUR_CALIBRATION,
  crossCheck: NOBLUR_CROSS_CHECK,
  report: [{ kind: 'frontier' }, { kind: 'rate-cost' }, { kind: 'constrained' }, { kind: 'microarch' }, { kind: 'calibration' }],
  tools: RASTER_TOOLS,
});
