// Lazy mux arms (passes/guards.ts, codegen/lazy.ts) against RefSim: random FSM-like
// circuits whose registers' next states are mux chains on a phase register,
// with large arms (the logic the generated code skips in other phases),
// nested muxes on register bits, multi-case muxes and arms shared between
// muxes of one select. Both code shapes that compute lazily are exercised,
// settlePorts (peek outputs, then step) and runBatch, next to the step(n)
// loop (not lazy) they hand over to.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ModuleIR, NodeId } from '../../ir.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { RefSim } from '../testing/ref.js';
import { rng } from '../testing/random.js';
import { createSimulator, type CompileOptions } from '../index.js';

const OPS = ['add', 'sub', 'xor', 'and', 'or'] as const;

function fsmModule(seed: number): ModuleIR {
  const r = rng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const m = new IrBuilder('Top');
  const x = m.input('x', 32);
  const y = m.input('y', 16);
  const go = m.input('go', 1);
  const phase = m.reg(3, 'phase', 0);
  const cnt = m.reg(4, 'cnt', 0);
  const one = (w: number): NodeId => m.const(1, w);
  // The phase advances every 4th cycle of cnt: a select that holds for runs.
  m.setD(cnt, m.node({ op: 'add', a: cnt, b: one(4) }, 4));
  const wrap = m.node({ op: 'eq', a: m.node({ op: 'slice', a: cnt, lo: 0 }, 2), b: m.const(3, 2) }, 1);
  m.setD(phase, m.node({ op: 'mux', sel: wrap, cases: [phase, m.node({ op: 'add', a: phase, b: one(3) }, 3)] }, 3));
  const widths = Array.from({ length: int(3, 6) }, () => (r() < 0.2 ? int(33, 48) : int(1, 32)));
  const regs = widths.map((w, i) => m.reg(w, `r${i}`, r() < 0.5 ? null : int(0, 2 ** Math.min(w, 30) - 1)));
  const pool: NodeId[] = [x, y, go, cnt, ...regs];
  const fit = (id: NodeId, w: number): NodeId => {
    const wa = m.width(id);
    if (wa === w) return id;
    if (wa > w) return m.node({ op: 'slice', a: id, lo: int(0, wa - w) }, w);
    return m.node({ op: r() < 0.5 ? 'zext' : 'sext', a: id }, w);
  };
  const pick = (): NodeId => pool[Math.floor(r() * pool.length)]!;
  /** A random expression tree of `depth` levels at width w. */
  const tree = (w: number, depth: number): NodeId => {
    if (depth === 0) return r() < 0.15 ? m.const(int(0, 2 ** Math.min(w, 30) - 1), w) : fit(pick(), w);
    const a = tree(w, depth - 1);
    const b = tree(w, depth - 1);
    const k = r();
    // A nested mux on a register bit: a guard inside a guard.
    if (k < 0.15) return m.node({ op: 'mux', sel: fit(regs[int(0, regs.length - 1)]!, 1), cases: [a, b] }, w);
    if (k < 0.25) return fit(m.node({ op: 'ltu', a, b }, 1), w);
    return m.node({ op: OPS[int(0, OPS.length - 1)]!, a, b }, w);
  };
  const phaseIs = Array.from({ length: 8 }, (_, k) => m.node({ op: 'eq', a: phase, b: m.const(k, 3) }, 1));
  // One arm read by two registers' muxes of the same select.
  const sharedW = widths[0]!;
  const shared = tree(sharedW, 3);
  regs.forEach((reg, i) => {
    const w = widths[i]!;
    let next: NodeId = reg;
    for (let k = 0; k < 7; k++) {
      if (r() < 0.3) continue;
      const arm = i === 0 && k === 2 ? shared : tree(w, int(1, 4));
      next = m.node({ op: 'mux', sel: phaseIs[k]!, cases: [next, arm] }, w);
    }
    if (r() < 0.5) {
      // A four-case mux on the phase's low bits (index 3 also past the end).
      const sel = m.node({ op: 'slice', a: phase, lo: 1 }, 2);
      next = m.node({ op: 'mux', sel, cases: [next, tree(w, 2), tree(w, 3)] }, w);
    }
    if (i === 1 && sharedW === w) next = m.node({ op: 'mux', sel: phaseIs[2]!, cases: [next, m.node({ op: 'xor', a: shared, b: next }, w)] }, w);
    m.setD(reg, next);
    pool.push(reg);
  });
  regs.forEach((reg, i) => m.output(`o${i}`, reg));
  m.output('phase_o', phase);
  // A combinational output under a phase mux: lazy logic that an output reads.
  m.output('comb', m.node({ op: 'mux', sel: phaseIs[5]!, cases: [fit(regs[0]!, 16), tree(16, 3)] }, 16));
  return m.build();
}

