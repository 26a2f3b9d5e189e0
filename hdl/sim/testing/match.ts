// Test support for the netlist rewrites: a module compiled in three shapes
// (default, ports only, one node per chunk through the chunked driver)
// against the naive reference simulator on every input combination, or on
// `samples` random ones drawn from `seed` (uniform, or by `draw`).
import { expect } from 'vitest';
import type { ModuleIR } from '../../ir.js';
import { designOf } from './ir.js';
import { RefSim } from './ref.js';
import { rng } from './random.js';
import { createSimulator, type CompileOptions } from '../index.js';

const SHAPES: CompileOptions[] = [{}, { observe: 'ports' }, { loopMode: 'never', chunkSize: 3, maxFunctionSource: 1 }];

/** Every input combination (or `samples` random ones), every output, against RefSim. */
export function matchesReference(mod: ModuleIR, samples = 0, seed = 1, draw?: (r: () => number, width: number) => bigint): void {
  const ins = mod.ports.filter((p) => p.dir === 'in');
  const outs = mod.ports.filter((p) => p.dir === 'out');
  for (const opts of SHAPES) {
    const sim = createSimulator(designOf(mod), opts);
    const ref = new RefSim(mod);
    const r = rng(seed);
    const total = samples > 0 ? samples : 2 ** ins.reduce((s, p) => s + p.width, 0);
    for (let c = 0; c < total; c++) {
      let bits = c;
      for (const p of ins) {
        const v = samples === 0 ? BigInt(bits % 2 ** p.width) : draw !== undefined ? draw(r, p.width) : BigInt(Math.floor(r() * 2 ** p.width));
        bits = Math.floor(bits / 2 ** p.width);
        sim.poke(`Top.${p.name}`, v);
        ref.poke(p.name, v);
      }
      for (const p of outs) expect(sim.peek(`Top.${p.name}`), `${p.name} at ${c} (${JSON.stringify(opts)})`).toBe(ref.value(p.node));
    }
  }
}
