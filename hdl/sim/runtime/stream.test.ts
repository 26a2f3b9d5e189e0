// runStream against the testbench loop it replaces (poke the record on
// offer, peek, stop / take / append / count, step(1)), written here through
// poke and peek alone, on random circuits in each code shape: the generated
// loop, the per-cycle fallback, the chunked driver, pruned netlists.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ModuleIR } from '../../ir.js';
import { designOf, IrBuilder } from '../testing/ir.js';
import { randomModule, rng } from '../testing/random.js';
import { createSimulator, type CompiledSimulator, type CompileOptions, type StreamSpec } from '../index.js';

const SHAPES: [string, CompileOptions][] = [
  ['loop mode', {}],
  ['loop mode forced (wide state in locals)', { loopMode: 'always' }],
  ['per-cycle fallback', { loopMode: 'never', chunkSize: 5, maxFunctionSource: 1 }],
  ['chunked driver', { chunkSize: 5, maxFunctionSource: 1 }],
  ['pruned to the ports', { observe: 'ports' }],
  ['settle and run made on first use', { lazy: true }],
];

type Rand = () => number;
const word = (r: Rand): number => Math.floor(r() * 2 ** 32);
const words = (w: number): number => (w <= 32 ? 1 : Math.ceil(w / 32));
const pick = <T,>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

function entry(arr: ArrayLike<number>, i: number, w: number): bigint {
  const k = words(w);
  let v = 0n;
  for (let j = k - 1; j >= 0; j--) v = (v << 32n) | BigInt(arr[i * k + j]! >>> 0);
  return BigInt.asUintN(w, v);
}

/** A random stream over the design's signals: the source's valid and payload
 *  among the inputs, control signals among the narrow signals. */
function randomSpec(mod: ModuleIR, sim: CompiledSimulator, r: Rand): StreamSpec {
  const inputs = mod.ports.filter((p) => p.dir === 'in').map((p) => p.name);
  const signals = sim.signals();
  const narrow = signals.filter((s) => s.width <= 32).map((s) => s.path);
  const free = [...inputs];
  const valid = r() < 0.8 && free.length > 0 ? free.splice(Math.floor(r() * free.length), 1)[0] : undefined;
  const count = Math.floor(r() * 12);
  const payload: Record<string, Uint32Array | Int32Array> = {};
  for (const name of free.filter(() => r() < 0.6)) {
    const w = mod.ports.find((p) => p.name === name)!.width;
    const arr = r() < 0.5 ? new Int32Array(count * words(w)) : new Uint32Array(count * words(w));
    for (let i = 0; i < arr.length; i++) arr[i] = word(r);
    payload[name] = arr;
  }
  const sinks = Array.from({ length: Math.floor(r() * 3) }, () => ({ valid: pick(r, narrow), fields: signals.filter(() => r() < 0.3).map((s) => s.path) }));
  const tallies = Array.from({ length: Math.floor(r() * 3) }, () => ({ when: pick(r, narrow), ...(r() < 0.5 && { unless: pick(r, narrow) }) }));
  return {
    source: { ...(valid !== undefined && { valid }), ready: pick(r, narrow), payload, count },
    ...(r() < 0.7 && { until: pick(r, narrow) }),
    sinks,
    tallies,
    maxCycles: 1 + Math.floor(r() * 40),
  };
}

/** The loop runStream replaces, on `b`, returning what runStream returns. */
function reference(b: CompiledSimulator, spec: StreamSpec) {
  const src = spec.source!;
  const width = (p: string): number => b.signals().find((s) => s.path === p || s.path === `Top.${p}`)!.width;
  const on = (p: string): boolean => b.peek(p) !== 0n;
  const accepted = new Int32Array(src.count).fill(-1);
  const sinks = (spec.sinks ?? []).map(() => ({ cycle: [] as number[], fields: [] as bigint[][] }));
  const tallies = (spec.tallies ?? []).map(() => 0);
  let cur = 0;
  let cycles = 0;
  let done = false;
  for (; cycles < spec.maxCycles; cycles++) {
    if (cur < src.count) for (const [p, arr] of Object.entries(src.payload)) b.poke(p, entry(arr, cur, width(p)));
    if (src.valid !== undefined) b.poke(src.valid, cur < src.count ? 1 : 0);
    if (cur >= src.count && (spec.until === undefined || on(spec.until))) {
      done = true;
      break;
    }
    if (cur < src.count && on(src.ready)) accepted[cur++] = cycles;
    (spec.sinks ?? []).forEach((k, j) => {
      if (!on(k.valid)) return;
      sinks[j]!.cycle.push(cycles);
      sinks[j]!.fields.push(k.fields.map((f) => b.peek(f)));
    });
    (spec.tallies ?? []).forEach((t, i) => {
      if (on(t.when) && (t.unless === undefined || !on(t.unless))) tallies[i]!++;
    });
    b.step(1);
  }
  return { done, cycles, accepted, sinks, tallies };
}

