// What a cached simulator per config saves in property tests: the same
// property bodies (the examples' golden-model properties, and the library's
// CAM and queue properties) run once building a simulator per run, as the
// examples used to, and once through SimulatorCache. Prints both times and
// the ratio; no thresholds (a shared machine's timing is not a test).
//
//   npx tsx bench/sim-cache.ts [--runs 100] [--seed 1]
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { elaborate } from '../hdl/elaborate.js';
import type { Design } from '../hdl/ir.js';
import { CamUnit } from '../hdl/cam-test-design.js';
import { QueueUnit } from '../hdl/lib/test-designs.js';
import { createSimulator, type CompiledSimulator } from '../hdl/sim/index.js';
import { SimulatorCache } from '../testbenches/sim-cache.js';
import { findUnit } from '../units/registry.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' } } });
const runs = Number(values.runs);
const seed = Number(values.seed);

interface Case<C> {
  name: string;
  configs: fc.Arbitrary<C>;
  build: (cfg: C) => Design;
  /** Cycles of stimulus per run: pokes all inputs, peeks all outputs, steps. */
  cycles: number;
}

function drive(sim: CompiledSimulator, cycles: number, rng: () => number): void {
  const net = sim.compiled.net;
  for (let c = 0; c < cycles; c++) {
    for (const p of net.inputs) sim.poke(p.path, BigInt(Math.floor(rng() * 2 ** 31)) & ((1n << BigInt(net.nodes[p.node]!.width)) - 1n));
    for (const p of net.outputs) sim.peek(p.path);
    sim.step();
  }
}

function measure<C>(c: Case<C>): void {
  const cfgs = fc.sample(c.configs, { seed, numRuns: runs });
  const distinct = new Set(cfgs.map((x) => JSON.stringify(x))).size;
  const body = (get: (cfg: C) => CompiledSimulator): number => {
    let s = 1;
    const rng = (): number => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const t0 = performance.now();
    for (const cfg of cfgs) drive(get(cfg), c.cycles, rng);
    return performance.now() - t0;
  };
  const fresh = body((cfg) => {
    const sim = createSimulator(c.build(cfg));
    sim.reset();
    return sim;
  });
  const cache = new SimulatorCache(c.build);
  const cached = body((cfg) => cache.get(cfg));
  console.log(`${c.name.padEnd(8)} | ${String(runs).padStart(4)} | ${String(distinct).padStart(8)} | ${String(c.cycles).padStart(6)} | ${fresh.toFixed(0).padStart(8)} | ${cached.toFixed(0).padStart(9)} | ${(fresh / cached).toFixed(1)}x`);
}

console.log(`sim-cache: ${runs} property runs per case, seed ${seed}`);
console.log('case     | runs | configs | cycles | fresh ms | cached ms | saving');
const unit = (name: string) => (cfg: Record<string, string>) => findUnit(name).elaborate(cfg).design;
measure({ name: 'counter', configs: fc.record({ width: fc.integer({ min: 1, max: 40 }).map(String), step: fc.integer({ min: 1, max: 255 }).map(String) }), build: unit('counter'), cycles: 40 });
measure({ name: 'fifo', configs: fc.record({ width: fc.constantFrom('1', '7', '32', '33', '64', '90'), depth: fc.constantFrom('2', '4', '8', '16') }), build: unit('fifo'), cycles: 50 });
measure({ name: 'fifo16', configs: fc.record({ width: fc.constant('16'), depth: fc.constantFrom('2', '4', '8') }), build: unit('fifo'), cycles: 50 });
measure({ name: 'mac', configs: fc.record({ intBits: fc.integer({ min: 1, max: 20 }).map(String), fracBits: fc.integer({ min: 0, max: 20 }).map(String), accIntBits: fc.integer({ min: 2, max: 40 }).map(String), round: fc.constantFrom('truncate', 'halfUp', 'halfEven'), overflow: fc.constantFrom('wrap', 'saturate') }), build: unit('mac'), cycles: 20 });
measure({ name: 'queue', configs: fc.record({ depth: fc.integer({ min: 1, max: 7 }), width: fc.constantFrom(1, 8, 45) }), build: (c) => elaborate(QueueUnit, c), cycles: 40 });
measure({ name: 'cam', configs: fc.record({ entries: fc.constantFrom(1, 3, 8, 33, 40), keyWidth: fc.constantFrom(1, 12, 32, 45, 70) }), build: (c) => elaborate(CamUnit, c), cycles: 20 });
