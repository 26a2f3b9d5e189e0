// runBatch against the loop it replaces (poke, peek, step(1) per cycle) on
// random circuits, in each code shape: the generated batch loop, the
// per-cycle fallback (loopMode 'never'), the chunked driver of large designs,
// and pruned netlists.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ModuleIR } from '../../ir.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { randomModule, rng } from '../testing/random.js';
import { createSimulator, type CompiledSimulator, type CompileOptions } from '../index.js';

const SHAPES: [string, CompileOptions][] = [
  ['loop mode', {}],
  // Wide state goes to the chunked driver unless the loop is forced.
  ['loop mode forced (wide state in locals)', { loopMode: 'always' }],
  ['per-cycle fallback', { loopMode: 'never', chunkSize: 5, maxFunctionSource: 1 }],
  ['chunked driver (runtime/batch.ts)', { chunkSize: 5, maxFunctionSource: 1 }],
  ['pruned to the ports', { observe: 'ports' }],
];

type Rand = () => number;
const word = (r: Rand): number => Math.floor(r() * 2 ** 32);

/** Both simulators in the same start state: every input (wide ones too) poked, then reset. */
function pair(mod: ModuleIR, opts: CompileOptions, r: Rand): [CompiledSimulator, CompiledSimulator] {
  const a = createSimulator(designOf(mod), opts);
  const b = createSimulator(designOf(mod), opts);
  for (const p of mod.ports.filter((q) => q.dir === 'in')) {
    const v = BigInt.asUintN(p.width, BigInt(word(r)) * BigInt(word(r)) * BigInt(word(r)));
    a.poke(p.name, v);
    b.poke(p.name, v);
  }
  a.reset();
  b.reset();
  return [a, b];
}

/** Words per cycle of a port in runBatch's arrays. */
const words = (w: number): number => (w <= 32 ? 1 : Math.ceil(w / 32));

/** Cycle c's value of a port from its batch array (little-endian words). */
function entry(arr: ArrayLike<number>, c: number, w: number): bigint {
  const k = words(w);
  let v = 0n;
  for (let j = k - 1; j >= 0; j--) v = (v << 32n) | BigInt(arr[c * k + j]! >>> 0);
  return v;
}

/** One runBatch on `a`, the equivalent per-cycle loop on `b`, compared. */
function batchAgainstLoop(mod: ModuleIR, a: CompiledSimulator, b: CompiledSimulator, r: Rand, cycles: number): void {
  const ports = (dir: 'in' | 'out') => mod.ports.filter((p) => p.dir === dir);
  // A random subset of the inputs (the rest hold), each as either array kind.
  const ins = ports('in').filter(() => r() < 0.7);
  const inputs: Record<string, Int32Array | Uint32Array> = {};
  for (const p of ins) {
    const n = (cycles + 2) * words(p.width);
    const arr = r() < 0.5 ? new Int32Array(n) : new Uint32Array(n);
    // Full 32-bit words: bits above the port width must be ignored.
    for (let c = 0; c < arr.length; c++) arr[c] = word(r);
    inputs[r() < 0.5 ? `Top.${p.name}` : p.name] = arr;
  }
  const subset = r() < 0.5;
  const outPorts = subset ? ports('out').filter(() => r() < 0.6) : ports('out');
  const outs = subset ? outPorts.map((p) => p.name) : outPorts.map((p) => `Top.${p.name}`);
  const got = a.runBatch(inputs, cycles, subset ? outs : undefined);
  expect(Object.keys(got).sort()).toEqual([...outs].sort());
  for (let c = 0; c < cycles; c++) {
    for (const p of ins) {
      const arr = inputs[`Top.${p.name}`] ?? inputs[p.name]!;
      b.poke(p.name, BigInt.asUintN(p.width, entry(arr, c, p.width)));
    }
    if (r() < 0.5) b.evaluate();
    outs.forEach((o, k) => expect(entry(got[o]!, c, outPorts[k]!.width), `${o} at batch cycle ${c}`).toBe(b.peek(o)));
    b.step(1);
  }
  expect(a.cycle).toBe(b.cycle);
}

/** Every peekable signal and memory word agrees. */
function sameState(mod: ModuleIR, a: CompiledSimulator, b: CompiledSimulator): void {
  for (const s of b.signals()) expect(a.peek(s.path), s.path).toBe(b.peek(s.path));
  const { memories } = b.memories();
  memories.forEach((m, i) => {
    for (let k = 0; k < mod.memories[i]!.depth; k++) expect(a.peekMemory(m, k), `${m}[${k}]`).toBe(b.peekMemory(m, k));
  });
}

function property(mod: ModuleIR, opts: CompileOptions, seed: number): void {
  const r = rng(seed);
  const [a, b] = pair(mod, opts, r);
  batchAgainstLoop(mod, a, b, r, 1 + Math.floor(r() * 20));
  // Settled bookkeeping after a batch: peek (half the time) then step.
  if (r() < 0.5) sameState(mod, a, b);
  a.step(2);
  b.step(2);
  for (const p of mod.ports.filter((q) => q.dir === 'out')) expect(a.peek(p.name), p.name).toBe(b.peek(p.name));
  // A second batch (maybe the cached signature, maybe another), then a poke and step.
  batchAgainstLoop(mod, a, b, r, 1 + Math.floor(r() * 20));
  const inp = mod.ports.find((p) => p.dir === 'in');
  if (inp !== undefined) {
    a.poke(inp.name, 1);
    b.poke(inp.name, 1);
  }
  a.step(1);
  b.step(1);
  sameState(mod, a, b);
}

