// The netlist passes (hdl/opt) change how a design is built, never what it
// does: random DSL circuits full of literals, elaborated with and without
// them, simulate identically on every named signal (ports, registers, named
// wires, memory reads, CAM matches) every cycle, and the optimised design
// keeps every one of those names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elaborate } from '../hdl/elaborate.js';
import type { Design } from '../hdl/ir.js';
import { createSimulator } from '../hdl/sim/index.js';
import { defaultSeed } from './property.js';
import { randomNetlist, type RandomNetlistOptions } from './random-netlist.js';
import { makeRng } from './rng.js';

function nodeCount(d: Design): number {
  return d.modules.reduce((s, m) => s + m.nodes.length, 0);
}

function compare(opts: RandomNetlistOptions, cycles: number): { before: number; after: number } {
  const def = randomNetlist(opts);
  const raw = elaborate(def, undefined, { optimise: false });
  const opt = elaborate(def, undefined);
  const a = createSimulator(raw);
  const b = createSimulator(opt);
  const named = a.signals().filter((s) => s.kind !== 'node');
  const kept = new Set(b.signals().map((s) => s.path));
  expect(named.map((s) => s.path).filter((p) => !kept.has(p)), `seed ${opts.seed}: names the passes lost`).toEqual([]);
  const inputs = named.filter((s) => s.kind === 'input');
  const rng = makeRng(opts.seed);
  a.reset();
  b.reset();
  for (let c = 0; c < cycles; c++) {
    for (const s of inputs) {
      const v = BigInt.asUintN(s.width, (BigInt(rng.u32()) << 32n) | BigInt(rng.u32()));
      a.poke(s.path, v);
      b.poke(s.path, v);
    }
    for (const s of named) expect(b.peek(s.path), `seed ${opts.seed}, cycle ${c}: ${s.path}`).toBe(a.peek(s.path));
    if (rng.float() < 0.05) {
      a.reset();
      b.reset();
    } else {
      a.step();
      b.step();
    }
  }
  return { before: nodeCount(raw), after: nodeCount(opt) };
}

describe('netlist passes preserve behaviour', () => {
  const base = defaultSeed();
  it.each([
    ['narrow', 12],
    ['mixed', 40],
    ['wide', 130],
  ])('%s random circuits with literals simulate identically optimised and as written', (_name, maxWidth) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 30 }), (s) => {
        compare({ nodes: 100, maxWidth, seed: s, storage: true, dividers: true, constants: 0.3, libraryOps: true }, 24);
      }),
      { numRuns: 8, seed: base },
    );
  });

  it('shrinks circuits full of literals (the passes do something)', () => {
    const { before, after } = compare({ nodes: 300, maxWidth: 16, seed: base, storage: true, dividers: true, constants: 0.4 }, 4);
    expect(after).toBeLessThan(before * 0.9);
  });
});
