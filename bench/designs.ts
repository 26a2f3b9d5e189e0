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
 *  (constants, slices and adapters included). */
const RANDOM_NODES = 270;

export const BENCH_DESIGNS: BenchDesign[] = [
  ...[1, 2, 3].map((seed) => ({
    name: `random-s${seed}`,
    how: `randomNetlist({nodes: ${RANDOM_NODES}, maxWidth: 32, seed: ${seed}})`,
    make: () => elaborate(randomNetlist({ nodes: RANDOM_NODES, maxWidth: 32, seed }), undefined),
  })),
  {
    name: 'random-wide',
    how: `randomNetlist({nodes: ${RANDOM_NODES}, maxWidth: 128, seed: 1})`,
    make: () => elaborate(randomNetlist({ nodes: RANDOM_NODES, maxWidth: 128, seed: 1 }), undefined),
  },
  ...['counter', 'fifo', 'mac', 'noblur', 'qfm', 'pmu'].map((u) => ({
    name: u,
    how: `findUnit('${u}').elaborate('') (default config)`,
    make: () => findUnit(u).elaborate('').design,
  })),
];

export function benchDesign(name: string): BenchDesign {
  const d = BENCH_DESIGNS.find((b) => b.name === name);
  if (d === undefined) throw new Error(`unknown bench design ${name}; known: ${BENCH_DESIGNS.map((b) => b.name).join(', ')}`);
  return d;
}
