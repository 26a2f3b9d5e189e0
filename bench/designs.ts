// The designs bench/sim-speed.ts measures, by name (child processes rebuild
// them from the name).
import { elaborate } from '../hdl/index.js';
import type { Design } from '../hdl/ir.js';
import { randomNetlist } from '../testbenches/random-netlist.js';
import { findUnit } from '../units/registry.js';

export interface BenchDesign {
  name: string;
  how: string;
  make(): Design;
}

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
  })),
  {
    name: 'random-wide',
    how: `randomNetlist({nodes: ${RANDOM_NODES}, maxWidth: 128, seed: 1})`,
    make: () => elaborate(randomNetlist({ nodes: RANDOM_NODES, maxWidth: 128, seed: 1 }), undefined, { optimise: false }),
  },
  ...['counter', 'fifo', 'mac', 'noblur'].map((u) => ({
    name: u,
    how: `findUnit('${u}').elaborate('') (default config)`,
    make: () => findUnit(u).elaborate('').design,
  })),
  {
    // The sort study simulates this netlist on 262,144-pair tiles.
    name: 'radix-sort-tile',
    how: "findUnit('radix-sort').elaborate('capacityLog2=18') (buffers of a 128x128 tile at 16 spp)",
    make: () => findUnit('radix-sort').elaborate('capacityLog2=18').design,
  },
];

export function benchDesign(name: string): BenchDesign {
  const d = BENCH_DESIGNS.find((b) => b.name === name);
  if (d === undefined) throw new Error(`unknown bench design ${name}; known: ${BENCH_DESIGNS.map((b) => b.name).join(', ')}`);
  return d;
}
