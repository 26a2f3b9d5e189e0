// The units gfxrtl ships, including the NoBlur pipeline's parts. A part is
// configured with the pipeline's own keys (tvp, sts, stp, msaa) and built
// with exactly the arguments the pipeline instantiates it with (from
// geometryOf), so `gfxrtl verilog bbox --config stp=4.8` is the bbox inside
// `noblur` with stp=4.8, not a second description of it.
import { elaborate } from '../hdl/elaborate.js';
import type { ModuleDef } from '../hdl/module.js';
import type { SignalTree } from '../hdl/shape.js';
import { BBox } from './bbox/module.js';
import { BLUR_UNITS } from './blur/units.js';
import { EdgeSetup } from './bbox/edge-setup.js';
import type { ConfigOf, Schema } from './config.js';
import { counterSchema } from './counter/config.js';
import { Counter } from './counter/module.js';
import { Cull } from './cull/module.js';
import { DepthInterp } from './depth-interp/module.js';
import { Reciprocal } from './depth-interp/reciprocal.js';
import { fifoSchema } from './fifo/config.js';
import { Fifo } from './fifo/module.js';
import { Iterator } from './iterator/module.js';
import { macSchema } from './mac/config.js';
import { Mac } from './mac/module.js';
import { geometryOf, noblurSchema, type NoblurConfig, type NoblurGeometry } from './noblur/config.js';
import { NoBlur } from './noblur/pipeline.js';
import { radixSortSchema } from './radix-sort/config.js';
import { RadixSorter } from './radix-sort/module.js';
import { SampleTest } from './sample-test/module.js';
import { scanSchema } from './scan/config.js';
import { Scan } from './scan/module.js';
import { minmaxEncoderSchema } from './spid-codec/config.js';
import { MinmaxEncoder } from './spid-codec/module.js';
import { spidEncoderSchema } from './spid-encoder/config.js';
import { SpidEncoder } from './spid-encoder/module.js';
import { pmuSchema } from './pmu/config.js';
import { Pmu } from './pmu/module.js';
import { qfmSchema } from './qfm/config.js';
import { Qfm } from './qfm/module.js';
import { QFM_COVERAGE, qfmStimulus } from './qfm/stimulus.js';
import type { CoverageCounter, StimulusGenerator, UnitDef } from './unit.js';

function plain<S extends Schema>(name: string, summary: string, schema: S, def: ModuleDef<ConfigOf<S>, SignalTree>): UnitDef<S> {
  return { name, summary, schema, elaborate: (c) => elaborate(def, c) };
}

function part<C>(name: string, summary: string, def: ModuleDef<C, SignalTree>, args: (g: NoblurGeometry, c: NoblurConfig) => C): UnitDef<typeof noblurSchema> {
  return { name, summary: `${summary} (part of noblur; configured with noblur's keys)`, schema: noblurSchema, partOf: 'noblur', elaborate: (c: NoblurConfig) => elaborate(def, args(geometryOf(c), c)) };
}

/** FIFO stimulus that fills and drains: 16-cycle phases of mostly-push
 *  then mostly-pop, so a run sees the FIFO full, empty and in between
 *  (uniform random bits keep it near half full and never test the edges). */
const fifoStimulus: StimulusGenerator<ConfigOf<typeof fifoSchema>> = (cfg, _design, rng, cycles) => ({
  reset: 1,
  cycles: Array.from({ length: cycles }, (_, c) => {
    const filling = Math.floor(c / 16) % 2 === 0;
    const pPush = filling ? 0.9 : 0.2;
    const pPop = filling ? 0.2 : 0.9;
    return new Map<string, bigint>([
      ['enq_valid', rng.float() < pPush ? 1n : 0n],
      ['enq_payload', BigInt(rng.u32()) & ((1n << BigInt(cfg.width)) - 1n)],
      ['deq_ready', rng.float() < pPop ? 1n : 0n],
    ]);
  }),
});

const FIFO_COVERAGE: readonly CoverageCounter[] = [
  { name: 'pushes', doc: 'cycles with enq_valid and enq_ready', count: (p) => (p.get('enq_valid') === 1n && p.get('enq_ready') === 1n ? 1 : 0) },
  { name: 'pops', doc: 'cycles with deq_valid and deq_ready', count: (p) => (p.get('deq_valid') === 1n && p.get('deq_ready') === 1n ? 1 : 0) },
  { name: 'full-stalls', doc: 'cycles a push was refused (FIFO full)', count: (p) => (p.get('enq_valid') === 1n && p.get('enq_ready') === 0n ? 1 : 0) },
  { name: 'empty', doc: 'cycles with nothing to pop', count: (p) => (p.get('deq_valid') === 0n ? 1 : 0) },
];