describe.each(SHAPES)('runBatch in %s', (_shape, opts) => {
  it('matches the per-cycle loop on narrow circuits with memories and a CAM', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => property(randomModule(seed, { nodes: 60, memories: true, lfsr: true }), opts, seed)),
      { numRuns: 25 },
    );
  });

  it('matches the per-cycle loop on circuits with a control FSM (passes/fsm-specialize.ts)', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => property(randomModule(seed, { nodes: 60, wideChance: 0.2, memories: true, fsm: true }), opts, seed)),
      { numRuns: 25 },
    );
  });

  it('matches the per-cycle loop on mixed narrow/wide circuits, wide ports included', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) =>
        property(randomModule(seed, { nodes: 60, wideChance: 0.3, memories: true }), opts, seed),
      ),
      { numRuns: 25 },
    );
  });
});

/** Narrow ports around wide internals: y = slice of (a * b * k) at bit 40. */
function wideInside(): ModuleIR {
  const m = new IrBuilder('Top');
  const a = m.input('a', 32);
  const b = m.input('b', 20);
  const wa = m.node({ op: 'zext', a }, 64);
  const wb = m.node({ op: 'zext', a: b }, 64);
  const acc = m.reg(64, 'acc', 5);
  const prod = m.node({ op: 'mulu', a: wa, b: wb }, 128);
  const sum = m.node({ op: 'add', a: m.node({ op: 'slice', a: prod, lo: 0 }, 64), b: acc }, 64);
  m.setD(acc, sum);
  m.output('y', m.node({ op: 'slice', a: sum, lo: 40 }, 16));
  m.output('lo', m.node({ op: 'slice', a: acc, lo: 0 }, 32));
  m.output('wide', acc);
  return m.build();
}

describe('runBatch', () => {
  it('handles wide internal nodes and wide outputs (two words per cycle for 64 bits)', () => {
    const mod = wideInside();
    for (let seed = 0; seed < 5; seed++) {
      const r = rng(seed);
      const [a, b] = pair(mod, {}, r);
      batchAgainstLoop(mod, a, b, r, 50);
      const one = a.runBatch({}, 1);
      expect(Object.keys(one)).toEqual(['Top.y', 'Top.lo', 'Top.wide']);
      expect(one['Top.wide']!.length).toBe(2);
      b.step(1);
      sameState(mod, a, b);
    }
  });

  it('keeps recording an active trace', () => {
    const mod = wideInside();
    const r = rng(3);
    const [a, b] = pair(mod, {}, r);
    a.startTrace();
    b.startTrace();
    batchAgainstLoop(mod, a, b, r, 10);
    expect(a.stopTrace()).toEqual(b.stopTrace());
  });

  it('records into given arrays, call after call, as into fresh ones', () => {
    const mod = wideInside();
    const r = rng(11);
    const [a, b] = pair(mod, {}, r);
    const into = { 'Top.y': new Uint32Array(8), 'Top.lo': new Uint32Array(8), 'Top.wide': new Uint32Array(16) };
    for (let call = 0; call < 3; call++) {
      const col = new Uint32Array(8).map(() => word(r));
      const got = a.runBatch({ a: col }, 8, undefined, into);
      const want = b.runBatch({ a: col }, 8);
      expect(got['Top.wide']).toBe(into['Top.wide']);
      expect(got).toEqual(want);
    }
    expect(() => a.runBatch({}, 9, undefined, into)).toThrow(/into\.Top\.y holds 8 words; 9 cycles need 9/);
    expect(() => a.runBatch({}, 1, ['y'], into)).toThrow(/into\.y is missing/);
  });

  it('does nothing for zero cycles', () => {
    const sim = createSimulator(designOf(wideInside()));
    sim.poke('a', 3);
    const before = sim.peek('lo');
    const got = sim.runBatch({ a: new Uint32Array(0) }, 0);
    expect(got['Top.y']!.length).toBe(0);
    expect(sim.cycle).toBe(0);
    expect(sim.peek('a')).toBe(3n);
    expect(sim.peek('lo')).toBe(before);
  });

  it('names the port it cannot batch', () => {
    const sim = createSimulator(designOf(wideInside()));
    expect(() => sim.runBatch({ y: new Uint32Array(1) }, 1)).toThrow(/Top\.y \(output\) is not a top-level input/);
    expect(() => sim.runBatch({}, 1, ['a'])).toThrow(/Top\.a \(input\) is not a top-level output/);
    expect(() => sim.runBatch({ a: new Uint32Array(1) }, 2)).toThrow(/input a has 1 values for 2 cycles/);
    expect(() => sim.runBatch({ a: new Uint32Array(1), 'Top.a': new Uint32Array(1) }, 1)).toThrow(/named twice/);
    expect(() => sim.runBatch({ nope: new Uint32Array(1) }, 1)).toThrow(/unknown signal "nope"/);
    const m = new IrBuilder('Top');
    m.output('o', m.node({ op: 'zext', a: m.input('w', 40) }, 40));
    const wide = createSimulator(designOf(m.build()));
    expect(() => wide.runBatch({ w: new Uint32Array(3) }, 2)).toThrow(/input w has 3 values for 2 cycles \(2 words per cycle for 40 bits\)/);
  });
});