function property(mod: ModuleIR, opts: CompileOptions, seed: number): void {
  const r = rng(seed);
  const a = createSimulator(designOf(mod), opts);
  const b = createSimulator(designOf(mod), opts);
  for (const p of mod.ports.filter((q) => q.dir === 'in')) {
    const v = BigInt.asUintN(p.width, BigInt(word(r)) * BigInt(word(r)));
    a.poke(p.name, v);
    b.poke(p.name, v);
  }
  a.reset();
  b.reset();
  // Twice: the second run resumes from the first's state (and may reuse its loop).
  for (let run = 0; run < 2; run++) {
    const spec = randomSpec(mod, a, r);
    const got = a.runStream(spec);
    const want = reference(b, spec);
    const ctx = `seed ${seed}, run ${run}`;
    expect(got.done, ctx).toBe(want.done);
    expect(got.cycles, ctx).toBe(want.cycles);
    expect([...got.accepted], ctx).toEqual([...want.accepted]);
    expect(got.tallies, ctx).toEqual(want.tallies);
    got.sinks.forEach((k, j) => {
      const w = want.sinks[j]!;
      expect(k.count, ctx).toBe(w.cycle.length);
      expect([...k.cycle], ctx).toEqual(w.cycle);
      spec.sinks![j]!.fields.forEach((f, i) => {
        const width = a.signals().find((s) => s.path === f)!.width;
        for (let m = 0; m < k.count; m++) expect(entry(k.fields[f]!, m, width), `${ctx}: sink ${j} ${f} record ${m}`).toBe(w.fields[m]![i]);
      });
    });
    expect(a.cycle, ctx).toBe(b.cycle);
    for (const s of b.signals()) expect(a.peek(s.path), `${ctx}: ${s.path} after the run`).toBe(b.peek(s.path));
  }
}

describe.each(SHAPES)('runStream in %s', (_shape, opts) => {
  it('matches the testbench loop on narrow circuits with memories', () => {
    fc.assert(fc.property(fc.nat(), (seed) => property(randomModule(seed, { nodes: 60, memories: true, lfsr: true }), opts, seed)), { numRuns: 15 });
  });

  it('matches the testbench loop on circuits with a control FSM', () => {
    fc.assert(fc.property(fc.nat(), (seed) => property(randomModule(seed, { nodes: 60, wideChance: 0.2, memories: true, fsm: true }), opts, seed)), { numRuns: 15 });
  });

  it('matches the testbench loop on mixed narrow/wide circuits', () => {
    fc.assert(fc.property(fc.nat(), (seed) => property(randomModule(seed, { nodes: 60, wideChance: 0.3, memories: true }), opts, seed)), { numRuns: 15 });
  });
});

/** A one-deep buffer: takes a 40-bit value when empty, offers it, and a consumer that is ready every other cycle. */
function buffer(): ModuleIR {
  const m = new IrBuilder('Top');
  const inValid = m.input('in_valid', 1);
  const inData = m.input('in_data', 40);
  const full = m.reg(1, 'full', 0);
  const data = m.reg(40, 'data', 0);
  const phase = m.reg(1, 'phase', 0);
  const notFull = m.node({ op: 'not', a: full }, 1);
  const take = m.node({ op: 'and', a: inValid, b: notFull }, 1);
  const give = m.node({ op: 'and', a: full, b: phase }, 1);
  m.setD(phase, m.node({ op: 'not', a: phase }, 1));
  m.setD(full, m.node({ op: 'or', a: take, b: m.node({ op: 'and', a: full, b: m.node({ op: 'not', a: give }, 1) }, 1) }, 1));
  m.setD(data, m.node({ op: 'mux', sel: take, cases: [data, inData] }, 40));
  m.output('in_ready', notFull);
  m.output('out_valid', give);
  m.output('out_data', data);
  m.output('idle', m.node({ op: 'not', a: full }, 1));
  return m.build();
}

describe('runStream', () => {
  it('delivers every record in order, growing its sink arrays past their first size', () => {
    const sim = createSimulator(designOf(buffer()));
    sim.reset();
    const n = 5000;
    const payload = new Uint32Array(2 * n);
    for (let i = 0; i < n; i++) {
      payload[2 * i] = i * 7;
      payload[2 * i + 1] = i & 0xff;
    }
    const got = sim.runStream({ source: { valid: 'in_valid', ready: 'in_ready', payload: { in_data: payload }, count: n }, until: 'idle', sinks: [{ valid: 'out_valid', fields: ['out_data'] }], tallies: [{ when: 'out_valid' }], maxCycles: 10 * n });
    expect(got.done).toBe(true);
    expect(got.sinks[0]!.count).toBe(n);
    expect(got.tallies).toEqual([n]);
    expect(got.accepted.every((c) => c >= 0)).toBe(true);
    const out = got.sinks[0]!.fields['out_data']!;
    for (let i = 0; i < n; i++) expect([out[2 * i], out[2 * i + 1]]).toEqual([i * 7, i & 0xff]);
    expect(sim.cycle).toBe(got.cycles + 1);
  });

  it('stops at maxCycles and says so', () => {
    const sim = createSimulator(designOf(buffer()));
    sim.reset();
    const got = sim.runStream({ source: { valid: 'in_valid', ready: 'in_ready', payload: { in_data: new Uint32Array(20) }, count: 10 }, until: 'idle', maxCycles: 5 });
    expect(got.done).toBe(false);
    expect(got.cycles).toBe(5);
  });

  it('names what it cannot drive or read', () => {
    const sim = createSimulator(designOf(buffer()));
    const src = { valid: 'in_valid', ready: 'in_ready', payload: { in_data: new Uint32Array(2) }, count: 1 };
    expect(() => sim.runStream({ source: { ...src, valid: 'out_valid' }, maxCycles: 1 })).toThrow(/source.valid Top.out_valid \(output\) is not a top-level input/);
    expect(() => sim.runStream({ source: { ...src, payload: { in_data: new Uint32Array(1) } }, maxCycles: 1 })).toThrow(/payload in_data has 1 values for 1 records \(2 words a record for 40 bits\)/);
    expect(() => sim.runStream({ source: src, sinks: [{ valid: 'out_data', fields: [] }], maxCycles: 1 })).toThrow(/sink valid Top.out_data is 40 bits/);
    expect(() => sim.runStream({ source: { ...src, count: -1 }, maxCycles: 1 })).toThrow(/source.count must be a non-negative integer/);
    expect(() => sim.runStream({ source: src, until: 'nope', maxCycles: 1 })).toThrow(/unknown signal "nope"/);
  });
});
