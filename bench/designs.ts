// The designs bench/sim-speed.ts measures, by name (child processes rebuild
// them from the name).
import { elaborate } from '../hdl/index.js';
import type { Design } from '../hdl/ir.js';
import { randomNetlist } from '../testbenches/random-netlist.js';
import { findUnit } from '../units/registry.js';
import { UserError } from '../hdl/errors.js';

/** Speed targets against Verilator -O3 (issue 10), as ratios ours / theirs
 *  in the free-running mode; absent: no target for that path. */
export interface SpeedTarget {
  batched: number;
  perCycle?: number;
}

export interface BenchDesign {
  name: string;
  how: string;
  make(): Design;
  target: SpeedTarget;
}

/** Narrow random circuits and the example units. */
const NARROW: SpeedTarget = { batched: 1.0, perCycle: 0.5 };
/** NoBlur and the 128-bit random circuit. */
const WIDE: SpeedTarget = { batched: 0.5 };

/** randomNetlist's operator count that gives about 1000 flattened IR nodes
 *  (constants, slices and adapters included). Elaborated without the
 *  netlist passes: they would drop most of a random circuit (whatever
 *  reaches no output), and the benchmark measures simulating that many
 *  nodes. */
const RANDOM_NODES = 270;

export const BENCH_DESIGNS: BenchDesign[] = [
  ...[1, 2, 3].map((seed) => ({
    name: `random-s${seed}`,
    how: `randomNetlist({nodes: ${RANDOM_NODES}, maxWidth: 32, seed: ${seed}})`,
    make: () => elaborate(randomNetlist({ nodes: RANDOM_NODES, maxWidth: 32, seed }), undefined, { optimise: false }),
    target: NARROW,
  })),
  {
    name: 'random-wide',
    how: `randomNetlist({nodes: ${RANDOM_NODES}, maxWidth: 128, seed: 1})`,
    make: () => elaborate(randomNetlist({ nodes: RANDOM_NODES, maxWidth: 128, seed: 1 }), undefined, { optimise: false }),
    target: WIDE,
  },
  ...['counter', 'fifo', 'mac', 'noblur', 'blur', 'qfm', 'pmu', 'spid-encoder', 'scan', 'minmax-encoder'].map((u) => ({
    name: u,
    how: `findUnit('${u}').elaborate('') (default config)`,
    make: () => findUnit(u).elaborate('').design,
    // The rasterizers carry 33-82-bit edge and depth arithmetic: NoBlur's
    // target, and Blur's as the same family.
    target: u === 'noblur' || u === 'blur' ? WIDE : NARROW,
  })),
  {
    // The sort study simulates this netlist on 262,144-pair tiles.
    name: 'radix-sort-tile',
    how: "findUnit('radix-sort').elaborate('capacityLog2=18') (buffers of a 128x128 tile at 16 spp)",
    make: () => findUnit('radix-sort').elaborate('capacityLog2=18').design,
    // Every word is at most 32 bits: the narrow target, met or missed as measured.
    target: NARROW,
  },
];

/** randomNetlist's operator count for about 10,000 flattened IR nodes: the
 *  design whose elaboration and simulator-creation time the bench prints. */
export const LARGE_RANDOM_NODES = 2700;

export function largeDesign(): { how: string; make: () => Design } {
  const opts = { nodes: LARGE_RANDOM_NODES, maxWidth: 64, seed: 1, storage: true, dividers: true };
  return { how: `randomNetlist(${JSON.stringify(opts)})`, make: () => elaborate(randomNetlist(opts), undefined) };
}

export function benchDesign(name: string): BenchDesign {
  const d = BENCH_DESIGNS.find((b) => b.name === name);
  if (d === undefined) throw new UserError(`unknown bench design ${name}; known: ${BENCH_DESIGNS.map((b) => b.name).join(', ')}`);
  return d;
}