export const FIFO_UNIT: UnitDef<typeof fifoSchema> = { ...plain('fifo', 'synchronous FIFO with valid/ready streams (example)', fifoSchema, Fifo), stimulus: fifoStimulus, coverage: FIFO_COVERAGE };
export const MAC_UNIT = plain('mac', 'fixed-point multiply-accumulate with named rounding and overflow (example)', macSchema, Mac);
export const QFM_UNIT: UnitDef<typeof qfmSchema> = {
  ...plain('qfm', 'quad-fragment merge buffer: CAM look-up by quad and facing, can_merge on the N newest matches, merge datapath, FIFO and full-coverage eviction, flush per grid', qfmSchema, Qfm),
  stimulus: qfmStimulus,
  coverage: QFM_COVERAGE,
};
export const PMU_UNIT = plain('pmu', 'pixel merge unit: per-pixel merging across shared edges, overlap eviction in submission order, bypass, FIFO eviction, flush per draw', pmuSchema, Pmu);
export const NOBLUR_UNIT = plain('noblur', 'NoBlur micropolygon rasterizer: cull, bbox, setup, iterator, sample test, depth interpolation', noblurSchema, NoBlur);

// Each def is a UnitDef<S> for its own schema; the registry parses every
// config against that schema before calling it, hence the widening cast.
export const BUILTIN_UNITS: readonly UnitDef[] = [
  plain('counter', 'up-counter with enable and synchronous clear (example)', counterSchema, Counter),
  FIFO_UNIT,
  MAC_UNIT,
  NOBLUR_UNIT,
  part('cull', "back-face cull from the edge setup's start values (edge=incremental) or deltas (edge=multiply)", Cull, (g, c) => ({ tvp: g.tvp, b: g.b, from: c.edge === 'incremental' ? ('start' as const) : ('deltas' as const) })),
  part('bbox', 'bounding box snapped to the stamp grid, STP fit check, bbox-local vertices', BBox, (g) => ({ tvp: g.tvp, b: g.b, stampBits: g.stampBits })),
  part('edge-setup', 'edge-function setup on bbox-local coordinates (with edge=incremental, each edge at the box origin too)', EdgeSetup, (g, c) => ({ tvp: g.tvp, b: g.b, ...(c.edge === 'incremental' && { origin: true }) })),
  // The combinational forms by their library name; recip=iterative builds ReciprocalIter instead (this part shows the restoring array).
  part('reciprocal', 'normalised reciprocal of the depth denominator', Reciprocal, (g, c) => ({ dBits: g.dBits, arch: c.recip === 'radix4' || c.recip === 'newton' ? c.recip : ('restoring' as const) })),
  part('iterator', 'stamp iterator over the bbox', Iterator, (g) => ({ localStampBits: g.localStampBits, stampIdxBits: g.stampIdxBits })),
  part('sample-test', 'k x k sample-test stamp', SampleTest, (g, c) => ({ tvp: g.tvp, msaa: g.msaa, k: g.k, b: g.b, stampBits: g.stampBits, phaseBits: g.phaseBits, edge: c.edge })),
  part('depth-interp', 'per-lane depth interpolation', DepthInterp, (g) => ({ tvp: g.tvp, lanes: g.lanes, dBits: g.dBits })),
  ...BLUR_UNITS,
  plain('spid-encoder', 'shading point id encoder: primitive id and Morton-interleaved shading coordinates into a 64-bit key', spidEncoderSchema, SpidEncoder),
  plain('scan', 'scan of a sorted SPID list: counts primitives, 2x2 shading quads and shader executions, emits each quad with its sample range', scanSchema, Scan),
  plain('minmax-encoder', 'min/max-offset encoder of one 64-word SPID buffer block: header, offsets packed LSB-first, bus lines', minmaxEncoderSchema, MinmaxEncoder),
  plain('radix-sort', 'LSD radix sorter of (SPID, sample) pairs: histogram, prefix sum, scatter over ping-pong buffers, digit skipping', radixSortSchema, RadixSorter),
  QFM_UNIT,
  PMU_UNIT,
] as readonly UnitDef[];
