// Code per module instance (codegen/kernel-plan.ts) against the simulator
// without it, on random hierarchical designs: copies of one random module
// chained output to input (a sweep's designs are made of such repeated
// instances), so the later copies run shared kernels. Cycle by cycle through
// settlePorts and the clock edge (poke, peek, step with lazy code), every
// output compared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ModuleIR, NodeId } from '../ir.js';
import { designOf, IrBuilder } from './testing/ir.js';
import { randomModule, rng } from './testing/random.js';
import { createSimulator, type CompileOptions } from './index.js';
import { kernelUse } from './codegen/kernel.js';
import { instanceBlocks } from './passes/instances.js';
import { flatten } from '../flatten.js';
import { resetCodeCache } from './runtime/code-cache.js';
import type { CompiledSimulator } from './index.js';

/** A top of `copies` instances of `child`: each input of a copy after the
 *  first is driven by an output of the copy before of the same width, when
 *  there is one, else by the top's input; every output of every copy is a
 *  top output. */
function chained(child: ModuleIR, copies: number): ModuleIR {
  const b = new IrBuilder('Chain');
  const ins = child.ports.filter((p) => p.dir === 'in');
  const outs = child.ports.filter((p) => p.dir === 'out');
  const top = new Map(ins.map((p) => [p.name, b.input(p.name, p.width)]));
  let prev: Map<number, NodeId[]> = new Map();
  for (let c = 0; c < copies; c++) {
    const used = new Set<NodeId>();
    const drive: Record<string, NodeId> = {};
    for (const p of ins) {
      const from = (prev.get(p.width) ?? []).find((n) => !used.has(n));
      if (from !== undefined) used.add(from);
      drive[p.name] = from ?? top.get(p.name)!;
    }
    const inst = b.instance(`u${c}`, child, drive);
    const next = new Map<number, NodeId[]>();
    for (const p of outs) {
      const o = b.instout(inst, p.name);
      b.output(`u${c}_${p.name}`, o);
      next.set(p.width, [...(next.get(p.width) ?? []), o]);
    }
    prev = next;
  }
  return b.build();
}

const WITH = { lazy: true, kernels: true } as const satisfies CompileOptions;
const WITHOUT = { lazy: true } as const satisfies CompileOptions;

/** Runs both simulators on the same random inputs and resets; every output compared every cycle. */
function compare(top: ModuleIR, seed: number, cycles: number): void {
  const design = designOf(top);
  const a = createSimulator(design, WITHOUT);
  const k = createSimulator(design, WITH);
  const r = rng(seed);
  const inputs = top.ports.filter((p) => p.dir === 'in');
  const outputs = top.ports.filter((p) => p.dir === 'out').map((p) => `Chain.${p.name}`);
  for (let c = 0; c < cycles; c++) {
    for (const p of inputs) {
      const v = BigInt.asUintN(p.width, BigInt(Math.floor(r() * 2 ** 32)) * BigInt(Math.floor(r() * 2 ** 32)));
      a.poke(`Chain.${p.name}`, v);
      k.poke(`Chain.${p.name}`, v);
    }
    for (const o of outputs) expect(k.peek(o), `${o} at cycle ${c} (seed ${seed})`).toBe(a.peek(o));
    if (c === 0 || r() < 0.1) {
      a.reset();
      k.reset();
    } else {
      a.step(1);
      k.step(1);
    }
  }
}

describe('code per module instance (kernels)', () => {
  it('instance blocks cover flatten\'s nodes, each subtree one range', () => {
    const top = chained(randomModule(7, { nodes: 40, regs: 4 }), 3);
    const blocks = instanceBlocks(designOf(top));
    expect(blocks.map((b) => b.path)).toEqual(['Chain', 'Chain.u0', 'Chain.u1', 'Chain.u2']);
    expect(blocks[0]!.end).toBe(flatten(designOf(top)).nodes.length);
    for (const b of blocks.slice(1)) {
      expect(b.parent).toBe(0);
      expect(b.end - b.first).toBe(top.instances[0]!.module.nodes.length);
    }
  });

  it('random chained designs simulate the same with and without kernels, and the later copies share them', () => {
    const before = kernelUse.made + kernelUse.found;
    fc.assert(
      fc.property(fc.nat(), (seed) => compare(chained(randomModule(seed, { nodes: 160, regs: 24, memories: true, lfsr: true }), 3), seed, 12)),
      { numRuns: 12 },
    );
    // Not vacuous: kernels ran.
    expect(kernelUse.made + kernelUse.found).toBeGreaterThan(before);
  });

  it('wide and mid-width values through kernels', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => compare(chained(randomModule(seed, { nodes: 160, regs: 24, wideChance: 0.4, maxWidth: 120, memories: true }), 3), seed, 10)),
      { numRuns: 8 },
    );
  });

  it('a design compiled again takes its kernel plans from the code cache on disk, and simulates the same', () => {
    const saved = process.env['GFXRTL_CACHE_DIR'];
    const dir = mkdtempSync(join(tmpdir(), 'gfxrtl-kernel-cache-'));
    process.env['GFXRTL_CACHE_DIR'] = dir;
    resetCodeCache();
    try {
      const design = designOf(chained(randomModule(11, { nodes: 160, regs: 24, memories: true, lfsr: true }), 3));
      const trace = (sim: CompiledSimulator): string => {
        const r = rng(5);
        const out: string[] = [];
        const ins = design.top.ports.filter((p) => p.dir === 'in');
        sim.reset();
        for (let c = 0; c < 20; c++) {
          for (const p of ins) sim.poke(`Chain.${p.name}`, BigInt.asUintN(p.width, BigInt(Math.floor(r() * 2 ** 32))));
          for (const p of design.top.ports) if (p.dir === 'out') out.push(String(sim.peek(`Chain.${p.name}`)));
          sim.step(1);
        }
        return out.join(',');
      };
      const first = createSimulator(design, { ...WITH, cache: true });
      const want = trace(first);
      expect(first.compiled.codeReused).toBe(false);
      resetCodeCache(); // nothing in memory: the next compilation reads the disk
      const found = kernelUse.found;
      const again = createSimulator(design, { ...WITH, cache: true });
      expect(trace(again)).toBe(want);
      // The plans named kernels (this thread made their functions with the first).
      expect(kernelUse.found).toBeGreaterThan(found);
      expect(again.compiled.codeReused).toBe(true);
      expect(trace(createSimulator(design, WITHOUT))).toBe(want);
    } finally {
      if (saved === undefined) delete process.env['GFXRTL_CACHE_DIR'];
      else process.env['GFXRTL_CACHE_DIR'] = saved;
      resetCodeCache();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