const SHAPES: [string, CompileOptions][] = [
  ['loop mode', {}],
  ['pruned to the ports', { observe: 'ports' }],
  ['slot mode, chunks', { loopMode: 'never', chunkSize: 7, maxFunctionSource: 1 }],
  ['without the lazy arms pass', { observe: 'ports', passes: { lazyArms: false } }],
];

function compareWithRef(mod: ModuleIR, opts: CompileOptions, seed: number, cycles: number): void {
  const sim = createSimulator(designOf(mod), opts);
  const ref = new RefSim(mod);
  const r = rng(seed);
  const inputs = mod.ports.filter((p) => p.dir === 'in');
  const outputs = mod.ports.filter((p) => p.dir === 'out');
  sim.reset();
  ref.reset = true;
  ref.edge();
  ref.reset = false;
  for (let c = 0; c < cycles; c++) {
    // Inputs change only some cycles: loops of several cycles run on them.
    if (r() < 0.5) {
      for (const p of inputs) {
        const v = BigInt.asUintN(p.width, BigInt(Math.floor(r() * 2 ** 32)));
        sim.poke(`Top.${p.name}`, v);
        ref.poke(p.name, v);
      }
    }
    for (const p of outputs) expect(sim.peek(`Top.${p.name}`), `${p.name} at cycle ${c} (seed ${seed})`).toBe(ref.value(p.node));
    const k = r() < 0.3 ? 5 : 1;
    sim.step(k);
    for (let i = 0; i < k; i++) ref.edge();
  }
}

/** runBatch against poke/peek/step(1) on a second simulator. */
function compareBatch(mod: ModuleIR, opts: CompileOptions, seed: number, cycles: number): void {
  const r = rng(seed);
  const a = createSimulator(designOf(mod), opts);
  const b = createSimulator(designOf(mod), opts);
  a.reset();
  b.reset();
  const inputs = mod.ports.filter((p) => p.dir === 'in');
  const outputs = mod.ports.filter((p) => p.dir === 'out');
  const cols: Record<string, Uint32Array> = {};
  for (const p of inputs) cols[`Top.${p.name}`] = Uint32Array.from({ length: cycles }, () => Math.floor(r() * 2 ** 32));
  const got = a.runBatch(cols, cycles);
  for (let c = 0; c < cycles; c++) {
    for (const p of inputs) b.poke(`Top.${p.name}`, BigInt(cols[`Top.${p.name}`]![c]!) & ((1n << BigInt(p.width)) - 1n));
    for (const p of outputs) {
      const w = p.width <= 32 ? 1 : Math.ceil(p.width / 32);
      const arr = got[`Top.${p.name}`]!;
      let v = 0n;
      for (let j = w - 1; j >= 0; j--) v = (v << 32n) | BigInt(arr[c * w + j]!);
      expect(v, `${p.name} at cycle ${c} (seed ${seed})`).toBe(b.peek(`Top.${p.name}`));
    }
    b.step(1);
  }
}

describe('lazy mux arms', () => {
  it('the FSM circuits do compile to guarded blocks (else this file tests nothing)', () => {
    const sim = createSimulator(designOf(fsmModule(1)), { observe: 'ports' });
    expect(sim.compiled.sources.some((s) => /\nif \(.*\) \{\n/.test(s) && /\nlet v\d+ = 0/.test(s))).toBe(true);
  });

  it('without the lazy arms pass (as a sweep compiles) the same circuits compile to no guarded block', () => {
    const sim = createSimulator(designOf(fsmModule(1)), { observe: 'ports', passes: { lazyArms: false } });
    expect(sim.compiled.sources.length).toBeGreaterThan(0);
    expect(sim.compiled.sources.some((s) => /\nlet v\d+ = 0/.test(s))).toBe(false);
  });

  describe.each(SHAPES)('in %s', (_name, opts) => {
    it('random FSM circuits match the reference, stepping by 1 and by 5', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => compareWithRef(fsmModule(seed), opts, seed, 60)),
        { numRuns: 12, seed: 10 },
      );
    });

    it('runBatch agrees with poke/peek/step(1) on random FSM circuits', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => compareBatch(fsmModule(seed), opts, seed, 80)),
        { numRuns: 8, seed: 11 },
      );
    });
  });
});
